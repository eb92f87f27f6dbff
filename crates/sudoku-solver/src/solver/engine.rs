//! Which implementation of the vector engine's primitives runs ([`Engine`]): chosen once per
//! process from what the CPU has, or forced by `SUDOKU_ENGINE`. Every implementation makes the
//! same search, so the choice changes the time, never an answer.

use std::sync::atomic::{AtomicU8, Ordering};

use super::vector::simd::portable::Portable;
use super::vector::{run, Start};
use super::SearchOutcome;
use crate::grid::Candidates;

/// An implementation of the vector engine's primitives.
///
/// ```
/// use sudoku_solver::internals::Engine;
///
/// let engine = Engine::detect();
/// assert!(engine.is_available());
/// let puzzle = [0u8; 81];
/// let found = engine.search(&puzzle, 2).expect("this CPU runs it");
/// assert_eq!(found.solutions(), 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Engine {
    /// Plain Rust, on every CPU.
    Portable,
    /// x86-64 with SSE4.1, SSSE3 and POPCNT (x86-64-v2), for the CPUs without AVX2.
    Sse4,
    /// x86-64 with AVX2.
    Avx2,
    /// x86-64 with AVX-512 (F, VL, BW, BITALG, VBMI2), used at 256 bits.
    Avx512,
}

/// An engine that cannot be had.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EngineError {
    /// A name that is no engine.
    #[error("unknown engine '{0}' (the engines are portable, sse4, avx2 and avx512)")]
    Unknown(String),
    /// An engine this CPU cannot run, and the first feature it lacks.
    #[error("this CPU cannot run engine {engine}: it lacks {lacks}")]
    Unavailable {
        /// The engine asked for.
        engine: Engine,
        /// The first CPU feature it needs that this CPU lacks.
        lacks: &'static str,
    },
}

/// The engine `search` uses: 0 while not yet chosen, else 1 + its index in [`Engine::ALL`].
static CURRENT: AtomicU8 = AtomicU8::new(0);

impl Engine {
    /// Every engine, from the most portable to the fastest.
    pub const ALL: [Engine; 4] = [Engine::Portable, Engine::Sse4, Engine::Avx2, Engine::Avx512];

    /// The engine's name, as `SUDOKU_ENGINE` spells it.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Portable => "portable",
            Engine::Sse4 => "sse4",
            Engine::Avx2 => "avx2",
            Engine::Avx512 => "avx512",
        }
    }

    /// The first CPU feature this engine needs that this CPU lacks, if any.
    fn missing(self) -> Option<&'static str> {
        match self {
            Engine::Portable => None,
            #[cfg(target_arch = "x86_64")]
            Engine::Sse4 => super::vector::simd::sse4::missing(),
            #[cfg(target_arch = "x86_64")]
            Engine::Avx2 => super::vector::simd::avx2::missing(),
            #[cfg(target_arch = "x86_64")]
            Engine::Avx512 => super::vector::simd::avx512::missing(),
            #[cfg(not(target_arch = "x86_64"))]
            Engine::Sse4 | Engine::Avx2 | Engine::Avx512 => Some("x86-64"),
        }
    }

    /// Whether this CPU runs the engine.
    pub fn is_available(self) -> bool {
        self.missing().is_none()
    }

    /// The fastest engine this CPU runs: the last of [`Engine::ALL`] it has (the portable one
    /// runs everywhere).
    pub fn detect() -> Engine {
        Engine::ALL
            .into_iter()
            .rev()
            .find(|e| e.is_available())
            .unwrap_or(Engine::Portable)
    }

    /// The engine named `name`, if this CPU runs it.
    pub fn from_name(name: &str) -> Result<Engine, EngineError> {
        let engine = Engine::ALL
            .into_iter()
            .find(|e| e.name() == name)
            .ok_or_else(|| EngineError::Unknown(name.to_string()))?;
        match engine.missing() {
            None => Ok(engine),
            Some(lacks) => Err(EngineError::Unavailable { engine, lacks }),
        }
    }

    /// The engine `SUDOKU_ENGINE` names, or [`Engine::detect`]'s when it is unset or empty.
    pub fn from_env() -> Result<Engine, EngineError> {
        match std::env::var("SUDOKU_ENGINE") {
            Ok(name) if !name.is_empty() => Engine::from_name(&name),
            Ok(_) | Err(std::env::VarError::NotPresent) => Ok(Engine::detect()),
            Err(std::env::VarError::NotUnicode(name)) => {
                Err(EngineError::Unknown(name.to_string_lossy().into_owned()))
            }
        }
    }

    /// Makes this the engine of [`search`](super::search) and
    /// [`search_candidates`](super::search_candidates) in this process, if this CPU runs it.
    pub fn select(self) -> Result<(), EngineError> {
        if let Some(lacks) = self.missing() {
            return Err(EngineError::Unavailable {
                engine: self,
                lacks,
            });
        }
        let index = Engine::ALL.iter().position(|&e| e == self).unwrap_or(0);
        CURRENT.store(index as u8 + 1, Ordering::Relaxed);
        Ok(())
    }

    /// The engine of this process: the one last [selected](Engine::select), else
    /// [`Engine::detect`]'s.
    pub fn current() -> Engine {
        match CURRENT.load(Ordering::Relaxed) {
            0 => {
                let engine = Engine::detect();
                // Detected, so available.
                let _ = engine.select();
                engine
            }
            n => Engine::ALL[(n - 1) as usize],
        }
    }

    /// The vector engine's search for up to `limit` solutions of `givens` on this
    /// implementation, with no router (every puzzle goes to the vector engine); `None` when
    /// this CPU cannot run it. The answers are those of every other implementation.
    pub fn search(self, givens: &[u8; 81], limit: u64) -> Option<SearchOutcome> {
        self.run(Start::Givens(givens), limit)
    }

    /// [`Engine::search`] on a pencilmark grid.
    pub fn search_candidates(self, candidates: &Candidates, limit: u64) -> Option<SearchOutcome> {
        self.run(Start::Candidates(candidates.masks()), limit)
    }

    /// The search from `start` on this implementation, checking the clock when a deadline is set.
    pub(crate) fn run(self, start: Start, limit: u64) -> Option<SearchOutcome> {
        let timed = crate::deadline::active();
        match self {
            Engine::Portable => Some(if timed {
                run::<Portable, true>(start, limit)
            } else {
                run::<Portable, false>(start, limit)
            }),
            #[cfg(target_arch = "x86_64")]
            Engine::Sse4 => super::vector::simd::sse4::search(start, limit, timed),
            #[cfg(target_arch = "x86_64")]
            Engine::Avx2 => super::vector::simd::avx2::search(start, limit, timed),
            #[cfg(target_arch = "x86_64")]
            Engine::Avx512 => super::vector::simd::avx512::search(start, limit, timed),
            #[cfg(not(target_arch = "x86_64"))]
            Engine::Sse4 | Engine::Avx2 | Engine::Avx512 => None,
        }
    }
}

impl std::fmt::Display for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
