//! Knuth's DLX3 format (multiplicities `u:v|name`, with DLX2 colors) on
//! arbitrary bytes: parsing must not panic; a parsed problem compiles on
//! the engine `Problem::engine` picks (Algorithm M when it has
//! multiplicities), and searches within a small node budget leave it sane
//! and exactly as it was; a first solution found covers each primary item
//! between its bounds.
#![no_main]

use std::collections::HashMap;
use std::ops::ControlFlow;

use bumpalo::Bump;
use dlx_engine::__unstable::{Engine, Search, Solution, checked_digest};
use dlx_engine::dlx::knuth;
use dlx_engine::dlx::{
    Color, EngineKind, ItemId, ItemKind, OptionId, Outcome, Problem, SearchLimits,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok((parsed, _)) = knuth::parse(data) else {
        return;
    };
    let problem = &parsed.problem;
    let arena = Bump::new();
    let Ok(mut engine) = dlx_engine::__unstable::engine(&problem, &arena, EngineKind::Auto) else {
        return;
    };
    let digest = |e: &Engine<'_>| checked_digest(e);
    let pristine = digest(&engine);
    let (_, stats) = engine.search(
        &mut |_: &Solution<'_, '_>| ControlFlow::Continue(()),
        SearchLimits {
            max_solutions: 1000,
            max_nodes: 2000,
        },
    );
    assert!(stats.nodes <= 2000);
    assert_eq!(digest(&engine), pristine);
    let mut first: Option<Vec<OptionId>> = None;
    let (outcome, _) = engine.search(
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
        None => assert!(outcome != Outcome::Exhausted || stats.solutions == 0),
    }
    assert_eq!(digest(&engine), pristine);
});

/// Each primary item is covered between its bounds; a secondary item at
/// most once, or by options that all give it the same color.
fn check_cover(problem: &Problem, options: &[OptionId]) {
    let mut uses: HashMap<u32, Vec<Option<Color>>> = HashMap::new();
    for &k in options {
        for (item, color) in dlx_engine::__unstable::option_items(problem, k) {
            uses.entry(item.0).or_default().push(color);
        }
    }
    for i in 0..problem.item_count() as u32 {
        let used = uses.get(&i).map_or(&[][..], Vec::as_slice);
        match dlx_engine::__unstable::item_kind(problem, ItemId(i)) {
            ItemKind::Primary => {
                let (lo, hi) = dlx_engine::__unstable::multiplicity(problem, ItemId(i));
                assert!(
                    (lo as usize..=hi as usize).contains(&used.len()),
                    "primary item {i}"
                );
            }
            ItemKind::Secondary => assert!(
                used.len() <= 1 || (used[0].is_some() && used.iter().all(|c| *c == used[0])),
                "secondary item {i}"
            ),
        }
    }
}
