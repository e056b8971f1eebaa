//! Full grids without a solver, for the seeded [`Rng`] every generated
//! puzzle draws from: [`solved_grid`] / [`shuffle`], a valid
//! grid by formula and the symmetries that keep a grid valid.
//!
//! Invariant: everything here depends only on its arguments and the seed
//! (no clock, no thread), so a seed gives the same puzzles anywhere.

use super::{Grid, Shape};

pub use crate::rng::Rng;

/// A valid full grid of `shape`, built by formula and then shuffled by
/// `shuffle`. No solver is involved, so tests can plant it and check
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
pub(crate) fn shuffle(grid: &Grid, mut pick: impl FnMut(usize) -> usize) -> Grid {
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
