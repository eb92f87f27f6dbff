//! The reproducible randomness of the generator and of `transform`: the generator of item
//! `index` of stream `seed` (SplitMix64 keys a ChaCha8 stream), uniform integers below a bound,
//! and shuffles. A module of its own so that the generator and `Transform` (which the generator
//! uses for its symmetries) both draw from it without importing each other.

use rand_chacha::rand_core::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// SplitMix64: add the golden-ratio increment to the state, return the finalized state.
pub(crate) fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The generator of puzzle `index` of stream `seed` (the mixing function of the generate module's docs).
pub(crate) fn stream_rng(seed: u64, index: u64) -> ChaCha8Rng {
    let mut state = seed;
    let mut key = [0u8; 32];
    for chunk in key.chunks_exact_mut(8) {
        chunk.copy_from_slice(&splitmix64(&mut state).to_le_bytes());
    }
    let mut rng = ChaCha8Rng::from_seed(key);
    rng.set_stream(index);
    rng
}

/// A uniform integer in `0..n` (`n >= 1`), by rejection of the incomplete top range.
pub(crate) fn below(rng: &mut ChaCha8Rng, n: u32) -> u32 {
    debug_assert!(n >= 1);
    let limit = u32::MAX - u32::MAX % n;
    loop {
        let x = rng.next_u32();
        if x < limit {
            return x % n;
        }
    }
}

/// Fisher-Yates shuffle, from the last position down.
pub(crate) fn shuffle<T>(rng: &mut ChaCha8Rng, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i as u32 + 1) as usize;
        items.swap(i, j);
    }
}
