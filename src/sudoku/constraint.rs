//! The setters' constraints as data: thermometers, arrows, cages with or
//! without a sum, little killers, sandwiches, whispers, renban and
//! palindrome lines, kropki and XV dots with their negative rules,
//! anti-knight, anti-king, extra regions, even and odd cells, quadruples,
//! minimum and maximum cells ([`Constraint`]). A [`Variant`](super::Variant)
//! carries any number of them on top of its houses and killer cages.
//!
//! Cells are numbered in reading order (`r * n + c`); digits are `1..=n`.
//! Each rule's meaning is stated on its variant; `docs/variants.md` says
//! how the compiler encodes each one in exact cover with colors, and the
//! checker ([`super::verify`]) reads them here and checks a grid against
//! each with code of its own.
//!
//! Invariants [`check`] holds every constraint of a variant to (the
//! compiler trusts them): every cell lies in the grid; no cell appears
//! twice in one constraint; a line has at least two cells (a thermometer,
//! whispers, renban, palindrome), an arrow a bulb of one to three cells
//! and a shaft of at least one; dots and negative pairs join two cells
//! that share a row or column; a cage of different digits has at most `n`
//! cells and a sum that different digits can make; an arrow's, a little
//! killer's and a sandwich's sum is one some digits can make; a quadruple
//! has one to four cells and at most as many digits, each `1..=n`.

/// A relation two cells joined by a dot must (or, for a negative rule,
/// must not) satisfy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Relation {
    /// The digits differ by exactly this (a white kropki dot: 1).
    Difference(u32),
    /// One digit is exactly this times the other (a black kropki dot: 2).
    Ratio(u32),
    /// The digits add up to this (X: 10, V: 5).
    Sum(u32),
}

impl Relation {
    /// Whether digits `a` and `b` satisfy the relation.
    pub(crate) fn holds(self, a: u32, b: u32) -> bool {
        match self {
            Relation::Difference(v) => a.abs_diff(b) == v,
            Relation::Ratio(v) => a * v == b || b * v == a,
            Relation::Sum(v) => a + b == v,
        }
    }
}

/// One constraint of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Constraint {
    /// Digits strictly increase from the bulb (the first cell).
    Thermometer(Vec<u16>),
    /// The shaft's digits add up to the bulb's number (a bulb of several
    /// cells, a pill, reads as the decimal number its digits write in the
    /// order given); digits may repeat on the shaft where houses allow.
    Arrow {
        /// The bulb's cells.
        bulb: Vec<u16>,
        /// The shaft's cells.
        shaft: Vec<u16>,
    },
    /// Different digits, adding up to `sum` when there is one.
    Cage {
        /// Its cells.
        cells: Vec<u16>,
        /// What they add up to, if given.
        sum: Option<u32>,
    },
    /// The cells' digits (one diagonal of the grid) add up to `sum`;
    /// repeats allowed where houses allow.
    LittleKiller {
        /// The diagonal's cells, from the clue inwards.
        cells: Vec<u16>,
        /// Their sum.
        sum: u32,
    },
    /// The digits between the 1 and the `n` of a row or column (its cells
    /// in order) add up to `sum`.
    Sandwich {
        /// The row's or column's cells in order from the clue: left to
        /// right (top to bottom) for a clue left of its row (above its
        /// column), right to left (bottom to top) for one right of it
        /// (below it). The rule reads the same both ways (the cells
        /// between the crusts are the same), so the order only keeps the
        /// clue's side, where a picture draws it.
        cells: Vec<u16>,
        /// The sum between the crusts.
        sum: u32,
    },
    /// Neighbours on the line differ by at least `gap`.
    Whispers {
        /// The line's cells in order.
        cells: Vec<u16>,
        /// The least difference.
        gap: u32,
    },
    /// The line's digits are different and consecutive, in any order.
    Renban(Vec<u16>),
    /// The line reads the same both ways.
    Palindrome(Vec<u16>),
    /// The two cells satisfy the relation.
    Dot {
        /// The two cells.
        cells: [u16; 2],
        /// What they satisfy.
        relation: Relation,
    },
    /// The two cells satisfy none of the relations (the pairs a negative
    /// rule covers: no dot between them).
    Never {
        /// The two cells.
        cells: [u16; 2],
        /// What they may not satisfy.
        relations: Vec<Relation>,
    },
    /// No two cells a knight's move apart hold the same digit.
    AntiKnight,
    /// No two cells a king's move apart hold the same digit.
    AntiKing,
    /// The cells hold different digits (an extra region, a disjoint
    /// group, one diagonal); `n` cells hold every digit once.
    Distinct(Vec<u16>),
    /// The cell's digit is even (`true`) or odd.
    Parity {
        /// The cell.
        cell: u16,
        /// Even rather than odd.
        even: bool,
    },
    /// Each listed digit appears in the cells (as many times as listed).
    Quadruple {
        /// The cells (a 2x2 block in f-puzzles).
        cells: Vec<u16>,
        /// The digits, sorted.
        digits: Vec<u8>,
    },
    /// The cell's digit is less (`minimum`) or more than each of its
    /// orthogonal neighbours'.
    Extreme {
        /// The cell.
        cell: u16,
        /// Less than the neighbours rather than more.
        minimum: bool,
    },
}

/// A constraint that cannot be, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{kind}: {why}")]
pub struct ConstraintError {
    /// Which kind (`Constraint::kind`).
    pub kind: &'static str,
    /// What is wrong, with the cell where there is one.
    pub why: String,
}

/// `r{row}c{col}` (1-based) of cell `cell` of a grid of side `n`.
pub(crate) fn cell_name(cell: usize, n: usize) -> String {
    format!("r{}c{}", cell / n + 1, cell % n + 1)
}

impl Constraint {
    /// The kind's name, as docs/variants.md lists it.
    pub(crate) fn kind(&self) -> &'static str {
        match self {
            Constraint::Thermometer(_) => "thermometer",
            Constraint::Arrow { .. } => "arrow",
            Constraint::Cage { .. } => "cage",
            Constraint::LittleKiller { .. } => "little killer",
            Constraint::Sandwich { .. } => "sandwich",
            Constraint::Whispers { .. } => "whispers",
            Constraint::Renban(_) => "renban",
            Constraint::Palindrome(_) => "palindrome",
            Constraint::Dot { .. } => "dot",
            Constraint::Never { .. } => "negative dots",
            Constraint::AntiKnight => "anti-knight",
            Constraint::AntiKing => "anti-king",
            Constraint::Distinct(_) => "extra region",
            Constraint::Parity { .. } => "even/odd",
            Constraint::Quadruple { .. } => "quadruple",
            Constraint::Extreme { .. } => "minimum/maximum",
        }
    }

    /// Every cell the constraint names, in its own order.
    pub(crate) fn cells(&self) -> Vec<u16> {
        match self {
            Constraint::Thermometer(c)
            | Constraint::Renban(c)
            | Constraint::Palindrome(c)
            | Constraint::Distinct(c)
            | Constraint::Cage { cells: c, .. }
            | Constraint::LittleKiller { cells: c, .. }
            | Constraint::Sandwich { cells: c, .. }
            | Constraint::Whispers { cells: c, .. }
            | Constraint::Quadruple { cells: c, .. } => c.clone(),
            Constraint::Arrow { bulb, shaft } => bulb.iter().chain(shaft).copied().collect(),
            Constraint::Dot { cells, .. } | Constraint::Never { cells, .. } => cells.to_vec(),
            Constraint::Parity { cell, .. } | Constraint::Extreme { cell, .. } => vec![*cell],
            Constraint::AntiKnight | Constraint::AntiKing => Vec::new(),
        }
    }
}

/// The decimal number the digits write, in order (a pill's value).
pub(crate) fn decimal(digits: impl IntoIterator<Item = u32>) -> u64 {
    let mut value = 0u64;
    for d in digits {
        let mut shift = 10;
        while shift <= u64::from(d) {
            shift *= 10;
        }
        value = value.saturating_mul(shift).saturating_add(u64::from(d));
    }
    value
}

/// Checks one constraint of a grid of side `n` against the invariants of
/// the module docs.
pub(crate) fn check(constraint: &Constraint, n: usize) -> Result<(), ConstraintError> {
    let why = cells_problem(&constraint.cells(), n).or_else(|| rule_problem(constraint, n));
    match why {
        Some(why) => Err(ConstraintError {
            kind: constraint.kind(),
            why,
        }),
        None => Ok(()),
    }
}

/// Why a constraint's cells are wrong: one outside the grid, or one named
/// twice (the first such cell).
fn cells_problem(cells: &[u16], n: usize) -> Option<String> {
    cells.iter().enumerate().find_map(|(i, &cell)| {
        if cell as usize >= n * n {
            Some(format!("cell {cell} is outside the {n}x{n} grid"))
        } else if cells[..i].contains(&cell) {
            Some(format!("{} is named twice", cell_name(cell as usize, n)))
        } else {
            None
        }
    })
}

/// Why a constraint whose cells lie in the grid, once each, breaks the
/// invariants of its kind.
fn rule_problem(constraint: &Constraint, n: usize) -> Option<String> {
    let name = |cell: u16| cell_name(cell as usize, n);
    let n32 = n as u32;
    match constraint {
        Constraint::Thermometer(c) => short_line(c, n).or_else(|| {
            (c.len() > n).then(|| {
                format!(
                    "a thermometer of {} cells cannot increase strictly with digits 1-{n} (from {})",
                    c.len(),
                    name(c[0])
                )
            })
        }),
        Constraint::Whispers { cells: c, gap } => short_line(c, n).or_else(|| {
            (*gap == 0 || *gap >= n32)
                .then(|| format!("a difference of {gap} is not 1 to {}", n - 1))
        }),
        Constraint::Renban(c) => short_line(c, n).or_else(|| {
            (c.len() > n).then(|| {
                format!(
                    "{} different consecutive digits do not fit 1-{n} (from {})",
                    c.len(),
                    name(c[0])
                )
            })
        }),
        Constraint::Palindrome(c) => short_line(c, n),
        Constraint::Arrow { bulb, shaft } => arrow_problem(bulb, shaft, n),
        Constraint::Cage { cells: c, sum } => cage_problem(c, *sum, n),
        Constraint::LittleKiller { cells: c, sum } => {
            let (min, max) = (c.len() as u32, c.len() as u32 * n32);
            (c.is_empty() || !(min..=max).contains(sum)).then(|| {
                format!(
                    "the diagonal of {} cells cannot sum to {sum}: its digits 1-{n} add up to {min} to {max}",
                    c.len()
                )
            })
        }
        Constraint::Sandwich { cells: c, sum } => {
            let most = sandwich_most(n);
            (c.len() != n || *sum > most).then(|| {
                format!(
                    "a sandwich needs a whole row or column and a sum of 0 to {most}, found {} cells and {sum}",
                    c.len()
                )
            })
        }
        Constraint::Dot { cells: [a, b], .. } | Constraint::Never { cells: [a, b], .. } => {
            let (x, y) = (*a as usize, *b as usize);
            let sees = x / n == y / n || x % n == y % n;
            (!sees).then(|| format!("{} and {} share no row or column", name(*a), name(*b)))
        }
        Constraint::Distinct(c) => (c.len() > n)
            .then(|| format!("{} cells cannot all differ with digits 1-{n}", c.len())),
        Constraint::Quadruple { cells: c, digits } => quadruple_problem(c, digits, n),
        Constraint::Parity { .. }
        | Constraint::Extreme { .. }
        | Constraint::AntiKnight
        | Constraint::AntiKing => None,
    }
}

/// Why a line (a thermometer, whispers, renban, palindrome) is too short
/// to be one: fewer than two cells.
fn short_line(cells: &[u16], n: usize) -> Option<String> {
    match cells {
        [] => Some("a line needs two cells, found none".into()),
        [one] => Some(format!(
            "a line needs two cells, {} has one",
            cell_name(*one as usize, n)
        )),
        _ => None,
    }
}

/// The most constraints a puzzle of side `n` holds: eight a cell (648 on
/// 9x9). Every pair of neighbours with a dot and a negative rule is
/// `4n(n-1)`, under the cap; each constraint compiles to at most
/// `TUPLE_CAP` options or a chain of `n` states a cell, so the cap bounds
/// the memory a puzzle's matrix takes whatever its file lists.
pub(crate) const fn max_constraints(n: usize) -> usize {
    8 * n * n
}

/// Why a puzzle of side `n` cannot take one more constraint after
/// `held`: the cap of [`max_constraints`].
pub(crate) fn past_the_cap(held: usize, n: usize) -> Option<String> {
    let most = max_constraints(n);
    (held >= most).then(|| {
        format!(
            "a {n}x{n} puzzle holds at most {most} constraints (eight a cell); this is one more"
        )
    })
}

/// The largest sandwich sum of side `n`: every digit between 1 and `n`
/// (`2..=n-1`) in the middle.
pub(crate) fn sandwich_most(n: usize) -> u32 {
    let inner = (n as u32).saturating_sub(2);
    inner * (inner + 3) / 2
}

/// Why an arrow cannot hold: a bulb not of 1 to 3 cells, no shaft, or no
/// digits whose shaft sum the bulb's number can be.
fn arrow_problem(bulb: &[u16], shaft: &[u16], n: usize) -> Option<String> {
    if bulb.is_empty() || bulb.len() > 3 || shaft.is_empty() {
        return Some(format!(
            "an arrow needs a bulb of 1 to 3 cells and a shaft (bulb {}, shaft {})",
            bulb.len(),
            shaft.len()
        ));
    }
    let n32 = n as u32;
    let most = u64::from(n32) * shaft.len() as u64;
    let least_bulb = decimal(std::iter::repeat_n(1, bulb.len()));
    let most_bulb = decimal(std::iter::repeat_n(n32, bulb.len()));
    let least = shaft.len() as u64;
    (least_bulb > most || least > most_bulb).then(|| {
        format!(
            "no digits fit the arrow at {}: its {} shaft cells add up to {least} to {most}, its bulb makes {least_bulb} to {most_bulb}",
            cell_name(bulb[0] as usize, n),
            shaft.len(),
        )
    })
}

/// Why a cage cannot hold: no cell, more cells than digits, or a sum its
/// different digits cannot make.
fn cage_problem(cells: &[u16], sum: Option<u32>, n: usize) -> Option<String> {
    if cells.is_empty() {
        return Some("a cage needs a cell".into());
    }
    let first = cell_name(cells[0] as usize, n);
    if cells.len() > n {
        return Some(format!(
            "the cage at {first} has {} cells; a cage of different digits has at most {n}",
            cells.len()
        ));
    }
    let sum = sum?;
    let (min, max) = sum_range(n, cells.len());
    (!(min..=max).contains(&sum)).then(|| {
        format!(
            "the cage at {first} cannot sum to {sum}: {} different digits 1-{n} add up to {min} to {max}",
            cells.len()
        )
    })
}

/// Why a quadruple cannot hold: not 1 to 4 cells, no digits or more
/// digits than cells, or a digit not `1..=n`.
fn quadruple_problem(cells: &[u16], digits: &[u8], n: usize) -> Option<String> {
    if cells.is_empty() || cells.len() > 4 || digits.len() > cells.len() || digits.is_empty() {
        return Some(format!(
            "a quadruple needs 1 to 4 cells and at most as many digits, found {} and {}",
            cells.len(),
            digits.len()
        ));
    }
    digits
        .iter()
        .find(|&&d| d == 0 || d as usize > n)
        .map(|d| format!("the digit {d} is not 1-{n}"))
}

/// The least and largest sums of `size` different digits `1..=n`.
pub(crate) fn sum_range(n: usize, size: usize) -> (u32, u32) {
    let (n, k) = (n as u32, size as u32);
    (k * (k + 1) / 2, k * (2 * n + 1 - k) / 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pills_read_as_decimal_numbers_and_bad_constraints_say_why() {
        assert_eq!(decimal([1, 2]), 12);
        assert_eq!(decimal([12, 3]), 123);
        assert_eq!(decimal([]), 0);
        let repeated = Constraint::Thermometer(vec![0, 1, 0]);
        assert_eq!(
            check(&repeated, 4).unwrap_err().to_string(),
            "thermometer: r1c1 is named twice"
        );
        let outside = Constraint::Renban(vec![0, 16]);
        assert_eq!(
            check(&outside, 4).unwrap_err().to_string(),
            "renban: cell 16 is outside the 4x4 grid"
        );
        let arrow = Constraint::Arrow {
            bulb: vec![0, 1],
            shaft: vec![2],
        };
        assert!(check(&arrow, 4).is_err());
        assert!(Relation::Ratio(2).holds(3, 6) && Relation::Ratio(2).holds(6, 3));
        assert!(!Relation::Difference(1).holds(3, 5));
    }
}
