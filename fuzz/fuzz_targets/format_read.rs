//! Every format's reader (the variant and HDU 4069 readers included) on
//! arbitrary bytes: byte 0 picks the format,
//! byte 1 the options (box shape, custom alphabet). Reading must not
//! panic, every case must be a valid grid of the shape it claims, line
//! numbers never go backwards, and every writer accepts what was read.
#![no_main]

use dlx_engine::format::{ALL, Alphabet, Options};
use dlx_engine::sudoku::Shape;
use libfuzzer_sys::fuzz_target;
use dlx_engine::__unstable::sudoku::VariantInternals as _;

fuzz_target!(|data: &[u8]| {
    let [which, opt, input @ ..] = data else {
        return;
    };
    let format = ALL[*which as usize % ALL.len()];
    let shape = match opt & 3 {
        0 => None,
        1 => Some(Shape::new(2, 3).unwrap()),
        2 => Some(Shape::new(2, 2).unwrap()),
        _ => Some(Shape::NINE),
    };
    let alphabet = if opt & 4 != 0 {
        "0123456789ABCDEF".parse::<Alphabet>().unwrap()
    } else {
        Alphabet::default()
    };
    let opts = Options {
        shape,
        alphabet,
        rules: Vec::new(),
    };
    let mut last_line = 0;
    for (i, case) in format.read(Box::new(input), &opts).enumerate().take(10_000) {
        let number = i + 1;
        match case {
            Ok(case) => {
                let n = case.grid.n();
                assert_eq!(case.grid.cells().len(), n * n);
                assert!(case.grid.cells().iter().all(|&d| d as usize <= n));
                assert!(case.line >= 1);
                // The rules of a variant case fit its grid (jigsaw, X,
                // hyper and killer rules are checked as they are read).
                if let Some(rules) = &case.variant {
                    assert_eq!(rules.shape(), case.grid.shape());
                    assert!(rules.check_givens(&case.grid).is_ok());
                }
                if format.holds(case.grid.shape()) {
                    let _ = format.solution(number, &case.grid, &case.grid, &opts);
                }
                let _ = format.no_solution(number, &case.grid, &opts);
                last_line = last_line.max(case.line);
            }
            Err(e) => {
                assert!(e.line >= 1);
                let _ = e.to_string();
                let _ = format.bad_input(number, "fuzz", e.line);
            }
        }
        let _ = format.count(number, "1");
    }
});
