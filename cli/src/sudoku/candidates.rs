//! `dlx candidates`: the compute step of the solve/count pipeline for true
//! candidates ([`dlx_engine::sudoku::candidates`]). Every case of every
//! input, in any readable format, comes to one pencil-mark grid (or with
//! `--output line` one Sukaku line of `n³` symbols) in input order, or a
//! `#` line saying why there is none; with `--json`, one JSON object
//! (docs/json.md).
//!
//! Invariant: what a case prints depends only on the puzzle, its rules and
//! `--max-nodes` (nothing is timed), so the output is byte for byte the
//! same at any `--threads`.

use serde::Serialize;

use super::record::{Asked, Status, Where, error_line, puzzle_text};
use super::{Context, Done, Job};
use dlx_engine::dlx::Outcome;
use dlx_engine::format::Alphabet;
use dlx_engine::format::Case;
use dlx_engine::format::write_marks;
use dlx_engine::sudoku::{CandidateCounts, Candidates, candidate_counts, true_candidates};
use dlx_engine::sudoku::{Grid, Shape};
use dlx_engine::sudoku::{SolverKind, Solvers};

/// How the candidates of a case are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// A pencil-mark grid, each cell's candidates in a column as wide as
    /// its widest, boxes ruled off.
    Grid,
    /// One Sukaku line (what `--format sukaku` reads).
    Line,
}

/// One line of `dlx candidates --json`, in its field order.
#[derive(Serialize)]
struct Record<'a> {
    #[serde(flatten)]
    at: Where<'a>,
    status: Status,
    /// The candidates (found so far, when cut) as a Sukaku line.
    candidates: Option<String>,
    /// Each cell's candidates, in reading order.
    cells: Option<Vec<String>>,
    /// With `--counts`: each cell's candidates with the solutions that
    /// hold each, `D:COUNT` joined by `,` (`>K` past the limit).
    #[serde(skip_serializing_if = "Option::is_none")]
    counts: Option<Vec<String>>,
    /// When cut: the digits not yet decided, as a Sukaku line.
    undecided: Option<String>,
    searches: Option<u64>,
    nodes: Option<u64>,
    error: Option<String>,
}

/// What `job` prints: its candidates, or why there are none.
pub(super) fn compute(
    job: Job,
    (layout, counts): (Layout, Option<u64>),
    ctx: &Context<'_>,
    solvers: &mut Solvers,
) -> Done {
    let Job {
        name, number, case, ..
    } = job;
    let alphabet = &ctx.format_opts.alphabet;
    let max_nodes = ctx.opts.max_nodes.unwrap_or(u64::MAX);
    // An error settles the case as no solution (clashing givens, as
    // `solve` and `count` say) or makes it bad input.
    let (line, header, column, grid, result) = match case {
        Err(e) => (
            e.line,
            e.header,
            e.column,
            None,
            Err((Status::BadInput, e.message)),
        ),
        Ok(case) => {
            let result = search(&case, counts, ctx, solvers);
            (case.line, false, None, Some(case.grid), result)
        }
    };
    let status = status_of(&result, ctx);
    let error = match (&result, status) {
        (Err((_, e)), _) => Some(e.clone()),
        (_, Status::NoSolution) => Some("no solution".into()),
        (_, Status::Cut) => Some(format!(
            "not settled: --max-nodes {max_nodes} ran out before every digit was decided"
        )),
        (_, Status::Interrupted) => Some("interrupted (Ctrl-C)".into()),
        _ => None,
    };
    let mut done = Done {
        status: status.exit(Asked::default()),
        ..Done::default()
    };
    if let Some(error) = &error {
        done.err = error_line(&name, line, column, error);
    }
    let (found, counted) = match result {
        Ok((found, counted)) => (Some(found), counted),
        Err(_) => (None, None),
    };
    // Each cell's candidates with their counts, 'D:COUNT' joined by ','.
    let count_texts = counted.as_ref().zip(found.as_ref()).map(|(counted, c)| {
        c.masks
            .iter()
            .enumerate()
            .map(|(cell, &mask)| with_counts(cell, mask, n_of(&grid), counted, alphabet))
            .collect::<Vec<String>>()
    });
    let n = grid.as_ref().map_or(0, Grid::n);
    if ctx.json {
        // A header error is about the input, not a case: no record.
        done.out = (!header).then(|| {
            let record = Record {
                at: Where {
                    case: number,
                    file: &name,
                    line,
                    column,
                    puzzle: puzzle_text(alphabet, grid.as_ref()),
                },
                status,
                candidates: found.as_ref().map(|c| write_marks(n, &c.masks, alphabet)),
                cells: found
                    .as_ref()
                    .map(|c| c.masks.iter().map(|&m| alphabet.symbols_of(m, n)).collect()),
                counts: count_texts.clone(),
                undecided: found
                    .as_ref()
                    .filter(|c| !c.is_settled())
                    .map(|c| write_marks(n, &c.unsettled, alphabet)),
                searches: found.as_ref().map(|c| c.searches),
                nodes: found.as_ref().map(|c| c.stats.nodes),
                error,
            };
            let mut json = serde_json::to_string(&record).unwrap_or_default();
            json.push('\n');
            json
        });
        return done;
    }
    if layout == Layout::Grid {
        done.separator = "\n";
    }
    let text = |g: &Grid| alphabet.write_line(g);
    done.out = Some(match (status, &found, &grid) {
        (Status::Unique | Status::Multiple, Some(c), Some(g)) => match layout {
            Layout::Grid => match &count_texts {
                Some(texts) => pencil_grid(g.shape(), texts),
                None => pencil_marks(g.shape(), &c.masks, alphabet),
            },
            Layout::Line => format!("{}\n", write_marks(n, &c.masks, alphabet)),
        },
        (Status::NoSolution, _, Some(g)) => format!("# no solution: {}\n", text(g)),
        (Status::Cut | Status::Interrupted, _, Some(g)) => {
            format!("# not settled: {}\n", text(g))
        }
        _ => format!("# bad input: {name} line {line}\n"),
    });
    done
}

/// What a case's searches found: its true candidates, and with `counts`
/// the solutions of each (when settled with a solution); or its status
/// and why not.
type Searched = Result<(Candidates, Option<CandidateCounts>), (Status, String)>;

/// The searches of `case`: its true candidates, then with `counts` the
/// solutions that hold each, within `--max-nodes` over all of them.
fn search(case: &Case, counts: Option<u64>, ctx: &Context<'_>, solvers: &mut Solvers) -> Searched {
    let alphabet = &ctx.format_opts.alphabet;
    let max_nodes = ctx.opts.max_nodes.unwrap_or(u64::MAX);
    let shape = case.grid.shape();
    if !alphabet.covers(shape.n()) {
        let why = format!("the alphabet has no symbols for {} digits", shape.n());
        return Err((Status::BadInput, why));
    }
    solvers
        .for_rules(SolverKind::Dlx, shape, case.variant.as_deref())
        .and_then(|solver| {
            let found = true_candidates(solver, &case.grid, max_nodes)?;
            let counted = match counts {
                Some(k) if found.is_settled() && found.solutions > 0 => {
                    let left = max_nodes.saturating_sub(found.stats.nodes);
                    Some(candidate_counts(solver, &case.grid, &found.masks, k, left)?)
                }
                _ => None,
            };
            Ok((found, counted))
        })
        .map_err(|e| Status::of_refusal(&e))
}

/// The status of a case from what its searches found.
fn status_of(result: &Searched, ctx: &Context<'_>) -> Status {
    match result {
        Err((status, _)) => *status,
        Ok((_, Some(counted))) if counted.outcome != Outcome::Exhausted => {
            match ctx.opts.is_interrupted() {
                true => Status::Interrupted,
                false => Status::Cut,
            }
        }
        Ok((c, _)) => match c.outcome {
            Outcome::Stopped if ctx.opts.is_interrupted() => Status::Interrupted,
            Outcome::Exhausted if c.solutions == 0 => Status::NoSolution,
            Outcome::Exhausted if c.solutions == 1 => Status::Unique,
            Outcome::Exhausted => Status::Multiple,
            _ => Status::Cut,
        },
    }
}

/// The pencil-mark grid of `masks`, ruled as Hodoku and the Sudoku forums
/// print one: each column of cells as wide as its widest set of marks,
/// `|` between boxes across, a ruled line between bands of boxes.
pub fn pencil_marks(shape: Shape, masks: &[u64], alphabet: &Alphabet) -> String {
    let n = shape.n();
    let texts: Vec<String> = masks.iter().map(|&m| alphabet.symbols_of(m, n)).collect();
    pencil_grid(shape, &texts)
}

/// The side of a case's grid (0 without one).
fn n_of(grid: &Option<Grid>) -> usize {
    grid.as_ref().map_or(0, Grid::n)
}

/// Cell `cell`'s candidates `mask` with their counts: `D:COUNT` joined by
/// `,`, a count past the limit as `>K`.
fn with_counts(
    cell: usize,
    mask: u64,
    n: usize,
    counted: &CandidateCounts,
    alphabet: &Alphabet,
) -> String {
    (1..=n)
        .filter(|&d| mask >> (d - 1) & 1 == 1)
        .map(|d| {
            let symbol = alphabet.symbols_of(1 << (d - 1), n);
            match counted.counts[cell * n + d - 1] {
                k if k > counted.limit => format!("{symbol}:>{}", counted.limit),
                k => format!("{symbol}:{k}"),
            }
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// The pencil-mark grid of each cell's text `texts` (module docs of
/// [`pencil_marks`]).
fn pencil_grid(shape: Shape, texts: &[String]) -> String {
    let n = shape.n();
    let widths: Vec<usize> = (0..n)
        .map(|c| {
            (0..n)
                .map(|r| texts[r * n + c].chars().count())
                .max()
                .unwrap_or(1)
        })
        .collect();
    let (rows, cols) = (shape.box_rows(), shape.box_cols());
    let rule = |left: char, middle: char, right: char| {
        let mut line = String::new();
        line.push(left);
        for b in 0..n / cols {
            if b > 0 {
                line.push(middle);
            }
            let span: usize = widths[b * cols..(b + 1) * cols].iter().map(|w| w + 1).sum();
            line.push_str(&"-".repeat(span + 1));
        }
        line.push(right);
        line.push('\n');
        line
    };
    let mut out = rule('.', '.', '.');
    for r in 0..n {
        if r > 0 && r % rows == 0 {
            out.push_str(&rule(':', '+', ':'));
        }
        let mut line = String::from("|");
        for c in 0..n {
            if c > 0 && c % cols == 0 {
                line.push_str(" |");
            }
            let t = &texts[r * n + c];
            line.push(' ');
            line.push_str(t);
            line.push_str(&" ".repeat(widths[c] - t.chars().count()));
        }
        line.push_str(" |\n");
        out.push_str(&line);
    }
    out.push_str(&rule('\'', '\'', '\''));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_grid_rules_boxes_and_pads_each_column_to_its_widest() {
        let shape = Shape::new(2, 2).unwrap();
        let mut masks = vec![0b0001u64; 16];
        masks[1] = 0b1010;
        masks[6] = 0b1111;
        let grid = pencil_marks(shape, &masks, &Alphabet::default());
        let expected = "\
.------.--------.
| 1 24 | 1    1 |
| 1 1  | 1234 1 |
:------+--------:
| 1 1  | 1    1 |
| 1 1  | 1    1 |
'------'--------'
";
        assert_eq!(grid, expected);
    }
}
