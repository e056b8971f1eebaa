//! Solve and count on parsed input with a small node budget: byte 0 picks
//! the format, the rest is read; every case up to 16x16 is searched by the
//! engine (and, for small grids, the naive DFS) within a node budget.
//! Every solution found must check out, both solvers must agree when
//! both finish, and each puzzle's own matrix must be sane and restored
//! after a search inside it, however it stopped. A 9x9 puzzle is also
//! searched on Knuth's tree (`Propagate::Off`): the bit boards' singles
//! and intersections (the default) must give the same count, or the same
//! error, whenever both searches finish.
#![no_main]

use std::collections::HashMap;
use std::ops::ControlFlow;

use dlx_engine::__unstable::Search;
use dlx_engine::__unstable::sudoku::check_solution;
use dlx_engine::__unstable::sudoku::{DlxSolver, NaiveSolver};
use dlx_engine::dlx::{Outcome, Propagate, SearchLimits};
use dlx_engine::format::{ALL, Options};
use dlx_engine::sudoku::{Grid, Shape, SudokuSolver};
use libfuzzer_sys::fuzz_target;

const BUDGET: u64 = 300;

fuzz_target!(|data: &[u8]| {
    let [which, limit, input @ ..] = data else {
        return;
    };
    let format = ALL[*which as usize % ALL.len()];
    let max_solutions = u64::from(*limit % 8) + 1;
    let mut solvers: HashMap<Shape, DlxSolver> = HashMap::new();
    let mut naive = NaiveSolver::new();
    let mut knuth = DlxSolver::new(Shape::NINE);
    knuth.set_propagate(Some(Propagate::Off));
    for case in format.read(Box::new(input), &Options::default()).take(8) {
        let Ok(case) = case else { continue };
        let grid = case.grid;
        if grid.n() > 16 {
            continue;
        }
        let solver = solvers
            .entry(grid.shape())
            .or_insert_with(|| DlxSolver::new(grid.shape()));
        let limits = SearchLimits {
            max_solutions,
            max_nodes: BUDGET,
        };
        let mut seen = 0;
        let dlx = solver.search(
            &grid,
            limits,
            Some(&mut |g: &Grid| {
                check_solution(&grid, g).expect("the engine's solution checks out");
                seen += 1;
                if seen == 3 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            }),
        );
        let _ = solver.with_matrix(&grid, |m, _| {
            let before = m.state_digest();
            m.count_with(limits);
            m.sanity().expect("sane after a search");
            assert_eq!(m.state_digest(), before, "restored after a search");
        });
        if grid.n() <= 6 {
            let naive = naive.search(&grid, limits, None);
            match (&dlx, &naive) {
                (Ok(a), Ok(b))
                    if a.outcome == Outcome::Exhausted && b.outcome == Outcome::Exhausted =>
                {
                    assert_eq!(a.stats.solutions, b.stats.solutions, "dlx and naive agree");
                }
                (Err(_), Ok(_)) | (Ok(_), Err(_)) => {
                    panic!("one solver refused what the other took")
                }
                _ => {}
            }
        }
        if grid.shape() == Shape::NINE {
            let off = knuth.search(&grid, limits, None);
            match (&dlx, &off) {
                (Ok(a), Ok(b))
                    if a.outcome == Outcome::Exhausted && b.outcome == Outcome::Exhausted =>
                {
                    assert_eq!(
                        a.stats.solutions, b.stats.solutions,
                        "boards and links agree"
                    );
                }
                (Err(a), Err(b)) => assert_eq!(a, b, "the same error"),
                (Err(_), Ok(_)) | (Ok(_), Err(_)) => {
                    panic!("the boards refused what the links took, or the other way")
                }
                _ => {}
            }
        }
        if let Ok(Some(first)) = solver.solve_first(&grid) {
            check_solution(&grid, &first).expect("first solution checks out");
        }
    }
});
