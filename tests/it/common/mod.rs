//! Helpers shared by the integration tests: planted puzzles built without
//! any solver.
#![allow(dead_code)]

pub mod bin;
pub mod runs;

use dlx_engine::__unstable::sudoku::solved_grid;
use dlx_engine::sudoku::{Grid, Shape};
use proptest::prelude::*;

/// A valid full grid of `shape` built by formula and symmetries (no solver
/// involved: `dlx_engine::sudoku::solved_grid`), the choices taken from
/// `seed`.
pub fn planted_solution(shape: Shape, seed: &[usize]) -> Grid {
    let mut pick = seed.iter().copied().cycle();
    solved_grid(shape, |k| pick.next().unwrap() % k)
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

/// A fresh folder for one test's files, `name` unique to the test (the
/// process's id keeps runs apart).
pub fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("dlx-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}
