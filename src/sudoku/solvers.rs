//! The solvers a thread keeps for a batch of puzzles of mixed shapes and
//! rules ([`Solvers`]), and which one to run ([`SolverKind`]): what `dlx
//! solve`, `count`, `rate`, `bench` and the Python batches hold per thread.
//!
//! Invariant: a [`Solvers`] keeps one compiled dancing-links matrix at a
//! time (the latest puzzle's shape and rules), so a thread's memory is that
//! of the largest matrix it compiled, however many shapes a batch mixes.

use crate::dlx::Propagate;
use crate::dlx::cancel::SharedCancel;
use crate::sudoku::rate::Rater;
use crate::sudoku::{DlxSolver, NaiveSolver, PuzzleError, Shape, SudokuSolver, Variant};

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

impl SolverKind {
    /// Its name, as `dlx bench --solver` takes it and its tables print it.
    pub fn name(self) -> &'static str {
        match self {
            SolverKind::Dlx => "dlx",
            SolverKind::Naive => "naive",
        }
    }
}

/// The solvers of one thread. A dancing-links solver compiles each
/// puzzle's own matrix, so one is kept, for the shape of the latest
/// puzzle, and replaced when the shape changes: memory is that of the
/// largest matrix compiled since, however many shapes a batch mixes.
///
/// Invariant: every solver it hands out, and its rater, asks its `cancel`,
/// if it has one ([`Solvers::with_cancel`]), whether to stop.
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
    /// No solver yet; each is made when first needed.
    pub fn new() -> Self {
        Self::default()
    }

    /// Solvers whose searches and ratings stop early once `cancel` says
    /// so (see [`SudokuSolver::set_cancel`]: what a search returns is then
    /// partial; [`Rater::set_cancel`]: a rating is then an error).
    pub fn with_cancel(cancel: SharedCancel) -> Self {
        let mut naive = NaiveSolver::new();
        naive.set_cancel(Some(cancel.clone()));
        let mut rater = Rater::new();
        rater.set_cancel(Some(cancel.clone()));
        Self {
            naive,
            rater,
            cancel: Some(cancel),
            ..Self::default()
        }
    }

    /// Chooses the propagators of every dancing-links solver handed out
    /// from now on ([`DlxSolver::set_propagate`]; `None`: each chooses).
    pub fn set_propagate(&mut self, propagate: Option<Propagate>) {
        self.propagate = propagate;
        if let Some(dlx) = &mut self.dlx {
            dlx.set_propagate(propagate);
        }
    }

    /// The rater, asking this set's cancel.
    pub fn rater(&mut self) -> &mut Rater {
        &mut self.rater
    }

    /// The rater and the dancing-links solver for puzzles of `shape`
    /// under `variant`'s rules (plain when `None`), together (an
    /// explained path needs both).
    pub fn rater_and_dlx(
        &mut self,
        shape: Shape,
        variant: Option<&Variant>,
    ) -> (&mut Rater, &mut dyn SudokuSolver) {
        // The dancing-links solver takes every rule.
        let _ = self.for_rules(SolverKind::Dlx, shape, variant);
        let dlx = self.dlx.as_mut().expect("made by for_rules");
        (&mut self.rater, dlx)
    }

    /// The dancing-links solver for puzzles of `shape` under `variant`'s
    /// rules (plain when `None`), as itself: for what only it does, such
    /// as [`DlxSolver::estimate`].
    pub fn dlx(&mut self, shape: Shape, variant: Option<&Variant>) -> &mut DlxSolver {
        // The dancing-links solver takes every rule.
        let _ = self.for_rules(SolverKind::Dlx, shape, variant);
        self.dlx.as_mut().expect("made by for_rules")
    }

    /// The cancel every solver of this set asks, if any.
    pub fn cancel(&self) -> Option<&SharedCancel> {
        self.cancel.as_ref()
    }

    /// A new dancing-links solver for `variant`, asking this set's cancel.
    fn new_dlx(&self, variant: Variant) -> DlxSolver {
        let mut dlx = DlxSolver::for_variant(variant);
        dlx.set_cancel(self.cancel.clone());
        dlx.set_propagate(self.propagate);
        dlx
    }

    /// The solver of `kind` for plain Sudoku puzzles of `shape`.
    pub fn get(&mut self, kind: SolverKind, shape: Shape) -> &mut dyn SudokuSolver {
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
