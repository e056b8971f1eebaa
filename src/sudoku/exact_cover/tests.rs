use super::*;
use crate::dlx::FlatProblem;
use crate::dlx::{ItemId, ItemKind, OptionId, Problem};
use crate::sudoku::verify::{check_solution, check_variant};

/// The full matrix of `shape` with `puzzle`'s givens forced: what the
/// reduced matrix must search exactly like.
fn forced_full_count(puzzle: &Grid, limit: u64) -> (u128, u64) {
    let shape = puzzle.shape();
    let n = shape.n();
    let nn = n * n;
    let mut p = Problem::new();
    for _ in 0..4 * nn {
        p.add_item(ItemKind::Primary);
    }
    for r in 0..n {
        for c in 0..n {
            let b = shape.box_of(r, c);
            for d in 0..n {
                let items = [
                    r * n + c,
                    nn + r * n + d,
                    2 * nn + c * n + d,
                    3 * nn + b * n + d,
                ];
                p.add_option(&items.map(|i| ItemId(i as u32))).unwrap();
            }
        }
    }
    let arena = Bump::new();
    let mut m = p.build(&arena).unwrap();
    for (cell, &d) in puzzle.cells().iter().enumerate() {
        if d != 0 {
            m.force(OptionId((cell * n + d as usize - 1) as u32))
                .unwrap();
        }
    }
    let count = m.count_up_to(limit);
    (count.solutions, count.stats.nodes)
}

/// Candidates counted cell by cell, digit by digit, by scanning the
/// row, column and box (no masks).
fn candidates(puzzle: &Grid) -> usize {
    let shape = puzzle.shape();
    let n = shape.n();
    let mut total = 0;
    for r in 0..n {
        for c in 0..n {
            if puzzle.get(r, c) != 0 {
                continue;
            }
            for d in 1..=n as u8 {
                let seen = (0..n).any(|i| puzzle.get(r, i) == d || puzzle.get(i, c) == d)
                    || shape
                        .box_cells(shape.box_of(r, c))
                        .any(|(rr, cc)| puzzle.get(rr, cc) == d);
                total += usize::from(!seen);
            }
        }
    }
    total
}

fn puzzle(line: &str) -> Grid {
    let cells = line
        .bytes()
        .map(|b| if b == b'.' { 0 } else { b - b'0' })
        .collect();
    Grid::from_cells(Shape::NINE, cells).unwrap()
}

const SEVENTEEN: &str =
    "...8.1..........435............7.8........1...2..3....6......75..34........2..6..";

#[test]
fn a_blank_grid_compiles_to_the_full_matrix() {
    let mut s = DlxSolver::new(Shape::NINE);
    let (items, options) = s
        .with_matrix(&Grid::empty(Shape::NINE), |m, _| {
            (m.item_count(), m.option_count())
        })
        .unwrap();
    assert_eq!((items, options), (324, 729));
}

#[test]
fn givens_leave_only_their_candidates_and_uncovered_items() {
    let g = puzzle(SEVENTEEN);
    let mut s = DlxSolver::new(Shape::NINE);
    let (items, options) = s
        .with_matrix(&g, |m, _| (m.item_count(), m.option_count()))
        .unwrap();
    // 64 empty cells, and 81 - 17 missing digits in each kind of unit.
    assert_eq!(items, 4 * 64);
    assert_eq!(options, candidates(&g));
}

#[test]
fn the_reduced_search_is_the_forced_full_search() {
    // Knuth's tree: the links without propagation.
    let mut s = DlxSolver::new(Shape::NINE);
    s.set_propagate(Some(Propagate::Off));
    let mut g = puzzle(SEVENTEEN);
    for (limit, blank_from) in [(2, 81), (1, 81), (50, 60), (50, 40)] {
        for cell in blank_from..81 {
            g.set(cell / 9, cell % 9, 0);
        }
        let count = s.count_up_to(&g, limit).unwrap();
        assert_eq!(
            (count.solutions, count.stats.nodes),
            forced_full_count(&g, limit),
            "limit {limit}, blank from {blank_from}"
        );
    }
}

#[test]
fn the_matrix_is_restored_after_every_kind_of_stop() {
    let g = puzzle(SEVENTEEN);
    let mut s = DlxSolver::new(Shape::NINE);
    s.with_matrix(&g, |m, _| {
        let before = m.state_digest();
        for limit in [1, 2, u64::MAX] {
            m.count_up_to(limit);
            m.sanity().unwrap();
            assert_eq!(m.state_digest(), before);
        }
    })
    .unwrap();
}

#[test]
fn solutions_keep_the_givens_and_a_full_grid_is_its_own_solution() {
    let g = puzzle(SEVENTEEN);
    let mut s = DlxSolver::new(Shape::NINE);
    let solved = s.unique_solution(&g).unwrap().expect("unique");
    check_solution(&g, &solved).unwrap();
    assert_eq!(s.solve_first(&solved).unwrap(), Some(solved.clone()));
    assert_eq!(s.count_up_to(&solved, 2).unwrap().solutions, 1);
}

#[test]
fn clashing_givens_and_other_shapes_are_refused() {
    let mut s = DlxSolver::new(Shape::NINE);
    let mut g = Grid::empty(Shape::NINE);
    g.set(0, 0, 5);
    g.set(0, 8, 5);
    assert!(matches!(
        s.count_up_to(&g, 2),
        Err(PuzzleError::Conflict(_))
    ));
    let four = Grid::empty(Shape::FOUR);
    assert!(matches!(
        s.count_up_to(&four, 2),
        Err(PuzzleError::Shape { .. })
    ));
}

/// Rules of `shape` with the cages `labels` (one symbol per cell, `.`
/// for none) and `sums`, diagonals too if `x`.
fn killer(shape: Shape, labels: &str, sums: &[(char, u32)], x: bool) -> Variant {
    let labels: Vec<Option<char>> = labels.chars().map(|c| (c != '.').then_some(c)).collect();
    let base = Variant::plain(shape);
    let base = if x { base.with_diagonals() } else { base };
    base.with_cages(&labels, sums).unwrap()
}

/// Every solution of `g` (up to `limit`) with the cages compiled as
/// `cages` says, each checked against the rules, sorted; and which
/// cages were compiled to their placements.
fn solutions(v: &Variant, g: &Grid, cages: Cages, limit: usize) -> (Vec<Grid>, Vec<bool>) {
    let mut s = DlxSolver::for_variant(v.clone());
    s.prepare(g, cages).unwrap();
    let arena = Bump::new();
    let mut m = Matrix::from_flat(
        &arena,
        FlatProblem::all_primary(s.compiled.items, &s.compiled.entries, &s.compiled.ends),
    )
    .unwrap();
    let placements = s.placements();
    let mut found = Vec::new();
    m.search(
        &mut |sol: &Solution<'_, '_>| {
            let grid = placements.fill(g, sol);
            check_variant(v, g, &grid).unwrap();
            found.push(grid);
            if found.len() == limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        },
        SearchLimits::UNLIMITED,
    );
    found.sort_by(|a, b| a.cells().cmp(b.cells()));
    (found, s.settled.by_placement.clone())
}

/// Both encodings find the same solutions of `g`, all of them (fewer
/// than `limit`); returns how many, and which cages took placements.
fn both_alike(v: &Variant, g: &Grid, limit: usize) -> (usize, Vec<bool>) {
    let (by_placement, chosen) = solutions(v, g, Cages::Placements, limit);
    let (by_set, none) = solutions(v, g, Cages::Sets, limit);
    assert!(
        none.iter().all(|&p| !p),
        "the set encoding takes no placements"
    );
    assert!(by_placement.len() < limit, "every solution found");
    assert_eq!(by_placement, by_set);
    (by_placement.len(), chosen)
}

/// The 4x4 killer + X of docs/variants.md.
const KILLER4: &str = "AABBACCBACCDEEDD";
const SUMS4: [(char, u32); 5] = [('A', 10), ('B', 9), ('C', 10), ('D', 8), ('E', 3)];

#[test]
fn placement_and_set_encodings_find_the_same_solutions() {
    let four = Shape::FOUR;
    // With and without the diagonals, with no givens (every cage fits
    // the cap: 4 cells have at most 24 placements).
    for x in [false, true] {
        let v = killer(four, KILLER4, &SUMS4, x);
        let (count, chosen) = both_alike(&v, &Grid::empty(four), 1000);
        assert!(count >= 1);
        assert!(chosen.iter().all(|&p| p));
    }
    // Cages over part of the grid only.
    let v = killer(
        four,
        "AA....BB....CC..",
        &[('A', 3), ('B', 3), ('C', 5)],
        false,
    );
    assert_eq!(both_alike(&v, &Grid::empty(four), 1000).0, 8);
    // The 6x6 killer of data/formats/variant_multi.in, blank and with
    // its givens.
    let six = Shape::new(2, 3).unwrap();
    let sums = [
        ('A', 10),
        ('B', 5),
        ('C', 18),
        ('D', 14),
        ('E', 16),
        ('F', 8),
        ('G', 14),
        ('H', 4),
        ('I', 3),
        ('J', 11),
        ('K', 15),
        ('L', 7),
        ('M', 1),
    ];
    let v = killer(six, "AAABCCADDBECFDDEECFGHEIIJGGGKKJJLLKM", &sums, false);
    let mut g = Grid::empty(six);
    assert_eq!(both_alike(&v, &g, 1000).0, 4);
    g.set(1, 3, 1);
    g.set(4, 5, 5);
    assert_eq!(both_alike(&v, &g, 100).0, 1);
}

#[test]
fn a_cage_above_the_cap_keeps_its_digit_sets() {
    // A cage over the first row (its 7 empty cells have 5,040
    // placements) next to small ones, on a 17-clue puzzle whose
    // solution gives the sums.
    let g = puzzle(SEVENTEEN);
    let solved = DlxSolver::new(Shape::NINE)
        .unique_solution(&g)
        .unwrap()
        .unwrap();
    let mut labels = vec!['.'; 81];
    labels[..9].fill('R');
    labels[9..11].fill('a');
    labels[30..33].fill('b');
    let sum = |cells: std::ops::Range<usize>| cells.map(|k| u32::from(solved.cells()[k])).sum();
    let sums = [('R', 45), ('a', sum(9..11)), ('b', sum(30..33))];
    let labels: String = labels.into_iter().collect();
    let v = killer(Shape::NINE, &labels, &sums, false);
    let (count, chosen) = both_alike(&v, &g, 10);
    assert_eq!(count, 1);
    assert_eq!(chosen, [false, true, true]);
    // The solution's first 45 cells blanked: several solutions, the
    // same both ways.
    let mut fewer = solved.clone();
    for cell in 0..45 {
        fewer.set(cell / 9, cell % 9, 0);
    }
    let (count, chosen) = both_alike(&v, &fewer, 20_000);
    assert_eq!(count, 7690);
    assert_eq!(chosen, [false, true, true]);
    // The solver's own search agrees.
    let mut s = DlxSolver::for_variant(v);
    assert_eq!(
        s.count_up_to(&fewer, 20_000).unwrap().solutions,
        count as u128
    );
}

#[test]
fn givens_inside_cages_leave_the_placements_of_the_other_cells() {
    let four = Shape::FOUR;
    let v = killer(four, KILLER4, &SUMS4, true);
    let (solved, _) = solutions(&v, &Grid::empty(four), Cages::Placements, 2);
    let solved = &solved[0];
    // A given in cage A (4 cells): its other 3 cells take the rest.
    let mut g = Grid::empty(four);
    g.set(0, 0, solved.get(0, 0));
    let (count, chosen) = both_alike(&v, &g, 1000);
    assert!(count >= 1);
    assert!(chosen.iter().all(|&p| p));
    // Cage E (r4c1, r4c2) given whole: nothing of it is left to place.
    g.set(3, 0, solved.get(3, 0));
    g.set(3, 1, solved.get(3, 1));
    let mut s = DlxSolver::for_variant(v.clone());
    s.prepare(&g, Cages::Placements).unwrap();
    assert!(!s.settled.by_placement[4]);
    assert_eq!(
        both_alike(&v, &g, 1000).0,
        s.count_up_to(&g, 1000).unwrap().solutions as usize
    );
    // Placements keep the given's digit out of the cage's other cells.
    let mut s = DlxSolver::for_variant(v.clone());
    let mut g = Grid::empty(four);
    g.set(0, 0, 1);
    s.prepare(&g, Cages::Placements).unwrap();
    let placed = s.placements();
    let cage_a: Vec<(usize, usize, u8)> = (0..s.compiled.ends.len() as u32)
        .flat_map(|k| placed.each(OptionId(k)).collect::<Vec<_>>())
        .filter(|&(r, c, _)| [(0, 1), (1, 0), (2, 0)].contains(&(r, c)))
        .collect();
    assert!(!cage_a.is_empty());
    assert!(cage_a.iter().all(|&(_, _, d)| d != 1));
}

#[test]
fn a_given_that_breaks_its_cage_is_refused_and_an_unfillable_cage_has_no_solution() {
    let four = Shape::FOUR;
    let v = killer(four, KILLER4, &SUMS4, false);
    // Cage E (r4c1, r4c2, sum 3) can only hold 1 and 2.
    let mut g = Grid::empty(four);
    g.set(3, 1, 3);
    let mut s = DlxSolver::for_variant(v.clone());
    assert!(matches!(
        s.count_up_to(&g, 2),
        Err(PuzzleError::Cage { label: 'E', sum: 3 })
    ));
    // Givens 1 and 2 above it in column 1 leave cage E no placement
    // (its set holds no given, so it is no clash): no solution, both
    // ways.
    let mut g = Grid::empty(four);
    g.set(0, 0, 1);
    g.set(1, 0, 2);
    let (count, chosen) = both_alike(&v, &g, 10);
    assert_eq!(count, 0);
    assert!(chosen[4]);
    assert_eq!(s.count_up_to(&g, 2).unwrap().solutions, 0);
}

#[test]
fn house_sums_deduce_digits_that_every_solution_has() {
    let four = Shape::FOUR;
    // Row 1: cage A (r1c1, r1c2) adds up to 3, so r1c3 + r1c4 = 7;
    // with r1c4 given 4, r1c3 is 3. Cage B (sum 8) lies in column 3,
    // so r4c3 is 10 - 8 = 2 with no given at all.
    let v = killer(four, "AAB...B...B.....", &[('A', 3), ('B', 8)], false);
    let mut s = DlxSolver::for_variant(v.clone());
    s.prepare(&Grid::empty(four), Cages::Placements).unwrap();
    assert_eq!(s.placements().deduced().collect::<Vec<_>>(), [(3, 2, 2)]);
    let mut g = Grid::empty(four);
    g.set(0, 3, 4);
    s.prepare(&g, Cages::Placements).unwrap();
    let mut deduced: Vec<_> = s.placements().deduced().collect();
    deduced.sort();
    assert_eq!(deduced, [(0, 2, 3), (3, 2, 2)]);
    // The set encoding deduces nothing and finds the same solutions,
    // each with the deduced digit written in.
    let (count, _) = both_alike(&v, &g, 1000);
    assert!(count > 1);
    let (found, _) = solutions(&v, &g, Cages::Placements, 1000);
    assert!(
        found
            .iter()
            .all(|grid| grid.get(0, 2) == 3 && grid.get(3, 2) == 2)
    );
    assert_eq!(s.count_up_to(&g, 1000).unwrap().solutions, count as u128);
    // A deduction that is no digit (r1c4 given 1 leaves 6 for r1c3)
    // means no solution, not a clash.
    let mut g = Grid::empty(four);
    g.set(0, 3, 1);
    assert_eq!(both_alike(&v, &g, 10).0, 0);
    assert_eq!(s.count_up_to(&g, 2).unwrap().solutions, 0);
    // Givens that clash are still said to clash.
    g.set(1, 3, 1);
    assert!(matches!(
        s.count_up_to(&g, 2),
        Err(PuzzleError::Conflict(_))
    ));
    // Rows 1 and 2 together hold 20: cages A to C (down columns 1 to
    // 3) and D (r1c4) lie in them, not in one row, so r2c4 is 20 less
    // their sums, which no single house says.
    let v = killer(
        four,
        "ABCDABC.........",
        &[('A', 4), ('B', 6), ('C', 4), ('D', 4)],
        false,
    );
    let mut s = DlxSolver::for_variant(v.clone());
    s.prepare(&Grid::empty(four), Cages::Placements).unwrap();
    assert_eq!(s.placements().deduced().collect::<Vec<_>>(), [(1, 3, 2)]);
    assert!(both_alike(&v, &Grid::empty(four), 1000).0 >= 1);
    // A row tiled by cages whose sums miss 10 has no solution.
    let v = killer(four, "AABB............", &[('A', 3), ('B', 3)], false);
    let mut s = DlxSolver::for_variant(v.clone());
    assert_eq!(both_alike(&v, &Grid::empty(four), 10).0, 0);
    assert_eq!(s.count_up_to(&Grid::empty(four), 2).unwrap().solutions, 0);
}

#[test]
fn a_house_rest_is_a_cage_of_its_own_in_the_search_only() {
    let four = Shape::FOUR;
    // Box 1 holds cage A (r1c1, r1c2, r2c1: 1 + 2 + 3 = 6 in the first
    // solution below), so its fourth cell, r2c2, holds 10 - 6 = 4: a rest
    // of one cell, which the sums deduce, not a rest. Cage B (r2c2, r3c2)
    // crosses box 1's border, so box 3's rest (r3c2, r4c1, r4c2 with
    // cage C = r3c1 alone inside it) mixes a crossing cage's cell with
    // cells in no cage.
    let v = killer(
        four,
        "AA..AB..CB......",
        &[('A', 6), ('B', 5), ('C', 2)],
        false,
    );
    let s = DlxSolver::for_variant(v.clone());
    let rests: Vec<(usize, Vec<u16>)> = s
        .tables
        .rests
        .iter()
        .map(|r| (r.house, r.cells.clone()))
        .collect();
    // Box 3 is house 10 (rows 0-3, columns 4-7, boxes 8-11): its rest is
    // r3c2, r4c1, r4c2, adding up to 10 - 2 = 8.
    assert!(rests.contains(&(10, vec![9, 12, 13])), "{rests:?}");
    let box3 = s.tables.rests.iter().find(|r| r.house == 10).unwrap();
    assert!(box3.sets.iter().all(|&set| {
        let sum: u32 = (0..4).filter(|d| set >> d & 1 == 1).map(|d| d + 1).sum();
        set.count_ones() == 3 && sum == 8
    }));
    let (count, _) = both_alike(&v, &Grid::empty(four), 1000);
    assert!(count > 1);
}

#[test]
fn the_rests_keep_every_solution_of_random_killers() {
    // Random cages on 4x4 and 6x6 grids, their sums read off a solution,
    // a few of its digits given: the search's compile (placements, house
    // sums and rests) finds exactly the solutions of the rating's (digit
    // sets only), each checked against the rules by the checker.
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = |bound: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % bound as u64) as usize
    };
    let mut with_rests = 0;
    for round in 0..80 {
        let shape = if round % 2 == 0 {
            Shape::FOUR
        } else {
            Shape::new(2, 3).unwrap()
        };
        let (br, bc, n) = (shape.box_rows(), shape.box_cols(), shape.n());
        // A solution by the pattern, its digits relabelled.
        let mut relabel: Vec<u8> = (1..=n as u8).collect();
        for i in (1..n).rev() {
            relabel.swap(i, next(i + 1));
        }
        let digit = |r: usize, c: usize| relabel[((r % br) * bc + r / br + c) % n];
        // Cages grown from random cells, each cell's digit new to its cage.
        let mut labels = vec!['.'; n * n];
        let mut sums = Vec::new();
        for k in 0..next(n + 1) + 1 {
            let label = (b'A' + k as u8) as char;
            let start = next(n * n);
            if labels[start] != '.' {
                continue;
            }
            let (mut cells, mut seen) = (vec![start], vec![digit(start / n, start % n)]);
            for _ in 0..next(4) {
                let last = *cells.last().unwrap();
                let (r, c) = (last / n, last % n);
                let step = [(0, 1), (1, 0), (0, n - 1), (n - 1, 0)][next(4)];
                let cell = (r + step.0) % n * n + (c + step.1) % n;
                let d = digit(cell / n, cell % n);
                if labels[cell] == '.' && !cells.contains(&cell) && !seen.contains(&d) {
                    cells.push(cell);
                    seen.push(d);
                }
            }
            for &cell in &cells {
                labels[cell] = label;
            }
            sums.push((label, seen.iter().map(|&d| u32::from(d)).sum()));
        }
        let labels: String = labels.into_iter().collect();
        let v = killer(shape, &labels, &sums, false);
        with_rests += usize::from(!DlxSolver::for_variant(v.clone()).tables.rests.is_empty());
        // A few givens on 4x4; on 6x6 enough that the solutions stay few
        // to list (the blank 6x6 has 28,200,960).
        let mut g = Grid::empty(shape);
        let givens = if n == 4 { next(4) } else { 8 + next(6) };
        for _ in 0..givens {
            let cell = next(n * n);
            g.set(cell / n, cell % n, digit(cell / n, cell % n));
        }
        let (count, _) = both_alike(&v, &g, 50_000);
        assert!(count >= 1, "{labels} {sums:?}");
    }
    assert!(with_rests >= 20, "only {with_rests} variants with rests");
}

#[test]
fn blank_4x4_has_288_solutions() {
    let shape = Shape::new(2, 2).unwrap();
    let mut s = DlxSolver::new(shape);
    let mut seen = std::collections::HashSet::new();
    let report = s
        .search(
            &Grid::empty(shape),
            SearchLimits::UNLIMITED,
            Some(&mut |g: &Grid| {
                check_solution(&Grid::empty(shape), g).unwrap();
                seen.insert(g.clone());
                ControlFlow::Continue(())
            }),
        )
        .unwrap();
    assert_eq!(report.stats.solutions, 288);
    assert_eq!(seen.len(), 288);
}

#[test]
fn blocking_on_rules_without_constraints_keeps_every_count() {
    // Classic puzzles of top1465: the same solutions with blocking (9x9:
    // the bit boards, boards/tests.rs has more) as without (the four-item
    // links), in fewer nodes; tests/it/hard.rs runs killer cages both ways,
    // whose blocking is on links built from a `Problem`.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(dir.join("data/bench/magictour_top1465.txt")).unwrap();
    let (mut nodes_off, mut nodes_on) = (0, 0);
    for line in text.lines().filter(|l| !l.starts_with('#')).take(40) {
        let g = puzzle(line);
        let runs = [Propagate::Off, Propagate::Blocking].map(|p| {
            let rules = Variant::plain(g.shape());
            let (found, report) = solutions_with(&rules, p, &g, SearchLimits::default()).unwrap();
            (found, report.stats)
        });
        assert_eq!(runs[0].0, runs[1].0, "{line}");
        assert_eq!(runs[0].0.len(), 1, "{line}");
        check_solution(&g, &runs[0].0[0]).unwrap();
        assert_eq!(runs[0].1.removed, 0);
        nodes_off += runs[0].1.nodes;
        nodes_on += runs[1].1.nodes;
    }
    assert!(
        nodes_on < nodes_off,
        "{nodes_on} nodes, {nodes_off} without"
    );
}

/// Every solution that a search of `puzzle` under `rules` with
/// `propagate` visits within `limits`, in the order found, and its report:
/// how the tests compare propagators.
pub(super) fn solutions_with(
    rules: &Variant,
    propagate: Propagate,
    puzzle: &Grid,
    limits: SearchLimits,
) -> Result<(Vec<Grid>, Count), PuzzleError> {
    let mut solver = DlxSolver::for_variant(rules.clone());
    solver.set_propagate(Some(propagate));
    let mut found = Vec::new();
    let mut visit = |g: &Grid| {
        found.push(g.clone());
        ControlFlow::Continue(())
    };
    let report = solver.search(puzzle, limits, Some(&mut visit))?;
    Ok((found, report))
}

/// Holds a search's own copy of singles and intersections (written again
/// for speed: the bit boards', the cells') to the rater's
/// (`dlx::deduce`, on the matrix). Both run monotone rules to a fixed
/// point that does not depend on the order, so on 300 puzzles each of
/// 17-clue and top1465, `settled_at_the_root` (a search of the puzzle
/// ended at its root node) holds exactly when the rater settles the
/// puzzle without a guess; some puzzles of each kind are checked.
pub(super) fn settles_as_the_rater_does(mut settled_at_the_root: impl FnMut(&Grid) -> bool) {
    use crate::dlx::deduce::Rules;
    use crate::sudoku::rate::Rater;
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut rater = Rater::new();
    let rules = Rules {
        max_subset: 1,
        max_guesses: u64::MAX,
    };
    let (mut settled, mut searched) = (0, 0);
    for file in ["17_clue", "magictour_top1465"] {
        let text = std::fs::read_to_string(dir.join(format!("data/bench/{file}.txt"))).unwrap();
        for line in text.lines().filter(|l| !l.starts_with('#')).take(300) {
            let cells = line.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' });
            let puzzle = Grid::from_cells(Shape::NINE, cells.collect()).unwrap();
            let by_rules = rater.rate(&puzzle, &rules).unwrap().guesses == 0;
            assert_eq!(settled_at_the_root(&puzzle), by_rules, "{line}");
            settled += usize::from(by_rules);
            searched += usize::from(!by_rules);
        }
    }
    assert!(
        settled > 100 && searched > 100,
        "{settled} settled, {searched} searched"
    );
}
