//! Helpers shared by the integration tests: planted puzzles built without
//! any solver.
#![allow(dead_code)]

use dlx::sudoku::{Grid, Shape};
use proptest::prelude::*;

/// A valid full grid of `shape` built by formula (no solver involved), then
/// shuffled by symmetries that keep it valid: digit relabelling, rows
/// within bands, columns within stacks, bands and stacks.
pub fn planted_solution(shape: Shape, seed: &[usize]) -> Grid {
    let (h, w, n) = (shape.box_rows(), shape.box_cols(), shape.n());
    let mut pick = seed.iter().copied().cycle();
    let mut shuffled = |len: usize| {
        let mut v: Vec<usize> = (0..len).collect();
        for i in (1..len).rev() {
            v.swap(i, pick.next().unwrap() % (i + 1));
        }
        v
    };
    let digits = shuffled(n);
    // Rows: band order (n/h bands of h rows) and row order within a band.
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
    let mut cells = vec![0u8; n * n];
    for r in 0..n {
        for c in 0..n {
            let (sr, sc) = (rows[r], cols[c]);
            let base = (w * (sr % h) + sr / h + sc) % n;
            cells[r * n + c] = digits[base] as u8 + 1;
        }
    }
    Grid::from_cells(shape, cells).unwrap()
}

pub fn shapes() -> impl Strategy<Value = Shape> {
    prop_oneof![
        Just((1, 3)),
        Just((2, 2)),
        Just((2, 3)),
        Just((3, 2)),
        Just((2, 4)),
        Just((3, 3)),
    ]
    .prop_map(|(r, c)| Shape::new(r, c).unwrap())
}

/// `solution` with the cells blanked where `holes` (cycled) says so.
pub fn with_holes(solution: &Grid, holes: &[bool]) -> Grid {
    let n = solution.n();
    let mut puzzle = solution.clone();
    for (k, &hole) in holes.iter().cycle().take(n * n).enumerate() {
        if hole {
            puzzle.set(k / n, k % n, 0);
        }
    }
    puzzle
}
