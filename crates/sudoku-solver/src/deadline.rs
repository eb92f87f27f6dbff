//! A time limit per puzzle (`--time-limit`). The work of one answer runs [`within`] a deadline;
//! the loops that can run long (the backtracking search, the forcing-chain searches) ask
//! [`passed`] now and then and wind down as soon as it says yes. What they return then is cut
//! short, and [`within`] throws it away: a caller sees a whole answer or none.
//!
//! The deadline belongs to the thread doing the work, so the engines take no extra parameter.
//! Without one, [`passed`] costs a thread-local read.
//!
//! On `wasm32-unknown-unknown` the standard library has no clock (`Instant::now` traps): there
//! the deadline reads the host's (`performance.now()` in a page or in node) through web-time.

use std::cell::Cell;
use std::time::Duration;
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
use std::time::Instant;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
use web_time::Instant;

thread_local! {
    /// The deadline of the work running on this thread, if any.
    static DEADLINE: Cell<Option<Instant>> = const { Cell::new(None) };
    /// Whether [`passed`] has seen the deadline go by (it stays so until the work ends).
    static PASSED: Cell<bool> = const { Cell::new(false) };
}

/// Puts back the deadline that was in force before [`within`], even if the work panics.
struct Restore(Option<Instant>, bool);

impl Drop for Restore {
    fn drop(&mut self) {
        DEADLINE.set(self.0);
        PASSED.set(self.1);
    }
}

/// The deadline `limit` from now. A limit so long that the clock cannot hold its end
/// (`Duration::MAX`, `--timeout 9223372036854775807s`) outlasts any run: no deadline.
pub(crate) fn after(limit: Duration) -> Option<Instant> {
    Instant::now().checked_add(limit)
}

/// Runs `work` under `deadline`: its result when it finished in time, `None` when the deadline
/// went by while it ran (then the result, cut short, is dropped). No deadline: `work` runs to
/// its end.
pub(crate) fn within<T>(deadline: Option<Instant>, work: impl FnOnce() -> T) -> Option<T> {
    let Some(deadline) = deadline else {
        return Some(work());
    };
    let _restore = Restore(DEADLINE.replace(Some(deadline)), PASSED.replace(false));
    let result = work();
    // Work that never asked may still have run over.
    (!passed() && Instant::now() < deadline).then_some(result)
}

/// True while work on this thread runs under a deadline.
#[inline]
pub(crate) fn active() -> bool {
    DEADLINE.get().is_some()
}

/// True once the deadline of the work on this thread has gone by; false when there is none.
#[inline]
pub(crate) fn passed() -> bool {
    match DEADLINE.get() {
        None => false,
        Some(deadline) => {
            if PASSED.get() {
                return true;
            }
            let gone = Instant::now() >= deadline;
            PASSED.set(gone);
            gone
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn work_that_ends_in_time_gives_its_result() {
        let soon = Instant::now() + Duration::from_secs(60);
        assert_eq!(within(Some(soon), || 7), Some(7));
        assert_eq!(within(None, || 8), Some(8));
    }

    #[test]
    fn work_that_runs_over_gives_nothing_and_sees_the_deadline() {
        let now = Instant::now() + Duration::from_millis(5);
        let mut asked = 0;
        let result = within(Some(now), || {
            while !passed() {
                asked += 1;
                std::thread::sleep(Duration::from_millis(1));
            }
            1
        });
        assert_eq!(result, None);
        assert!(asked > 0);
        // Outside the work there is no deadline any more.
        assert!(!passed());
    }

    #[test]
    fn a_limit_past_the_clock_is_no_deadline() {
        assert_eq!(after(Duration::MAX), None);
        assert!(after(Duration::from_secs(1)).is_some());
    }

    #[test]
    fn nested_work_restores_the_outer_deadline() {
        let far = Instant::now() + Duration::from_secs(60);
        let outer = within(Some(far), || {
            let inner = within(Some(Instant::now()), || ());
            assert_eq!(inner, None);
            passed()
        });
        assert_eq!(outer, Some(false));
    }
}
