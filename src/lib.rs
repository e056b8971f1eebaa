//! `dlx`: Knuth's dancing links for exact cover, with Sudoku on top. The
//! `dlx` command (the `dlx-cli` package in `cli/`; see the README and `dlx
//! man`) is a thin layer over this library.
//!
//! # The engine: [`dlx`](mod@dlx)
//!
//! Algorithm X over dancing links, laid out as in Knuth's DLX1: items
//! (primary, or secondary with DLX2 colors) and options that cover them; the
//! search finds sets of options that cover every primary item exactly once.
//! It knows nothing of Sudoku. [`dlx::knuth`] reads Knuth's text format and
//! [`dlx::classic`] writes classic problems (queens, Langford pairs, pentominoes).
//!
//! ```
//! use dlx_engine::dlx::{EngineKind, ItemKind, Problem, Search};
//!
//! // Items a, b; options {a, b}, {a}, {b}: two exact covers.
//! let mut p = Problem::new();
//! let a = p.add_item(ItemKind::Primary);
//! let b = p.add_item(ItemKind::Primary);
//! p.add_option(&[a, b]).unwrap();
//! p.add_option(&[a]).unwrap();
//! p.add_option(&[b]).unwrap();
//! let arena = bumpalo::Bump::new();
//! let mut matrix = p.engine(&arena, EngineKind::Auto).unwrap();
//! assert_eq!(matrix.count_up_to(u64::MAX).solutions, 2);
//! ```
//!
//! # Sudoku: [`sudoku`]
//!
//! Grids of any shape from 1x1 to 64x64 boxes ([`sudoku::Shape`]), compiled
//! into exact cover and searched by the engine ([`sudoku::DlxSolver`]);
//! also a naive backtracking solver to compare with, an independent
//! checker ([`sudoku::check_solution`], [`sudoku::check_variant`]), a rater and a generator of unique puzzles.
//!
//! ```
//! use dlx_engine::sudoku::{DlxSolver, Grid, Shape, SudokuSolver};
//!
//! // The blank 4x4 grid has 288 solutions.
//! let mut solver = DlxSolver::new(Shape::FOUR);
//! let blank = Grid::empty(Shape::FOUR);
//! assert_eq!(solver.count_up_to(&blank, u64::MAX).unwrap().solutions, 288);
//! ```
//!
//! # Formats: [`format`](mod@format)
//!
//! Readers and writers of the judges' formats and the common line, grid and
//! CSV files, one [`format::Format`] each, listed in [`format::ALL`] and
//! detected from an input's first lines.
//!
//! ```
//! use dlx_engine::format::{self, Options};
//! use dlx_engine::sudoku::{DlxSolver, SudokuSolver};
//!
//! let line = format::by_name("line").unwrap();
//! let input = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
//! let opts = Options::default();
//! let case = line.read(Box::new(input.as_bytes()), &opts).next().unwrap().unwrap();
//! let mut solver = DlxSolver::new(case.grid.shape());
//! let solution = solver.solve_first(&case.grid).unwrap().unwrap();
//! let text = line.solution(1, &case.grid, &solution, &opts);
//! assert!(text.starts_with("417369825632158947"));
//! ```
#![deny(missing_docs)]

pub mod dlx;
pub mod format;
pub mod render;
pub(crate) mod rng;
pub mod sudoku;
pub mod workers;

/// The arena the engines are laid out in (`Problem::engine`, ...),
/// re-exported so that a caller needs no
/// `bumpalo` of its own.
pub use bumpalo::Bump;

/// Internals for the fuzz targets, the integration tests and the tuning
/// examples, behind the `unstable` feature. Not part of the API: anything
/// here may change or go in any release.
#[cfg(feature = "unstable")]
#[doc(hidden)]
pub mod __unstable {
    pub use crate::dlx::brute_force::count_by_brute_force;
    pub use crate::dlx::flat::FlatProblem;
    pub use crate::dlx::links::{Matrix, SanityError};

    /// How many of a cell's candidates `true_candidates` enumerates.
    pub const ENUMERATED: u64 = crate::sudoku::candidates::ENUMERATED;

    /// Every Latin square of side `n`, row by row (a second way to count).
    pub fn every_latin_square(n: usize) -> Vec<Vec<u8>> {
        crate::sudoku::verify::every_latin_square(n)
    }

    /// The dancing links of `problem` in `arena` (`Problem::build`).
    pub fn build_links<'a>(
        problem: &crate::dlx::Problem,
        arena: &'a bumpalo::Bump,
    ) -> Result<Matrix<'a>, crate::dlx::BuildError> {
        problem.build(arena)
    }

    /// Sanity-checks the links of `engine` (none on the bit sets) and
    /// returns a digest of their state, to hold a search to restoring it.
    pub fn checked_digest(engine: &crate::dlx::Engine<'_>) -> Option<u64> {
        use crate::dlx::Compiled;
        match &engine.0 {
            Compiled::Multi(m) => {
                m.sanity().expect("sane");
                Some(m.state_digest())
            }
            Compiled::Links(m) => {
                m.sanity().expect("sane");
                Some(m.state_digest())
            }
            Compiled::Bits(_) | Compiled::MultiBits(_) => None,
        }
    }

    /// The f-puzzles reader's parts.
    pub mod fpuzzles {
        pub use crate::format::fpuzzles::{FPuzzles, parse_json};
    }
    /// The line reader's parts.
    pub mod line {
        pub use crate::format::line::parse_line;
    }
    /// lz-string, as SudokuPad and f-puzzles use it.
    pub mod lzstring {
        pub use crate::format::lzstring::{compress_to_base64, decompress_from_base64};
    }
    /// The SudokuPad reader's parts.
    pub mod sudokupad {
        pub use crate::format::sudokupad::{SudokuPad, drawings, read_link, write, zip};
    }
    /// The pictures' parts.
    pub mod render {
        /// The side of a cell in a picture's units (pixels of `svg`).
        pub const UNIT: i64 = crate::render::UNIT;
    }
    /// The Sukaku reader.
    pub mod sukaku {
        pub use crate::format::sukaku::{Sukaku, parse_line};
    }
    /// The text formats' plumbing.
    pub mod text {
        pub use crate::format::text::Lines;
    }
    /// The variant line reader's parts.
    pub mod variant {
        pub use crate::format::variant::{names_a_field, parse};
    }
}

/// The README's Rust examples, run as doc-tests so they stay true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub(crate) struct ReadmeDoctests;

/// The Rust example of docs/candidates.md, run as a doc-test.
#[doc = include_str!("../docs/candidates.md")]
#[cfg(doctest)]
pub(crate) struct CandidatesDoctests;
