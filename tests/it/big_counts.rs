//! Counts past 2^64: `dlx cover --count --memo` on domino tilings, whose
//! counts are published (OEIS A004003, in `data/dlx/dominoes_*.count`)
//! and which a transfer-matrix count here, in checked 128-bit arithmetic
//! and sharing nothing with the engine, confirms; a count past
//! 2^128 - 1, which must be an error (exit code 2), never a number; and
//! Knuth's estimate of a blank grid's count against the published one.

use std::path::{Path, PathBuf};

use crate::common::bin::run_with_stdin as run;

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data/dlx")
        .join(name)
}

/// Domino tilings of a `rows` x `cols` board by the broken-profile
/// transfer matrix: cells in reading order, the state the set of cells
/// ahead (this row's rest, the next row's start) already covered by a
/// domino from behind. `None` when a count passes `u128::MAX`.
fn tilings(rows: usize, cols: usize) -> Option<u128> {
    let mut ways = vec![0u128; 1 << cols];
    ways[0] = 1;
    for i in 0..rows {
        for j in 0..cols {
            let mut next = vec![0u128; 1 << cols];
            for (mask, &w) in ways.iter().enumerate().filter(|(_, w)| **w != 0) {
                let mut add = |to: usize| -> Option<()> {
                    next[to] = next[to].checked_add(w)?;
                    Some(())
                };
                if mask >> j & 1 == 1 {
                    // Covered from above: the bit now stands for (i+1, j).
                    add(mask & !(1 << j))?;
                    continue;
                }
                if i + 1 < rows {
                    add(mask | 1 << j)?;
                }
                if j + 1 < cols && mask >> (j + 1) & 1 == 0 {
                    add(mask | 1 << (j + 1))?;
                }
            }
            ways = next;
        }
    }
    Some(ways[0])
}

#[test]
fn the_transfer_matrix_gives_the_small_published_counts() {
    // A004003 for 2x2 .. 8x8, and A099390's 3x4 and 4x6.
    for (r, c, want) in [
        (2, 2, 2),
        (4, 4, 36),
        (6, 6, 6728),
        (8, 8, 12_988_816),
        (3, 4, 11),
        (4, 6, 281),
        (3, 3, 0),
    ] {
        assert_eq!(tilings(r, c), Some(want), "{r}x{c}");
    }
}

/// `dlx cover --count ARGS` of `text`: exit code, standard output, error.
fn count(text: &str, extra: &[&str]) -> (i32, String, String) {
    let mut args = vec!["cover", "--count"];
    args.extend(extra);
    run(&args, text)
}

#[test]
fn domino_tilings_past_2_to_the_64_are_exact() {
    for n in [14, 16] {
        let name = format!("dominoes_{n}x{n}");
        let text = std::fs::read_to_string(data(&format!("{name}.dlx"))).unwrap();
        let (_, made, _) = run(
            &[
                "problem",
                "dominoes",
                "--rows",
                &n.to_string(),
                "--cols",
                &n.to_string(),
            ],
            "",
        );
        assert_eq!(made, text, "{name}.dlx is what dlx problem writes");
        let published: u128 = std::fs::read_to_string(data(&format!("{name}.count")))
            .unwrap()
            .trim()
            .parse()
            .unwrap();
        assert!(published > u128::from(u64::MAX));
        assert_eq!(tilings(n, n), Some(published), "{name}: transfer matrix");
        let want = format!("{published}\n");
        let extras: &[&[&str]] = match n {
            14 => &[&["--memo"], &["--memo", "--threads", "2"]],
            _ => &[&["--memo"]],
        };
        for extra in extras {
            let (code, out, err) = count(&text, extra);
            assert_eq!(
                (code, out.as_str()),
                (0, want.as_str()),
                "{name} {extra:?}: {err}"
            );
            assert_eq!(err, "", "{name} {extra:?}");
        }
        if n == 14 {
            // Shares are 128-bit too, and add up (here in u128; `bc`
            // adds them in arbitrary precision).
            let shares: u128 = (1..=3)
                .map(|k| {
                    let part = format!("{k}/3");
                    let (code, out, err) = count(&text, &["--memo", "--part", &part]);
                    assert_eq!(code, 0, "{part}: {err}");
                    out.trim().parse::<u128>().unwrap()
                })
                .sum();
            assert_eq!(shares, published, "{name}: the shares add up");
        }
    }
}

/// `blocks` disjoint 2x2 squares, each tiled by dominoes in 2 ways:
/// `2^blocks` solutions, which a memo counts in a few nodes a block.
fn squares(blocks: usize) -> String {
    let mut text = String::new();
    for b in 0..blocks {
        text += &format!("{b}a {b}b {b}c {b}d ");
    }
    text.push('\n');
    for b in 0..blocks {
        for (x, y) in [("a", "b"), ("c", "d"), ("a", "c"), ("b", "d")] {
            text += &format!("{b}{x} {b}{y}\n");
        }
    }
    text
}

#[test]
fn a_count_past_2_to_the_128_is_an_error() {
    // 2^127 fits and is printed in full; 2^128 is one past u128::MAX.
    let (code, out, err) = count(&squares(127), &["--memo"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(out.trim(), (1u128 << 127).to_string());
    for extra in [&["--memo"][..], &["--memo", "--threads", "2"]] {
        let (code, out, err) = count(&squares(128), extra);
        assert_eq!((code, out.as_str()), (2, ""), "{extra:?}: {err}");
        assert_eq!(
            err,
            "dlx cover: <stdin>: the count passes 2^128 - 1 \
             (340282366920938463463374607431768211455), the most dlx counts to: \
             no count printed\n",
            "{extra:?}"
        );
    }
    // The independent count agrees that 2^128 does not fit: 18x18
    // (about 5.4e39) overflows it too.
    assert_eq!(tilings(18, 18), None);
    assert_eq!(
        tilings(16, 18).map(|c| c > u128::from(u64::MAX)),
        Some(true)
    );
}

#[test]
fn a_sudoku_estimate_falls_near_the_published_count_at_any_thread_count() {
    // `dlx count --estimate 20000` on data/estimate/puzzles.txt: a blank
    // 9x9 grid, whose count (Felgenhauer and Jarvis) the estimate lies
    // within four standard errors of; a bad line, reported while the
    // others are estimated (exit code 2); a puzzle of two solutions,
    // estimated exactly. The lines are those of the file beside it, at 1
    // and 2 threads.
    let path = "data/estimate/puzzles.txt";
    let want = std::fs::read_to_string("data/estimate/puzzles.20000.out").unwrap();
    for threads in ["1", "2"] {
        let args = ["count", "--estimate", "20000", "--threads", threads];
        let (code, out, err) = run(&[&args[..], &[path]].concat(), "");
        assert_eq!(
            (code, out.as_str()),
            (2, want.as_str()),
            "{threads} threads: {err}"
        );
        assert!(
            err.contains("line 5: 3 cells is not a Sudoku size"),
            "{err}"
        );
    }
    let number = |line: &str, after: &str| -> f64 {
        let rest = line.split_once(after).unwrap().1;
        rest.split([' ', ',']).next().unwrap().parse().unwrap()
    };
    let blank = want.lines().next().unwrap();
    let (estimate, error) = (number(blank, "about "), number(blank, "standard error "));
    let published = 6_670_903_752_021_072_936_960f64;
    assert!((estimate - published).abs() <= 4.0 * error, "{blank}");
    let two = want.lines().nth(2).unwrap();
    assert_eq!(
        (number(two, "about "), number(two, "standard error ")),
        (2.0, 0.0)
    );
}
