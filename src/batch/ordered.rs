//! The ordered runner: jobs taken in order, done on any number of threads, their results handed
//! on strictly in job order. It knows no command and no output: the jobs, the work and what to
//! do with each result come as functions.
//!
//! There is no reader or writer thread to wake: a worker takes the next job under the input
//! lock, does it outside any lock, then hands on every result that is next in line, its own and
//! any that finished before it. Workers stay within a fixed window of jobs ahead of the results
//! handed on, so memory is bounded however many jobs there are. A worker waiting on a slow job
//! source holds only the input lock, so the others can still hand on what they have.

use std::collections::BTreeMap;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::thread;

/// How the runner runs: plain data.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Config {
    /// Workers, the calling thread among them (1: everything on the calling thread).
    pub(crate) threads: usize,
    /// Jobs each worker may be ahead of the results handed on.
    pub(crate) window_per_thread: usize,
}

/// Runs `config.threads` workers over the jobs that `take` gives in order (until it gives
/// `None`), does each with `work`, and hands the results to `hand_on` strictly in job order.
/// When `hand_on` returns false the run stops: no job is taken after that, and results still to
/// come are dropped.
pub(crate) fn in_order<J, R: Send>(
    config: Config,
    take: impl FnMut() -> Option<J> + Send,
    work: impl Fn(J) -> R + Sync,
    hand_on: impl FnMut(R) -> bool + Send,
) {
    let window = (config.threads * config.window_per_thread).max(1) as u64;
    // The job source and the number of the next job it gives.
    let input = Mutex::new((take, 0u64));
    let output = Mutex::new(Ordered {
        hand_on,
        waiting: BTreeMap::new(),
        next: 0,
        stop: false,
        waiting_for_room: 0,
    });
    let handed_on = Condvar::new();
    let worker = || {
        let _stop_on_panic = StopOnPanic(&output, &handed_on);
        loop {
            let (seq, job) = {
                let mut input = lock(&input);
                let seq = input.1;
                let mut out = lock(&output);
                while !out.stop && seq >= out.next + window {
                    out.waiting_for_room += 1;
                    out = handed_on.wait(out).unwrap_or_else(PoisonError::into_inner);
                    out.waiting_for_room -= 1;
                }
                if out.stop {
                    return;
                }
                drop(out);
                let Some(job) = (input.0)() else { return };
                input.1 += 1;
                (seq, job)
            };
            let result = work(job);
            let mut out = lock(&output);
            out.hand_on(seq, result);
            // Waking costs a system call: only when a worker waits for the window to move.
            if out.waiting_for_room > 0 || out.stop {
                handed_on.notify_all();
            }
        }
    };
    thread::scope(|scope| {
        for _ in 1..config.threads {
            // A thread the system refuses (a process limit, no memory for its stack) is one
            // worker fewer, not an abort: the others, the calling thread included, do its share.
            if thread::Builder::new().spawn_scoped(scope, worker).is_err() {
                break;
            }
        }
        worker();
    });
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Results that finished out of order, waiting for their turn.
struct Ordered<R, H> {
    hand_on: H,
    waiting: BTreeMap<u64, R>,
    /// The job whose result is handed on next.
    next: u64,
    /// The run is over: take no more jobs.
    stop: bool,
    /// Workers waiting for the window of jobs in flight to move.
    waiting_for_room: usize,
}

impl<R, H: FnMut(R) -> bool> Ordered<R, H> {
    /// Queues the result of job `seq`, then hands on every result now next in line.
    fn hand_on(&mut self, seq: u64, result: R) {
        self.waiting.insert(seq, result);
        while !self.stop {
            let Some(result) = self.waiting.remove(&self.next) else {
                break;
            };
            self.next += 1;
            self.stop = !(self.hand_on)(result);
        }
    }
}

/// Stops the other workers if this one panics, so none waits forever for its results; the
/// panic then reaches the caller when the threads are joined.
struct StopOnPanic<'o, R, H>(&'o Mutex<Ordered<R, H>>, &'o Condvar);

impl<R, H> Drop for StopOnPanic<'_, R, H> {
    fn drop(&mut self) {
        if thread::panicking() {
            lock(self.0).stop = true;
            self.1.notify_all();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_in_job_order_whatever_the_threads() {
        for threads in [1, 2, 7] {
            let mut next = 0u32;
            let take = || {
                next += 1;
                (next <= 500).then_some(next)
            };
            // Later jobs finish first: the order must come from the runner.
            let work = |job: u32| {
                std::thread::sleep(std::time::Duration::from_micros(u64::from(job % 7) * 50));
                job * 2
            };
            let mut got = Vec::new();
            let config = Config {
                threads,
                window_per_thread: 4,
            };
            in_order(config, take, work, |r| {
                got.push(r);
                true
            });
            assert_eq!(
                got,
                (1..=500).map(|j| j * 2).collect::<Vec<_>>(),
                "{threads}"
            );
        }
    }

    #[test]
    fn handing_on_false_stops_the_run_after_that_result() {
        for threads in [1, 3] {
            let mut taken = 0u32;
            let take = || {
                taken += 1;
                Some(taken)
            };
            let mut got = Vec::new();
            let config = Config {
                threads,
                window_per_thread: 2,
            };
            in_order(
                config,
                take,
                |j| j,
                |r| {
                    got.push(r);
                    r < 10
                },
            );
            assert_eq!(got, (1..=10).collect::<Vec<_>>());
        }
    }
}
