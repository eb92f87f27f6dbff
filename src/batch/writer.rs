//! The writer: takes the answers of each chunk in order, joins them with the right blank lines,
//! reports problems on stderr (above the progress bar), and keeps the run's report.

use std::io::{self, Write};
use std::time::Instant;

use super::answers::Answers;
use super::report::Report;
use crate::exit::Exit;
use crate::progress::Progress;

/// Writes chunks of answers in order, joining them with the right blank lines.
pub(crate) struct Writer<'a> {
    out: &'a mut (dyn Write + Send),
    err: &'a mut (dyn Write + Send),
    color: bool,
    /// Whether the last thing written was a grid block (`None`: nothing written yet).
    last_block: Option<bool>,
    report: Report,
    /// The exit code of the problems written to stderr: what the run exits with when stdout
    /// closes early (verdicts on stdout that the reader did not take do not count).
    reported: Exit,
    closed: bool,
    progress: Option<Progress>,
}

impl<'a> Writer<'a> {
    pub(crate) fn new(
        out: &'a mut (dyn Write + Send),
        err: &'a mut (dyn Write + Send),
        color: bool,
        progress: Option<Progress>,
    ) -> Self {
        Writer {
            out,
            err,
            color,
            last_block: None,
            report: Report::default(),
            reported: Exit::Success,
            closed: false,
            progress,
        }
    }

    /// Flushes the output, removes the progress bar, and gives the report of a run that started
    /// at `start`.
    pub(crate) fn finish(mut self, start: Instant) -> Report {
        if !self.closed {
            if let Err(e) = self.out.flush() {
                self.fail(e);
            }
        }
        if let Some(progress) = self.progress.take() {
            progress.finish();
        }
        self.report.elapsed = start.elapsed();
        self.report
    }

    /// Writes a chunk; false when the output is gone and the run should stop.
    pub(crate) fn write(&mut self, answers: Answers) -> bool {
        if self.closed {
            return false;
        }
        self.report.exit = self.report.exit.and(answers.exit);
        for problem in &answers.problems {
            self.reported = self.reported.and(problem.exit);
        }
        self.report.stats.add(&answers.stats);
        if !answers.problems.is_empty() {
            let mut text = Vec::new();
            for problem in &answers.problems {
                problem.write(&mut text, self.color);
            }
            // A failing stderr is not worth stopping for.
            let err = &mut self.err;
            match &self.progress {
                Some(progress) => progress.suspend(|| {
                    let _ = err.write_all(&text);
                    let _ = err.flush();
                }),
                None => {
                    let _ = err.write_all(&text);
                }
            }
        }
        if let Some(progress) = &mut self.progress {
            progress.advance(self.report.stats.puzzles);
        }
        if let (Some(last), Some(first)) = (self.last_block, answers.first_block) {
            if last || first {
                if let Err(e) = self.out.write_all(b"\n") {
                    self.fail(e);
                    return false;
                }
            }
        }
        if let Err(e) = self.out.write_all(&answers.out) {
            self.fail(e);
            return false;
        }
        if answers.last_block.is_some() {
            self.last_block = answers.last_block;
        }
        true
    }

    /// The progress bar, if there is one.
    pub(crate) fn progress(&mut self) -> Option<&mut Progress> {
        self.progress.as_mut()
    }

    pub(crate) fn flush(&mut self) -> io::Result<()> {
        let result = self.out.flush();
        if let Err(e) = &result {
            self.fail(io::Error::new(e.kind(), e.to_string()));
        }
        let _ = self.err.flush();
        result
    }

    fn fail(&mut self, e: io::Error) {
        self.closed = true;
        if e.kind() == io::ErrorKind::BrokenPipe {
            // The reader has all it wanted (`| head -1`): end quietly, with the exit code of
            // the problems already reported on stderr (`sudoku missing.txt big.txt | head -1`
            // still exits 5), not of verdicts the reader never took.
            self.report.exit = self.reported;
            return;
        }
        let mut text = Vec::new();
        Problem {
            exit: Exit::Io,
            place: None,
            what: format!("cannot write output: {e}"),
        }
        .write(&mut text, self.color);
        let _ = self.err.write_all(&text);
        self.report.exit = Exit::Io;
    }
}

/// A problem to report on stderr: `sudoku: PLACE: WHAT`.
pub(crate) struct Problem {
    pub(crate) exit: Exit,
    pub(crate) place: Option<String>,
    pub(crate) what: String,
}

impl Problem {
    pub(crate) fn write(&self, out: &mut Vec<u8>, color: bool) {
        let Some(place) = &self.place else {
            let (start, end) = if color {
                ("\x1b[31m", "\x1b[0m")
            } else {
                ("", "")
            };
            let _ = writeln!(out, "sudoku: {start}{}{end}", self.what);
            return;
        };
        if color {
            // Bold place; red for broken input or I/O, yellow for puzzles that have no single
            // answer.
            let tint = match self.exit {
                Exit::NoSolution | Exit::NotUnique => "\x1b[33m",
                _ => "\x1b[31m",
            };
            let _ = writeln!(
                out,
                "sudoku: \x1b[1m{place}\x1b[0m: {tint}{}\x1b[0m",
                self.what
            );
        } else {
            let _ = writeln!(out, "sudoku: {place}: {}", self.what);
        }
    }
}
