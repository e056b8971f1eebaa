//! The two Sudoku solvers against each other and against published counts;
//! every solution is checked by `check_solution`, which shares no
//! code with either solver.

use dlx_engine::__unstable::Search;
use std::ops::ControlFlow;

use dlx_engine::__unstable::line;
use dlx_engine::__unstable::sudoku::check_solution;
use dlx_engine::__unstable::sudoku::{DlxSolver, NaiveSolver};
use dlx_engine::dlx::SearchLimits;
use dlx_engine::format::Alphabet;
use dlx_engine::sudoku::{Grid, Shape, SudokuSolver};
use proptest::prelude::*;

use crate::common::{planted_solution, shapes};

/// Every solution `solver` finds (up to `limit`), each checked.
fn checked_solutions(solver: &mut dyn SudokuSolver, puzzle: &Grid, limit: u64) -> Vec<Grid> {
    let mut all = Vec::new();
    let report = solver
        .search(
            puzzle,
            SearchLimits {
                max_solutions: limit,
                ..SearchLimits::UNLIMITED
            },
            Some(&mut |g: &Grid| {
                check_solution(puzzle, g).unwrap();
                all.push(g.clone());
                ControlFlow::Continue(())
            }),
        )
        .unwrap();
    assert_eq!(report.stats.solutions, all.len() as u128);
    all
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn dlx_and_naive_agree_on_planted_puzzles(
        shape in shapes(),
        seed in prop::collection::vec(0usize..1000, 64),
        holes in prop::collection::vec(any::<bool>(), 81),
        dense in 0usize..3,
    ) {
        let solution = planted_solution(shape, &seed);
        check_solution(&Grid::empty(shape), &solution).unwrap();
        let mut puzzle = solution.clone();
        let n = shape.n();
        // Blank about a half (dense = 0) to a sixth of the cells; 9x9
        // puzzles keep more givens so the naive DFS stays quick.
        let keep_every = if n == 9 { 3 } else { 2 + dense };
        for (k, &hole) in holes.iter().cycle().take(n * n).enumerate() {
            if hole || k % keep_every != 0 {
                puzzle.set(k / n, k % n, 0);
            }
        }
        if n == 9 {
            for k in (0..81).step_by(3) {
                puzzle.set(k / 9, k % 9, solution.get(k / 9, k % 9));
            }
        }
        let mut dlx = DlxSolver::new(shape);
        let mut naive = NaiveSolver::new();
        let a = checked_solutions(&mut dlx, &puzzle, 20);
        let b = checked_solutions(&mut naive, &puzzle, 20);
        prop_assert!(!a.is_empty(), "the planted solution exists");
        prop_assert_eq!(a.len(), b.len());
        if a.len() < 20 {
            // Exhaustive on both sides: the same set, and the planted one in it.
            let mut a_sorted = a.clone();
            let mut b_sorted = b.clone();
            a_sorted.sort_by(|x, y| x.cells().cmp(y.cells()));
            b_sorted.sort_by(|x, y| x.cells().cmp(y.cells()));
            prop_assert_eq!(&a_sorted, &b_sorted);
            prop_assert!(a.contains(&solution));
        }
        // The puzzle's own matrix is sane and restored after the search.
        dlx.with_matrix(&puzzle, |m, _| {
            let before = m.state_digest();
            m.count_up_to(20);
            m.sanity().unwrap();
            assert_eq!(m.state_digest(), before);
        })
        .unwrap();
    }
}

fn read_lines(path: &str) -> Vec<(Grid, String)> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .filter_map(|l| {
            line::parse_line(l, 0, None, &Alphabet::default())
                .map(|c| (c.unwrap().grid, l.to_string()))
        })
        .collect()
}

#[test]
fn tdoku_test_puzzles_have_their_published_counts() {
    let mut dlx = DlxSolver::new(Shape::NINE);
    let cases = read_lines("data/collections/tdoku_test_puzzles.txt");
    assert_eq!(cases.len(), 43);
    for (puzzle, text) in cases {
        let mut fields = text.split(':');
        let _ = fields.next();
        let expected: u64 = fields.next().unwrap().parse().unwrap();
        let found = checked_solutions(&mut dlx, &puzzle, u64::MAX);
        assert_eq!(found.len() as u64, expected, "{text}");
        if let Some(published) = fields.next() {
            let published = line::parse_line(published, 0, None, &Alphabet::default())
                .unwrap()
                .unwrap()
                .grid;
            assert!(found.contains(&published), "{text}");
        }
    }
}

#[test]
fn naive_matches_the_published_counts_of_the_small_tdoku_cases() {
    let mut naive = NaiveSolver::new();
    for (puzzle, text) in read_lines("data/collections/tdoku_test_puzzles.txt") {
        let expected: u64 = text.split(':').nth(1).unwrap().parse().unwrap();
        let count = naive.count_up_to(&puzzle, 2).unwrap();
        assert_eq!(count.solutions, u128::from(expected.min(2)), "{text}");
    }
}

#[test]
fn norvig_and_plb_sets_are_unique() {
    let mut dlx = DlxSolver::new(Shape::NINE);
    for file in [
        "data/collections/norvig_top95.txt",
        "data/collections/norvig_hardest.txt",
        "data/collections/plb_sudoku20.txt",
    ] {
        for (puzzle, text) in read_lines(file) {
            let solutions = checked_solutions(&mut dlx, &puzzle, 2);
            assert_eq!(solutions.len(), 1, "{file}: {text}");
        }
    }
}

#[test]
fn blank_4x4_has_288_solutions_by_both_solvers() {
    let shape = Shape::new(2, 2).unwrap();
    let blank = Grid::empty(shape);
    let dlx = checked_solutions(&mut DlxSolver::new(shape), &blank, u64::MAX);
    let naive = checked_solutions(&mut NaiveSolver::new(), &blank, u64::MAX);
    assert_eq!(dlx.len(), 288);
    assert_eq!(naive.len(), 288);
}

/// 28,200,960 (OEIS A107739's 6x6 term): a few seconds in release mode.
#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug builds; run with --release")]
fn blank_6x6_has_28200960_solutions() {
    let shape = Shape::new(2, 3).unwrap();
    let mut dlx = DlxSolver::new(shape);
    let count = dlx.count_up_to(&Grid::empty(shape), u64::MAX).unwrap();
    assert_eq!(count.outcome, dlx_engine::dlx::Outcome::Exhausted);
    assert_eq!(count.solutions, 28_200_960);
}

#[test]
fn every_shape_up_to_64_compiles_and_solves_a_planted_puzzle() {
    for (r, c) in [
        (1, 1),
        (1, 2),
        (2, 5),
        (3, 4),
        (4, 4),
        (5, 5),
        (4, 8),
        (8, 8),
    ] {
        let shape = Shape::new(r, c).unwrap();
        let solution = planted_solution(shape, &[7, 3, 11, 5, 2]);
        let mut puzzle = solution.clone();
        let n = shape.n();
        for k in (0..n * n).step_by(3) {
            puzzle.set(k / n, k % n, 0);
        }
        let mut dlx = DlxSolver::new(shape);
        let found = dlx.solve_first(&puzzle).unwrap().unwrap();
        check_solution(&puzzle, &found).unwrap();
    }
}
