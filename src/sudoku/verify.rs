//! An independent checker of solutions: it shares no code with the
//! solvers, so a solver bug cannot hide behind a matching checker bug.
//!
//! For variants it reads the raw rules of a [`Variant`] (each cell's
//! region, the flags, the cages' cells and sums) and walks the grid for
//! each of them itself; it does not use [`Variant::houses`], the list the
//! compiler takes. The setters' constraints ([`Constraint`]) are checked
//! from their definitions, one function each, with no table or encoding
//! of the compiler's.

use super::{Constraint, Grid, Relation, Variant};

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
    #[error("cage '{label}' should hold different digits adding up to {sum}, holds {found:?}")]
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
        /// Its kind ([`Constraint::kind`]).
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
pub fn check_solution(puzzle: &Grid, solution: &Grid) -> Result<(), VerifyError> {
    check_variant(&Variant::plain(puzzle.shape()), puzzle, solution)
}

/// Checks that `solution` solves `puzzle` under the rules `variant`: what
/// [`check_solution`] checks, with the regions (if any) in place of the
/// boxes, and the diagonals, windows and cages the rules add.
pub fn check_variant(variant: &Variant, puzzle: &Grid, solution: &Grid) -> Result<(), VerifyError> {
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
    let shape = solution.shape();
    let expected: Vec<u8> = (1..=n as u8).collect();
    let is_permutation = |mut digits: Vec<u8>| {
        digits.sort_unstable();
        digits == expected
    };
    let unit = |name: String, digits: Vec<u8>| {
        if is_permutation(digits) {
            Ok(())
        } else {
            Err(VerifyError::Unit(name))
        }
    };
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
                let cells = shape.box_cells(b).map(|(r, c)| solution.get(r, c));
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
            let mut digits = Vec::new();
            for r in r0..r0 + 3 {
                for c in c0..c0 + 3 {
                    digits.push(solution.get(r, c));
                }
            }
            unit(format!("window {}", w + 1), digits)?;
        }
    }
    if let Some(marks) = variant.candidates() {
        for (k, (&mask, &found)) in marks.iter().zip(solution.cells()).enumerate() {
            if (mask >> (found - 1)) & 1 == 0 {
                return Err(VerifyError::Unmarked {
                    row: k / n,
                    col: k % n,
                    found,
                });
            }
        }
    }
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
    for c in variant.constraints() {
        check_constraint(c, solution)?;
    }
    Ok(())
}

/// Checks one setter's constraint on a full grid, from its definition.
fn check_constraint(c: &Constraint, solution: &Grid) -> Result<(), VerifyError> {
    let n = solution.n();
    let digit = |cell: u16| u32::from(solution.cells()[cell as usize]);
    let name = |cell: u16| format!("r{}c{}", cell as usize / n + 1, cell as usize % n + 1);
    let fail = |at: String, cells: &[u16]| {
        Err(VerifyError::Constraint {
            kind: c.kind(),
            at,
            found: cells
                .iter()
                .map(|&k| solution.cells()[k as usize])
                .collect(),
        })
    };
    let all_different = |cells: &[u16]| {
        let mut seen = vec![false; n + 1];
        cells
            .iter()
            .all(|&k| !std::mem::replace(&mut seen[digit(k) as usize], true))
    };
    // Pairs of cells with equal digits, for the "no repeat" rules.
    let pair_clash = |pairs: &mut dyn Iterator<Item = (u16, u16)>| {
        for (a, b) in pairs {
            if digit(a) == digit(b) {
                return Err(VerifyError::Constraint {
                    kind: c.kind(),
                    at: format!("{}-{}", name(a), name(b)),
                    found: vec![digit(a) as u8, digit(b) as u8],
                });
            }
        }
        Ok(())
    };
    let inside = |r: i64, col: i64| (0..n as i64).contains(&r) && (0..n as i64).contains(&col);
    let at = |r: i64, col: i64| (r as usize * n + col as usize) as u16;
    let ok = match c {
        Constraint::Thermometer(cells) => cells.windows(2).all(|w| digit(w[0]) < digit(w[1])),
        Constraint::Arrow { bulb, shaft } => {
            let mut text = String::new();
            for &k in bulb {
                text.push_str(&digit(k).to_string());
            }
            let value: u64 = text.parse().unwrap_or(u64::MAX);
            shaft.iter().map(|&k| u64::from(digit(k))).sum::<u64>() == value
        }
        Constraint::Cage { cells, sum } => {
            all_different(cells)
                && sum.is_none_or(|s| cells.iter().map(|&k| digit(k)).sum::<u32>() == s)
        }
        Constraint::LittleKiller { cells, sum } => {
            cells.iter().map(|&k| digit(k)).sum::<u32>() == *sum
        }
        Constraint::Sandwich { cells, sum } => {
            let crusts: Vec<usize> = (0..cells.len())
                .filter(|&i| digit(cells[i]) == 1 || digit(cells[i]) == n as u32)
                .collect();
            crusts.len() == 2
                && cells[crusts[0] + 1..crusts[1]]
                    .iter()
                    .map(|&k| digit(k))
                    .sum::<u32>()
                    == *sum
        }
        Constraint::Whispers { cells, gap } => cells
            .windows(2)
            .all(|w| digit(w[0]).abs_diff(digit(w[1])) >= *gap),
        Constraint::Renban(cells) => {
            let lo = cells.iter().map(|&k| digit(k)).min().unwrap_or(0);
            let hi = cells.iter().map(|&k| digit(k)).max().unwrap_or(0);
            all_different(cells) && (hi - lo) as usize == cells.len() - 1
        }
        Constraint::Palindrome(cells) => cells
            .iter()
            .zip(cells.iter().rev())
            .all(|(&a, &b)| digit(a) == digit(b)),
        Constraint::Dot {
            cells: [a, b],
            relation,
        } => holds(*relation, digit(*a), digit(*b)),
        Constraint::Never {
            cells: [a, b],
            relations,
        } => !relations.iter().any(|&r| holds(r, digit(*a), digit(*b))),
        Constraint::AntiKnight | Constraint::AntiKing => {
            let moves: &[(i64, i64)] = if matches!(c, Constraint::AntiKnight) {
                &[(1, 2), (2, 1), (1, -2), (2, -1)]
            } else {
                &[(0, 1), (1, 0), (1, 1), (1, -1)]
            };
            let mut pairs = (0..n as i64).flat_map(|r| {
                (0..n as i64).flat_map(move |col| {
                    moves
                        .iter()
                        .filter(move |(dr, dc)| inside(r + dr, col + dc))
                        .map(move |(dr, dc)| (at(r, col), at(r + dr, col + dc)))
                })
            });
            pair_clash(&mut pairs)?;
            true
        }
        Constraint::Distinct(cells) => all_different(cells),
        Constraint::Parity { cell, even } => (digit(*cell) % 2 == 0) == *even,
        Constraint::Quadruple { cells, digits } => {
            let mut left: Vec<u32> = cells.iter().map(|&k| digit(k)).collect();
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
        Constraint::Extreme { cell, minimum } => {
            let (r, col) = ((*cell as usize / n) as i64, (*cell as usize % n) as i64);
            [(0, 1), (1, 0), (0, -1), (-1, 0)]
                .iter()
                .filter(|(dr, dc)| inside(r + dr, col + dc))
                .all(|(dr, dc)| {
                    let other = digit(at(r + dr, col + dc));
                    if *minimum {
                        digit(*cell) < other
                    } else {
                        digit(*cell) > other
                    }
                })
        }
    };
    if ok {
        Ok(())
    } else {
        let cells = c.cells();
        fail(cells.first().map_or_else(String::new, |&k| name(k)), &cells)
    }
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
