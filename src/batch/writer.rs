//! The writer: takes the answers of each chunk in order, joins them with the right blank lines,
//! reports problems on stderr (above the progress display), and keeps the run's report.

use std::io::{self, Write};
use std::sync::atomic::AtomicU64;
use std::sync::Arc;
use std::time::Instant;

use super::report::Report;
use super::Chunk;
use crate::exit::Exit;
use crate::output::{Paint, Problem};

/// What is written after the last answer: the end of an HTML page, or a whole PDF book (its
/// pages laid out as answers come, written at the end, when the answer key is known).
pub(crate) enum Ending {
    /// The end of the HTML page.
    Html,
    /// The book.
    #[cfg(feature = "pdf")]
    Book(Box<crate::output::picture::book::Book>),
}

/// A display of how a long run is going (the command line draws a progress bar): the runner
/// tells it what is done. Every call comes from the thread that writes the output.
pub trait Progress: Send {
    /// The run starts: `total` is the bytes of input to read when every input is a regular
    /// file (then `bytes` counts those read so far), or the puzzles to make; `None` for a
    /// stream.
    fn start(&mut self, total: Option<u64>, bytes: Option<Arc<AtomicU64>>);
    /// `done` puzzles are answered in all.
    fn advance(&mut self, done: u64);
    /// Shows `message` in place of the count (for runs that count something else, such as the
    /// candidates `generate` tried).
    fn note(&mut self, message: String);
    /// Runs `write` with the display cleared, so a message on stderr does not mix with it.
    fn suspend(&mut self, write: &mut dyn FnMut());
    /// Removes the display.
    fn finish(&mut self);
}

/// Writes chunks of answers in order, joining them with the right blank lines.
pub(crate) struct Writer<'a> {
    out: &'a mut (dyn Write + Send),
    err: &'a mut (dyn Write + Send),
    paint: Paint,
    /// Whether the last thing written was a grid block (`None`: nothing written yet).
    last_block: Option<bool>,
    report: Report,
    /// The exit code of the problems written to stderr: what the run exits with when stdout
    /// closes early (verdicts on stdout that the reader did not take do not count).
    reported: Exit,
    closed: bool,
    progress: Option<&'a mut dyn Progress>,
    ending: Option<Ending>,
}

impl<'a> Writer<'a> {
    pub(crate) fn new(
        out: &'a mut (dyn Write + Send),
        err: &'a mut (dyn Write + Send),
        paint: Paint,
        progress: Option<&'a mut dyn Progress>,
    ) -> Self {
        Writer {
            out,
            err,
            paint,
            last_block: None,
            report: Report::default(),
            reported: Exit::Success,
            closed: false,
            progress,
            ending: None,
        }
    }

    /// Writes `ending` after the last answer.
    pub(crate) fn set_ending(&mut self, ending: Option<Ending>) {
        self.ending = ending;
    }

    /// Flushes the output, removes the progress bar, and gives the report of a run that started
    /// at `start`.
    pub(crate) fn finish(mut self, start: Instant) -> Report {
        let ending = match self.ending.take() {
            Some(Ending::Html) => crate::output::picture::html::tail(),
            #[cfg(feature = "pdf")]
            Some(Ending::Book(book)) if book.is_empty() => {
                // A PDF of no pages is no PDF (readers reject it): none is written.
                self.no_book();
                Vec::new()
            }
            #[cfg(feature = "pdf")]
            Some(Ending::Book(book)) => book.finish(),
            None => Vec::new(),
        };
        if !self.closed && !ending.is_empty() {
            if let Err(e) = self.out.write_all(&ending) {
                self.fail(e);
            }
        }
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
    pub(crate) fn write(&mut self, answers: Chunk) -> bool {
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
                problem.write(&mut text, &self.paint);
            }
            // A failing stderr is not worth stopping for.
            let err = &mut self.err;
            match &mut self.progress {
                Some(progress) => progress.suspend(&mut || {
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
        #[allow(unused_mut)]
        let mut page = answers.page;
        #[cfg(feature = "pdf")]
        if let Some(Ending::Book(book)) = &mut self.ending {
            for entry in page.entries.drain(..) {
                book.add(entry);
            }
        }
        if let (Some(last), Some(first)) = (self.last_block, page.first_block) {
            if last || first {
                if let Err(e) = self.out.write_all(b"\n") {
                    self.fail(e);
                    return false;
                }
            }
        }
        if let Err(e) = self.out.write_all(&page.out) {
            self.fail(e);
            return false;
        }
        if page.last_block.is_some() {
            self.last_block = page.last_block;
        }
        true
    }

    /// The progress display, if there is one.
    pub(crate) fn progress(&mut self) -> Option<&mut (dyn Progress + 'a)> {
        self.progress.as_deref_mut()
    }

    pub(crate) fn flush(&mut self) -> io::Result<()> {
        let result = self.out.flush();
        if let Err(e) = &result {
            self.fail(io::Error::new(e.kind(), e.to_string()));
        }
        let _ = self.err.flush();
        result
    }

    /// A PDF run with no puzzle to print: says so, and a run that found nothing else wrong
    /// exits 3 (no puzzle at all).
    #[cfg(feature = "pdf")]
    fn no_book(&mut self) {
        if self.closed {
            return;
        }
        let mut text = Vec::new();
        Problem {
            exit: Exit::Malformed,
            place: None,
            what: "no PDF written: no puzzle to print".to_string(),
        }
        .write(&mut text, &self.paint);
        let _ = self.err.write_all(&text);
        if self.report.exit == Exit::Success {
            self.report.exit = Exit::Malformed;
        }
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
        .write(&mut text, &self.paint);
        let _ = self.err.write_all(&text);
        self.report.exit = Exit::Io;
    }
}
