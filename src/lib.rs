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
//! use dlx_engine::dlx::{ItemKind, Problem, Search};
//!
//! // Items a, b; options {a, b}, {a}, {b}: two exact covers.
//! let mut p = Problem::new();
//! let a = p.add_item(ItemKind::Primary);
//! let b = p.add_item(ItemKind::Primary);
//! p.add_option(&[a, b]).unwrap();
//! p.add_option(&[a]).unwrap();
//! p.add_option(&[b]).unwrap();
//! let arena = bumpalo::Bump::new();
//! let mut matrix = p.build(&arena).unwrap();
//! assert_eq!(matrix.count_up_to(u64::MAX).solutions, 2);
//! ```
//!
//! # Sudoku: [`sudoku`]
//!
//! Grids of any shape from 1x1 to 64x64 boxes ([`sudoku::Shape`]), compiled
//! into exact cover and searched by the engine ([`sudoku::DlxSolver`]);
//! also a naive backtracking solver to compare with, an independent
//! checker ([`sudoku::verify`]), a rater and a generator of unique puzzles.
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
pub mod rng;
pub mod sudoku;
pub mod workers;

/// The arena the engines are laid out in (`Problem::build`,
/// `Problem::engine`, ...), re-exported so that a caller needs no
/// `bumpalo` of its own.
pub use bumpalo::Bump;

/// Stopping long work from outside; it lives with the engine, whose
/// searches ask it ([`dlx::cancel`]).
pub use dlx::cancel;

/// The README's Rust examples, run as doc-tests so they stay true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

/// The Rust example of docs/candidates.md, run as a doc-test.
#[doc = include_str!("../docs/candidates.md")]
#[cfg(doctest)]
pub struct CandidatesDoctests;
