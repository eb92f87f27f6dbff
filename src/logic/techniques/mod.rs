//! The techniques, one file per family. Each finds the first pattern of its kind in its own
//! scan order and gives it as a [`Step`](super::step::Step); none of them prints or applies.

pub mod exclusion;
pub mod fish;
pub mod intersections;
pub mod singles;
pub mod subsets;
pub mod uniqueness;
pub mod wings;
