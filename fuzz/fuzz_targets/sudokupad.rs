//! The SudokuPad reader on arbitrary bytes, four ways: as zipped puzzle
//! text (`zip::unzip`, and the drawings of what it yields read as rules),
//! as one link (`read_link`, with and without `--rule` words), as a whole
//! input (`--format sudokupad`), and as lz-string base64 behind `scl`. No
//! panic; every case read is a grid of its side whose rules have that
//! side, and each one that a link can hold is written as both links and
//! reads back as the same puzzle.
#![no_main]

use dlx_engine::__unstable::lzstring::decompress_from_base64;
use dlx_engine::__unstable::sudoku::VariantInternals as _;
use dlx_engine::__unstable::sudokupad::write::{Link, link, same_puzzle};
use dlx_engine::__unstable::sudokupad::{SudokuPad, drawings, read_link, zip};
use dlx_engine::format::{Format, Options};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(puzzle) = zip::unzip(&text) {
        let _ = drawings::to_fpuzzles(&puzzle, &[]);
        let _ = zip::zip(&puzzle);
    }
    let _ = read_link(&text, &["as-drawn".to_owned()]);
    if let Ok(json) = decompress_from_base64(text.trim()) {
        let _ = zip::unzip(&json);
    }
    let opts = Options {
        rules: vec!["whispers".into(), "renban".into()],
        ..Options::default()
    };
    for case in SudokuPad
        .read(Box::new(data), &opts)
        .take(20)
        .flatten()
    {
        let n = case.grid.n();
        assert_eq!(case.grid.cells().len(), n * n);
        if let Some(variant) = &case.variant {
            assert_eq!(variant.n(), n);
        }
        for kind in [Link::SudokuPad, Link::FPuzzles] {
            if let Ok(written) = link(kind, &case, None) {
                let back = match kind {
                    Link::SudokuPad => read_link(&written, &[]),
                    Link::FPuzzles => read_link(
                        &written.replace("https://www.f-puzzles.com/?load=", "fpuzzles"),
                        &[],
                    ),
                };
                let back = back.expect("a link written reads back");
                assert!(same_puzzle(&back, &case), "{written}");
            }
        }
    }
});
