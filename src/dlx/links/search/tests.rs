use crate::dlx::FlatProblem;
use crate::dlx::Search;
use std::ops::ControlFlow;

use super::*;
use crate::dlx::brute_force::count_by_brute_force;
use crate::dlx::{Color, ItemKind, Problem};
use bumpalo::Bump;

fn toy() -> Problem {
    let mut p = Problem::new();
    let it: Vec<_> = (0..7).map(|_| p.add_item(ItemKind::Primary)).collect();
    for opt in ["ce", "adg", "bcf", "adf", "bg", "deg"] {
        let items: Vec<_> = opt.bytes().map(|b| it[(b - b'a') as usize]).collect();
        p.add_option(&items).unwrap();
    }
    p
}

#[test]
fn first_least_finds_the_first_minimum() {
    let lens: Vec<u32> = (0..100).map(|i| 50 + (i * 37) % 41).collect();
    for cut in [1, 7, 8, 9, 15, 16, 17, 23, 24, 25, 31, 32, 33, 64, 99, 100] {
        let part = &lens[..cut];
        let min = *part.iter().min().unwrap();
        let want = part.iter().position(|&l| l == min).unwrap() as u32;
        assert_eq!(first_least(part), want);
        assert_eq!(first_least_portable(part), want);
    }
    let mut covered = vec![COVERED | 3, 5, COVERED, 5, 2, 2];
    assert_eq!(first_least(&covered), 4);
    covered[4] |= COVERED;
    assert_eq!(first_least(&covered), 5);
}

#[test]
fn every_dance_visits_the_same_tree() {
    // The blank 4x4 Sudoku: items cell, row-digit, column-digit,
    // box-digit (16 each), one four-item option per (cell, digit), so
    // the matrix takes the four-item dance.
    let (mut entries, mut ends) = (Vec::new(), Vec::new());
    for cell in 0..16u32 {
        let (r, c) = (cell / 4, cell % 4);
        let b = r / 2 * 2 + c / 2;
        for d in 0..4 {
            entries.extend([cell, 16 + r * 4 + d, 32 + c * 4 + d, 48 + b * 4 + d]);
            ends.push(entries.len() as u32);
        }
    }
    let arena = Bump::new();
    let mut m = Matrix::from_flat(&arena, FlatProblem::all_primary(64, &entries, &ends)).unwrap();
    assert_eq!(m.dance, FOUR);
    m.force(OptionId(1)).unwrap();
    let before = m.state_digest();
    let run = |m: &mut Matrix<'_>, dance: u8, limits: SearchLimits| {
        let mut seen = Vec::new();
        let mut visit = |s: &Solution<'_, '_>| {
            seen.push(s.options().collect::<Vec<_>>());
            ControlFlow::Continue(())
        };
        let result = match dance {
            FOUR => m.search_in::<_, FOUR, false>(&mut visit, limits),
            PLAIN => m.search_in::<_, PLAIN, false>(&mut visit, limits),
            _ => m.search_in::<_, COLORS, false>(&mut visit, limits),
        };
        assert_eq!(m.state_digest(), before);
        (result, seen)
    };
    for limits in [
        SearchLimits::UNLIMITED,
        SearchLimits::solutions(5),
        SearchLimits {
            max_nodes: 40,
            ..SearchLimits::UNLIMITED
        },
    ] {
        let four = run(&mut m, FOUR, limits);
        assert_eq!(four, run(&mut m, PLAIN, limits));
        assert_eq!(four, run(&mut m, COLORS, limits));
        if limits == SearchLimits::UNLIMITED {
            // 288 grids, 72 with the forced digit.
            assert_eq!(four.0.1.solutions, 72);
        }
    }
    m.sanity().unwrap();
}

#[test]
fn solves_knuths_toy_problem() {
    let arena = Bump::new();
    let mut m = toy().build(&arena).unwrap();
    let before = m.state_digest();
    let mut sol = m.first_solution().unwrap();
    sol.sort();
    assert_eq!(sol, vec![OptionId(0), OptionId(3), OptionId(4)]);
    let count = m.count_up_to(u64::MAX);
    assert_eq!(count.solutions, 1);
    assert_eq!(count.outcome, Outcome::Exhausted);
    assert!(count.stats.updates > 0 && count.stats.nodes > 0);
    m.sanity().unwrap();
    assert_eq!(m.state_digest(), before);
}

#[test]
fn counts_agree_with_brute_force_on_small_random_problems() {
    let mut next = crate::dlx::multiplicity::tests::seeded(0x2545_f491_4f6c_dd1d);
    for _ in 0..300 {
        let (mut p, prim) = random_colored_problem(&mut next, &SMALL);
        let arena = Bump::new();
        let mut m = p.build(&arena).unwrap();
        let before = m.state_digest();
        let count = m.count_up_to(u64::MAX);
        assert_eq!(Some(count.solutions), count_by_brute_force(&p), "{p:?}");
        m.sanity().unwrap();
        assert_eq!(m.state_digest(), before);
        // Stopping early at every possible point restores the matrix.
        for limit in 1..=count.solutions as u64 {
            let c = m.count_up_to(limit);
            assert_eq!(c.solutions, limit.into());
            assert_eq!(m.state_digest(), before);
        }
        for budget in 0..count.stats.nodes {
            let c = m.count_with(SearchLimits {
                max_nodes: budget,
                ..SearchLimits::UNLIMITED
            });
            assert_eq!(c.outcome, Outcome::NodeLimit);
            assert_eq!(m.state_digest(), before);
        }
        // Preferring some of the primary items changes the order of the
        // branches, never the count.
        p.set_preferred(next(prim as u64 + 1) as usize);
        let arena = Bump::new();
        let mut m = p.build(&arena).unwrap();
        assert_eq!(m.count_up_to(u64::MAX).solutions, count.solutions, "{p:?}");
    }
}

#[test]
fn preferred_items_are_branched_on_first_past_two_options() {
    // Item `a` (preferred) has four options, `b` three or two: options
    // 0..4 cover `a`, the others `b`.
    let problem = |b_options: usize, preferred: usize| {
        let mut p = Problem::new();
        let (a, b) = (p.add_item(ItemKind::Primary), p.add_item(ItemKind::Primary));
        for _ in 0..4 {
            p.add_option(&[a]).unwrap();
        }
        for _ in 0..b_options {
            p.add_option(&[b]).unwrap();
        }
        p.set_preferred(preferred);
        p
    };
    // The item the search branches on first: the one the first
    // solution's first chosen option covers.
    let first_branch = |p: &Problem| {
        let arena = Bump::new();
        let mut m = p.build(&arena).unwrap();
        let mut first = None;
        m.search(
            &mut |s: &Solution<'_, '_>| {
                first = s.chosen().next();
                ControlFlow::Break(())
            },
            SearchLimits::UNLIMITED,
        );
        let count = m.count_up_to(u64::MAX).solutions;
        (first.map(|k| if k.0 < 4 { 'a' } else { 'b' }), count)
    };
    assert_eq!(first_branch(&problem(3, 0)), (Some('b'), 12));
    assert_eq!(first_branch(&problem(3, 1)), (Some('a'), 12));
    // Two options are taken first all the same.
    assert_eq!(first_branch(&problem(2, 1)), (Some('b'), 8));
    // Only the links branch on preferred items; the others refuse them,
    // and `Auto` takes the links; `clear` forgets them.
    let mut p = problem(3, 1);
    assert_eq!(
        crate::dlx::BitMatrix::build(&p).err(),
        Some(crate::dlx::BuildError::Preferred)
    );
    let arena = Bump::new();
    let engine = p.engine(&arena, crate::dlx::EngineKind::Auto).unwrap();
    assert_eq!(engine.kind(), crate::dlx::EngineKind::Links);
    p.clear();
    assert_eq!(p.preferred(), 0);
}

#[test]
fn visitor_can_stop_and_sees_forced_options() {
    let mut p = Problem::new();
    let a = p.add_item(ItemKind::Primary);
    let b = p.add_item(ItemKind::Primary);
    p.add_option(&[a]).unwrap();
    p.add_option(&[b]).unwrap();
    p.add_option(&[a, b]).unwrap();
    let arena = Bump::new();
    let mut m = p.build(&arena).unwrap();
    m.force(OptionId(1)).unwrap();
    let before = m.state_digest();
    let mut seen = Vec::new();
    let (outcome, stats) = m.for_each_solution(|s| {
        seen.push(s.options().collect::<Vec<_>>());
        ControlFlow::Break(())
    });
    assert_eq!(outcome, Outcome::Stopped);
    assert_eq!(stats.solutions, 1);
    assert_eq!(seen, vec![vec![OptionId(1), OptionId(0)]]);
    assert_eq!(m.state_digest(), before);
    m.restore();
    assert_eq!(m.count_up_to(10).solutions, 2);
}

#[test]
fn deep_search_needs_no_recursion() {
    // A chain of 5,000 items, each covered by its own option, searched
    // on a thread with a 256 KiB stack: a recursive solver would need a
    // frame per level.
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(|| {
            let mut p = Problem::new();
            let n = 5_000;
            let items: Vec<_> = (0..n).map(|_| p.add_item(ItemKind::Primary)).collect();
            for &i in &items {
                p.add_option(&[i]).unwrap();
            }
            let arena = Bump::new();
            let mut m = p.build(&arena).unwrap();
            let sol = m.first_solution().unwrap();
            assert_eq!(sol.len(), n);
            m.sanity().unwrap();
        })
        .unwrap()
        .join()
        .unwrap();
}

/// The sizes and odds of [`random_colored_problem`].
pub(in crate::dlx::links) struct RandomShape {
    /// `primary.0 + next(primary.1)` primary items.
    pub primary: (u64, u64),
    /// `next(secondary)` secondary items.
    pub secondary: u64,
    /// `options.0 + next(options.1)` options.
    pub options: (u64, u64),
    /// Each secondary item is in an option when `next(secondary_odds)` is
    /// 0 (uncolored) or 1 or 2 (with color 1 or 2).
    pub secondary_odds: u64,
    /// Each other primary item is in an option when `next(primary_odds)`
    /// is 0.
    pub primary_odds: u64,
}

/// The problems of `counts_agree_with_brute_force_on_small_random_problems`.
const SMALL: RandomShape = RandomShape {
    primary: (1, 5),
    secondary: 3,
    options: (0, 12),
    secondary_odds: 4,
    primary_odds: 3,
};

/// A random problem with colors, drawn by `next` (a number below its
/// argument) as `shape` says, and its number of primary items. Each option
/// has a random primary item first.
pub(in crate::dlx::links) fn random_colored_problem(
    next: &mut impl FnMut(u64) -> u64,
    shape: &RandomShape,
) -> (Problem, usize) {
    let mut p = Problem::new();
    let prim = (shape.primary.0 + next(shape.primary.1)) as usize;
    let sec = next(shape.secondary) as usize;
    let items: Vec<_> = p
        .add_items(ItemKind::Primary, prim)
        .chain(p.add_items(ItemKind::Secondary, sec))
        .collect();
    for _ in 0..shape.options.0 + next(shape.options.1) {
        let mut opt = vec![(items[next(prim as u64) as usize], None)];
        for &s in &items[prim..] {
            match next(shape.secondary_odds) {
                0 => opt.push((s, None)),
                1 | 2 => opt.push((s, Some(Color(1 + next(2) as u32)))),
                _ => {}
            }
        }
        for &q in &items[..prim] {
            if next(shape.primary_odds) == 0 && !opt.iter().any(|(i, _)| *i == q) {
                opt.push((q, None));
            }
        }
        p.add_colored_option(opt).unwrap();
    }
    (p, prim)
}
