//! Every kind of constraint against brute force on 4x4 and 6x6 grids:
//! random instances (most made to fit a random solution grid), the
//! compiler's solutions against every grid a plain depth-first search
//! finds that [`check_variant`] accepts, and each of the compiler's
//! solutions checked by it too, under every choice of propagators.

use crate::dlx::{Propagate, SearchLimits};
use crate::sudoku::constraint::{Constraint, Relation};
use crate::sudoku::verify::check_variant;
use crate::sudoku::{Grid, Shape, Variant};

/// A small seeded generator (64-bit LCG, high bits).
struct Rng(u64);

impl Rng {
    fn below(&mut self, k: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % k.max(1)
    }
}

/// Every grid of rows, columns and boxes extending `puzzle`, by plain
/// depth-first search, that `check_variant` accepts under `variant`.
fn brute(variant: &Variant, puzzle: &Grid) -> Vec<Grid> {
    let shape = puzzle.shape();
    let n = shape.n();
    let mut grid = puzzle.clone();
    let mut out = Vec::new();
    fn fits(grid: &Grid, shape: Shape, r: usize, c: usize, d: u8) -> bool {
        let n = shape.n();
        let (br, bc) = (shape.box_rows(), shape.box_cols());
        for i in 0..n {
            if (i != c && grid.get(r, i) == d) || (i != r && grid.get(i, c) == d) {
                return false;
            }
        }
        let (r0, c0) = (r / br * br, c / bc * bc);
        for rr in r0..r0 + br {
            for cc in c0..c0 + bc {
                if (rr, cc) != (r, c) && grid.get(rr, cc) == d {
                    return false;
                }
            }
        }
        true
    }
    fn go(
        k: usize,
        grid: &mut Grid,
        shape: Shape,
        variant: &Variant,
        puzzle: &Grid,
        out: &mut Vec<Grid>,
    ) {
        let n = shape.n();
        if k == n * n {
            if check_variant(variant, puzzle, grid).is_ok() {
                out.push(grid.clone());
            }
            return;
        }
        let (r, c) = (k / n, k % n);
        if puzzle.get(r, c) != 0 {
            if fits(grid, shape, r, c, puzzle.get(r, c)) {
                go(k + 1, grid, shape, variant, puzzle, out);
            }
            return;
        }
        for d in 1..=n as u8 {
            if fits(grid, shape, r, c, d) {
                grid.set(r, c, d);
                go(k + 1, grid, shape, variant, puzzle, out);
                grid.set(r, c, 0);
            }
        }
    }
    let _ = n;
    go(0, &mut grid, shape, variant, puzzle, &mut out);
    out
}

/// The compiler's solutions, each checked by the checker: the same grids
/// under every choice of propagators (sorted), which is what the sums'
/// propagator, written from the rules and not from their encoding, checks
/// the encoding against.
fn solve(variant: &Variant, puzzle: &Grid) -> Vec<Grid> {
    let mut each = [
        Propagate::Off,
        Propagate::Blocking,
        Propagate::Sums,
        Propagate::All,
        Propagate::Rules,
    ]
    .map(|p| {
        let mut grids = solve_with(variant, puzzle, p);
        grids.sort_by(|a, b| a.cells().cmp(b.cells()));
        grids
    });
    for (p, grids) in [
        Propagate::Blocking,
        Propagate::Sums,
        Propagate::All,
        Propagate::Rules,
    ]
    .iter()
    .zip(&each[1..])
    {
        assert_eq!(grids, &each[0], "{p:?} on {puzzle:?} under {variant:?}");
    }
    std::mem::take(&mut each[0])
}

/// The compiler's solutions with propagators `propagate`, each checked by
/// the checker.
fn solve_with(variant: &Variant, puzzle: &Grid, propagate: Propagate) -> Vec<Grid> {
    let (out, report) =
        super::super::tests::solutions_with(variant, propagate, puzzle, SearchLimits::default())
            .expect("compiles");
    assert_eq!(report.stats.solutions as usize, out.len());
    for g in &out {
        check_variant(variant, puzzle, g).unwrap_or_else(|e| panic!("{e}: {g:?}"));
    }
    out
}

/// Asserts that the compiler finds exactly the grids brute force finds
/// for `puzzle` (`what` names the case); whether there are any.
fn matches_brute(variant: &Variant, puzzle: &Grid, what: &str) -> bool {
    let mut got = solve(variant, puzzle);
    let mut want = brute(variant, puzzle);
    got.sort_by(|a, b| a.cells().cmp(b.cells()));
    want.sort_by(|a, b| a.cells().cmp(b.cells()));
    assert_eq!(got.len(), want.len(), "{what}");
    assert_eq!(got, want, "{what}");
    !want.is_empty()
}

/// An orthogonal walk of `len` distinct cells from a random cell.
fn walk(rng: &mut Rng, n: usize, len: usize) -> Vec<u16> {
    let mut cells = vec![rng.below(n * n) as u16];
    while cells.len() < len {
        let last = *cells.last().unwrap() as usize;
        let (r, c) = (last / n, last % n);
        let mut next = Vec::new();
        for (dr, dc) in [(0i64, 1i64), (1, 0), (0, -1), (-1, 0), (1, 1), (1, -1)] {
            let (r2, c2) = (r as i64 + dr, c as i64 + dc);
            if (0..n as i64).contains(&r2) && (0..n as i64).contains(&c2) {
                let k = (r2 as usize * n + c2 as usize) as u16;
                if !cells.contains(&k) {
                    next.push(k);
                }
            }
        }
        if next.is_empty() {
            break;
        }
        cells.push(next[rng.below(next.len())]);
    }
    cells
}

/// A random constraint of kind `kind` (0..KINDS), fitted to `sol` where
/// its values come from the digits.
fn random(kind: usize, rng: &mut Rng, sol: &Grid) -> Option<Constraint> {
    if kind < 8 {
        random_line(kind, rng, sol)
    } else {
        random_local(kind, rng, sol)
    }
}

/// [`random`] for the kinds 0..8: lines and diagonals (thermometers,
/// arrows, cages, little killers, sandwiches, whispers, renban,
/// palindromes).
fn random_line(kind: usize, rng: &mut Rng, sol: &Grid) -> Option<Constraint> {
    let n = sol.n();
    let d = |k: u16| u32::from(sol.cells()[k as usize]);
    Some(match kind {
        0 => {
            let mut cells = {
                let len = 2 + rng.below(3);
                walk(rng, n, len)
            };
            cells.sort_by_key(|&k| d(k));
            cells.dedup_by_key(|k| d(*k));
            if cells.len() < 2 {
                return None;
            }
            Constraint::Thermometer(cells)
        }
        1 => {
            let shaft = {
                let len = 1 + rng.below(3);
                walk(rng, n, len)
            };
            let sum: u32 = shaft.iter().map(|&k| d(k)).sum();
            let bulb = (0..n * n)
                .map(|k| k as u16)
                .find(|&k| !shaft.contains(&k) && d(k) == sum)?;
            Constraint::Arrow {
                bulb: vec![bulb],
                shaft,
            }
        }
        2 => {
            let mut cells = {
                let len = 2 + rng.below(3);
                walk(rng, n, len)
            };
            cells.sort();
            cells.dedup_by_key(|k| d(*k));
            let with_sum = rng.below(3) > 0;
            let mut seen = Vec::new();
            cells.retain(|&k| {
                let fresh = !seen.contains(&d(k));
                seen.push(d(k));
                fresh
            });
            let sum = with_sum.then(|| cells.iter().map(|&k| d(k)).sum::<u32>());
            Constraint::Cage { cells, sum }
        }
        3 => {
            let start = rng.below(n - 1);
            let cells: Vec<u16> = (0..n - start).map(|i| (i * n + start + i) as u16).collect();
            let sum = cells.iter().map(|&k| d(k)).sum::<u32>() + rng.below(2) as u32;
            Constraint::LittleKiller { cells, sum }
        }
        4 => {
            // A row or a column: a cell may lie on two sandwich lines.
            let (line, across) = (rng.below(n), rng.below(2) == 0);
            let cells: Vec<u16> = (0..n)
                .map(|i| if across { line * n + i } else { i * n + line } as u16)
                .collect();
            let pos: Vec<usize> = (0..n)
                .filter(|&i| d(cells[i]) == 1 || d(cells[i]) == n as u32)
                .collect();
            let sum = cells[pos[0] + 1..pos[1]].iter().map(|&k| d(k)).sum();
            Constraint::Sandwich { cells, sum }
        }
        5 => {
            let gap = (n as u32).div_ceil(2);
            let mut cells = {
                let len = 2 + rng.below(3);
                walk(rng, n, len)
            };
            let ok = cells
                .windows(2)
                .position(|w| d(w[0]).abs_diff(d(w[1])) < gap);
            if let Some(i) = ok {
                cells.truncate(i + 1);
            }
            if cells.len() < 2 {
                return None;
            }
            Constraint::Whispers { cells, gap }
        }
        6 => {
            let cells = {
                let len = 2 + rng.below(2);
                walk(rng, n, len)
            };
            Constraint::Renban(cells)
        }
        7 => {
            let cells = {
                let len = 2 + rng.below(3);
                walk(rng, n, len)
            };
            Constraint::Palindrome(cells)
        }
        _ => unreachable!("kind {kind} is not a line"),
    })
}

/// [`random`] for the kinds 8..KINDS: dots, pairs, the whole-grid rules
/// and single cells.
fn random_local(kind: usize, rng: &mut Rng, sol: &Grid) -> Option<Constraint> {
    let n = sol.n();
    let d = |k: u16| u32::from(sol.cells()[k as usize]);
    let orth = |rng: &mut Rng| {
        let a = rng.below(n * n);
        let (r, c) = (a / n, a % n);
        let b = if rng.below(2) == 0 && c + 1 < n {
            a + 1
        } else if r + 1 < n {
            a + n
        } else {
            a - 1
        };
        [a as u16, b as u16]
    };
    Some(match kind {
        8 => {
            let cells = orth(rng);
            let (a, b) = (d(cells[0]), d(cells[1]));
            let relation = match rng.below(3) {
                0 => Relation::Difference(a.abs_diff(b)),
                1 if a.max(b) % a.min(b) == 0 => Relation::Ratio(a.max(b) / a.min(b)),
                _ => Relation::Sum(a + b),
            };
            Constraint::Dot { cells, relation }
        }
        9 => {
            let cells = orth(rng);
            let relations = vec![
                Relation::Difference(1),
                Relation::Ratio(2),
                Relation::Sum(5),
            ];
            Constraint::Never { cells, relations }
        }
        10 => Constraint::AntiKnight,
        11 => Constraint::AntiKing,
        12 => {
            let mut cells = {
                let len = 2 + rng.below(n - 1);
                walk(rng, n, len)
            };
            let mut seen = Vec::new();
            cells.retain(|&k| {
                let fresh = !seen.contains(&d(k));
                seen.push(d(k));
                fresh
            });
            Constraint::Distinct(cells)
        }
        13 => {
            let cell = rng.below(n * n) as u16;
            Constraint::Parity {
                cell,
                even: d(cell) % 2 == 0,
            }
        }
        14 => {
            let (r, c) = (rng.below(n - 1), rng.below(n - 1));
            let cells: Vec<u16> = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
                .iter()
                .map(|&(r, c)| (r * n + c) as u16)
                .collect();
            let mut digits: Vec<u8> = cells
                .iter()
                .take(1 + rng.below(3))
                .map(|&k| d(k) as u8)
                .collect();
            digits.sort_unstable();
            Constraint::Quadruple { cells, digits }
        }
        _ => {
            let cell = rng.below(n * n) as u16;
            Constraint::Extreme {
                cell,
                minimum: d(cell) <= 2,
            }
        }
    })
}

const KINDS: usize = 16;

#[test]
fn every_kind_matches_brute_force_on_small_grids() {
    check_every_kind(29);
}

#[test]
fn chains_and_digit_sets_match_brute_force_too() {
    // No tuples but pairs: every line, arrow and cage on its chain or
    // its digit sets.
    super::CAP.with(|c| c.set(0));
    check_every_kind(31);
}

#[test]
fn pairs_sharing_cells_match_brute_force() {
    // Dots (matched XV pairs, kropki dots as forbidden pairs alone),
    // palindromes and minimum/maximum cells together, many at once, so
    // that cells carry several matched items and forbidden pairs.
    let (rounds, solved) = rounds_against_brute(37, 60, 1, |rng, sol| {
        (0..3 + rng.below(8))
            .filter_map(|_| {
                let kind = [7, 8, 8, 8, 15][rng.below(5)];
                random(kind, rng, sol)
            })
            .collect()
    });
    assert!(
        rounds > 100 && solved > 15,
        "{rounds} rounds, {solved} solved"
    );
}

#[test]
fn sandwiches_across_and_down_match_brute_force() {
    // Several sandwich lines at once, rows and columns, so that cells lie
    // on two (their options split by both lines' sides); now and then a
    // sum off by one, which the solution does not meet.
    let (rounds, solved) = rounds_against_brute(41, 40, 2, |rng, sol| {
        (0..2 + rng.below(4))
            .filter_map(|_| match random(4, rng, sol)? {
                Constraint::Sandwich { cells, sum } => Some(Constraint::Sandwich {
                    cells,
                    sum: sum + u32::from(rng.below(6) == 0),
                }),
                _ => None,
            })
            .collect()
    });
    assert!(
        rounds > 60 && solved > 30,
        "{rounds} rounds, {solved} solved"
    );
}

/// `per_shape` rounds on 4x4 and on 6x6 (its first row given, which keeps
/// the enumeration small): the constraints `make` draws for a random
/// solution, with fewer than `n + spare` of the solution's digits given,
/// checked against brute force. Returns the rounds checked and those with
/// a solution.
fn rounds_against_brute(
    seed: u64,
    per_shape: usize,
    spare: usize,
    mut make: impl FnMut(&mut Rng, &Grid) -> Vec<Constraint>,
) -> (usize, usize) {
    let mut rng = Rng(seed);
    let (mut rounds, mut solved) = (0, 0);
    for shape in [Shape::new(2, 2).unwrap(), Shape::new(2, 3).unwrap()] {
        let n = shape.n();
        let mut top = Grid::empty(shape);
        if n == 6 {
            for (c, d) in [1, 2, 3, 4, 5, 6].into_iter().enumerate() {
                top.set(0, c, d);
            }
        }
        let grids = brute(&Variant::plain(shape), &top);
        for round in 0..per_shape {
            let sol = &grids[rng.below(grids.len())];
            let constraints = make(&mut rng, sol);
            let Ok(variant) = Variant::plain(shape).with_constraints(constraints.clone()) else {
                continue;
            };
            let mut puzzle = top.clone();
            for _ in 0..rng.below(n + spare) {
                let k = rng.below(n * n);
                puzzle.set(k / n, k % n, sol.cells()[k]);
            }
            let what = format!("round {round} on {n}x{n}: {constraints:?}");
            rounds += 1;
            solved += usize::from(matches_brute(&variant, &puzzle, &what));
        }
    }
    (rounds, solved)
}

fn check_every_kind(seed: u64) {
    let mut rng = Rng(seed);
    // Rounds checked, and those with solutions (so the rules are met
    // sometimes, not only refused).
    let (mut rounds, mut solved) = (0, 0);
    for shape in [Shape::new(2, 2).unwrap(), Shape::new(2, 3).unwrap()] {
        let n = shape.n();
        let grids = brute(&Variant::plain(shape), &{
            let mut g = Grid::empty(shape);
            if n == 6 {
                // A few givens keep the 6x6 enumeration small.
                for (c, d) in [1, 2, 3, 4, 5, 6].into_iter().enumerate() {
                    g.set(0, c, d);
                }
                for (c, d) in [4, 5, 6, 1, 2, 3].into_iter().enumerate() {
                    g.set(1, c, d);
                }
            }
            g
        });
        for kind in 0..KINDS {
            for round in 0..8 {
                let sol = &grids[rng.below(grids.len())];
                let constraints: Vec<Constraint> = (0..1 + rng.below(3))
                    .filter_map(|_| random(kind, &mut rng, sol))
                    .collect();
                let Ok(variant) = Variant::plain(shape).with_constraints(constraints.clone())
                else {
                    continue;
                };
                let mut puzzle = Grid::empty(shape);
                let givens = if n == 6 {
                    14 + rng.below(6)
                } else {
                    rng.below(4)
                };
                for _ in 0..givens {
                    let k = rng.below(n * n);
                    puzzle.set(k / n, k % n, sol.cells()[k]);
                }
                let what = format!("kind {kind} round {round} on {n}x{n}: {constraints:?}");
                rounds += 1;
                solved += usize::from(matches_brute(&variant, &puzzle, &what));
            }
        }
    }
    assert!(
        rounds > 150 && solved > 120,
        "{rounds} rounds, {solved} solved"
    );
}

#[test]
fn minimum_and_maximum_ladders_match_brute_force() {
    // Many minimum/maximum cells at once, side by side, so that ladders
    // share neighbours and a neighbour is itself an extreme; half the
    // cells read off a solution (a minimum where it is smaller than its
    // neighbours), half at random, so that some rules leave no grid.
    let mut rng = Rng(41);
    let (mut rounds, mut solved, mut empty) = (0, 0, 0);
    for shape in [Shape::new(2, 2).unwrap(), Shape::new(2, 3).unwrap()] {
        let n = shape.n();
        let mut top = Grid::empty(shape);
        if n == 6 {
            for (c, d) in [1, 2, 3, 4, 5, 6].into_iter().enumerate() {
                top.set(0, c, d);
            }
        }
        let grids = brute(&Variant::plain(shape), &top);
        for round in 0..60 {
            let sol = &grids[rng.below(grids.len())];
            let d = |cell: usize| sol.cells()[cell];
            let constraints: Vec<Constraint> = (0..2 + rng.below(2 * n))
                .map(|i| {
                    let cell = rng.below(n * n);
                    let (r, c) = (cell / n, cell % n);
                    let beside = [(r > 0, cell.wrapping_sub(n)), (r + 1 < n, cell + n)]
                        .into_iter()
                        .chain([(c > 0, cell.wrapping_sub(1)), (c + 1 < n, cell + 1)])
                        .filter(|&(on, _)| on)
                        .map(|(_, o)| d(o));
                    let minimum = if i % 2 == 0 {
                        beside.clone().all(|o| o > d(cell))
                    } else {
                        rng.below(2) == 0
                    };
                    Constraint::Extreme {
                        cell: cell as u16,
                        minimum,
                    }
                })
                .collect();
            let Ok(variant) = Variant::plain(shape).with_constraints(constraints.clone()) else {
                continue;
            };
            let mut puzzle = top.clone();
            for _ in 0..rng.below(n) {
                let k = rng.below(n * n);
                puzzle.set(k / n, k % n, sol.cells()[k]);
            }
            let what = format!("round {round} on {n}x{n}: {constraints:?}");
            rounds += 1;
            if matches_brute(&variant, &puzzle, &what) {
                solved += 1;
            } else {
                empty += 1;
            }
        }
    }
    assert!(
        rounds > 100 && solved > 10 && empty > 10,
        "{rounds} rounds, {solved} solved, {empty} with none"
    );
}
