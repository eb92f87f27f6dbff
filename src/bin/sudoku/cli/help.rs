//! The help texts that several commands share: inputs and layouts, examples, and the exit
//! codes (written from the library's [`sudoku_solver::exit::TABLE`], so `--help`, the man page
//! and the README's table say the same).

use sudoku_solver::exit::{PRECEDENCE, TABLE};

/// The width help lines are wrapped at.
const WIDTH: usize = 100;

/// The exit-code section of `--help`: one code per entry, continuation lines indented. Written
/// once per run (every command's help holds it, and the commands are all built at every start).
pub fn exit_codes() -> &'static str {
    static TEXT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    TEXT.get_or_init(exit_codes_text)
}

fn exit_codes_text() -> String {
    let mut text = String::from("Exit codes:\n");
    for (exit, meaning) in TABLE {
        let plain = meaning.replace('`', "");
        let mut line = format!("  {}  ", exit.code());
        let indent = line.len();
        for word in plain.split(' ') {
            if line.len() + word.len() > WIDTH && line.trim().len() > 1 {
                text.push_str(line.trim_end());
                text.push('\n');
                line = " ".repeat(indent);
            }
            line.push_str(word);
            line.push(' ');
        }
        text.push_str(line.trim_end());
        text.push('\n');
    }
    let order: Vec<String> = PRECEDENCE.iter().map(|e| e.code().to_string()).collect();
    text.push_str(&format!(
        "When several happen in one run, the first in the order {} wins.",
        order.join(", ")
    ));
    text
}

pub const INPUTS: &str = "\
Inputs:
  Each PATH is a file, a directory (its regular, non-hidden files in byte order of their names;
  -r descends into subdirectories, -g chooses files by glob) or '-' for stdin. With no PATH, stdin
  is read. A PATH that does not exist but reads as one puzzle is that puzzle (source 'arg 1').

  Layouts, which may mix in one file:
    line    81 cells on one line: 53..7....6..195....98....6.8...  ('.', '0', '_' or '-' is
            empty; text after the 81st cell is ignored when a space, tab, ',', ';', ':' or '#'
            separates it, as in PUZZLE:COUNT:SOLUTION); a field may come first (2018-06-07
            PUZZLE SOLUTION); a puzzle paired with its solution is the puzzle; also 81
            characters with spaces, or with one letter such as x, for empty cells
    grid    9 consecutive rows of 9 cells: 53..7...., 5 3 . | . 7 ., 5,3,0,0,7,0,0,0,0,
            5,3,,,7,,,,, x1xxx6xxx, spaces for empty cells with | between boxes, lists as a
            program prints them ([5, 3, 0, ...], [None, 6, ...], - [ null, 6, ... ]);
            separators such as ------+-------+------ or - - - - - - - - - - - only between
            bands, box characters (║ │ ─ ┼) too; a grid that lost or repeated a row is an
            error, never glued to the next
    CSV     a header names the puzzle column (puzzle, quizzes, quiz, unsolved, board, sudoku);
            without one, the first field of 81 cells; solution columns are never read; a quoted
            field may hold line breaks
    JSON    boards of strings or numbers ([[\"5\",\"3\",...],...] or [[5,3,0,...],...]), strings
            of 81 cells, under any key of any value ({\"board\": ...}), on one line of any
            length or many; damage costs the damaged element only
    pencil  729 characters (9 per cell, the digit where it is a candidate, '.' where not), or
            9 rows of 9 candidate sets (19 7 169 | 2 156 3 | ...); solve, check and count
  A line of text (Grid 01, a title, a CSV header) is a label: it names the next puzzle in JSON
  output. Lines starting with '#' are comments. UTF-16 with a byte-order mark is decoded.";

pub const SOLVE_EXAMPLES: &str = "\
Examples:
  sudoku solve puzzles/leetcode.txt         solve one file, answer in its own layout
  cat many.txt | sudoku -f line             solve a stream, one 81-digit line per puzzle
  sudoku solve -r -f json puzzles/ > out.jsonl
  sudoku solve --unique gen.txt || echo \"some puzzle is not proper (exit $?)\"

A puzzle that fails keeps its slot in stdout as one '# PATH:LINE: <error>' line, so line N of
line-format output answers puzzle N; the error also goes to stderr.";
