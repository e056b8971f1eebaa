use super::*;
use crate::sudoku::verify::{check_variant, every_latin_square};
use crate::sudoku::{DlxSolver, NaiveSolver, Shape, Variant};

/// The true candidates of a 4x4 puzzle by brute force: the union of every
/// Latin square that the independent checker accepts.
fn brute_force_4x4(variant: &Variant, puzzle: &Grid) -> (Vec<u64>, usize) {
    let mut masks = vec![0u64; 16];
    let mut count = 0;
    for cells in every_latin_square(4) {
        let grid = Grid::from_cells(puzzle.shape(), cells).unwrap();
        if check_variant(variant, puzzle, &grid).is_ok() {
            count += 1;
            for (m, &d) in masks.iter_mut().zip(grid.cells()) {
                *m |= 1 << (d - 1);
            }
        }
    }
    (masks, count)
}

fn shape(r: usize, c: usize) -> Shape {
    Shape::new(r, c).unwrap()
}

fn grid(shape: Shape, line: &str) -> Grid {
    let cells = line
        .bytes()
        .map(|b| if b == b'.' { 0 } else { b - b'0' })
        .collect();
    Grid::from_cells(shape, cells).unwrap()
}

/// Asserts that the candidates of `puzzle` under `variant` are those of
/// brute force, settled, with the right uniqueness.
fn agrees_with_brute_force(variant: &Variant, puzzle: &Grid) {
    let (expected, count) = brute_force_4x4(variant, puzzle);
    let mut solver = DlxSolver::for_variant(variant.clone());
    match true_candidates(&mut solver, puzzle, u64::MAX) {
        Ok(found) => {
            assert!(found.is_settled());
            assert_eq!(found.masks, expected, "{puzzle:?} under {}", variant.name());
            assert_eq!(found.solutions, count.min(2) as u64);
            assert_eq!(found.is_unique(), count == 1);
            assert!(found.unsettled.iter().all(|&m| m == 0));
        }
        // Clashing givens: brute force finds no solution either.
        Err(PuzzleError::Conflict(_) | PuzzleError::Cage { .. }) => assert_eq!(count, 0),
        Err(e) => panic!("{e}"),
    }
}

/// A few puzzles of every kind of 4x4 rules: the givens of each are a
/// subset of one solution's, so most have many solutions.
fn puzzles_4x4() -> Vec<Grid> {
    let s = shape(2, 2);
    [
        "................",
        "1...............",
        "12..............",
        "1..2............",
        "1....2....3....4",
        "12..34..........",
        "1.3..4.2........",
        "..3.....4......1",
        "1234............",
        "1...2...3...4...",
    ]
    .iter()
    .map(|l| grid(s, l))
    .collect()
}

#[test]
fn plain_4x4_candidates_are_those_of_brute_force() {
    let v = Variant::plain(shape(2, 2));
    for p in puzzles_4x4() {
        agrees_with_brute_force(&v, &p);
    }
}

#[test]
fn variant_4x4_candidates_are_those_of_brute_force() {
    let s = shape(2, 2);
    let jigsaw: Vec<char> = "aabbaabbccddccdd".chars().collect();
    let jigsaw2: Vec<char> = "aaabcabbccdbcddd".chars().collect();
    let labels: Vec<Option<char>> = "AABBCDDBCEEFGGHF"
        .chars()
        .map(|c| (c != '.').then_some(c))
        .collect();
    let sums = [
        ('A', 3),
        ('B', 9),
        ('C', 5),
        ('D', 5),
        ('E', 5),
        ('F', 4),
        ('G', 7),
        ('H', 2),
    ];
    let mut marks = vec![0b1111u64; 16];
    marks[0] = 0b0011;
    marks[5] = 0b1100;
    marks[15] = 0b0101;
    let variants = [
        Variant::plain(s).with_diagonals(),
        Variant::plain(s).with_regions(&jigsaw).unwrap(),
        Variant::plain(s).with_regions(&jigsaw2).unwrap(),
        Variant::plain(s).with_cages(&labels, &sums).unwrap(),
        Variant::plain(s).with_candidates(marks.clone()).unwrap(),
        Variant::plain(s)
            .with_diagonals()
            .with_candidates(marks)
            .unwrap(),
    ];
    for v in &variants {
        // Every rule set has solutions, so the comparisons say something.
        assert!(brute_force_4x4(v, &Grid::empty(s)).1 > 0, "{}", v.name());
        for p in puzzles_4x4() {
            agrees_with_brute_force(v, &p);
        }
    }
}

#[test]
fn six_by_six_candidates_are_the_union_of_every_solution() {
    // Few givens: hundreds of solutions, each checked on its own.
    let s = shape(2, 3);
    let puzzle = grid(s, "123456.....1........................");
    let v = Variant::plain(s);
    let mut solver = DlxSolver::for_variant(v.clone());
    let mut union = vec![0u64; 36];
    let mut count = 0u64;
    solver
        .search(
            &puzzle,
            SearchLimits::UNLIMITED,
            Some(&mut |g: &Grid| {
                check_variant(&v, &puzzle, g).unwrap();
                mark_solution(&mut union, g);
                count += 1;
                ControlFlow::Continue(())
            }),
        )
        .unwrap();
    // The naive DFS, another solver, counts the same.
    let naive = NaiveSolver::new().count_up_to(&puzzle, u64::MAX).unwrap();
    assert_eq!(naive.solutions, u128::from(count));
    assert!(count > 2);
    let found = true_candidates(&mut solver, &puzzle, u64::MAX).unwrap();
    assert!(found.is_settled());
    assert_eq!(found.masks, union);
    assert_eq!(found.solutions, 2);
    // Fewer searches than candidates: solutions mark most of them.
    let marks: u32 = union.iter().map(|m| m.count_ones()).sum();
    assert!(found.searches < u64::from(marks), "{}", found.searches);
}

#[test]
fn a_unique_puzzle_takes_one_search_and_no_solution_marks_nothing() {
    let s = shape(2, 2);
    let v = Variant::plain(s);
    let mut solver = DlxSolver::for_variant(v.clone());
    let unique = grid(s, ".2..3..1..1.4...");
    let (expected, count) = brute_force_4x4(&v, &unique);
    assert_eq!(count, 1);
    let found = true_candidates(&mut solver, &unique, u64::MAX).unwrap();
    assert_eq!((found.searches, found.solutions), (1, 1));
    assert!(found.is_unique());
    assert_eq!(found.masks, expected);
    // No clash among the givens, yet no solution.
    let none = grid(s, "12....3.........");
    assert_eq!(brute_force_4x4(&v, &none).1, 0);
    let found = true_candidates(&mut solver, &none, u64::MAX).unwrap();
    assert!(found.is_settled());
    assert_eq!(found.solutions, 0);
    assert!(found.masks.iter().all(|&m| m == 0));
}

#[test]
fn a_node_bound_leaves_the_rest_undecided_and_never_claims_too_much() {
    let s = shape(3, 3);
    let v = Variant::plain(s);
    let mut solver = DlxSolver::for_variant(v);
    let mut puzzle = Grid::empty(s);
    puzzle.set(0, 0, 5);
    let full = true_candidates(&mut solver, &puzzle, u64::MAX).unwrap();
    assert!(full.is_settled());
    for bound in [1, 10, 100, 500] {
        let cut = true_candidates(&mut solver, &puzzle, bound).unwrap();
        assert_eq!(cut.outcome, Outcome::NodeLimit, "bound {bound}");
        assert!(cut.stats.nodes <= bound);
        for ((&m, &u), &t) in cut.masks.iter().zip(&cut.unsettled).zip(&full.masks) {
            assert_eq!(m & !t, 0, "claims a digit that is no candidate");
            assert_eq!(t & !(m | u), 0, "a candidate neither found nor left open");
            assert_eq!(m & u, 0);
        }
    }
}

#[test]
fn candidate_counts_are_those_of_brute_force() {
    // Each candidate's count, against the Latin squares that the
    // independent checker accepts with that digit in that cell: exact up
    // to the limit, and limit + 1 for more.
    let v = Variant::plain(shape(2, 2));
    for limit in [1, 3, 1000] {
        for p in puzzles_4x4() {
            let mut solver = DlxSolver::for_variant(v.clone());
            let Ok(found) = true_candidates(&mut solver, &p, u64::MAX) else {
                continue;
            };
            let counts = candidate_counts(&mut solver, &p, &found.masks, limit, u64::MAX).unwrap();
            assert_eq!(counts.outcome, Outcome::Exhausted);
            let mut want = vec![0u64; 64];
            for cells in every_latin_square(4) {
                let g = Grid::from_cells(p.shape(), cells).unwrap();
                if check_variant(&v, &p, &g).is_ok() {
                    for (cell, &d) in g.cells().iter().enumerate() {
                        want[cell * 4 + d as usize - 1] += 1;
                    }
                }
            }
            let want: Vec<u64> = want.iter().map(|&c| c.min(limit + 1)).collect();
            assert_eq!(counts.counts, want, "{p:?} up to {limit}");
        }
    }
}
