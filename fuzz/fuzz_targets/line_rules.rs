//! The line and variant readers on the same lines: no rule is ever
//! dropped. Every line is read by both; where the variant reader finds
//! rules, or the line names a field at all, the line reader gives exactly
//! the variant reader's answer (the same case, or an error at the same
//! place), and where it names none, the line reader returns plain Sudoku.
//! Then the whole input is detected and read as `dlx solve` would, and
//! every case that comes back with a line carrying rules has those rules.
#![no_main]

use dlx_engine::__unstable::{line, variant};
use dlx_engine::format::{self, Alphabet, Options};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let alphabet = Alphabet::default();
    let lines: Vec<&str> = text.lines().collect();
    for (i, l) in lines.iter().enumerate() {
        let as_line = line::parse_line(l, i + 1, None, &alphabet);
        let as_variant = variant::parse(l, i + 1, None, &alphabet);
        let has_rules = matches!(&as_variant, Some(Ok(c)) if c.variant.is_some());
        if has_rules || variant::names_a_field(l) {
            assert_eq!(as_line, as_variant, "line {}: the rules are read", i + 1);
        } else if let Some(Ok(case)) = &as_line {
            assert!(case.variant.is_none(), "no field, no rules");
        }
    }
    if let Ok(Some((format, replay))) = format::detect(Box::new(data))
        && matches!(format.name(), "line" | "variant")
    {
        for case in format
            .read(replay, &Options::default())
            .take(10_000)
            .flatten()
        {
            let l = lines[case.line - 1];
            if let Some(Ok(want)) = variant::parse(l, case.line, None, &alphabet) {
                assert_eq!(case.variant, want.variant, "line {}: {l}", case.line);
            }
        }
    }
});
