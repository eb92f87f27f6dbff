//! The progress bar on stderr for long batches (indicatif), the binary's side of the library's
//! [`sudoku_cli::batch::Progress`] trait.
//!
//! It stays hidden for the first half second, so short runs never show it, and the binary only
//! makes one when stderr is a terminal. With a known total (every input a regular file) it shows
//! a bar over the bytes read, the puzzles done, the rate and the time left; on a stream it shows
//! a spinner with the count and the rate.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use sudoku_cli::batch::Progress;

/// How long a run must last before the bar appears.
const DELAY: Duration = Duration::from_millis(500);

/// A progress display that appears only once the work has lasted half a second.
pub struct Bar {
    bar: ProgressBar,
    /// Where the bar's position comes from: bytes read, or (when `None`) puzzles done.
    bytes: Option<Arc<AtomicU64>>,
    known_total: bool,
    started: Instant,
    shown: bool,
}

impl Bar {
    /// A hidden bar; [`Progress::start`] gives it its total.
    pub fn new() -> Self {
        Bar {
            bar: ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden()),
            bytes: None,
            known_total: false,
            started: Instant::now(),
            shown: false,
        }
    }
}

impl Progress for Bar {
    fn start(&mut self, total: Option<u64>, bytes: Option<Arc<AtomicU64>>) {
        let style = match total {
            Some(_) => ProgressStyle::with_template(
                "{spinner} [{elapsed_precise}] [{wide_bar}] {percent:>3}% {msg} (ETA {eta})",
            )
            .expect("a valid template")
            .progress_chars("=> "),
            None => ProgressStyle::with_template("{spinner} [{elapsed_precise}] {msg}")
                .expect("a valid template"),
        };
        self.bar =
            ProgressBar::with_draw_target(total, ProgressDrawTarget::hidden()).with_style(style);
        self.bytes = bytes;
        self.known_total = total.is_some();
        self.started = Instant::now();
    }

    fn advance(&mut self, puzzles: u64) {
        let elapsed = self.started.elapsed();
        if !self.shown && elapsed >= DELAY {
            self.shown = true;
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
            self.bar.enable_steady_tick(Duration::from_millis(120));
        }
        if self.known_total {
            let position = self
                .bytes
                .as_ref()
                .map_or(puzzles, |bytes| bytes.load(Ordering::Relaxed));
            self.bar.set_position(position);
        }
        let rate = puzzles as f64 / elapsed.as_secs_f64().max(1e-9);
        self.bar
            .set_message(format!("{puzzles} puzzles, {rate:.0}/s"));
    }

    fn note(&mut self, message: String) {
        self.advance(0);
        self.bar.set_message(message);
    }

    fn suspend(&mut self, write: &mut dyn FnMut()) {
        self.bar.suspend(write);
    }

    fn finish(&mut self) {
        self.bar.finish_and_clear();
    }
}
