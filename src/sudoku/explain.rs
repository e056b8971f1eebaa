//! An explained solve path in Sudoku's words: the moves of the rating's
//! rules ([`crate::dlx::deduce`], through [`Rater::explain`]), each as a
//! line that names its technique, the pattern that makes it and what it
//! places or removes:
//!
//! ```text
//! hidden single: r9c3 = 7, the only place for 7 in box 7
//! claiming: 3 in row 7 lies in box 9: r9c7 <> 3, r9c8 <> 3, r9c9 <> 3
//! pointing: 8 in box 7 lies in row 7: r7c5 <> 8, r7c8 <> 8, r7c9 <> 8
//! hidden pair: 3 and 5 in row 7 lie in r7c8, r7c9: r7c8 <> 6, r7c9 <> 6, r7c9 <> 9
//! naked pair: r9c2, r9c7 hold 1 and 2 in row 9: r9c8 <> 1, r9c8 <> 2, r9c9 <> 2
//! ```
//!
//! (lines of top1465's first puzzle, whose first steps the tests work by
//! hand).
//!
//! Rows, columns, boxes and digits count from 1; a cell is `rRcC`. The
//! techniques are those of the rules: naked and hidden singles, pointing
//! and claiming (intersections), naked and hidden pairs, triples and
//! quads. This is the ground of `dlx explain` (issue 42): the chains,
//! fish and wings of the issue's list, and the ratings on Sudoku
//! Explainer's scale, are still to come.
//!
//! Invariant: a line says only what its step does. The tests replay every
//! step on candidates kept by Sudoku's rules alone: its pattern holds
//! there, it removes exactly what its rule removes, and a solved path
//! ends on the search's solution.

use std::fmt::Write;

use super::rate::{Explanation, Placed, RateError, Rater};
use super::{CLASS_CELL, Grid, Shape};
use crate::dlx::deduce::{Ending, Move, Rules, Step};

/// The classes of a house's digit items ([`Explanation::items`]).
const CLASS_ROW: u8 = 1;
const CLASS_COLUMN: u8 = 2;
const CLASS_BOX: u8 = 3;

/// A puzzle's solve path by the rules, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolvePath {
    /// One line a step, in the order the rules make them.
    pub lines: Vec<String>,
    /// Where the rules stopped.
    pub ending: Ending,
}

/// The solve path of `puzzle` (plain rules of its shape) by the rules
/// `rules` allow, in words.
pub fn solve_path(rater: &mut Rater, puzzle: &Grid, rules: &Rules) -> Result<SolvePath, RateError> {
    let e = rater.explain(puzzle, rules)?;
    let words = Words {
        e: &e,
        shape: puzzle.shape(),
    };
    Ok(SolvePath {
        lines: e.steps.iter().map(|s| words.line(s)).collect(),
        ending: e.ending,
    })
}

/// An explanation and its grid's shape, to name what its steps touch.
struct Words<'e> {
    e: &'e Explanation,
    shape: Shape,
}

impl Words<'_> {
    /// The cell `rRcC`.
    fn cell(r: usize, c: usize) -> String {
        format!("r{}c{}", r + 1, c + 1)
    }

    /// What option `k` places: its cell and digit.
    fn place(&self, k: u32) -> Placed {
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
    fn line(&self, step: &Step) -> String {
        let items = &step.items;
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
                    "{kind}: {} lies in {}: {}",
                    self.name(a),
                    self.house(b),
                    self.removed(step)
                )
            }
            Move::NakedSubset(k) | Move::HiddenSubset(k) => {
                let size = match k {
                    2 => "pair",
                    3 => "triple",
                    _ => "quad",
                };
                let (set, targets) = items.split_at(k);
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
                match step.kind {
                    Move::NakedSubset(_) => format!(
                        "naked {size}: {} hold {} in {}: {}",
                        cells(set).join(", "),
                        Self::list(&digits(targets)),
                        self.house(targets[0]),
                        self.removed(step)
                    ),
                    _ => format!(
                        "hidden {size}: {} in {} lie in {}: {}",
                        Self::list(&digits(set)),
                        self.house(set[0]),
                        cells(targets).join(", "),
                        self.removed(step)
                    ),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
