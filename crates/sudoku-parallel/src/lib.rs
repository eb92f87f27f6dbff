//! Many puzzles at once: a function applied to every item of a slice on several threads, the
//! answers in the slice's order, so the result is the same at any number of threads. This is
//! the batch entry for bindings (the Python package hands it arrays of puzzles) and for any
//! program with many puzzles in memory; the command line's own runner streams its input instead.
//!
//! The items are handed out in small chunks from a shared counter, so a thread that drew easy
//! puzzles takes more of them, and one slow puzzle holds up only its own chunk.

use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// Items a thread takes at a time: small enough to balance puzzles of very different cost,
/// large enough that the shared counter is rarely touched.
const CHUNK: usize = 64;

/// `work` applied to every item of `items`, on `threads` threads (`None`: one per core the
/// system offers), answers in the order of `items`. The answers do not depend on the number of
/// threads as long as `work` depends on its item only.
///
/// ```
/// use sudoku_parallel::map_parallel;
/// use sudoku_solver::Grid;
///
/// let puzzles: Vec<Grid> = [
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
/// ]
/// .iter()
/// .map(|line| line.parse().unwrap())
/// .collect();
/// let solutions = map_parallel(&puzzles, None, |p| p.solve());
/// for (puzzle, solution) in puzzles.iter().zip(&solutions) {
///     assert!(solution.unwrap().solves(puzzle));
/// }
/// let one = std::num::NonZeroUsize::new(1);
/// assert_eq!(map_parallel(&puzzles, one, |p| p.solve()), solutions);
/// ```
pub fn map_parallel<T, R, F>(items: &[T], threads: Option<NonZeroUsize>, work: F) -> Vec<R>
where
    T: Sync,
    R: Send,
    F: Fn(&T) -> R + Sync,
{
    let threads = threads
        .or_else(|| std::thread::available_parallelism().ok())
        .map_or(1, NonZeroUsize::get)
        .min(items.len().div_ceil(CHUNK).max(1));
    if threads == 1 {
        return items.iter().map(work).collect();
    }
    let next = AtomicUsize::new(0);
    let done: Mutex<Vec<(usize, Vec<R>)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let start = next.fetch_add(CHUNK, Ordering::Relaxed);
                if start >= items.len() {
                    break;
                }
                let end = (start + CHUNK).min(items.len());
                let answers: Vec<R> = items[start..end].iter().map(&work).collect();
                // A poisoned lock means another thread's `work` panicked; the scope re-raises
                // that panic when it ends, so the chunks kept here are never read.
                if let Ok(mut done) = done.lock() {
                    done.push((start, answers));
                }
            });
        }
    });
    let mut chunks = done.into_inner().unwrap_or_else(|e| e.into_inner());
    chunks.sort_unstable_by_key(|&(start, _)| start);
    chunks
        .into_iter()
        .flat_map(|(_, answers)| answers)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_item_once_in_order_at_any_thread_count() {
        let items: Vec<u64> = (0..1000).collect();
        let want: Vec<u64> = items.iter().map(|x| x * x + 1).collect();
        for threads in [1, 2, 3, 8] {
            let got = map_parallel(&items, NonZeroUsize::new(threads), |x| x * x + 1);
            assert_eq!(got, want, "{threads} threads");
        }
        assert!(map_parallel(&[] as &[u8], None, |&x| x).is_empty());
    }
}
