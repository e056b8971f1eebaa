//! `dlx count --estimate N`: the compute step of the pipeline for Knuth's
//! estimates ([`dlx_engine::dlx::Estimate`]). Each case prints one line,
//! its estimate as `dlx cover --estimate` writes one, in input order, or a
//! `#` line saying why there is none.
//!
//! Invariant: a case's line depends only on the puzzle, its rules, the
//! probes and the seed (every case draws from the same seed), so the output
//! is byte for byte the same at any `--threads`.

use super::record::{Asked, Status, error_line};
use super::{Done, Job};
use dlx_engine::sudoku::PuzzleError;
use dlx_engine::sudoku::Solvers;

/// What `job` prints: its estimate from `probes` paths drawn from `seed`,
/// or why there is none.
pub(super) fn compute(job: Job, (probes, seed): (u64, u64), solvers: &mut Solvers) -> Done {
    let Job { name, case, .. } = job;
    let (line, column, result) = match case {
        Err(e) => (e.line, e.column, Err((Status::BadInput, e.message))),
        Ok(case) => {
            let result = solvers
                .estimate(&case.grid, case.variant.as_deref(), probes, seed)
                .map_err(|e: PuzzleError| Status::of_refusal(&e));
            (case.line, None, result)
        }
    };
    match result {
        Ok(estimate) => Done {
            out: Some(format!("{estimate}\n")),
            ..Done::default()
        },
        Err((status, why)) => Done {
            status: status.exit(Asked::default()),
            err: error_line(&name, line, column, &why),
            out: Some(match status {
                Status::NoSolution => "# no solution\n".to_owned(),
                _ => format!("# bad input: {name} line {line}\n"),
            }),
            ..Done::default()
        },
    }
}
