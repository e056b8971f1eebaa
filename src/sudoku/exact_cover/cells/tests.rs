//! The cells' search on its own: which rules it takes and pays for, and
//! searches held to the compiler's (the kinds' brute-force tests in
//! `rules/tests.rs` run it too, as `Propagate::Rules`, on 4x4 and 6x6).

use super::{Model, Rule, Total, pays};
use crate::dlx::{Propagate, SearchLimits};
use crate::sudoku::constraint::{Constraint, Relation};
use crate::sudoku::exact_cover::CellSearch;
use crate::sudoku::exact_cover::tests::{settles_as_the_rater_does, solutions_with};
use crate::sudoku::verify::check_variant;
use crate::sudoku::{Grid, Shape, Variant};

fn with(shape: Shape, constraints: Vec<Constraint>) -> Variant {
    Variant::plain(shape)
        .with_constraints(constraints)
        .expect("valid")
}

/// The cells of row `r` of a 9x9 grid, left to right.
fn row(r: u16) -> Vec<u16> {
    (0..9).map(|c| r * 9 + c).collect()
}

#[test]
fn renban_and_quadruples_have_no_propagator_and_sums_past_127_do_not_fit() {
    let nine = Shape::NINE;
    assert!(Model::of(&with(nine, vec![Constraint::Renban(vec![0, 1, 2])])).is_none());
    let quad = Constraint::Quadruple {
        cells: vec![0, 1, 9, 10],
        digits: vec![1, 2],
    };
    assert!(Model::of(&with(nine, vec![quad])).is_none());
    // A 16x16 diagonal of 16 cells could add up to 256.
    let sixteen = Shape::for_side(16).unwrap();
    let diagonal: Vec<u16> = (0..16).map(|i| i * 17).collect();
    let big = Constraint::LittleKiller {
        cells: diagonal,
        sum: 100,
    };
    assert!(Model::of(&with(sixteen, vec![big])).is_none());
    // A sandwich does fit, and makes its filling sets by length.
    let m = Model::of(&with(
        nine,
        vec![Constraint::Sandwich {
            cells: row(0),
            sum: 5,
        }],
    ))
    .unwrap();
    let fillings = m.rules.iter().find_map(|r| match r {
        Rule::Sandwich { fillings, .. } => Some(fillings.clone()),
        _ => None,
    });
    // 5 = 5 or 2 + 3 between the 1 and the 9 (digit d is bit d - 1).
    let fillings = fillings.expect("a sandwich rule");
    assert_eq!(fillings[1], vec![1 << 4]);
    assert_eq!(fillings[2], vec![1 << 1 | 1 << 2]);
    assert!(fillings[0].is_empty() && fillings[3..].iter().all(Vec::is_empty));
}

#[test]
fn the_path_is_chosen_by_what_the_rules_tie() {
    let nine = Shape::NINE;
    let dot = Constraint::Dot {
        cells: [0, 1],
        relation: Relation::Difference(1),
    };
    assert!(pays(&with(nine, vec![dot.clone()])));
    assert!(pays(&with(
        nine,
        vec![Constraint::Thermometer(vec![0, 1, 2])]
    )));
    // Different digits only, or a rule with no propagator here.
    assert!(!pays(&with(
        nine,
        vec![Constraint::Distinct(vec![0, 10, 20])]
    )));
    assert!(!pays(&with(
        nine,
        vec![dot, Constraint::Renban(vec![3, 4])]
    )));
    assert!(!pays(&Variant::plain(nine).with_diagonals()));
}

#[test]
fn a_band_rule_per_band_and_stack_replaces_the_meetings_of_lines_and_boxes() {
    let m = Model::of(&Variant::plain(Shape::NINE).with_diagonals()).unwrap();
    let bands = m
        .rules
        .iter()
        .filter(|r| matches!(r, Rule::Band { .. }))
        .count();
    let meets = m
        .rules
        .iter()
        .filter(|r| matches!(r, Rule::Meet { .. }))
        .count();
    assert_eq!(bands, 6);
    // Each diagonal meets each of its three boxes in three cells, and the
    // two meet the centre box; rows and columns meet a diagonal once.
    assert_eq!(meets, 6);
    // Every cell is watched by its three houses, its band and its stack.
    let watched = |w: &[(u32, u64)]| w.iter().map(|(_, b)| b.count_ones()).sum::<u32>();
    assert!(m.wake.iter().all(|w| watched(w) >= 5));
}

/// Every solution under `propagate`, sorted, each checked by the checker.
fn sorted(variant: &Variant, puzzle: &Grid, propagate: Propagate) -> (Vec<Grid>, u64) {
    let (mut grids, report) =
        solutions_with(variant, propagate, puzzle, SearchLimits::default()).expect("compiles");
    for g in &grids {
        check_variant(variant, puzzle, g).unwrap_or_else(|e| panic!("{e}"));
    }
    grids.sort_by(|a, b| a.cells().cmp(b.cells()));
    (grids, report.stats.nodes)
}

#[test]
fn a_sandwich_row_and_a_thermometer_on_an_empty_9x9_grid_count_alike_both_ways() {
    // A solved grid with twelve cells emptied, row 3 (2 1 4 3 6 5 8 9 7)
    // sandwiching 26 between its 1 and 9, and a thermometer from its 1 to
    // its 4: few enough solutions to list, at least the grid's.
    let solved =
        "123456789456789123789123456214365897365897214897214365531642978642978531978531642";
    let mut cells: Vec<u8> = solved.bytes().map(|b| b - b'0').collect();
    for k in [0, 1, 9, 10, 30, 31, 40, 41, 50, 60, 70, 80] {
        cells[k] = 0;
    }
    let puzzle = Grid::from_cells(Shape::NINE, cells).unwrap();
    let rules = with(
        Shape::NINE,
        vec![
            Constraint::Sandwich {
                cells: row(3),
                sum: 26,
            },
            Constraint::Thermometer(vec![28, 29]),
        ],
    );
    let (off, _) = sorted(&rules, &puzzle, Propagate::Off);
    let (on, nodes) = sorted(&rules, &puzzle, Propagate::Rules);
    assert_eq!(on, off);
    assert!(on.iter().any(|g| {
        g.cells()
            .iter()
            .map(|d| (b'0' + d) as char)
            .collect::<String>()
            == solved
    }));
    assert!(nodes <= 20, "{nodes}");
}

#[test]
fn the_same_puzzle_searched_twice_gives_the_same_tree() {
    // The weights of the choice start anew with each puzzle.
    let rules = with(
        Shape::NINE,
        vec![
            Constraint::LittleKiller {
                cells: (0..9).map(|i| i * 10).collect(),
                sum: 45,
            },
            Constraint::Dot {
                cells: [0, 1],
                relation: Relation::Ratio(2),
            },
        ],
    );
    let puzzle = Grid::empty(Shape::NINE);
    let limits = SearchLimits {
        max_solutions: 3,
        max_nodes: 100_000,
    };
    let mut solver = crate::sudoku::exact_cover::DlxSolver::for_variant(rules.clone());
    solver.set_propagate(Some(Propagate::Rules));
    let first = crate::sudoku::SudokuSolver::search(&mut solver, &puzzle, limits, None).unwrap();
    let second = crate::sudoku::SudokuSolver::search(&mut solver, &puzzle, limits, None).unwrap();
    assert_eq!(first.stats, second.stats);
    assert_eq!(first.stats.solutions, 3);
}

#[test]
fn a_corner_diagonal_leaves_its_box_an_innie_and_a_crossing_one_an_outie() {
    // Box 1 (cells 0-2, 9-11, 18-20) of the solved grid below holds
    // 1 2 3 / 4 5 6 / 7 8 9. Its corner diagonal R1C2-R2C1 (cells 1, 9)
    // adds up to 2 + 4 = 6; the diagonal R1C3-R2C4 (cells 2, 12) holds 3
    // and 7, 10, with one cell in the box's rest and one outside.
    let solved =
        "123456789456789123789123456214365897365897214897214365531642978642978531978531642";
    let corner = Constraint::LittleKiller {
        cells: vec![1, 9],
        sum: 6,
    };
    let crossing = Constraint::LittleKiller {
        cells: vec![2, 12],
        sum: 10,
    };
    let rules = with(Shape::NINE, vec![corner, crossing]);
    let m = Model::of(&rules).unwrap();
    // The rest of the box: seven cells of 45 - 6 = 39 in different digits.
    let rest: Vec<u16> = vec![0, 2, 10, 11, 18, 19, 20];
    assert!(
        m.rules
            .iter()
            .any(|r| matches!(r, Rule::Cage { cells, .. } if *cells == rest))
    );
    // The rest less cell 2, less cell 12, makes 39 - 10 = 29; but the rest
    // less cell 2 has six cells, past the four an outie may have.
    assert!(!m.rules.iter().any(|r| matches!(r, Rule::Linear { .. })));
    // With the box filled but for a corner and three cells, the rest is
    // four cells, and the outie appears: cells 2, 10, 11 and 0 less 12.
    let more = with(
        Shape::NINE,
        vec![
            Constraint::LittleKiller {
                cells: vec![1, 9],
                sum: 6,
            },
            Constraint::Cage {
                cells: vec![18, 19, 20],
                sum: Some(24),
            },
            Constraint::LittleKiller {
                cells: vec![2, 12],
                sum: 10,
            },
        ],
    );
    let m = Model::of(&more).unwrap();
    let outie = m.rules.iter().find_map(|r| match r {
        Rule::Linear { plus, minus, total } => Some((plus.clone(), minus.clone(), *total)),
        _ => None,
    });
    // 45 - 6 - 24 = 15 in cells 0, 2, 10, 11; less cell 2 and less 12
    // (10 - cell 2): 15 - 10 = 5 = 1 + 5 + 6 - 7.
    assert_eq!(outie, Some((vec![0, 10, 11], vec![12], 5)));
    // And the solutions are those of the compiler's path.
    same_as_the_compilers(&more, solved, |k| {
        [0, 2, 10, 11, 12, 13, 14, 30, 40, 50].contains(&k)
    });
}

/// Blanks the cells `blank` of the solved 9x9 grid `solved` and checks
/// that the cells' search finds the compiler's solutions (some).
fn same_as_the_compilers(rules: &Variant, solved: &str, blank: impl Fn(usize) -> bool) {
    let mut cells: Vec<u8> = solved.bytes().map(|b| b - b'0').collect();
    for (k, c) in cells.iter_mut().enumerate() {
        if blank(k) {
            *c = 0;
        }
    }
    let puzzle = Grid::from_cells(Shape::NINE, cells).unwrap();
    let (off, _) = sorted(rules, &puzzle, Propagate::Off);
    let (on, _) = sorted(rules, &puzzle, Propagate::Rules);
    assert_eq!(on, off);
    assert!(!on.is_empty());
}

#[test]
fn little_killers_on_most_diagonals_leave_the_rest_of_the_grid_a_sum() {
    let solved =
        "123456789456789123789123456214365897365897214897214365531642978642978531978531642";
    let digit = |c: u16| u32::from(solved.as_bytes()[c as usize] - b'0');
    // Every diagonal down and to the right (column less row `k`) but
    // R1C8-R2C9 (cells 7, 17) and R9C1 (cell 72), each with its sum.
    let diagonals: Vec<Constraint> = (-8i32..=8)
        .filter(|k| ![7, -8].contains(k))
        .map(|k| {
            let cells: Vec<u16> = (0..9i32)
                .filter(|r| (0..9).contains(&(r + k)))
                .map(|r| (r * 9 + r + k) as u16)
                .collect();
            let sum = cells.iter().map(|&c| digit(c)).sum();
            Constraint::LittleKiller { cells, sum }
        })
        .collect();
    let rules = with(Shape::NINE, diagonals);
    let m = Model::of(&rules).unwrap();
    // The grid's 405 less the fifteen sums: the three cells left, in
    // groups that see each other (cells 7 and 17 share a box).
    let rest = m.rules.iter().find_map(|r| match r {
        Rule::Sum {
            groups,
            total: Total::Fixed(t),
        } if groups.concat() == [7, 17, 72] => Some((groups.len(), *t)),
        _ => None,
    });
    assert_eq!(rest, Some((2, digit(7) + digit(17) + digit(72))));
    // And the solutions are those of the compiler's path.
    same_as_the_compilers(&rules, solved, |k| k % 2 == 0 || k % 7 == 0);
}

#[test]
fn the_root_settles_exactly_the_puzzles_the_raters_singles_and_intersections_do() {
    // The cells' houses (hidden singles), placed cells (naked singles)
    // and bands (pointing and claiming) on plain 9x9, which `auto` runs on
    // the bit boards: held to the rater's copy of the same rules.
    let mut search = CellSearch::of(&Variant::plain(Shape::NINE)).unwrap();
    settles_as_the_rater_does(|p| {
        let report = search.search(p, SearchLimits::solutions(2), None, None);
        report.unwrap().stats.nodes == 1
    });
}
