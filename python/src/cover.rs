//! `ExactCover`, `Solutions` and `Stats`: exact cover problems built from
//! Python objects or Knuth's text, searched by the library's engines with
//! the GIL released, their solutions handed over one by one through a
//! bounded channel from a worker thread.

use super::{
    Arc, AtomicBool, Bounds, COUNT_OVERFLOW, ControlFlow, DEFAULT_MEMO_BYTES, EngineKind, HashMap,
    Instant, ItemKind, JoinHandle, KnuthProblem, Mutex, Ordering, Outcome, PoisonError, PyBytes,
    PyDict, PyIterator, PyOverflowError, PyRuntimeError, PyString, PyTypeError, PyValueError,
    Receiver, Runner, SearchLimits, interruptible, knuth, settled, sync_channel, thread_count,
    value_error,
};
use engine::dlx::{OptionId, Propagate, RunError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyTuple};

/// Effort of a search, as Knuth counts it.
#[pyclass(module = "dlx_engine", frozen, get_all, eq)]
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Stats {
    /// Search-tree nodes (every level entered, solutions included).
    nodes: u64,
    /// Link updates (nodes unlinked, items covered).
    updates: u64,
    /// Solutions counted (a Python int: exact past 2^64).
    solutions: u128,
    /// Options removed by propagation (0 with `propagate="off"`).
    removed: u64,
}

#[pymethods]
impl Stats {
    fn __repr__(&self) -> String {
        let removed = match self.removed {
            0 => String::new(),
            r => format!(", removed={r}"),
        };
        format!(
            "Stats(nodes={}, updates={}, solutions={}{removed})",
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
            removed: s.removed,
        }
    }
}

/// The `propagate=` values of `ExactCover` ([`Propagate`]): Knuth's text
/// and Python's options have no sums, so `off` and `blocking` only.
fn propagate_arg(propagate: &str, multiplicities: bool) -> PyResult<Propagate> {
    let chosen = match propagate {
        "off" => Propagate::Off,
        "blocking" => Propagate::Blocking,
        other => {
            return Err(PyValueError::new_err(format!(
                "propagate='{other}': expected 'off' (Knuth's tree) or 'blocking'"
            )));
        }
    };
    if multiplicities && chosen != Propagate::Off {
        return Err(PyValueError::new_err(
            "propagate='blocking': only the dancing links without multiplicities propagate",
        ));
    }
    Ok(chosen)
}

/// An exact-cover problem (Knuth's DLX1 with DLX2 colors): primary items,
/// secondary items, and options as lists of item names (`item:color` for
/// a colored secondary item). Solutions are sorted lists of option
/// numbers, indices into `options`.
#[pyclass(module = "dlx_engine", frozen)]
pub(crate) struct ExactCover {
    problem: Arc<KnuthProblem>,
    warnings: Vec<String>,
    stats: Arc<Mutex<Stats>>,
}

/// Solutions' option numbers, sorted (the order chosen is the search's, not
/// the problem's).
pub(crate) fn sorted(options: &[OptionId]) -> Vec<usize> {
    let mut v: Vec<usize> = options.iter().map(|k| k.0 as usize).collect();
    v.sort_unstable();
    v
}

/// A problem the engine cannot take is the caller's `ValueError`; any
/// other failure of a run is a `RuntimeError`.
fn run_error(e: RunError) -> PyErr {
    match e {
        RunError::Build(e) => value_error(e),
        other => PyRuntimeError::new_err(other.to_string()),
    }
}

impl ExactCover {
    /// Gives each solution (its sorted option numbers) to `visit`, within
    /// `limits` and until `deadline`, through the library's [`Runner`] on
    /// the calling thread, GIL released and interruptible
    /// ([`interruptible`]); keeps the stats it reports (an interrupted
    /// search's too) and returns how it ended and whether the deadline
    /// stopped it.
    fn search(
        &self,
        py: Python<'_>,
        mut visit: impl FnMut(Vec<usize>) -> ControlFlow<()> + Send,
        limits: SearchLimits,
        deadline: Option<Instant>,
    ) -> PyResult<(Outcome, bool)> {
        let (outcome, timed_out) = interruptible(py, 1, deadline, |cancel| {
            let runner = Runner {
                limits,
                cancel: Some(&*cancel),
                ..Runner::default()
            };
            let run = runner
                .solutions(&self.problem.problem, |options| visit(sorted(options)))
                .map_err(run_error)?;
            *self.stats.lock().unwrap_or_else(PoisonError::into_inner) = run.count.stats.into();
            Ok::<_, PyErr>(run.count.outcome)
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
                limits: SearchLimits {
                    max_solutions,
                    max_nodes: bounds.max_nodes,
                },
                // The cancel holds the deadline.
                deadline: None,
                on_progress: None,
                engine: EngineKind::Auto,
                cancel: Some(&*cancel),
                share: None,
            };
            let count = runner
                .count(problem, memo.then_some(DEFAULT_MEMO_BYTES))
                .map_err(|e| PyRuntimeError::new_err(e.to_string()))?
                .count;
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

    /// The problem searched under `propagate` ([`propagate_arg`]).
    fn from_problem(
        mut problem: KnuthProblem,
        warnings: Vec<String>,
        propagate: &str,
    ) -> PyResult<Self> {
        let chosen = propagate_arg(propagate, problem.problem.has_multiplicities())?;
        problem.problem.set_propagate(chosen);
        Ok(Self {
            problem: Arc::new(problem),
            warnings,
            stats: Arc::default(),
        })
    }
}

/// An item name (or an option's `item:color`) as Rust text: `TypeError`
/// if it is not a `str`, `ValueError` if it cannot be encoded as UTF-8 (a
/// lone surrogate, such as `'\ud800'`), each naming it as `at` (where it
/// was: `primary[2]`, `options[0][1]`) and by its repr.
pub(crate) fn name_at(name: &Bound<'_, PyAny>, at: impl FnOnce() -> String) -> PyResult<String> {
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
pub(crate) fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map_or_else(|_| "?".to_owned(), |n| n.to_string())
}

/// The items of `names`, a sequence of names (or of options) given as
/// `at` (`primary`, `options[3]`): `TypeError` saying what it should be
/// (`what`) if it is not iterable, or if it is a `str` or `bytes`, which
/// iterate, but by characters or bytes, never as names.
pub(crate) fn sequence_at<'py>(
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
pub(crate) fn knuth_text(text: &Bound<'_, PyAny>) -> PyResult<String> {
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
pub(crate) fn add_items(
    problem: &mut KnuthProblem,
    kind: ItemKind,
    names: &Bound<'_, PyAny>,
    what: &str,
    bounds: &mut HashMap<String, (u32, u32)>,
) -> PyResult<()> {
    let names = sequence_at(names, || what.to_owned(), "a sequence of item names")?;
    for (i, name) in names.enumerate() {
        let name = name_at(&name?, || format!("{what}[{i}]"))?;
        problem
            .add_item(kind, &name, bounds.remove(&name))
            .map_err(|e| PyValueError::new_err(format!("{what}[{i}]: {e}")))?;
    }
    Ok(())
}

/// The bounds of `multiplicities`, a dict from item names to `v` (exactly
/// `v` times) or `(lo, hi)` (DLX3's `lo:hi|name`).
pub(crate) fn read_multiplicities(
    multiplicities: Option<&Bound<'_, PyDict>>,
) -> PyResult<HashMap<String, (u32, u32)>> {
    let mut bounds = HashMap::new();
    for (key, value) in multiplicities.into_iter().flat_map(|d| d.iter()) {
        let name = name_at(&key, || "multiplicities".to_owned())?;
        let wrong_type = || {
            PyTypeError::new_err(format!(
                "multiplicities['{name}']: bounds are an int v or a pair (lo, hi) of ints from 0, not {}",
                type_name(&value)
            ))
        };
        // Ints of the right type but out of range are a ValueError that
        // names the value, not a TypeError about its type.
        let bound = |v: &Bound<'_, PyAny>| -> PyResult<u32> {
            let int = v.cast::<PyInt>().map_err(|_| wrong_type())?;
            let as_text = || int.to_string();
            match int.extract::<i128>() {
                Ok(x) if (0..=i128::from(u32::MAX)).contains(&x) => Ok(x as u32),
                Ok(x) if x < 0 => Err(PyValueError::new_err(format!(
                    "multiplicities['{name}']: the bound {x} is negative; bounds are ints from 0"
                ))),
                _ => Err(PyValueError::new_err(format!(
                    "multiplicities['{name}']: the bound {} is larger than 2^30",
                    as_text()
                ))),
            }
        };
        let pair = if value.is_instance_of::<PyInt>() {
            let v = bound(&value)?;
            (v, v)
        } else {
            let items: Vec<Bound<'_, PyAny>> = match value.cast::<PyTuple>() {
                Ok(tuple) if tuple.len() == 2 => tuple.iter().collect(),
                _ => return Err(wrong_type()),
            };
            (bound(&items[0])?, bound(&items[1])?)
        };
        bounds.insert(name, pair);
    }
    Ok(bounds)
}

#[pymethods]
impl ExactCover {
    #[new]
    #[pyo3(signature = (primary, options, secondary=None, multiplicities=None, *, propagate="off"))]
    fn new(
        primary: &Bound<'_, PyAny>,
        options: &Bound<'_, PyAny>,
        secondary: Option<&Bound<'_, PyAny>>,
        multiplicities: Option<&Bound<'_, PyDict>>,
        propagate: &str,
    ) -> PyResult<Self> {
        let mut problem = KnuthProblem::default();
        let mut bounds = read_multiplicities(multiplicities)?;
        add_items(
            &mut problem,
            ItemKind::Primary,
            primary,
            "primary",
            &mut bounds,
        )?;
        if let Some(secondary) = secondary {
            let mut none = HashMap::new();
            add_items(
                &mut problem,
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
            match problem.add_option(k, tokens.iter().enumerate().map(|(j, t)| (j, t.as_str()))) {
                Ok(Some(_)) => {}
                Ok(None) => {
                    return Err(PyValueError::new_err(format!(
                        "options[{k}]: the option has no primary item, so no solution could use it"
                    )));
                }
                Err(e) => {
                    let j = e.column;
                    return Err(PyValueError::new_err(format!(
                        "options[{k}][{j}]: {}",
                        e.kind
                    )));
                }
            }
        }
        Self::from_problem(problem, Vec::new(), propagate)
    }

    /// A problem in Knuth's text format (first line: primary items, `|`,
    /// secondary items; then one option a line; `|` lines are comments).
    #[staticmethod]
    #[pyo3(signature = (text, *, propagate="off"))]
    fn from_knuth(text: &Bound<'_, PyAny>, propagate: &str) -> PyResult<Self> {
        let text = knuth_text(text)?;
        let (problem, warnings) = knuth::parse(&text).map_err(value_error)?;
        let warnings = warnings.iter().map(ToString::to_string).collect();
        Self::from_problem(problem, warnings, propagate)
    }

    /// The options, as lists of `item` or `item:color` names.
    #[getter]
    fn options(&self) -> Vec<Vec<String>> {
        let p = &self.problem;
        (0..p.problem.option_count())
            .map(|k| {
                let k = engine::dlx::OptionId(k as u32);
                p.option_names(k)
                    .map(|(item, color)| match color {
                        None => item.to_owned(),
                        Some(color) => format!("{item}:{color}"),
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
        let visit = |options| {
            found = Some(options);
            ControlFlow::Break(())
        };
        let (outcome, timed_out) = self.search(py, visit, limits, bounds.deadline)?;
        match found.is_some() || outcome == Outcome::Exhausted {
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
                let runner = Runner {
                    limits: SearchLimits {
                        max_nodes: bounds.max_nodes,
                        ..SearchLimits::UNLIMITED
                    },
                    deadline: bounds.deadline,
                    // Set when the iterator is closed.
                    cancel: Some(&*flag),
                    ..Runner::default()
                };
                let feed = |options: &[OptionId]| {
                    let found = Found::Solution(sorted(options));
                    match flag.load(Ordering::Relaxed) || tx.send(found).is_err() {
                        true => ControlFlow::Break(()),
                        false => ControlFlow::Continue(()),
                    }
                };
                let Ok(run) = runner.solutions(&problem.problem, feed) else {
                    return;
                };
                *stats.lock().unwrap_or_else(PoisonError::into_inner) = run.count.stats.into();
                let timed_out = run.count.outcome == Outcome::Stopped
                    && !flag.load(Ordering::Relaxed)
                    && bounds.deadline.is_some_and(|d| Instant::now() >= d);
                if run.count.outcome == Outcome::NodeLimit || timed_out {
                    // Fails only if the iterator is gone.
                    let _ = tx.send(Found::Cut { timed_out });
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
pub(crate) const AHEAD: usize = 64;

/// What the search thread of a [`Solutions`] iterator sends it.
pub(crate) enum Found {
    /// A solution's option numbers.
    Solution(Vec<usize>),
    /// A bound stopped the search (the deadline if `timed_out`, else
    /// `max_nodes`): the last message.
    Cut { timed_out: bool },
}

/// The search thread of a [`Solutions`] iterator.
pub(crate) struct Worker {
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
pub(crate) struct Solutions {
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
