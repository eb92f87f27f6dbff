//! The instruction set the vector engine's primitives are written for ([`Isa`]): chosen once per
//! process from what the CPU has, or forced by `SUDOKU_ENGINE` (the variable keeps its name: it
//! picks the instruction set of the vector engine). Every instruction set makes the same search,
//! so the choice changes the time, never an answer.

use std::sync::atomic::{AtomicU8, Ordering};

use super::vector::simd::portable::Portable;
use super::vector::{run, Start};
use super::SearchOutcome;
use crate::grid::Candidates;

/// An instruction set the vector engine runs on: the implementation of its primitives for it.
///
/// ```
/// use sudoku_solver::internals::Isa;
///
/// let isa = Isa::detect();
/// assert!(isa.is_available());
/// let puzzle = [0u8; 81];
/// let found = isa.search(&puzzle, 2).expect("this CPU runs it");
/// assert_eq!(found.solutions(), 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Isa {
    /// Plain Rust, on every CPU.
    Portable,
    /// x86-64 with SSE4.1, SSSE3 and POPCNT (x86-64-v2), for the CPUs without AVX2.
    Sse4,
    /// x86-64 with AVX2.
    Avx2,
    /// x86-64 with AVX-512 (F, VL, BW, BITALG, VBMI2), used at 256 bits.
    Avx512,
}

/// An instruction set that cannot be had.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum IsaError {
    /// A name that is no instruction set.
    #[error(
        "unknown instruction set '{0}' (the instruction sets are portable, sse4, avx2 and avx512)"
    )]
    Unknown(String),
    /// An instruction set this CPU cannot run, and the first feature it lacks.
    #[error("this CPU cannot run instruction set {isa}: it lacks {lacks}")]
    Unavailable {
        /// The instruction set asked for.
        isa: Isa,
        /// The first CPU feature it needs that this CPU lacks.
        lacks: &'static str,
    },
}

/// The instruction set `search` uses: 0 while not yet chosen, else 1 + its index in [`Isa::ALL`].
static CURRENT: AtomicU8 = AtomicU8::new(0);

impl Isa {
    /// Every instruction set, from the most portable to the fastest.
    pub const ALL: [Isa; 4] = [Isa::Portable, Isa::Sse4, Isa::Avx2, Isa::Avx512];

    /// The instruction set's name, as `SUDOKU_ENGINE` spells it.
    pub fn name(self) -> &'static str {
        match self {
            Isa::Portable => "portable",
            Isa::Sse4 => "sse4",
            Isa::Avx2 => "avx2",
            Isa::Avx512 => "avx512",
        }
    }

    /// The first CPU feature this instruction set needs that this CPU lacks, if any.
    fn missing(self) -> Option<&'static str> {
        match self {
            Isa::Portable => None,
            #[cfg(target_arch = "x86_64")]
            Isa::Sse4 => super::vector::simd::sse4::missing(),
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => super::vector::simd::avx2::missing(),
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 => super::vector::simd::avx512::missing(),
            #[cfg(not(target_arch = "x86_64"))]
            Isa::Sse4 | Isa::Avx2 | Isa::Avx512 => Some("x86-64"),
        }
    }

    /// Whether this CPU runs the instruction set.
    pub fn is_available(self) -> bool {
        self.missing().is_none()
    }

    /// The fastest instruction set this CPU runs: the last of [`Isa::ALL`] it has (portable Rust
    /// runs everywhere).
    pub fn detect() -> Isa {
        Isa::ALL
            .into_iter()
            .rev()
            .find(|e| e.is_available())
            .unwrap_or(Isa::Portable)
    }

    /// The instruction set named `name`, if this CPU runs it.
    pub fn from_name(name: &str) -> Result<Isa, IsaError> {
        let isa = Isa::ALL
            .into_iter()
            .find(|e| e.name() == name)
            .ok_or_else(|| IsaError::Unknown(name.to_string()))?;
        match isa.missing() {
            None => Ok(isa),
            Some(lacks) => Err(IsaError::Unavailable { isa, lacks }),
        }
    }

    /// The instruction set `SUDOKU_ENGINE` names, or [`Isa::detect`]'s when it is unset or empty.
    pub fn from_env() -> Result<Isa, IsaError> {
        match std::env::var("SUDOKU_ENGINE") {
            Ok(name) if !name.is_empty() => Isa::from_name(&name),
            Ok(_) | Err(std::env::VarError::NotPresent) => Ok(Isa::detect()),
            Err(std::env::VarError::NotUnicode(name)) => {
                Err(IsaError::Unknown(name.to_string_lossy().into_owned()))
            }
        }
    }

    /// Makes this the instruction set of [`search`](super::search) and
    /// [`search_candidates`](super::search_candidates) in this process, if this CPU runs it.
    pub fn select(self) -> Result<(), IsaError> {
        if let Some(lacks) = self.missing() {
            return Err(IsaError::Unavailable { isa: self, lacks });
        }
        let index = Isa::ALL.iter().position(|&e| e == self).unwrap_or(0);
        CURRENT.store(index as u8 + 1, Ordering::Relaxed);
        Ok(())
    }

    /// The instruction set of this process: the one last [selected](Isa::select), else
    /// [`Isa::detect`]'s.
    pub fn current() -> Isa {
        match CURRENT.load(Ordering::Relaxed) {
            0 => {
                let isa = Isa::detect();
                // Detected, so available.
                let _ = isa.select();
                isa
            }
            n => Isa::ALL[(n - 1) as usize],
        }
    }

    /// The vector engine's search for up to `limit` solutions of `givens` on this
    /// instruction set, with no router (every puzzle goes to the vector engine); `None` when
    /// this CPU cannot run it. The answers are those of every other instruction set.
    pub fn search(self, givens: &[u8; 81], limit: u64) -> Option<SearchOutcome> {
        self.run(Start::Givens(givens), limit)
    }

    /// [`Isa::search`] on a pencilmark grid.
    pub fn search_candidates(self, candidates: &Candidates, limit: u64) -> Option<SearchOutcome> {
        self.run(Start::Candidates(candidates.masks()), limit)
    }

    /// The search from `start` on this instruction set, checking the clock when a deadline is set.
    pub(crate) fn run(self, start: Start, limit: u64) -> Option<SearchOutcome> {
        let timed = crate::deadline::active();
        match self {
            Isa::Portable => Some(if timed {
                run::<Portable, true>(start, limit)
            } else {
                run::<Portable, false>(start, limit)
            }),
            #[cfg(target_arch = "x86_64")]
            Isa::Sse4 => super::vector::simd::sse4::search(start, limit, timed),
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => super::vector::simd::avx2::search(start, limit, timed),
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 => super::vector::simd::avx512::search(start, limit, timed),
            #[cfg(not(target_arch = "x86_64"))]
            Isa::Sse4 | Isa::Avx2 | Isa::Avx512 => None,
        }
    }
}

impl std::fmt::Display for Isa {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
