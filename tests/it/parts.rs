//! `dlx solve --part K/N` and `dlx count --part K/N`: the N shares, run one
//! after another (no scheduler), print what one run prints. For every
//! format sample, in its own format and written in every output format,
//! with `solve`, `count`, `--json` and `--max-nodes`, the shares' standard
//! outputs and standard errors concatenated in K order are those of one
//! run, byte for byte, and the worst share's exit code is the run's.

use dlx_cli::sudoku::{Options, Output, Task};
use dlx_cli::{Input, Part};
use dlx_engine::format;

use crate::common;
use crate::common::runs::{Run, dlx, run_lib, samples, several_inputs, stream};

/// Runs the `n` shares one after another and checks that together they
/// print what one run prints; returns the one run.
fn shares_concatenate(task: Task, inputs: &[Input], opts: &Options, n: usize) -> Run {
    let one = run_lib(task, inputs, opts);
    let mut joined = Run {
        out: String::new(),
        err: String::new(),
        code: 0,
    };
    for k in 1..=n {
        let share = Options {
            part: Some(Part { k, n }),
            ..opts.clone()
        };
        let r = run_lib(task, inputs, &share);
        joined.out += &r.out;
        joined.err += &r.err;
        // Worst first, as README.md says: 2, then 3, then 1, then 0.
        let rank = |code: u8| [0, 1, 3, 2][usize::from(code)];
        joined.code = std::cmp::max_by_key(joined.code, r.code, |&c| rank(c));
    }
    assert_eq!(one, joined, "{task:?} in {n} shares, {opts:?}");
    one
}

/// The variants of `tests/it/threads.rs` but `--fail-fast`, which `--part`
/// refuses.
fn variants() -> Vec<(Task, Options)> {
    common::runs::variants()
        .into_iter()
        .filter(|(_, opts)| !opts.fail_fast)
        .collect()
}

#[test]
fn every_sample_in_shares_prints_what_one_run_prints() {
    let files = samples();
    assert!(files.len() >= 25, "the samples are there");
    for file in &files {
        for (task, opts) in variants() {
            let inputs = [Input::File(file.clone())];
            // 40 shares is more than any sample has cases: some are empty.
            for n in [1, 2, 3, 7, 40] {
                shares_concatenate(task, &inputs, &opts, n);
            }
        }
    }
}

#[test]
fn every_output_format_concatenates() {
    // Every writer, including those that separate solutions with a blank
    // line, number cases (`Case #x:`) or print nothing for some cases.
    let inputs = [
        Input::File("data/formats/hdu5547_multi.in".into()),
        Input::File("data/formats/grid_multi.in".into()),
        Input::File("data/formats/line_multi.in".into()),
        Input::File("data/cli/mixed.txt".into()),
    ];
    let mut outputs = 0;
    for name in format::ALL.iter().map(|f| f.name()) {
        for task in [
            Task::Solve,
            Task::Count {
                limit: 2,
                progress: false,
            },
        ] {
            let opts = Options {
                output: Output::Format(format::by_name(name).unwrap()),
                ..Options::default()
            };
            for n in [2, 3, 5, 8] {
                let one = shares_concatenate(task, &inputs, &opts, n);
                assert!(!one.out.is_empty() || name == "hdu5547", "{name}");
            }
        }
        outputs += 1;
    }
    assert!(outputs >= 13);
}

#[test]
fn the_separator_follows_the_first_case_that_printed() {
    // HDU 1426 prints nothing for an unsolvable case and a blank line
    // between solutions: the share after a silent first case must not
    // start with a blank line, and the one after a solution must.
    let solvable = std::fs::read_to_string("data/judges/hdu1426.in").unwrap();
    let unsolvable = solvable.replacen("7 1 2 ?", "7 1 2 7", 1);
    let text = format!("{unsolvable}\n{solvable}\n{solvable}\n{unsolvable}\n{solvable}");
    let inputs = [Input::Bytes("hdu".into(), text.into_bytes().into())];
    let opts = Options {
        format: format::by_name("hdu1426"),
        ..Options::default()
    };
    for n in 1..=6 {
        let one = shares_concatenate(Task::Solve, &inputs, &opts, n);
        assert_eq!(one.out.matches("\n\n").count(), 2, "{}", one.out);
        assert_eq!(one.code, 1);
    }
}

#[test]
fn notes_of_several_inputs_go_to_one_share_each() {
    // A missing file, an empty input, one of no known format and good
    // ones, with --verbose: every message is printed by exactly one share,
    // in its place, and case numbers restart per input as in one run.
    let mut inputs = several_inputs();
    inputs.push(Input::File("data/no/such/trailing.txt".into()));
    for (task, opts) in variants() {
        let opts = Options {
            verbose: true,
            ..opts
        };
        for n in [2, 4, 9, 30] {
            let one = shares_concatenate(task, &inputs, &opts, n);
            assert!(one.err.contains("trailing.txt"), "{}", one.err);
        }
        for threads in [2, 3] {
            let opts = Options {
                threads,
                ..opts.clone()
            };
            shares_concatenate(task, &inputs, &opts, 3);
        }
    }
}

#[test]
fn standard_input_in_shares_through_the_binary() {
    let input = stream(600, Some(200));
    let one = dlx()
        .arg("solve")
        .write_stdin(input.clone())
        .output()
        .unwrap();
    assert_eq!(one.status.code(), Some(2));
    let (mut out, mut err, mut worst) = (Vec::new(), Vec::new(), 0);
    for k in 1..=8 {
        // Standard input twice: the second `-` reads nothing, as in one run.
        let share = dlx()
            .args([
                "solve",
                "--threads",
                "2",
                "--part",
                &format!("{k}/8"),
                "-",
                "-",
            ])
            .write_stdin(input.clone())
            .output()
            .unwrap();
        out.extend(share.stdout);
        err.extend(share.stderr);
        worst = worst.max(share.status.code().unwrap());
    }
    assert_eq!(
        String::from_utf8(out).unwrap(),
        String::from_utf8(one.stdout).unwrap()
    );
    assert_eq!(err, one.stderr);
    assert_eq!(worst, 2);
    // The bad line keeps its real line number, in the share that has it.
    let third = dlx()
        .args(["solve", "--part", "3/8", "-"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(
        String::from_utf8(third.stdout)
            .unwrap()
            .contains("# bad input: <stdin> line 201\n")
    );
}

#[test]
fn bad_shares_are_usage_errors() {
    for cmd in ["solve", "count"] {
        for bad in ["0/4", "5/4", "x", "4", "1/0", "2/x"] {
            let out = dlx()
                .args([cmd, "--part", bad, "data/judges/poj2676.in"])
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(2), "{cmd} --part {bad}");
            let err = String::from_utf8(out.stderr).unwrap();
            assert!(err.contains("is not K/N with 1 <= K <= N"), "{err}");
            assert!(out.stdout.is_empty());
        }
        let out = dlx()
            .args([
                cmd,
                "--part",
                "1/2",
                "--fail-fast",
                "data/judges/poj2676.in",
            ])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains("cannot be used with '--fail-fast'"), "{err}");
    }
    // The library refuses the pair too.
    let opts = Options {
        fail_fast: true,
        part: Some(Part { k: 1, n: 2 }),
        ..Options::default()
    };
    let r = run_lib(
        Task::Solve,
        &[Input::File("data/judges/poj2676.in".into())],
        &opts,
    );
    assert_eq!((r.code, r.out.as_str()), (2, ""));
    assert!(
        r.err.contains("--part cannot be combined with --fail-fast"),
        "{}",
        r.err
    );
}
