//! What an installed `dlx` tells about itself: `--version`, shell
//! completions that a shell accepts, and a man page covering every
//! subcommand and flag that `--help` shows.

use std::process::Command as Process;

use assert_cmd::Command;

use crate::common;

fn dlx() -> Command {
    common::bin::dlx()
}

fn stdout(args: &[&str]) -> String {
    let out = dlx().args(args).assert().success();
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

/// The subcommand names of a `--help` page's "Commands:" list.
fn subcommands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .map(str::to_owned)
        .collect()
}

/// Every `--long` flag a `--help` page lists in its options.
fn long_flags(help: &str) -> Vec<String> {
    help.lines()
        .map(str::trim_start)
        .filter(|l| l.starts_with('-'))
        .flat_map(|l| l.split([' ', ',', '=', '[', '<']))
        .filter(|w| w.starts_with("--") && w.len() > 2)
        .map(str::to_owned)
        .collect()
}

#[test]
fn version_names_the_package_version() {
    let version = stdout(&["--version"]);
    let expected = format!("dlx {}", env!("CARGO_PKG_VERSION"));
    assert!(version.starts_with(&expected), "{version}");
    assert!(version.starts_with("dlx 0.2.0"), "{version}");
    // From a git checkout the short commit follows: "dlx 0.2.0 (rev abc1234)".
    let rest = version[expected.len()..].trim_end();
    assert!(
        rest.is_empty()
            || rest
                .strip_prefix(" (rev ")
                .and_then(|r| r.strip_suffix(')'))
                .is_some_and(|r| r.len() >= 7 && r.chars().all(|c| c.is_ascii_hexdigit())),
        "{version}"
    );
}

#[test]
fn the_bash_completion_script_loads_in_bash_and_registers_dlx() {
    if Process::new("bash").arg("--version").output().is_err() {
        eprintln!("no bash here: skipped");
        return;
    }
    let script = stdout(&["completions", "bash"]);
    let dir = std::env::temp_dir().join(format!("dlx-completions-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("dlx.bash");
    std::fs::write(&file, script).unwrap();
    let out = Process::new("bash")
        .arg("-c")
        .arg("source \"$0\" && complete -p dlx")
        .arg(&file)
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{printed}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(printed.starts_with("complete "), "{printed}");
    assert!(printed.trim_end().ends_with(" dlx"), "{printed}");
}

#[test]
fn every_shell_gets_a_script_and_an_unknown_one_is_refused() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let script = stdout(&["completions", shell]);
        assert!(script.contains("dlx"), "{shell}: {script}");
        assert!(script.contains("generate"), "{shell} lacks a subcommand");
    }
    dlx().args(["completions", "tcsh"]).assert().code(2);
}

#[test]
fn the_man_page_names_every_subcommand_and_long_flag_of_the_help() {
    let page = stdout(&["man"]);
    assert!(page.starts_with(".TH "), "{}", &page[..page.len().min(200)]);
    assert_eq!(page.matches("\n.TH ").count(), 0);
    // Roff escapes '-' as '\-'; the text a reader sees has plain dashes.
    let text = page.replace("\\-", "-");
    let mut checked = 0;
    let mut pending = vec![vec![]];
    while let Some(path) = pending.pop() {
        let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
        args.push("--help");
        let help = stdout(&args);
        for flag in long_flags(&help) {
            assert!(
                text.contains(&format!("\\fB{flag}\\fR")),
                "{flag} of dlx {path:?} is not in the man page"
            );
            checked += 1;
        }
        for sub in subcommands(&help) {
            if sub == "help" {
                continue;
            }
            let mut name = path.clone();
            name.push(sub);
            assert!(
                text.contains(&format!(".SH \"DLX {}\"", name.join(" ").to_uppercase())),
                "dlx {name:?} has no section in the man page"
            );
            pending.push(name);
        }
    }
    // The walk reached the subcommands: solve alone has a dozen flags.
    assert!(checked > 50, "only {checked} flags checked");
}
