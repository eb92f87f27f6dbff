//! The JSON values of one line, read one after the other: a line may hold any number of them
//! (`[...][...]`, `{...}, {...}`), each read in turn, in time linear in the line's length and
//! with no recursion from one value to the next.

use std::collections::VecDeque;
use std::io::Read;

use super::super::{chars, ParseErrorKind, Parser};
use super::{Cursor, Fed, Json, Place};

impl<R: Read> Parser<R> {
    /// Starts a JSON value at byte `at` of the current line (a solution's: nothing in it read),
    /// whose column `cursor` counts to, and reads the values after it on the line, one after the
    /// other (a line may hold any number).
    pub(in crate::parse) fn start_json(
        &mut self,
        line: &[u8],
        mut at: usize,
        mut cursor: Cursor,
        mut solution: bool,
    ) {
        let mut looked = false;
        loop {
            let col = cursor.col(line, at);
            let mut json = if std::mem::take(&mut solution) {
                Json::solution(self.line_no, col)
            } else {
                Json::new(self.line_no, col).with_sizes(self.sizes_conf())
            };
            let mut out = VecDeque::new();
            let step = json.feed_from(line, at, cursor, Place::line(self.line_no), &mut out);
            if let (Fed::Done(_), [Err(error)]) = (&step, out.make_contiguous()) {
                // A value on one line that holds no puzzle, like the line before (rows of a
                // bitmap written as lists): one error stands for the run. Only the line's first
                // such value can follow the line before; the line is looked at once.
                if error.kind == ParseErrorKind::NoPuzzleInJson
                    && !std::mem::replace(&mut looked, true)
                    && self.same_shape_as_last(line, &ParseErrorKind::NoPuzzleInJson)
                {
                    out.clear();
                }
            }
            self.push_all(out);
            match step {
                Fed::More(_) => return self.reader.set_json(json),
                Fed::Done(rest) => match self.after_json(line, rest) {
                    Some(next) => (at, cursor) = (next, json.cursor()),
                    None => return,
                },
                Fed::Restart => unreachable!("the first line of a value is never a continuation"),
            }
        }
    }

    /// The rest of a line after a JSON value closed: white space, `,` or `;` between values, a
    /// comment, or the next value on the same line (the byte it starts at).
    pub(in crate::parse) fn after_json(&mut self, line: &[u8], mut i: usize) -> Option<usize> {
        while i < line.len() && matches!(line[i], b' ' | b'\t' | b',' | b';') {
            i += 1;
        }
        if i >= line.len() || line[i] == b'#' {
            return None;
        }
        if matches!(line[i], b'[' | b'{') {
            return Some(i);
        }
        let (col, kind) = chars::bad_char(line, i);
        let error = self.error(col, kind);
        self.push(Err(error));
        None
    }
}
