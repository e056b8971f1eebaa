//! The bit-set Algorithm M against the links' (the same tree, statistic
//! for statistic) and against brute force.

use crate::dlx::Search;
use std::ops::ControlFlow;

use bumpalo::Bump;

use super::super::brute_force::count_by_brute_force;
use super::super::multiplicity::tests::{generator, random_problem};
use super::super::{EngineKind, ItemKind, MultiMatrix, OptionId, Problem, SearchLimits};
use super::*;

/// Every solution of a search, in the order visited, as option numbers.
fn solutions_of(search: impl FnOnce(&mut dyn FnMut(Vec<OptionId>))) -> Vec<Vec<OptionId>> {
    let mut all = Vec::new();
    search(&mut |s| all.push(s));
    all
}

/// Holds the bit sets to the links on `p`: the same solutions in the same
/// order, the same counts and statistics (and the brute force's count
/// where it can count), and the same prefix of the tree under every node
/// budget up to `budgets`.
fn same_as_links(p: &Problem, budgets: u64) {
    let arena = Bump::new();
    let mut links = MultiMatrix::build(p, &arena).unwrap();
    let mut bits = MultiBitMatrix::build(p).unwrap();
    let want = links.count_up_to(u64::MAX);
    assert_eq!(bits.count_up_to(u64::MAX), want, "{p:?}");
    if let Some(brute) = count_by_brute_force(p) {
        assert_eq!(want.solutions, brute, "{p:?}");
    }
    let on_links = solutions_of(|f| {
        links.for_each_solution(|s| {
            f(s.options().collect());
            ControlFlow::Continue(())
        });
    });
    let on_bits = solutions_of(|f| {
        bits.for_each_solution(|s| {
            f(s.options().collect());
            ControlFlow::Continue(())
        });
    });
    assert_eq!(on_bits, on_links, "{p:?}");
    same_prefixes(p, &mut bits, &mut links, want.stats.nodes.min(budgets));
}

/// The same counts and statistics on both engines under every solution
/// limit up to 5 and every node budget up to `budgets`, and the state
/// left as it was.
fn same_prefixes(
    p: &Problem,
    bits: &mut MultiBitMatrix,
    links: &mut MultiMatrix<'_>,
    budgets: u64,
) {
    for limit in 1..=5 {
        assert_eq!(bits.count_up_to(limit), links.count_up_to(limit), "{p:?}");
    }
    let step = (budgets / 200).max(1);
    for budget in (0..budgets).step_by(step as usize) {
        let limits = SearchLimits {
            max_nodes: budget,
            ..SearchLimits::UNLIMITED
        };
        assert_eq!(bits.count_with(limits), links.count_with(limits), "{p:?}");
    }
    // Nothing a search did is left behind.
    let limits = SearchLimits {
        max_nodes: budgets,
        ..SearchLimits::UNLIMITED
    };
    assert_eq!(bits.count_with(limits), links.count_with(limits), "{p:?}");
    assert_eq!(bits.bounds, bits.root_bounds);
}

#[test]
fn random_problems_walk_the_links_tree() {
    let mut next = generator();
    for _ in 0..400 {
        let p = random_problem(&mut next, false);
        same_as_links(&p, u64::MAX);
    }
}

#[test]
fn many_options_in_many_words_and_sizes() {
    // 3 primary items with bounds and 2 secondary; options of 1 to 5
    // items, so five sizes (no size classes): 70, 150 and 300 options are
    // 2, 3 and 5 words (the last on the general path), each searched for
    // its first 20,000 nodes on both engines.
    let mut next = generator();
    for (round, options) in [70, 150, 300, 70, 150, 300].into_iter().enumerate() {
        let round = round as u32;
        let mut p = Problem::new();
        let items: Vec<_> = (0..5)
            .map(|i| {
                p.add_item(if i < 3 {
                    ItemKind::Primary
                } else {
                    ItemKind::Secondary
                })
            })
            .collect();
        for (i, &item) in items[..3].iter().enumerate() {
            let hi = 1 + (round + i as u32) % 3;
            p.set_multiplicity(item, hi.saturating_sub(1 + i as u32 % 2), hi)
                .unwrap();
        }
        // The first five options have 1 to 5 items.
        for k in 0..5 {
            p.add_option(&items[..=k]).unwrap();
        }
        for k in 5..options {
            let mut opt = vec![items[k % 3]];
            for &q in &items {
                if next(3) == 0 && !opt.contains(&q) {
                    opt.push(q);
                }
            }
            p.add_option(&opt).unwrap();
        }
        let mut bits = MultiBitMatrix::build(&p).unwrap();
        assert_eq!(bits.words, options.div_ceil(64));
        assert_eq!(bits.sizes, None);
        let arena = Bump::new();
        let mut links = MultiMatrix::build(&p, &arena).unwrap();
        same_prefixes(&p, &mut bits, &mut links, 20_000);
    }
}

#[test]
fn the_classic_problems_agree_with_the_links() {
    for text in [
        crate::dlx::classic::stars(8, 2).unwrap(),
        crate::dlx::classic::stars(9, 2).unwrap(),
        crate::dlx::classic::queens_per_line(6, 2).unwrap(),
        crate::dlx::classic::queens_per_line(5, 3).unwrap(),
    ] {
        let p = crate::dlx::knuth::parse(&text).unwrap().0.problem;
        assert!(p.has_multiplicities() && MultiBitMatrix::fits(&p));
        same_as_links(&p, 2_000);
    }
}

#[test]
fn the_size_classes_hold_every_option_once() {
    let hidden = [0, 2, 3, 2, 0, 5, 3];
    let sizes = size_classes(&hidden, 1).unwrap();
    assert_eq!(
        sizes,
        vec![
            (2, vec![0b1010]),
            (3, vec![0b100_0100]),
            (5, vec![0b10_0000])
        ]
    );
    assert_eq!(size_classes(&[1, 2, 3, 4, 5], 1), None);
}

#[test]
fn auto_runs_small_multiplicities_on_the_bits_and_colors_on_the_links() {
    let text = "A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";
    let colored = crate::dlx::knuth::parse(text).unwrap().0.problem;
    assert!(!MultiBitMatrix::fits(&colored));
    assert_eq!(EngineKind::Auto.resolve(&colored), EngineKind::Links);
    let arena = Bump::new();
    assert_eq!(
        colored.engine(&arena, EngineKind::Bits).err(),
        Some(BuildError::Colored)
    );
    let plain = crate::dlx::knuth::parse(&crate::dlx::classic::stars(8, 2).unwrap())
        .unwrap()
        .0
        .problem;
    assert!(plain.has_multiplicities());
    assert_eq!(EngineKind::Auto.resolve(&plain), EngineKind::Bits);
    let mut e = plain.engine(&arena, EngineKind::Auto).unwrap();
    assert_eq!(e.kind(), EngineKind::Bits);
    assert_eq!(e.force_all(&[OptionId(0)]), Err(ForceError::Multiplicities));
    let mut links = plain.engine(&arena, EngineKind::Links).unwrap();
    assert_eq!(e.count_up_to(u64::MAX), links.count_up_to(u64::MAX));
}
