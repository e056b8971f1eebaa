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
//! [`dlx::Classic`] writes classic problems (queens, Langford pairs, pentominoes).
//!
//! ```
//! use std::ops::ControlFlow;
//! use dlx_engine::dlx::{ItemKind, Problem, Runner};
//!
//! // Items a, b; options {a, b}, {a}, {b}: two exact covers.
//! let mut p = Problem::new();
//! let a = p.add_item(ItemKind::Primary);
//! let b = p.add_item(ItemKind::Primary);
//! p.add_option(&[a, b]).unwrap();
//! p.add_option(&[a]).unwrap();
//! p.add_option(&[b]).unwrap();
//! let runner = Runner::default(); // this thread, no bound
//! assert_eq!(runner.count(&p, None).unwrap().count.solutions, 2);
//! let mut covers = Vec::new();
//! runner.solutions(&p, |options| {
//!     covers.push(options.to_vec());
//!     ControlFlow::Continue(())
//! }).unwrap();
//! assert_eq!(covers.len(), 2);
//! ```
//!
//! # Sudoku: [`sudoku`]
//!
//! Grids of any shape from 1x1 to 64x64 boxes ([`sudoku::Shape`]), compiled
//! into exact cover and searched by the engine, or by a naive backtracking
//! solver to compare with ([`sudoku::Solvers`], which also rates, explains
//! and estimates); an independent checker ([`sudoku::check_variant`]) and
//! a generator of unique puzzles.
//!
//! ```
//! use dlx_engine::sudoku::{Grid, Shape, SolverKind, Solvers};
//!
//! // The blank 4x4 grid has 288 solutions.
//! let four = Shape::new(2, 2).unwrap();
//! let mut solvers = Solvers::default();
//! let solver = solvers.for_rules(SolverKind::Dlx, four, None).unwrap();
//! let blank = Grid::empty(four);
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
//! use dlx_engine::sudoku::{SolverKind, Solvers};
//!
//! let line = format::by_name("line").unwrap();
//! let input = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
//! let opts = Options::default();
//! let case = line.read(Box::new(input.as_bytes()), &opts).next().unwrap().unwrap();
//! let mut solvers = Solvers::default();
//! let solver = solvers.for_rules(SolverKind::Dlx, case.grid.shape(), None).unwrap();
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
pub(crate) mod workers;

/// Internals for the fuzz targets, the integration tests and the tuning
/// examples, behind the `unstable` feature. Not part of the API: anything
/// here may change or go in any release.
#[cfg(feature = "unstable")]
#[doc(hidden)]
pub mod __unstable {
    pub use crate::dlx::brute_force::count_by_brute_force;
    pub use crate::dlx::cancel::Cancellable;
    pub use crate::dlx::engine::Engine;
    pub use crate::dlx::flat::FlatProblem;
    pub use crate::dlx::links::{Matrix, SanityError};
    pub use crate::dlx::parallel::Plan;
    pub use crate::dlx::search::{Search, Solution, Visitor};
    /// The arena the engines are laid out in ([`engine`]).
    pub use bumpalo::Bump;

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

    /// The kind of item `i` of `problem`.
    pub fn item_kind(problem: &crate::dlx::Problem, i: crate::dlx::ItemId) -> crate::dlx::ItemKind {
        problem.item_kind(i)
    }

    /// The items of option `k` of `problem`, each with its color, in the
    /// order given.
    pub fn option_items(
        problem: &crate::dlx::Problem,
        k: crate::dlx::OptionId,
    ) -> impl Iterator<Item = (crate::dlx::ItemId, Option<crate::dlx::Color>)> + '_ {
        problem.option_items(k)
    }

    /// Item `i`'s bounds `(lo, hi)` in `problem`: `(1, 1)` but for DLX3's.
    pub fn multiplicity(problem: &crate::dlx::Problem, i: crate::dlx::ItemId) -> (u32, u32) {
        problem.multiplicity(i)
    }

    /// Counts the solutions of `plan`'s subproblems of `problem` on
    /// `runner`'s threads, each with a memo of at most `memo` bytes if
    /// given (`Runner::count` with a plan of one's own).
    pub fn count_plan(
        runner: &crate::dlx::Runner<'_>,
        problem: &crate::dlx::Problem,
        plan: &Plan,
        memo: Option<usize>,
    ) -> Result<crate::dlx::Count, crate::dlx::RunError> {
        runner.count_plan(problem, plan, memo)
    }

    /// `problem` compiled for the engine `kind` asks for (the links' in
    /// `arena`); fails if it does not fit it.
    pub fn engine<'a>(
        problem: &crate::dlx::Problem,
        arena: &'a bumpalo::Bump,
        kind: crate::dlx::EngineKind,
    ) -> Result<Engine<'a>, crate::dlx::BuildError> {
        problem.engine(arena, kind)
    }

    /// Which engine `engine` is ([`EngineKind::Auto`](crate::dlx::EngineKind::Auto) resolved).
    pub fn engine_kind(engine: &crate::dlx::Engine<'_>) -> crate::dlx::EngineKind {
        engine.kind()
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

    /// Sudoku's parts behind the facade: the solvers [`sudoku::Solvers`]
    /// holds, the rater, the generator's random source and carving, and
    /// the builders and readers of a variant's rules (a program gets its
    /// rules from the formats).
    ///
    /// [`sudoku::Solvers`]: crate::sudoku::Solvers
    pub mod sudoku {
        pub use crate::rng::Rng;
        pub use crate::sudoku::constraint::{Constraint, ConstraintError, Relation};
        pub use crate::sudoku::exact_cover::DlxSolver;
        pub use crate::sudoku::generate::{minimal_puzzle, solved_grid};
        pub use crate::sudoku::naive::NaiveSolver;
        pub use crate::sudoku::rate::Rater;
        pub use crate::sudoku::variant::Cage;
        pub use crate::sudoku::verify::check_solution;
        use crate::sudoku::{
            GenerateError, Generated, Generator, Grid, Level, Settings, Shape, Symmetry, Variant,
            VariantError,
        };

        /// [`Shape`]'s internals.
        pub trait ShapeInternals {
            /// The 4x4 shape (2x2 boxes).
            const FOUR: Shape;
            /// The box (0-based, numbered across then down) holding cell (r, c).
            fn box_of(self, r: usize, c: usize) -> usize;
            /// The cells of box `b`, in reading order.
            fn box_cells(self, b: usize) -> impl Iterator<Item = (usize, usize)>;
        }

        impl ShapeInternals for Shape {
            const FOUR: Shape = Shape::FOUR;
            fn box_of(self, r: usize, c: usize) -> usize {
                Shape::box_of(self, r, c)
            }
            fn box_cells(self, b: usize) -> impl Iterator<Item = (usize, usize)> {
                Shape::box_cells(self, b)
            }
        }

        /// [`Grid`]'s internals.
        pub trait GridInternals {
            /// Number of givens (filled cells).
            fn filled(&self) -> usize;
        }

        impl GridInternals for Grid {
            fn filled(&self) -> usize {
                Grid::filled(self)
            }
        }

        /// [`Symmetry`]'s internals.
        pub trait SymmetryInternals {
            /// Every symmetry, in the order of `--help`.
            const ALL: [Symmetry; 5];
            /// Whether the clue pattern of `grid` is mapped onto itself.
            fn holds_for(self, grid: &Grid) -> bool;
        }

        impl SymmetryInternals for Symmetry {
            const ALL: [Symmetry; 5] = Symmetry::ALL;
            fn holds_for(self, grid: &Grid) -> bool {
                Symmetry::holds_for(self, grid)
            }
        }

        /// [`Level`]'s internals.
        pub trait LevelInternals {
            /// Every level, easiest first.
            const ALL: [Level; 4];
        }

        impl LevelInternals for Level {
            const ALL: [Level; 4] = Level::ALL;
        }

        /// [`Generator`]'s internals.
        pub trait GeneratorInternals {
            /// A generator of plain Sudoku puzzles of `shape`.
            fn new(shape: Shape, settings: Settings) -> Self;
            /// One puzzle, drawn from `rng`.
            fn generate(&mut self, rng: &mut Rng) -> Result<Generated, GenerateError>;
        }

        impl GeneratorInternals for Generator {
            fn new(shape: Shape, settings: Settings) -> Self {
                Generator::new(shape, settings)
            }
            fn generate(&mut self, rng: &mut Rng) -> Result<Generated, GenerateError> {
                Generator::generate(self, rng)
            }
        }

        /// [`Variant`]'s builders and readers.
        pub trait VariantInternals: Sized {
            /// These rules with `constraints` added.
            fn with_constraints(
                self,
                constraints: Vec<Constraint>,
            ) -> Result<Self, (usize, ConstraintError)>;
            /// These rules with jigsaw regions, one symbol per cell.
            fn with_regions(self, labels: &[char]) -> Result<Self, VariantError>;
            /// These rules with the two main diagonals.
            fn with_diagonals(self) -> Self;
            /// These rules with the four hyper windows (9x9 only).
            fn with_windows(self) -> Result<Self, VariantError>;
            /// These rules with killer cages.
            fn with_cages(
                self,
                labels: &[Option<char>],
                sums: &[(char, u32)],
            ) -> Result<Self, VariantError>;
            /// Whether the givens of `grid` fit the cages.
            fn check_givens(&self, grid: &Grid) -> Result<(), VariantError>;
            /// The setters' constraints.
            fn constraints(&self) -> &[Constraint];
            /// The jigsaw region of each cell, if any.
            fn regions(&self) -> Option<&[u8]>;
            /// The side `n`.
            fn n(&self) -> usize;
            /// Whether the diagonals are houses.
            fn diagonals(&self) -> bool;
            /// Whether the hyper windows are houses.
            fn windows(&self) -> bool;
            /// The killer cages.
            fn cages(&self) -> &[Cage];
        }

        impl VariantInternals for Variant {
            fn with_constraints(
                self,
                constraints: Vec<Constraint>,
            ) -> Result<Self, (usize, ConstraintError)> {
                Variant::with_constraints(self, constraints)
            }
            fn with_regions(self, labels: &[char]) -> Result<Self, VariantError> {
                Variant::with_regions(self, labels)
            }
            fn with_diagonals(self) -> Self {
                Variant::with_diagonals(self)
            }
            fn with_windows(self) -> Result<Self, VariantError> {
                Variant::with_windows(self)
            }
            fn with_cages(
                self,
                labels: &[Option<char>],
                sums: &[(char, u32)],
            ) -> Result<Self, VariantError> {
                Variant::with_cages(self, labels, sums)
            }
            fn check_givens(&self, grid: &Grid) -> Result<(), VariantError> {
                Variant::check_givens(self, grid)
            }
            fn constraints(&self) -> &[Constraint] {
                Variant::constraints(self)
            }
            fn regions(&self) -> Option<&[u8]> {
                Variant::regions(self)
            }
            fn n(&self) -> usize {
                Variant::n(self)
            }
            fn diagonals(&self) -> bool {
                Variant::diagonals(self)
            }
            fn windows(&self) -> bool {
                Variant::windows(self)
            }
            fn cages(&self) -> &[Cage] {
                Variant::cages(self)
            }
        }
    }

    /// The 1-based input line that option `k` of `problem` came from.
    pub fn option_line(
        problem: &crate::dlx::knuth::KnuthProblem,
        k: crate::dlx::OptionId,
    ) -> usize {
        problem.option_line(k)
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
