use super::*;
use crate::dlx::Search;
use crate::dlx::{BitMatrix, Color, ItemKind};

/// n-queens with rows and columns primary, diagonals secondary.
fn queens(n: usize) -> Problem {
    let text = crate::dlx::classic::queens(n).unwrap();
    crate::dlx::knuth::parse(&text).unwrap().0.problem
}

fn single(p: &Problem) -> (Vec<Vec<OptionId>>, Stats) {
    let arena = Bump::new();
    let mut m = p.build(&arena).unwrap();
    let mut all = Vec::new();
    let (outcome, stats) = m.for_each_solution(|s| {
        all.push(s.options().collect());
        ControlFlow::Continue(())
    });
    assert_eq!(outcome, Outcome::Exhausted);
    (all, stats)
}

fn runner(threads: usize) -> Runner<'static> {
    Runner {
        threads,
        limits: SearchLimits::UNLIMITED,
        deadline: None,
        on_progress: None,
        engine: EngineKind::Auto,
        cancel: None,
        share: None,
    }
}

#[test]
fn a_split_count_is_probed_on_one_thread_first() {
    // n-queens 10 (16,448 nodes) ends within the probe, 11 (69,528)
    // does not and is split; both give one thread's count and stats.
    for (n, split) in [(10, false), (11, true)] {
        let p = queens(n);
        let (all, stats) = single(&p);
        assert_eq!(stats.nodes > PROBE_NODES, split);
        for threads in [1, 2] {
            for memo in [None, Some(1 << 20)] {
                let (c, subproblems) = runner(threads).count_split(&p, 64, memo).unwrap();
                assert_eq!(
                    (c.outcome, c.solutions),
                    (Outcome::Exhausted, all.len() as u128)
                );
                if memo.is_none() {
                    assert_eq!(c.stats, stats, "n {n} threads {threads}");
                }
                match (threads, split) {
                    (1, _) => assert_eq!(subproblems, Split::Subproblems(1)),
                    (_, false) => assert!(matches!(subproblems, Split::Probed { .. })),
                    (_, true) => assert!(matches!(subproblems, Split::Subproblems(k) if k >= 64)),
                }
            }
        }
        // A node bound below the probe's stops the probe itself; one
        // above it, the split run: either way at the bound, as one
        // thread would (the bound is checked every few thousand nodes).
        for max_nodes in [PROBE_NODES / 2, PROBE_NODES + 1] {
            let mut r = runner(2);
            r.limits.max_nodes = max_nodes;
            let (c, _) = r.count_split(&p, 64, None).unwrap();
            if stats.nodes > max_nodes {
                assert_eq!(c.outcome, Outcome::NodeLimit, "n {n} bound {max_nodes}");
                assert!(c.solutions < all.len() as u128);
            } else {
                assert_eq!((c.outcome, c.stats), (Outcome::Exhausted, stats));
            }
        }
    }
}

#[test]
fn split_plans_are_in_search_order_and_weigh_one() {
    let p = queens(6);
    let plan = Plan::split(&p, 20).unwrap();
    assert!(plan.subproblems.len() >= 20);
    assert!((plan.weight() - 1.0).abs() < 1e-9, "{}", plan.weight());
    let prefixes: Vec<_> = plan.subproblems.iter().map(|s| &s.prefix).collect();
    let mut sorted = prefixes.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), prefixes.len());
    assert_eq!(Plan::split(&p, 1).unwrap(), Plan::whole());
    // A search that propagates is not walked by the split: its tree stays
    // whole, so its solutions come in one thread's order.
    let mut blocking = queens(6);
    blocking.set_propagate(crate::dlx::Propagate::Blocking);
    assert_eq!(Plan::split(&blocking, 20).unwrap(), Plan::whole());
}

#[test]
fn threads_and_shares_match_one_thread() {
    for n in 4..=8 {
        let p = queens(n);
        let (all, stats) = single(&p);
        for min in [1, 3, 50, 1000] {
            let plan = Plan::split(&p, min).unwrap();
            for threads in [1, 2, 3] {
                let c = runner(threads).count_plan(&p, &plan, None).unwrap();
                assert_eq!(c.outcome, Outcome::Exhausted);
                assert_eq!(c.stats, stats, "n {n} min {min} threads {threads}");
                let mut seen = Vec::new();
                let (o, s, _) = runner(threads)
                    .solutions_and_setup(&p, &plan, |opts| {
                        seen.push(opts.to_vec());
                        ControlFlow::Continue(())
                    })
                    .unwrap();
                assert_eq!(o, Outcome::Exhausted);
                assert_eq!(s, stats);
                assert_eq!(seen, all, "same solutions in the same order");
            }
            for shares in [2, 5] {
                let mut total = Stats::default();
                for k in 1..=shares {
                    total += runner(1)
                        .count_plan(&p, &plan.part(k, shares), None)
                        .unwrap()
                        .stats;
                }
                assert_eq!(total, stats);
            }
        }
    }
}

#[test]
fn colors_split_like_they_search() {
    // Two primary items per option, one colored secondary: shares and
    // threads must agree with one thread on a colored problem too.
    let mut p = Problem::new();
    let prim: Vec<_> = (0..6).map(|_| p.add_item(ItemKind::Primary)).collect();
    let sec: Vec<_> = (0..3).map(|_| p.add_item(ItemKind::Secondary)).collect();
    for a in 0..6 {
        for b in a + 1..6 {
            let s = sec[(a + b) % 3];
            let color = ((a * b) % 3) as u32;
            let c = (color > 0).then_some(Color(color));
            p.add_colored_option([(prim[a], None), (prim[b], None), (s, c)])
                .unwrap();
        }
    }
    let (all, stats) = single(&p);
    assert!(stats.solutions > 0);
    let plan = Plan::split(&p, 8).unwrap();
    assert_eq!(runner(2).count_plan(&p, &plan, None).unwrap().stats, stats);
    let mut seen = Vec::new();
    runner(2)
        .solutions_and_setup(&p, &plan, |o| {
            seen.push(o.to_vec());
            ControlFlow::Continue(())
        })
        .unwrap();
    assert_eq!(seen, all);
}

#[test]
fn limits_stop_the_run() {
    let p = queens(8);
    let plan = Plan::split(&p, 16).unwrap();
    for threads in [1, 2] {
        let r = Runner {
            limits: SearchLimits {
                max_solutions: 10,
                ..SearchLimits::UNLIMITED
            },
            ..runner(threads)
        };
        let c = r.count_plan(&p, &plan, None).unwrap();
        assert_eq!((c.solutions, c.outcome), (10, Outcome::SolutionLimit));
        let mut seen = Vec::new();
        let (o, s, _) = r
            .solutions_and_setup(&p, &plan, |opts| {
                seen.push(opts.to_vec());
                ControlFlow::Continue(())
            })
            .unwrap();
        assert_eq!((o, s.solutions), (Outcome::SolutionLimit, 10));
        assert_eq!(seen, single(&p).0[..10]);
        let r = Runner {
            limits: SearchLimits {
                max_nodes: 100,
                ..SearchLimits::UNLIMITED
            },
            ..runner(threads)
        };
        let c = r.count_plan(&p, &Plan::whole(), None).unwrap();
        assert_eq!(c.outcome, Outcome::NodeLimit);
        assert!(c.stats.nodes <= 100 && c.solutions < 92);
        let r = Runner {
            deadline: Some(Instant::now()),
            ..runner(threads)
        };
        let c = r.count_plan(&queens(10), &Plan::whole(), None).unwrap();
        assert_eq!(c.outcome, Outcome::Stopped);
        // A cancel stops it the same way; one never set changes
        // nothing, memo or not.
        let (set, unset) = (AtomicBool::new(true), AtomicBool::new(false));
        let plan = Plan::split(&queens(10), 8).unwrap();
        for (cancel, want) in [(&set, Outcome::Stopped), (&unset, Outcome::Exhausted)] {
            let r = Runner {
                cancel: Some(cancel),
                ..runner(threads)
            };
            let c = r.count_plan(&queens(10), &plan, None).unwrap();
            let m = r.count_plan(&queens(10), &plan, Some(1 << 20)).unwrap();
            assert_eq!((c.outcome, m.outcome), (want, want));
            if want == Outcome::Exhausted {
                assert_eq!((c.solutions, m.solutions), (724, 724));
            }
        }
    }
}

/// `a b`, then `n` options `a b` (issue 25): one level of `n`
/// options, each a solution.
fn wide(n: usize) -> Problem {
    let mut p = Problem::new();
    let (a, b) = (p.add_item(ItemKind::Primary), p.add_item(ItemKind::Primary));
    for _ in 0..n {
        p.add_option(&[a, b]).unwrap();
    }
    p
}

/// `p0 | s`, then `n` options `p0 s:cK`, K from 1 to `n`: one wide
/// level again, on colors.
fn wide_colored(n: usize) -> Problem {
    let mut p = Problem::new();
    let (p0, s) = (
        p.add_item(ItemKind::Primary),
        p.add_item(ItemKind::Secondary),
    );
    for k in 1..=n {
        p.add_colored_option([(p0, None), (s, Some(Color(k as u32)))])
            .unwrap();
    }
    p
}

/// Two wide levels below a narrow one: `x` has two options, each
/// leaving `n` options of `y`.
fn two_levels(n: usize) -> Problem {
    let mut p = Problem::new();
    let (x, y) = (p.add_item(ItemKind::Primary), p.add_item(ItemKind::Primary));
    let (u, v) = (p.add_item(ItemKind::Primary), p.add_item(ItemKind::Primary));
    p.add_option(&[x, u]).unwrap();
    p.add_option(&[x, v]).unwrap();
    for k in 0..n {
        p.add_option(&[y, if k % 2 == 0 { v } else { u }]).unwrap();
        p.add_option(&[y, u, v]).unwrap();
    }
    p
}

#[test]
fn wide_shallow_problems_build_once_per_thread() {
    // Issue 25: every one of a wide level's subproblems built the
    // whole matrix and forced its option afresh, covering the wide
    // item again: options times subproblems. Now each thread builds
    // once and steps from option to option as the search does, so
    // the setup is a build and a cover per thread plus a few updates
    // per subproblem; counts, stats and solutions are one thread's.
    let n = 3000;
    let cases = [
        (wide(n), EngineKind::Links),
        (wide(n), EngineKind::Bits),
        (wide_colored(n), EngineKind::Links),
        (two_levels(n), EngineKind::Links),
        (two_levels(n), EngineKind::Bits),
    ];
    for (p, engine) in cases {
        let (all, stats) = single(&p);
        assert!(all.len() >= n, "{}", all.len());
        let entries = (stats.updates + 2 * p.option_count() as u64).max(64);
        for threads in [1, 2, 3] {
            let r = Runner {
                engine,
                ..runner(threads)
            };
            let plan = Plan::split(&p, 256 * threads).unwrap();
            assert!(plan.subproblems.len() >= 256 * threads);
            let subs = plan.subproblems.len() as u64;
            let why = format!("{engine:?}, {threads} threads, {subs} subproblems");
            let (c, setup) = r.count_and_setup(&p, &plan, None).unwrap();
            assert_eq!((c.outcome, c.stats), (Outcome::Exhausted, stats), "{why}");
            assert!(setup.builds <= threads as u64, "{why}: {setup:?}");
            // A cover of the wide item per thread (and per jump of a
            // thread between the two branches of `two_levels`), three
            // updates a subproblem; the old way was `n` a subproblem.
            let bound = 4 * threads as u64 * entries + 3 * subs;
            assert!(setup.updates <= bound, "{why}: {setup:?} > {bound}");
            let (c, setup) = r.count_and_setup(&p, &plan, Some(1 << 20)).unwrap();
            assert_eq!(c.solutions, stats.solutions, "{why}, memo");
            assert!(setup.builds <= threads as u64, "{why}, memo: {setup:?}");
            let mut seen = Vec::new();
            let (o, s, setup) = r
                .solutions_and_setup(&p, &plan, |opts| {
                    seen.push(opts.to_vec());
                    ControlFlow::Continue(())
                })
                .unwrap();
            assert_eq!((o, s), (Outcome::Exhausted, stats), "{why}");
            assert!(seen == all, "{why}: the single-thread solutions in order");
            assert!(setup.builds <= threads as u64, "{why}: {setup:?}");
            assert!(setup.updates <= bound, "{why}: {setup:?} > {bound}");
            // Shares: one build each, and together one thread's stats.
            for shares in [2, 3, 7] {
                let plan = Plan::split(&p, 64 * shares).unwrap();
                let mut total = Stats::default();
                for k in 1..=shares {
                    let part = plan.part(k, shares);
                    let (c, setup) = r.count_and_setup(&p, &part, None).unwrap();
                    assert!(setup.builds <= threads as u64, "{why}: {setup:?}");
                    assert!(setup.updates <= bound, "{why}: {setup:?} > {bound}");
                    total += c.stats;
                }
                assert_eq!(total, stats, "{why}, {shares} shares");
            }
        }
    }
}

#[test]
fn going_along_a_path_is_forcing_it() {
    // `goto` from any path to any other leaves the engine as forcing
    // the new path on a fresh one would: the same count below it, and
    // back at the empty path the matrix as built.
    for p in [queens(6), two_levels(5), wide_colored(7)] {
        let plan = Plan::split(&p, 40).unwrap();
        let arena = Bump::new();
        let kinds: &[EngineKind] = match BitMatrix::build(&p) {
            Ok(_) => &[EngineKind::Links, EngineKind::Bits],
            Err(_) => &[EngineKind::Links],
        };
        for &kind in kinds {
            let mut m = p.engine(&arena, kind).unwrap();
            let built = m.count_up_to(u64::MAX);
            let order = (0..plan.subproblems.len()).map(|i| (i * 7) % plan.subproblems.len());
            for i in order.chain([0, 0]) {
                let sub = &plan.subproblems[i];
                m.goto(&sub.prefix).unwrap();
                let mut fresh = p.engine(&arena, kind).unwrap();
                fresh.force_all(&sub.prefix).unwrap();
                let (a, b) = (m.count_up_to(u64::MAX), fresh.count_up_to(u64::MAX));
                assert_eq!((a.solutions, a.stats.nodes), (b.solutions, b.stats.nodes));
                let mut first = None;
                m.for_each_solution(|s| {
                    first = Some(s.options().collect::<Vec<_>>());
                    ControlFlow::Break(())
                });
                if let Some(first) = first {
                    assert_eq!(first[..sub.prefix.len()], sub.prefix[..]);
                }
            }
            m.goto(&[]).unwrap();
            assert_eq!(m.count_up_to(u64::MAX), built);
            if let crate::dlx::Compiled::Links(l) = &m.0 {
                l.sanity().unwrap();
            }
            // Unforcing leaves the path too.
            m.goto(&plan.subproblems[1].prefix).unwrap();
            m.unforce_to(0);
            assert_eq!(m.count_up_to(u64::MAX), built);
        }
    }
}

#[test]
fn progress_reaches_the_end() {
    let p = queens(9);
    let plan = Plan::split(&p, 8).unwrap();
    let last = Mutex::new(Vec::new());
    let report = |r: &RunProgress| last.lock().unwrap().push(r.fraction_done);
    let r = Runner {
        on_progress: Some(&report),
        ..runner(2)
    };
    r.count_plan(&p, &plan, None).unwrap();
    let seen = last.into_inner().unwrap();
    assert!(!seen.is_empty());
    assert!(seen.iter().all(|f| (0.0..=1.0).contains(f)));
    assert!((seen.iter().cloned().fold(0.0, f64::max) - 1.0).abs() < 1e-9);
}

/// `blocks` disjoint 2x2 squares, each tiled by dominoes in 2 ways:
/// `2^blocks` solutions, a few memo nodes a block.
fn squares(blocks: usize) -> Problem {
    let mut text: String = (0..blocks)
        .map(|b| format!("{b}a {b}b {b}c {b}d "))
        .collect();
    text.push('\n');
    for b in 0..blocks {
        for (x, y) in [("a", "b"), ("c", "d"), ("a", "c"), ("b", "d")] {
            text += &format!("{b}{x} {b}{y}\n");
        }
    }
    crate::dlx::knuth::parse(&text).unwrap().0.problem
}

#[test]
fn counts_past_2_to_the_64_add_up_and_past_2_to_the_128_overflow() {
    // 100 blocks: 2^100, on subproblems whose memo counts and whose sum
    // both pass 2^64.
    let (p, plan) = (squares(100), Plan::split(&squares(100), 64).unwrap());
    assert!(plan.subproblems.len() >= 64);
    for threads in [1, 2] {
        let c = runner(threads)
            .count_plan(&p, &plan, Some(1 << 20))
            .unwrap();
        assert_eq!((c.outcome, c.solutions), (Outcome::Exhausted, 1 << 100));
        let shares: u128 = (1..=3)
            .map(|k| {
                let share = runner(threads).count_plan(&p, &plan.part(k, 3), Some(1 << 20));
                share.unwrap().solutions
            })
            .sum();
        assert_eq!(shares, 1 << 100);
        // A limit still stops a memo's count, at the limit.
        let cut = Runner {
            limits: SearchLimits {
                max_solutions: 1 << 40,
                ..SearchLimits::UNLIMITED
            },
            ..runner(threads)
        };
        let c = cut.count_plan(&p, &plan, Some(1 << 20)).unwrap();
        assert_eq!((c.outcome, c.solutions), (Outcome::SolutionLimit, 1 << 40));
    }
    // 128 blocks: each subproblem's count fits (2^122 or so), their sum
    // (2^128) does not, on one thread or two; and the whole tree on one
    // engine overflows inside its memo count.
    let (p, plan) = (squares(128), Plan::split(&squares(128), 64).unwrap());
    for (threads, plan) in [(1, &plan), (2, &plan), (1, &Plan::whole())] {
        let c = runner(threads).count_plan(&p, plan, Some(1 << 20)).unwrap();
        assert_eq!((c.outcome, c.solutions), (Outcome::Overflow, u128::MAX));
        assert_ne!(c.outcome, Outcome::Exhausted);
    }
}

#[test]
fn a_runner_counts_and_lists_its_share_and_says_how() {
    let p = queens(8);
    let (mut all, stats) = single(&p);
    let mut total = Stats::default();
    let mut seen = Vec::new();
    for k in 1..=3 {
        let r = Runner {
            share: Some((k, 3)),
            ..runner(2)
        };
        let run = r.count(&p, None).unwrap();
        assert_eq!(run.count.outcome, Outcome::Exhausted);
        assert!(matches!(run.split, Split::Subproblems(n) if n > 1));
        total += run.count.stats;
        let listed = r
            .solutions(&p, |o| {
                seen.push(o.to_vec());
                ControlFlow::Continue(())
            })
            .unwrap();
        assert_eq!(listed.count.solutions, run.count.solutions);
        assert_eq!(listed.split, run.split);
    }
    assert_eq!(total, stats);
    seen.sort();
    all.sort();
    assert_eq!(seen, all);
    // A share that does not exist is an error, not a panic.
    let r = Runner {
        share: Some((4, 3)),
        ..runner(1)
    };
    let refused = r.count(&p, None).unwrap_err();
    assert_eq!(refused.to_string(), "share 4 of 3 does not exist");
    assert!(matches!(
        r.solutions(&p, |_| ControlFlow::Continue(())),
        Err(RunError::NoShare { k: 4, n: 3 })
    ));
    // The engine the run took: Auto resolved, its own way with a memo.
    let run = runner(1).count(&p, Some(1 << 20)).unwrap();
    assert_eq!(run.engine, EngineKind::Auto.resolve_for_memo(&p));
    let run = runner(1)
        .solutions(&p, |_| ControlFlow::Continue(()))
        .unwrap();
    assert_eq!(run.engine, EngineKind::Auto.resolve(&p));
    assert_eq!(run.split, Split::Subproblems(1));
    assert_eq!(run.count.solutions, 92);
}
