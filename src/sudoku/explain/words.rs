//! Steps in Sudoku's words: each item and option named by its cell,
//! house, cage and digit, each technique by its usual name. Items are
//! named by what they stand for in the rules ([`Subject`]), so the words
//! are those of any variant: `region 4`, `the main diagonal`, `window 2`,
//! `cage 17 at r1c1` (a killer cage by its sum and first cell).

use std::fmt::Write;

use super::{CLASS_BOX, CLASS_COLUMN, CLASS_ROW};
use crate::dlx::deduce::{ChainKind, Move, Step};
use crate::sudoku::rate::{Explanation, Placed};
use crate::sudoku::variant::House;
use crate::sudoku::{CLASS_CELL, Subject, Unit, Variant};

/// The class of a diagonal's, window's, cage's digit item, and of a cage
/// item ([`crate::sudoku::CompiledOptions::class`]).
const CLASS_DIAGONAL: u8 = 4;
const CLASS_WINDOW: u8 = 5;
const CLASS_CAGE_DIGIT: u8 = 6;
const CLASS_CAGE: u8 = 7;

/// An explanation and its puzzle's rules, to name what its steps touch.
pub(super) struct Words<'e> {
    e: &'e Explanation,
    n: usize,
    houses: Vec<House>,
    /// Each killer cage's name: `cage 17 at r1c1`.
    cages: Vec<String>,
    /// Each killer cage's cells.
    cage_cells: Vec<Vec<u16>>,
}

impl<'e> Words<'e> {
    /// The words of `e`, a puzzle under `variant`'s rules.
    pub(super) fn new(e: &'e Explanation, variant: &Variant) -> Self {
        let n = variant.n();
        let cages = variant
            .cages()
            .iter()
            .map(|cage| {
                let first = usize::from(cage.cells[0]);
                format!("cage {} at {}", cage.sum, Self::cell(first / n, first % n))
            })
            .collect();
        Self {
            e,
            n,
            houses: variant.houses(),
            cages,
            cage_cells: variant.cages().iter().map(|c| c.cells.clone()).collect(),
        }
    }

    /// The cell `rRcC`.
    fn cell(r: usize, c: usize) -> String {
        format!("r{}c{}", r + 1, c + 1)
    }

    /// What option `k` places: its cell and digit.
    fn place(&self, k: u32) -> Placed {
        self.e.places[k as usize].expect("a cell's option places a digit")
    }

    /// What option `k` places, if it is a cell's option (a killer cage's
    /// digit set places nothing).
    pub(super) fn places(&self, k: u32) -> Option<Placed> {
        self.e.places[k as usize]
    }

    /// A cage's digit set `1+2+9`.
    fn digit_set(mask: u64) -> String {
        let digits: Vec<String> = (0..64)
            .filter(|d| mask >> d & 1 == 1)
            .map(|d| (d + 1).to_string())
            .collect();
        digits.join("+")
    }

    /// Option `k` as a chain's node: `(7)r3c5`, or `(8+9)cage 17 at
    /// r1c1` for a cage's digit set.
    fn node(&self, k: u32) -> String {
        match (self.e.places[k as usize], self.e.sets[k as usize]) {
            (Some((r, c, d)), _) => format!("({d}){}", Self::cell(r, c)),
            (None, Some((cage, mask))) => {
                format!("({}){}", Self::digit_set(mask), self.cages[cage])
            }
            (None, None) => format!("option {k}"),
        }
    }

    /// The class of item `i` (as [`crate::sudoku::CompiledOptions::class`]).
    fn class(&self, i: u32) -> u8 {
        match self.e.subjects[i as usize] {
            Subject::Cell(_) => CLASS_CELL,
            Subject::HouseDigit { house, .. } => match self.houses[house].unit {
                Unit::Row(_) => CLASS_ROW,
                Unit::Column(_) => CLASS_COLUMN,
                Unit::Diagonal(_) => CLASS_DIAGONAL,
                Unit::Window(_) => CLASS_WINDOW,
                Unit::Cage(_) => CLASS_CAGE_DIGIT,
                Unit::Box(_) | Unit::Region(_) => CLASS_BOX,
            },
            Subject::CageDigit { .. } => CLASS_CAGE_DIGIT,
            Subject::Cage(_) => CLASS_CAGE,
        }
    }

    /// The cells of item `i`'s cell, house or cage, in reading order.
    pub(super) fn cells_of(&self, i: u32) -> &[u16] {
        match self.e.subjects[i as usize] {
            Subject::Cell(_) => &[],
            Subject::HouseDigit { house, .. } => &self.houses[house].cells,
            Subject::CageDigit { cage, .. } | Subject::Cage(cage) => &self.cage_cells[cage],
        }
    }

    /// The cell of a cell item.
    pub(super) fn cell_of(&self, i: u32) -> Option<usize> {
        match self.e.subjects[i as usize] {
            Subject::Cell(cell) => Some(cell),
            _ => None,
        }
    }

    /// The digit of a house's or cage's digit item.
    pub(super) fn digit(&self, i: u32) -> u8 {
        match self.e.subjects[i as usize] {
            Subject::HouseDigit { digit, .. } | Subject::CageDigit { digit, .. } => digit,
            _ => 0,
        }
    }

    /// The 0-based row and column of a cell item.
    fn cell_at(&self, i: u32) -> (usize, usize) {
        match self.e.subjects[i as usize] {
            Subject::Cell(cell) => (cell / self.n, cell % self.n),
            _ => (0, 0),
        }
    }

    /// The house or cage of an item: `row 3`, `region 5`, `the main
    /// diagonal`, `cage 17 at r1c1`, or a cell item's cell.
    fn house(&self, i: u32) -> String {
        match self.e.subjects[i as usize] {
            Subject::Cell(cell) => Self::cell(cell / self.n, cell % self.n),
            Subject::HouseDigit { house, .. } => self.houses[house].unit.to_string(),
            Subject::CageDigit { cage, .. } | Subject::Cage(cage) => self.cages[cage].clone(),
        }
    }

    /// The cell of a cell item, `D in HOUSE` for a house's or cage's digit
    /// item, the cage of a cage item.
    fn name(&self, i: u32) -> String {
        match self.e.subjects[i as usize] {
            Subject::Cell(_) | Subject::Cage(_) => self.house(i),
            _ => format!("{} in {}", self.digit(i), self.house(i)),
        }
    }

    /// `a, b and c`.
    fn list(parts: &[String]) -> String {
        match parts {
            [] => String::new(),
            [one] => one.clone(),
            [init @ .., last] => format!("{} and {last}", init.join(", ")),
        }
    }

    /// The removals: `r1c2 <> 3, r1c9 <> 7`.
    fn removed(&self, step: &Step) -> String {
        let parts: Vec<String> = step.removed.iter().map(|&k| self.denial(k)).collect();
        parts.join(", ")
    }

    /// What removing option `k` says: `r1c2 <> 3`, `cage 17 at r1c1 <>
    /// 8+9`.
    fn denial(&self, k: u32) -> String {
        self.claim(k, false)
    }

    /// Option `k` said true (`r3c5 = 7`) or false (`r3c5 <> 7`).
    fn claim(&self, k: u32, true_: bool) -> String {
        let relation = if true_ { "=" } else { "<>" };
        match (self.e.places[k as usize], self.e.sets[k as usize]) {
            (Some((r, c, d)), _) => format!("{} {relation} {d}", Self::cell(r, c)),
            (None, Some((cage, mask))) => {
                format!("{} {relation} {}", self.cages[cage], Self::digit_set(mask))
            }
            (None, None) if true_ => format!("option {k}"),
            (None, None) => format!("option {k} goes"),
        }
    }

    /// A chain's name, with the common name of its shape where it has
    /// one: an X-chain of four nodes is a skyscraper (its strong links in
    /// two parallel lines, their ends in one crossing line), a two-string
    /// kite (one in a row, one in a column, their ends in one box) or a
    /// turbot fish (the rest; only on plain grids, where rows, columns and
    /// boxes are the houses); an AIC whose strong links are all cells with
    /// two candidates is an XY-chain, and one of six nodes whose ends are
    /// two cells with the same two candidates, linked through a house with
    /// two places for one of them, a W-wing.
    fn chain_name(&self, step: &Step, kind: ChainKind) -> String {
        let base = match kind {
            ChainKind::X => "X-chain",
            ChainKind::Any => "AIC",
        };
        let nodes: Option<Vec<Placed>> = step.options.iter().map(|&k| self.places(k)).collect();
        let Some(p) = nodes else {
            return base.into();
        };
        let plain = self
            .houses
            .iter()
            .all(|h| matches!(h.unit, Unit::Row(_) | Unit::Column(_) | Unit::Box(_)));
        let box_of = |(r, c, _): Placed| {
            self.houses.iter().position(|h| {
                matches!(h.unit, Unit::Box(_)) && h.cells.contains(&((r * self.n + c) as u16))
            })
        };
        let row = |a: Placed, b: Placed| a.0 == b.0 && box_of(a) != box_of(b);
        let column = |a: Placed, b: Placed| a.1 == b.1 && box_of(a) != box_of(b);
        let cell = |a: Placed, b: Placed| (a.0, a.1) == (b.0, b.1);
        let shape = match (kind, p.as_slice()) {
            (ChainKind::X, &[a, b, c, d]) if plain => {
                if (row(a, b) && row(c, d) && b.1 == c.1)
                    || (column(a, b) && column(c, d) && b.0 == c.0)
                {
                    Some("skyscraper")
                } else if ((row(a, b) && column(c, d)) || (column(a, b) && row(c, d)))
                    && box_of(b) == box_of(c)
                {
                    Some("two-string kite")
                } else {
                    Some("turbot fish")
                }
            }
            (ChainKind::Any, &[a, b, c, d, e, f])
                if cell(a, b)
                    && cell(e, f)
                    && !cell(c, d)
                    && !cell(a, f)
                    && a.2 == f.2
                    && b.2 == e.2
                    && [c.2, d.2] == [b.2, b.2]
                    && a.2 != b.2 =>
            {
                Some("W-wing")
            }
            (ChainKind::Any, _) if p.chunks(2).all(|w| cell(w[0], w[1])) => Some("XY-chain"),
            _ => None,
        };
        match shape {
            Some(name) => format!("{base} ({name})"),
            None => base.into(),
        }
    }

    /// Forcing chains' words: the item, what each of its options leads
    /// to, and the chains, `r3c5 = 1 -> r3c7 <> 1 -> r2c7 = 1 -> ...`
    /// (the options alternate true and false from each chain's source).
    fn forcing(&self, step: &Step) -> String {
        let (kind, each) = self.supposed(step.items[0]);
        let end = *step.options.last().expect("a forcing step has chains");
        let say = |k: u32, on: bool| self.claim(k, on);
        let mut chains = Vec::new();
        let mut chain: Vec<String> = Vec::new();
        for &k in &step.options {
            chain.push(say(k, chain.len().is_multiple_of(2)));
            // The conclusion ends each chain and appears in none before.
            if k == end {
                chains.push(chain.join(" -> "));
                chain.clear();
            }
        }
        format!(
            "{kind} forcing chains: {each} leads to {}: {}",
            say(end, step.chosen.is_some()),
            chains.join("; ")
        )
    }

    /// A forcing net's words: each option of its item, then the singles
    /// it leads to, up to the consequence.
    fn net(&self, step: &Step) -> String {
        let (kind, each) = self.supposed(step.items[0]);
        let end = *step.options.last().expect("a net has suppositions");
        let on = step.chosen.is_some();
        let mut nets = Vec::new();
        let mut net: Vec<String> = Vec::new();
        for &k in &step.options {
            // The consequence ends each supposition's singles.
            if k == end {
                // The supposition is not a single; a consequence made
                // true is one.
                let singles = net.len() - 1 + usize::from(on);
                let s = if singles == 1 { "" } else { "s" };
                nets.push(format!("{} ({singles} single{s})", net.join(", ")));
                net.clear();
            } else {
                net.push(self.claim(k, true));
            }
        }
        format!(
            "{kind} forcing net: with {each}, singles lead to {}: {}",
            self.claim(end, on),
            nets.join("; ")
        )
    }

    /// What a forcing step on item `i` supposes in turn: its kind (cell,
    /// cage or region) and `each candidate of r1c2` (combination of a
    /// cage, place of a house's digit).
    fn supposed(&self, i: u32) -> (&'static str, String) {
        match self.class(i) {
            CLASS_CELL => ("cell", format!("each candidate of {}", self.house(i))),
            CLASS_CAGE => ("cage", format!("each combination of {}", self.house(i))),
            _ => ("region", format!("each place of {}", self.name(i))),
        }
    }

    /// A step's line.
    pub(super) fn line(&self, step: &Step) -> String {
        let line = self.pattern(step);
        match (step.direct, step.chosen) {
            (true, Some(k)) => {
                let single = step.items[step.items.len() - 1];
                format!(
                    "direct {line}, so {}, the only place for {} in {}",
                    self.choice(k),
                    self.digit(single),
                    self.house(single)
                )
            }
            _ => line,
        }
    }

    /// What option `k` chooses: `r3c5 = 7`, or `cage 17 at r1c1 = 8+9`.
    fn choice(&self, k: u32) -> String {
        self.claim(k, true)
    }

    /// A full house: the single of the last empty cell of a house.
    pub(super) fn full_house(&self, step: &Step) -> String {
        let (r, c, d) = self.place(step.chosen.expect("a single chooses"));
        format!(
            "full house: {} = {d}, the last empty cell of {}",
            Self::cell(r, c),
            self.house(step.items[0])
        )
    }

    /// What a step's pattern is and does (a direct step's: what it shows,
    /// its single left to [`Self::line`]).
    fn pattern(&self, step: &Step) -> String {
        let items = match step.direct {
            true => &step.items[..step.items.len() - 1],
            false => &step.items[..],
        };
        let removed = match step.direct {
            true => String::new(),
            false => format!(": {}", self.removed(step)),
        };
        match step.kind {
            Move::NakedSingle | Move::HiddenSingle => {
                let k = step.chosen.expect("a single chooses");
                let chosen = self.choice(k);
                let i = items[0];
                match (self.class(i), self.e.places[k as usize]) {
                    (CLASS_CELL, _) => format!("naked single: {chosen}"),
                    (_, Some((_, _, d))) => format!(
                        "hidden single: {chosen}, the only place for {d} in {}",
                        self.house(i)
                    ),
                    (CLASS_CAGE, None) => {
                        format!("cage combination: {chosen}, the only combination left")
                    }
                    (_, None) => format!(
                        "cage combination: {chosen}, the only combination without {}, which has no place left in it",
                        self.digit(i)
                    ),
                }
            }
            Move::Intersection
                if self.class(items[0]) == CLASS_CAGE_DIGIT
                    && self.class(items[1]) == CLASS_CAGE_DIGIT =>
            {
                let (a, b) = (self.digit(items[0]), self.digit(items[1]));
                format!(
                    "cage combination: {a} has no place left in {}, and its combinations without {a} lack {b} too{removed}",
                    self.house(items[0])
                )
            }
            Move::Intersection => {
                let (a, b) = (items[0], items[1]);
                let kind = match (self.class(a), self.class(b)) {
                    (CLASS_BOX, CLASS_ROW | CLASS_COLUMN) => "pointing",
                    (CLASS_ROW | CLASS_COLUMN, CLASS_BOX) => "claiming",
                    _ => "intersection",
                };
                format!(
                    "{kind}: {} lies in {}{removed}",
                    self.name(a),
                    self.house(b)
                )
            }
            Move::NakedSubset(k) | Move::HiddenSubset(k) | Move::Fish(k) => {
                let (set, targets) = items.split_at(k);
                self.subset(step.kind, k, set, targets) + &removed
            }
            Move::FinnedFish { k, sashimi } => self.finned(step, k, sashimi) + &removed,
            Move::Wing(k) => self.wing(step, k) + &removed,
            Move::Bug => {
                let chosen = self.choice(step.chosen.expect("a bug chooses"));
                format!(
                    "BUG+1: {chosen}, else every empty cell would hold two candidates and every digit two places in each house: two solutions or none"
                )
            }
            Move::UniqueRectangle(kind) => self.rectangle(step, kind) + &removed,
            Move::Chain(kind) => {
                let name = self.chain_name(step, kind);
                let mut chain = String::new();
                for (j, &k) in step.options.iter().enumerate() {
                    let link = match j {
                        0 => "",
                        _ if j % 2 == 1 => " = ",
                        _ => " - ",
                    };
                    let _ = write!(chain, "{link}{}", self.node(k));
                }
                format!("{name}: {chain}{removed}")
            }
            Move::GroupedChain => self.grouped_chain(step) + &removed,
            Move::Forcing => self.forcing(step),
            Move::ForcingNet => self.net(step),
            Move::Nishio => {
                let k = step.options[0];
                let s = if step.length == 1 { "" } else { "s" };
                format!(
                    "Nishio: with {}, {} hidden single{s} leave{} {} without a place{removed}",
                    self.choice(k),
                    step.length,
                    if step.length == 1 { "s" } else { "" },
                    self.name(items[0])
                )
            }
            Move::Trial => {
                let empty = items[0];
                let what = match self.class(empty) {
                    CLASS_CAGE => "combination",
                    CLASS_CELL => "candidate",
                    _ => "place",
                };
                format!(
                    "contradiction: with {}, {} singles leave {} without a {what}{removed}",
                    self.choice(step.options[0]),
                    step.length,
                    self.name(empty)
                )
            }
        }
    }

    /// A wing's words: its pivot's cell and options, and each wing's.
    fn wing(&self, step: &Step, k: usize) -> String {
        let o = &step.options;
        let (pivot, wings) = o.split_at(k);
        let cell = |k: u32| {
            let (r, c, _) = self.place(k);
            Self::cell(r, c)
        };
        let digits = |of: &[u32]| {
            Self::list(
                &of.iter()
                    .map(|&k| self.place(k).2.to_string())
                    .collect::<Vec<_>>(),
            )
        };
        let name = if k == 2 { "XY-wing" } else { "XYZ-wing" };
        format!(
            "{name}: {} holds {}, {} holds {}, {} holds {}",
            cell(pivot[0]),
            digits(pivot),
            cell(wings[0]),
            digits(&wings[..2]),
            cell(wings[2]),
            digits(&wings[2..]),
        )
    }

    /// A unique rectangle's words: its cells, in reading order, and its
    /// two digits.
    fn rectangle(&self, step: &Step, kind: u8) -> String {
        let mut cells: Vec<(usize, usize)> = step
            .options
            .iter()
            .map(|&k| {
                let (r, c, _) = self.place(k);
                (r, c)
            })
            .collect();
        cells.sort_unstable();
        cells.dedup();
        let cells: Vec<String> = cells.iter().map(|&(r, c)| Self::cell(r, c)).collect();
        let (x, y) = (self.place(step.options[0]).2, self.place(step.options[1]).2);
        let (x, y) = (x.min(y), x.max(y));
        format!(
            "unique rectangle type {kind}: {} cannot hold only {x} and {y}, or the puzzle would have two solutions",
            cells.join(", ")
        )
    }

    /// A subset's or fish's words: its `k` items `set` and the `k` items
    /// `targets` their options lie within.
    fn subset(&self, kind: Move, k: usize, set: &[u32], targets: &[u32]) -> String {
        let size = match k {
            2 => "pair",
            3 => "triple",
            _ => "quad",
        };
        // The set's cells (naked) or digits (hidden), and where.
        let cells = |of: &[u32]| -> Vec<String> {
            of.iter()
                .map(|&i| {
                    let (r, c) = self.cell_at(i);
                    Self::cell(r, c)
                })
                .collect()
        };
        let digits =
            |of: &[u32]| -> Vec<String> { of.iter().map(|&i| self.digit(i).to_string()).collect() };
        match kind {
            Move::NakedSubset(_) => format!(
                "naked {size}: {} hold {} in {}",
                cells(set).join(", "),
                Self::list(&digits(targets)),
                self.house(targets[0]),
            ),
            Move::HiddenSubset(_) => format!(
                "hidden {size}: {} in {} lie in {}",
                Self::list(&digits(set)),
                self.house(set[0]),
                cells(targets).join(", "),
            ),
            _ => self.fish(k, set, targets),
        }
    }

    /// A grouped chain's words: its name (an X-chain when every node is
    /// one digit's), then its nodes linked, a group as its digit and its
    /// cells (`(5)r1c12`: r1c1 and r1c2).
    fn grouped_chain(&self, step: &Step) -> String {
        let mut nodes: Vec<&[u32]> = Vec::new();
        let mut rest = &step.options[..];
        for &size in &step.items {
            let (node, after) = rest.split_at(size as usize);
            nodes.push(node);
            rest = after;
        }
        let digits: Option<Vec<u8>> = step
            .options
            .iter()
            .map(|&k| self.places(k).map(|(_, _, d)| d))
            .collect();
        let one_digit = digits.is_some_and(|d| d.iter().all(|&x| x == d[0]));
        let mut chain = String::new();
        for (j, node) in nodes.iter().enumerate() {
            let link = match j {
                0 => "",
                _ if j % 2 == 1 => " = ",
                _ => " - ",
            };
            let _ = write!(chain, "{link}{}", self.group(node));
        }
        let name = if one_digit {
            "grouped X-chain"
        } else {
            "grouped AIC"
        };
        format!("{name}: {chain}")
    }

    /// A grouped chain's node: an option's name, or a group of one
    /// digit's places as the digit and the cells (`(5)r1c12`, `(5)r12c3`),
    /// or the options in braces.
    fn group(&self, node: &[u32]) -> String {
        if let [one] = node {
            return self.node(*one);
        }
        let places: Option<Vec<Placed>> = node.iter().map(|&k| self.places(k)).collect();
        match places.as_deref() {
            Some(p @ [(r, _, d), ..]) if p.iter().all(|x| x.0 == *r && x.2 == *d) => {
                let cols = self.numbers(p.iter().map(|x| x.1));
                format!("({d})r{}c{cols}", r + 1)
            }
            Some(p @ [(_, c, d), ..]) if p.iter().all(|x| x.1 == *c && x.2 == *d) => {
                let rows = self.numbers(p.iter().map(|x| x.0));
                format!("({d})r{rows}c{}", c + 1)
            }
            _ => {
                let names: Vec<String> = node.iter().map(|&k| self.node(k)).collect();
                format!("{{{}}}", names.join(", "))
            }
        }
    }

    /// Rows' or columns' numbers (from 0) run together (`12`), or with
    /// commas past 9 (`10,11`).
    fn numbers(&self, of: impl Iterator<Item = usize>) -> String {
        let numbers: Vec<String> = of.map(|x| (x + 1).to_string()).collect();
        numbers.join(if self.n > 9 { "," } else { "" })
    }

    /// A finned fish's words: the fish's, and its fins.
    fn finned(&self, step: &Step, k: usize, sashimi: bool) -> String {
        let (set, targets) = step.items.split_at(k);
        let fins: Vec<String> = step
            .options
            .iter()
            .map(|&o| {
                let (r, c, _) = self.place(o);
                Self::cell(r, c)
            })
            .collect();
        format!(
            "{} {} or on the fin{} {}",
            if sashimi { "sashimi" } else { "finned" },
            self.fish(k, set, targets),
            if fins.len() == 1 { "" } else { "s" },
            Self::list(&fins)
        )
    }

    /// A fish's words: its digit, its base lines and its cover lines.
    fn fish(&self, k: usize, set: &[u32], targets: &[u32]) -> String {
        let name = match k {
            2 => "X-wing",
            3 => "swordfish",
            _ => "jellyfish",
        };
        let lines = |of: &[u32]| -> String {
            let kind = match self.class(of[0]) {
                CLASS_ROW => "rows",
                CLASS_COLUMN => "columns",
                _ => "houses",
            };
            // Rows and columns by number, other houses by name.
            let numbers: Vec<String> = of
                .iter()
                .map(|&i| match self.e.subjects[i as usize] {
                    Subject::HouseDigit { house, .. } => match self.houses[house].unit {
                        Unit::Row(x) | Unit::Column(x) => (x + 1).to_string(),
                        _ => self.house(i),
                    },
                    _ => self.house(i),
                })
                .collect();
            format!("{kind} {}", Self::list(&numbers))
        };
        format!(
            "{name}: {} in {} lies in {}",
            self.digit(set[0]),
            lines(set),
            lines(targets)
        )
    }
}
