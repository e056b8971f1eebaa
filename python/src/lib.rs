//! `dlx_engine._native`: the Python bindings of the `dlx` engine (PyO3,
//! stable ABI 3.9+). The typed, documented API is `dlx_engine/__init__.py`,
//! which checks and normalises its arguments and calls these functions;
//! this module only converts between Python objects and the library's
//! types, and runs the library's own code.
//!
//! # Invariants
//!
//! * Every search runs with the GIL released ([`Python::detach`]): Python
//!   objects are read into Rust values before, and results are turned into
//!   Python objects after.
//! * Bad input is a `ValueError` carrying the library's message (the same
//!   text as the command line, with line and column where there is one);
//!   nothing here panics on input, so no Rust panic reaches Python.
//! * Batch results are in input order, and the same for any `threads`:
//!   each puzzle is solved on its own ([`SudokuSolver`] results depend only
//!   on the puzzle), and the library's batch pipeline ([`Batch`]) hands
//!   the answers back in input order.
//! * An [`ExactCover`] owns only its problem: each search compiles its own
//!   matrix in its own arena, so a search stopped early (a dropped
//!   [`Solutions`] iterator) leaves nothing behind in the object.

use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::atomic::AtomicU64;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, sync_channel};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use pyo3::exceptions::{PyOverflowError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyIterator, PyString};

use engine::dlx::deduce::Rules;
use engine::dlx::knuth::{self, KnuthProblem};
use engine::dlx::{Batch, thread_count};
use engine::dlx::{Cancel, SharedCancel};
use engine::dlx::{DEFAULT_MEMO_BYTES, Runner};
use engine::dlx::{EngineKind, ItemKind, Outcome, Propagate, SearchLimits};
use engine::format::{Alphabet, Case, parse_puzzle_line};
use engine::sudoku::Level;
use engine::sudoku::RateError;
use engine::sudoku::true_candidates;
use engine::sudoku::variant_of;
use engine::sudoku::{GenerateError, Generator, Settings, Symmetry, generate_range};
use engine::sudoku::{Grid, Shape, SudokuSolver};
use engine::sudoku::{SolverKind, Solvers};

fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// The box shape of a `"RxC"` string, or `None` to infer it from the size.
fn shape_arg(shape: Option<&str>) -> PyResult<Option<Shape>> {
    shape.map(|s| s.parse().map_err(value_error)).transpose()
}

/// The `"RxC"` box shape of the grid of side `n` with the most nearly
/// square boxes (`dlx generate --size`).
#[pyfunction]
fn shape_of_side(n: usize) -> PyResult<String> {
    Shape::for_side(n)
        .map(|s| s.to_string())
        .map_err(value_error)
}

/// Reads puzzle `line` (1-based) of a batch: one puzzle in the line
/// format, optionally followed by the variant format's fields (`x`,
/// `hyper`, `box=`, `regions=`, `cages=` with `sums=`), or pencil marks in
/// the Sukaku format where the command line's detection would take them
/// (`format::parse_puzzle_line`; with `shape`, where the line has `n³`
/// symbols), with those readers' messages.
fn parse_puzzle(text: &str, line: usize, shape: Option<Shape>) -> PyResult<Case> {
    let parsed = parse_puzzle_line(text, line, shape, &Alphabet::default());
    match parsed {
        Some(Ok(case)) => Ok(case),
        Some(Err(e)) => Err(value_error(e)),
        None => Err(PyValueError::new_err(format!(
            "line {line}: no puzzle (the line is blank or a comment)"
        ))),
    }
}

/// Puzzles as strings from any iterable, read with the GIL held.
fn texts(puzzles: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    puzzles.try_iter()?.map(|p| p?.extract()).collect()
}

/// Reads every puzzle, stopping at the first bad one.
fn parse_all(texts: &[String], shape: Option<Shape>) -> PyResult<Vec<Case>> {
    texts
        .iter()
        .enumerate()
        .map(|(i, t)| parse_puzzle(t, i + 1, shape))
        .collect()
}

/// Grids from `rows` rows of `cells` bytes (`0` empty), as a NumPy array's
/// buffer; a row that is not a grid names its 0-based row.
fn cases_of_cells(
    data: &[u8],
    rows: usize,
    cells: usize,
    shape: Option<Shape>,
) -> PyResult<Vec<Case>> {
    if data.len() != rows.saturating_mul(cells) {
        return Err(PyValueError::new_err(format!(
            "{} bytes cannot be {rows} rows of {cells} cells",
            data.len()
        )));
    }
    let shape = match shape {
        Some(s) if s.n() * s.n() == cells => s,
        Some(s) => {
            return Err(PyValueError::new_err(format!(
                "expected {} cells for {s} boxes, found {cells}",
                s.n() * s.n()
            )));
        }
        None => Shape::for_cell_count(cells).map_err(value_error)?,
    };
    (0..rows)
        .map(|i| {
            Grid::from_cells(shape, data[i * cells..(i + 1) * cells].to_vec())
                .map(|g| Case::new(g, i + 1))
                .map_err(|e| PyValueError::new_err(format!("row {i}: {e}")))
        })
        .collect()
}

/// How often Python's signal handlers run while the GIL is released for
/// long work.
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// The [`Cancel`] of one call that releases the GIL: it runs Python's
/// signal handlers now and then ([`Signals::poll`]) and says to stop once
/// one raised (Ctrl-C's raises `KeyboardInterrupt`), keeping what it
/// raised for the call to return; and, with a deadline (`timeout=`), once
/// that has passed.
///
/// Invariant: `stop` is set only after `raised` holds the exception or
/// `timed_out` is set, so work that saw `stop` is always reported as that
/// exception, or as cut short by the timeout.
struct Signals {
    /// Whether the work runs on the calling thread ([`interruptible`] with
    /// one thread): then asking whether to stop polls too, when one is due.
    inline: bool,
    stop: AtomicBool,
    raised: Mutex<Option<PyErr>>,
    /// When the next poll is due, in nanoseconds from `start`.
    start: Instant,
    next_poll: AtomicU64,
    /// When the call's `timeout=` runs out, if it has one.
    deadline: Option<Instant>,
    /// Whether the deadline was seen passed (and `stop` set for it).
    timed_out: AtomicBool,
}

impl Signals {
    fn new(inline: bool, deadline: Option<Instant>) -> Self {
        Self {
            inline,
            stop: AtomicBool::new(false),
            raised: Mutex::new(None),
            start: Instant::now(),
            next_poll: AtomicU64::new(0),
            deadline,
            timed_out: AtomicBool::new(false),
        }
    }

    /// Whether the deadline has passed; if so, sets `timed_out`, then
    /// `stop`.
    fn past_deadline(&self) -> bool {
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.timed_out.store(true, Ordering::Relaxed);
            self.stop.store(true, Ordering::Relaxed);
            return true;
        }
        false
    }

    /// Takes the GIL for a moment to run Python's signal handlers; if one
    /// raises, keeps the exception and sets `stop`.
    fn poll(&self) {
        if let Err(e) = Python::attach(|py| py.check_signals()) {
            *self.raised.lock().unwrap_or_else(PoisonError::into_inner) = Some(e);
            self.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Whether [`SIGNAL_POLL`] has passed since the last poll was due
    /// (a clock read: cheap enough for every puzzle of a batch).
    fn poll_due(&self) -> bool {
        let now = self.start.elapsed().as_nanos() as u64;
        if now < self.next_poll.load(Ordering::Relaxed) {
            return false;
        }
        self.next_poll
            .store(now + SIGNAL_POLL.as_nanos() as u64, Ordering::Relaxed);
        true
    }

    /// What a signal handler raised, if one did.
    fn raised(&self) -> Option<PyErr> {
        self.raised
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
    }
}

impl Cancel for Signals {
    fn is_cancelled(&self) -> bool {
        if self.stop.load(Ordering::Relaxed) || self.past_deadline() {
            return true;
        }
        if self.inline && self.poll_due() {
            self.poll();
        }
        self.stop.load(Ordering::Relaxed)
    }
}

/// Runs `work` with the GIL released, on `threads` threads of its own (it
/// is told how many to use) or, with one, on the calling thread, handing
/// it a [`Cancel`] that it must pass to its solvers and ask between
/// puzzles. Meanwhile Python's signal handlers run every [`SIGNAL_POLL`]
/// or so (from the work's own questions when it runs here, from this
/// thread while it waits for the work's threads otherwise); when one
/// raises, the work is cancelled, its result dropped, and the call
/// returns the exception: Ctrl-C interrupts it within a fraction of a
/// second. The [`Cancel`] also says to stop once `deadline` has passed;
/// then the work's result is kept, and returned with `true` (timed out):
/// what the work made until then, which the caller must tell from what
/// it finished.
fn interruptible<R: Send>(
    py: Python<'_>,
    threads: usize,
    deadline: Option<Instant>,
    work: impl FnOnce(SharedCancel) -> R + Send,
) -> PyResult<(R, bool)> {
    let signals = Arc::new(Signals::new(threads <= 1, deadline));
    let cancel: SharedCancel = signals.clone();
    let result = py.detach(|| {
        if threads <= 1 {
            return work(cancel);
        }
        std::thread::scope(|scope| {
            let (done, finished) = mpsc::channel::<()>();
            let worker = scope.spawn(move || {
                let result = work(cancel);
                drop(done);
                result
            });
            // Disconnected once the work is over, however it ended.
            while let Err(RecvTimeoutError::Timeout) = finished.recv_timeout(SIGNAL_POLL) {
                signals.poll();
            }
            worker
                .join()
                .unwrap_or_else(|p| std::panic::resume_unwind(p))
        })
    });
    let timed_out = signals.timed_out.load(Ordering::Relaxed);
    signals.raised().map_or(Ok((result, timed_out)), Err)
}

/// The Sudoku functions' `propagate=`, as the command line's
/// `--propagate`: `None` or `"auto"` lets the solver choose.
fn propagate_of(name: Option<&str>) -> PyResult<Option<Propagate>> {
    Ok(Some(match name {
        None | Some("auto") => return Ok(None),
        Some("off") => Propagate::Off,
        Some("blocking") => Propagate::Blocking,
        Some("sums") => Propagate::Sums,
        Some("all") => Propagate::All,
        Some("rules") => Propagate::Rules,
        Some(other) => {
            return Err(PyValueError::new_err(format!(
                "propagate='{other}': expected 'auto', 'off', 'blocking', 'sums', 'all' or 'rules'"
            )));
        }
    }))
}

/// A call's `max_nodes=` and `timeout=`, as the command line's
/// `--max-nodes` and `--timeout`.
#[derive(Clone, Copy, Debug)]
struct Bounds {
    /// Search-tree nodes a search may enter (`u64::MAX`: no bound).
    max_nodes: u64,
    /// The `timeout=` seconds, for messages.
    timeout: Option<f64>,
    /// When the timeout runs out (`None`: no timeout, or one too far to
    /// represent, as on the command line).
    deadline: Option<Instant>,
}

impl Bounds {
    /// The bounds of a call that starts now; a timeout must be a positive
    /// number of seconds (infinity is none).
    fn new(max_nodes: Option<u64>, timeout: Option<f64>) -> PyResult<Self> {
        let deadline = match timeout {
            None => None,
            Some(t) if t > 0.0 => Duration::try_from_secs_f64(t)
                .ok()
                .and_then(|d| Instant::now().checked_add(d)),
            Some(t) => {
                return Err(PyValueError::new_err(format!(
                    "timeout must be a positive number of seconds (or None), not {t}"
                )));
            }
        };
        Ok(Self {
            max_nodes: max_nodes.unwrap_or(u64::MAX),
            timeout,
            deadline,
        })
    }

    /// The exception of a call that a bound stopped before it settled:
    /// `TimeLimitError` if the deadline was seen passed, `NodeLimitError`
    /// otherwise (both `dlx_engine.LimitError`), carrying `partial` (what
    /// was found so far) and `unsettled` (a batch's puzzles not settled).
    fn error<'py>(
        &self,
        py: Python<'py>,
        timed_out: bool,
        what: &str,
        partial: impl IntoPyObject<'py>,
        unsettled: Vec<usize>,
    ) -> PyErr {
        let (class, message) = match (timed_out, self.timeout) {
            (true, Some(t)) => (
                "TimeLimitError",
                format!("{what}: cut short by timeout={t} (seconds)"),
            ),
            _ => (
                "NodeLimitError",
                format!(
                    "{what}: cut short by max_nodes={} (search nodes)",
                    self.max_nodes
                ),
            ),
        };
        let raised = py
            .import("dlx_engine._errors")
            .and_then(|m| m.getattr(class))
            .and_then(|c| c.call1((message, partial, unsettled)));
        match raised {
            Ok(e) => PyErr::from_value(e),
            Err(e) => e,
        }
    }
}

/// What a search within `max_nodes` nodes settled: whether it ended on its
/// own or at its solution limit, rather than cut by a bound (or a cancel).
/// The `OverflowError` of a count past `u128::MAX`, which only a count
/// with a memo reaches (the words of `dlx cover`'s error).
const COUNT_OVERFLOW: &str = "the count passes 2^128 - 1 \
    (340282366920938463463374607431768211455), the most dlx counts to";

fn settled(outcome: Outcome) -> bool {
    matches!(outcome, Outcome::Exhausted | Outcome::SolutionLimit)
}

/// The pace of a batch on the library's pipeline, as the command's: a few
/// hundred puzzles in flight per thread, taken a few at a time.
const BATCH: Batch = Batch {
    window: 256,
    grab: 8,
};

/// One puzzle's answer in a bounded batch, and whether it is settled:
/// `false` when `max_nodes` or the timeout cut its search short (the
/// answer is then what was found so far).
type Answer<R> = (R, bool);

/// `f` applied to every puzzle's grid with a solver of its rules (plain
/// Sudoku of its shape, or its variant) running the call's `propagate=`
/// ([`propagate_of`]) and `bounds.max_nodes`, in input
/// order, on `threads` threads (0: one per core), the GIL released,
/// interruptible ([`interruptible`]), until `bounds`' deadline if any.
/// Once timed out (`true`), the puzzles not yet begun are `None`.
#[allow(clippy::type_complexity)]
fn batch<R: Send>(
    py: Python<'_>,
    cases: &[Case],
    threads: usize,
    bounds: &Bounds,
    propagate: Option<&str>,
    f: impl Fn(&mut dyn SudokuSolver, &Grid, u64) -> Answer<R> + Sync + Send,
) -> PyResult<(Vec<Option<Answer<R>>>, bool)> {
    let propagate = propagate_of(propagate)?;
    let threads = thread_count(threads).min(cases.len().max(1));
    let max_nodes = bounds.max_nodes;
    // Each puzzle with a solver of this thread's, `None` once the work is
    // cancelled (the cancel stays so once it says so): an interrupted
    // batch's results are dropped, a timed-out one's kept.
    let answers_and_time = interruptible(py, threads, bounds.deadline, |cancel| {
        let mut answers = Vec::with_capacity(cases.len());
        let _: ControlFlow<()> = BATCH.run(
            (0..threads).map(|_| {
                let mut solvers = Solvers::default();
                solvers.set_cancel(Some(cancel.clone()));
                solvers.set_propagate(propagate);
                solvers
            }),
            || cases.iter(),
            |solvers, case| {
                if cancel.is_cancelled() {
                    return None;
                }
                // The dancing-links solver takes every variant.
                let solver = solvers
                    .for_rules(SolverKind::Dlx, case.grid.shape(), case.variant.as_deref())
                    .expect("the dancing-links solver takes every variant");
                Some(f(solver, &case.grid, max_nodes))
            },
            |answer| {
                answers.push(answer);
                ControlFlow::Continue(())
            },
        );
        answers
    })?;
    Ok(answers_and_time)
}

/// The answers of a bounded batch if every one is settled; otherwise the
/// answers so far (`missing` for the puzzles not begun) and the 0-based
/// indices of the puzzles not settled.
#[allow(clippy::type_complexity)]
fn settle<R>(
    answers: Vec<Option<Answer<R>>>,
    missing: impl Fn() -> R,
) -> Result<Vec<R>, (Vec<R>, Vec<usize>)> {
    let mut unsettled = Vec::new();
    let values: Vec<R> = answers
        .into_iter()
        .enumerate()
        .map(|(i, a)| match a {
            Some((r, true)) => r,
            Some((r, false)) => {
                unsettled.push(i);
                r
            }
            None => {
                unsettled.push(i);
                missing()
            }
        })
        .collect();
    match unsettled.is_empty() {
        true => Ok(values),
        false => Err((values, unsettled)),
    }
}

/// How many of a batch's `len` puzzles a bound left unsettled, and the
/// first of them as the batch's errors name it: `line k` (the `k`-th
/// puzzle), or `row k` (from 0) of an `array`.
fn unsettled_of(unsettled: &[usize], len: usize, array: bool) -> String {
    let first = unsettled.first().copied().unwrap_or(0);
    let first = match array {
        true => format!("row {first}"),
        false => format!("line {}", first + 1),
    };
    format!(
        "{} of {len} puzzles unsettled (the first: {first})",
        unsettled.len()
    )
}

/// The first solution, or `None` (no solution, or clashing givens), and
/// whether that is settled (a solution found, or the tree searched within
/// `max_nodes`).
fn first(solver: &mut dyn SudokuSolver, g: &Grid, max_nodes: u64) -> Answer<Option<Grid>> {
    let mut found = None;
    let limits = SearchLimits {
        max_solutions: 1,
        max_nodes,
    };
    let visit = &mut |s: &Grid| {
        found = Some(s.clone());
        ControlFlow::Break(())
    };
    match solver.search(g, limits, Some(visit)) {
        Ok(report) => {
            let done = found.is_some() || report.outcome == Outcome::Exhausted;
            (found, done)
        }
        Err(_) => (None, true),
    }
}

/// Solutions up to `limit` within `max_nodes`, and whether the count is
/// settled; clashing givens have none.
fn count_up_to(
    solver: &mut dyn SudokuSolver,
    g: &Grid,
    limit: u64,
    max_nodes: u64,
) -> Answer<u128> {
    let limits = SearchLimits {
        max_solutions: limit,
        max_nodes,
    };
    match solver.search(g, limits, None) {
        Ok(report) => (report.stats.solutions, settled(report.outcome)),
        Err(_) => (0, true),
    }
}

fn write_line(grid: &Grid) -> String {
    Alphabet::default().write_line(grid)
}

/// The one answer of a bounded batch of one puzzle, or the bound's
/// exception carrying what was found so far.
fn one<'py, R: IntoPyObject<'py> + Clone>(
    py: Python<'py>,
    answers: Vec<Option<Answer<R>>>,
    timed_out: bool,
    bounds: &Bounds,
    missing: R,
    what: &str,
) -> PyResult<R> {
    match settle(answers, || missing.clone()) {
        Ok(mut v) => Ok(v.remove(0)),
        Err((mut v, _)) => Err(bounds.error(py, timed_out, what, v.remove(0), vec![])),
    }
}

mod cover;
mod sudoku;

use cover::{ExactCover, Solutions, Stats};
use sudoku::{
    candidates, count, count_cells, count_many, explain, generate, is_unique, rate, solve,
    solve_cells, solve_many,
};

/// The compiled module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // The package's version: python/Cargo.toml's, which is the workspace's
    // (the engine's), and which maturin writes into the wheel's metadata.
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(shape_of_side, m)?)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(count, m)?)?;
    m.add_function(wrap_pyfunction!(is_unique, m)?)?;
    m.add_function(wrap_pyfunction!(candidates, m)?)?;
    m.add_function(wrap_pyfunction!(solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(count_many, m)?)?;
    m.add_function(wrap_pyfunction!(solve_cells, m)?)?;
    m.add_function(wrap_pyfunction!(count_cells, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(rate, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_class::<Stats>()?;
    m.add_class::<ExactCover>()?;
    m.add_class::<Solutions>()?;
    Ok(())
}
