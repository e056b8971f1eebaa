//! A small deterministic random source, shared by the generator (each
//! puzzle's own source) and Knuth's estimates of a search (random paths).
//!
//! Invariant: a source's numbers depend only on its seed (no clock, no
//! thread), so a seed gives the same puzzles and estimates anywhere.

/// A small deterministic random source (xorshift64*), so that generated
/// sets are reproducible from a seed without a dependency.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A source seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        Self(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// A number in `0..bound` (`bound > 0`).
    pub fn below(&mut self, bound: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % bound
    }

    /// The source of puzzle `index` of a run seeded with `seed`: each
    /// puzzle has its own, so puzzles can be made in any order, on any
    /// number of threads, and still be the same.
    pub fn for_puzzle(seed: u64, index: u64) -> Self {
        Self::new(splitmix64(seed ^ splitmix64(index.wrapping_add(0x5EED))))
    }

    /// `0..len` in a random order.
    pub fn permutation(&mut self, len: usize) -> Vec<usize> {
        let mut v: Vec<usize> = (0..len).collect();
        for i in (1..len).rev() {
            v.swap(i, self.below(i + 1));
        }
        v
    }
}

/// Steele, Lea and Flood's SplitMix64 finaliser: spreads nearby inputs
/// (seeds 1, 2, 3; puzzle indices) over unrelated outputs.
fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
