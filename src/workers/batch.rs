//! The one parallel batch pipeline: items read in order on a thread of
//! their own, computed by workers that each keep a state (a solver cache,
//! a generator), and handed to a sink on the calling thread in input
//! order. `dlx solve`/`count`/`rate`, `dlx bench`, [`generate_range`] and
//! the Python batches all run on it.
//!
//! # Invariants
//!
//! * **Input order**: the sink receives `work(item)` for every item it is
//!   given, in the order the items were read, whatever the number of
//!   workers, which of them computed what, or how many threads the system
//!   granted. So a result that depends only on its item is the same at
//!   any thread count, and so is everything the sink makes of them.
//! * **Bounded**: at most [`Batch::window`] items per worker are between
//!   the reader and the sink (queued, being computed, or computed and
//!   waiting for an earlier one), so memory does not grow with the input.
//! * **Fail-fast**: when the sink says `Break`, nothing more is handed to
//!   it; the reader stops before its next item and each worker before its
//!   next grab (a `work` under way runs to its end, its result dropped).
//!   A sink that breaks when its output is closed thus stops the work.
//! * **Cancellable**: the pipeline itself never waits on a cancel; `work`
//!   asks its own (a [`crate::dlx::cancel::Cancel`] in its state), so a
//!   cancelled batch still hands every item read to the sink, each saying
//!   it was cancelled, unless the sink breaks.
//! * **Never a panic for want of threads**: a worker or reader thread the
//!   system refuses means fewer workers; with none, the batch runs inline
//!   on the calling thread, with the same results.
//!
//! [`generate_range`]: crate::sudoku::generate::generate_range

use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, mpsc};

use super::spawn_scoped_up_to;

/// How a batch is paced: how many items may be in flight per worker, and
/// how many a worker takes from the queue at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Batch {
    /// Items read but not yet handed to the sink, per worker, at most
    /// (at least 1). Enough to keep every worker busy while one long item
    /// holds up the sink, small enough to bound memory.
    pub window: usize,
    /// The most items a worker takes from the queue at once (only those
    /// already there: it never waits for more; at least 1). More than one
    /// means fewer wake-ups for small items; 1 for long ones, so that the
    /// last items of a batch are not held by one worker while others idle.
    pub grab: usize,
}

impl Batch {
    /// Computes `work(state, item)` for every item of `items()` and hands
    /// the results to `sink` in input order until it says `Break`, which
    /// is returned; `Continue` when every item was handed over.
    ///
    /// `states` holds one state per worker (with none, nothing is computed
    /// and nothing handed to `sink`): with one (or none that starts
    /// a thread), everything runs inline on the calling thread, one item
    /// at a time; with more, each worker takes the next state on its own
    /// thread when it starts (so a state is made, if `states` makes them,
    /// on the thread that uses it), `items` is called on a reader thread,
    /// and the calling thread runs `sink`. A worker thread the system
    /// refuses leaves its state untaken; a refused reader thread, the
    /// batch inline with a state a worker gave back.
    pub fn run<S, I, R, B>(
        self,
        states: impl ExactSizeIterator<Item = S> + Send,
        items: impl Fn() -> I + Sync,
        work: impl Fn(&mut S, I::Item) -> R + Sync,
        mut sink: impl FnMut(R) -> ControlFlow<B>,
    ) -> ControlFlow<B>
    where
        S: Send,
        I: Iterator,
        I::Item: Send,
        R: Send,
    {
        let count = states.len();
        let states = Mutex::new(states);
        let take = || states.lock().ok().and_then(|mut s| s.next());
        let inline = |state: Option<S>, sink: &mut dyn FnMut(R) -> ControlFlow<B>| {
            let Some(mut state) = state else {
                return ControlFlow::Continue(());
            };
            items().try_for_each(|item| sink(work(&mut state, item)))
        };
        if count <= 1 {
            return inline(take(), &mut sink);
        }
        match self.threaded(count, &take, &items, &work, &mut sink) {
            Ok(flow) => flow,
            Err(state) => inline(state.or_else(take), &mut sink),
        }
    }

    /// [`Batch::run`] on `count` workers; `Err` (with a state a worker gave
    /// back, if one did) when no worker or no reader thread started, before
    /// anything was read.
    fn threaded<S, I, R, B>(
        self,
        count: usize,
        take: &(impl Fn() -> Option<S> + Sync),
        items: &(impl Fn() -> I + Sync),
        work: &(impl Fn(&mut S, I::Item) -> R + Sync),
        sink: &mut impl FnMut(R) -> ControlFlow<B>,
    ) -> Result<ControlFlow<B>, Option<S>>
    where
        S: Send,
        I: Iterator,
        I::Item: Send,
        R: Send,
    {
        let window = self.window.max(1).saturating_mul(count);
        let grab = self.grab.max(1);
        let (job_tx, job_rx) = mpsc::sync_channel::<(u64, I::Item)>(window);
        let job_rx = Mutex::new(job_rx);
        let (done_tx, done_rx) = mpsc::channel::<Vec<(u64, R)>>();
        // Each message returns that many credits: never more than `window`
        // outstanding, so sending never blocks.
        let (credit_tx, credit_rx) = mpsc::sync_channel::<usize>(window);
        let stop = AtomicBool::new(false);
        let stopped = || stop.load(Ordering::Relaxed);
        std::thread::scope(|scope| {
            let job_rx = &job_rx;
            let (workers, _) = spawn_scoped_up_to(scope, count, |_| {
                let done_tx = done_tx.clone();
                move || {
                    let mut state = take()?;
                    while !stopped() {
                        let Some(chunk) = job_rx.lock().ok().and_then(|queue| {
                            let mut chunk = vec![queue.recv().ok()?];
                            chunk.extend(queue.try_iter().take(grab - 1));
                            Some(chunk)
                        }) else {
                            break;
                        };
                        let results = chunk
                            .into_iter()
                            .map(|(seq, item)| (seq, work(&mut state, item)))
                            .collect();
                        if done_tx.send(results).is_err() {
                            break;
                        }
                    }
                    Some(state)
                }
            });
            drop(done_tx);
            // With no worker, the queue's sender is dropped here, unused.
            if workers.is_empty() {
                return Err(None);
            }
            let reader = std::thread::Builder::new().spawn_scoped(scope, move || {
                let mut items = items();
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
            if reader.is_err() {
                // The refused reader dropped the queue's sender unused: the
                // workers find the queue closed and end, having read nothing.
                let given_back = workers.into_iter().find_map(|w| w.join().ok().flatten());
                return Err(given_back);
            }
            let flow = in_order(done_rx, sink, &credit_tx);
            stop.store(true, Ordering::Relaxed);
            drop(credit_tx);
            Ok(flow)
        })
    }
}

/// Hands the results to `sink` as they come in, in sequence order, holding
/// back those that arrive early (at most the window), and gives the reader
/// a credit back for each one handed over.
fn in_order<R, B>(
    results: mpsc::Receiver<Vec<(u64, R)>>,
    sink: &mut impl FnMut(R) -> ControlFlow<B>,
    credits: &mpsc::SyncSender<usize>,
) -> ControlFlow<B> {
    let mut early = HashMap::new();
    let mut next = 0u64;
    for chunk in results {
        early.extend(chunk);
        let first = next;
        while let Some(result) = early.remove(&next) {
            next += 1;
            sink(result)?;
        }
        if next > first {
            let _ = credits.send((next - first) as usize);
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests;
