//! Multiplicities (Knuth's DLX3, Algorithm M) end to end: the statistics
//! of Knuth's own DLX3 on problems `dlx problem` writes, every `dlx cover`
//! flag on a multiplicity problem, and counts against the brute force on
//! random problems written in DLX3's format.
//!
//! The DLX3 figures were taken from Knuth's dlx3.w of 2023 (the "Updated
//! DLX codes" revision, which counts every solution), built from its CWEB
//! source with `ctangle` outside the repository: its "Altogether" line's
//! solutions, nodes and updates.

use dlx_engine::__unstable::{Search, engine};
use std::collections::BTreeSet;

use bumpalo::Bump;
use dlx_engine::__unstable::count_by_brute_force;
use dlx_engine::dlx::EngineKind;
use dlx_engine::dlx::knuth;
use proptest::prelude::*;

use crate::common::bin::run_with_stdin as run;

/// The text `dlx problem ARGS` writes.
fn problem(args: &[&str]) -> String {
    let mut all = vec!["problem"];
    all.extend(args);
    let (code, out, err) = run(&all, "");
    assert_eq!(code, 0, "{args:?}: {err}");
    out
}

/// Solutions, nodes and updates.
type Figures = (u64, u64, u64);

/// The [`Figures`] of `dlx cover --count --stats`.
fn stats(text: &str, extra: &[&str]) -> Figures {
    let mut args = vec!["cover", "--count", "--stats"];
    args.extend(extra);
    let (code, out, err) = run(&args, text);
    assert_eq!(code, 0, "{err}");
    let line = err.lines().last().unwrap();
    let number = |word: &str| -> u64 {
        let before = line.split(&format!(" {word}")).next().unwrap();
        before.rsplit(' ').next().unwrap().parse().unwrap()
    };
    let solutions: u64 = out.trim().parse().unwrap();
    assert!(line.contains(" engine (Algorithm M"), "{line}");
    (solutions, number("nodes,"), number("updates,"))
}

/// The [`Figures`] of a problem without colors, the same on both engines'
/// Algorithm M and on `--engine auto`, which takes the bit sets.
fn stats_on_both(text: &str) -> Figures {
    let (_, _, err) = run(&["cover", "--count", "--stats"], text);
    assert!(err.contains("bits engine (Algorithm M"), "{err}");
    let links = stats(text, &["--engine", "links"]);
    assert_eq!(stats(text, &["--engine", "bits"]), links);
    assert_eq!(stats(text, &[]), links);
    links
}

/// Knuth's example from the opening of dlx3.w.
const KNUTH: &str = "| A simple example of color controls\nA B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";

#[test]
fn statistics_are_knuths_dlx3() {
    assert_eq!(stats(KNUTH, &[]), (1, 6, 14));
    let cases: [(&[&str], Figures); 6] = [
        (&["stars", "8"], (2, 575, 14_501)),
        (&["stars", "9"], (664, 23_219, 526_137)),
        (&["queens", "4", "--per-line", "2"], (11, 175, 876)),
        (&["queens", "5", "--per-line", "2"], (92, 1_759, 11_143)),
        (
            &["queens", "6", "--per-line", "2"],
            (1_097, 24_838, 188_428),
        ),
        (
            &["queens", "6", "--per-line", "3"],
            (14_412, 250_634, 1_247_785),
        ),
    ];
    for (args, want) in cases {
        assert_eq!(stats_on_both(&problem(args)), want, "{args:?}");
    }
}

/// Whether every line of `solution` is an option of a placement with `k`
/// queens in each row and column of `n` x `n` and at most `k` on each
/// diagonal.
fn is_queens_cover(solution: &str, n: usize, k: usize) -> bool {
    let mut counts = std::collections::HashMap::<String, usize>::new();
    for line in solution.lines() {
        for item in line.split_whitespace() {
            *counts.entry(item.to_owned()).or_default() += 1;
        }
    }
    (0..n).all(|i| counts.get(&format!("r{i}")) == Some(&k))
        && (0..n).all(|i| counts.get(&format!("c{i}")) == Some(&k))
        && counts
            .iter()
            .filter(|(name, _)| name.starts_with(['a', 'b']))
            .all(|(_, &c)| c <= k)
}

#[test]
fn every_cover_flag_works_with_multiplicities() {
    let text = problem(&["queens", "6", "--per-line", "2"]);
    let one = stats_on_both(&text);
    assert_eq!(one.0, 1_097);
    // Threads: the same count and tree (Algorithm M's is not split).
    assert_eq!(stats(&text, &["--threads", "2"]), one);
    // Shares add up: the tree is one subproblem, in share 1.
    let shares: u64 = (1..=3)
        .map(|k| stats(&text, &["--part", &format!("{k}/3")]).0)
        .sum();
    assert_eq!(shares, 1_097);
    // The memo is no help to Algorithm M, and changes nothing.
    assert_eq!(stats(&text, &["--memo"]), one);
    // Bounds make lower bounds, exit 0.
    for (flags, printed) in [
        (&["--limit", "5"][..], "at least 5\n"),
        (&["--max-nodes", "100"][..], "at least 2\n"),
    ] {
        let mut args = vec!["cover", "--count"];
        args.extend(flags);
        let (code, out, err) = run(&args, &text);
        assert_eq!((code, out.as_str()), (0, printed), "{err}");
        assert!(err.contains("the count is a lower bound"), "{err}");
    }
    // --all: 1,097 distinct solutions, each a valid cover, in the same
    // order on two threads.
    let (code, all, _) = run(&["cover", "--all"], &text);
    assert_eq!(code, 0);
    let solutions: Vec<&str> = all.split("\n\n").collect();
    assert_eq!(solutions.len(), 1_097);
    assert!(solutions.iter().all(|s| is_queens_cover(s, 6, 2)));
    let distinct: BTreeSet<BTreeSet<&str>> = solutions
        .iter()
        .map(|s| s.lines().collect::<BTreeSet<_>>())
        .collect();
    assert_eq!(distinct.len(), 1_097);
    let (_, threaded, _) = run(&["cover", "--all", "--threads", "2"], &text);
    assert_eq!(threaded, all);
    let (_, every, _) = run(&["cover", "--every", "100"], &text);
    assert_eq!(every.split("\n\n").count(), 10);
    // The first solution, and a timeout far away.
    let (code, first, _) = run(&["cover"], &text);
    assert_eq!(code, 0);
    assert_eq!(first.trim_end(), solutions[0].trim_end());
    assert_eq!(stats(&text, &["--timeout", "600"]), one);
    // Every flag above ran on auto's engine, the bit sets; the same on the
    // links.
    for flags in [&["--threads", "2"][..], &["--part", "1/3"], &["--memo"]] {
        let mut args = vec!["--engine", "links"];
        args.extend(flags);
        assert_eq!(stats(&text, &args), one, "{flags:?}");
    }
    let (_, on_links, _) = run(&["cover", "--all", "--engine", "links"], &text);
    assert_eq!(on_links, all);
    // Colors keep a problem with bounds off the bit sets: they refuse it,
    // and auto takes the links and says so.
    let (code, _, err) = run(&["cover", "--count", "--engine", "bits"], KNUTH);
    assert_eq!(code, 2);
    assert!(
        err.ends_with("the bit-set engine does not handle colors; use the dancing links\n"),
        "{err}"
    );
    let (_, _, err) = run(&["cover", "--count", "--stats"], KNUTH);
    assert!(err.contains("links engine (Algorithm M"), "{err}");
}

/// A random problem in DLX3's format: a few primary items with bounds
/// (`u:v|`, `v|` or none), secondary items, options with colors.
fn dlx3_text() -> impl Strategy<Value = String> {
    let bounds = (0u32..=3, 1u32..=3).prop_map(|(lo, hi)| (lo.min(hi), hi));
    (
        proptest::collection::vec(bounds, 1..=4),
        0usize..=2,
        proptest::collection::vec(
            (
                proptest::collection::vec(any::<bool>(), 4),
                proptest::collection::vec(0u8..4, 2),
                0usize..4,
            ),
            0..=12,
        ),
    )
        .prop_map(|(bounds, secondary, options)| {
            let primary = bounds.len();
            let mut text = String::new();
            for (i, &(lo, hi)) in bounds.iter().enumerate() {
                let name = format!("p{i}");
                text.push_str(&match (lo, hi) {
                    (1, 1) if i % 2 == 0 => name,
                    (lo, hi) if lo == hi => format!("{hi}|{name}"),
                    (lo, hi) => format!("{lo}:{hi}|{name}"),
                });
                text.push(' ');
            }
            text.push('|');
            for s in 0..secondary {
                text.push_str(&format!(" s{s}"));
            }
            text.push('\n');
            for (uses, colors, first) in options {
                let mut line = vec![format!("p{}", first % primary)];
                for (i, &used) in uses.iter().enumerate().take(primary) {
                    if used && i != first % primary {
                        line.push(format!("p{i}"));
                    }
                }
                for (s, &c) in colors.iter().enumerate().take(secondary) {
                    match c {
                        0 => {}
                        1 => line.push(format!("s{s}")),
                        c => line.push(format!("s{s}:{}", c - 1)),
                    }
                }
                text.push_str(&line.join(" "));
                text.push('\n');
            }
            text
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_dlx3_problems_count_as_the_brute_force(text in dlx3_text()) {
        let (k, _) = knuth::parse(&text).unwrap();
        let arena = Bump::new();
        let mut auto = engine(&k.problem, &arena, EngineKind::Auto).unwrap();
        let count = auto.count_up_to(u64::MAX);
        prop_assert_eq!(Some(count.solutions), count_by_brute_force(&k.problem), "{}", text);
        // Without colors auto takes the bit sets: the links walk the same
        // tree.
        if dlx_engine::__unstable::engine_kind(&auto) == EngineKind::Bits {
            let mut links = engine(&k.problem, &arena, EngineKind::Links).unwrap();
            prop_assert_eq!(links.count_up_to(u64::MAX), count, "{}", text);
        }
    }
}
