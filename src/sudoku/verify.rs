//! An independent checker of solutions: it shares no code with the
//! solvers, so a solver bug cannot hide behind a matching checker bug.
//!
//! For variants it reads the raw rules of a [`Variant`] (each cell's
//! region, the flags, the cages' cells and sums) and walks the grid for
//! each of them itself; it does not use `Variant::houses`, the list the
//! compiler takes. The setters' constraints ([`Constraint`]) are checked
//! from their definitions, one function each, with no table or encoding
//! of the compiler's.

use super::{Constraint, Grid, LabelName, Relation, Variant};

/// Every Latin square of side `n` (each row and column holds `1..=n`
/// once), cells in reading order, by plain backtracking: with
/// [`check_variant`] as the filter, the count by brute force that tests
/// hold the solvers to on small grids (4x4: 576 squares, 288 of them
/// Sudoku grids). Shares no code with the solvers. `n` is at most 5
/// (161,280 squares); past it, none.
#[cfg(any(test, feature = "unstable"))]
pub(crate) fn every_latin_square(n: usize) -> Vec<Vec<u8>> {
    fn fill(n: usize, cells: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        let k = cells.len();
        if k == n * n {
            out.push(cells.clone());
            return;
        }
        let (r, c) = (k / n, k % n);
        for d in 1..=n as u8 {
            let clash =
                (0..c).any(|j| cells[r * n + j] == d) || (0..r).any(|i| cells[i * n + c] == d);
            if !clash {
                cells.push(d);
                fill(n, cells, out);
                cells.pop();
            }
        }
    }
    let mut out = Vec::new();
    if (1..=5).contains(&n) {
        fill(n, &mut Vec::new(), &mut out);
    }
    out
}

/// Why a grid is not a solution of a puzzle.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum VerifyError {
    /// The two grids differ in shape.
    #[error("the solution is {found}, the puzzle {expected}")]
    Shape {
        /// The puzzle's shape.
        expected: super::Shape,
        /// The solution's shape.
        found: super::Shape,
    },
    /// A cell is empty.
    #[error("r{}c{} is empty", .0 + 1, .1 + 1)]
    Empty(usize, usize),
    /// A given was changed.
    #[error("r{}c{} should keep the given {given}, found {found}", .row + 1, .col + 1)]
    GivenChanged {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        col: usize,
        /// The puzzle's digit.
        given: u8,
        /// The solution's digit.
        found: u8,
    },
    /// A row, column, box, region, diagonal or window does not hold every
    /// digit once.
    #[error("{0} does not hold each digit once")]
    Unit(String),
    /// A digit that is not one of its cell's pencil marks.
    #[error("r{}c{} holds {found}, which is not one of its pencil marks", .row + 1, .col + 1)]
    Unmarked {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        col: usize,
        /// The solution's digit.
        found: u8,
    },
    /// A killer cage repeats a digit or misses its sum.
    #[error("cage {} should hold different digits adding up to {sum}, holds {found:?}", LabelName(*.label))]
    Cage {
        /// Its symbol.
        label: char,
        /// Its sum.
        sum: u32,
        /// Its digits, in reading order.
        found: Vec<u8>,
    },
    /// A setter's constraint does not hold.
    #[error("{kind} {at} does not hold: {found:?}")]
    Constraint {
        /// Its kind (`Constraint::kind`).
        kind: &'static str,
        /// Its first cell (`r1c1`), or the pair or block broken.
        at: String,
        /// The digits of its cells, in its own order.
        found: Vec<u8>,
    },
}

/// Checks that `solution` solves the plain Sudoku `puzzle`: same shape,
/// every cell filled, every given kept, and each row, column and box a
/// permutation of `1..=n`.
#[cfg(any(test, feature = "unstable"))]
pub fn check_solution(puzzle: &Grid, solution: &Grid) -> Result<(), VerifyError> {
    check_variant(&Variant::plain(puzzle.shape()), puzzle, solution)
}

/// Checks that `solution` solves `puzzle` under the rules `variant` (for
/// plain Sudoku, [`Variant::plain`]): same shape, every cell filled, every
/// given kept, each row, column and box (or jigsaw region) a permutation
/// of `1..=n`, and the diagonals, windows, cages, pencil marks and
/// constraints the rules add.
pub fn check_variant(variant: &Variant, puzzle: &Grid, solution: &Grid) -> Result<(), VerifyError> {
    check_filled_from(variant, puzzle, solution)?;
    check_houses(variant, solution)?;
    check_marks(variant, solution)?;
    check_cages(variant, solution)?;
    for c in variant.constraints() {
        check_constraint(c, solution)?;
    }
    Ok(())
}

/// Both grids of the rules' shape, every cell of `solution` filled and
/// every given of `puzzle` kept.
fn check_filled_from(variant: &Variant, puzzle: &Grid, solution: &Grid) -> Result<(), VerifyError> {
    for grid in [puzzle, solution] {
        if grid.shape() != variant.shape() {
            return Err(VerifyError::Shape {
                expected: variant.shape(),
                found: grid.shape(),
            });
        }
    }
    let n = puzzle.n();
    for (k, (&given, &found)) in puzzle.cells().iter().zip(solution.cells()).enumerate() {
        if found == 0 {
            return Err(VerifyError::Empty(k / n, k % n));
        }
        if given != 0 && given != found {
            return Err(VerifyError::GivenChanged {
                row: k / n,
                col: k % n,
                given,
                found,
            });
        }
    }
    Ok(())
}

/// The house `name` holds each of the digits `1..=n` once.
fn each_digit_once(name: String, mut digits: Vec<u8>, n: usize) -> Result<(), VerifyError> {
    digits.sort_unstable();
    if digits.iter().copied().eq(1..=n as u8) {
        Ok(())
    } else {
        Err(VerifyError::Unit(name))
    }
}

/// Each row and column (row 1, column 1, row 2, ...), then each box or
/// region, the diagonals and the windows the rules have, holds each digit
/// once.
fn check_houses(variant: &Variant, solution: &Grid) -> Result<(), VerifyError> {
    let n = solution.n();
    let unit = |name: String, digits: Vec<u8>| each_digit_once(name, digits, n);
    for i in 0..n {
        unit(
            format!("row {}", i + 1),
            (0..n).map(|c| solution.get(i, c)).collect(),
        )?;
        unit(
            format!("column {}", i + 1),
            (0..n).map(|r| solution.get(r, i)).collect(),
        )?;
    }
    match variant.regions() {
        None => {
            for b in 0..n {
                let cells = solution
                    .shape()
                    .box_cells(b)
                    .map(|(r, c)| solution.get(r, c));
                unit(format!("box {}", b + 1), cells.collect())?;
            }
        }
        Some(regions) => {
            // Each label present must hold every digit once; a label set
            // of the wrong size fails the permutation test.
            let mut labels: Vec<u8> = regions.to_vec();
            labels.sort_unstable();
            labels.dedup();
            for (i, &g) in labels.iter().enumerate() {
                let digits = solution
                    .cells()
                    .iter()
                    .zip(regions)
                    .filter(|&(_, &r)| r == g)
                    .map(|(&d, _)| d);
                unit(format!("region {}", i + 1), digits.collect())?;
            }
        }
    }
    if variant.diagonals() {
        unit(
            "the main diagonal".into(),
            (0..n).map(|i| solution.get(i, i)).collect(),
        )?;
        unit(
            "the anti-diagonal".into(),
            (0..n).map(|i| solution.get(i, n - 1 - i)).collect(),
        )?;
    }
    if variant.windows() {
        for (w, (r0, c0)) in [(1, 1), (1, 5), (5, 1), (5, 5)].into_iter().enumerate() {
            let digits = (r0..r0 + 3)
                .flat_map(|r| (c0..c0 + 3).map(move |c| (r, c)))
                .map(|(r, c)| solution.get(r, c));
            unit(format!("window {}", w + 1), digits.collect())?;
        }
    }
    Ok(())
}

/// Every digit is one of its cell's pencil marks, where the rules have
/// them.
fn check_marks(variant: &Variant, solution: &Grid) -> Result<(), VerifyError> {
    let Some(marks) = variant.candidates() else {
        return Ok(());
    };
    let n = solution.n();
    for (k, (&mask, &found)) in marks.iter().zip(solution.cells()).enumerate() {
        if (mask >> (found - 1)) & 1 == 0 {
            return Err(VerifyError::Unmarked {
                row: k / n,
                col: k % n,
                found,
            });
        }
    }
    Ok(())
}

/// Every killer cage holds different digits adding up to its sum.
fn check_cages(variant: &Variant, solution: &Grid) -> Result<(), VerifyError> {
    for cage in variant.cages() {
        let found: Vec<u8> = cage
            .cells
            .iter()
            .map(|&k| solution.cells()[k as usize])
            .collect();
        let mut distinct = found.clone();
        distinct.sort_unstable();
        distinct.dedup();
        let sum: u32 = found.iter().map(|&d| u32::from(d)).sum();
        if distinct.len() != found.len() || sum != cage.sum {
            return Err(VerifyError::Cage {
                label: cage.label,
                sum: cage.sum,
                found,
            });
        }
    }
    Ok(())
}

/// Checks one setter's constraint on a full grid, from its definition;
/// an error names its first cell, or for anti-knight and anti-king the
/// first pair of cells a move apart that repeat a digit.
fn check_constraint(c: &Constraint, solution: &Grid) -> Result<(), VerifyError> {
    if constraint_holds(c, solution) {
        return Ok(());
    }
    let n = solution.n();
    let (at, found) = match forbidden_moves(c).and_then(|moves| repeat_at(moves, solution)) {
        Some((a, b)) => (
            format!("{}-{}", cell_name(a, n), cell_name(b, n)),
            vec![digit(solution, a) as u8, digit(solution, b) as u8],
        ),
        None => {
            let cells = c.cells();
            (
                cells.first().map_or_else(String::new, |&k| cell_name(k, n)),
                cells
                    .iter()
                    .map(|&k| solution.cells()[k as usize])
                    .collect(),
            )
        }
    };
    Err(VerifyError::Constraint {
        kind: c.kind(),
        at,
        found,
    })
}

/// The digit of `cell` in a full grid.
fn digit(solution: &Grid, cell: u16) -> u32 {
    u32::from(solution.cells()[cell as usize])
}

/// `r1c1` for cell 0 of an `n`x`n` grid.
fn cell_name(cell: u16, n: usize) -> String {
    format!("r{}c{}", cell as usize / n + 1, cell as usize % n + 1)
}

/// The cell `(dr, dc)` away from `cell` in an `n`x`n` grid, if inside it.
fn offset(cell: u16, (dr, dc): (i64, i64), n: usize) -> Option<u16> {
    let r = (cell as usize / n) as i64 + dr;
    let c = (cell as usize % n) as i64 + dc;
    let inside = |x: i64| (0..n as i64).contains(&x);
    (inside(r) && inside(c)).then(|| (r as usize * n + c as usize) as u16)
}

/// Whether the cells hold different digits.
fn all_different(cells: &[u16], solution: &Grid) -> bool {
    let mut seen = vec![false; solution.n() + 1];
    cells
        .iter()
        .all(|&k| !std::mem::replace(&mut seen[digit(solution, k) as usize], true))
}

/// The moves, one of each pair of opposites, between cells that may not
/// repeat a digit: a knight's for anti-knight, a king's for anti-king.
fn forbidden_moves(c: &Constraint) -> Option<&'static [(i64, i64)]> {
    match c {
        Constraint::AntiKnight => Some(&[(1, 2), (2, 1), (1, -2), (2, -1)]),
        Constraint::AntiKing => Some(&[(0, 1), (1, 0), (1, 1), (1, -1)]),
        _ => None,
    }
}

/// The first pair of cells (in reading order, then in the order of the
/// moves) one of `moves` apart that hold the same digit.
fn repeat_at(moves: &[(i64, i64)], solution: &Grid) -> Option<(u16, u16)> {
    let n = solution.n();
    (0..n * n).find_map(|a| {
        let a = a as u16;
        moves
            .iter()
            .filter_map(|&m| offset(a, m, n))
            .find(|&b| digit(solution, a) == digit(solution, b))
            .map(|b| (a, b))
    })
}

/// Whether a setter's constraint holds on a full grid.
fn constraint_holds(c: &Constraint, solution: &Grid) -> bool {
    let d = |cell: u16| digit(solution, cell);
    let sum = |cells: &[u16]| cells.iter().map(|&k| d(k)).sum::<u32>();
    match c {
        Constraint::Thermometer(cells) => cells.windows(2).all(|w| d(w[0]) < d(w[1])),
        Constraint::Arrow { bulb, shaft } => {
            let mut text = String::new();
            for &k in bulb {
                text.push_str(&d(k).to_string());
            }
            let value: u64 = text.parse().unwrap_or(u64::MAX);
            shaft.iter().map(|&k| u64::from(d(k))).sum::<u64>() == value
        }
        Constraint::Cage { cells, sum: total } => {
            all_different(cells, solution) && total.is_none_or(|s| sum(cells) == s)
        }
        Constraint::LittleKiller { cells, sum: total } => sum(cells) == *total,
        Constraint::Sandwich { cells, sum: total } => sandwich_holds(cells, *total, solution),
        Constraint::Whispers { cells, gap } => {
            cells.windows(2).all(|w| d(w[0]).abs_diff(d(w[1])) >= *gap)
        }
        Constraint::Renban(cells) => {
            let lo = cells.iter().map(|&k| d(k)).min().unwrap_or(0);
            let hi = cells.iter().map(|&k| d(k)).max().unwrap_or(0);
            all_different(cells, solution) && (hi - lo) as usize == cells.len() - 1
        }
        Constraint::Palindrome(cells) => cells
            .iter()
            .zip(cells.iter().rev())
            .all(|(&a, &b)| d(a) == d(b)),
        Constraint::Dot {
            cells: [a, b],
            relation,
        } => holds(*relation, d(*a), d(*b)),
        Constraint::Never {
            cells: [a, b],
            relations,
        } => !relations.iter().any(|&r| holds(r, d(*a), d(*b))),
        Constraint::AntiKnight | Constraint::AntiKing => {
            forbidden_moves(c).is_none_or(|moves| repeat_at(moves, solution).is_none())
        }
        Constraint::Distinct(cells) => all_different(cells, solution),
        Constraint::Parity { cell, even } => (d(*cell) % 2 == 0) == *even,
        Constraint::Quadruple { cells, digits } => quadruple_holds(cells, digits, solution),
        Constraint::Extreme { cell, minimum } => extreme_holds(*cell, *minimum, solution),
    }
}

/// A sandwich: exactly two cells of the line hold 1 and `n`, and the
/// digits between them add up to `total`.
fn sandwich_holds(cells: &[u16], total: u32, solution: &Grid) -> bool {
    let n = solution.n() as u32;
    let d = |cell: u16| digit(solution, cell);
    let crusts: Vec<usize> = (0..cells.len())
        .filter(|&i| d(cells[i]) == 1 || d(cells[i]) == n)
        .collect();
    crusts.len() == 2
        && cells[crusts[0] + 1..crusts[1]]
            .iter()
            .map(|&k| d(k))
            .sum::<u32>()
            == total
}

/// A quadruple: each of `digits` (with repeats) in a cell of its own among
/// `cells`.
fn quadruple_holds(cells: &[u16], digits: &[u8], solution: &Grid) -> bool {
    let mut left: Vec<u32> = cells.iter().map(|&k| digit(solution, k)).collect();
    digits
        .iter()
        .all(|&d| match left.iter().position(|&x| x == u32::from(d)) {
            Some(i) => {
                left.swap_remove(i);
                true
            }
            None => false,
        })
}

/// A minimum (maximum) cell: its digit less (more) than each orthogonal
/// neighbour's.
fn extreme_holds(cell: u16, minimum: bool, solution: &Grid) -> bool {
    let n = solution.n();
    let own = digit(solution, cell);
    [(0, 1), (1, 0), (0, -1), (-1, 0)]
        .into_iter()
        .filter_map(|m| offset(cell, m, n))
        .all(|other| {
            let other = digit(solution, other);
            if minimum { own < other } else { own > other }
        })
}

/// Whether digits `a` and `b` satisfy `relation` (written here again, not
/// [`Relation::holds`], so that the checker shares nothing with what the
/// compiler reads).
fn holds(relation: Relation, a: u32, b: u32) -> bool {
    match relation {
        Relation::Difference(v) => a + v == b || b + v == a,
        Relation::Ratio(v) => a == b * v || b == a * v,
        Relation::Sum(v) => a + b == v,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin_squares_are_counted_as_published() {
        // OEIS A002860: 1, 2, 12, 576, 161280.
        let counts: Vec<usize> = (1..=4).map(|n| every_latin_square(n).len()).collect();
        assert_eq!(counts, [1, 2, 12, 576]);
        assert!(every_latin_square(6).is_empty());
    }
    use crate::sudoku::Shape;

    fn solved4() -> Grid {
        let cells = vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        Grid::from_cells(Shape::new(2, 2).unwrap(), cells).unwrap()
    }

    #[test]
    fn accepts_a_solution_and_names_each_fault() {
        let s = solved4();
        let mut puzzle = s.clone();
        puzzle.set(0, 0, 0);
        assert_eq!(check_solution(&puzzle, &s), Ok(()));

        let mut wrong_given = puzzle.clone();
        wrong_given.set(0, 1, 3);
        assert_eq!(
            check_solution(&wrong_given, &s).unwrap_err().to_string(),
            "r1c2 should keep the given 3, found 2"
        );
        assert_eq!(
            check_solution(&puzzle, &puzzle).unwrap_err().to_string(),
            "r1c1 is empty"
        );
        // Swapping two columns keeps rows and columns but breaks boxes.
        let mut swapped = s.clone();
        for r in 0..4 {
            let (a, b) = (s.get(r, 1), s.get(r, 2));
            swapped.set(r, 1, b);
            swapped.set(r, 2, a);
        }
        assert_eq!(
            check_solution(&Grid::empty(s.shape()), &swapped)
                .unwrap_err()
                .to_string(),
            "box 1 does not hold each digit once"
        );
        let mut row_bad = s.clone();
        row_bad.set(3, 3, 2);
        assert!(check_solution(&Grid::empty(s.shape()), &row_bad).is_err());
    }
}
