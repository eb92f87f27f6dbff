//! Chains: cycles, forcing chains, and the multiple, dynamic and nested forcing chains.

/// The chain that proves a step (filled in by the chain techniques).
#[derive(Clone, Debug, Default)]
pub struct Chain {
    /// How many links the proof counts (Sudoku Explainer's complexity).
    pub complexity: usize,
    /// The chain written out: `r1c2=5 -> r1c5<>5 -> ...`.
    pub text: String,
}
