//! What the `dlx` command says about itself to shells and to `man`: a
//! completion script per shell, and one roff manual page for the command
//! and all its subcommands. Both take the binary's `clap::Command`, so they
//! follow its flags without a copy here.

use std::io::Write;

use clap::Command;
pub use clap_complete::Shell;

use super::{ExitStatus, output_failed};

/// The roff preamble that `roff` puts before each rendering (it defines the
/// `Aq` apostrophe string); kept once, after `.TH`, in [`man_page`].
const APOSTROPHE_PREAMBLE: &str = ".ie \\n(.g .ds Aq \\(aq\n.el .ds Aq '\n";

/// The completion script of `cmd` for `shell`, registered for `cmd`'s name.
pub fn completions(shell: Shell, mut cmd: Command) -> Vec<u8> {
    let name = cmd.get_name().to_owned();
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut cmd, name, &mut script);
    script
}

/// One man page (section 1) for `cmd`: the command's own page, then a
/// section per subcommand (`.SH "DLX SOLVE"`) with its synopsis,
/// description, options and notes as subsections. It starts with `.TH`.
pub fn man_page(mut cmd: Command) -> String {
    cmd.build();
    let top = render(&cmd);
    let (title, body) = top.split_once('\n').unwrap_or((&top, ""));
    let mut page = format!("{title}\n{APOSTROPHE_PREAMBLE}{body}");
    subcommand_sections(&cmd, &mut page);
    page
}

/// Appends a section for each visible subcommand of `cmd`, then for theirs
/// (`dlx problem queens`), depth first.
fn subcommand_sections(cmd: &Command, page: &mut String) {
    for sub in cmd.get_subcommands() {
        if sub.is_hide_set() || sub.get_name() == "help" {
            continue;
        }
        let name = sub.get_bin_name().unwrap_or(sub.get_name());
        page.push_str(&format!(".SH \"{}\"\n", name.to_uppercase()));
        let text = render(sub);
        for line in text.lines().skip(1) {
            match line.strip_prefix(".SH ") {
                Some(heading) => page.push_str(&format!(".SS {heading}\n")),
                None => {
                    page.push_str(line);
                    page.push('\n');
                }
            }
        }
        subcommand_sections(sub, page);
    }
}

/// Writes `text` (a script or a page) to `out`: success, or quiet success
/// when the reader went away, or 2 with the error on `err`.
pub fn print(text: &[u8], out: &mut dyn Write, err: &mut dyn Write) -> ExitStatus {
    match out.write_all(text).and_then(|()| out.flush()) {
        Ok(()) => ExitStatus::Success,
        Err(e) => output_failed(&e, err),
    }
}

/// `cmd`'s page as text, without the preamble (so `.TH` is its first
/// line). Its list of subcommands names them as `dlx solve`, the heading of
/// their section here, instead of clap_mangen's `dlx-solve(1)`, a page of
/// their own that is not installed.
fn render(cmd: &Command) -> String {
    let mut out = Vec::new();
    let man = clap_mangen::Man::new(cmd.clone());
    man.render(&mut out).expect("writing to a Vec cannot fail");
    let mut text = String::from_utf8(out).expect("roff output is UTF-8");
    if let Some(rest) = text.strip_prefix(APOSTROPHE_PREAMBLE) {
        text = rest.to_owned();
    }
    let display = cmd.get_display_name().unwrap_or(cmd.get_name());
    let bin = cmd.get_bin_name().unwrap_or(cmd.get_name());
    for sub in cmd.get_subcommands() {
        let page = format!("\n{display}-{}(1)\n", sub.get_name()).replace('-', "\\-");
        let name = format!("\n\\fB{bin} {}\\fR\n", sub.get_name()).replace('-', "\\-");
        text = text.replace(&page, &name);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::{Arg, ArgAction};

    fn cli() -> Command {
        Command::new("demo")
            .version("1.0")
            .about("A demo.")
            .subcommand(
                Command::new("run")
                    .about("Run it.")
                    .arg(Arg::new("fast").long("fast").action(ArgAction::SetTrue)),
            )
    }

    #[test]
    fn the_man_page_has_one_title_then_the_preamble_and_a_section_per_subcommand() {
        let page = man_page(cli());
        assert!(page.starts_with(".TH "), "{page}");
        assert_eq!(page.matches(".TH ").count(), 1, "{page}");
        assert_eq!(page.matches(".ds Aq").count(), 2, "{page}");
        assert!(page.contains(".SH \"DEMO RUN\"\n"), "{page}");
        assert!(page.contains("\\-\\-fast"), "{page}");
        assert!(!page.contains("DEMO HELP"), "{page}");
        assert!(page.contains("\n\\fBdemo run\\fR\n"), "{page}");
        assert!(!page.contains("(1)"), "{page}");
    }

    #[test]
    fn a_bash_script_registers_the_command_name() {
        let script = String::from_utf8(completions(Shell::Bash, cli())).unwrap();
        assert!(script.contains("complete -F _demo"), "{script}");
    }
}
