//! How a run's items go from the reader to the writer: inline with one
//! thread, through workers with more (see the module documentation of
//! [`super`], "Pipeline").
//!
//! Invariant: both paths compute every item with the same `serve` loop
//! and hand the results to the writer in input order, so what is printed
//! is the same at any thread count.

use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, mpsc};

use super::{Context, Done, End, Input, Item, Solvers, Span, Writer, compute, run_items};
use dlx_engine::workers::spawn_scoped_up_to;

/// Items in flight per solving thread, at most: read but not yet written.
/// Enough to keep every thread busy while one hard puzzle holds up the
/// writer, small enough to bound memory.
pub const WINDOW: usize = 256;

/// Computes the items of each chunk one after the other with this
/// thread's own solvers, handing the chunk's results (with their tags, in
/// order) to `sink` until it says stop. The one loop both the
/// single-threaded run (chunks of one) and every worker use.
pub(super) fn serve<T, C, B>(
    chunks: impl Iterator<Item = C>,
    ctx: &Context<'_>,
    mut sink: impl FnMut(Vec<(T, Done)>) -> ControlFlow<B>,
) -> ControlFlow<B>
where
    C: IntoIterator<Item = (T, Item)>,
{
    let mut solvers = match &ctx.opts.interrupt {
        Some(flag) => Solvers::with_cancel(flag.clone()),
        None => Solvers::new(),
    };
    for chunk in chunks {
        let mut results = Vec::new();
        for (tag, item) in chunk {
            results.push((tag, compute(item, ctx, &mut solvers)));
        }
        sink(results)?;
    }
    ControlFlow::Continue(())
}

/// The most items a worker takes from the queue at once (those already
/// there; it never waits for more): fewer wake-ups than one at a time,
/// and little imbalance at the end of the input.
pub(super) const GRAB: usize = 8;

/// The run on `threads` workers: the reader on a thread of its own, the
/// workers computing, and this thread writing in sequence order. Credits
/// bound the items between reader and writer to [`WINDOW`] per worker;
/// when the writer stops, the reader and the workers stop at their next
/// item (a search under way runs to its end).
///
/// The workers start first, then the reader, which alone takes from the
/// input: when the system refuses a thread, the run goes on with the
/// workers that started, and `None` (nothing read yet, nothing written)
/// when no worker or no reader could start, for the caller to run on its
/// own thread. Either way the output is the same as on any thread count.
pub(super) fn run_threads(
    ctx: &Context<'_>,
    inputs: &[Input],
    span: Option<&Span>,
    threads: usize,
    writer: &mut Writer<'_>,
) -> Option<ControlFlow<End>> {
    let window = WINDOW * threads;
    let (job_tx, job_rx) = mpsc::sync_channel::<(u64, Item)>(window);
    let job_rx = Mutex::new(job_rx);
    let (done_tx, done_rx) = mpsc::channel::<Vec<(u64, Done)>>();
    // Each message returns that many credits: never more than `window`
    // outstanding, so sending never blocks.
    let (credit_tx, credit_rx) = mpsc::sync_channel::<usize>(window);
    let stop = AtomicBool::new(false);
    let stopped = || stop.load(Ordering::Relaxed);
    std::thread::scope(|scope| {
        let job_rx = &job_rx;
        let (workers, _) = spawn_scoped_up_to(scope, threads, |_| {
            let done_tx = done_tx.clone();
            move || {
                let chunks = std::iter::from_fn(|| {
                    if stopped() {
                        return None;
                    }
                    let queue = job_rx.lock().ok()?;
                    let mut chunk = vec![queue.recv().ok()?];
                    chunk.extend(queue.try_iter().take(GRAB - 1));
                    Some(chunk)
                });
                serve(chunks, ctx, |results| match done_tx.send(results) {
                    Ok(()) => ControlFlow::Continue(()),
                    Err(_) => ControlFlow::Break(()),
                })
            }
        });
        drop(done_tx);
        // With no worker, the queue's sender is dropped here, unused.
        if workers.is_empty() {
            return None;
        }
        let reader = std::thread::Builder::new().spawn_scoped(scope, move || {
            let mut items = run_items(ctx, inputs, span);
            let mut credits = window;
            for seq in 0u64.. {
                while credits == 0 {
                    match credit_rx.recv() {
                        Ok(more) => credits += more,
                        Err(_) => return,
                    }
                }
                credits -= 1;
                if stopped() {
                    return;
                }
                let Some(item) = items.next() else { return };
                if job_tx.send((seq, item)).is_err() {
                    return;
                }
            }
        });
        // A refused reader drops the queue's sender unused: the workers
        // find the queue closed and end, having read nothing.
        reader.ok()?;
        let flow = write_in_order(done_rx, writer, &credit_tx);
        stop.store(true, Ordering::Relaxed);
        drop(credit_tx);
        Some(flow)
    })
}

/// Writes the results as they come in, in sequence order, holding back
/// those that arrive early (at most the window), and gives the reader a
/// credit back for each one written.
pub(super) fn write_in_order(
    results: mpsc::Receiver<Vec<(u64, Done)>>,
    writer: &mut Writer<'_>,
    credits: &mpsc::SyncSender<usize>,
) -> ControlFlow<End> {
    let mut early = HashMap::new();
    let mut next = 0u64;
    for chunk in results {
        early.extend(chunk);
        let first = next;
        while let Some(done) = early.remove(&next) {
            next += 1;
            writer.write(done)?;
        }
        if next > first {
            let _ = credits.send((next - first) as usize);
        }
    }
    ControlFlow::Continue(())
}
