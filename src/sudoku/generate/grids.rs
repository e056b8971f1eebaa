//! Randomness and full grids without a solver: the seeded [`Rng`] every
//! generated puzzle draws from, and [`solved_grid`] / [`shuffle`], a valid
//! grid by formula and the symmetries that keep a grid valid.
//!
//! Invariant: everything here depends only on its arguments and the seed
//! (no clock, no thread), so a seed gives the same puzzles anywhere.

use super::*;

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

/// A valid full grid of `shape`, built by formula and then shuffled by
/// [`shuffle`]. No solver is involved, so tests can plant it and check
/// solvers against it. `pick(k)` chooses in `0..k`.
pub fn solved_grid(shape: Shape, pick: impl FnMut(usize) -> usize) -> Grid {
    let (h, w, n) = (shape.box_rows(), shape.box_cols(), shape.n());
    let mut cells = vec![0u8; n * n];
    for r in 0..n {
        for c in 0..n {
            cells[r * n + c] = ((w * (r % h) + r / h + c) % n) as u8 + 1;
        }
    }
    let formula = Grid::from_cells(shape, cells).expect("the formula gives digits 1..=n");
    shuffle(&formula, pick)
}

/// `grid` transformed by symmetries that keep a valid grid valid: digit
/// relabelling, rows within bands, columns within stacks, bands and
/// stacks, each drawn with `pick(k)` (a choice in `0..k`).
pub fn shuffle(grid: &Grid, mut pick: impl FnMut(usize) -> usize) -> Grid {
    let shape = grid.shape();
    let (h, w, n) = (shape.box_rows(), shape.box_cols(), shape.n());
    let mut shuffled = |len: usize| {
        let mut v: Vec<usize> = (0..len).collect();
        for i in (1..len).rev() {
            v.swap(i, pick(i + 1));
        }
        v
    };
    let digits = shuffled(n);
    let bands = shuffled(n / h);
    let rows: Vec<usize> = bands
        .iter()
        .flat_map(|&b| shuffled(h).into_iter().map(move |r| b * h + r))
        .collect();
    let stacks = shuffled(n / w);
    let cols: Vec<usize> = stacks
        .iter()
        .flat_map(|&s| shuffled(w).into_iter().map(move |c| s * w + c))
        .collect();
    let mut out = Grid::empty(shape);
    for (r, &from_r) in rows.iter().enumerate() {
        for (c, &from_c) in cols.iter().enumerate() {
            let d = grid.get(from_r, from_c);
            let relabelled = match d {
                0 => 0,
                d => digits[d as usize - 1] as u8 + 1,
            };
            out.set(r, c, relabelled);
        }
    }
    out
}
