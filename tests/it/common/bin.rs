//! The `dlx` binary the integration tests run. It belongs to the dlx-cli
//! package (`cli/`), not to this one, so cargo does not build it for these
//! tests by itself (nor sets `CARGO_BIN_EXE_dlx`): the first test of a test
//! process that needs it runs `cargo build -p dlx-cli --bin dlx` with the
//! tests' own profile and target directory, which is quick when it is up
//! to date, and never runs a stale binary.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

/// The path of the up-to-date `dlx` binary.
pub fn path() -> &'static Path {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(build)
}

/// `dlx` as an `assert_cmd` command.
pub fn dlx() -> assert_cmd::Command {
    assert_cmd::Command::new(path())
}

fn build() -> PathBuf {
    // A test runs as target/<profile>/deps/<test>-<hash>.
    let exe = std::env::current_exe().expect("the test's own path");
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("target/<profile>/deps");
    let target_dir = profile_dir.parent().expect("target/");
    let profile = profile_dir
        .file_name()
        .and_then(|p| p.to_str())
        .expect("a profile name");
    let profile = if profile == "debug" { "dev" } else { profile };
    let status = Command::new(env!("CARGO"))
        .args(["build", "--quiet", "--package", "dlx-cli", "--bin", "dlx"])
        .args(["--profile", profile])
        .arg("--manifest-path")
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"))
        .arg("--target-dir")
        .arg(target_dir)
        .status()
        .expect("cargo runs");
    assert!(status.success(), "cargo build -p dlx-cli failed");
    profile_dir.join(format!("dlx{}", std::env::consts::EXE_SUFFIX))
}

/// Runs `dlx ARGS` with `stdin` written to it from another thread (so a
/// large input cannot fill the pipe while the output does): its exit code
/// (-1 if a signal ended it), standard output and standard error.
pub fn run_with_stdin(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(path())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dlx starts");
    let mut input = child.stdin.take().expect("a piped standard input");
    let text = stdin.to_owned();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(text.as_bytes());
    });
    let out = child.wait_with_output().expect("dlx ends");
    writer.join().expect("the writer ends");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).expect("UTF-8 output"),
        String::from_utf8(out.stderr).expect("UTF-8 errors"),
    )
}
