use std::ops::ControlFlow;

use bumpalo::Bump;

use crate::dlx::brute_force::count_by_brute_force;
use crate::dlx::links::search::tests::{RandomShape, random_colored_problem};
use crate::dlx::multiplicity::tests::seeded;
use crate::dlx::{
    ItemId, ItemKind, OptionId, Problem, Propagate, Search, SearchLimits, Solution, Sum,
};

/// A random problem with colors: two to eight primary items, a few
/// secondary ones, options of one to three primary items and some
/// secondary ones.
fn random_problem(next: &mut impl FnMut(u64) -> u64) -> Problem {
    let shape = RandomShape {
        primary: (2, 7),
        secondary: 4,
        options: (4, 13),
        secondary_odds: 5,
        primary_odds: 4,
    };
    random_colored_problem(next, &shape).0
}

/// Every solution of `p` (off: Knuth's tree), as sorted option lists.
fn solutions(p: &Problem) -> Vec<Vec<OptionId>> {
    let arena = Bump::new();
    let mut m = p.build(&arena).unwrap();
    let mut all = Vec::new();
    m.for_each_solution(|s: &Solution<'_, '_>| {
        let mut options: Vec<_> = s.options().collect();
        options.sort_unstable();
        all.push(options);
        ControlFlow::Continue(())
    });
    all.sort();
    all
}

/// Checks that `p` under `propagate` has exactly the solutions `expected`
/// and that every way of stopping its search leaves the matrix as found;
/// returns the options removed in the full search.
fn check_same_solutions(p: &Problem, propagate: Propagate, expected: &[Vec<OptionId>]) -> u64 {
    let mut p = p.clone();
    p.set_propagate(propagate);
    let arena = Bump::new();
    let mut m = p.build(&arena).unwrap();
    let before = m.state_digest();
    let mut found = Vec::new();
    let (_, stats) = m.for_each_solution(|s: &Solution<'_, '_>| {
        let mut options: Vec<_> = s.options().collect();
        options.sort_unstable();
        found.push(options);
        ControlFlow::Continue(())
    });
    found.sort();
    assert_eq!(found, expected, "{propagate:?} {p:?}");
    m.sanity().unwrap();
    assert_eq!(m.state_digest(), before);
    for limit in 1..=expected.len() as u64 {
        assert_eq!(m.count_up_to(limit).solutions, u128::from(limit));
        assert_eq!(m.state_digest(), before);
    }
    for budget in 0..stats.nodes {
        m.count_with(SearchLimits {
            max_nodes: budget,
            ..SearchLimits::UNLIMITED
        });
        assert_eq!(m.state_digest(), before);
    }
    stats.removed
}

#[test]
fn blocking_keeps_every_solution_of_random_problems_with_colors() {
    let mut next = seeded(0x9e37_79b9_7f4a_7c15);
    let mut removed = 0;
    for _ in 0..400 {
        let p = random_problem(&mut next);
        let expected = solutions(&p);
        assert_eq!(
            Some(expected.len() as u128),
            count_by_brute_force(&p),
            "{p:?}"
        );
        removed += check_same_solutions(&p, Propagate::Blocking, &expected);
    }
    // The test would prove nothing if blocking never fired.
    assert!(removed > 100, "blocking removed only {removed} options");
}

#[test]
fn sums_keep_every_solution_and_prune() {
    let mut next = seeded(0x2545_f491_4f6c_dd1d);
    let (mut removed, mut tried, mut distinct_sums) = (0, 0, 0);
    for _ in 0..400 {
        let mut p = random_problem(&mut next);
        let expected = solutions(&p);
        if expected.is_empty() {
            continue;
        }
        // Groups: some primary items that no option covers twice; every
        // option of a group weighed at random.
        let prim: Vec<ItemId> = (0..p.item_count() as u32)
            .map(ItemId)
            .filter(|&i| p.kinds[i.0 as usize] == ItemKind::Primary)
            .collect();
        let mut groups: Vec<ItemId> = Vec::new();
        for &g in &prim {
            let clash = (0..p.option_count() as u32).any(|k| {
                let items: Vec<_> = p.option_items(OptionId(k)).map(|(i, _)| i).collect();
                items.contains(&g) && groups.iter().any(|h| items.contains(h))
            });
            if next(3) > 0 && !clash {
                groups.push(g);
            }
        }
        if groups.is_empty() {
            continue;
        }
        let mut weight = vec![0i64; p.option_count()];
        let mut terms = Vec::new();
        for k in 0..p.option_count() as u32 {
            if p.option_items(OptionId(k))
                .any(|(i, _)| groups.contains(&i))
            {
                weight[k as usize] = next(9) as i64 - 3;
                terms.push((OptionId(k), weight[k as usize]));
            }
        }
        // The range the solutions' totals span: a rule they all obey.
        let totals: Vec<i64> = expected
            .iter()
            .map(|s| s.iter().map(|k| weight[k.0 as usize]).sum())
            .collect();
        let (lo, hi) = (totals.iter().min().copied(), totals.iter().max().copied());
        let (lo, hi) = (lo.unwrap(), hi.unwrap());
        // Distinct when no solution gives two groups the same weight.
        let distinct = expected.iter().all(|s| {
            let mut w: Vec<i64> = s
                .iter()
                .filter(|k| p.option_items(**k).any(|(i, _)| groups.contains(&i)))
                .map(|k| weight[k.0 as usize])
                .collect();
            let len = w.len();
            w.sort_unstable();
            w.dedup();
            w.len() == len
        });
        distinct_sums += usize::from(distinct);
        p.add_sum(Sum {
            groups,
            terms,
            lo,
            hi,
            distinct,
        })
        .unwrap();
        tried += 1;
        removed += check_same_solutions(&p, Propagate::Sums, &expected);
        check_same_solutions(&p, Propagate::All, &expected);
    }
    assert!(
        tried > 100 && removed > 50 && distinct_sums > 30,
        "{tried} sums ({distinct_sums} distinct), {removed} removed"
    );
}

#[test]
fn off_searches_knuths_tree() {
    let mut next = seeded(7);
    for _ in 0..100 {
        let mut p = random_problem(&mut next);
        let arena = Bump::new();
        let plain = p.build(&arena).unwrap().count_up_to(u64::MAX);
        p.set_propagate(Propagate::Off);
        let arena = Bump::new();
        let off = p.build(&arena).unwrap().count_up_to(u64::MAX);
        assert_eq!(plain.stats, off.stats);
        assert_eq!(off.stats.removed, 0);
    }
}

#[test]
fn add_sum_refuses_what_it_cannot_bound() {
    let mut p = Problem::new();
    let a = p.add_item(ItemKind::Primary);
    let b = p.add_item(ItemKind::Primary);
    let s = p.add_item(ItemKind::Secondary);
    let ab = p.add_option(&[a, b]).unwrap();
    let only_a = p.add_option(&[a]).unwrap();
    let sum = |groups: Vec<ItemId>, terms: Vec<(OptionId, i64)>| Sum {
        groups,
        terms,
        lo: 0,
        hi: 1,
        distinct: false,
    };
    // An option covering two groups would count twice.
    assert!(p.add_sum(sum(vec![a, b], vec![(ab, 1)])).is_err());
    // A secondary item is not always covered.
    assert!(p.add_sum(sum(vec![s], vec![])).is_err());
    assert!(p.add_sum(sum(vec![a, a], vec![])).is_err());
    assert!(
        p.add_sum(sum(vec![a], vec![(only_a, 1), (only_a, 2)]))
            .is_err()
    );
    assert!(p.add_sum(sum(vec![b], vec![(only_a, 1)])).is_err());
    assert!(p.sums().is_empty());
    p.add_sum(sum(vec![a], vec![(ab, 1), (only_a, 0)])).unwrap();
    // The bit sets refuse a problem that asks for propagation.
    p.set_propagate(Propagate::Sums);
    assert!(p.asks_propagation());
    assert!(crate::dlx::BitMatrix::build(&p).is_err());
}
