use crate::dlx::{Compiled, Search};
use std::ops::ControlFlow;

use super::super::brute_force::count_by_brute_force;
use super::*;
use bumpalo::Bump;

/// Random uncolored problems with primary and secondary items.
fn random_problems(seed: u64, n: usize) -> Vec<Problem> {
    let mut seed = seed;
    let mut next = |bound: u64| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % bound
    };
    (0..n)
        .map(|_| {
            let mut p = Problem::new();
            let prim = 1 + next(9) as usize;
            let sec = next(4) as usize;
            // Interleave the kinds, so that primary numbers and item
            // numbers differ.
            let mut kinds: Vec<_> = (0..prim + sec).map(|i| i < prim).collect();
            for i in (1..kinds.len()).rev() {
                kinds.swap(i, next(i as u64 + 1) as usize);
            }
            let items: Vec<_> = kinds
                .iter()
                .map(|&primary| {
                    p.add_item(if primary {
                        ItemKind::Primary
                    } else {
                        ItemKind::Secondary
                    })
                })
                .collect();
            let prims: Vec<_> = items
                .iter()
                .zip(&kinds)
                .filter(|(_, k)| **k)
                .map(|(i, _)| *i)
                .collect();
            // Up to 150 options, so that bit sets span several words.
            for _ in 0..next(150) {
                let mut opt = vec![prims[next(prims.len() as u64) as usize]];
                for &i in &items {
                    if next(4) == 0 && !opt.contains(&i) {
                        opt.push(i);
                    }
                }
                p.add_option(&opt).unwrap();
            }
            p
        })
        .collect()
}

/// Every solution, in the order found, as option lists.
fn all_solutions(e: &mut Engine<'_>) -> (Vec<Vec<OptionId>>, Outcome, Stats) {
    let mut seen = Vec::new();
    let (outcome, stats) = e.for_each_solution(|s| {
        seen.push(s.options().collect());
        ControlFlow::Continue(())
    });
    (seen, outcome, stats)
}

#[test]
fn same_tree_and_stats_as_the_links() {
    let mut brute = 0;
    for (n, p) in random_problems(0x9e37_79b9_7f4a_7c15, 400)
        .into_iter()
        .enumerate()
    {
        let arena = Bump::new();
        let mut links = p.engine(&arena, EngineKind::Links).unwrap();
        let mut bits = p.engine(&arena, EngineKind::Bits).unwrap();
        assert_eq!(bits.kind(), EngineKind::Bits);
        let (ls, lo, lstats) = all_solutions(&mut links);
        let (bs, bo, bstats) = all_solutions(&mut bits);
        assert_eq!((&bs, bo, bstats), (&ls, lo, lstats), "problem {n}: {p:?}");
        // Without clash sets, clearing goes item by item; with more than
        // four words, the general code runs (live words, hints): with a
        // live set of one word (5 words) and of more (70).
        // Options numbered in sorted order or as added (general path).
        let variants = [
            (0, 0, false),
            (usize::MAX, 5, false),
            (usize::MAX, 5, true),
            (0, 5, true),
            (usize::MAX, 70, true),
            (0, 70, false),
        ];
        for (clash_bytes, min_words, sort) in variants {
            let m = BitMatrix::build_with(&p, clash_bytes, min_words, sort).unwrap();
            let mut other = Engine(Compiled::Bits(Box::new(m)));
            let want = (ls.clone(), lo, lstats);
            assert_eq!(
                all_solutions(&mut other),
                want,
                "problem {n}, {clash_bytes} {min_words} {sort}"
            );
        }
        // The brute force tries every subset: only small problems.
        if p.option_count() <= 16 {
            let count = count_by_brute_force(&p).expect("few options");
            assert_eq!(bstats.solutions, count, "problem {n}");
            brute += 1;
        }
        // Bounds stop both at the same point, state restored.
        for budget in [0, 1, 2, 5, lstats.nodes / 2] {
            let limits = SearchLimits {
                max_nodes: budget,
                ..SearchLimits::UNLIMITED
            };
            let l = links.count_with(limits);
            let b = bits.count_with(limits);
            assert_eq!(b, l, "problem {n}, {budget} nodes");
        }
        for limit in 1..=lstats.solutions.min(3) as u64 {
            assert_eq!(bits.count_up_to(limit), links.count_up_to(limit));
        }
        assert_eq!(
            all_solutions(&mut bits).2,
            bstats,
            "problem {n}: state kept"
        );
    }
    assert!(brute >= 50, "only {brute} problems checked by brute force");
}

/// Records the path at every node (a tick a node) and every solution.
#[derive(Debug, Default, PartialEq)]
struct Trace {
    paths: Vec<Vec<(u32, u32)>>,
    solutions: Vec<Vec<OptionId>>,
}

impl Visitor for Trace {
    const TICK_NODES: u64 = 1;

    fn solution(&mut self, solution: &Solution<'_, '_>) -> ControlFlow<()> {
        self.solutions.push(solution.options().collect());
        ControlFlow::Continue(())
    }

    fn tick(&mut self, progress: &Progress<'_, '_>) -> ControlFlow<()> {
        self.paths.push(progress.path().collect());
        ControlFlow::Continue(())
    }
}

/// The same solutions in the same order as the links, the same path
/// (positions and lengths) at every node, and forcing by [`OptionId`]
/// as on the links: with a few words, on the general path, and with
/// options numbered in sorted order ([`option_order`]), which are
/// still tried in the order added. Levels with one option, never
/// saved ([`BitMatrix::enter`]), are on the paths too.
#[test]
fn every_path_is_the_links_own() {
    let mut reordered = 0;
    for (n, p) in random_problems(0x0050_27ed, 150).into_iter().enumerate() {
        let arena = Bump::new();
        let mut links = p.engine(&arena, EngineKind::Links).unwrap();
        let mut want = Trace::default();
        let want_run = links.search(&mut want, SearchLimits::UNLIMITED);
        let half = want.solutions.first().map(|s| s[..s.len() / 2].to_vec());
        for (min_words, sort) in [(0, false), (5, false), (5, true), (70, true)] {
            let mut bits = BitMatrix::build_with(&p, usize::MAX, min_words, sort).unwrap();
            reordered += usize::from(bits.tables.reordered && sort);
            let mut got = Trace::default();
            let run = bits.search(&mut got, SearchLimits::UNLIMITED);
            assert_eq!(
                (run, &got),
                (want_run, &want),
                "problem {n}, {min_words}, {sort}"
            );
            let Some(half) = &half else { continue };
            bits.force_all(half).unwrap();
            assert_eq!(bits.forced().collect::<Vec<_>>(), *half);
            links.force_all(half).unwrap();
            let (mut forced_want, mut forced_got) = (Trace::default(), Trace::default());
            let want_run = links.search(&mut forced_want, SearchLimits::UNLIMITED);
            let run = bits.search(&mut forced_got, SearchLimits::UNLIMITED);
            assert_eq!((run, forced_got), (want_run, forced_want), "problem {n}");
            let Compiled::Links(l) = &mut links.0 else {
                unreachable!()
            };
            l.restore();
        }
    }
    assert!(reordered >= 100, "only {reordered} matrices renumbered");
}

/// The search and the memo's count compiled for each instruction set
/// the processor has ([`Isa`]) give the same solutions, paths and
/// statistics as the portable code: with a few words, on the general
/// path, and with sorted options.
#[cfg(target_arch = "x86_64")]
#[test]
fn every_instruction_set_gives_the_same_search() {
    let isa = Isa::detect();
    let mut none = |_: &Solution<'_, '_>| ControlFlow::Continue(());
    let mut compared = 0;
    for (n, p) in random_problems(0x15a_5e75, 120).into_iter().enumerate() {
        for (min_words, sort) in [(0, false), (5, true), (70, true)] {
            let mut bits = BitMatrix::build_with(&p, usize::MAX, min_words, sort).unwrap();
            let mut want = Trace::default();
            let want_run = bits.search_portable(&mut want, SearchLimits::UNLIMITED);
            let memo = || MemoTable::for_problem(&p, 1 << 16);
            let want_memo =
                bits.count_memo_portable(&mut none, SearchLimits::UNLIMITED, &mut memo());
            let mut got = vec![];
            // SAFETY: each is run only where the processor has it.
            unsafe {
                if isa != Isa::Baseline {
                    let mut t = Trace::default();
                    let run = bits.search_popcnt(&mut t, SearchLimits::UNLIMITED);
                    let m = bits.count_memo_popcnt(&mut none, SearchLimits::UNLIMITED, &mut memo());
                    got.push(("popcnt", run, t, m));
                }
                if isa == Isa::V3 {
                    let mut t = Trace::default();
                    let run = bits.search_v3(&mut t, SearchLimits::UNLIMITED);
                    let m = bits.count_memo_v3(&mut none, SearchLimits::UNLIMITED, &mut memo());
                    got.push(("v3", run, t, m));
                }
            }
            for (name, run, trace, memo_run) in got {
                assert_eq!((run, &trace), (want_run, &want), "problem {n}, {name}");
                assert_eq!(memo_run, want_memo, "problem {n}, {name}, memo");
                compared += 1;
            }
        }
    }
    // On a processor without POPCNT there is nothing to compare.
    assert!(
        isa == Isa::Baseline || compared >= 360,
        "{compared} runs compared"
    );
}

/// On the pentominoes the sorted order spreads each item's options
/// over fewer words, so `build` picks it.
#[test]
fn the_pentominoes_are_numbered_in_sorted_order() {
    let text = include_str!("../../../data/dlx/pentomino_6x10.dlx");
    let (p, _) = crate::dlx::knuth::parse(text).unwrap();
    assert!(BitMatrix::build(&p.problem).unwrap().tables.reordered);
}

#[test]
fn forcing_matches_the_links() {
    for (n, p) in random_problems(7, 200).into_iter().enumerate() {
        let arena = Bump::new();
        let mut links = p.engine(&arena, EngineKind::Links).unwrap();
        let mut bits = p.engine(&arena, EngineKind::Bits).unwrap();
        let Some(first) = links.first_solution() else {
            continue;
        };
        // Force part of a solution, then an option that may clash.
        let half = &first[..first.len() / 2];
        links.force_all(half).unwrap();
        bits.force_all(half).unwrap();
        assert_eq!(
            all_solutions(&mut bits),
            all_solutions(&mut links),
            "problem {n}"
        );
        let extra = [OptionId((n % p.option_count()) as u32)];
        let (l, b) = (links.force_all(&extra), bits.force_all(&extra));
        assert_eq!(l.is_ok(), b.is_ok(), "problem {n}");
        if let (Err(ForceError::Clash { item, .. }), Err(e)) = (&l, &b) {
            // Both name an item of the option that an earlier option uses.
            let ForceError::Clash { item: bi, .. } = e else {
                panic!("{e:?}")
            };
            let mine: Vec<_> = p.option_items(extra[0]).map(|(i, _)| i).collect();
            assert!(mine.contains(item) && mine.contains(bi));
        }
        assert_eq!(
            all_solutions(&mut bits),
            all_solutions(&mut links),
            "problem {n}"
        );
        let Compiled::Bits(b) = &mut bits.0 else {
            unreachable!()
        };
        b.restore();
        let Compiled::Links(l) = &mut links.0 else {
            unreachable!()
        };
        l.restore();
        assert_eq!(
            all_solutions(&mut bits),
            all_solutions(&mut links),
            "problem {n}"
        );
    }
}

/// Counts with a memo on every path of the bit sets: fixed words, the
/// general path, item by item; the same counts as the links.
#[test]
fn counting_with_a_memo_gives_the_same_counts() {
    let mut hits = 0;
    let mut none = |_: &Solution<'_, '_>| ControlFlow::Continue(());
    for (n, p) in random_problems(0x5eed, 300).into_iter().enumerate() {
        let arena = Bump::new();
        let mut links = p.engine(&arena, EngineKind::Links).unwrap();
        let want = links.count_with(SearchLimits::UNLIMITED);
        let variants = [
            (usize::MAX, 0, false),
            (0, 0, false),
            (usize::MAX, 5, false),
            (usize::MAX, 5, true),
            (usize::MAX, 70, true),
        ];
        for (clash_bytes, min_words, sort) in variants {
            let mut m = BitMatrix::build_with(&p, clash_bytes, min_words, sort).unwrap();
            let (outcome, stats) = m.count_with_memo(
                &mut none,
                SearchLimits::UNLIMITED,
                &mut MemoTable::for_problem(&p, 1 << 20),
            );
            assert_eq!(outcome, Outcome::Exhausted, "problem {n}");
            assert_eq!(stats.solutions, want.solutions, "problem {n}");
            assert!(stats.nodes <= want.stats.nodes, "problem {n}");
            hits += usize::from(stats.nodes < want.stats.nodes);
            // The memo judged after every lookup from the first or
            // second on, so that it goes off and on at every depth.
            for bits in [0, 1] {
                let mut memo = MemoTable::for_problem(&p, 1 << 20).with_trial_bits(bits);
                let (_, s) = m.count_with_memo(&mut none, SearchLimits::UNLIMITED, &mut memo);
                assert_eq!(s.solutions, want.solutions, "problem {n}, trial {bits}");
            }
            // A limit stops it there at most, with a lower bound.
            for limit in 1..=3 {
                let (o, s) = m.count_with_memo(
                    &mut none,
                    SearchLimits::solutions(limit),
                    &mut MemoTable::for_problem(&p, 1 << 20),
                );
                assert_eq!(s.solutions, want.solutions.min(limit.into()), "problem {n}");
                let cut = want.solutions >= limit.into();
                assert_eq!(o == Outcome::SolutionLimit, cut, "problem {n}");
            }
            // The state is restored: a plain count agrees after.
            assert_eq!(m.count_with(SearchLimits::UNLIMITED), want);
        }
    }
    assert!(hits >= 20, "the memo saved nodes on only {hits} problems");
}

/// Records the statistics of every tick.
struct Ticks(Vec<Stats>);

impl Visitor for Ticks {
    const TICK_NODES: u64 = 1;

    fn solution(&mut self, _: &Solution<'_, '_>) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    fn tick(&mut self, progress: &Progress<'_, '_>) -> ControlFlow<()> {
        self.0.push(progress.stats);
        ControlFlow::Continue(())
    }
}

/// Once the memo is off at every depth from some depth down, the plain
/// search counts the subtrees there. Its ticks carry the whole count's
/// figures, and it ticks at no solution, where the memo's loop ticks
/// at every node: fewer ticks than nodes shows that it ran.
#[test]
fn a_memo_turned_off_hands_its_subtrees_to_the_plain_search() {
    let text = crate::dlx::classic::queens(8).unwrap();
    let (p, _) = crate::dlx::knuth::parse(&text).unwrap();
    let mut m = BitMatrix::build(&p.problem).unwrap();
    let plain = m.count_with(SearchLimits::UNLIMITED);
    // Judged at every lookup: off at each depth after its first miss.
    let mut memo = MemoTable::for_problem(&p.problem, 1 << 20).with_trial_bits(0);
    let mut ticks = Ticks(Vec::new());
    let (outcome, stats) = m.count_with_memo(&mut ticks, SearchLimits::UNLIMITED, &mut memo);
    assert_eq!((outcome, stats.solutions), (Outcome::Exhausted, 92));
    assert_eq!(plain.solutions, 92);
    assert!(stats.nodes <= plain.stats.nodes);
    let ticks = ticks.0;
    assert!(
        ticks.len() as u64 + 50 < stats.nodes,
        "{} ticks",
        ticks.len()
    );
    assert!(ticks.windows(2).all(|t| t[0].nodes < t[1].nodes
        && t[0].solutions <= t[1].solutions
        && t[0].updates <= t[1].updates));
    let last = ticks.last().unwrap();
    assert!(last.nodes <= stats.nodes && last.solutions <= 92 && last.updates <= stats.updates);
    // A node bound inside a subtree stops the count there.
    for bound in [1, 10, 100, stats.nodes / 2] {
        let mut memo = MemoTable::for_problem(&p.problem, 1 << 20).with_trial_bits(0);
        let limits = SearchLimits {
            max_nodes: bound,
            ..SearchLimits::UNLIMITED
        };
        let (o, s) = m.count_with_memo(&mut Ticks(Vec::new()), limits, &mut memo);
        assert_eq!((o, s.nodes), (Outcome::NodeLimit, bound), "bound {bound}");
        assert!(s.solutions <= 92);
    }
    assert_eq!(
        m.count_with(SearchLimits::UNLIMITED),
        plain,
        "state restored"
    );
}

#[test]
fn counting_with_a_memo_keeps_forced_options() {
    let mut none = |_: &Solution<'_, '_>| ControlFlow::Continue(());
    for (n, p) in random_problems(11, 200).into_iter().enumerate() {
        let arena = Bump::new();
        let mut links = p.engine(&arena, EngineKind::Links).unwrap();
        let Some(first) = links.first_solution() else {
            continue;
        };
        let half = &first[..first.len() / 2];
        links.force_all(half).unwrap();
        let mut bits = p.engine(&arena, EngineKind::Bits).unwrap();
        bits.force_all(half).unwrap();
        let (_, stats) = bits.0.count_with_memo(
            &mut none,
            SearchLimits::UNLIMITED,
            &mut MemoTable::for_problem(&p, 1 << 20),
        );
        let want = links.count_with(SearchLimits::UNLIMITED);
        assert_eq!(stats.solutions, want.solutions, "problem {n}");
        // The links count every node, memo or not.
        let (_, lstats) = links.0.count_with_memo(
            &mut none,
            SearchLimits::UNLIMITED,
            &mut MemoTable::for_problem(&p, 1 << 20),
        );
        assert_eq!(lstats, want.stats, "problem {n}");
    }
}

#[test]
fn refuses_colors_and_knows_what_fits() {
    let mut p = Problem::new();
    let a = p.add_item(ItemKind::Primary);
    let s = p.add_item(ItemKind::Secondary);
    p.add_option(&[a]).unwrap();
    assert!(BitMatrix::fits(&p));
    p.add_colored_option([(a, None), (s, Some(super::super::Color(1)))])
        .unwrap();
    assert!(!BitMatrix::fits(&p));
    assert_eq!(BitMatrix::build(&p).err(), Some(BuildError::Colored));
    let arena = Bump::new();
    assert_eq!(
        p.engine(&arena, EngineKind::Auto).unwrap().kind(),
        EngineKind::Links
    );
}

#[test]
fn many_primary_items_give_the_same_tree_as_the_links() {
    // Open sets of one, two and three words: the first two cover an
    // option's primaries by masks, the last item by item. The 3 x 18
    // board has 110,771 domino tilings (OEIS A001835: 1, 3, 11, 41, ...
    // for 3 x 0, 3 x 2, ...); the others are cut short by the limit.
    for (cols, tilings) in [(18, 110_771), (40, 0), (44, 0)] {
        let text = crate::dlx::classic::dominoes(3, cols).unwrap();
        let p = crate::dlx::knuth::parse(&text).unwrap().0.problem;
        let arena = Bump::new();
        let mut links = p.engine(&arena, EngineKind::Links).unwrap();
        let mut bits = p.engine(&arena, EngineKind::Bits).unwrap();
        let limits = SearchLimits {
            max_nodes: if tilings > 0 { u64::MAX } else { 200_000 },
            ..SearchLimits::UNLIMITED
        };
        let counted = bits.count_with(limits);
        assert_eq!(counted, links.count_with(limits), "3 x {cols}");
        if tilings > 0 {
            assert_eq!(counted.solutions, tilings, "3 x {cols}");
        }
    }
}

#[test]
fn a_problem_without_primary_items_has_one_empty_solution() {
    let p = Problem::new();
    let mut m = BitMatrix::build(&p).unwrap();
    assert_eq!(m.count_with(SearchLimits::solutions(10)).solutions, 1);
    assert_eq!(m.first_solution(), Some(vec![]));
}
