//! The solvers a thread keeps for a batch of puzzles of mixed shapes and
//! rules ([`Solvers`]), and which one to run ([`SolverKind`]): what `dlx
//! solve`, `count`, `rate`, `explain`, `bench` and the Python batches hold
//! per thread, and the one way into searching, rating, explaining and
//! estimating a puzzle.
//!
//! Invariant: a [`Solvers`] keeps one compiled dancing-links matrix at a
//! time (the latest puzzle's shape and rules), so a thread's memory is that
//! of the largest matrix it compiled, however many shapes a batch mixes.

use std::fmt;

use crate::dlx::cancel::SharedCancel;
use crate::dlx::deduce::{Rating, Rules};
use crate::dlx::{Estimate, Propagate};
use crate::sudoku::explain::explain_variant;
use crate::sudoku::rate::Rater;
use crate::sudoku::{
    DlxSolver, ExplainOptions, Grid, NaiveSolver, Path, PuzzleError, RateError, Shape,
    SudokuSolver, Variant,
};

/// Which solver to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum SolverKind {
    /// The dancing-links engine.
    #[default]
    Dlx,
    /// The documents' naive DFS.
    Naive,
}

/// Its name, as `dlx bench --solver` takes it and its tables print it
/// (`dlx`, `naive`).
impl fmt::Display for SolverKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(match self {
            SolverKind::Dlx => "dlx",
            SolverKind::Naive => "naive",
        })
    }
}

/// The solvers of one thread. A dancing-links solver compiles each
/// puzzle's own matrix, so one is kept, for the shape of the latest
/// puzzle, and replaced when the shape changes: memory is that of the
/// largest matrix compiled since, however many shapes a batch mixes.
///
/// `Solvers::default()` has no solver yet; each is made when first
/// needed.
///
/// Invariant: every solver it hands out, and its rater, asks its `cancel`,
/// if it has one ([`Solvers::set_cancel`]), whether to stop.
#[derive(Default)]
pub struct Solvers {
    dlx: Option<DlxSolver>,
    naive: NaiveSolver,
    rater: Rater,
    cancel: Option<SharedCancel>,
    /// The propagators every dancing-links solver runs; `None` lets each
    /// choose ([`DlxSolver::set_propagate`]).
    propagate: Option<Propagate>,
}

impl Solvers {
    /// Makes every later search, rating and explanation of these solvers
    /// stop early once `cancel` says so (`None`: never): what a search
    /// returns is then partial ([`SudokuSolver::set_cancel`]), a rating or
    /// an explanation an error ([`RateError::Cancelled`]).
    pub fn set_cancel(&mut self, cancel: Option<SharedCancel>) {
        self.naive.set_cancel(cancel.clone());
        self.rater.set_cancel(cancel.clone());
        if let Some(dlx) = &mut self.dlx {
            dlx.set_cancel(cancel.clone());
        }
        self.cancel = cancel;
    }

    /// Chooses the propagators every dancing-links search runs between
    /// choices from now on ([`Propagate`]; `None`, the default: each puzzle's
    /// solver chooses). [`Propagate::Off`] searches Knuth's tree.
    pub fn set_propagate(&mut self, propagate: Option<Propagate>) {
        self.propagate = propagate;
        if let Some(dlx) = &mut self.dlx {
            dlx.set_propagate(propagate);
        }
    }

    /// Rates `puzzle` under `variant`'s rules (plain Sudoku of its shape
    /// when `None`; jigsaw regions, diagonals, windows and cages are each
    /// a house of its own kind) by the deductions of `rules`. The rating's
    /// `solutions` (0, 1, or 2 for "two or more") says whether it is a
    /// proper puzzle.
    pub fn rate(
        &mut self,
        puzzle: &Grid,
        variant: Option<&Variant>,
        rules: &Rules,
    ) -> Result<Rating, RateError> {
        match variant {
            Some(variant) => self.rater.rate_variant(puzzle, variant, rules),
            None => self.rater.rate(puzzle, rules),
        }
    }

    /// The explained path of `puzzle` under `variant`'s rules (plain
    /// Sudoku of its shape when `None`; houses and killer cages,
    /// [`PuzzleError::Unrated`] for setters' constraints): its solutions
    /// counted, the ladder's steps in words, each checked against the
    /// solution of a unique puzzle, and their rating on Sudoku Explainer's
    /// scale.
    pub fn explain(
        &mut self,
        puzzle: &Grid,
        variant: Option<&Variant>,
        opts: &ExplainOptions,
    ) -> Result<Path, RateError> {
        let variant = variant.filter(|v| !v.is_plain());
        let (rater, dlx) = self.rater_and_dlx(puzzle.shape(), variant);
        let plain;
        let rules = match variant {
            Some(variant) => variant,
            None => {
                plain = Variant::plain(puzzle.shape());
                &plain
            }
        };
        explain_variant(rater, dlx, puzzle, rules, opts)
    }

    /// Knuth's estimate of the search tree of `puzzle` under `variant`'s
    /// rules (plain Sudoku of its shape when `None`), from `probes` random
    /// paths drawn from `seed` ([`Estimate`]).
    pub fn estimate(
        &mut self,
        puzzle: &Grid,
        variant: Option<&Variant>,
        probes: u64,
        seed: u64,
    ) -> Result<Estimate, PuzzleError> {
        let (_, dlx) = self.rater_and_dlx(puzzle.shape(), variant);
        dlx.estimate(puzzle, probes, seed)
    }

    /// The rater and the dancing-links solver for puzzles of `shape`
    /// under `variant`'s rules (plain when `None`), as itself, together
    /// (an explained path needs both).
    fn rater_and_dlx(
        &mut self,
        shape: Shape,
        variant: Option<&Variant>,
    ) -> (&mut Rater, &mut DlxSolver) {
        // The dancing-links solver takes every rule: `for_rules` cannot
        // fail for it.
        let _ = self.for_rules(SolverKind::Dlx, shape, variant);
        let dlx = self.dlx.as_mut().expect("made by for_rules");
        (&mut self.rater, dlx)
    }

    /// A new dancing-links solver for `variant`, asking this set's cancel.
    fn new_dlx(&self, variant: Variant) -> DlxSolver {
        let mut dlx = DlxSolver::for_variant(variant);
        dlx.set_cancel(self.cancel.clone());
        dlx.set_propagate(self.propagate);
        dlx
    }

    /// The solver of `kind` for plain Sudoku puzzles of `shape`.
    fn get(&mut self, kind: SolverKind, shape: Shape) -> &mut dyn SudokuSolver {
        match kind {
            SolverKind::Naive => &mut self.naive,
            SolverKind::Dlx => {
                if self
                    .dlx
                    .as_ref()
                    .is_none_or(|dlx| dlx.shape() != shape || !dlx.variant().is_plain())
                {
                    self.dlx = Some(self.new_dlx(Variant::plain(shape)));
                }
                self.dlx.as_mut().expect("set just above")
            }
        }
    }

    /// The solver of `kind` for puzzles of `shape` under `variant`'s rules (plain
    /// Sudoku when `None`), plain or a variant (the dancing-links
    /// solver is rebuilt when the rules change, as a jigsaw's regions do
    /// from puzzle to puzzle); the naive solver takes plain Sudoku only.
    pub fn for_rules(
        &mut self,
        kind: SolverKind,
        shape: Shape,
        variant: Option<&Variant>,
    ) -> Result<&mut dyn SudokuSolver, PuzzleError> {
        let Some(variant) = variant.filter(|v| !v.is_plain()) else {
            return Ok(self.get(kind, shape));
        };
        match kind {
            SolverKind::Naive => Err(PuzzleError::Rules {
                solver: "naive",
                rules: variant.name(),
            }),
            SolverKind::Dlx => {
                self.dlx = match self.dlx.take() {
                    Some(dlx) if dlx.variant() == variant => Some(dlx),
                    // The same cancel, and the memory of the rules before.
                    Some(dlx) => Some(dlx.into_rules(variant.clone())),
                    None => Some(self.new_dlx(variant.clone())),
                };
                Ok(self.dlx.as_mut().expect("set just above"))
            }
        }
    }
}
