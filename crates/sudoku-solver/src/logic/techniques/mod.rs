//! The techniques, one file per family. Each finds the first pattern of its kind in its own
//! scan order and gives it as a [`Step`]; none of them prints or applies.

pub mod exclusion;
pub mod fish;
pub mod intersections;
pub mod singles;
pub mod subsets;
pub mod uniqueness;
pub mod wings;

use super::step::Step;

/// The first step a scan gives (the scan stops there): `scan` is called with the sink that keeps
/// it, as `each_fish(board, k, emit)` takes one.
pub(crate) fn first(scan: impl FnOnce(&mut dyn FnMut(Step) -> bool)) -> Option<Step> {
    let mut found = None;
    scan(&mut |step| {
        found = Some(step);
        false
    });
    found
}
