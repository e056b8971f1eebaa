//! `dlx`: Knuth's dancing links for exact cover, with Sudoku on top.
#![doc = include_str!("../README.md")]

pub mod app;
pub mod dlx;
pub mod format;
pub mod knuth;
pub mod problem;
pub mod sudoku;
