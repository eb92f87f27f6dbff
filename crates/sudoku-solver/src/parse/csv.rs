//! Delimited records that run over lines: a CSV record whose quoted field holds line breaks,
//! gathered until the field closes. The fields, the header and the delimiter of one line are in
//! `fields.rs`.

use std::io::Read;

use super::fields::open_quote;
use super::mode::Reader;
use super::{classify, runs, GridCut, ParseErrorKind, Parser, MAX_LINE};

/// Lines a CSV record may take when a quoted field holds line breaks.
pub(super) const MAX_RECORD_LINES: usize = 32;

/// A CSV record whose quoted field goes on over the next lines (RFC 4180).
pub(super) struct OpenRecord {
    /// The line it starts on.
    pub(super) first: usize,
    /// The column (characters) of the quote that opened the field.
    pub(super) quote_col: usize,
    pub(super) delimiter: u8,
    /// The record so far, its lines joined by `\n`.
    pub(super) text: Vec<u8>,
    /// The length of its first line, the start of `text`.
    pub(super) first_len: usize,
    /// The lines after the first, to read afresh if the field never closes.
    pub(super) more: Vec<(usize, Vec<u8>)>,
}

impl<R: Read> Parser<R> {
    /// The next line of a CSV record with an open quoted field: it joins the record, or (when it
    /// cannot continue it) the record is an error and its lines are read afresh.
    pub(super) fn continue_record(&mut self, line: &[u8]) {
        let Reader::OpenRecord(record) = &mut self.reader else {
            unreachable!("a record is open");
        };
        if runs::continues_record(line)
            && record.more.len() < MAX_RECORD_LINES
            && record.text.len() + line.len() < MAX_LINE
        {
            record.text.push(b'\n');
            record.text.extend_from_slice(line);
            record.more.push((self.line_no, line.to_vec()));
            if open_quote(&record.text, record.delimiter).is_none() {
                let Reader::OpenRecord(record) = std::mem::take(&mut self.reader) else {
                    unreachable!("a record is open");
                };
                // A record over several lines has no one line to quote as the puzzle's text.
                if let Some(recent) = &mut self.recent {
                    recent.retain(|(n, _)| *n != record.first);
                }
                let here = std::mem::replace(&mut self.line_no, record.first);
                self.read_line(&record.text);
                self.line_no = here;
            }
            return;
        }
        self.end_record();
        self.feed_line(line);
    }

    /// Ends a record whose quoted field never closed: an error at its quote, then its other
    /// lines read afresh.
    pub(super) fn end_record(&mut self) {
        if !self.reader.is_record() {
            return;
        }
        let Reader::OpenRecord(record) = std::mem::take(&mut self.reader) else {
            unreachable!("a record is open");
        };
        let here = std::mem::replace(&mut self.line_no, record.first);
        self.end_block(GridCut::OtherLayout(record.first));
        // A line of code or prose with a quote in it (`print(x, end=", ")`) opened no record.
        if classify::holds_cells(&record.text[..record.first_len]) {
            let error = self.error(
                record.quote_col,
                ParseErrorKind::Field(
                    "a quoted field opens here and no later line closes it (a field may hold line \
                     breaks, but its closing quote must follow)"
                        .to_string(),
                ),
            );
            self.push(Err(error));
        }
        for (line_no, line) in record.more {
            self.line_no = line_no;
            self.feed_line(&line);
        }
        self.line_no = here;
    }
}
