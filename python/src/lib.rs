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
//!   on the puzzle), and rayon's indexed `collect` keeps the order.
//! * An [`ExactCover`] owns only its problem: each search compiles its own
//!   matrix in its own arena, so a search stopped early (a dropped
//!   [`Solutions`] iterator) leaves nothing behind in the object.

use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::atomic::AtomicU64;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender, sync_channel};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use bumpalo::Bump;
use pyo3::exceptions::{PyOverflowError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyIterator, PyString};
use rayon::prelude::*;

use engine::cancel::{Cancel, Cancellable, SharedCancel};
use engine::dlx::deduce::{Level, Rules};
use engine::dlx::memo::DEFAULT_MEMO_BYTES;
use engine::dlx::parallel::SUBPROBLEMS_PER_WORKER;
use engine::dlx::parallel::{RunLimits, Runner};
use engine::dlx::{EngineKind, ItemKind, Outcome, Progress, SearchLimits, Solution, Visitor};
use engine::format::{Alphabet, Case, line::parse_line};
use engine::knuth::{self, Added, ErrorKind, KnuthProblem};
use engine::sudoku::candidates::true_candidates;
use engine::sudoku::generate::{
    CLUE_TRIES, GenerateError, Generator, Settings, Symmetry, generate_range,
};
use engine::sudoku::rate::{RateError, Rater};
use engine::sudoku::solvers::{SolverKind, Solvers};
use engine::sudoku::variant::variant_of;
use engine::sudoku::{Grid, Shape, SudokuSolver};
use engine::workers::thread_count;

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
/// `hyper`, `box=`, `regions=`, `cages=` with `sums=`), with those readers'
/// messages.
fn parse_puzzle(text: &str, line: usize, shape: Option<Shape>) -> PyResult<Case> {
    // The line reader hands a line with a variant field to the variant
    // reader, as the command line does.
    let parsed = parse_line(text, line, shape, &Alphabet::default());
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
        Some(s) if s.cells() == cells => s,
        Some(s) => {
            return Err(PyValueError::new_err(format!(
                "expected {} cells for {s} boxes, found {cells}",
                s.cells()
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

/// Puzzles a thread takes at a time in a batch.
const BATCH_CHUNK: usize = 256;

/// One puzzle's answer in a bounded batch, and whether it is settled:
/// `false` when `max_nodes` or the timeout cut its search short (the
/// answer is then what was found so far).
type Answer<R> = (R, bool);

/// `f` applied to every puzzle's grid with a solver of its rules (plain
/// Sudoku of its shape, or its variant) and `bounds.max_nodes`, in input
/// order, on `threads` threads (0: one per core), the GIL released,
/// interruptible ([`interruptible`]), until `bounds`' deadline if any.
/// Once timed out (`true`), the puzzles not yet begun are `None`.
#[allow(clippy::type_complexity)]
fn batch<R: Send>(
    py: Python<'_>,
    cases: &[Case],
    threads: usize,
    bounds: &Bounds,
    f: impl Fn(&mut dyn SudokuSolver, &Grid, u64) -> Answer<R> + Sync + Send,
) -> PyResult<(Vec<Option<Answer<R>>>, bool)> {
    let threads = thread_count(threads).min(cases.len().max(1));
    let max_nodes = bounds.max_nodes;
    // The puzzles of `part`, in order, `None` from the first one that
    // finds the work cancelled: an interrupted batch's results are
    // dropped, a timed-out one's kept.
    let run = |part: &[Case], cancel: &SharedCancel| -> Vec<Option<Answer<R>>> {
        let mut solvers = Solvers::with_cancel(cancel.clone());
        let mut stopped = false;
        part.iter()
            .map(|case| {
                stopped = stopped || cancel.is_cancelled();
                if stopped {
                    return None;
                }
                // The dancing-links solver takes every variant.
                let solver = solvers
                    .for_rules(SolverKind::Dlx, case.grid.shape(), case.variant.as_deref())
                    .expect("the dancing-links solver takes every variant");
                Some(f(solver, &case.grid, max_nodes))
            })
            .collect()
    };
    let (answers, timed_out) = interruptible(py, threads, bounds.deadline, |cancel| {
        if threads <= 1 {
            return Ok::<_, PyErr>(run(cases, &cancel));
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| PyRuntimeError::new_err(format!("cannot start threads: {e}")))?;
        // Chunks of a few hundred puzzles, each with one set of solvers:
        // solvers are made per chunk, not per piece rayon splits off, and
        // idle threads still steal chunks when puzzles differ in cost.
        let parts: Vec<Vec<Option<Answer<R>>>> = pool.install(|| {
            cases
                .par_chunks(BATCH_CHUNK)
                .map(|part| run(part, &cancel))
                .collect()
        });
        Ok(parts.into_iter().flatten().collect())
    })?;
    Ok((answers?, timed_out))
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
            let done = found.is_some() || report.outcome.is_exhaustive();
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

#[pyfunction]
#[pyo3(signature = (puzzle, shape=None, max_nodes=None, timeout=None))]
fn solve(
    py: Python<'_>,
    puzzle: &str,
    shape: Option<&str>,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
) -> PyResult<Option<String>> {
    let bounds = Bounds::new(max_nodes, timeout)?;
    let case = parse_puzzle(puzzle, 1, shape_arg(shape)?)?;
    let (found, timed_out) = batch(py, std::slice::from_ref(&case), 1, &bounds, |s, g, n| {
        let (found, done) = first(s, g, n);
        (found.as_ref().map(write_line), done)
    })?;
    one(py, found, timed_out, &bounds, None, "the search")
}

#[pyfunction]
#[pyo3(signature = (puzzle, limit, shape=None, max_nodes=None, timeout=None))]
fn count(
    py: Python<'_>,
    puzzle: &str,
    limit: u64,
    shape: Option<&str>,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
) -> PyResult<u128> {
    let bounds = Bounds::new(max_nodes, timeout)?;
    let case = parse_puzzle(puzzle, 1, shape_arg(shape)?)?;
    let (counts, timed_out) = batch(py, std::slice::from_ref(&case), 1, &bounds, |s, g, n| {
        count_up_to(s, g, limit, n)
    })?;
    one(py, counts, timed_out, &bounds, 0, "the count")
}

/// Each cell's true candidates (the digits some solution holds) as a
/// string of digit symbols, cells in reading order; every string is empty
/// when there is no solution. A bound's exception carries the candidates
/// found so far (each from a solution found).
#[pyfunction]
#[pyo3(signature = (puzzle, shape=None, max_nodes=None, timeout=None))]
fn candidates(
    py: Python<'_>,
    puzzle: &str,
    shape: Option<&str>,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
) -> PyResult<Vec<String>> {
    let bounds = Bounds::new(max_nodes, timeout)?;
    let case = parse_puzzle(puzzle, 1, shape_arg(shape)?)?;
    let cells = case.grid.cells().len();
    let n = case.grid.n();
    let (found, timed_out) = batch(py, std::slice::from_ref(&case), 1, &bounds, |s, g, max| {
        match true_candidates(s, g, max) {
            Ok(c) => {
                let marks = c.masks.iter().map(|&m| symbols_of(m, n)).collect();
                (marks, c.is_settled())
            }
            // Clashing givens: no solution, no candidates.
            Err(_) => (vec![String::new(); cells], true),
        }
    })?;
    one(
        py,
        found,
        timed_out,
        &bounds,
        vec![String::new(); cells],
        "the candidates",
    )
}

/// The digits of `mask` (bit `d - 1` for digit `d`) as symbols, upwards.
fn symbols_of(mask: u64, n: usize) -> String {
    let alphabet = Alphabet::default();
    (0..n)
        .filter(|&d| mask >> d & 1 == 1)
        .map(|d| alphabet.symbol(d as u8 + 1))
        .collect()
}

/// Whether the puzzle has one solution; a bound's exception carries the
/// solutions counted so far (0 or 1).
#[pyfunction]
#[pyo3(signature = (puzzle, shape=None, max_nodes=None, timeout=None))]
fn is_unique(
    py: Python<'_>,
    puzzle: &str,
    shape: Option<&str>,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
) -> PyResult<bool> {
    let bounds = Bounds::new(max_nodes, timeout)?;
    let case = parse_puzzle(puzzle, 1, shape_arg(shape)?)?;
    let (counts, timed_out) = batch(py, std::slice::from_ref(&case), 1, &bounds, |s, g, n| {
        count_up_to(s, g, 2, n)
    })?;
    Ok(one(py, counts, timed_out, &bounds, 0, "the search")? == 1)
}

#[pyfunction]
#[pyo3(signature = (puzzles, shape=None, threads=1, max_nodes=None, timeout=None))]
fn solve_many(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    shape: Option<&str>,
    threads: usize,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
) -> PyResult<Vec<Option<String>>> {
    let bounds = Bounds::new(max_nodes, timeout)?;
    let (texts, shape) = (texts(puzzles)?, shape_arg(shape)?);
    let cases = py.detach(|| parse_all(&texts, shape))?;
    let (found, timed_out) = batch(py, &cases, threads, &bounds, |s, g, n| {
        let (found, done) = first(s, g, n);
        (found.as_ref().map(write_line), done)
    })?;
    settle(found, || None).map_err(|(partial, unsettled)| {
        bounds.error(
            py,
            timed_out,
            &unsettled_of(&unsettled, cases.len(), false),
            partial,
            unsettled,
        )
    })
}

#[pyfunction]
#[pyo3(signature = (puzzles, limit, shape=None, threads=1, max_nodes=None, timeout=None))]
#[allow(clippy::too_many_arguments)]
fn count_many(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    limit: u64,
    shape: Option<&str>,
    threads: usize,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
) -> PyResult<Vec<u128>> {
    let bounds = Bounds::new(max_nodes, timeout)?;
    let (texts, shape) = (texts(puzzles)?, shape_arg(shape)?);
    let cases = py.detach(|| parse_all(&texts, shape))?;
    count_cases(py, &cases, threads, &bounds, limit)
}

/// `solve_many` on a NumPy array's bytes: the solutions' cells, a row of
/// zeros where there is none (or, in a bound's exception, where none was
/// found in time).
#[pyfunction]
#[pyo3(signature = (data, rows, cells, shape=None, threads=1, max_nodes=None, timeout=None))]
#[allow(clippy::too_many_arguments)]
fn solve_cells<'py>(
    py: Python<'py>,
    data: &[u8],
    rows: usize,
    cells: usize,
    shape: Option<&str>,
    threads: usize,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
) -> PyResult<Bound<'py, PyBytes>> {
    let bounds = Bounds::new(max_nodes, timeout)?;
    let cases = cases_of_cells(data, rows, cells, shape_arg(shape)?)?;
    let (found, timed_out) = batch(py, &cases, threads, &bounds, first)?;
    let (found, unsettled) = match settle(found, || None) {
        Ok(found) => (found, None),
        Err((found, unsettled)) => (found, Some(unsettled)),
    };
    let mut out = vec![0u8; data.len()];
    for (row, solution) in out.chunks_mut(cells.max(1)).zip(found) {
        if let Some(s) = solution {
            row.copy_from_slice(s.cells());
        }
    }
    let out = PyBytes::new(py, &out);
    match unsettled {
        None => Ok(out),
        Some(unsettled) => {
            let what = unsettled_of(&unsettled, rows, true);
            Err(bounds.error(py, timed_out, &what, out, unsettled))
        }
    }
}

/// `count_many` on a NumPy array's bytes.
#[pyfunction]
#[pyo3(signature = (data, rows, cells, limit, shape=None, threads=1, max_nodes=None, timeout=None))]
#[allow(clippy::too_many_arguments)]
fn count_cells(
    py: Python<'_>,
    data: &[u8],
    rows: usize,
    cells: usize,
    limit: u64,
    shape: Option<&str>,
    threads: usize,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
) -> PyResult<Vec<u128>> {
    let bounds = Bounds::new(max_nodes, timeout)?;
    let cases = cases_of_cells(data, rows, cells, shape_arg(shape)?)?;
    count_cases(py, &cases, threads, &bounds, limit)
}

/// The counts of `count_many` and `count_cells`: each case's, up to
/// `limit`, on `threads` threads within `bounds`; a bound's exception
/// carries the counts so far (lower bounds for the unsettled cases).
fn count_cases(
    py: Python<'_>,
    cases: &[Case],
    threads: usize,
    bounds: &Bounds,
    limit: u64,
) -> PyResult<Vec<u128>> {
    let (counts, timed_out) = batch(py, cases, threads, bounds, |s, g, n| {
        count_up_to(s, g, limit, n)
    })?;
    settle(counts, || 0).map_err(|(partial, unsettled)| {
        bounds.error(
            py,
            timed_out,
            &unsettled_of(&unsettled, cases.len(), false),
            partial,
            unsettled,
        )
    })
}

/// The level a word names (`dlx rate`'s levels).
fn level_arg(name: &str) -> PyResult<Level> {
    Level::from_name(name).ok_or_else(|| {
        PyValueError::new_err(format!(
            "unknown difficulty '{name}' (expected simple, easy, intermediate or expert)"
        ))
    })
}

/// `dlx rate` of one puzzle: (level, score, [(step, count), ...]), the
/// GIL released, interruptible ([`interruptible`]); `ValueError` for a
/// puzzle that has no solution, several, or runs out of guesses;
/// `TimeLimitError` once `timeout` seconds have passed.
#[pyfunction]
#[pyo3(signature = (puzzle, shape=None, subsets=3, max_guesses=1_000_000, timeout=None))]
#[allow(clippy::type_complexity)]
fn rate(
    py: Python<'_>,
    puzzle: &str,
    shape: Option<&str>,
    subsets: usize,
    max_guesses: u64,
    timeout: Option<f64>,
) -> PyResult<(&'static str, u64, Vec<(&'static str, u64)>)> {
    let bounds = Bounds::new(None, timeout)?;
    if !(1..=4).contains(&subsets) {
        return Err(PyValueError::new_err(format!(
            "subsets must be 1 to 4, not {subsets}"
        )));
    }
    let case = parse_puzzle(puzzle, 1, shape_arg(shape)?)?;
    let rules = Rules {
        max_subset: subsets,
        max_guesses,
    };
    let (rating, timed_out) = interruptible(py, 1, bounds.deadline, |cancel| {
        let mut rater = Rater::new();
        rater.set_cancel(Some(cancel));
        match &case.variant {
            Some(variant) => rater.rate_variant(&case.grid, variant, &rules),
            None => rater.rate(&case.grid, &rules),
        }
    })?;
    match rating {
        Err(e) if timed_out && e.is_cancelled() => {
            Err(bounds.error(py, true, "the rating", None::<()>, vec![]))
        }
        Ok(r) if r.solutions == 1 => Ok((r.level().name(), r.score(), r.steps().to_vec())),
        Ok(r) if r.solutions == 0 => Err(PyValueError::new_err("no solution")),
        Ok(_) => Err(PyValueError::new_err(
            "more than one solution: only a puzzle with exactly one is rated",
        )),
        Err(RateError::Puzzle(e)) => Err(PyValueError::new_err(format!("no solution: {e}"))),
        Err(e) => Err(PyValueError::new_err(e.to_string())),
    }
}

/// `count` puzzles of `dlx generate`, as (puzzle, solution) lines.
#[pyfunction]
#[pyo3(signature = (count, shape, seed, symmetry, minimal, clues=None, threads=1, difficulty=None, tries=CLUE_TRIES, variant=None, timeout=None, max_nodes=None))]
#[allow(clippy::too_many_arguments)]
fn generate(
    py: Python<'_>,
    count: u64,
    shape: &str,
    seed: u64,
    symmetry: &str,
    minimal: bool,
    clues: Option<usize>,
    threads: usize,
    difficulty: Option<&str>,
    tries: usize,
    variant: Option<&str>,
    timeout: Option<f64>,
    max_nodes: Option<u64>,
) -> PyResult<Vec<(String, String)>> {
    let bounds = Bounds::new(max_nodes, timeout)?;
    let shape: Shape = shape.parse().map_err(value_error)?;
    let (mut x, mut hyper, mut jigsaw) = (false, false, false);
    for rule in variant.into_iter().flat_map(|v| v.split(',')) {
        match rule.trim() {
            "x" => x = true,
            "hyper" => hyper = true,
            "jigsaw" => jigsaw = true,
            other => {
                return Err(PyValueError::new_err(format!(
                    "variant: expected x, hyper or jigsaw (comma-separated), found '{other}'"
                )));
            }
        }
    }
    let variant = variant_of(shape, x, hyper).map_err(value_error)?;
    let symmetry: Symmetry = symmetry.parse().map_err(value_error)?;
    let settings = Settings {
        symmetry,
        minimal,
        max_clues: clues,
        difficulty: difficulty.map(level_arg).transpose()?,
        tries: tries.max(1),
    };
    let threads = thread_count(threads).clamp(1, count.max(1) as usize);
    let make = || match jigsaw {
        true => Generator::jigsaw(variant.clone(), settings),
        false => Generator::for_variant(variant.clone(), settings),
    };
    // Rules that admit no grid at all are refused before any try.
    make().check_rules().map_err(value_error)?;
    let (made, timed_out) = interruptible(py, threads, bounds.deadline, |cancel| {
        let mut generators: Vec<_> = (0..threads)
            .map(|_| {
                let mut generator = make();
                generator.set_cancel(Some(cancel.clone()));
                generator.set_max_nodes(max_nodes);
                generator
            })
            .collect();
        generate_range(&mut generators, seed, 0, count)
    })?;
    // In index order: the puzzles before the first that the timeout
    // stopped are whole, the same as without it.
    let mut out = Vec::with_capacity(made.len());
    for (i, g) in made.into_iter().enumerate() {
        match g {
            Ok(g) => {
                let puzzle = match g.rules.fields() {
                    fields if fields.is_empty() => write_line(&g.puzzle),
                    fields => format!("{} {fields}", write_line(&g.puzzle)),
                };
                out.push((puzzle, write_line(&g.solution)));
            }
            Err(GenerateError::Cancelled) if timed_out => {
                let what = format!("puzzle {}", i + 1);
                return Err(bounds.error(py, true, &what, out, vec![]));
            }
            Err(GenerateError::NodeLimit { .. }) => {
                let what = format!("puzzle {}", i + 1);
                return Err(bounds.error(py, false, &what, out, vec![]));
            }
            Err(e) => return Err(PyRuntimeError::new_err(format!("puzzle {}: {e}", i + 1))),
        }
    }
    Ok(out)
}

/// Effort of a search, as Knuth counts it.
#[pyclass(module = "dlx_engine", frozen, get_all, eq)]
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct Stats {
    /// Search-tree nodes (every level entered, solutions included).
    nodes: u64,
    /// Link updates (nodes unlinked, items covered).
    updates: u64,
    /// Solutions counted (a Python int: exact past 2^64).
    solutions: u128,
}

#[pymethods]
impl Stats {
    fn __repr__(&self) -> String {
        format!(
            "Stats(nodes={}, updates={}, solutions={})",
            self.nodes, self.updates, self.solutions
        )
    }
}

impl From<engine::dlx::Stats> for Stats {
    fn from(s: engine::dlx::Stats) -> Self {
        Self {
            nodes: s.nodes,
            updates: s.updates,
            solutions: s.solutions,
        }
    }
}

/// An exact-cover problem (Knuth's DLX1 with DLX2 colors): primary items,
/// secondary items, and options as lists of item names (`item:color` for
/// a colored secondary item). Solutions are sorted lists of option
/// numbers, indices into `options`.
#[pyclass(module = "dlx_engine", frozen)]
struct ExactCover {
    problem: Arc<KnuthProblem>,
    warnings: Vec<String>,
    stats: Arc<Mutex<Stats>>,
}

/// Solutions' option numbers, sorted (the order chosen is the search's, not
/// the problem's).
fn option_numbers(s: &Solution<'_, '_>) -> Vec<usize> {
    let mut v: Vec<usize> = s.options().map(|k| k.0 as usize).collect();
    v.sort_unstable();
    v
}

impl ExactCover {
    /// Searches a freshly compiled matrix of the problem with `visitor`
    /// within `limits` and until `deadline`, GIL released and
    /// interruptible ([`interruptible`]), and keeps the stats it reports
    /// (an interrupted search's too); returns how it ended and whether
    /// the deadline stopped it.
    fn search<V: Visitor + Send>(
        &self,
        py: Python<'_>,
        visitor: V,
        limits: SearchLimits,
        deadline: Option<Instant>,
    ) -> PyResult<(Outcome, bool)> {
        let (outcome, timed_out) = interruptible(py, 1, deadline, |cancel| {
            // As the library's searches do: asked before the start too, so
            // a search that would end before its first tick still stops.
            if cancel.is_cancelled() {
                *self.stats.lock().unwrap_or_else(PoisonError::into_inner) = Stats::default();
                return Ok(Outcome::Stopped);
            }
            let arena = Bump::new();
            let mut matrix = self
                .problem
                .problem
                .engine(&arena, EngineKind::Auto)
                .map_err(value_error)?;
            let mut visitor = Cancellable {
                visitor,
                cancel: Some(&*cancel),
            };
            let (outcome, stats) = matrix.search(&mut visitor, limits);
            *self.stats.lock().unwrap_or_else(PoisonError::into_inner) = stats.into();
            Ok::<_, PyErr>(outcome)
        })?;
        Ok((outcome?, timed_out))
    }

    /// [`Self::count`] as `dlx cover --count` runs it: with a memo, or on
    /// several threads (0: one per core), through the library's
    /// [`Runner`], which splits the tree as the command line does; within
    /// `bounds`, whose exception carries the count so far.
    fn count_by_runner(
        &self,
        py: Python<'_>,
        max_solutions: u64,
        memo: bool,
        threads: usize,
        bounds: &Bounds,
    ) -> PyResult<u128> {
        let threads = thread_count(threads);
        let (count, timed_out) = interruptible(py, threads, bounds.deadline, |cancel| {
            let problem = &self.problem.problem;
            let runner = Runner {
                threads,
                limits: RunLimits {
                    max_solutions,
                    max_nodes: bounds.max_nodes,
                    // The cancel holds the deadline.
                    deadline: None,
                },
                on_progress: None,
                engine: EngineKind::Auto,
                cancel: Some(&*cancel),
            };
            let subproblems = SUBPROBLEMS_PER_WORKER.saturating_mul(threads);
            let (count, _) = runner
                .count_split(problem, subproblems, memo.then_some(DEFAULT_MEMO_BYTES))
                .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
            *self.stats.lock().unwrap_or_else(PoisonError::into_inner) = count.stats.into();
            Ok::<_, PyErr>(count)
        })?;
        let count = count?;
        if count.outcome == Outcome::Overflow {
            return Err(PyOverflowError::new_err(COUNT_OVERFLOW));
        }
        match settled(count.outcome) {
            true => Ok(count.solutions),
            false => Err(bounds.error(py, timed_out, "the count", count.solutions, vec![])),
        }
    }

    fn from_problem(problem: KnuthProblem, warnings: Vec<String>) -> Self {
        Self {
            problem: Arc::new(problem),
            warnings,
            stats: Arc::default(),
        }
    }
}

/// An item name (or an option's `item:color`) as Rust text: `TypeError`
/// if it is not a `str`, `ValueError` if it cannot be encoded as UTF-8 (a
/// lone surrogate, such as `'\ud800'`), each naming it as `at` (where it
/// was: `primary[2]`, `options[0][1]`) and by its repr.
fn name_at(name: &Bound<'_, PyAny>, at: impl FnOnce() -> String) -> PyResult<String> {
    let Ok(text) = name.cast::<PyString>() else {
        return Err(PyTypeError::new_err(format!(
            "{}: an item name is a str, not {}",
            at(),
            type_name(name)
        )));
    };
    text.extract::<String>().map_err(|_| {
        let repr = text
            .repr()
            .and_then(|r| r.extract::<String>())
            .unwrap_or_else(|_| "?".to_owned());
        PyValueError::new_err(format!(
            "{}: the name {repr} cannot be encoded as UTF-8 (it holds a lone surrogate)",
            at()
        ))
    })
}

/// The name of `value`'s type, as a message says it (`int`, `str`).
fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map_or_else(|_| "?".to_owned(), |n| n.to_string())
}

/// The items of `names`, a sequence of names (or of options) given as
/// `at` (`primary`, `options[3]`): `TypeError` saying what it should be
/// (`what`) if it is not iterable, or if it is a `str` or `bytes`, which
/// iterate, but by characters or bytes, never as names.
fn sequence_at<'py>(
    names: &Bound<'py, PyAny>,
    at: impl Fn() -> String,
    what: &str,
) -> PyResult<Bound<'py, PyIterator>> {
    let refuse = |not: &str| PyTypeError::new_err(format!("{}: {what}, not {not}", at()));
    if names.is_instance_of::<PyString>() {
        return Err(refuse("a str"));
    }
    if names.is_instance_of::<PyBytes>() {
        return Err(refuse("bytes"));
    }
    names
        .try_iter()
        .map_err(|e| match e.is_instance_of::<PyTypeError>(names.py()) {
            true => refuse(&type_name(names)),
            false => e,
        })
}

/// Knuth's text as Rust text; `ValueError` with the line and column
/// (1-based, in characters) of the first character that cannot be encoded
/// as UTF-8 (a lone surrogate).
fn knuth_text(text: &Bound<'_, PyAny>) -> PyResult<String> {
    let Ok(text) = text.cast::<PyString>() else {
        return Err(PyTypeError::new_err(
            "from_knuth takes the problem as a str",
        ));
    };
    if let Ok(s) = text.extract::<String>() {
        return Ok(s);
    }
    // Surrogates pass as the three bytes UTF-8 would give them, which
    // Rust's UTF-8 check stops at.
    let bytes = text.call_method1("encode", ("utf-8", "surrogatepass"))?;
    let bytes = bytes.cast::<PyBytes>()?.as_bytes();
    let bad = std::str::from_utf8(bytes).map_or_else(|e| e.valid_up_to(), |_| bytes.len());
    let before = std::str::from_utf8(&bytes[..bad]).unwrap_or_default();
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    let code = match bytes.get(bad..bad + 3) {
        Some(&[a, b, c]) => {
            (u32::from(a & 0x0f) << 12) | (u32::from(b & 0x3f) << 6) | u32::from(c & 0x3f)
        }
        _ => 0,
    };
    Err(PyValueError::new_err(format!(
        "line {line}, column {column}: '\\u{code:04x}' cannot be encoded as UTF-8 (a lone surrogate)"
    )))
}

/// Adds `names` as items of `kind`, each with its bounds from `bounds`
/// (taken out of it: what is left names no item of `names`); an error
/// names `what[i]`.
fn add_items(
    builder: &mut knuth::Builder,
    kind: ItemKind,
    names: &Bound<'_, PyAny>,
    what: &str,
    bounds: &mut HashMap<String, (u32, u32)>,
) -> PyResult<()> {
    let names = sequence_at(names, || what.to_owned(), "a sequence of item names")?;
    for (i, name) in names.enumerate() {
        let name = name_at(&name?, || format!("{what}[{i}]"))?;
        builder
            .add_item_with_bounds(kind, &name, bounds.remove(&name))
            .map_err(|e| PyValueError::new_err(format!("{what}[{i}]: {e}")))?;
    }
    Ok(())
}

/// The bounds of `multiplicities`, a dict from item names to `v` (exactly
/// `v` times) or `(lo, hi)` (DLX3's `lo:hi|name`).
fn read_multiplicities(
    multiplicities: Option<&Bound<'_, PyDict>>,
) -> PyResult<HashMap<String, (u32, u32)>> {
    let mut bounds = HashMap::new();
    for (key, value) in multiplicities.into_iter().flat_map(|d| d.iter()) {
        let name = name_at(&key, || "multiplicities".to_owned())?;
        let pair = match value.extract::<u32>() {
            Ok(v) => (v, v),
            Err(_) => value.extract::<(u32, u32)>().map_err(|_| {
                PyTypeError::new_err(format!(
                    "multiplicities['{name}']: bounds are an int v or a pair (lo, hi) of ints from 0, not {}",
                    type_name(&value)
                ))
            })?,
        };
        bounds.insert(name, pair);
    }
    Ok(bounds)
}

#[pymethods]
impl ExactCover {
    #[new]
    #[pyo3(signature = (primary, options, secondary=None, multiplicities=None))]
    fn new(
        primary: &Bound<'_, PyAny>,
        options: &Bound<'_, PyAny>,
        secondary: Option<&Bound<'_, PyAny>>,
        multiplicities: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let mut builder = knuth::Builder::new();
        let mut bounds = read_multiplicities(multiplicities)?;
        add_items(
            &mut builder,
            ItemKind::Primary,
            primary,
            "primary",
            &mut bounds,
        )?;
        if let Some(secondary) = secondary {
            let mut none = HashMap::new();
            add_items(
                &mut builder,
                ItemKind::Secondary,
                secondary,
                "secondary",
                &mut none,
            )?;
        }
        if let Some(name) = bounds.keys().min() {
            return Err(PyValueError::new_err(format!(
                "multiplicities['{name}']: not a primary item (DLX3 gives bounds to primary items only)"
            )));
        }
        let options = sequence_at(
            options,
            || "options".to_owned(),
            "a sequence of options, each a sequence of item names",
        )?;
        for (k, option) in options.enumerate() {
            let at = || format!("options[{k}]");
            let tokens: Vec<String> =
                sequence_at(&option?, at, "an option is a sequence of item names")?
                    .enumerate()
                    .map(|(j, t)| name_at(&t?, || format!("options[{k}][{j}]")))
                    .collect::<PyResult<_>>()?;
            let at = |j: usize, e: ErrorKind| format!("options[{k}][{j}]: {e}");
            match builder.add_option(k, tokens.iter().enumerate().map(|(j, t)| (j, t.as_str()))) {
                Ok(Added::Option(_)) => {}
                Ok(Added::Skipped { .. }) => {
                    return Err(PyValueError::new_err(format!(
                        "options[{k}]: the option has no primary item, so no solution could use it"
                    )));
                }
                Err((j, e)) => return Err(PyValueError::new_err(at(j, e))),
            }
        }
        Ok(Self::from_problem(builder.finish(), Vec::new()))
    }

    /// A problem in Knuth's text format (first line: primary items, `|`,
    /// secondary items; then one option a line; `|` lines are comments).
    #[staticmethod]
    fn from_knuth(text: &Bound<'_, PyAny>) -> PyResult<Self> {
        let text = knuth_text(text)?;
        let (problem, warnings) = knuth::parse(&text).map_err(value_error)?;
        let warnings = warnings.iter().map(ToString::to_string).collect();
        Ok(Self::from_problem(problem, warnings))
    }

    /// The options, as lists of `item` or `item:color` names.
    #[getter]
    fn options(&self) -> Vec<Vec<String>> {
        let p = &self.problem;
        (0..p.problem.option_count())
            .map(|k| {
                let k = engine::dlx::OptionId(k as u32);
                p.problem
                    .option_items(k)
                    .map(|(item, color)| match color {
                        None => p.item_name(item).to_owned(),
                        Some(c) => format!("{}:{}", p.item_name(item), p.color_name(c)),
                    })
                    .collect()
            })
            .collect()
    }

    /// What `from_knuth` skipped (options with no primary item).
    #[getter]
    fn warnings(&self) -> Vec<String> {
        self.warnings.clone()
    }

    /// The effort of the last search that ended.
    #[getter]
    fn stats(&self) -> Stats {
        *self.stats.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A solution (sorted option numbers), or `None` if there is none;
    /// a bound's exception if one stopped the search before either.
    #[pyo3(signature = (*, max_nodes=None, timeout=None))]
    fn first(
        &self,
        py: Python<'_>,
        max_nodes: Option<u64>,
        timeout: Option<f64>,
    ) -> PyResult<Option<Vec<usize>>> {
        let bounds = Bounds::new(max_nodes, timeout)?;
        let mut found = None;
        let limits = SearchLimits {
            max_nodes: bounds.max_nodes,
            ..SearchLimits::UNLIMITED
        };
        let visit = |s: &Solution<'_, '_>| {
            found = Some(option_numbers(s));
            ControlFlow::Break(())
        };
        let (outcome, timed_out) = self.search(py, visit, limits, bounds.deadline)?;
        match found.is_some() || outcome.is_exhaustive() {
            true => Ok(found),
            false => Err(bounds.error(py, timed_out, "the search", None::<()>, vec![])),
        }
    }

    /// The number of solutions, counting no further than `limit`; with
    /// `memo`, each subproblem (set of covered items) is searched once; on
    /// `threads` threads (0: one per core), the tree split as `dlx cover
    /// --threads` splits it.
    #[pyo3(signature = (limit=None, *, memo=false, threads=1, max_nodes=None, timeout=None))]
    fn count(
        &self,
        py: Python<'_>,
        limit: Option<u64>,
        memo: bool,
        threads: usize,
        max_nodes: Option<u64>,
        timeout: Option<f64>,
    ) -> PyResult<u128> {
        let bounds = Bounds::new(max_nodes, timeout)?;
        if limit == Some(0) {
            return Err(PyValueError::new_err(
                "limit must be at least 1 (or None for no limit), not 0",
            ));
        }
        self.count_by_runner(py, limit.unwrap_or(u64::MAX), memo, threads, &bounds)
    }

    /// Every solution, lazily; stopping early ends the search. A bound
    /// that stops the search raises its exception from `__next__` once
    /// the solutions found before it have been yielded.
    #[pyo3(signature = (*, max_nodes=None, timeout=None))]
    fn solutions(&self, max_nodes: Option<u64>, timeout: Option<f64>) -> PyResult<Solutions> {
        let bounds = Bounds::new(max_nodes, timeout)?;
        let (tx, rx) = sync_channel(AHEAD);
        let stop = Arc::new(AtomicBool::new(false));
        let (problem, stats, flag) = (self.problem.clone(), self.stats.clone(), stop.clone());
        let handle = std::thread::Builder::new()
            .name("dlx_engine solutions".into())
            .spawn(move || {
                let arena = Bump::new();
                let Ok(mut matrix) = problem.problem.engine(&arena, EngineKind::Auto) else {
                    return;
                };
                let mut feed = Feed {
                    tx,
                    stop: &flag,
                    deadline: bounds.deadline,
                    timed_out: false,
                };
                let limits = SearchLimits {
                    max_nodes: bounds.max_nodes,
                    ..SearchLimits::UNLIMITED
                };
                let (outcome, s) = matrix.search(&mut feed, limits);
                *stats.lock().unwrap_or_else(PoisonError::into_inner) = s.into();
                if outcome == Outcome::NodeLimit || feed.timed_out {
                    // Fails only if the iterator is gone.
                    let _ = feed.tx.send(Found::Cut {
                        timed_out: feed.timed_out,
                    });
                }
            })
            .map_err(|e| PyRuntimeError::new_err(format!("cannot start a thread: {e}")))?;
        Ok(Solutions {
            worker: Mutex::new(Worker {
                rx: Some(rx),
                stop,
                handle: Some(handle),
                closed: false,
            }),
            bounds,
        })
    }

    fn __repr__(&self) -> String {
        let p = &self.problem.problem;
        format!(
            "ExactCover(<{} items, {} options>)",
            p.item_count(),
            p.option_count()
        )
    }
}

/// Solutions the search may find ahead of the iteration.
const AHEAD: usize = 64;

/// What the search thread of a [`Solutions`] iterator sends it.
enum Found {
    /// A solution's option numbers.
    Solution(Vec<usize>),
    /// A bound stopped the search (the deadline if `timed_out`, else
    /// `max_nodes`): the last message.
    Cut { timed_out: bool },
}

/// Passes each solution to the iterator; stops when it is closed, or at
/// the first tick past `deadline`.
struct Feed<'s> {
    tx: SyncSender<Found>,
    stop: &'s AtomicBool,
    deadline: Option<Instant>,
    timed_out: bool,
}

impl Visitor for Feed<'_> {
    fn solution(&mut self, s: &Solution<'_, '_>) -> ControlFlow<()> {
        let found = Found::Solution(option_numbers(s));
        if self.stop.load(Ordering::Relaxed) || self.tx.send(found).is_err() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    fn tick(&mut self, _: &Progress<'_, '_>) -> ControlFlow<()> {
        if self.stop.load(Ordering::Relaxed) {
            return ControlFlow::Break(());
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.timed_out = true;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }
}

/// The search thread of a [`Solutions`] iterator.
struct Worker {
    rx: Option<Receiver<Found>>,
    stop: Arc<AtomicBool>,
    handle: Option<JoinHandle<()>>,
    /// Set by `close` (and at the end): a `__next__` under way then drops
    /// the channel it holds instead of putting it back.
    closed: bool,
}

impl Worker {
    /// Moves the channel and the thread out (to wait for it without the
    /// lock), leaving a closed worker.
    fn take(&mut self) -> Worker {
        self.closed = true;
        Worker {
            rx: self.rx.take(),
            stop: self.stop.clone(),
            handle: self.handle.take(),
            closed: true,
        }
    }

    /// Stops the search and waits for its thread (which needs no GIL).
    fn close(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.rx = None;
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
    }
}

/// A lazy iterator over the solutions of an [`ExactCover`].
///
/// Once closed (by `close`, `__exit__`, running out, or a bound's
/// exception) it is exhausted: `__next__` raises `StopIteration`, as a
/// closed generator's does, and the solutions it had found ahead are
/// dropped.
#[pyclass(module = "dlx_engine", frozen)]
struct Solutions {
    worker: Mutex<Worker>,
    bounds: Bounds,
}

#[pymethods]
impl Solutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Vec<usize>>> {
        let Some(rx) = self.lock().rx.take() else {
            return Ok(None);
        };
        let (rx, next) = py.detach(move || {
            let next = rx.recv().ok();
            (rx, next)
        });
        match next {
            Some(Found::Solution(s)) => {
                let mut worker = self.lock();
                if !worker.closed {
                    worker.rx = Some(rx);
                }
                Ok(Some(s))
            }
            Some(Found::Cut { timed_out }) => {
                self.close(py);
                let e = self
                    .bounds
                    .error(py, timed_out, "the search", None::<()>, vec![]);
                Err(e)
            }
            None => {
                self.close(py);
                Ok(None)
            }
        }
    }

    /// Ends the search; the iterator then yields nothing more.
    fn close(&self, py: Python<'_>) {
        let mut taken = self.lock().take();
        py.detach(move || taken.close());
    }

    fn __enter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    #[pyo3(signature = (*_args))]
    fn __exit__(&self, py: Python<'_>, _args: &Bound<'_, pyo3::types::PyTuple>) {
        self.close(py);
    }
}

impl Solutions {
    fn lock(&self) -> std::sync::MutexGuard<'_, Worker> {
        self.worker.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Drop for Solutions {
    fn drop(&mut self) {
        self.worker
            .get_mut()
            .unwrap_or_else(PoisonError::into_inner)
            .close();
    }
}

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
    m.add_class::<Stats>()?;
    m.add_class::<ExactCover>()?;
    m.add_class::<Solutions>()?;
    Ok(())
}
