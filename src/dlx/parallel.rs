//! Splitting the search tree into independent subproblems, and solving
//! them on a thread pool (`rayon`) or in shares on many machines.
//!
//! # How the tree is split
//!
//! `Plan::split` walks the top levels of the tree exactly as
//! [`Search::search`] would (same item choice, same option order) and
//! stops at a depth where there are enough subproblems. A `Subproblem` is
//! the list of options chosen on the way down. Entering it
//! (`Matrix::goto`) leaves the same items and options active as
//! choosing those options in the search, so the subtree below a
//! subproblem is the very subtree one thread would search there.
//!
//! # One engine per thread
//!
//! The problem is compiled once per thread and run, not once per
//! subproblem: each worker thread builds its engine (in an arena of its
//! own, for the links) on its first subproblem and keeps it. Between
//! subproblems it does not rebuild or restore: `Matrix::goto` leaves
//! the previous path only below the levels it shares with the next, and
//! at the first level where they differ keeps the branching item covered,
//! as the search does from one option to the next. A wide, shallow level
//! (65,536 options `a b`, issue 25) thus costs one cover of its item per
//! thread and a few updates per subproblem, not a build and a cover per
//! subproblem, which made two threads take minutes where one took 17 ms.
//! A search cut short (a limit, a stop) restores the engine to its
//! subproblem, as every search does, so the engine stays usable.
//! `Runner::count_and_setup` reports the builds and the setup updates,
//! so that tests bound them without a clock.
//!
//! # Invariants
//!
//! * The subproblems are disjoint and together cover the tree: every
//!   solution of the problem is found in exactly one of them, so their
//!   counts add up to the full count.
//! * They are listed in the order a single-threaded search meets them, so
//!   their solutions, concatenated in that order, are the single-threaded
//!   solutions in the single-threaded order ([`Runner::solutions`] keeps
//!   that order at any thread count).
//! * The plan depends only on the problem and the number of subproblems
//!   asked for, never on timing or thread count: `Plan::part` `k` of `n`
//!   (a runner's [`Runner::share`]) is the same set on every machine.
//! * The search-tree nodes of the split levels are counted once, in
//!   `Plan::stats` (and, for shares, only in share 1), so node counts add
//!   up to the single-threaded count. Link updates of the split levels are
//!   counted the same way; entering each subproblem in a thread's engine
//!   is setup and is not counted (`Setup` has it).
//! * A run compiles at most one engine per thread (`Setup::builds`),
//!   whatever the number of subproblems.

use std::ops::ControlFlow;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use bumpalo::Bump;
use rayon::prelude::*;

use super::links::COVERED;
use super::memo::MemoTable;
use super::{
    BuildError, Compiled, Count, Engine, EngineKind, ForceError, Matrix, OptionId, Outcome,
    Problem, Progress, Search, SearchLimits, Solution, Stats, Visitor, solution_cap,
};
use crate::dlx::cancel::Cancel;

mod plan;
pub use super::memo::DEFAULT_MEMO_BYTES;
pub use plan::Plan;

/// Subproblems per thread for `--threads` (`dlx cover`, Python's
/// `ExactCover.count`): enough that uneven subtrees even out.
const SUBPROBLEMS_PER_WORKER: usize = 256;

/// Subproblems per share for `--part` (`dlx cover`). Fewer than per thread: every share
/// walks the split levels again, so their cost is paid `N` times, and it
/// grows with the depth the split needs. At 256 a share of pentominoes
/// 6x10 in 64 spent about 3.4 times its own search on the split; at 64 it
/// is about 0.9 times, the slowest share's nodes rising from 1.16 to 1.40
/// times the mean (BENCHMARKS-cover.md). A scheduler that hands many
/// shares to few workers evens out the rest.
const SUBPROBLEMS_PER_SHARE: usize = 64;

/// The most nodes [`Runner::count`] searches on one thread before it
/// splits the tree: about 4 ms of n-queens or 25 ms of the pentominoes on
/// the bit sets, less than a split into hundreds of subproblems costs on
/// small problems.
const PROBE_NODES: u64 = 1 << 16;

/// The solutions [`Runner::solutions`] holds in a window of subproblems
/// before it stops widening its windows.
const HELD_SOLUTIONS: u64 = 1 << 12;

/// The most subproblems in one window of [`Runner::solutions`].
const MAX_WINDOW: usize = 1 << 12;

/// The deepest level `Plan::split` cuts at.
const MAX_SPLIT_DEPTH: usize = 32;

/// The most subproblems `Plan::split` lists: a level that would give
/// more is not used.
const MAX_SUBPROBLEMS: usize = 1 << 22;

/// How a run cut the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Split {
    /// Not at all: one thread counted it whole within `within` nodes, less
    /// than a split would have cost ([`Runner::count`]).
    Probed {
        /// The node bound of that search.
        within: u64,
    },
    /// Into this many subproblems (1: the whole tree), searched on the
    /// runner's threads; for a share, the subproblems of the share.
    Subproblems(usize),
}

/// What a run did: its count, how it cut the tree, and the engine its
/// subproblems ran on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run {
    /// The solutions found (or counted), how the run ended, and its
    /// statistics, over all its subproblems and threads.
    pub count: Count,
    /// How the tree was cut.
    pub split: Split,
    /// The engine the subproblems ran on: the runner's, with
    /// [`EngineKind::Auto`] resolved for the problem (a count with a
    /// memo takes the bit sets wherever they can hold it, since only they
    /// keep a memo).
    pub engine: EngineKind,
}

/// Why a run could not start or continue.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RunError {
    /// The problem does not fit the matrix.
    #[error(transparent)]
    Build(#[from] BuildError),
    /// A subproblem's prefix does not belong to this problem.
    #[error("subproblem does not fit the problem: {0}")]
    Force(#[from] ForceError),
    /// The thread pool could not be started.
    #[error("cannot start the thread pool: {0}")]
    Pool(#[from] rayon::ThreadPoolBuildError),
    /// [`Runner::share`] names a share that does not exist: `k` is not in
    /// `1..=n`.
    #[error("share {k} of {n} does not exist")]
    NoShare {
        /// The share asked for.
        k: usize,
        /// The number of shares.
        n: usize,
    },
}

/// Where a run stands, for progress reports.
#[derive(Clone, Copy, Debug)]
pub struct RunProgress {
    /// Knuth's estimate of the fraction of the run's subproblems searched
    /// (their weights, each running one counted by the position of its
    /// current path).
    pub fraction_done: f64,
    /// Search-tree nodes so far (updated every few thousand nodes).
    pub nodes: u64,
    /// Solutions found so far.
    pub solutions: u128,
}

/// What a run spent on getting its engines to its subproblems, beyond the
/// searches themselves (whose effort is in [`Stats`]): machine-independent
/// measures, so that tests can bound the cost of a split without a clock.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Setup {
    /// Engines compiled from the problem: one per thread that solved a
    /// subproblem, whatever the number of subproblems.
    pub builds: u64,
    /// Link updates spent entering subproblems on the dancing links
    /// (`Matrix::goto`), counted as DLX1 counts them; in no [`Stats`].
    /// The bit sets enter a subproblem by copying a saved state and
    /// clearing the new options' clashes, a few words each, and add
    /// nothing here.
    pub updates: u64,
}

/// A worker thread's engine for one run: compiled in `arena` on its first
/// subproblem, then moved from subproblem to subproblem.
struct Slot<'a> {
    arena: Option<&'a mut Bump>,
    engine: Option<Engine<'a>>,
}

/// One [`Slot`] per thread of a run, over arenas that outlive it.
struct Slots<'a>(Vec<Mutex<Slot<'a>>>);

impl<'a> Slots<'a> {
    fn new(arenas: &'a mut [Bump]) -> Self {
        let slot = |arena| {
            Mutex::new(Slot {
                arena: Some(arena),
                engine: None,
            })
        };
        Slots(arenas.iter_mut().map(slot).collect())
    }

    /// The calling thread's slot: by its index in the run's pool (the
    /// first slot on the calling thread, outside the pool).
    fn mine(&self) -> &Mutex<Slot<'a>> {
        let index = rayon::current_thread_index().unwrap_or(0);
        &self.0[index % self.0.len()]
    }
}

/// Arenas for the slots of a run on `threads` threads.
fn arenas(threads: usize) -> Vec<Bump> {
    (0..threads.max(1)).map(|_| Bump::new()).collect()
}

/// Counts or lists the solutions of a problem on `threads` threads, the
/// search tree split into subproblems as the engine judges best for them
/// (or into shares, [`Runner::share`]). The default runs on the calling
/// thread, unbounded, on [`EngineKind::Auto`].
#[derive(Default)]
pub struct Runner<'r> {
    /// Threads to use; 0 or 1 runs on the calling thread.
    pub threads: usize,
    /// Bounds on the whole run, over all its subproblems and threads: its
    /// `max_nodes` is exact on one thread, and within a few thousand nodes
    /// per thread otherwise.
    pub limits: SearchLimits,
    /// Stop at this time, as [`Runner::cancel`] does.
    pub deadline: Option<Instant>,
    /// Called every few thousand search nodes (from any worker thread);
    /// rate-limit the reports in the callback.
    pub on_progress: Option<&'r (dyn Fn(&RunProgress) + Sync)>,
    /// The engine each subproblem runs on (both search the same tree).
    pub engine: EngineKind,
    /// Asked every few thousand nodes and before each subproblem: once it
    /// says so, the run stops as at a deadline ([`Outcome::Stopped`]).
    pub cancel: Option<&'r dyn Cancel>,
    /// Only share `k` of `n` (1-based), `Some((k, n))`, for a scheduler
    /// that runs the shares as separate jobs (`dlx cover --part K/N`):
    /// the tree split into subproblems (a fixed number per share, more
    /// than `n`), and every `n`-th of them from the `k`-th taken. The `n`
    /// shares are disjoint and cover the tree, whatever machine runs
    /// them, so their counts add up to the whole count; the split's own
    /// nodes are counted in share 1 only. `None`: the whole tree.
    pub share: Option<(usize, usize)>,
}

/// State shared by the workers of one run.
struct Shared<'r> {
    limits: SearchLimits,
    deadline: Option<Instant>,
    on_progress: Option<&'r (dyn Fn(&RunProgress) + Sync)>,
    cancel: Option<&'r dyn Cancel>,
    stop: AtomicBool,
    reason: Mutex<Option<Outcome>>,
    nodes: AtomicU64,
    /// Solutions visited one by one (no search lives to take this past
    /// 2^64).
    solutions: AtomicU64,
    /// Solutions of subproblems counted with a memo, added as each ends:
    /// 128 bits and checked (a sum past `u128::MAX` halts the run with
    /// [`Outcome::Overflow`]).
    counted: Mutex<u128>,
    /// Weight of finished subproblems, and of each running one's done part.
    book: Mutex<(f64, Vec<(usize, f64)>)>,
    total_weight: f64,
    /// The engine every subproblem runs on, `Auto` already resolved.
    engine: EngineKind,
    /// Memo tables not in use, when counting with a memo: one per worker
    /// at most, each taken by a subproblem and given back after, so that
    /// a worker's later subproblems find the counts of its earlier ones.
    memos: Mutex<Vec<MemoTable>>,
    /// Engines compiled, and link updates spent entering subproblems.
    builds: AtomicU64,
    setup_updates: AtomicU64,
}

impl Shared<'_> {
    fn setup(&self) -> Setup {
        Setup {
            builds: self.builds.load(Ordering::Relaxed),
            updates: self.setup_updates.load(Ordering::Relaxed),
        }
    }

    fn halt(&self, why: Outcome) {
        self.stop.store(true, Ordering::Relaxed);
        let mut reason = self.reason.lock().unwrap_or_else(|e| e.into_inner());
        reason.get_or_insert(why);
    }

    fn report(&self, index: usize, done: Option<f64>) {
        let Some(on_progress) = self.on_progress else {
            return;
        };
        let mut book = self.book.lock().unwrap_or_else(|e| e.into_inner());
        let (finished, running) = &mut *book;
        running.retain(|&(i, _)| i != index);
        if let Some(done) = done {
            running.push((index, done));
        }
        let done = *finished + running.iter().map(|r| r.1).sum::<f64>();
        let progress = RunProgress {
            fraction_done: (done / self.total_weight).clamp(0.0, 1.0),
            nodes: self.nodes.load(Ordering::Relaxed),
            solutions: self.solutions(),
        };
        drop(book);
        on_progress(&progress);
    }

    /// Solutions so far, for progress reports: visited, or counted with a
    /// memo (a run does one or the other, so one of the two is 0 and the
    /// sum cannot saturate; the run's count is summed, checked, from the
    /// subproblems' own).
    fn solutions(&self) -> u128 {
        let counted = *self.counted.lock().unwrap_or_else(|e| e.into_inner());
        counted.saturating_add(self.solutions.load(Ordering::Relaxed).into())
    }

    /// Adds a memo's count of one subproblem to the run's; `None` past
    /// `u128::MAX`.
    fn add_counted(&self, count: u128) -> Option<u128> {
        let mut counted = self.counted.lock().unwrap_or_else(|e| e.into_inner());
        *counted = counted.checked_add(count)?;
        Some(*counted)
    }

    fn finish(&self, index: usize, weight: f64) {
        if self.on_progress.is_some() {
            self.book.lock().unwrap_or_else(|e| e.into_inner()).0 += weight;
            self.report(index, None);
        }
    }
}

/// The visitor of one subproblem's search: checks the run's bounds at each
/// tick and hands solutions to `sink`.
struct Worker<'s, 'r, 'k> {
    shared: &'s Shared<'r>,
    index: usize,
    weight: f64,
    /// Nodes already added to `shared.nodes`.
    counted: u64,
    sink: &'k mut dyn FnMut(&Solution<'_, '_>) -> ControlFlow<()>,
}

impl Visitor for Worker<'_, '_, '_> {
    const TICK_NODES: u64 = 1 << 12;

    fn solution(&mut self, solution: &Solution<'_, '_>) -> ControlFlow<()> {
        self.shared.solutions.fetch_add(1, Ordering::Relaxed);
        (self.sink)(solution)
    }

    fn tick(&mut self, progress: &Progress<'_, '_>) -> ControlFlow<()> {
        let shared = self.shared;
        let new = progress.stats.nodes - self.counted;
        self.counted = progress.stats.nodes;
        let nodes = shared.nodes.fetch_add(new, Ordering::Relaxed) + new;
        if nodes >= shared.limits.max_nodes {
            shared.halt(Outcome::NodeLimit);
        } else if shared.deadline.is_some_and(|d| Instant::now() >= d)
            || shared.cancel.is_some_and(|c| c.is_cancelled())
        {
            shared.halt(Outcome::Stopped);
        }
        if shared.stop.load(Ordering::Relaxed) {
            return ControlFlow::Break(());
        }
        if shared.on_progress.is_some() {
            shared.report(self.index, Some(self.weight * progress.fraction_done()));
        }
        ControlFlow::Continue(())
    }
}

impl Runner<'_> {
    /// The engine the subproblems of `problem` run on; `memo` when the
    /// run counts with a memo (which resolves [`EngineKind::Auto`] its
    /// own way).
    fn engine_for(&self, problem: &Problem, memo: bool) -> EngineKind {
        match memo {
            true => self.engine.resolve_for_memo(problem),
            false => self.engine.resolve(problem),
        }
    }

    /// The subproblems of the runner's share of `problem`, or of the
    /// whole tree split for its threads (whole on one).
    fn plan(&self, problem: &Problem) -> Result<Plan, RunError> {
        match self.share {
            None => Ok(Plan::for_threads(problem, self.threads)?),
            Some((k, n)) if !(1..=n).contains(&k) => Err(RunError::NoShare { k, n }),
            Some((k, n)) => Ok(Plan::for_share(problem, k, n)?),
        }
    }

    /// The state of one run; `memo` when it counts with a memo (which
    /// resolves [`EngineKind::Auto`] its own way).
    fn shared(&self, problem: &Problem, plan: &Plan, memo: bool) -> Shared<'_> {
        let shared = Shared {
            limits: self.limits,
            deadline: self.deadline,
            on_progress: self.on_progress,
            cancel: self.cancel,
            stop: AtomicBool::new(false),
            reason: Mutex::new(None),
            nodes: AtomicU64::new(plan.stats.nodes),
            solutions: AtomicU64::new(0),
            counted: Mutex::new(0),
            book: Mutex::new((0.0, Vec::new())),
            total_weight: plan.weight().max(f64::MIN_POSITIVE),
            // Resolved once here, not once per subproblem.
            engine: self.engine_for(problem, memo),
            memos: Mutex::new(Vec::new()),
            builds: AtomicU64::new(0),
            setup_updates: AtomicU64::new(0),
        };
        // The split levels may have used up the node budget already.
        if plan.stats.nodes >= self.limits.max_nodes {
            shared.halt(Outcome::NodeLimit);
        }
        shared
    }

    /// Searches subproblem `index`, giving its solutions to `sink`; or,
    /// with `memo` (a budget in bytes per table), counts them with
    /// `Compiled::count_with_memo` and a
    /// table from `shared.memos` and adds them to the shared count at the
    /// end, halting the run if that reaches `max_solutions`.
    ///
    /// `slot` is the calling worker's: its engine is compiled on the
    /// worker's first subproblem and kept for the rest of the run, each
    /// subproblem entered from where the last one left it
    /// ([`Engine::goto`]). Should the slot be busy (it never is: a worker
    /// runs one subproblem at a time), the subproblem gets an engine of
    /// its own.
    #[allow(clippy::too_many_arguments)]
    fn solve_one(
        problem: &Problem,
        plan: &Plan,
        index: usize,
        shared: &Shared<'_>,
        max_solutions: u64,
        memo: Option<usize>,
        slot: &Mutex<Slot<'_>>,
        sink: &mut dyn FnMut(&Solution<'_, '_>) -> ControlFlow<()>,
    ) -> Result<(Outcome, Stats), RunError> {
        if shared.cancel.is_some_and(|c| c.is_cancelled()) {
            shared.halt(Outcome::Stopped);
        }
        if shared.stop.load(Ordering::Relaxed) {
            return Ok((Outcome::Stopped, Stats::default()));
        }
        fn build<'x>(
            problem: &Problem,
            shared: &Shared<'_>,
            arena: &'x Bump,
        ) -> Result<Engine<'x>, BuildError> {
            shared.builds.fetch_add(1, Ordering::Relaxed);
            problem.engine(arena, shared.engine)
        }
        if let Ok(mut slot) = slot.try_lock() {
            let slot = &mut *slot;
            if slot.engine.is_none()
                && let Some(arena) = slot.arena.take()
            {
                slot.engine = Some(build(problem, shared, arena)?);
            }
            if let Some(m) = &mut slot.engine {
                return Self::solve_on(m, problem, plan, index, shared, max_solutions, memo, sink);
            }
        }
        let arena = Bump::new();
        let mut m = build(problem, shared, &arena)?;
        Self::solve_on(
            &mut m,
            problem,
            plan,
            index,
            shared,
            max_solutions,
            memo,
            sink,
        )
    }

    /// [`Runner::solve_one`] on engine `m`, wherever it stands.
    #[allow(clippy::too_many_arguments)]
    fn solve_on(
        m: &mut Engine<'_>,
        problem: &Problem,
        plan: &Plan,
        index: usize,
        shared: &Shared<'_>,
        max_solutions: u64,
        memo: Option<usize>,
        sink: &mut dyn FnMut(&Solution<'_, '_>) -> ControlFlow<()>,
    ) -> Result<(Outcome, Stats), RunError> {
        let sub = &plan.subproblems[index];
        let before = m.updates();
        let entered = m.goto(&sub.prefix);
        if let Compiled::Links(_) = &m.0 {
            shared
                .setup_updates
                .fetch_add(m.updates() - before, Ordering::Relaxed);
        }
        entered?;
        let limits = SearchLimits {
            max_solutions,
            max_nodes: shared
                .limits
                .max_nodes
                .saturating_sub(shared.nodes.load(Ordering::Relaxed)),
        };
        let mut worker = Worker {
            shared,
            index,
            weight: sub.weight,
            counted: 0,
            sink,
        };
        let (outcome, stats) = match memo {
            None => m.search(&mut worker, limits),
            Some(bytes) => {
                let so_far = *shared.counted.lock().unwrap_or_else(|e| e.into_inner());
                let cap = solution_cap(max_solutions);
                let left = cap.map_or(u64::MAX, |cap| {
                    u64::try_from(cap.saturating_sub(so_far)).unwrap_or(u64::MAX - 1)
                });
                let limits = SearchLimits {
                    max_solutions: left,
                    ..limits
                };
                let taken = shared.memos.lock().unwrap_or_else(|e| e.into_inner()).pop();
                let mut table = taken.unwrap_or_else(|| MemoTable::for_problem(problem, bytes));
                let (outcome, stats) = m.0.count_with_memo(&mut worker, limits, &mut table);
                shared
                    .memos
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push(table);
                match shared.add_counted(stats.solutions) {
                    None => shared.halt(Outcome::Overflow),
                    Some(total) if cap.is_some_and(|cap| total >= cap) => {
                        shared.halt(Outcome::SolutionLimit);
                    }
                    Some(_) => {}
                }
                (outcome, stats)
            }
        };
        let rest = stats.nodes - worker.counted;
        shared.nodes.fetch_add(rest, Ordering::Relaxed);
        match outcome {
            Outcome::NodeLimit | Outcome::Overflow => shared.halt(outcome),
            Outcome::Exhausted => shared.finish(index, sub.weight),
            _ => {}
        }
        Ok((outcome, stats))
    }

    fn pool(&self) -> Result<rayon::ThreadPool, RunError> {
        Ok(rayon::ThreadPoolBuilder::new()
            .num_threads(self.threads)
            .build()?)
    }

    /// Counts the solutions of `problem` on the runner's threads, each
    /// subproblem counted with a memo of at most `memo_bytes` if given,
    /// where its engine keeps one ([`DEFAULT_MEMO_BYTES`] is a good
    /// size): the same count, fewer nodes where search paths meet, and
    /// the statistics of the nodes searched.
    ///
    /// The whole tree is split as the engine judges best for the threads:
    /// whole on one thread, else into `SUBPROBLEMS_PER_WORKER` per thread.
    /// On more than one thread it first searches the whole tree on one,
    /// for at most `PROBE_NODES` nodes: a problem that small is counted
    /// before the split, the pool and a matrix for each subproblem would
    /// have started (n-queens 10 on two threads took 8 ms that way, 1 ms on
    /// one). Only a count the probe's own node bound cut short is thrown
    /// away and done again on the split tree, so the probe costs at most
    /// `PROBE_NODES` nodes. Either way the count, and without a memo the
    /// statistics, are those of one thread. A share ([`Runner::share`])
    /// is counted as it is split.
    pub fn count(&self, problem: &Problem, memo_bytes: Option<usize>) -> Result<Run, RunError> {
        let engine = self.engine_for(problem, memo_bytes.is_some());
        let (count, split) = match self.share {
            None => {
                let subproblems = SUBPROBLEMS_PER_WORKER.saturating_mul(self.threads);
                self.count_split(problem, subproblems, memo_bytes)?
            }
            Some(_) => {
                let plan = self.plan(problem)?;
                let count = self.count_plan(problem, &plan, memo_bytes)?;
                (count, Split::Subproblems(plan.subproblem_count()))
            }
        };
        Ok(Run {
            count,
            split,
            engine,
        })
    }

    /// [`Runner::count`] of the whole tree, split into at least
    /// `subproblems` (`Plan::split`).
    pub(crate) fn count_split(
        &self,
        problem: &Problem,
        subproblems: usize,
        memo_bytes: Option<usize>,
    ) -> Result<(Count, Split), RunError> {
        if self.threads <= 1 {
            let count = self.count_plan(problem, &Plan::whole(), memo_bytes)?;
            return Ok((count, Split::Subproblems(1)));
        }
        let probe = Runner {
            threads: 1,
            limits: SearchLimits {
                max_nodes: self.limits.max_nodes.min(PROBE_NODES),
                ..self.limits
            },
            deadline: self.deadline,
            on_progress: self.on_progress,
            engine: self.engine,
            cancel: self.cancel,
            share: None,
        };
        let probed = probe.count_plan(problem, &Plan::whole(), memo_bytes)?;
        if probed.outcome != Outcome::NodeLimit || self.limits.max_nodes <= PROBE_NODES {
            let within = PROBE_NODES;
            return Ok((probed, Split::Probed { within }));
        }
        let plan = Plan::split(problem, subproblems)?;
        let count = self.count_plan(problem, &plan, memo_bytes)?;
        Ok((count, Split::Subproblems(plan.subproblems.len())))
    }

    /// Counts the solutions of `plan`'s subproblems of `problem` (a
    /// scheduler's share, `Plan::for_share`), each counted with a memo of
    /// at most `memo` bytes if given, where its engine has one: the same
    /// count, fewer nodes where search paths meet. The statistics are of
    /// the nodes searched.
    pub(crate) fn count_plan(
        &self,
        problem: &Problem,
        plan: &Plan,
        memo: Option<usize>,
    ) -> Result<Count, RunError> {
        Ok(self.count_and_setup(problem, plan, memo)?.0)
    }

    /// [`Runner::count_plan`], and what the run spent on setup.
    pub(crate) fn count_and_setup(
        &self,
        problem: &Problem,
        plan: &Plan,
        memo: Option<usize>,
    ) -> Result<(Count, Setup), RunError> {
        let mut arenas = arenas(self.threads);
        let slots = Slots::new(&mut arenas);
        let shared = self.shared(problem, plan, memo.is_some());
        let max = self.limits.max_solutions;
        let solve = |index: usize| {
            let mut sink = |_: &Solution<'_, '_>| {
                // `solutions` was bumped by the worker already.
                if shared.solutions.load(Ordering::Relaxed) >= max {
                    shared.halt(Outcome::SolutionLimit);
                    return ControlFlow::Break(());
                }
                ControlFlow::Continue(())
            };
            let max_solutions = if memo.is_some() { max } else { u64::MAX };
            Self::solve_one(
                problem,
                plan,
                index,
                &shared,
                max_solutions,
                memo,
                slots.mine(),
                &mut sink,
            )
        };
        let results: Vec<_> = if self.threads <= 1 {
            (0..plan.subproblems.len()).map(solve).collect()
        } else {
            self.pool()?.install(|| {
                (0..plan.subproblems.len())
                    .into_par_iter()
                    .map(solve)
                    .collect()
            })
        };
        let mut stats = plan.stats;
        let mut outcome = Outcome::Exhausted;
        for result in results {
            let (o, s) = result?;
            match stats.checked_add(s) {
                Some(sum) => stats = sum,
                None => {
                    stats.solutions = u128::MAX;
                    outcome = Outcome::Overflow;
                }
            }
            if outcome == Outcome::Exhausted {
                outcome = o;
            }
        }
        if let (Some(cap), false) = (solution_cap(max), outcome == Outcome::Overflow) {
            stats.solutions = stats.solutions.min(cap);
        }
        let setup = shared.setup();
        let reason = shared
            .reason
            .into_inner()
            .unwrap_or_else(|e| e.into_inner());
        // An overflow anywhere leaves no count, whatever else stopped.
        let outcome = match (reason, outcome) {
            (_, Outcome::Overflow) | (Some(Outcome::Overflow), _) => Outcome::Overflow,
            (reason, outcome) => reason.unwrap_or(outcome),
        };
        if outcome == Outcome::Overflow {
            stats.solutions = u128::MAX;
        }
        let count = Count {
            solutions: stats.solutions,
            outcome,
            stats,
        };
        Ok((count, setup))
    }

    /// Gives every solution of `problem` (or of the runner's share of
    /// it) to `visit`, as a list of options (forced ones first, then in
    /// the order chosen), in the single-threaded order, until `visit`
    /// breaks or a bound is reached. The tree is split for the threads
    /// (whole on one): on one thread solutions stream as found; on more,
    /// each window of subproblems is solved in parallel and its solutions
    /// are held until the window before it is delivered.
    pub fn solutions(
        &self,
        problem: &Problem,
        visit: impl FnMut(&[OptionId]) -> ControlFlow<()>,
    ) -> Result<Run, RunError> {
        let plan = self.plan(problem)?;
        let (outcome, stats, _) = self.solutions_and_setup(problem, &plan, visit)?;
        Ok(Run {
            count: Count {
                solutions: stats.solutions,
                outcome,
                stats,
            },
            split: Split::Subproblems(plan.subproblem_count()),
            engine: self.engine_for(problem, false),
        })
    }

    /// [`Runner::solutions`], and what the run spent on setup.
    pub(crate) fn solutions_and_setup(
        &self,
        problem: &Problem,
        plan: &Plan,
        mut visit: impl FnMut(&[OptionId]) -> ControlFlow<()>,
    ) -> Result<(Outcome, Stats, Setup), RunError> {
        let mut arenas = arenas(self.threads);
        let slots = Slots::new(&mut arenas);
        let shared = self.shared(problem, plan, false);
        let max = self.limits.max_solutions;
        let mut stats = plan.stats;
        // Solutions delivered, one by one.
        let mut seen = 0u64;
        let mut outcome = Outcome::Exhausted;
        let n = plan.subproblems.len();
        if self.threads <= 1 {
            let mut options = Vec::new();
            for index in 0..n {
                let mut delivered = 0;
                let mut sink = |s: &Solution<'_, '_>| {
                    options.clear();
                    options.extend(s.options());
                    delivered += 1;
                    visit(&options)
                };
                let left = max - seen;
                let (o, s) = Self::solve_one(
                    problem,
                    plan,
                    index,
                    &shared,
                    left,
                    None,
                    slots.mine(),
                    &mut sink,
                )?;
                stats.nodes += s.nodes;
                stats.updates += s.updates;
                seen += delivered;
                if o != Outcome::Exhausted {
                    outcome = o;
                    break;
                }
            }
        } else {
            let pool = self.pool()?;
            // Windows start at 8 subproblems a thread and double while a
            // window holds few solutions (at most HELD_SOLUTIONS), so that
            // a wide level of tiny subproblems does not pay the pool's
            // start once per 8 of them; one that holds many halves again.
            let least = self.threads.saturating_mul(8);
            let mut window = least;
            let mut start = 0;
            'windows: while start < n {
                let left = max - seen;
                let before = seen;
                let results: Vec<_> = pool.install(|| {
                    (start..n.min(start + window))
                        .into_par_iter()
                        .map(|index| {
                            let mut found: Vec<Vec<OptionId>> = Vec::new();
                            let mut sink = |s: &Solution<'_, '_>| {
                                found.push(s.options().collect());
                                ControlFlow::Continue(())
                            };
                            let solved = Self::solve_one(
                                problem,
                                plan,
                                index,
                                &shared,
                                left,
                                None,
                                slots.mine(),
                                &mut sink,
                            );
                            solved.map(|r| (r, found))
                        })
                        .collect()
                });
                for result in results {
                    let ((o, s), found) = result?;
                    stats.nodes += s.nodes;
                    stats.updates += s.updates;
                    for options in &found {
                        if seen >= max {
                            outcome = Outcome::SolutionLimit;
                            break 'windows;
                        }
                        seen += 1;
                        if visit(options).is_break() {
                            outcome = Outcome::Stopped;
                            break 'windows;
                        }
                    }
                    if o != Outcome::Exhausted && o != Outcome::SolutionLimit {
                        outcome = o;
                        break 'windows;
                    }
                }
                if seen >= max {
                    outcome = Outcome::SolutionLimit;
                    break;
                }
                start += window;
                window = match seen - before {
                    held if held <= HELD_SOLUTIONS => window.saturating_mul(2).min(MAX_WINDOW),
                    _ => (window / 2).max(least),
                };
            }
        }
        stats.solutions = seen.into();
        let setup = shared.setup();
        let reason = shared
            .reason
            .into_inner()
            .unwrap_or_else(|e| e.into_inner());
        Ok((reason.unwrap_or(outcome), stats, setup))
    }
}

#[cfg(test)]
mod tests;
