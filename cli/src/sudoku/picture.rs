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
//! With `--per-page K` (`dlx render`) the writer keeps each drawn case
//! instead, in input order ([`Sheet`]), and the run's end writes the
//! sheet's A4 pages (`dlx_engine::render::sheet_pages`) as `DIR/page-KKKK.svg`
//! ([`page_name`]), or its one page to standard output.
//!
//! Invariant: a picture depends only on its case and the options, so the
//! files and the output are byte for byte the same at any `--threads`;
//! the writer writes them in input order, as it writes text.

use std::io;
use std::path::Path;

use super::record::error_line;
use super::{Context, Done, Job};
use crate::ExitStatus;
use dlx_engine::dlx::Outcome;
use dlx_engine::format::{Alphabet, Case};
use dlx_engine::render::{self, Highlight, Puzzle};
use dlx_engine::sudoku::Grid;
use dlx_engine::sudoku::true_candidates;
use dlx_engine::sudoku::{SolverKind, Solvers};

/// The file of a PDF sheet in `--output-dir`.
pub const PDF_FILE: &str = "sheet.pdf";

/// Puzzles to a PDF page when `--per-page` does not say: six (two across,
/// three down), or as many as there are when fewer.
pub const PDF_PER_PAGE: usize = 6;

/// Where a picture goes: its file in `--output-dir`, and its case's
/// place for messages.
#[derive(Clone, Debug, Default)]
pub(super) struct Target {
    /// `case-KKKK.svg`.
    pub file: String,
    /// `FILE: line N`.
    pub place: String,
    /// `--per-page`: the case, its solution and its pencil marks, for the
    /// sheet.
    pub item: Option<Box<Item>>,
}

/// What a case's picture is drawn from (and a sheet's case).
#[derive(Clone, Debug)]
pub(super) struct Item {
    /// The puzzle and its rules.
    pub case: Case,
    /// Its solution, if it is drawn.
    pub solution: Option<Grid>,
    /// Pencil marks, if drawn.
    pub marks: Option<Vec<u64>>,
    /// The line under the grid (`dlx rate`'s rating), if any.
    pub note: Option<String>,
    /// A step drawn on the marks (`dlx explain --output svg`), if any.
    pub highlight: Option<Highlight>,
}

impl Item {
    /// `case` alone, drawn as read.
    pub(super) fn of(case: Case) -> Self {
        Self {
            case,
            solution: None,
            marks: None,
            note: None,
            highlight: None,
        }
    }

    /// What the renderer draws of it.
    fn puzzle(&self) -> Puzzle<'_> {
        Puzzle {
            grid: &self.case.grid,
            variant: self.case.variant.as_deref(),
            solution: self.solution.as_ref(),
            marks: self.marks.as_deref(),
            note: self.note.as_deref(),
            highlight: self.highlight.as_ref(),
        }
    }
}

/// The file of case `index` (1-based over the run) in `--output-dir`.
pub fn file_name(index: usize) -> String {
    format!("case-{index:04}.svg")
}

/// `dlx render`'s compute step: the case drawn as read, with its true
/// candidates as pencil marks under `--candidates`.
pub(super) fn compute(
    job: Job,
    candidates: bool,
    ctx: &Context<'_>,
    solvers: &mut Solvers,
) -> Done {
    let case = match job.case {
        Err(e) => {
            return Done {
                err: error_line(&job.name, e.line, e.column, &e.message),
                status: ExitStatus::BadInput,
                ..Done::default()
            };
        }
        Ok(case) => case,
    };
    let mut done = Done::default();
    let marks = if candidates {
        let max_nodes = ctx.opts.max_nodes.unwrap_or(u64::MAX);
        let found = solvers
            .for_rules(SolverKind::Dlx, case.grid.shape(), case.variant.as_deref())
            .and_then(|solver| true_candidates(solver, &case.grid, max_nodes));
        let (why, status) = match &found {
            Ok(c) if c.is_settled() && c.solutions > 0 => (None, ExitStatus::Success),
            Ok(c) if c.is_settled() => (Some("no solution".to_string()), ExitStatus::NoSolution),
            Ok(c) if c.outcome == Outcome::Stopped && ctx.opts.is_interrupted() => {
                (Some("interrupted (Ctrl-C)".into()), ExitStatus::Interrupted)
            }
            Ok(_) => (
                Some(format!(
                    "not drawn: --max-nodes {max_nodes} ran out before its candidates were settled"
                )),
                ExitStatus::Unsettled,
            ),
            Err(e) => (Some(e.to_string()), ExitStatus::NoSolution),
        };
        if let Some(why) = why {
            done.err = error_line(&job.name, case.line, None, &why);
            done.status = status;
            return done;
        }
        found.ok().map(|c| c.masks)
    } else {
        None
    };
    let item = Item {
        marks,
        ..Item::of(case)
    };
    picture(&mut done, &job.name, job.index, item, ctx);
    done
}

/// Draws `item` (its case, with its solution, if any, unless
/// `--givens-only`; its marks, its step and its note under the grid)
/// into `done`, or says on its standard error why it cannot be drawn.
pub(super) fn picture(
    done: &mut Done,
    name: &str,
    index: usize,
    mut item: Item,
    ctx: &Context<'_>,
) {
    let pictures = ctx.pictures.as_ref();
    let sheet = pictures.is_some_and(|p| p.on_pages());
    // The solve was run and checked; --givens-only draws the puzzle alone.
    if pictures.is_some_and(|p| p.givens_only) {
        item.solution = None;
    }
    let puzzle = item.puzzle();
    match render::svg(&puzzle, &ctx.format_opts.alphabet) {
        Ok(text) => {
            let line = item.case.line;
            done.out = (!sheet).then_some(text);
            done.picture = Some(Target {
                file: file_name(index),
                place: format!("{name}: line {line}"),
                // A sheet's case is drawn again on its page, at the end.
                item: sheet.then(|| Box::new(item)),
            });
        }
        Err(e) => {
            done.err
                .push_str(&error_line(name, item.case.line, None, &e.to_string()));
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

/// `--per-page K`: the puzzles (and solutions) of the run, gathered in
/// input order for the pages written at its end.
pub(super) struct Sheet {
    /// Puzzles to a page (`None`: [`PDF_PER_PAGE`] or fewer).
    pub per_page: Option<usize>,
    /// One PDF document of all the pages instead of an SVG document each.
    pub pdf: bool,
    /// Each case drawn, with its solution if it has one.
    pub items: Vec<Item>,
}

/// The file of page `k` (1-based) of a sheet in `--output-dir`.
pub fn page_name(k: usize) -> String {
    format!("page-{k:04}.svg")
}

impl Sheet {
    /// Writes the pages: to `dir` as [`page_name`]s, or the one page to
    /// `out` (a sheet of more pages needs `dir`; it is refused on `err`).
    ///
    /// A sheet with no case on it writes nothing (no file, nothing on
    /// `out`: a PDF of no page is no document a reader opens) and says so
    /// on `err`; its status is that of the `run` so far when the cases'
    /// own messages already say why none was drawn (bad input, no
    /// solution, ...), and bad input (2) when nothing does (an input with
    /// no case).
    pub(super) fn finish(
        self,
        alphabet: &Alphabet,
        dir: Option<&Path>,
        out: &mut dyn io::Write,
        err: &mut dyn io::Write,
        run: ExitStatus,
    ) -> ExitStatus {
        if self.items.is_empty() {
            let why = if run == ExitStatus::Success {
                "the input holds no case"
            } else {
                "no case was drawn"
            };
            let what = if self.pdf { "PDF" } else { "sheet" };
            let _ = writeln!(
                err,
                "dlx: no picture to write: {why}, so no {what} is written"
            );
            return if run == ExitStatus::Success {
                ExitStatus::BadInput
            } else {
                ExitStatus::Success
            };
        }
        let puzzles: Vec<Puzzle<'_>> = self.items.iter().map(Item::puzzle).collect();
        // Every case was drawn once before it came here.
        let per_page = self
            .per_page
            .unwrap_or_else(|| puzzles.len().clamp(1, PDF_PER_PAGE));
        let pages = match render::sheet_pages(&puzzles, alphabet, per_page) {
            Ok(pages) => pages,
            Err(e) => {
                let _ = writeln!(err, "dlx: cannot draw the sheet: {e}");
                return ExitStatus::BadInput;
            }
        };
        if self.pdf {
            let bytes = match render::pdf_document(&pages) {
                Ok(bytes) => bytes,
                Err(e) => {
                    let _ = writeln!(err, "dlx: cannot write the sheet: {e}");
                    return ExitStatus::BadInput;
                }
            };
            return match dir {
                Some(dir) => match std::fs::write(dir.join(PDF_FILE), &bytes) {
                    Ok(()) => ExitStatus::Success,
                    Err(e) => {
                        let _ = writeln!(
                            err,
                            "dlx: cannot write {}: {e}",
                            dir.join(PDF_FILE).display()
                        );
                        ExitStatus::BadInput
                    }
                },
                None => match out.write_all(&bytes) {
                    Ok(()) => ExitStatus::Success,
                    Err(e) => crate::output_failed(&e, err),
                },
            };
        }
        match dir {
            Some(dir) => {
                for (k, text) in pages.iter().enumerate() {
                    if let Err(message) = write(dir, &page_name(k + 1), text) {
                        let _ = err.write_all(message.as_bytes());
                        return ExitStatus::BadInput;
                    }
                }
                ExitStatus::Success
            }
            None => {
                if let Some(first) = pages.first()
                    && let Err(e) = out.write_all(first.as_bytes())
                {
                    return crate::output_failed(&e, err);
                }
                if pages.len() > 1 {
                    let _ = writeln!(
                        err,
                        "dlx: the sheet has {} pages; standard output holds the first; name a folder with --output-dir for all",
                        pages.len()
                    );
                    return ExitStatus::BadInput;
                }
                ExitStatus::Success
            }
        }
    }
}
