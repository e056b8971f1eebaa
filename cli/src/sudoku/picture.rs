//! Pictures in the solve pipeline: `dlx render` (each case drawn as it
//! was read, without solving) and `dlx solve --output svg` (each solved
//! case drawn with its solution), one SVG document per case
//! ([`dlx_engine::render`]).
//!
//! Where they go: with `--output-dir DIR`, case `K` of the run (counted
//! over all inputs, 1-based, the unreadable cases included, so a file's
//! number is its case's whatever else failed) is written to
//! `DIR/case-KKKK.svg` ([`file_name`]); without it the run's first
//! picture goes to standard output and each later one is refused on
//! standard error (exit code 2), since one document is all a stream can
//! hold.
//!
//! Invariant: a picture depends only on its case and the options, so the
//! files and the output are byte for byte the same at any `--threads`;
//! the writer writes them in input order, as it writes text.

use std::io;
use std::path::Path;

use super::{Context, Done, Job, error_line};
use crate::ExitStatus;
use dlx_engine::format::{Alphabet, Case};
use dlx_engine::render::{self, Puzzle};
use dlx_engine::sudoku::Grid;

/// The name `--output` takes for pictures.
pub const SVG: &str = "svg";

/// Where a picture goes: its file in `--output-dir`, and its case's
/// place for messages.
#[derive(Clone, Debug, Default)]
pub(super) struct Target {
    /// `case-KKKK.svg`.
    pub file: String,
    /// `FILE: line N`.
    pub place: String,
}

/// The file of case `index` (1-based over the run) in `--output-dir`.
pub fn file_name(index: usize) -> String {
    format!("case-{index:04}.svg")
}

/// `dlx render`'s compute step: the case drawn as read.
pub(super) fn compute(job: Job, ctx: &Context<'_>) -> Done {
    match job.case {
        Err(e) => Done {
            err: error_line(&job.name, e.line, e.column, &e.message),
            status: ExitStatus::BadInput,
            ..Done::default()
        },
        Ok(case) => {
            let mut done = Done::default();
            picture(
                &mut done,
                &job.name,
                job.index,
                &case,
                None,
                &ctx.format_opts.alphabet,
            );
            done
        }
    }
}

/// Draws `case` (with `solution`, if any) into `done`, or says on its
/// standard error why it cannot be drawn.
pub(super) fn picture(
    done: &mut Done,
    name: &str,
    index: usize,
    case: &Case,
    solution: Option<&Grid>,
    alphabet: &Alphabet,
) {
    let puzzle = Puzzle {
        grid: &case.grid,
        variant: case.variant.as_deref(),
        solution,
    };
    match render::svg(&puzzle, alphabet, &render::Options::default()) {
        Ok(text) => {
            done.out = Some(text);
            done.picture = Some(Target {
                file: file_name(index),
                place: format!("{name}: line {}", case.line),
            });
        }
        Err(e) => {
            done.err
                .push_str(&error_line(name, case.line, None, &e.to_string()));
            done.status = done.status.max(ExitStatus::BadInput);
        }
    }
}

/// Writes picture `file`'s `text` into `dir`.
pub(super) fn write(dir: &Path, file: &str, text: &str) -> Result<(), String> {
    let path = dir.join(file);
    std::fs::write(&path, text).map_err(|e| format!("dlx: cannot write {}: {e}\n", path.display()))
}

/// Makes `dir` (and its parents) for `--output-dir`.
pub(super) fn make_dir(dir: &Path) -> io::Result<()> {
    std::fs::create_dir_all(dir)
}

/// What standard error says of a picture after the first when there is
/// no `--output-dir`.
pub(super) fn refused(target: &Target) -> String {
    format!(
        "dlx: {}: not drawn: standard output holds one picture; name a folder with --output-dir for more\n",
        target.place
    )
}
