//! The Sukaku (pencil-mark) reader on arbitrary bytes. Reading must not
//! panic; every case's givens are exactly its cells with one mark, every
//! mark is a digit of the grid, and writing the marks back gives a line
//! that reads as the same case (the round trip `dlx candidates --output
//! line | dlx count` relies on). When the puzzle is small, its true
//! candidates (under a node bound) never claim a digit outside its marks.
#![no_main]

use dlx_engine::__unstable::sukaku::{Sukaku, parse_line};
use dlx_engine::format::write_marks;
use dlx_engine::format::{Alphabet, Format, Options};
use dlx_engine::__unstable::sudoku::DlxSolver;
use dlx_engine::sudoku::true_candidates;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let alphabet = Alphabet::default();
    let opts = Options::default();
    for case in Sukaku.read(Box::new(data), &opts).take(1000) {
        let Ok(case) = case else { continue };
        let n = case.grid.n();
        let all = if n >= 64 { !0u64 } else { (1 << n) - 1 };
        let marks: Vec<u64> = match &case.variant {
            Some(rules) => rules
                .candidates()
                .expect("a Sukaku case has marks")
                .to_vec(),
            None => vec![all; n * n],
        };
        for (&m, &d) in marks.iter().zip(case.grid.cells()) {
            assert_eq!(m & !all, 0, "a mark past n");
            let single = m.count_ones() == 1;
            assert_eq!(d != 0, single, "givens are the cells with one mark");
            if single {
                assert_eq!(m, 1 << (d - 1));
            }
        }
        let line = write_marks(n, &marks, &alphabet);
        let again = parse_line(&line, case.line, None, &alphabet)
            .expect("a written line is no comment")
            .expect("a written line reads");
        assert_eq!(again.grid, case.grid);
        assert_eq!(again.variant, case.variant);
        if n <= 4 {
            let rules = case.variant.as_deref().cloned();
            let mut solver = match rules {
                Some(r) => DlxSolver::for_variant(r),
                None => DlxSolver::new(case.grid.shape()),
            };
            if let Ok(found) = true_candidates(&mut solver, &case.grid, 5_000) {
                for (&f, &m) in found.masks.iter().zip(&marks) {
                    assert_eq!(f & !m, 0, "a candidate outside the marks");
                }
            }
        }
    }
});
