//! Steps in Sudoku's words: each item and option named by its cell,
//! house and digit, each technique by its usual name.

use std::fmt::Write;

use super::{CLASS_BOX, CLASS_COLUMN, CLASS_ROW};
use crate::dlx::deduce::{ChainKind, Move, Step};
use crate::sudoku::rate::{Explanation, Placed};
use crate::sudoku::{CLASS_CELL, Shape};

/// An explanation and its grid's shape, to name what its steps touch.
pub(super) struct Words<'e> {
    e: &'e Explanation,
    shape: Shape,
}

impl<'e> Words<'e> {
    /// The words of `e`, a puzzle of `shape`.
    pub(super) fn new(e: &'e Explanation, shape: Shape) -> Self {
        Self { e, shape }
    }

    /// The cell `rRcC`.
    fn cell(r: usize, c: usize) -> String {
        format!("r{}c{}", r + 1, c + 1)
    }

    /// What option `k` places: its cell and digit.
    pub(super) fn place(&self, k: u32) -> Placed {
        self.e.places[k as usize].expect("the rules' options place a digit")
    }

    /// Item `i`'s class and what one of its options places.
    fn item(&self, i: u32) -> (u8, Placed) {
        self.e.items[i as usize].expect("a step's item has options")
    }

    /// The house of a house's digit item: `row 3`, `column 5`, `box 2`.
    fn house(&self, i: u32) -> String {
        match self.item(i) {
            (CLASS_ROW, (r, _, _)) => format!("row {}", r + 1),
            (CLASS_COLUMN, (_, c, _)) => format!("column {}", c + 1),
            (CLASS_BOX, (r, c, _)) => format!("box {}", self.shape.box_of(r, c) + 1),
            (_, (r, c, _)) => Self::cell(r, c),
        }
    }

    /// The cell of a cell item, or `D in HOUSE` for a house's digit item.
    fn name(&self, i: u32) -> String {
        match self.item(i) {
            (CLASS_CELL, (r, c, _)) => Self::cell(r, c),
            (_, (_, _, d)) => format!("{d} in {}", self.house(i)),
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
        let mut out = String::new();
        for (j, &k) in step.removed.iter().enumerate() {
            let (r, c, d) = self.place(k);
            let sep = if j == 0 { "" } else { ", " };
            let _ = write!(out, "{sep}{} <> {d}", Self::cell(r, c));
        }
        out
    }

    /// A step's line.
    pub(super) fn line(&self, step: &Step) -> String {
        let line = self.pattern(step);
        match (step.direct, step.chosen) {
            (true, Some(k)) => {
                let (r, c, d) = self.place(k);
                let single = step.items[step.items.len() - 1];
                format!(
                    "direct {line}, so {} = {d}, the only place for {d} in {}",
                    Self::cell(r, c),
                    self.house(single)
                )
            }
            _ => line,
        }
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
                let (r, c, d) = self.place(step.chosen.expect("a single chooses"));
                let placed = format!("{} = {d}", Self::cell(r, c));
                match self.item(items[0]).0 {
                    CLASS_CELL => format!("naked single: {placed}"),
                    _ => format!(
                        "hidden single: {placed}, the only place for {d} in {}",
                        self.house(items[0])
                    ),
                }
            }
            Move::Intersection => {
                let (a, b) = (items[0], items[1]);
                let kind = match (self.item(a).0, self.item(b).0) {
                    (CLASS_BOX, _) => "pointing",
                    (_, CLASS_BOX) => "claiming",
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
            Move::Wing(k) => {
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
                    "{name}: {} holds {}, {} holds {}, {} holds {}{removed}",
                    cell(pivot[0]),
                    digits(pivot),
                    cell(wings[0]),
                    digits(&wings[..2]),
                    cell(wings[2]),
                    digits(&wings[2..]),
                )
            }
            Move::Bug => {
                let (r, c, d) = self.place(step.chosen.expect("a bug chooses"));
                format!(
                    "BUG+1: {} = {d}, else every empty cell would hold two candidates and every digit two places in each house: two solutions or none",
                    Self::cell(r, c)
                )
            }
            Move::Chain(kind) => {
                let name = match kind {
                    ChainKind::X => "X-chain",
                    ChainKind::Y => "XY-chain",
                    ChainKind::Any => "AIC",
                };
                let mut chain = String::new();
                for (j, &k) in step.options.iter().enumerate() {
                    let (r, c, d) = self.place(k);
                    let link = match j {
                        0 => "",
                        _ if j % 2 == 1 => " = ",
                        _ => " - ",
                    };
                    let _ = write!(chain, "{link}({d}){}", Self::cell(r, c));
                }
                format!("{name}: {chain}{removed}")
            }
            Move::Trial => {
                let (r, c, d) = self.place(step.options[0]);
                format!(
                    "contradiction: with {} = {d}, {} singles leave {} without a candidate{removed}",
                    Self::cell(r, c),
                    step.length,
                    self.empty(items[0])
                )
            }
        }
    }

    /// An item left with no option: a cell, or a digit of a house.
    fn empty(&self, i: u32) -> String {
        match self.item(i) {
            (CLASS_CELL, (r, c, _)) => Self::cell(r, c),
            (_, (_, _, d)) => format!("{d} in {}", self.house(i)),
        }
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
                    let (_, (r, c, _)) = self.item(i);
                    Self::cell(r, c)
                })
                .collect()
        };
        let digits = |of: &[u32]| -> Vec<String> {
            of.iter().map(|&i| self.item(i).1.2.to_string()).collect()
        };
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
            _ => {
                let name = match k {
                    2 => "X-wing",
                    3 => "swordfish",
                    _ => "jellyfish",
                };
                let lines = |of: &[u32]| -> String {
                    let (kind, numbers): (&str, Vec<String>) = match self.item(of[0]).0 {
                        CLASS_ROW => (
                            "rows",
                            of.iter()
                                .map(|&i| (self.item(i).1.0 + 1).to_string())
                                .collect(),
                        ),
                        CLASS_COLUMN => (
                            "columns",
                            of.iter()
                                .map(|&i| (self.item(i).1.1 + 1).to_string())
                                .collect(),
                        ),
                        _ => ("houses", of.iter().map(|&i| self.house(i)).collect()),
                    };
                    format!("{kind} {}", Self::list(&numbers))
                };
                format!(
                    "{name}: {} in {} lies in {}",
                    self.item(set[0]).1.2,
                    lines(set),
                    lines(targets)
                )
            }
        }
    }
}
