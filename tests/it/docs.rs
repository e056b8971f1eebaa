//! Docs that run: every console example in `README.md` and `docs/*.md` is
//! run, and what it prints must be what the example says.
//!
//! # What is an example
//!
//! A fenced block whose info string is `console` (```` ```console ````).
//! Its lines that start with `$ ` are commands; the lines after a command,
//! up to the next command or the end of the block, are what it prints.
//! Other fenced blocks (```` ```sh ````, ```` ```text ````, ...) are not
//! run.
//!
//! # How it runs
//!
//! The commands of one block run one after another in one `bash` (so `$?`,
//! `<(...)`, loops and pipes work as typed), in the repository root, with
//! the `dlx` this test was built with first on `PATH`, standard input
//! empty, and standard error joined to standard output (`exec 2>&1`):
//! what is compared is what a terminal would show, stderr lines included,
//! in the order they were written. A block gets two minutes.
//!
//! # Elisions (trycmd's conventions)
//!
//! For what honestly varies from run to run (times, rates, progress lines
//! that come every few seconds), the expected text may say:
//!
//! - `...` on a line of its own: any number of lines, none included;
//! - `[..]` inside a line: any text within that line.
//!
//! Everything else must match exactly, line for line.
//!
//! # Examples that do not run here
//!
//! An HTML comment on the line before the fence (blank lines between are
//! allowed) marks a block, with the reason written out:
//!
//! - `<!-- docs-test: slow REASON -->`: too long for every `cargo test`;
//!   it runs with `cargo test --release --test it docs:: -- --ignored`;
//! - `<!-- docs-test: skip REASON -->`: never run (it needs something a
//!   test cannot give it, such as a terminal); the run lists it on
//!   standard error (`--nocapture` shows it).
//!
//! A `docs-test` comment that is neither, or that gives no reason, is an
//! error, as is any other word after `console` in the info string: no
//! example is left out silently.
#![cfg(unix)]

use std::io::Read;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common;

/// How long one block may run before it counts as failed.
const BLOCK_LIMIT: Duration = Duration::from_secs(120);

/// The byte that ends each command's output in the joined stream.
const MARK: char = '\u{1e}';

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mark {
    Run,
    Slow,
    Skip,
}

#[derive(Debug)]
struct Step {
    line: usize,
    command: String,
    expected: Vec<String>,
}

#[derive(Debug)]
struct Block {
    file: String,
    line: usize,
    mark: Mark,
    reason: String,
    steps: Vec<Step>,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `README.md` and every `docs/*.md`, as paths relative to the root.
fn documents() -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.ends_with(".md"))
        .map(|name| format!("docs/{name}"))
        .collect();
    files.sort();
    files.insert(0, "README.md".to_string());
    files
}

/// The `docs-test` comment `line` holds, if any.
fn marker(file: &str, number: usize, line: &str) -> Result<Option<(Mark, String)>, String> {
    let Some(rest) = line.trim().strip_prefix("<!--") else {
        return Ok(None);
    };
    let Some(body) = rest.trim().strip_prefix("docs-test:") else {
        return Ok(None);
    };
    let Some(body) = body.trim_end().strip_suffix("-->") else {
        return Err(format!(
            "{file}:{number}: a docs-test comment must end on its line"
        ));
    };
    let body = body.trim();
    let (word, reason) = body.split_once(' ').unwrap_or((body, ""));
    let mark = match word {
        "slow" => Mark::Slow,
        "skip" => Mark::Skip,
        _ => {
            return Err(format!(
                "{file}:{number}: docs-test comment says {word:?}: expected `slow` or `skip`"
            ));
        }
    };
    if reason.trim().is_empty() {
        return Err(format!(
            "{file}:{number}: docs-test `{word}` without a reason"
        ));
    }
    Ok(Some((mark, reason.trim().to_string())))
}

/// The console blocks of `text` (the contents of `file`).
fn blocks(file: &str, text: &str) -> Result<Vec<Block>, String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    let mut i = 0;
    // The marker seen since the last non-blank line, if any.
    let mut pending: Option<(usize, Mark, String)> = None;
    while i < lines.len() {
        let line = lines[i];
        let trimmed = line.trim_start();
        if let Some(m) = marker(file, i + 1, line)? {
            pending = Some((i + 1, m.0, m.1));
            i += 1;
            continue;
        }
        if !trimmed.starts_with("```") {
            if !trimmed.is_empty()
                && let Some((at, _, _)) = pending
            {
                return Err(format!(
                    "{file}:{at}: a docs-test comment must come just before a console block"
                ));
            }
            i += 1;
            continue;
        }
        let indent = line.len() - trimmed.len();
        let fence_len = trimmed.chars().take_while(|&c| c == '`').count();
        let info = trimmed[fence_len..].trim();
        let close = |l: &str| {
            let t = l.trim_start();
            t.starts_with(&"`".repeat(fence_len)) && t.trim_matches('`').trim().is_empty()
        };
        let start = i;
        i += 1;
        let mut body = Vec::new();
        while i < lines.len() && !close(lines[i]) {
            let l = lines[i];
            body.push(
                l.get(indent.min(l.len() - l.trim_start().len())..)
                    .unwrap_or(l),
            );
            i += 1;
        }
        i += 1;
        let mark = pending.take();
        let mut words = info.split_whitespace();
        if words.next() != Some("console") {
            if let Some((at, _, _)) = mark {
                return Err(format!(
                    "{file}:{at}: a docs-test comment must come just before a console block"
                ));
            }
            continue;
        }
        if let Some(word) = words.next() {
            return Err(format!(
                "{file}:{}: ```console {word}: mark a block with a docs-test comment before it",
                start + 1
            ));
        }
        let mut steps: Vec<Step> = Vec::new();
        for (k, l) in body.iter().enumerate() {
            if let Some(command) = l.strip_prefix("$ ") {
                steps.push(Step {
                    line: start + 2 + k,
                    command: command.to_string(),
                    expected: Vec::new(),
                });
            } else if let Some(step) = steps.last_mut() {
                step.expected.push(l.to_string());
            } else {
                return Err(format!(
                    "{file}:{}: a console block must start with a `$ ` command",
                    start + 2 + k
                ));
            }
        }
        let (mark, reason) = match mark {
            Some((_, m, r)) => (m, r),
            None => (Mark::Run, String::new()),
        };
        found.push(Block {
            file: file.to_string(),
            line: start + 1,
            mark,
            reason,
            steps,
        });
    }
    if let Some((at, _, _)) = pending {
        return Err(format!(
            "{file}:{at}: a docs-test comment must come just before a console block"
        ));
    }
    Ok(found)
}

fn all_blocks() -> Vec<Block> {
    let mut all = Vec::new();
    let mut errors = Vec::new();
    for file in documents() {
        let text = std::fs::read_to_string(root().join(&file)).unwrap();
        match blocks(&file, &text) {
            Ok(b) => all.extend(b),
            Err(e) => errors.push(e),
        }
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
    all
}

/// Whether `actual` is what `expected` says, with its elisions.
fn line_matches(expected: &str, actual: &str) -> bool {
    let parts: Vec<&str> = expected.split("[..]").collect();
    if parts.len() == 1 {
        return expected == actual;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if actual.len() < first.len() + last.len()
        || !actual.starts_with(first)
        || !actual.ends_with(last)
    {
        return false;
    }
    let mut rest = &actual[first.len()..actual.len() - last.len()];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    true
}

fn lines_match(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((e, rest)) if e == "..." => {
            (0..=actual.len()).any(|k| lines_match(rest, &actual[k..]))
        }
        Some((e, rest)) => {
            !actual.is_empty() && line_matches(e, actual[0]) && lines_match(rest, &actual[1..])
        }
    }
}

/// The bash script for `block`: each command's output followed by MARK.
fn script(block: &Block) -> String {
    let dlx = common::bin::path().to_path_buf();
    let bin = dlx.parent().unwrap();
    let mut s = format!(
        "exec 2>&1\nexport PATH={}:\"$PATH\"\ncd {}\n",
        quote(bin),
        quote(&root())
    );
    for step in &block.steps {
        s.push_str(&step.command);
        // `(exit ...)` gives the next command the status in `$?`.
        s.push_str("\n__docs_status=$?; printf '\\036\\n'; (exit $__docs_status)\n");
    }
    s
}

fn quote(path: &Path) -> String {
    format!("'{}'", path.display().to_string().replace('\'', "'\\''"))
}

/// Runs `block`; `Err` says how it differs from the document.
fn run(block: &Block) -> Result<(), String> {
    let mut child = Command::new("bash")
        .args(["--noprofile", "--norc", "-c", &script(block)])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .env_remove("RAYON_NUM_THREADS")
        .process_group(0)
        .spawn()
        .expect("bash");
    let mut out = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        out.read_to_end(&mut bytes).unwrap();
        bytes
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if start.elapsed() > BLOCK_LIMIT {
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let place = format!("{}:{}", block.file, block.line);
    if status.is_none() {
        // The commands it started may hold the pipe open: end its whole
        // process group (its own, from `process_group(0)`).
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{}", child.id())])
            .status();
        let _ = child.kill();
        let _ = child.wait();
        return Err(format!("{place}: still running after {BLOCK_LIMIT:?}"));
    }
    let text = String::from_utf8_lossy(&reader.join().unwrap()).into_owned();
    let outputs: Vec<&str> = text.split(&format!("{MARK}\n")).collect();
    let mut failures = Vec::new();
    for (k, step) in block.steps.iter().enumerate() {
        let Some(output) = outputs.get(k) else {
            failures.push(format!(
                "{}:{}: `{}` did not finish (the shell stopped):\n{text}",
                block.file, step.line, step.command
            ));
            break;
        };
        let actual: Vec<&str> = output.lines().collect();
        if !lines_match(&step.expected, &actual) {
            failures.push(format!(
                "{}:{}: $ {}\n--- the document says:\n{}\n--- it printed:\n{}",
                block.file,
                step.line,
                step.command,
                step.expected.join("\n"),
                actual.join("\n")
            ));
        }
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("\n\n"))
    }
}

/// Runs the blocks marked `mark` on a few threads; panics with every
/// difference.
fn run_all(mark: Mark) {
    let blocks: Vec<Block> = all_blocks()
        .into_iter()
        .filter(|b| b.mark == mark)
        .collect();
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get().min(2));
    let next = std::sync::atomic::AtomicUsize::new(0);
    let failures = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                loop {
                    let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(block) = blocks.get(k) else { break };
                    let start = Instant::now();
                    let result = run(block);
                    eprintln!(
                        "{}:{}: {} in {:.1} s",
                        block.file,
                        block.line,
                        if result.is_ok() { "ok" } else { "FAILED" },
                        start.elapsed().as_secs_f64()
                    );
                    if let Err(e) = result {
                        failures
                            .lock()
                            .unwrap()
                            .push((block.file.clone(), block.line, e));
                    }
                }
            });
        }
    });
    let mut failures = failures.into_inner().unwrap();
    failures.sort();
    let report: Vec<String> = failures.into_iter().map(|f| f.2).collect();
    assert!(
        report.is_empty(),
        "{} console block(s) no longer print what the docs say:\n\n{}",
        report.len(),
        report.join("\n\n")
    );
}

#[test]
fn console_examples_print_what_the_docs_say() {
    for b in all_blocks().iter().filter(|b| b.mark != Mark::Run) {
        let how = if b.mark == Mark::Slow {
            "slow, runs with --ignored"
        } else {
            "not run"
        };
        eprintln!("{}:{}: {how}: {}", b.file, b.line, b.reason);
    }
    run_all(Mark::Run);
}

#[test]
#[ignore = "the examples marked `docs-test: slow`; run with --ignored"]
fn slow_console_examples_print_what_the_docs_say() {
    run_all(Mark::Slow);
}

#[test]
fn the_docs_have_console_examples_and_each_has_a_command() {
    let all = all_blocks();
    assert!(all.len() >= 20, "only {} console blocks found", all.len());
    for b in &all {
        assert!(
            !b.steps.is_empty(),
            "{}:{}: a console block with no command",
            b.file,
            b.line
        );
    }
}

#[test]
fn elisions_match_what_they_say_and_nothing_else() {
    let v = |lines: &[&str]| lines.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    assert!(line_matches("0.025 s, bits engine", "0.025 s, bits engine"));
    assert!(!line_matches(
        "0.025 s, bits engine",
        "0.026 s, bits engine"
    ));
    assert!(line_matches("[..] s, bits engine", "0.026 s, bits engine"));
    assert!(line_matches("a [..] b [..] c", "a x b y c"));
    assert!(line_matches("a [..] b [..] c", "a  b  c"));
    assert!(!line_matches("a [..] b [..] c", "a x c y b"));
    assert!(!line_matches("x[..]x", "x"));
    assert!(line_matches("[..]", ""));
    assert!(lines_match(&v(&["a", "...", "b"]), &["a", "b"]));
    assert!(lines_match(&v(&["a", "...", "b"]), &["a", "1", "2", "b"]));
    assert!(!lines_match(&v(&["a", "...", "b"]), &["a", "1", "2"]));
    assert!(!lines_match(&v(&["a"]), &["a", "b"]));
    assert!(!lines_match(&v(&["a", "b"]), &["a"]));
    assert!(lines_match(&v(&["..."]), &[]));
}

#[test]
fn markers_and_fences_are_read_strictly() {
    let ok = "<!-- docs-test: slow it takes a minute -->\n\n```console\n$ true\n```\n";
    let b = blocks("t.md", ok).unwrap();
    assert_eq!(
        (b[0].mark, b[0].reason.as_str()),
        (Mark::Slow, "it takes a minute")
    );
    assert_eq!(b[0].steps[0].line, 4);
    for bad in [
        "<!-- docs-test: skip -->\n```console\n$ true\n```\n",
        "<!-- docs-test: later reasons -->\n```console\n$ true\n```\n",
        "<!-- docs-test: skip why -->\ntext\n```console\n$ true\n```\n",
        "<!-- docs-test: skip why -->\n```sh\ntrue\n```\n",
        "```console ignore\n$ true\n```\n",
        "```console\noutput first\n```\n",
    ] {
        assert!(blocks("t.md", bad).is_err(), "{bad}");
    }
    let sh = blocks("t.md", "```sh\n$ not run\n```\n").unwrap();
    assert!(sh.is_empty());
}
