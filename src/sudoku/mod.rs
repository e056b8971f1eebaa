//! Sudoku on top of the exact-cover engine: shapes and grids, the rules
//! of a puzzle as data ([`Variant`]: plain, jigsaw, X, hyper, killer and
//! their combinations), the solvers of a thread ([`Solvers`]: the
//! compilation into exact cover, the documents' naive DFS for plain
//! Sudoku, the rating, the explained path and Knuth's estimate, all
//! under one cancel), an independent checker ([`check_variant`]), true
//! candidates and the generator.
//!
//! Both solvers implement [`SudokuSolver`], so callers (the command line,
//! the benchmarks, the tests) treat them alike.

pub(crate) mod candidates;
pub(crate) mod constraint;
pub(crate) mod exact_cover;
pub(crate) mod explain;
pub(crate) mod generate;
pub(crate) mod grid;
pub(crate) mod naive;
pub(crate) mod rate;
pub(crate) mod solvers;
pub(crate) mod variant;
pub(crate) mod verify;

use std::ops::ControlFlow;

pub use candidates::{CandidateCounts, Candidates, candidate_counts, true_candidates};
pub(crate) use constraint::{Constraint, Relation};
pub(crate) use exact_cover::CLASS_CELL;
pub(crate) use exact_cover::DlxSolver;
pub(crate) use exact_cover::{CompiledOptions, Subject};
pub use explain::{ExplainOptions, ExplainedStep, Path, SeRating, technique_names};
pub use generate::{GenerateError, Generated, Generator, Settings, Symmetry, generate_range};
pub(crate) use grid::numbered_label;
pub use grid::{Conflict, Grid, GridError, Shape, Unit};
pub(crate) use grid::{LabelName, MAX_N};
pub(crate) use naive::NaiveSolver;
pub use rate::{Grade, Level, RateError};
pub use solvers::{SolverKind, Solvers};
pub use variant::{Variant, VariantError, variant_of};
pub use verify::{VerifyError, check_variant};

use crate::dlx::cancel::SharedCancel;
use crate::dlx::{Count, Outcome, SearchLimits, Stats};

/// Why a puzzle could not be searched.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PuzzleError {
    /// Two givens clash, so there is no solution; says where.
    #[error("{0}")]
    Conflict(#[from] Conflict),
    /// The givens of a killer cage fit none of its digit sets.
    #[error("the givens of cage {} fit no set of different digits adding up to {sum}", grid::LabelName(*.label))]
    Cage {
        /// The cage's symbol.
        label: char,
        /// Its sum.
        sum: u32,
    },
    /// The puzzle's matrix would not fit the engine's 32-bit links.
    #[error("the puzzle's exact-cover matrix is too large for the engine")]
    TooLarge,
    /// The solver cannot take these rules (the naive solver and variants).
    #[error("the {solver} solver takes plain Sudoku only, not {rules}; use --solver dlx")]
    Rules {
        /// The solver's name.
        solver: &'static str,
        /// The rules' name ([`Variant::name`]).
        rules: String,
    },
    /// The rating's deductions read houses and killer cages only, not the
    /// setters' constraints (thermometers, arrows, ...).
    #[error("the rating takes houses and killer cages only, not {rules}")]
    Unrated {
        /// The rules' name ([`Variant::name`]).
        rules: String,
    },
    /// The solver was compiled for another shape.
    #[error("this solver is for {expected} boxes, the puzzle has {found}")]
    Shape {
        /// The solver's shape.
        expected: Shape,
        /// The puzzle's shape.
        found: Shape,
    },
}

/// How one search went, as the engine's searches say it: its solutions,
/// whether the count is exact or why it is a lower bound, and its effort.
pub(crate) fn report(outcome: Outcome, stats: Stats) -> Count {
    Count {
        solutions: stats.solutions,
        outcome,
        stats,
    }
}

/// A search cancelled before it started: nothing visited.
pub(crate) const STOPPED: Count = Count {
    solutions: 0,
    outcome: Outcome::Stopped,
    stats: Stats {
        nodes: 0,
        updates: 0,
        solutions: 0,
        removed: 0,
    },
};

/// A caller's closure that sees each solution and may stop the search.
pub(crate) type GridVisit<'v> = &'v mut dyn FnMut(&Grid) -> ControlFlow<()>;

/// A Sudoku solver: the engine or the naive DFS.
pub trait SudokuSolver {
    /// A short name for tables and flags (`dlx`, `naive`).
    fn name(&self) -> &'static str;

    /// Searches `puzzle` within `limits`, passing each solution to `visit`
    /// (which may stop the search). With a [`Cancel`](crate::dlx::cancel::Cancel)
    /// set ([`SudokuSolver::set_cancel`]) that says to stop, the search
    /// ends within a tick (some thousands of nodes), or at once if it says so before the start, reporting
    /// [`Outcome::Stopped`].
    fn search(
        &mut self,
        puzzle: &Grid,
        limits: SearchLimits,
        visit: Option<GridVisit<'_>>,
    ) -> Result<Count, PuzzleError>;

    /// Makes every later search ask `cancel` whether to stop (`None`: never
    /// stop). Once it says so, searches end early (see
    /// [`SudokuSolver::search`]), so what the methods below return is
    /// partial: a count is a lower bound, a puzzle may seem to have no
    /// solution or not to be unique. Whoever cancels must discard it.
    fn set_cancel(&mut self, cancel: Option<SharedCancel>);

    /// Counts solutions, stopping as soon as `limit` are found.
    fn count_up_to(&mut self, puzzle: &Grid, limit: u64) -> Result<Count, PuzzleError> {
        self.search(puzzle, SearchLimits::solutions(limit), None)
    }

    /// Some solution, or `None` if there is none.
    fn solve_first(&mut self, puzzle: &Grid) -> Result<Option<Grid>, PuzzleError> {
        let mut found = None;
        self.search(
            puzzle,
            SearchLimits::solutions(1),
            Some(&mut |g: &Grid| {
                found = Some(g.clone());
                ControlFlow::Break(())
            }),
        )?;
        Ok(found)
    }

    /// The solution if there is exactly one (it searches for a second).
    fn unique_solution(&mut self, puzzle: &Grid) -> Result<Option<Grid>, PuzzleError> {
        let mut found = None;
        let report = self.search(
            puzzle,
            SearchLimits::solutions(2),
            Some(&mut |g: &Grid| {
                found.get_or_insert_with(|| g.clone());
                ControlFlow::Continue(())
            }),
        )?;
        Ok(found.filter(|_| report.stats.solutions == 1))
    }

    /// Whether the puzzle has exactly one solution.
    fn is_unique(&mut self, puzzle: &Grid) -> Result<bool, PuzzleError> {
        Ok(self.count_up_to(puzzle, 2)?.solutions == 1)
    }
}
