//! Knuth's DLX1/DLX2 format (with colors) on arbitrary bytes: parsing
//! must not panic; a parsed problem builds (or says it is too large),
//! prints its options back, and searches within a small node budget
//! leave the matrix sane and exactly as it was.
#![no_main]

use bumpalo::Bump;
use dlx::dlx::{OptionId, SearchLimits};
use dlx::knuth;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok((parsed, warnings)) = knuth::parse_bytes(data) else {
        return;
    };
    for w in &warnings {
        let _ = w.to_string();
    }
    let problem = &parsed.problem;
    let mut text = String::new();
    for k in 0..problem.option_count() {
        let k = OptionId(k as u32);
        text.push_str(&parsed.format_option(k));
        text.push('\n');
        assert!(parsed.option_line(k) >= 1);
    }
    let arena = Bump::new();
    let Ok(mut matrix) = problem.build(&arena) else {
        return;
    };
    matrix.sanity().expect("a fresh matrix is sane");
    let pristine = matrix.state_digest();
    let count = matrix.count_with(SearchLimits {
        max_solutions: 1000,
        max_nodes: 2000,
    });
    assert!(count.solutions <= 1000);
    matrix.sanity().expect("sane after a limited count");
    assert_eq!(matrix.state_digest(), pristine);
    if let Some(first) = matrix.first_solution() {
        assert!(count.solutions >= 1 || !count.is_exact());
        let _ = first;
    } else if count.is_exact() {
        assert_eq!(count.solutions, 0);
    }
    matrix.sanity().expect("sane after first_solution");
    assert_eq!(matrix.state_digest(), pristine);
});
