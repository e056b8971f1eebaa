use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::*;
use crate::dlx::Propagate;
use crate::sudoku::exact_cover::tests::{settles_as_the_rater_does, solutions_with};
use crate::sudoku::generate::{Rng, solved_grid};
use crate::sudoku::verify::check_solution;
use crate::sudoku::{DlxSolver, SudokuSolver, Variant};

/// The pointing and claiming of nine triads, written out: a line with
/// triads in one box only claims the box, a box with triads in one line
/// only points along the line, until nothing changes.
fn keep_by_rules(mut p: u16) -> u16 {
    let at = |line: u16, b: u16| 1u16 << (3 * line + b);
    loop {
        let before = p;
        for line in 0..3 {
            let boxes: Vec<u16> = (0..3).filter(|&b| p & at(line, b) != 0).collect();
            if let [b] = boxes[..] {
                for other in (0..3).filter(|&l| l != line) {
                    p &= !at(other, b);
                }
            }
        }
        for b in 0..3 {
            let lines: Vec<u16> = (0..3).filter(|&l| p & at(l, b) != 0).collect();
            if let [line] = lines[..] {
                for other in (0..3).filter(|&o| o != b) {
                    p &= !at(line, other);
                }
            }
        }
        if p == before {
            return p;
        }
    }
}

#[test]
fn the_table_keeps_what_pointing_and_claiming_keep() {
    // Line 0 only in box 1: claiming clears box 1 in lines 1 and 2.
    assert_eq!(KEEP[0b111_111_010], 0b101_101_010);
    for p in 0..512u16 {
        assert_eq!(KEEP[usize::from(p)], keep_by_rules(p), "{p:09b}");
        assert_eq!(KEEP[usize::from(p)] & !p, 0);
    }
}

#[test]
fn the_tables_of_cells_match_their_triads() {
    for p in 0..512usize {
        let cells = TRIAD_CELLS[p];
        for j in 0..9 {
            let triad = (cells >> (9 * (j / 3) + 3 * (j % 3))) & 7;
            assert_eq!(triad, if (p >> j) & 1 != 0 { 7 } else { 0 });
        }
        // A band's columns with options give each stack's triads.
        let stacks = STACKS[p];
        for c in 0..9 {
            let bit = (stacks >> (9 * (c / 3) + 3 * (c % 3))) & 1;
            assert_eq!(bit as usize, (p >> c) & 1);
        }
        assert_eq!(TRIADS[p], {
            (0..3)
                .filter(|b| (p >> (3 * b)) & 7 != 0)
                .map(|b| 1 << b)
                .sum::<u32>()
        });
    }
}

/// Every solution of `puzzle` (at most `limit`), by `propagate`, sorted,
/// with the report.
fn solutions(puzzle: &Grid, propagate: Propagate, limit: u64) -> (Vec<Grid>, Count) {
    let rules = Variant::plain(Shape::NINE);
    let limits = SearchLimits::solutions(limit);
    let (mut found, report) = solutions_with(&rules, propagate, puzzle, limits).unwrap();
    found.sort_by(|a, b| a.cells().cmp(b.cells()));
    (found, report)
}

/// A random puzzle: a full grid with `keep` of its cells given, and with
/// `wrong` of them changed to another digit (which may leave it with no
/// solution, or with givens that clash).
fn random_puzzle(rng: &mut Rng, keep: usize, wrong: usize) -> Grid {
    let full = solved_grid(Shape::NINE, |k| rng.below(k));
    let mut cells = vec![0u8; 81];
    for &cell in &rng.permutation(81)[..keep] {
        cells[cell] = full.cells()[cell];
    }
    for _ in 0..wrong {
        let cell = rng.below(81);
        cells[cell] = 1 + rng.below(9) as u8;
    }
    Grid::from_cells(Shape::NINE, cells).unwrap()
}

#[test]
fn the_boards_find_the_solutions_of_knuths_tree() {
    // Few givens (many solutions), many (one), changed ones (none, or a
    // clash): the same solutions, or the same count at the limit, as the
    // links without propagation; every solution checked by `verify`.
    let mut rng = Rng::new(41);
    let limit = 60;
    let (mut removed, mut several, mut none) = (0, 0, 0);
    for round in 0..240 {
        let keep = [18, 22, 26, 30, 40, 60][round % 6];
        let puzzle = random_puzzle(&mut rng, keep, round % 4 / 3);
        if puzzle.conflict().is_some() {
            continue;
        }
        let (links, off) = solutions(&puzzle, Propagate::Off, limit);
        let (boards, on) = solutions(&puzzle, Propagate::Blocking, limit);
        assert_eq!(on.stats.solutions, off.stats.solutions, "{puzzle:?}");
        assert_eq!(on.outcome, off.outcome, "{puzzle:?}");
        if off.outcome == Outcome::Exhausted {
            assert_eq!(boards, links, "{puzzle:?}");
        }
        for solution in &boards {
            check_solution(&puzzle, solution).unwrap();
        }
        removed += on.stats.removed;
        several += usize::from(boards.len() > 1);
        none += usize::from(boards.is_empty());
    }
    // The rounds reach every case, and the rule removed options.
    assert!(
        several > 20 && none > 2,
        "{several} with several, {none} with none"
    );
    assert!(removed > 0);
}

#[test]
fn a_blank_grid_counts_as_the_links_count_up_to_a_limit() {
    let blank = Grid::empty(Shape::NINE);
    let (boards, report) = solutions(&blank, Propagate::Blocking, 500);
    assert_eq!(report.outcome, Outcome::SolutionLimit);
    assert_eq!(boards.len(), 500);
    boards.windows(2).for_each(|w| assert_ne!(w[0], w[1]));
    for solution in &boards {
        check_solution(&blank, solution).unwrap();
    }
}

#[test]
fn clashing_givens_get_the_compilers_message() {
    let mut cells = vec![0u8; 81];
    (cells[3], cells[7]) = (5, 5);
    let puzzle = Grid::from_cells(Shape::NINE, cells).unwrap();
    let errors = [Propagate::Off, Propagate::Blocking].map(|p| {
        let mut solver = DlxSolver::for_variant(Variant::plain(Shape::NINE));
        solver.set_propagate(Some(p));
        solver.count_up_to(&puzzle, 2).unwrap_err()
    });
    assert_eq!(errors[0], errors[1]);
    assert!(errors[0].to_string().contains("row 1"), "{}", errors[0]);
}

#[test]
fn every_stop_ends_the_search_as_asked() {
    let blank = Grid::empty(Shape::NINE);
    let mut solver = DlxSolver::for_variant(Variant::plain(Shape::NINE));
    // Auto is the boards for plain 9x9.
    assert_eq!(solver.propagate(), Propagate::Blocking);
    let cut = solver
        .search(
            &blank,
            SearchLimits {
                max_nodes: 7,
                ..SearchLimits::UNLIMITED
            },
            None,
        )
        .unwrap();
    assert_eq!((cut.outcome, cut.stats.nodes), (Outcome::NodeLimit, 7));
    let none = solver
        .search(
            &blank,
            SearchLimits {
                max_nodes: 0,
                ..SearchLimits::UNLIMITED
            },
            None,
        )
        .unwrap();
    assert_eq!((none.outcome, none.stats.nodes), (Outcome::NodeLimit, 0));
    let mut seen = 0;
    let mut stop_at_third = |_: &Grid| {
        seen += 1;
        if seen == 3 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    let stopped = solver
        .search(&blank, SearchLimits::default(), Some(&mut stop_at_third))
        .unwrap();
    assert_eq!(
        (stopped.outcome, stopped.stats.solutions),
        (Outcome::Stopped, 3)
    );
    // A cancel set during the search stops it within a tick.
    let stop = Arc::new(AtomicBool::new(false));
    solver.set_cancel(Some(stop.clone()));
    let mut cancel_at_tenth = |_: &Grid| {
        seen += 1;
        if seen == 13 {
            stop.store(true, Ordering::Relaxed);
        }
        ControlFlow::Continue(())
    };
    let cancelled = solver
        .search(&blank, SearchLimits::default(), Some(&mut cancel_at_tenth))
        .unwrap();
    assert_eq!(cancelled.outcome, Outcome::Stopped);
    assert!(cancelled.stats.nodes < 10 * TICK_NODES);
    // The solver searches again as new.
    stop.store(false, Ordering::Relaxed);
    let unique = random_puzzle(&mut Rng::new(7), 81, 0);
    assert_eq!(solver.count_up_to(&unique, 2).unwrap().solutions, 1);
}

#[test]
fn a_level_is_the_copy_the_docs_say() {
    assert!(std::mem::size_of::<Boards>() <= 280);
}

#[test]
fn the_root_settles_exactly_the_puzzles_the_deducers_singles_and_intersections_do() {
    settles_as_the_rater_does(|p| solutions(p, Propagate::Blocking, 2).1.stats.nodes == 1);
}

#[test]
fn pencil_marks_give_the_solutions_of_knuths_tree() {
    // Sukaku: no givens or a few, each cell's digits restricted by marks
    // that keep the planted solution's digit (or, in one puzzle out of
    // five, drop it somewhere, which may leave no solution).
    let mut rng = Rng::new(43);
    let (mut several, mut none) = (0, 0);
    for round in 0..120 {
        let full = solved_grid(Shape::NINE, |k| rng.below(k));
        let marks: Vec<u64> = full
            .cells()
            .iter()
            .map(|&d| {
                let noise = rng.below(512) as u64;
                let keep = round % 5 != 0 || rng.below(9) != 0;
                noise | u64::from(keep) << (d - 1)
            })
            .collect();
        let rules = Variant::plain(Shape::NINE).with_candidates(marks).unwrap();
        let mut cells = vec![0u8; 81];
        for &cell in &rng.permutation(81)[..[0, 3, 8][round % 3]] {
            cells[cell] = full.cells()[cell];
        }
        let puzzle = Grid::from_cells(Shape::NINE, cells).unwrap();
        let runs = [Propagate::Off, Propagate::Blocking].map(|p| {
            match solutions_with(&rules, p, &puzzle, SearchLimits::solutions(30)) {
                Ok((mut found, report)) => {
                    found.sort_by(|a, b| a.cells().cmp(b.cells()));
                    (found, Ok((report.outcome, report.stats.solutions)))
                }
                Err(e) => (Vec::new(), Err(e)),
            }
        });
        assert_eq!(runs[0].1, runs[1].1, "round {round}");
        if runs[0].1 == Ok((Outcome::Exhausted, runs[0].0.len() as u128)) {
            assert_eq!(runs[0].0, runs[1].0, "round {round}");
        }
        for solution in &runs[1].0 {
            crate::sudoku::verify::check_variant(&rules, &puzzle, solution).unwrap();
        }
        several += usize::from(runs[1].0.len() > 1);
        none += usize::from(runs[1].0.is_empty());
    }
    assert!(
        several > 5 && none > 5,
        "{several} with several, {none} with none"
    );
}
