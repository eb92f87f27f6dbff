//! The writer: takes the answers of each chunk in order, joins them with the right blank lines,
//! reports problems on stderr (above the progress display), and keeps the run's report.

use std::io::{self, Write};
use std::sync::atomic::AtomicU64;
use std::sync::Arc;
use std::time::Instant;

use super::report::Report;
use super::Chunk;
use crate::exit::Exit;
use crate::output::{Paint, Problem, Renderer};

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
pub(crate) struct Writer<'a, 'r> {
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
    /// The format's renderer, which frames the output (begin, collect, finish), unless the
    /// run is quiet.
    frame: Option<&'r dyn Renderer>,
}

impl<'a, 'r> Writer<'a, 'r> {
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
            frame: None,
        }
    }

    /// Lets `renderer` frame the output, unless `framed` is false (a quiet run prints nothing).
    pub(crate) fn framed_by(mut self, renderer: &'r dyn Renderer, framed: bool) -> Self {
        self.frame = framed.then_some(renderer);
        self
    }

    /// Writes what comes before the first answer (a CSV header, an HTML head). False when the
    /// output is already gone.
    pub(crate) fn begin(&mut self) -> bool {
        let head = self.frame.map(|r| r.begin()).unwrap_or_default();
        if head.is_empty() {
            return true;
        }
        let mut chunk = Chunk::default();
        chunk.page.begin(false);
        chunk.page.out = head;
        self.write(chunk)
    }

    /// Flushes the output, removes the progress bar, and gives the report of a run that started
    /// at `start`.
    pub(crate) fn finish(mut self, start: Instant) -> Report {
        let ending = match self.frame.map(|r| r.finish()) {
            Some(Ok(ending)) => ending,
            Some(Err(problem)) => {
                self.nothing_written(problem);
                Vec::new()
            }
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
        let mut page = answers.page;
        if let Some(renderer) = self.frame {
            renderer.collect(&mut page);
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

    /// The format had nothing to write (a PDF with no puzzle to print): says so, and a run that
    /// found nothing else wrong exits with the problem's code.
    fn nothing_written(&mut self, problem: Problem) {
        if self.closed {
            return;
        }
        let mut text = Vec::new();
        problem.write(&mut text, &self.paint);
        let _ = self.err.write_all(&text);
        if self.report.exit == Exit::Success {
            self.report.exit = problem.exit;
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
