//! How a run's items go from the reader to the writer: on the library's
//! batch pipeline ([`Batch`]), inline with one thread, through workers
//! with more (see the module documentation of [`super`], "Pipeline").
//!
//! Invariant: every item is computed by the same `compute` with a
//! thread's own [`Solvers`], and the writer gets the results in input
//! order, so what is printed is the same at any thread count; when the
//! writer stops (`--fail-fast`, Ctrl-C, a closed pipe) the reader and the
//! workers stop at their next item (a search under way runs to its end).

use std::ops::ControlFlow;

use super::{Context, End, Input, Solvers, Span, Writer, compute, run_items};
use dlx_engine::dlx::Batch;

/// Items in flight per solving thread, at most: read but not yet written.
/// Enough to keep every thread busy while one hard puzzle holds up the
/// writer, small enough to bound memory.
pub const WINDOW: usize = 256;

/// The most items a worker takes from the queue at once (those already
/// there; it never waits for more): fewer wake-ups than one at a time,
/// and little imbalance at the end of the input.
const GRAB: usize = 8;

/// Computes the items of the run (its share's, with `span`) on `threads`
/// workers, each with its own solvers (their cancel the run's Ctrl-C
/// flag), and writes them in input order; `Break` when the writer ended
/// the run early.
pub(super) fn run(
    ctx: &Context<'_>,
    inputs: &[Input],
    span: Option<&Span>,
    threads: usize,
    writer: &mut Writer<'_>,
) -> ControlFlow<End> {
    let solvers = |_| {
        let mut solvers = Solvers::default();
        solvers.set_cancel(ctx.opts.cancel());
        solvers.set_propagate(ctx.opts.propagate);
        solvers
    };
    Batch {
        window: WINDOW,
        grab: GRAB,
    }
    .run(
        (0..threads.max(1)).map(solvers),
        || run_items(ctx, inputs, span),
        |solvers, item| compute(item, ctx, solvers),
        |done| writer.write(done),
    )
}
