//! The setters' rules searched on the cells' candidates, each rule with a
//! propagator of its own written from its definition: the path of
//! `--propagate rules` (and of `auto` for rules with constraints or killer
//! cages, measured in BENCHMARKS-history.md, "Each rule's own propagator").
//!
//! The exact cover is the compiler's: one primary item per cell and per
//! house-digit, one option per (cell, digit). Here a node's active options
//! are one candidate mask per cell (bit `d - 1` for digit `d`); a cell
//! item's options are its mask, a house-digit item's are the house's cells
//! whose masks hold the digit. The constraints are not encoded as items:
//! each is a [`Rule`] that, given the masks, removes the digits no filling
//! of its own cells that it allows would use. So these propagators check
//! the compiler's encodings (the tests count with both), as the issue that
//! asked for them wanted.
//!
//! After each choice (and at the root, once the givens are placed) the
//! search propagates to a fixed point:
//! - a cell left with one digit is *placed*: its digit leaves every cell
//!   that must differ from it (its *peers*: the houses', cages', extra
//!   regions', anti-knight and anti-king cells);
//! - each rule whose cells changed runs again ([`Rule`] says what each
//!   one keeps), in tiers ([`Rule::tier`]): two-cell rules and rising
//!   lines, then sums, cages and sandwiches, then houses, then
//!   intersections, and within a tier the rules with fewer cells first
//!   (the queue is a bit set over the rules in that order, so waking a
//!   cell's rules is an OR per 64 rules); a rule that settles its own
//!   cells in one run ([`Rule::settles`]) is not woken by what it removed
//!   itself;
//! - a cell with no digit left is a dead end.
//!
//! Then it branches two ways, as CP solvers do: on the open cell with the
//! fewest digits for its *weight* (dom/wdeg), first its least digit `d`
//! (`x = d`, a child), and once that child's subtree is done, `x != d` at
//! the node itself: `d` leaves the cell, propagation runs again, and the
//! node chooses again from what is left (a dead end ends the node; every
//! cell placed is a solution). The two branches are disjoint and cover the
//! node, so counts and solutions are those of Algorithm X's branching on
//! every digit of the cell, but what `x != d` propagates narrows the
//! siblings still to come, and the choice after it may move to a cell
//! that has become tighter. Each cell weighs 1 at the root, plus 1 each
//! time a rule on it (or the cell itself) met a dead end earlier in the
//! search, so the search goes first where the puzzle has proved hard; the
//! first such cell in reading order. (Algorithm X's fewest options is the
//! same rule with every weight 1.)
//!
//! Statistics: a node is the root or a choice `x = d` entered; an update
//! is a candidate a choice clears in its own cell; an option removed is a
//! candidate propagation cleared (peers, houses and the rules, and each
//! `x != d` with what follows from it).
//!
//! # Invariants
//!
//! * A level's words only lose bits below it: a child starts as a copy of
//!   its parent's words (the cells' masks, then the sums' groups' sums
//!   still possible, [`Model::width`]; nothing is undone on the way back),
//!   and the level's own masks lose only what `x != d` and its propagation
//!   remove, once the child of `x = d` is done with them.
//! * [`PLACED`] is set on a cell's mask once its single digit has left its
//!   peers; at a fixed point every single-digit cell has it, so a node is
//!   solved exactly when every cell has it.
//! * Every rule removes only digits that no solution below the node has in
//!   that cell; so the counts and the solutions are those of the other
//!   paths, only the tree differs (the tests hold them to brute force on
//!   4x4 and 6x6 grids and to the compiler's paths).
//! * Sums fit in 128 bits: a line's largest total (and an arrow's largest
//!   bulb) is below 128, or the rules do not take this path.

use crate::sudoku::Unit;
use crate::sudoku::constraint::{Constraint, Relation};
use crate::sudoku::variant::{House, Variant, cage_sets};

mod prop;
mod search;
pub(super) use search::CellSearch;

/// The flag of a placed cell's mask (its digit has left its peers).
pub(super) const PLACED: u32 = 1 << 31;

/// The largest side this path takes (a mask's digits below [`PLACED`]).
const MAX_SIDE: usize = 31;

/// The most cells a line's group of cells that see each other holds: a
/// group's sums are found by trying its fillings, 9 * 8 * 7 at most for
/// three cells of a 9x9 grid.
const MAX_GROUP: usize = 3;

/// The most groups a sum's line has (each cell's digits at least 1 and
/// every total below 128: at most 127 cells, and a side of 4 or more
/// allows 31).
const MAX_LINE: usize = 32;

/// The most cells on either side of a [`Rule::Linear`] the model derives.
const MAX_OUTIES: usize = 4;

/// A level's words for the sums a group of a [`Rule::Sum`] may still make.
pub(super) const SUM_WORDS: usize = 4;

/// A level's words for the masks of a [`Rule::Sum`]'s bulb when it last ran.
pub(super) const BULB_WORDS: usize = 2;

/// The most triads a [`Rule::Band`] has (lines times boxes: 9 for 9x9,
/// 25 for 25x25); a band with more takes a [`Rule::Meet`] for each line and
/// box.
const MAX_TRIADS: usize = 32;

/// What one constraint keeps: each removes the digits of its cells that no
/// filling it allows uses, given the other cells' masks.
#[derive(Clone, Debug)]
pub(super) enum Rule {
    /// `n` cells holding every digit once (a house): a digit with no place
    /// is a dead end, a digit with one place is placed there (a hidden
    /// single), and a cell two digits need is a dead end.
    House(Vec<u16>),
    /// Two houses meeting in two or more cells (a box and a line): a digit
    /// one house can only hold in the meeting cells leaves the other
    /// house's other cells (pointing and claiming).
    Meet {
        /// The first house's cells outside the other.
        first: Vec<u16>,
        /// The cells both share.
        common: Vec<u16>,
        /// The second house's cells outside the first.
        second: Vec<u16>,
    },
    /// A band of lines (rows, or a stack's columns) across the boxes they
    /// cross, each line meeting each box in a triad of `width` cells: a
    /// digit a box holds only in one line's triad leaves that line's other
    /// triads (pointing), and a digit a line holds only in one box's triad
    /// leaves that box's other triads (claiming): [`Rule::Meet`] for every
    /// line and box of the band at once.
    Band {
        /// The band's lines one after another, each in order (so the
        /// triads of a line are its runs of `width` cells).
        triads: Vec<u16>,
        /// How many lines.
        lines: u8,
        /// The cells of a triad.
        width: u8,
    },
    /// Fewer than `n` cells of different digits: a dead end when their
    /// masks hold fewer digits than they have cells.
    Distinct(Vec<u16>),
    /// Two cells whose digits must agree with a table (a dot, a negative
    /// rule's pair, whispers' neighbours, a palindrome's mirror, a minimum
    /// and its neighbour): each keeps the digits the other can answer.
    Pair {
        /// The two cells.
        cells: [u16; 2],
        /// For the first cell's digit `x` (index `x - 1`), the second's
        /// digits that go with it.
        ok: Vec<u32>,
        /// For the second's digit `y`, the first's.
        back: Vec<u32>,
    },
    /// Digits strictly increasing along the cells (a thermometer): each
    /// keeps the digits above the least of the cell before and below the
    /// greatest of the cell after.
    Rising(Vec<u16>),
    /// Different digits making one of `sets` (a killer cage; what a house
    /// leaves outside the cages inside it): the sets still possible (every
    /// placed digit in it, every cell with a digit of it, every digit of it
    /// with a cell) bound each cell, and a digit every possible set holds,
    /// with one place left, is placed.
    Cage {
        /// The cells.
        cells: Vec<u16>,
        /// The digit sets (bit `d - 1`) the cells may hold.
        sets: Vec<u32>,
    },
    /// Cells adding up to a total (a little killer's sum, an arrow's
    /// bulb), digits repeating where no house forbids: each cell keeps the
    /// digits some total of the others completes, the others' possible
    /// totals found exactly (as sets of sums, group by group; the cells of
    /// a group see each other, so their digits differ). Each group's sums
    /// still possible are part of the node ([`Model::width`]), as the
    /// cells' masks are: a sum no total can use is gone for the subtree,
    /// though the group's digits could still make it, and a run that finds
    /// every group's sums as it left them does nothing more than narrow
    /// cells to the fillings of those sums.
    Sum {
        /// The cells in groups of at most [`MAX_GROUP`] that see each
        /// other.
        groups: Vec<Vec<u16>>,
        /// What they add up to.
        total: Total,
    },
    /// The digits between the 1 and the `n` of a row or column add up to
    /// a sum (a sandwich): for each place of the crusts and each set of
    /// different digits the sum allows between them, the cells between
    /// keep that set's digits and the cells outside keep the rest.
    Sandwich {
        /// The row's or column's cells in order.
        cells: Vec<u16>,
        /// For each number of cells between the crusts, the sets of
        /// digits (none of them 1 or `n`) adding up to the sum.
        fillings: Vec<Vec<u32>>,
    },
    /// The cells `plus` less the cells `minus` make `total`, digits
    /// repeating (what a house's rest and a sum crossing it leave: the
    /// rest's cells outside the sum less the sum's cells outside the
    /// house): each cell keeps the digits within the bounds the others'
    /// least and greatest digits allow.
    Linear {
        plus: Vec<u16>,
        minus: Vec<u16>,
        total: i32,
    },
}

/// The total of a [`Rule::Sum`].
#[derive(Clone, Debug)]
pub(super) enum Total {
    /// A number (a little killer's).
    Fixed(u32),
    /// The number an arrow's bulb writes: its cells' digits, the first
    /// the most significant (one cell, or a pill of two).
    Bulb(Vec<u16>),
}

/// A puzzle's rules as this path runs them: the peers, the rules, and
/// which rules each cell's changes wake.
#[derive(Clone, Debug)]
pub(super) struct Model {
    /// The side.
    pub(super) n: usize,
    /// Every digit (bits `0..n`).
    pub(super) all: u32,
    /// Each cell's digits before the givens (pencil marks, parity).
    pub(super) root: Vec<u32>,
    /// The cells each cell must differ from, sorted.
    pub(super) peers: Vec<Vec<u16>>,
    /// Every rule, in the order the queue takes them: by tier
    /// ([`Rule::tier`]), then fewer cells first.
    pub(super) rules: Vec<Rule>,
    /// For each cell, the rules on it as bits of the queue's words (rule
    /// `k` is bit `k % 64` of word `k / 64`): (word, bits), by word.
    pub(super) wake: Vec<Vec<(u32, u64)>>,
    /// For each rule, its cells (each once).
    pub(super) members: Vec<Vec<u16>>,
    /// For each rule, where a sum's state starts in a level's words past
    /// the cells' masks ([`Model::width`]); 0 for other rules.
    pub(super) at: Vec<u32>,
    /// A level's words: the cells' masks, then each sum's state: for each
    /// group the sums it may still make (four words, a 128-bit set, all
    /// ones at the root), then for an arrow the masks its bulb had when the
    /// sum last ran (two words).
    pub(super) width: usize,
}

/// Whether this path has a propagator for the constraint's kind (all but
/// renban lines and quadruples).
fn has_propagator(c: &Constraint) -> bool {
    !matches!(c, Constraint::Renban(_) | Constraint::Quadruple { .. })
}

/// Whether the cells' search is the faster path for `rules`, as measured
/// (BENCHMARKS-history.md, "Each rule's own propagator"): every rule has a
/// propagator here, and some rule ties digits by more than their being
/// different (killer cages, sums, sandwiches, thermometers, kropki dots,
/// minimum and maximum cells). Rules of different digits only (diagonals,
/// extra regions, jigsaw, cages without sums, parity, anti-king, and
/// anti-knight), negative rules alone (nonconsecutive) and rules of pairs
/// the links' matched pairs already settle (XV, palindromes) search their
/// easy puzzles faster on the links: a node here costs about ten of theirs.
pub(super) fn pays(rules: &Variant) -> bool {
    let ties = |c: &Constraint| {
        matches!(
            c,
            Constraint::Cage { sum: Some(_), .. }
                | Constraint::LittleKiller { .. }
                | Constraint::Arrow { .. }
                | Constraint::Sandwich { .. }
                | Constraint::Thermometer(_)
                | Constraint::Dot {
                    relation: Relation::Difference(_) | Relation::Ratio(_),
                    ..
                }
                | Constraint::Extreme { .. }
        )
    };
    rules.n() <= MAX_SIDE
        && rules.constraints().iter().all(has_propagator)
        && (!rules.cages().is_empty() || rules.constraints().iter().any(ties))
}

impl Model {
    /// The model of `rules`, or `None` when some constraint has no
    /// propagator here (renban, quadruples) or does not fit (a sum of 128
    /// or more, a pill of three cells or of digits past 9, a side past
    /// [`MAX_SIDE`]): such puzzles take the compiler's path.
    pub(super) fn of(rules: &Variant) -> Option<Self> {
        let n = rules.n();
        if n > MAX_SIDE || !rules.constraints().iter().all(has_propagator) {
            return None;
        }
        let cells = n * n;
        let all = (1u32 << n) - 1;
        let mut b = Build {
            n,
            all,
            root: vec![all; cells],
            sees: vec![false; cells * cells],
            rules: Vec::new(),
        };
        let houses = rules.houses();
        for house in &houses {
            b.differ(&house.cells);
            b.rules.push(Rule::House(house.cells.clone()));
        }
        b.meetings(rules, &houses);
        if let Some(marks) = rules.candidates() {
            for (m, &allowed) in b.root.iter_mut().zip(marks) {
                *m &= allowed as u32;
            }
        }
        for cage in rules.cages() {
            b.cage(&cage.cells, Some(cage.sum))?;
        }
        for c in rules.constraints() {
            b.constraint(c)?;
        }
        // The cages and little killers, as cells and their sum.
        let mut sums: Vec<(&[u16], u32)> = rules
            .cages()
            .iter()
            .map(|c| (c.cells.as_slice(), c.sum))
            .collect();
        for c in rules.constraints() {
            match c {
                Constraint::Cage {
                    cells,
                    sum: Some(sum),
                }
                | Constraint::LittleKiller { cells, sum } => sums.push((cells, *sum)),
                _ => {}
            }
        }
        b.house_rests(&sums, &houses)?;
        b.grid_rests(&sums, &houses);
        Some(b.finish())
    }
}

/// A model being built.
struct Build {
    n: usize,
    all: u32,
    root: Vec<u32>,
    /// Whether two cells must differ (`a * cells + b`).
    sees: Vec<bool>,
    rules: Vec<Rule>,
}

impl Build {
    /// Makes the cells differ pairwise.
    fn differ(&mut self, cells: &[u16]) {
        let count = self.n * self.n;
        for &a in cells {
            for &b in cells {
                if a != b {
                    self.sees[a as usize * count + b as usize] = true;
                }
            }
        }
    }

    /// Whether two cells must differ.
    fn sees(&self, a: u16, b: u16) -> bool {
        self.sees[a as usize * self.n * self.n + b as usize]
    }

    /// The intersection rules: one per band and per stack of boxes (rows
    /// or columns against boxes, when the boxes are the shape's), and one
    /// for each other two houses meeting in two or more cells.
    fn meetings(&mut self, rules: &Variant, houses: &[House]) {
        use crate::sudoku::Unit::{Box, Column, Row};
        let n = self.n;
        let shape = rules.shape();
        let (tall, wide) = (shape.box_rows(), shape.box_cols());
        let bands = rules.regions().is_none()
            && tall * (n / wide) <= MAX_TRIADS
            && wide * (n / tall) <= MAX_TRIADS;
        let standard = |h: &House| bands && matches!(h.unit, Row(_) | Column(_) | Box(_));
        for (i, h) in houses.iter().enumerate() {
            for g in &houses[i + 1..] {
                if standard(h) && standard(g) {
                    continue;
                }
                let common: Vec<u16> = h
                    .cells
                    .iter()
                    .copied()
                    .filter(|c| g.cells.contains(c))
                    .collect();
                if common.len() >= 2 {
                    let outside =
                        |a: &[u16]| a.iter().copied().filter(|c| !common.contains(c)).collect();
                    self.rules.push(Rule::Meet {
                        first: outside(&h.cells),
                        second: outside(&g.cells),
                        common,
                    });
                }
            }
        }
        if !bands {
            return;
        }
        // A band: `tall` rows, `n / wide` boxes, each meeting in `wide`
        // cells; a stack: `wide` columns, `n / tall` boxes.
        let row = |line: usize, k: usize| (line * n + k) as u16;
        let column = |line: usize, k: usize| (k * n + line) as u16;
        for (lines, width, cell) in [
            (tall, wide, &row as &dyn Fn(usize, usize) -> u16),
            (wide, tall, &column),
        ] {
            for first in (0..n).step_by(lines) {
                let triads = (first..first + lines)
                    .flat_map(|line| (0..n).map(move |k| cell(line, k)))
                    .collect();
                self.rules.push(Rule::Band {
                    triads,
                    lines: lines as u8,
                    width: width as u8,
                });
            }
        }
    }

    /// Different digits in `cells`, adding up to `sum` if given.
    fn cage(&mut self, cells: &[u16], sum: Option<u32>) -> Option<()> {
        self.differ(cells);
        match sum {
            None if cells.len() == self.n => self.rules.push(Rule::House(cells.to_vec())),
            None => self.rules.push(Rule::Distinct(cells.to_vec())),
            Some(sum) => {
                let sets: Vec<u32> = cage_sets(self.n, cells.len(), sum)?
                    .into_iter()
                    .map(|s| s as u32)
                    .collect();
                // A given no set holds is refused before the search, so
                // that the compiler names the cage.
                let union = sets.iter().fold(0, |u, s| u | s);
                for &c in cells {
                    self.root[c as usize] &= union;
                }
                self.rules.push(Rule::Cage {
                    cells: cells.to_vec(),
                    sets,
                });
            }
        }
        Some(())
    }

    /// A pair rule from a relation on the two cells' digits (different
    /// digits where the cells see each other).
    fn pair(&mut self, cells: [u16; 2], holds: &dyn Fn(u32, u32) -> bool) {
        let n = self.n as u32;
        let apart = self.sees(cells[0], cells[1]);
        let ok_with = |x: u32, y: u32| !(apart && x == y) && holds(x, y);
        let ok = (1..=n)
            .map(|x| {
                (1..=n)
                    .filter(|&y| ok_with(x, y))
                    .fold(0, |m, y| m | 1 << (y - 1))
            })
            .collect();
        let back = (1..=n)
            .map(|y| {
                (1..=n)
                    .filter(|&x| ok_with(x, y))
                    .fold(0, |m, x| m | 1 << (x - 1))
            })
            .collect();
        self.rules.push(Rule::Pair { cells, ok, back });
    }

    /// A line of cells adding up to `total`, in groups of cells that see
    /// each other; `None` when a total could reach 128.
    fn sum(&mut self, cells: &[u16], total: Total) -> Option<()> {
        let mut groups: Vec<Vec<u16>> = Vec::new();
        for &c in cells {
            match groups.last_mut() {
                Some(g) if g.len() < MAX_GROUP && g.iter().all(|&o| self.sees(o, c)) => g.push(c),
                _ => groups.push(vec![c]),
            }
        }
        let most = cells.len() * self.n;
        let most_total = match &total {
            Total::Fixed(s) => *s as usize,
            Total::Bulb(b) if b.len() == 1 => self.n,
            Total::Bulb(b) if b.len() == 2 && self.n <= 9 => 99,
            Total::Bulb(_) => return None,
        };
        if most >= 128 || most_total >= 128 || groups.len() > MAX_LINE {
            return None;
        }
        self.rules.push(Rule::Sum { groups, total });
        Some(())
    }

    /// One constraint's rule (and its peers); `None` for one this path
    /// does not take.
    fn constraint(&mut self, c: &Constraint) -> Option<()> {
        let n = self.n;
        match c {
            Constraint::Thermometer(cells) => self.rules.push(Rule::Rising(cells.clone())),
            Constraint::Whispers { cells, gap } => {
                for w in cells.windows(2) {
                    self.pair([w[0], w[1]], &|x, y| x.abs_diff(y) >= *gap);
                }
            }
            Constraint::Arrow { bulb, shaft } => self.sum(shaft, Total::Bulb(bulb.clone()))?,
            Constraint::Cage { cells, sum } => self.cage(cells, *sum)?,
            Constraint::LittleKiller { cells, sum } => self.sum(cells, Total::Fixed(*sum))?,
            Constraint::Sandwich { cells, sum } => self.sandwich(cells, *sum)?,
            Constraint::Palindrome(cells) => {
                for i in 0..cells.len() / 2 {
                    self.pair([cells[i], cells[cells.len() - 1 - i]], &|x, y| x == y);
                }
            }
            Constraint::Dot { cells, relation } => self.pair(*cells, &|x, y| relation.holds(x, y)),
            Constraint::Never { cells, relations } => {
                let relations: &[Relation] = relations;
                self.pair(*cells, &|x, y| !relations.iter().any(|r| r.holds(x, y)));
            }
            Constraint::AntiKnight | Constraint::AntiKing => {
                let steps: &[(i32, i32)] = if matches!(c, Constraint::AntiKnight) {
                    &[(1, 2), (2, 1), (1, -2), (2, -1)]
                } else {
                    &[(1, 1), (1, -1), (0, 1), (1, 0)]
                };
                let side = n as i32;
                for r in 0..side {
                    for col in 0..side {
                        for &(dr, dc) in steps {
                            let (r2, c2) = (r + dr, col + dc);
                            if (0..side).contains(&r2) && (0..side).contains(&c2) {
                                self.differ(&[(r * side + col) as u16, (r2 * side + c2) as u16]);
                            }
                        }
                    }
                }
            }
            Constraint::Distinct(cells) => self.cage(cells, None)?,
            Constraint::Parity { cell, even } => {
                let evens = (0..n).filter(|d| d % 2 == 1).fold(0u32, |m, d| m | 1 << d);
                self.root[*cell as usize] &= if *even { evens } else { self.all & !evens };
            }
            Constraint::Extreme { cell, minimum } => {
                let (r, col) = (*cell as usize / n, *cell as usize % n);
                let near = [
                    (r.wrapping_sub(1), col),
                    (r + 1, col),
                    (r, col.wrapping_sub(1)),
                    (r, col + 1),
                ];
                for (r2, c2) in near.into_iter().filter(|&(r2, c2)| r2 < n && c2 < n) {
                    let other = (r2 * n + c2) as u16;
                    let below = *minimum;
                    self.pair([*cell, other], &|x, y| if below { x < y } else { x > y });
                }
            }
            Constraint::Renban(_) | Constraint::Quadruple { .. } => return None,
        }
        Some(())
    }

    /// A sandwich rule on a whole row or column: for each number of cells
    /// between the crusts, the sets of different digits adding up to the
    /// sum ([`cage_sets`]) that hold neither 1 nor `n`.
    fn sandwich(&mut self, cells: &[u16], sum: u32) -> Option<()> {
        let n = self.n;
        if cells.len() != n || n < 3 {
            return None;
        }
        let crusts = 1 | 1 << (n - 1);
        let fillings = (0..n - 1)
            .map(|k| {
                let sets = cage_sets(n, k, sum)?;
                Some(
                    sets.into_iter()
                        .filter(|s| s & crusts == 0)
                        .map(|s| s as u32)
                        .collect(),
                )
            })
            .collect::<Option<Vec<Vec<u32>>>>()?;
        self.rules.push(Rule::Sandwich {
            cells: cells.to_vec(),
            fillings,
        });
        Some(())
    }

    /// For each house holding killer cages wholly, what the rest of its
    /// cells must add up to (the house's total less the cages'), as a cage
    /// of different digits: the "innies" of a house.
    fn house_rests(&mut self, cages: &[(&[u16], u32)], houses: &[House]) -> Option<()> {
        let n = self.n;
        let whole = (n * (n + 1) / 2) as u32;
        for house in houses {
            // The sums inside the house, none sharing a cell with one
            // before it.
            let mut inside: Vec<&(&[u16], u32)> = Vec::new();
            for cage in cages {
                let within = cage.0.iter().all(|c| house.cells.contains(c));
                let apart = || {
                    inside
                        .iter()
                        .all(|(o, _)| o.iter().all(|c| !cage.0.contains(c)))
                };
                if within && apart() {
                    inside.push(cage);
                }
            }
            let covered: u32 = inside.iter().map(|(_, s)| s).sum();
            let rest: Vec<u16> = house
                .cells
                .iter()
                .copied()
                .filter(|c| !inside.iter().any(|(cells, _)| cells.contains(c)))
                .collect();
            if inside.is_empty() || rest.is_empty() || covered > whole {
                continue;
            }
            // Outies: a sum with some cells in the rest and a few outside
            // the house leaves the rest's other cells less those few.
            let left = (whole - covered) as i32;
            for (cells, sum) in cages {
                let (inner, outer): (Vec<u16>, Vec<u16>) =
                    cells.iter().partition(|c| house.cells.contains(c));
                if inner.is_empty()
                    || outer.is_empty()
                    || outer.len() > MAX_OUTIES
                    || !inner.iter().all(|c| rest.contains(c))
                {
                    continue;
                }
                let plus: Vec<u16> = rest
                    .iter()
                    .copied()
                    .filter(|c| !inner.contains(c))
                    .collect();
                if plus.len() <= MAX_OUTIES {
                    self.rules.push(Rule::Linear {
                        plus,
                        minus: outer,
                        total: left - *sum as i32,
                    });
                }
            }
            let sets = cage_sets(n, rest.len(), whole - covered)?;
            let sets = sets.into_iter().map(|s| s as u32).collect();
            self.rules.push(Rule::Cage { cells: rest, sets });
        }
        Some(())
    }

    /// The whole grid's innies: its cells add up to `n` rows' totals, so
    /// sums on cells apart (cages, little killers) leave the rest of the
    /// grid a known total, a sum of its cells' digits where few are left
    /// ([`Build::sum`]). Each sum in turn starts a set, and every other,
    /// the longest first, joins it when it meets none taken: a puzzle
    /// clued on most diagonals of one direction leaves a few cells
    /// (littlekiller_9x9_12: two cells adding up to 7, two to 16).
    fn grid_rests(&mut self, cages: &[(&[u16], u32)], houses: &[House]) {
        let (n, count) = (self.n, self.n * self.n);
        let rows = houses.iter().filter(|h| matches!(h.unit, Unit::Row(_)));
        if rows.count() != n {
            return;
        }
        let grand = (count * (n + 1) / 2) as u32;
        let mut order: Vec<usize> = (0..cages.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(cages[i].0.len()));
        let mut rests: Vec<Vec<u16>> = Vec::new();
        for &first in &order {
            let mut taken = vec![false; count];
            let mut covered = 0;
            for &i in std::iter::once(&first).chain(&order) {
                let (cells, sum) = cages[i];
                if cells.iter().all(|&c| !taken[c as usize]) {
                    cells.iter().for_each(|&c| taken[c as usize] = true);
                    covered += sum;
                }
            }
            let rest: Vec<u16> = (0..count as u16).filter(|&c| !taken[c as usize]).collect();
            if rest.is_empty() || covered > grand || rests.contains(&rest) {
                continue;
            }
            // A rest too large for a sum's sets is left out.
            if self.sum(&rest, Total::Fixed(grand - covered)).is_some() {
                rests.push(rest);
            }
        }
    }

    /// The model: peers from `sees`, the rules in the queue's order, and
    /// each cell's rules.
    fn finish(self) -> Model {
        let count = self.n * self.n;
        let peers = (0..count)
            .map(|a| {
                (0..count)
                    .filter(|&b| self.sees[a * count + b])
                    .map(|b| b as u16)
                    .collect()
            })
            .collect();
        // Each rule's cells once, and the rules in the order the queue
        // takes them: by tier, then fewer cells first.
        let mut ruled: Vec<(Rule, Vec<u16>)> = (self.rules.into_iter())
            .map(|rule| {
                let mut cells = rule.cells();
                cells.sort_unstable();
                cells.dedup();
                (rule, cells)
            })
            .collect();
        ruled.sort_by_key(|(rule, cells)| (rule.tier(), cells.len()));
        let (rules, members): (Vec<Rule>, Vec<Vec<u16>>) = ruled.into_iter().unzip();
        let mut wake: Vec<Vec<(u32, u64)>> = vec![Vec::new(); count];
        for (k, cells) in members.iter().enumerate() {
            let (word, bit) = ((k / 64) as u32, 1 << (k % 64));
            for &c in cells {
                match wake[c as usize].last_mut() {
                    Some((w, bits)) if *w == word => *bits |= bit,
                    _ => wake[c as usize].push((word, bit)),
                }
            }
        }
        let mut width = count;
        let at = rules
            .iter()
            .map(|rule| match rule {
                Rule::Sum { groups, total } => {
                    let at = width - count;
                    width += SUM_WORDS * groups.len();
                    if let Total::Bulb(_) = total {
                        width += BULB_WORDS;
                    }
                    at as u32
                }
                _ => 0,
            })
            .collect();
        Model {
            n: self.n,
            all: self.all,
            root: self.root,
            peers,
            rules,
            wake,
            members,
            at,
            width,
        }
    }
}

impl Rule {
    /// When the rule runs: every rule of a lower tier whose cells changed
    /// runs before any of a higher one. The two-cell rules and rising
    /// lines are cheap; the sums, cages and sandwiches remove the most for
    /// their cost, so they run before the houses and the intersections,
    /// which run many times a node and find little (measured on the hard
    /// set's 38 puzzles with little killers: 61.9 s with the sums last,
    /// 52.7 s with them second). Within a tier, fewer cells first: on the
    /// whole hard set that took 35% off the time against the last rule
    /// woken first (BENCHMARKS-history.md, "Each rule's own propagator").
    pub(super) fn tier(&self) -> u8 {
        match self {
            Rule::Pair { .. } | Rule::Rising(_) | Rule::Distinct(_) => 0,
            Rule::Cage { .. } | Rule::Sum { .. } | Rule::Sandwich { .. } | Rule::Linear { .. } => 1,
            Rule::House(_) => 2,
            Rule::Band { .. } | Rule::Meet { .. } => 3,
        }
    }

    /// Whether one run leaves the rule with nothing more to remove on its
    /// own: each digit it keeps has a filling of the rule's cells made of
    /// digits it keeps (pairs, rising lines, sums, sandwiches: it keeps
    /// exactly the digits with such a filling). Houses, intersections and
    /// cages can find more after what they removed.
    pub(super) fn settles(&self) -> bool {
        matches!(
            self,
            Rule::Pair { .. }
                | Rule::Rising(_)
                | Rule::Sum { .. }
                | Rule::Sandwich { .. }
                | Rule::Distinct(_)
        )
    }

    /// Every cell the rule reads (some twice, none missing).
    fn cells(&self) -> Vec<u16> {
        match self {
            Rule::House(c) | Rule::Distinct(c) | Rule::Rising(c) => c.clone(),
            Rule::Band { triads, .. } => triads.clone(),
            Rule::Cage { cells, .. } | Rule::Sandwich { cells, .. } => cells.clone(),
            Rule::Meet {
                first,
                common,
                second,
            } => [first.as_slice(), common, second].concat(),
            Rule::Pair { cells, .. } => cells.to_vec(),
            Rule::Linear { plus, minus, .. } => [plus.as_slice(), minus].concat(),
            Rule::Sum { groups, total } => {
                let mut all = groups.concat();
                if let Total::Bulb(b) = total {
                    all.extend(b);
                }
                all
            }
        }
    }
}

#[cfg(test)]
mod tests;
