//! `dlx`: Knuth's dancing links for exact cover, with Sudoku on top.
pub mod app;
pub mod dlx;
pub mod generate;
pub mod knuth;
