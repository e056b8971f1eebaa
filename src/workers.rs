//! Starting worker threads: the cap on how many a run asks for, spawning
//! that survives the system refusing a thread, and the one ordered,
//! bounded parallel batch pipeline ([`Batch`]) that every batch of the
//! library, the command and the Python bindings runs on.
//!
//! Invariants: no run starts more than [`MAX_THREADS`] workers, whatever
//! `--threads` (or a binding's `threads=`) says; a thread the system
//! cannot create (out of memory, a process or address-space limit) is
//! never a panic: [`spawn_scoped_up_to`] starts as many as it can and
//! says how many, and each caller hands the work to those, or does it on
//! its own thread when none started. Every output that is the same at any
//! thread count is therefore the same when fewer threads start.

use std::io;
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

/// Spawns `work(i)` for `i` in `0..count` on threads of `scope`, in order,
/// stopping at the first the system refuses. Returns the handles of those
/// started (`handles[i]` runs `work(i)`) and, if one was refused, why.
/// `work` is called only for the threads that start.
pub fn spawn_scoped_up_to<'scope, 'env, T, F>(
    scope: &'scope Scope<'scope, 'env>,
    count: usize,
    mut work: impl FnMut(usize) -> F,
) -> (Vec<ScopedJoinHandle<'scope, T>>, Option<io::Error>)
where
    F: FnOnce() -> T + Send + 'scope,
    T: Send + 'scope,
{
    let mut handles = Vec::with_capacity(count);
    for i in 0..count {
        match Builder::new().spawn_scoped(scope, work(i)) {
            Ok(handle) => handles.push(handle),
            Err(e) => return (handles, Some(e)),
        }
    }
    (handles, None)
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
