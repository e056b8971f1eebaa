//! Where a run's answers go ([`Output`]), resolved once from the flags:
//! past them no output kind travels as a name, and nothing compares one.

use std::fmt;
use std::path::PathBuf;

use dlx_engine::format::Format;

/// Where each case's answer goes.
#[derive(Clone, Default)]
pub enum Output {
    /// The task's own text: `solve` and `count` write each case in its
    /// input's format, the other tasks their lines (`rate`, `explain`,
    /// `candidates`).
    #[default]
    Text,
    /// `solve` and `count`: each case in this format (`--output NAME`).
    /// `solve` writes a case in a format that writes links
    /// ([`Format::link`]: `fpuzzles`, `sudokupad`) as a link, the
    /// puzzle's rules and solution inside.
    Format(&'static dyn Format),
    /// One JSON object per case and line (`--json`, docs/json.md).
    JsonLines,
    /// A picture per case (`--output svg` or `pdf`, `dlx render`).
    Pictures(Pictures),
}

impl Output {
    /// Whether the run writes JSON Lines.
    pub fn is_json_lines(&self) -> bool {
        matches!(self, Output::JsonLines)
    }
}

impl fmt::Debug for Output {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Output::Text => f.write_str("Text"),
            Output::Format(format) => f.debug_tuple("Format").field(&format.name()).finish(),
            Output::JsonLines => f.write_str("JsonLines"),
            Output::Pictures(pictures) => f.debug_tuple("Pictures").field(pictures).finish(),
        }
    }
}

/// How the pictures of a run are drawn and where they go.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pictures {
    /// An SVG document per case (or page), or one PDF document.
    pub kind: PictureKind,
    /// `--output-dir`: each case's SVG document to this folder as
    /// [`super::file_name`] of its case number over the run (a sheet's
    /// pages as `page-KKKK.svg`, a PDF as [`super::PDF_FILE`]), instead of
    /// the run's one picture to standard output.
    pub dir: Option<PathBuf>,
    /// `--per-page`: the pictures gathered onto A4 pages of this many
    /// puzzles, their solutions on the pages after (`render::sheet_pages`),
    /// written at the end of the run.
    pub per_page: Option<usize>,
    /// Pictures of solved puzzles (`solve --output svg`, `render
    /// --solve`): the solve is run and checked, but only the givens are
    /// drawn (the puzzle to print).
    pub givens_only: bool,
}

impl Pictures {
    /// Whether the pictures are gathered onto pages (`--per-page`, or a
    /// PDF) rather than written a case at a time.
    pub(super) fn on_pages(&self) -> bool {
        self.per_page.is_some() || self.kind == PictureKind::Pdf
    }
}

/// What a picture is written as.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PictureKind {
    /// An SVG document per case, or per page of a sheet.
    #[default]
    Svg,
    /// One PDF document of A4 pages (`dlx_engine::render::pdf_document`).
    Pdf,
}

impl PictureKind {
    /// Every kind, in the order `--output` lists them.
    pub const ALL: [PictureKind; 2] = [PictureKind::Svg, PictureKind::Pdf];

    /// The name `--output` takes for it.
    pub fn name(self) -> &'static str {
        match self {
            PictureKind::Svg => "svg",
            PictureKind::Pdf => "pdf",
        }
    }
}
