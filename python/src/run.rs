//! Running a function over many puzzles: on the cores, with the interpreter released, and
//! with Ctrl-C heard while it runs.

use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use pyo3::prelude::*;

use sudoku_parallel::map_parallel;
use sudoku_solver::Grid;

use crate::args::{grids_arg, threads_arg};

/// `f` of each puzzle of `puzzles` (see [`grids_arg`]), in order, on `threads` cores (all by
/// default) with the interpreter released; Ctrl-C stops it (see [`map_interruptible`]).
pub(crate) fn each<T: Send>(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    threads: Option<usize>,
    f: impl Fn(&Grid) -> T + Send + Sync,
) -> PyResult<Vec<T>> {
    let puzzles = grids_arg(puzzles, "puzzles")?;
    map_interruptible(py, &puzzles, threads_arg(threads), f)
}

/// Calls on more items than this can be interrupted (see [`map_interruptible`]); smaller ones
/// run without the watch, which costs a thread.
const WATCHED_FROM: usize = 64;

/// How often [`map_interruptible`] runs Python's signal handlers while the work goes on.
const WATCH_EVERY: Duration = Duration::from_millis(50);

/// The library's `map_parallel` of `work` over `items`, in order, with the interpreter released,
/// and Ctrl-C heard: the work runs on its own thread while this one (the caller's, Python's main
/// thread) wakes every [`WATCH_EVERY`] to run Python's signal handlers. When one raises
/// (`KeyboardInterrupt`), every item not yet begun is skipped, and its exception is returned as
/// soon as the items under way are done. The work is one `map_parallel`, so the cores share it
/// to the end as they would without the watch.
pub(crate) fn map_interruptible<I: Sync, T: Send>(
    py: Python<'_>,
    items: &[I],
    threads: Option<NonZeroUsize>,
    work: impl Fn(&I) -> T + Send + Sync,
) -> PyResult<Vec<T>> {
    if items.len() <= WATCHED_FROM {
        return Ok(py.detach(|| map_parallel(items, threads, work)));
    }
    let stop = AtomicBool::new(false);
    let (work, stop_ref) = (&work, &stop);
    py.detach(|| {
        std::thread::scope(|scope| {
            let (done, finished) = mpsc::channel();
            scope.spawn(move || {
                let answers = map_parallel(items, threads, |item| {
                    (!stop_ref.load(Ordering::Relaxed)).then(|| work(item))
                });
                // The receiver is gone only when the watch returned an exception already.
                let _ = done.send(answers);
            });
            loop {
                match finished.recv_timeout(WATCH_EVERY) {
                    Ok(answers) => {
                        // Nothing was skipped: `stop` is set only on the way out below.
                        return Ok(answers.into_iter().flatten().collect());
                    }
                    Err(RecvTimeoutError::Timeout) => {
                        if let Err(e) = Python::attach(|py| py.check_signals()) {
                            stop_ref.store(true, Ordering::Relaxed);
                            return Err(e);
                        }
                    }
                    // The work panicked: the scope re-raises its panic when it ends.
                    Err(RecvTimeoutError::Disconnected) => return Ok(Vec::new()),
                }
            }
        })
    })
}
