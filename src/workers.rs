//! Starting worker threads: the cap on how many a run asks for, spawning
//! that survives the system refusing a thread, and the one ordered,
//! bounded parallel batch pipeline ([`Batch`]) that every batch of the
//! library, the command and the Python bindings runs on.
//!
//! Invariants: no run starts more than [`MAX_THREADS`] workers, whatever
//! `--threads` (or a binding's `threads=`) says; a thread the system
//! cannot create (out of memory, a process or address-space limit) is
//! never a panic: `spawn_scoped_up_to` starts as many as it can and
//! says how many, and each caller hands the work to those, or does it on
//! its own thread when none started. Every output that is the same at any
//! thread count is therefore the same when fewer threads start.

use std::io;
use std::sync::mpsc;
use std::thread::{Builder, Scope, ScopedJoinHandle};

mod batch;

pub use batch::Batch;

/// The most worker threads a run starts: a larger request is lowered to
/// this. Far more than the cores of any machine this runs on, and few
/// enough that their stacks (2 MiB of address space each) fit anywhere.
pub const MAX_THREADS: usize = 256;

/// The number of worker threads for a `--threads` value: `0` means one
/// per core (1 when that cannot be told); at most [`MAX_THREADS`].
pub fn thread_count(requested: usize) -> usize {
    let n = match requested {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    n.min(MAX_THREADS)
}

/// The fewest started threads given back after a refusal: 48 MiB of
/// stacks, more than the C library keeps mapped for reuse.
pub(crate) const GIVE_BACK_AT_LEAST: usize = 24;

/// Spawns `work(i)` for `i` in `0..count` on threads of `scope`, in order,
/// stopping at the first the system refuses. Returns the workers that run
/// (`workers[i]` runs `work(i)`) and, if a thread was refused, why.
/// `work(i)` is called as thread `i` is spawned; the work of a thread
/// that does not run (below) is dropped unrun.
///
/// A refusal means the process is out of memory or address space, and
/// then a thread that has started can still fail: the alternate signal
/// stack that the standard library gives each new thread, or the first
/// allocation of its work, would find no room, and either aborts the
/// process. So each thread says it has started before the next is
/// spawned, none runs its work until all are spawned, and after a
/// refusal the last eighth of those started (at least
/// [`GIVE_BACK_AT_LEAST`], never the first) end without running theirs,
/// and are joined before the others run, their stacks given back as room
/// for the others' allocations. (The C library keeps up to some 40 MiB of
/// ended threads' stacks mapped for reuse, so a few given back free no
/// address space at all: hence the floor.)
pub(crate) fn spawn_scoped_up_to<'scope, 'env, T, F>(
    scope: &'scope Scope<'scope, 'env>,
    count: usize,
    mut work: impl FnMut(usize) -> F,
) -> (Vec<Worker<'scope, T>>, Option<io::Error>)
where
    F: FnOnce() -> T + Send + 'scope,
    T: Send + 'scope,
{
    let mut started = Vec::with_capacity(count);
    let mut refused = None;
    for i in 0..count {
        let job = work(i);
        let (go_tx, go_rx) = mpsc::sync_channel::<bool>(1);
        let (started_tx, started_rx) = mpsc::sync_channel::<()>(1);
        let spawned = Builder::new().spawn_scoped(scope, move || {
            // The spawner waits for this (or for the sender's drop, if the
            // thread fails before it runs this closure).
            let _ = started_tx.send(());
            match go_rx.recv() {
                Ok(true) => Some(job()),
                _ => None,
            }
        });
        let failed = match spawned {
            Ok(handle) => match started_rx.recv() {
                Ok(()) => {
                    started.push((handle, go_tx));
                    continue;
                }
                Err(_) => io::Error::other("a worker thread failed as it started"),
            },
            Err(e) => e,
        };
        refused = Some(failed);
        break;
    }
    let keep = match refused {
        Some(_) if started.len() > 1 => {
            let give_back = started.len().div_ceil(8).max(GIVE_BACK_AT_LEAST);
            started.len() - give_back.min(started.len() - 1)
        }
        _ => started.len(),
    };
    // The threads given back end first, and are joined, before any other
    // runs: their room is free before the others allocate.
    let mut given_back = Vec::new();
    for (handle, go) in started.drain(keep..) {
        let _ = go.send(false);
        given_back.push(handle);
    }
    for handle in given_back {
        let _ = handle.join();
    }
    let mut workers = Vec::with_capacity(keep);
    for (handle, go) in started {
        // A thread that ended before its word (it cannot: it waits for
        // it) would only make the send fail.
        let _ = go.send(true);
        workers.push(Worker(handle));
    }
    (workers, refused)
}

/// A worker thread started by [`spawn_scoped_up_to`], running its work.
pub(crate) struct Worker<'scope, T>(ScopedJoinHandle<'scope, Option<T>>);

impl<T> Worker<'_, T> {
    /// Waits for the work to finish: its result, or the panic that ended
    /// it.
    pub(crate) fn join(self) -> std::thread::Result<T> {
        self.0.join().and_then(|result| {
            // A worker is returned only after it was told to run its work.
            result.ok_or_else(|| Box::new("a worker that was not told to run") as _)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_are_capped() {
        assert_eq!(thread_count(1), 1);
        assert_eq!(thread_count(3), 3);
        assert_eq!(thread_count(MAX_THREADS), MAX_THREADS);
        assert_eq!(thread_count(1024), MAX_THREADS);
        assert_eq!(thread_count(usize::MAX), MAX_THREADS);
        assert!((1..=MAX_THREADS).contains(&thread_count(0)));
    }

    #[test]
    fn every_started_thread_runs_its_own_work() {
        let sums: Vec<usize> = std::thread::scope(|scope| {
            let (handles, refused) = spawn_scoped_up_to(scope, 4, |i| move || i * 10);
            assert!(refused.is_none());
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        assert_eq!(sums, [0, 10, 20, 30]);
    }
}
