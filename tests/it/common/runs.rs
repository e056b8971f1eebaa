//! Running `dlx solve` and `dlx count` from tests: through the library
//! with captured output, or through the binary; the sample files and a
//! long line stream they run on.

use std::path::PathBuf;

use assert_cmd::Command;
use dlx_cli::Input;
use dlx_cli::sudoku::{Options, Output, Task, run};

/// What a run printed and returned.
#[derive(Debug, PartialEq, Eq)]
pub struct Run {
    pub out: String,
    pub err: String,
    pub code: u8,
}

/// Runs `task` through the library, with `--json`'s measured times taken
/// out.
pub fn run_lib(task: Task, inputs: &[Input], opts: &Options) -> Run {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let status = run(task, inputs, opts, &mut out, &mut err);
    let mut out = String::from_utf8(out).unwrap();
    if opts.output.is_json_lines() {
        out = without_microseconds(&out);
    }
    Run {
        out,
        err: String::from_utf8(err).unwrap(),
        code: status.code(),
    }
}

/// JSON Lines with the one field that varies between runs taken out.
pub fn without_microseconds(text: &str) -> String {
    text.lines()
        .map(|line| {
            let mut value: serde_json::Value = serde_json::from_str(line).unwrap();
            let object = value.as_object_mut().unwrap();
            assert!(object.remove("microseconds").is_some(), "{line}");
            format!("{value}\n")
        })
        .collect()
}

/// The variants every sample runs under: solve and count, plain, with
/// `--json`, `--fail-fast` and `--max-nodes`.
pub fn variants() -> Vec<(Task, Options)> {
    let count = Task::Count {
        limit: u64::MAX,
        progress: false,
    };
    let two = Task::Count {
        limit: 2,
        progress: false,
    };
    let json = Options {
        output: Output::JsonLines,
        ..Options::default()
    };
    let fail_fast = Options {
        fail_fast: true,
        ..Options::default()
    };
    let cut = Options {
        max_nodes: Some(60),
        ..Options::default()
    };
    vec![
        (Task::Solve, Options::default()),
        (count, Options::default()),
        (Task::Solve, json.clone()),
        (two, json.clone()),
        (Task::Solve, fail_fast.clone()),
        (two, fail_fast.clone()),
        (Task::Solve, cut.clone()),
        (count, cut.clone()),
        (
            Task::Solve,
            Options {
                output: Output::JsonLines,
                fail_fast: true,
                ..cut.clone()
            },
        ),
        (
            two,
            Options {
                output: Output::JsonLines,
                fail_fast: true,
                ..cut
            },
        ),
    ]
}

/// The judge and format samples, and the mixed file.
pub fn samples() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = ["data/judges", "data/formats"]
        .iter()
        .flat_map(|dir| std::fs::read_dir(dir).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    files.sort();
    files.push("data/cli/mixed.txt".into());
    files
}

/// `count` puzzles of data/bench/17_clue.txt as lines, with the line at
/// index `bad` replaced by one that does not parse.
pub fn stream(count: usize, bad: Option<usize>) -> Vec<u8> {
    let text = std::fs::read_to_string("data/bench/17_clue.txt").unwrap();
    let mut lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    lines.truncate(count);
    if let Some(i) = bad {
        lines[i] = "not a puzzle";
    }
    lines
        .iter()
        .flat_map(|l| [l.as_bytes(), b"\n"])
        .flatten()
        .copied()
        .collect()
}

/// Several inputs: one missing, one empty, one of an unknown format, two
/// good ones (and the multi-case UVa 989 sample), so that a run has
/// messages about inputs between its cases.
pub fn several_inputs() -> Vec<Input> {
    vec![
        Input::File("data/judges/hdu5547.in".into()),
        Input::File("data/no/such/file.txt".into()),
        Input::Bytes("empty".into(), Vec::new().into()),
        Input::Bytes(
            "garbage".into(),
            b"hello there\nnot a sudoku\n".to_vec().into(),
        ),
        Input::File("data/cli/mixed.txt".into()),
        Input::File("data/formats/uva989_multi.in".into()),
    ]
}

/// The `dlx` binary.
pub fn dlx() -> Command {
    super::bin::dlx()
}

/// Runs `COMMAND` (a shell line whose first `dlx ` is the program) with its standard streams
/// on a pseudo-terminal (`script`, util-linux), where progress lines are
/// drawn, killed after 60 s; its exit code and what the terminal showed.
/// `None` where `script` is missing.
pub fn on_a_terminal(command: &str) -> Option<(i32, String)> {
    let bin = super::bin::path();
    let line = command.replacen("dlx ", &format!("{} ", bin.display()), 1);
    let out = std::process::Command::new("timeout")
        .args(["60", "script", "-qec", &line, "/dev/null"])
        .stdin(std::process::Stdio::null())
        .output()
        .ok()?;
    Some((
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    ))
}
