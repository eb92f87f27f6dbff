//! The progress bar on stderr for long batches (indicatif).
//!
//! It stays hidden for the first half second, so short runs never show it, and the caller only
//! creates it when stderr is a terminal. With a known total (every input a regular file) it shows
//! a bar over the bytes read, the puzzles done, the rate and the time left; on a stream it shows
//! a spinner with the count and the rate.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long a run must last before the bar appears.
const DELAY: Duration = Duration::from_millis(500);

/// A progress display that appears only once the work has lasted half a second.
pub struct Progress {
    bar: ProgressBar,
    /// Where the bar's position comes from: bytes read, or (when `None`) puzzles done.
    bytes: Option<Arc<AtomicU64>>,
    known_total: bool,
    started: Instant,
    shown: bool,
}

impl Progress {
    /// A hidden progress display over `total` (a stream when `None`): bytes fed by `bytes`, or
    /// puzzles when `bytes` is `None`.
    pub fn new(total: Option<u64>, bytes: Option<Arc<AtomicU64>>) -> Self {
        let bar = match total {
            Some(total) => ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden())
                .with_style(
                    ProgressStyle::with_template(
                        "{spinner} [{elapsed_precise}] [{wide_bar}] {percent:>3}% {msg} (ETA {eta})",
                    )
                    .expect("a valid template")
                    .progress_chars("=> "),
                ),
            None => ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden()).with_style(
                ProgressStyle::with_template("{spinner} [{elapsed_precise}] {msg}")
                    .expect("a valid template"),
            ),
        };
        Progress {
            bar,
            bytes,
            known_total: total.is_some(),
            started: Instant::now(),
            shown: false,
        }
    }

    /// Records that `puzzles` puzzles are done in all.
    pub fn advance(&mut self, puzzles: u64) {
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

    /// Shows `message` in place of the count of puzzles (for runs that count something else,
    /// such as the candidates `generate` tried).
    pub fn note(&mut self, message: String) {
        self.advance(0);
        self.bar.set_message(message);
    }

    /// Runs `f` with the bar cleared, so that a message on stderr does not mix with it.
    pub fn suspend<F: FnOnce()>(&self, f: F) {
        self.bar.suspend(f);
    }

    /// Removes the bar.
    pub fn finish(self) {
        self.bar.finish_and_clear();
    }
}
