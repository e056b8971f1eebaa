//! Knuth's DLX1/DLX2 format (with colors) on arbitrary bytes: parsing
//! must not panic; a parsed problem builds (or says it is too large),
//! prints its options back, and searches within a small node budget
//! leave the matrix sane and exactly as it was.
#![no_main]

use std::collections::HashMap;
use std::ops::ControlFlow;

use bumpalo::Bump;
use dlx_engine::__unstable::{Search, Solution};
use dlx_engine::dlx::knuth;
use dlx_engine::dlx::{Color, OptionId, Outcome, Problem, SearchLimits};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok((parsed, warnings)) = knuth::parse(data) else {
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
        assert!(dlx_engine::__unstable::option_line(&parsed, k) >= 1);
    }
    let arena = Bump::new();
    let Ok(mut matrix) = dlx_engine::__unstable::build_links(problem, &arena) else {
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
    // The first solution, within the budget too (an unbudgeted search is
    // exponential on some inputs: the first run timed out on a mutated
    // 13-queens problem). It must be an exact cover with DLX2 colors.
    let mut first: Option<Vec<OptionId>> = None;
    let (outcome, _) = matrix.search(
        &mut |s: &Solution<'_, '_>| {
            first = Some(s.options().collect());
            ControlFlow::Break(())
        },
        SearchLimits {
            max_solutions: 1,
            max_nodes: 2000,
        },
    );
    match &first {
        Some(options) => check_cover(problem, options),
        None => assert!(outcome != Outcome::Exhausted || count.solutions == 0),
    }
    matrix.sanity().expect("sane after the first solution");
    assert_eq!(matrix.state_digest(), pristine);
});

/// Each primary item is covered once; a secondary item at most once, or
/// by options that all give it the same color.
fn check_cover(problem: &Problem, options: &[OptionId]) {
    let mut uses: HashMap<u32, Vec<Option<Color>>> = HashMap::new();
    for &k in options {
        for (item, color) in dlx_engine::__unstable::option_items(problem, k) {
            uses.entry(item.0).or_default().push(color);
        }
    }
    for i in 0..problem.item_count() as u32 {
        let used = uses.get(&i).map_or(&[][..], Vec::as_slice);
        match dlx_engine::__unstable::item_kind(problem, dlx_engine::dlx::ItemId(i)) {
            dlx_engine::dlx::ItemKind::Primary => assert_eq!(used.len(), 1, "primary item {i}"),
            dlx_engine::dlx::ItemKind::Secondary => assert!(
                used.len() <= 1 || (used[0].is_some() && used.iter().all(|c| *c == used[0])),
                "secondary item {i}"
            ),
        }
    }
}
