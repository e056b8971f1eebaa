//! Stopping long work from outside: a [`Cancel`] is asked, now and then,
//! whether the work it was given to should stop.
//!
//! The searches ask at every tick ([`Visitor::TICK_NODES`] search-tree
//! nodes, through [`Cancellable`]) and before they start; batches ask
//! before each puzzle. An [`AtomicBool`] is the plain one: another thread
//! (a Ctrl-C handler, a timeout, the Python bindings' signal poller) sets
//! it, and every search holding it stops within a tick; an [`Instant`] is
//! a deadline.
//!
//! Work stopped this way ends early but cleanly: a search reports
//! [`Outcome::Stopped`](crate::dlx::Outcome::Stopped) with what it found so
//! far, and leaves its solver ready for the next one. What such work
//! returns is partial (counts are lower bounds, a puzzle may seem to have
//! no solution), so whoever cancels it must discard it.
//!
//! ```
//! use std::sync::Arc;
//! use std::sync::atomic::{AtomicBool, Ordering};
//! use dlx_engine::dlx::Outcome;
//! use dlx_engine::sudoku::{Grid, Shape, SolverKind, Solvers};
//!
//! let stop = Arc::new(AtomicBool::new(false));
//! let shape = Shape::new(3, 3).unwrap();
//! let mut solvers = Solvers::default();
//! solvers.set_cancel(Some(stop.clone()));
//! let solver = solvers.for_rules(SolverKind::Dlx, shape, None).unwrap();
//! let blank = Grid::empty(shape);
//! assert_eq!(solver.count_up_to(&blank, 5).unwrap().solutions, 5);
//! stop.store(true, Ordering::Relaxed); // From any thread.
//! let count = solver.count_up_to(&blank, u64::MAX).unwrap();
//! assert_eq!(count.outcome, Outcome::Stopped);
//! ```

use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use super::{Progress, Solution, Visitor};

/// Says whether work should stop. It is asked often (at every tick of a
/// search, before every puzzle of a batch), from the threads doing the
/// work, so it must be cheap; once it has said `true` it should keep
/// saying so. An [`AtomicBool`] is the plain one (another thread sets
/// it: a Ctrl-C handler, the Python bindings' signal poller), an
/// [`Instant`] a deadline, and a `Vec` of cancels stops when any of them
/// does.
pub trait Cancel: Send + Sync {
    /// Whether to stop now.
    fn is_cancelled(&self) -> bool;

    /// Told, at every tick of a search that asks it (through
    /// `Cancellable`), how far that search has come, just before it is
    /// asked whether to stop: a place to show progress (`dlx count` on a
    /// terminal). Nothing by default.
    fn observe(&self, _progress: &Progress<'_, '_>) {}
}

impl Cancel for AtomicBool {
    #[inline]
    fn is_cancelled(&self) -> bool {
        self.load(Ordering::Relaxed)
    }
}

/// A [`Cancel`] shared by the solvers of every thread of a piece of work.
pub type SharedCancel = Arc<dyn Cancel>;

/// Whether `cancel`, if any, says to stop.
#[inline]
pub(crate) fn is_cancelled(cancel: Option<&SharedCancel>) -> bool {
    cancel.is_some_and(|c| c.is_cancelled())
}

/// A deadline (`--timeout`): says to stop once the moment has come.
impl Cancel for Instant {
    fn is_cancelled(&self) -> bool {
        Instant::now() >= *self
    }
}

/// Several cancels as one: it says to stop as soon as any of them does,
/// and each observes the progress.
impl Cancel for Vec<SharedCancel> {
    fn is_cancelled(&self) -> bool {
        self.iter().any(|c| c.is_cancelled())
    }

    fn observe(&self, progress: &Progress<'_, '_>) {
        for c in self {
            c.observe(progress);
        }
    }
}

/// Search nodes that several searches share (`--max-nodes` for a whole
/// piece of work, such as one generated puzzle and its many searches):
/// each search may take what is left ([`NodeBudget::left`]) and hands
/// back what it spent ([`NodeBudget::spend`]). As a [`Cancel`] it says to
/// stop once a search was cut short by it ([`NodeBudget::is_spent`]), so
/// work that asks it between searches stops too, and whatever that work
/// concluded from the cut search is discarded with it.
#[derive(Debug)]
pub(crate) struct NodeBudget {
    max: u64,
    left: AtomicU64,
    spent: AtomicBool,
}

impl NodeBudget {
    /// A budget of `max` search nodes.
    pub(crate) fn new(max: u64) -> Self {
        NodeBudget {
            max,
            left: AtomicU64::new(max),
            spent: AtomicBool::new(false),
        }
    }

    /// The nodes it was made with.
    pub(crate) fn max(&self) -> u64 {
        self.max
    }

    /// Starts again with all of them, not spent.
    pub(crate) fn reset(&self) {
        self.left.store(self.max, Ordering::Relaxed);
        self.spent.store(false, Ordering::Relaxed);
    }

    /// The nodes left.
    pub(crate) fn left(&self) -> u64 {
        self.left.load(Ordering::Relaxed)
    }

    /// Takes `nodes` off what is left; `cut` says the search that spent
    /// them was stopped by this budget (it asked for more than was left),
    /// which makes the budget spent.
    pub(crate) fn spend(&self, nodes: u64, cut: bool) {
        let _ = self
            .left
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |l| {
                Some(l.saturating_sub(nodes))
            });
        if cut {
            self.spent.store(true, Ordering::Relaxed);
        }
    }

    /// Whether a search was cut short by this budget since it was set.
    pub(crate) fn is_spent(&self) -> bool {
        self.spent.load(Ordering::Relaxed)
    }
}

impl Cancel for NodeBudget {
    fn is_cancelled(&self) -> bool {
        self.is_spent()
    }
}

/// A visitor that passes everything on to `visitor` and, at each tick,
/// stops the search first if `cancel` says so.
pub struct Cancellable<'c, V> {
    /// The visitor that sees the solutions and the ticks.
    pub visitor: V,
    /// What is asked at each tick; `None` never stops.
    pub cancel: Option<&'c dyn Cancel>,
}

impl<V: Visitor> Visitor for Cancellable<'_, V> {
    #[inline]
    fn solution(&mut self, solution: &Solution<'_, '_>) -> ControlFlow<()> {
        self.visitor.solution(solution)
    }

    fn tick(&mut self, progress: &Progress<'_, '_>) -> ControlFlow<()> {
        if let Some(cancel) = self.cancel {
            cancel.observe(progress);
            if cancel.is_cancelled() {
                return ControlFlow::Break(());
            }
        }
        self.visitor.tick(progress)
    }

    const TICK_NODES: u64 = V::TICK_NODES;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dlx::Search;
    use crate::dlx::{ItemKind, Outcome, Problem, SearchLimits};

    /// Queens on an `n` board as exact cover: rows and columns primary,
    /// diagonals secondary.
    fn queens(n: u32) -> Problem {
        let mut p = Problem::new();
        let rows: Vec<_> = (0..n).map(|_| p.add_item(ItemKind::Primary)).collect();
        let cols: Vec<_> = (0..n).map(|_| p.add_item(ItemKind::Primary)).collect();
        let diag: Vec<_> = (0..2 * n - 1)
            .map(|_| p.add_item(ItemKind::Secondary))
            .collect();
        let anti: Vec<_> = (0..2 * n - 1)
            .map(|_| p.add_item(ItemKind::Secondary))
            .collect();
        for r in 0..n {
            for c in 0..n {
                let (r, c) = (r as usize, c as usize);
                let d = r + c;
                let a = r + n as usize - 1 - c;
                p.add_option(&[rows[r], cols[c], diag[d], anti[a]])
                    .expect("items exist");
            }
        }
        p
    }

    #[test]
    fn a_set_flag_stops_the_search_at_its_next_tick_and_restores_it() {
        let arena = bumpalo::Bump::new();
        let problem = queens(12);
        let mut engine = problem
            .engine(&arena, crate::dlx::EngineKind::Links)
            .expect("fits");
        let all = engine.count_up_to(u64::MAX);
        assert!(
            all.stats.nodes > 3 << 16,
            "the tree must span several ticks"
        );

        // Unset, the flag changes nothing.
        let flag = AtomicBool::new(false);
        let mut visitor = Cancellable {
            visitor: |_: &Solution<'_, '_>| ControlFlow::Continue(()),
            cancel: Some(&flag),
        };
        let (outcome, stats) = engine.search(&mut visitor, SearchLimits::UNLIMITED);
        assert_eq!((outcome, stats), (all.outcome, all.stats));

        // Set at the first solution, it stops at the next tick.
        let mut visitor = Cancellable {
            visitor: |_: &Solution<'_, '_>| {
                flag.store(true, Ordering::Relaxed);
                ControlFlow::Continue(())
            },
            cancel: Some(&flag),
        };
        let (outcome, stats) = engine.search(&mut visitor, SearchLimits::UNLIMITED);
        assert_eq!(outcome, Outcome::Stopped);
        assert!(stats.nodes <= 2 << 16 && stats.solutions < all.solutions);
        // The matrix is whole again: the next search sees the whole tree.
        assert_eq!(engine.count_up_to(u64::MAX), all);
    }
}
