use std::sync::atomic::AtomicUsize;

use super::*;

const BATCH: Batch = Batch { window: 4, grab: 3 };

/// Squares of `0..len` through `batch` on `workers` workers, with items
/// that take longer the smaller they are (so workers finish out of order).
fn squares(batch: Batch, workers: usize, len: u64) -> Vec<u64> {
    let mut got = Vec::new();
    let flow: ControlFlow<()> = batch.run(
        (0..workers).map(|_| 0u64),
        || 0..len,
        |done: &mut u64, i| {
            std::thread::sleep(std::time::Duration::from_micros((len - i) % 7 * 50));
            *done += 1;
            i * i
        },
        |r| {
            got.push(r);
            ControlFlow::Continue(())
        },
    );
    assert_eq!(flow, ControlFlow::Continue(()));
    got
}

#[test]
fn results_come_in_input_order_at_any_worker_count() {
    let want: Vec<u64> = (0..200).map(|i| i * i).collect();
    // No state, no worker: nothing is computed.
    assert!(squares(BATCH, 0, 200).is_empty());
    for workers in [1, 2, 3, 8] {
        assert_eq!(squares(BATCH, workers, 200), want, "{workers} workers");
    }
    let one_at_a_time = Batch { window: 1, grab: 1 };
    assert_eq!(squares(one_at_a_time, 4, 200), want);
}

#[test]
fn items_in_flight_stay_within_the_window() {
    let read = AtomicUsize::new(0);
    let mut sunk = 0;
    let mut most = 0;
    let workers = 3;
    let _: ControlFlow<()> = BATCH.run(
        (0..workers).map(|_| ()),
        || {
            (0..500).inspect(|_| {
                read.fetch_add(1, Ordering::SeqCst);
            })
        },
        |(), i| i,
        |_| {
            // The item handed over is still counted as in flight.
            most = most.max(read.load(Ordering::SeqCst) - sunk);
            sunk += 1;
            ControlFlow::Continue(())
        },
    );
    assert_eq!(sunk, 500);
    assert!(most <= BATCH.window * workers, "{most} in flight");
}

#[test]
fn a_break_stops_the_reader_and_is_returned() {
    for workers in [1, 4] {
        let read = AtomicUsize::new(0);
        let mut got = Vec::new();
        let flow = BATCH.run(
            (0..workers).map(|_| ()),
            || {
                (0..1_000_000).inspect(|_| {
                    read.fetch_add(1, Ordering::SeqCst);
                })
            },
            |(), i| i,
            |i| {
                got.push(i);
                if i == 10 {
                    ControlFlow::Break("stop")
                } else {
                    ControlFlow::Continue(())
                }
            },
        );
        assert_eq!(flow, ControlFlow::Break("stop"));
        assert_eq!(got, (0..=10).collect::<Vec<_>>());
        // The reader stops within a window of the break.
        let read = read.load(Ordering::SeqCst);
        assert!(read <= 11 + BATCH.window * workers, "{read} read");
    }
}

#[test]
fn each_worker_keeps_its_own_state() {
    let workers = 4;
    let mut seen = Vec::new();
    let _: ControlFlow<()> = BATCH.run(
        0..workers,
        || 0..100,
        |id: &mut usize, i: usize| (*id, i),
        |pair| {
            seen.push(pair);
            ControlFlow::Continue(())
        },
    );
    assert_eq!(
        seen.iter().map(|&(_, i)| i).collect::<Vec<_>>(),
        (0..100).collect::<Vec<_>>()
    );
    assert!(seen.iter().all(|&(id, _)| id < workers));
}
