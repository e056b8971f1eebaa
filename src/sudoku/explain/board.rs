//! The candidates of the moment along an explained path, and what each
//! step's pattern is on them: the candidates that make it and the cells
//! to shade when the step is drawn (`dlx explain --output svg`).
//!
//! Invariant: [`Board::masks`] are the candidates the deducer had before
//! the next step: the compiled options of the puzzle's empty cells, less
//! every candidate the steps so far removed (a placement removes the
//! others of its cell and the digit's other places in its houses).

use super::words::Words;
use super::{ExplainedStep, Placed};
use crate::dlx::deduce::{Move, Step};

/// The candidates of a grid of side `n`: bit `d - 1` of cell `r * n + c`
/// for digit `d`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Board {
    pub(super) n: usize,
    pub(super) masks: Vec<u64>,
}

impl Board {
    /// The candidates that `places` (what each option places) offer.
    pub(super) fn of(n: usize, places: &[Option<Placed>]) -> Self {
        let mut masks = vec![0; n * n];
        for &(r, c, d) in places.iter().flatten() {
            masks[r * n + c] |= 1 << (d - 1);
        }
        Self { n, masks }
    }

    /// Whether cell `k` has candidate `d`.
    fn has(&self, k: usize, d: u8) -> bool {
        d >= 1 && self.masks[k] >> (d - 1) & 1 == 1
    }

    /// The board after `step`.
    pub(super) fn apply(&mut self, step: &ExplainedStep) {
        for &(r, c, d) in &step.removed {
            self.masks[r * self.n + c] &= !(1 << (d - 1));
        }
        if let Some((r, c, d)) = step.placed {
            self.masks[r * self.n + c] = 1 << (d - 1);
        }
    }

    /// The candidates that make `step`'s pattern on this board, and the
    /// cells to shade, both in order: a single's house (or cell), an
    /// intersection's shared cells, a subset's or fish's candidates and
    /// their cells, a wing's, chain's or trial's candidates (the options
    /// they are made of) and their cells.
    pub(super) fn pattern(&self, words: &Words<'_>, step: &Step) -> (Vec<Placed>, Vec<usize>) {
        let n = self.n;
        let at = |k: usize, d: u8| (k / n, k % n, d);
        let items = match step.direct {
            true => &step.items[..step.items.len() - 1],
            false => &step.items[..],
        };
        // The candidates of item `i` on this board, into `out`: a cell's
        // all, a house's or cage's digit in each of its cells.
        let candidates_into = |i: u32, out: &mut Vec<Placed>| match words.cell_of(i) {
            Some(k) => out.extend((1..=n as u8).filter(|&d| self.has(k, d)).map(|d| at(k, d))),
            None => {
                let d = words.digit(i);
                out.extend(
                    words
                        .cells_of(i)
                        .iter()
                        .map(|&k| usize::from(k))
                        .filter(|&k| self.has(k, d))
                        .map(|k| at(k, d)),
                );
            }
        };
        let set = match step.kind {
            Move::FinnedFish { k, .. } => &items[..k],
            _ if !step.options.is_empty() => &[][..],
            Move::Intersection => &items[..1],
            Move::NakedSubset(k) | Move::HiddenSubset(k) | Move::Fish(k) => &items[..k],
            _ => &[][..],
        };
        let mut pattern: Vec<Placed> = step
            .options
            .iter()
            .filter_map(|&k| words.places(k))
            .collect();
        for &i in set {
            candidates_into(i, &mut pattern);
        }
        pattern.sort_unstable();
        pattern.dedup();
        let mut shaded: Vec<usize> = match step.kind {
            Move::NakedSingle | Move::HiddenSingle | Move::Bug => match words.cell_of(items[0]) {
                Some(k) => vec![k],
                None => words.cells_of(items[0]).iter().map(|&k| k.into()).collect(),
            },
            Move::Intersection => {
                let other = words.cells_of(items[1]);
                words
                    .cells_of(items[0])
                    .iter()
                    .filter(|k| other.contains(k))
                    .map(|&k| k.into())
                    .collect()
            }
            _ => pattern.iter().map(|&(r, c, _)| r * n + c).collect(),
        };
        shaded.sort_unstable();
        shaded.dedup();
        (pattern, shaded)
    }
}
