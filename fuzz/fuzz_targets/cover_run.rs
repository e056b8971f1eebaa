//! `dlx cover` as the binary runs it, on arbitrary bytes in Knuth's
//! format: byte 0 picks the mode (first, count, all, every M-th), the
//! share of the tree (`--part K/N`) and the solution limit; the search has
//! a 2,000-node budget and runs on one thread. No panic, a bounded run,
//! and an exit status of 0, 1 or 2.
#![no_main]

use dlx_cli::ExitStatus;
use dlx_cli::cover::{CoverOptions, Mode, Part, run};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let [how, input @ ..] = data else {
        return;
    };
    let mode = match how & 3 {
        0 => Mode::First,
        1 => Mode::Count,
        2 => Mode::All,
        _ => Mode::Every(u64::from(how >> 2 & 3) + 1),
    };
    let part = (how & 16 != 0).then(|| {
        let n = usize::from(how >> 5 & 3) + 1;
        Part { k: n.min(2), n }
    });
    let opts = CoverOptions {
        mode,
        limit: (how & 128 != 0).then_some(3),
        max_nodes: Some(2000),
        part,
        ..CoverOptions::default()
    };
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let status = run(&opts, input, &mut out, &mut err);
    assert!(matches!(
        status,
        ExitStatus::Success | ExitStatus::NoSolution | ExitStatus::BadInput
    ));
});
