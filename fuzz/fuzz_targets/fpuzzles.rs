//! The f-puzzles reader on arbitrary bytes, three ways: as JSON text
//! (`parse_json`), as lz-string base64 (`decompress_from_base64`, then
//! the JSON it yields), and as a whole input (`--format fpuzzles`). No
//! panic; every case read is a grid of its side whose rules have that
//! side, and each compiles and searches within a small node budget.
#![no_main]

use dlx_engine::dlx::SearchLimits;
use dlx_engine::format::fpuzzles::{FPuzzles, parse_json};
use dlx_engine::format::lzstring::decompress_from_base64;
use dlx_engine::format::{Format, Options};
use dlx_engine::sudoku::{DlxSolver, SudokuSolver};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = parse_json(&text);
    if let Ok(json) = decompress_from_base64(text.trim()) {
        let _ = parse_json(&json);
    }
    for case in FPuzzles
        .read(Box::new(data), &Options::default())
        .take(100)
        .flatten()
    {
        let n = case.grid.n();
        assert_eq!(case.grid.cells().len(), n * n);
        if let Some(variant) = &case.variant {
            assert_eq!(variant.n(), n);
            if n <= 9 {
                let mut solver = DlxSolver::for_variant((**variant).clone());
                let limits = SearchLimits {
                    max_solutions: 2,
                    max_nodes: 2_000,
                };
                let _ = solver.search(&case.grid, limits, None);
            }
        }
    }
});
