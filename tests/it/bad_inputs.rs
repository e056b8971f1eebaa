//! The bad-input corpus: every `tests/data/bad/NAME.in` is piped into
//! `dlx ARGS` (`NAME.args`), and standard error, the exit code and standard
//! output must be exactly `NAME.err`, `NAME.code` and `NAME.out` (ARGS may
//! name files, relative to the crate root, instead of standard input). Inputs
//! too big to commit (a line of a million characters, a million puzzles)
//! are generated here. `BLESS=1 cargo test --test it bad_inputs::` rewrites
//! the expected files from what the binary does now, for review.

use std::fs;
use std::path::Path;

use assert_cmd::Command;

use crate::common;

fn dlx() -> Command {
    common::bin::dlx()
}

const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const SOLUTION: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

/// Runs `dlx args` on `input`: (stdout, stderr, exit code).
fn run(args: &[&str], input: Vec<u8>) -> (String, String, i32) {
    let out = dlx().args(args).write_stdin(input).output().unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().expect("dlx exits, it is not killed"),
    )
}

#[test]
fn every_bad_input_gets_its_exact_message_and_exit_code() {
    let dir = Path::new("tests/data/bad");
    let bless = std::env::var_os("BLESS").is_some();
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| {
            let name = e.unwrap().file_name().into_string().unwrap();
            name.strip_suffix(".in").map(str::to_string)
        })
        .collect();
    names.sort();
    assert!(names.len() >= 20, "the corpus is there");
    let mut failures = Vec::new();
    for name in &names {
        let path = |ext: &str| dir.join(format!("{name}.{ext}"));
        let args = fs::read_to_string(path("args")).unwrap();
        let args: Vec<&str> = args.split_whitespace().collect();
        let (stdout, stderr, code) = run(&args, fs::read(path("in")).unwrap());
        if bless {
            fs::write(path("out"), &stdout).unwrap();
            fs::write(path("err"), &stderr).unwrap();
            fs::write(path("code"), format!("{code}\n")).unwrap();
            continue;
        }
        let expected = |ext| fs::read_to_string(path(ext)).unwrap_or_default();
        let want_code: i32 = expected("code").trim().parse().unwrap();
        if (stdout.as_str(), stderr.as_str(), code)
            != (&expected("out")[..], &expected("err")[..], want_code)
        {
            failures.push(format!(
                "{name}: dlx {}\n  exit {code} (expected {want_code})\n  stderr: {stderr:?}\n  expected: {:?}\n  stdout: {stdout:?}\n  expected: {:?}",
                args.join(" "),
                expected("err"),
                expected("out"),
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_line_of_a_million_characters_is_refused_and_the_next_line_solved() {
    let input = format!("{PUZZLE}\n{}\n{PUZZLE}\n", "1".repeat(1_000_000));
    for format in ["auto", "line"] {
        let (stdout, stderr, code) = run(&["solve", "--format", format], input.clone().into());
        assert_eq!(
            stderr,
            "dlx: <stdin>: line 2: the line is longer than 65536 bytes, far beyond any puzzle; skipped\n"
        );
        assert_eq!(
            stdout,
            format!("{SOLUTION}\n# bad input: <stdin> line 2\n{SOLUTION}\n")
        );
        assert_eq!(code, 2);
    }
}

#[test]
fn a_huge_row_in_a_grid_is_one_bad_case_and_the_next_grid_is_read() {
    let rows = "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n";
    let input = format!("{rows}\n{}\n\n{rows}", "9 ".repeat(500_000));
    let (stdout, stderr, code) = run(&["count", "--format", "grid"], input.into());
    assert_eq!(
        stderr,
        "dlx: <stdin>: line 6: the line is longer than 65536 bytes, far beyond any puzzle; skipped\n"
    );
    assert_eq!(
        stdout,
        "case 1: 1\n# bad input: <stdin> line 6\ncase 3: 1\n"
    );
    assert_eq!(code, 2);
}
