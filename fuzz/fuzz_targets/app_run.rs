//! `dlx solve`, `dlx count` and `dlx rate` as the binary runs them, on
//! arbitrary bytes with a small node (or guess) budget: byte 0 picks the
//! format (or auto-detection), byte 1 the task and output format. No panic, a bounded run, and the
//! exit status is one of the three documented.
#![no_main]

use dlx_cli::sudoku::{Options, Output, Task, run};
use dlx_cli::{ExitStatus, Input};
use dlx_engine::dlx::deduce::Rules;
use dlx_engine::format::ALL;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let [which, how, input @ ..] = data else {
        return;
    };
    let format = ALL.get(*which as usize % (ALL.len() + 1)).copied();
    let output = match how & 8 != 0 {
        true => Output::Format(ALL[(*how as usize >> 4) % ALL.len()]),
        false => Output::Text,
    };
    let task = if how & 0x86 == 0x86 {
        Task::Rate {
            rules: Rules {
                max_subset: usize::from(how >> 4 & 3) + 1,
                max_guesses: 50,
            },
        }
    } else if how & 1 == 0 {
        Task::Solve
    } else {
        Task::Count {
            limit: u64::from(how >> 1 & 3) + 1,
            progress: false,
        }
    };
    let opts = Options {
        format,
        output,
        fail_fast: how & 4 != 0,
        max_nodes: Some(200),
        ..Options::default()
    };
    let inputs = [Input::Bytes("fuzz".into(), input.into())];
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let status = run(task, &inputs, &opts, &mut out, &mut err);
    assert!(matches!(
        status,
        ExitStatus::Success | ExitStatus::NoSolution | ExitStatus::BadInput
    ));
});
