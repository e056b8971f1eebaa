//! `--threads N` changes nothing but the speed: for every format sample
//! (judges and multi-case files), the mixed file and the bad-input corpus,
//! with `solve`, `count`, `--json`, `--fail-fast` and `--max-nodes`, the
//! standard output, standard error and exit code at 2, 3 and 0 (all
//! cores) threads are those of one thread, byte for byte (the measured
//! `microseconds` of `--json` aside). Most runs call the library, so the
//! matrix stays fast; a few go through the binary for the flags, the
//! bad-input corpus and a closed pipe.

use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Command as Process, Stdio};

use dlx_cli::Input;
use dlx_cli::sudoku::{Options, Output, Task};

use crate::common;
use crate::common::runs::{
    Run, dlx, run_lib, samples, several_inputs, stream, variants, without_microseconds,
};

/// Runs `task` at 1 thread, then at 2, 3 and all cores, and checks that
/// every run matches the first; returns the one-thread run.
fn same_at_any_thread_count(task: Task, inputs: &[Input], opts: &Options) -> Run {
    let one = run_lib(
        task,
        inputs,
        &Options {
            threads: 1,
            ..opts.clone()
        },
    );
    for threads in [2, 3, 0] {
        let many = run_lib(
            task,
            inputs,
            &Options {
                threads,
                ..opts.clone()
            },
        );
        assert_eq!(one, many, "{task:?} with {threads} threads, {opts:?}");
    }
    one
}

#[test]
fn every_sample_prints_the_same_at_any_thread_count() {
    let files = samples();
    assert!(files.len() >= 25, "the samples are there");
    for file in &files {
        for (task, opts) in variants() {
            same_at_any_thread_count(task, &[Input::File(file.clone())], &opts);
        }
    }
}

#[test]
fn the_one_thread_run_is_unchanged_by_the_pipeline() {
    // The expected files were written before threads existed.
    let one = same_at_any_thread_count(
        Task::Solve,
        &[Input::File("data/cli/mixed.txt".into())],
        &Options::default(),
    );
    let read = |p: &str| std::fs::read_to_string(p).unwrap();
    assert_eq!(one.out, read("data/cli/mixed.solve.out"));
    assert_eq!(one.err, read("data/cli/mixed.solve.err"));
    assert_eq!(one.code, 2);
}

#[test]
fn inputs_and_their_messages_stay_in_order() {
    // Several inputs: one missing, one empty, one of an unknown format,
    // two good ones, with --verbose (a message per detected input).
    let inputs = several_inputs;
    for (task, opts) in variants() {
        let opts = Options {
            verbose: true,
            ..opts
        };
        let one = same_at_any_thread_count(task, &inputs(), &opts);
        if !opts.fail_fast {
            let at = |needle: &str| one.err.find(needle).unwrap_or_else(|| panic!("{needle}"));
            assert!(at("hdu5547.in: format") < at("file.txt"));
            assert!(at("file.txt") < at("garbage"));
            assert!(at("garbage") < at("mixed.txt: format"));
            assert!(at("mixed.txt: line 9") < at("uva989_multi.in: format"));
        }
    }
}

#[test]
fn a_long_stream_keeps_its_order_and_fail_fast_stops_where_one_thread_does() {
    let inputs = [Input::Bytes(
        "stream".into(),
        stream(3000, Some(1700)).into(),
    )];
    let all = same_at_any_thread_count(Task::Solve, &inputs, &Options::default());
    assert_eq!(all.out.lines().count(), 3000);
    assert_eq!(all.code, 2);
    let opts = Options {
        fail_fast: true,
        ..Options::default()
    };
    let stopped = same_at_any_thread_count(Task::Solve, &inputs, &opts);
    assert_eq!(stopped.out.lines().count(), 1701);
    assert!(stopped.out.ends_with("# bad input: stream line 1701\n"));
    assert_eq!(stopped.err.lines().count(), 1);
    assert_eq!(stopped.code, 2);
}

#[test]
fn the_bad_input_corpus_is_the_same_with_threads() {
    let dir = Path::new("tests/data/bad");
    let mut checked = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "in") {
            continue;
        }
        let with = |ext: &str| path.with_extension(ext);
        let args = std::fs::read_to_string(with("args")).unwrap();
        let mut args: Vec<&str> = args.split_whitespace().collect();
        if !matches!(args.first(), Some(&"solve" | &"count")) {
            continue;
        }
        let expected = |ext| std::fs::read(with(ext)).unwrap_or_default();
        let code: i32 = String::from_utf8(expected("code"))
            .unwrap()
            .trim()
            .parse()
            .unwrap();
        args.insert(1, "--threads");
        args.insert(2, "2");
        for threads in ["2", "0"] {
            args[2] = threads;
            let out = dlx()
                .args(&args)
                .write_stdin(std::fs::read(&path).unwrap())
                .output()
                .unwrap();
            let name = path.display();
            assert_eq!(
                out.stdout,
                expected("out"),
                "{name} stdout, {threads} threads"
            );
            assert_eq!(
                out.stderr,
                expected("err"),
                "{name} stderr, {threads} threads"
            );
            assert_eq!(
                out.status.code(),
                Some(code),
                "{name} exit, {threads} threads"
            );
        }
        checked += 1;
    }
    assert!(checked >= 20, "the corpus is there");
}

#[test]
fn the_flags_reach_the_library() {
    let base = dlx()
        .args(["count", "--json", "data/cli/mixed.txt"])
        .output()
        .unwrap();
    for threads in ["1", "2", "0"] {
        let out = dlx()
            .args([
                "count",
                "--json",
                "--threads",
                threads,
                "data/cli/mixed.txt",
            ])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert_eq!(out.stderr, base.stderr);
        let json = String::from_utf8(out.stdout).unwrap();
        assert_eq!(
            without_microseconds(&json),
            without_microseconds(std::str::from_utf8(&base.stdout).unwrap())
        );
    }
    dlx()
        .args(["solve", "--json", "--output", "line", "data/cli/mixed.txt"])
        .assert()
        .code(2);
}

#[test]
fn a_closed_pipe_ends_quietly_with_threads() {
    let dlx = common::bin::path();
    let mut child = Process::new(dlx)
        .args(["solve", "--threads", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let input = stream(5000, None);
    let mut stdin = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || {
        use std::io::Write;
        // The run may end before it has read everything.
        let _ = stdin.write_all(&input);
    });
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    assert_eq!(first.trim_end().len(), 81);
    drop(stdout);
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    feeder.join().unwrap();
    assert_eq!(err, "");
    assert_eq!(status.code(), Some(0));
}

#[test]
fn bench_spreads_the_puzzles_over_threads() {
    let input = stream(40, None);
    let table = dlx()
        .args([
            "bench",
            "--solver",
            "dlx",
            "--warmup",
            "2",
            "--threads",
            "2",
        ])
        .write_stdin(input.clone())
        .output()
        .unwrap();
    assert_eq!(table.status.code(), Some(0));
    let table = String::from_utf8(table.stdout).unwrap();
    assert!(
        table.starts_with("<stdin>: 40 puzzles, counting up to 2 solutions, budget 1000000 nodes per puzzle, on 2 threads\n"),
        "{table}"
    );
    let row: Vec<&str> = table.lines().nth(2).unwrap().split_whitespace().collect();
    assert_eq!(&row[..4], ["dlx", "40", "40", "0"]);
    let json = dlx()
        .args(["bench", "--solver", "dlx", "--json", "--threads", "3"])
        .write_stdin(input)
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(json["threads"], 3);
    assert_eq!(json["sets"][0]["solvers"][0]["puzzles"], 40);
    assert_eq!(json["sets"][0]["solvers"][0]["solutions"], 40);
}

mod random_batches {
    use super::*;
    use proptest::prelude::*;

    /// Lines a batch is made of: solvable puzzles of three sizes, one with
    /// no solution, clashing givens, malformed lines and a comment.
    const LINES: [&str; 8] = [
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "..3.2.......1.4.",
        "1.....2.......3..........4..5.....6.",
        "1...5.2.9..7.......6.......2...........5.1..2....2.39.3.4.9...15...1...3...8...4.",
        "55...............................................................................",
        "4.....8.5.3..........7......2..x..6.....8.4......1.......6.3.7.5..2.....1.4......",
        "12345",
        "# a comment",
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Any batch, any flags, any thread count: what one thread prints.
        #[test]
        fn any_batch_prints_what_one_thread_prints(
            picks in proptest::collection::vec(0..LINES.len(), 0..60),
            count in any::<bool>(),
            json in any::<bool>(),
            fail_fast in any::<bool>(),
            max_nodes in prop_oneof![Just(None), (1..400u64).prop_map(Some)],
            threads in 2..5usize,
        ) {
            let text: String = picks.iter().map(|&i| format!("{}\n", LINES[i])).collect();
            let inputs = [Input::Bytes("batch".into(), text.into_bytes().into())];
            let task = if count { Task::Count { limit: 700, progress: false } } else { Task::Solve };
            let output = if json { Output::JsonLines } else { Output::Text };
            let opts = Options { output, fail_fast, max_nodes, format: dlx_engine::format::by_name("line"), ..Options::default() };
            let one = run_lib(task, &inputs, &opts);
            let many = run_lib(task, &inputs, &Options { threads, ..opts.clone() });
            prop_assert_eq!(one, many);
        }
    }
}

/// Runs the binary under `ulimit -v KIB` (address space), where the
/// system refuses most of the threads asked for: exit code, stdout,
/// stderr.
fn under_address_limit(kib: u64, args: &[&str], input: &str) -> (i32, String, String) {
    let bin = common::bin::path();
    let script = format!("ulimit -v {kib} && exec \"$0\" \"$@\"");
    let out = assert_cmd::Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(bin)
        .args(args)
        .write_stdin(input.to_owned())
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn threads_the_system_refuses_mean_fewer_threads_not_a_panic() {
    // At most 256 threads (dlx::MAX_THREADS): more is refused.
    let out = dlx()
        .args(["solve", "--threads", "1024"])
        .write_stdin("")
        .assert()
        .code(2);
    let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(err.contains("1024 is not in 0..=256"), "{err}");
    // In 500,000 KiB of address space not even 256 thread stacks fit: the
    // run goes on with the threads that started, and prints what one
    // thread prints.
    let puzzles: String = (0..40).map(|_| "21...4...23...12\n").collect();
    let one = dlx()
        .args(["solve", "--threads", "1"])
        .write_stdin(puzzles.clone())
        .output()
        .unwrap();
    let one = String::from_utf8(one.stdout).unwrap();
    assert_eq!(one.lines().count(), 40);
    let (code, out, err) = under_address_limit(500_000, &["solve", "--threads", "256"], &puzzles);
    assert_eq!((code, out.as_str()), (0, one.as_str()), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    let one = dlx()
        .args(["generate", "--count", "20", "--seed", "3", "--threads", "1"])
        .output()
        .unwrap();
    let (code, out, err) = under_address_limit(
        500_000,
        &[
            "generate",
            "--count",
            "20",
            "--seed",
            "3",
            "--threads",
            "256",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.as_bytes(), one.stdout, "{err}");
    assert!(!err.contains("panicked"), "{err}");
}
