//! The Sudoku functions of the module: solve, count and candidates of one
//! puzzle, the batches, generate and rate. Each reads its arguments into
//! library values, runs the library with the GIL released, and converts
//! the answer (the invariants of the crate root hold here).

use super::{
    Alphabet, Answer, Bounds, Case, GenerateError, Generator, Grid, Level, PyBytes, PyRuntimeError,
    PyValueError, RateError, Rules, Settings, Shape, SudokuSolver, Symmetry, batch, cases_of_cells,
    count_up_to, first, generate_range, interruptible, one, parse_all, parse_puzzle, settle,
    shape_arg, texts, thread_count, true_candidates, unsettled_of, value_error, variant_of,
    write_line,
};
use engine::sudoku::{Grade, Solvers};
use pyo3::prelude::*;

/// [`batch`] of one puzzle on one thread.
#[allow(clippy::type_complexity)]
fn alone<R: Send>(
    py: Python<'_>,
    case: &Case,
    bounds: &Bounds,
    propagate: Option<&str>,
    f: impl Fn(&mut dyn SudokuSolver, &Grid, u64) -> Answer<R> + Sync + Send,
) -> PyResult<(Vec<Option<Answer<R>>>, bool)> {
    batch(py, std::slice::from_ref(case), 1, bounds, propagate, f)
}

#[pyfunction]
#[pyo3(signature = (puzzle, shape=None, max_nodes=None, timeout=None, propagate=None))]
pub(crate) fn solve(
    py: Python<'_>,
    puzzle: &str,
    shape: Option<&str>,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
    propagate: Option<&str>,
) -> PyResult<Option<String>> {
    let bounds = Bounds::new(max_nodes, timeout)?;
    let case = parse_puzzle(puzzle, 1, shape_arg(shape)?)?;
    let (found, timed_out) = alone(py, &case, &bounds, propagate, |s, g, n| {
        let (found, done) = first(s, g, n);
        (found.as_ref().map(write_line), done)
    })?;
    one(py, found, timed_out, &bounds, None, "the search")
}

#[pyfunction]
#[pyo3(signature = (puzzle, limit, shape=None, max_nodes=None, timeout=None, propagate=None))]
pub(crate) fn count(
    py: Python<'_>,
    puzzle: &str,
    limit: u64,
    shape: Option<&str>,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
    propagate: Option<&str>,
) -> PyResult<u128> {
    let bounds = Bounds::new(max_nodes, timeout)?;
    let case = parse_puzzle(puzzle, 1, shape_arg(shape)?)?;
    let (counts, timed_out) = alone(py, &case, &bounds, propagate, |s, g, n| {
        count_up_to(s, g, limit, n)
    })?;
    one(py, counts, timed_out, &bounds, 0, "the count")
}

/// Each cell's true candidates (the digits some solution holds) as a
/// string of digit symbols, cells in reading order; every string is empty
/// when there is no solution. A bound's exception carries the candidates
/// found so far (each from a solution found).
#[pyfunction]
#[pyo3(signature = (puzzle, shape=None, max_nodes=None, timeout=None, propagate=None))]
pub(crate) fn candidates(
    py: Python<'_>,
    puzzle: &str,
    shape: Option<&str>,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
    propagate: Option<&str>,
) -> PyResult<Vec<String>> {
    let bounds = Bounds::new(max_nodes, timeout)?;
    let case = parse_puzzle(puzzle, 1, shape_arg(shape)?)?;
    let cells = case.grid.cells().len();
    let n = case.grid.n();
    let (found, timed_out) = alone(py, &case, &bounds, propagate, |s, g, max| {
        match true_candidates(s, g, max) {
            Ok(c) => {
                let marks = c
                    .masks
                    .iter()
                    .map(|&m| Alphabet::default().symbols_of(m, n))
                    .collect();
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

/// Whether the puzzle has one solution; a bound's exception carries the
/// solutions counted so far (0 or 1).
#[pyfunction]
#[pyo3(signature = (puzzle, shape=None, max_nodes=None, timeout=None, propagate=None))]
pub(crate) fn is_unique(
    py: Python<'_>,
    puzzle: &str,
    shape: Option<&str>,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
    propagate: Option<&str>,
) -> PyResult<bool> {
    let bounds = Bounds::new(max_nodes, timeout)?;
    let case = parse_puzzle(puzzle, 1, shape_arg(shape)?)?;
    let (counts, timed_out) = alone(py, &case, &bounds, propagate, |s, g, n| {
        count_up_to(s, g, 2, n)
    })?;
    Ok(one(py, counts, timed_out, &bounds, 0, "the search")? == 1)
}

#[pyfunction]
#[pyo3(signature = (puzzles, shape=None, threads=1, max_nodes=None, timeout=None, propagate=None))]
pub(crate) fn solve_many(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    shape: Option<&str>,
    threads: usize,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
    propagate: Option<&str>,
) -> PyResult<Vec<Option<String>>> {
    let bounds = Bounds::new(max_nodes, timeout)?;
    let (texts, shape) = (texts(puzzles)?, shape_arg(shape)?);
    let cases = py.detach(|| parse_all(&texts, shape))?;
    let (found, timed_out) = batch(py, &cases, threads, &bounds, propagate, |s, g, n| {
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
#[pyo3(signature = (puzzles, limit, shape=None, threads=1, max_nodes=None, timeout=None, propagate=None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn count_many(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    limit: u64,
    shape: Option<&str>,
    threads: usize,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
    propagate: Option<&str>,
) -> PyResult<Vec<u128>> {
    let bounds = Bounds::new(max_nodes, timeout)?;
    let (texts, shape) = (texts(puzzles)?, shape_arg(shape)?);
    let cases = py.detach(|| parse_all(&texts, shape))?;
    count_cases(py, &cases, threads, &bounds, propagate, limit)
}

/// `solve_many` on a NumPy array's bytes: the solutions' cells, a row of
/// zeros where there is none (or, in a bound's exception, where none was
/// found in time).
#[pyfunction]
#[pyo3(signature = (data, rows, cells, shape=None, threads=1, max_nodes=None, timeout=None, propagate=None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn solve_cells<'py>(
    py: Python<'py>,
    data: &[u8],
    rows: usize,
    cells: usize,
    shape: Option<&str>,
    threads: usize,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
    propagate: Option<&str>,
) -> PyResult<Bound<'py, PyBytes>> {
    let bounds = Bounds::new(max_nodes, timeout)?;
    let cases = cases_of_cells(data, rows, cells, shape_arg(shape)?)?;
    let (found, timed_out) = batch(py, &cases, threads, &bounds, propagate, first)?;
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
#[pyo3(signature = (data, rows, cells, limit, shape=None, threads=1, max_nodes=None, timeout=None, propagate=None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn count_cells(
    py: Python<'_>,
    data: &[u8],
    rows: usize,
    cells: usize,
    limit: u64,
    shape: Option<&str>,
    threads: usize,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
    propagate: Option<&str>,
) -> PyResult<Vec<u128>> {
    let bounds = Bounds::new(max_nodes, timeout)?;
    let cases = cases_of_cells(data, rows, cells, shape_arg(shape)?)?;
    count_cases(py, &cases, threads, &bounds, propagate, limit)
}

/// The counts of `count_many` and `count_cells`: each case's, up to
/// `limit`, on `threads` threads within `bounds`, under the call's
/// `propagate=`; a bound's exception carries the counts so far (lower
/// bounds for the unsettled cases).
pub(crate) fn count_cases(
    py: Python<'_>,
    cases: &[Case],
    threads: usize,
    bounds: &Bounds,
    propagate: Option<&str>,
    limit: u64,
) -> PyResult<Vec<u128>> {
    let (counts, timed_out) = batch(py, cases, threads, bounds, propagate, |s, g, n| {
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
pub(crate) fn level_arg(name: &str) -> PyResult<Level> {
    name.parse().map_err(PyValueError::new_err)
}

/// `dlx rate` of one puzzle: (level, score, [(step, count), ...]), the
/// GIL released, interruptible ([`interruptible`]); `ValueError` for a
/// puzzle that has no solution, several, or runs out of guesses;
/// `TimeLimitError` once `timeout` seconds have passed.
#[pyfunction]
#[pyo3(signature = (puzzle, shape=None, subsets=3, max_guesses=1_000_000, timeout=None))]
#[allow(clippy::type_complexity)]
pub(crate) fn rate(
    py: Python<'_>,
    puzzle: &str,
    shape: Option<&str>,
    subsets: usize,
    max_guesses: u64,
    timeout: Option<f64>,
) -> PyResult<(String, u64, Vec<(&'static str, u64)>)> {
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
        let mut solvers = Solvers::default();
        solvers.set_cancel(Some(cancel));
        solvers.rate(&case.grid, case.variant.as_deref(), &rules)
    })?;
    match rating {
        Err(RateError::Cancelled) if timed_out => {
            Err(bounds.error(py, true, "the rating", None::<()>, vec![]))
        }
        Ok(r) if r.solutions == 1 => Ok((r.level().to_string(), r.score(), r.steps().to_vec())),
        Ok(r) if r.solutions == 0 => Err(PyValueError::new_err("no solution")),
        Ok(_) => Err(PyValueError::new_err(
            "more than one solution: only a puzzle with exactly one is rated",
        )),
        Err(RateError::Puzzle(e)) => Err(PyValueError::new_err(format!("no solution: {e}"))),
        Err(e) => Err(PyValueError::new_err(e.to_string())),
    }
}

/// A band of Sudoku Explainer's scale, `(lo, hi)`, in tenths, as `dlx
/// generate --rating LO..HI` takes it.
fn se_band((lo, hi): (f64, f64)) -> PyResult<(u32, u32)> {
    let tenths = |v: f64| -> PyResult<u32> {
        if !(0.0..=20.0).contains(&v) {
            return Err(PyValueError::new_err(format!(
                "rating: {v} is off Sudoku Explainer's scale (0 to 20)"
            )));
        }
        Ok((v * 10.0).round() as u32)
    };
    let (lo, hi) = (tenths(lo)?, tenths(hi)?);
    if lo > hi {
        return Err(PyValueError::new_err(
            "rating: the band's low end is above its high end",
        ));
    }
    Ok((lo, hi))
}

/// A technique's name as the library spells it, or why it is none.
fn technique_arg(name: &str) -> PyResult<&'static str> {
    let names = engine::sudoku::technique_names();
    names.iter().copied().find(|&t| t == name).ok_or_else(|| {
        PyValueError::new_err(format!(
            "unknown technique '{name}' (expected one of {})",
            names.join(", ")
        ))
    })
}

/// `count` puzzles of `dlx generate`, as (puzzle, solution) lines.
#[pyfunction]
#[pyo3(signature = (count, shape, seed, symmetry, minimal, clues=None, threads=1, difficulty=None, tries=Settings::default().tries, variant=None, timeout=None, max_nodes=None, rating=None, technique=None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn generate(
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
    rating: Option<(f64, f64)>,
    technique: Option<&str>,
) -> PyResult<Vec<(String, String)>> {
    let bounds = Bounds::new(max_nodes, timeout)?;
    let se_rating = rating.map(se_band).transpose()?;
    let technique = technique.map(technique_arg).transpose()?;
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
        se_rating,
        technique,
        jigsaw,
        max_nodes,
    };
    let threads = thread_count(threads).clamp(1, count.max(1) as usize);
    // Rules that admit no grid at all are refused before any try.
    let mut generators = (0..threads)
        .map(|_| Generator::for_variant(variant.clone(), settings))
        .collect::<Result<Vec<_>, _>>()
        .map_err(value_error)?;
    let (made, timed_out) = interruptible(py, threads, bounds.deadline, |cancel| {
        for generator in &mut generators {
            generator.set_cancel(Some(cancel.clone()));
        }
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

/// A step of [`explain`]: technique, difficulty (SE's scale), words, the
/// digit placed, the candidates removed, the candidates of its pattern
/// (rows, columns, digits from 1) and the cells a picture shades.
type PyStep = (
    &'static str,
    f64,
    String,
    Option<(usize, usize, u8)>,
    Vec<(usize, usize, u8)>,
    Vec<(usize, usize, u8)>,
    Vec<(usize, usize)>,
);

/// `dlx explain` of one puzzle: (steps, ending, solutions, rating as
/// (ER, EP, ED) or `None`), the GIL released, interruptible; `ValueError`
/// for a puzzle that cannot be read, a variant, or an unknown technique;
/// `TimeLimitError` once `timeout` seconds have passed.
#[pyfunction]
#[pyo3(signature = (puzzle, shape=None, max_steps=None, until=None, timeout=None))]
#[allow(clippy::type_complexity)]
pub(crate) fn explain(
    py: Python<'_>,
    puzzle: &str,
    shape: Option<&str>,
    max_steps: Option<usize>,
    until: Option<&str>,
    timeout: Option<f64>,
) -> PyResult<(Vec<PyStep>, &'static str, u64, Option<(f64, f64, f64)>)> {
    use engine::dlx::deduce::Ending;
    use engine::sudoku::ExplainOptions;
    let bounds = Bounds::new(None, timeout)?;
    let until = until.map(technique_arg).transpose()?;
    let case = parse_puzzle(puzzle, 1, shape_arg(shape)?)?;
    let opts = ExplainOptions {
        max_steps: max_steps.unwrap_or(usize::MAX),
        until,
        rating_only: false,
    };
    let (path, timed_out) = interruptible(py, 1, bounds.deadline, |cancel| {
        let mut solvers = Solvers::default();
        solvers.set_cancel(Some(cancel));
        solvers.explain(&case.grid, case.variant.as_deref(), &opts)
    })?;
    let path = match path {
        Ok(p) => p,
        Err(_) if timed_out => {
            return Err(bounds.error(py, true, "the explanation", None::<()>, vec![]));
        }
        Err(e) => return Err(PyValueError::new_err(e.to_string())),
    };
    let one = |(r, c, d): (usize, usize, u8)| (r + 1, c + 1, d);
    let tenths = |t: u32| f64::from(t) / 10.0;
    let n = case.grid.n();
    let steps = path
        .steps
        .iter()
        .map(|s| {
            (
                s.technique,
                tenths(s.difficulty),
                s.text.clone(),
                s.placed.map(one),
                s.removed.iter().map(|&p| one(p)).collect(),
                s.pattern.iter().map(|&p| one(p)).collect(),
                s.cells.iter().map(|&k| (k / n + 1, k % n + 1)).collect(),
            )
        })
        .collect();
    let ending = match path.ending {
        Ending::Solved => "solved",
        Ending::Stalled => "stalled",
        Ending::Contradiction => "contradiction",
        Ending::StepLimit => "step_limit",
        _ => "stopped",
    };
    let rating = path
        .rating
        .map(|r| (tenths(r.er), tenths(r.ep), tenths(r.ed)));
    Ok((steps, ending, path.solutions, rating))
}
