//! `dlx cover` and `dlx problem` end to end, driven by `data/dlx/`: each
//! `NAME.dlx` has its count in `NAME.count`, the small ones their
//! solutions in `NAME.expected`, and each `bad/NAME.dlx` the exact error
//! output in `bad/NAME.expected`.

use dlx_engine::__unstable::Search;
use std::collections::BTreeSet;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use bumpalo::Bump;
use dlx_engine::__unstable::count_by_brute_force;

use crate::common;

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data/dlx")
        .join(name)
}

fn dlx() -> Command {
    Command::new(common::bin::path())
}

use crate::common::bin::run_with_stdin as run;

fn count_file(name: &str, extra: &[&str]) -> u64 {
    let path = data(&format!("{name}.dlx"));
    let mut args = vec!["cover", "--count", path.to_str().unwrap()];
    args.extend(extra);
    let (code, out, err) = run(&args, "");
    assert_eq!(code, 0, "{name} {extra:?}: {err}");
    out.trim()
        .parse()
        .unwrap_or_else(|_| panic!("{name}: {out:?}"))
}

fn expected_count(name: &str) -> u64 {
    let text = std::fs::read_to_string(data(&format!("{name}.count"))).unwrap();
    text.trim().parse().unwrap()
}

/// The sum of the counts of `--part k/n` for k = 1..=n.
fn sum_of_parts(name: &str, n: usize) -> u64 {
    (1..=n)
        .map(|k| count_file(name, &["--part", &format!("{k}/{n}")]))
        .sum()
}

/// Solutions as a set of sets of option lines (order-free).
fn solution_set(text: &str) -> BTreeSet<BTreeSet<String>> {
    text.split("\n\n")
        .filter(|s| !s.trim().is_empty())
        .map(|s| s.lines().map(str::to_owned).collect())
        .collect()
}

#[test]
fn small_samples_give_their_counts_and_solutions() {
    for name in [
        "knuth_toy_example",
        "lua_dlx1_simple",
        "queens8_from_lua_dlx_test",
        "queens5_two_per_line",
    ] {
        let want = expected_count(name);
        assert_eq!(count_file(name, &[]), want, "{name}");
        assert_eq!(count_file(name, &["--threads", "2"]), want, "{name}");
        assert_eq!(sum_of_parts(name, 3), want, "{name}");
    }
    for name in ["knuth_toy_example", "lua_dlx1_simple"] {
        let path = data(&format!("{name}.dlx"));
        let (code, out, _) = run(&["cover", "--all", path.to_str().unwrap()], "");
        assert_eq!(code, 0);
        let want = std::fs::read_to_string(data(&format!("{name}.expected"))).unwrap();
        assert_eq!(solution_set(&out), solution_set(&want), "{name}");
    }
}

#[test]
fn first_solution_of_the_toy_from_stdin() {
    let text = std::fs::read_to_string(data("knuth_toy_example.dlx")).unwrap();
    let (code, out, err) = run(&["cover"], &text);
    assert_eq!((code, err.as_str()), (0, ""));
    let want = std::fs::read_to_string(data("knuth_toy_example.expected")).unwrap();
    assert_eq!(solution_set(&out), solution_set(&want));
}

#[test]
fn a_bar_written_against_a_secondary_name_is_the_separator() {
    // `a |x`, as Knuth's DLX1-3 read it: x is secondary, so the option
    // `a` alone covers the problem and so does `a x`; with x primary
    // only `a x` would.
    let (code, out, err) = run(&["cover", "--count"], "a |x\na x\na\n");
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(out.trim(), "2");
    let (code, out, _) = run(&["cover", "--count"], "a x\na x\na\n");
    assert_eq!(code, 0);
    assert_eq!(out.trim(), "1");
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug builds")]
fn queens13_and_pentominoes_with_threads_and_parts() {
    // Knuth's DLX1 on these files: (search nodes, updates), per data/README.md.
    let dlx1 = [
        ("queens13", 1_651_935u64, 31_415_080u64),
        ("pentomino_6x10", 3_637_261, 1_242_377_480),
    ];
    for (name, nodes, updates) in dlx1 {
        let want = expected_count(name);
        let path = data(&format!("{name}.dlx"));
        // Both engines search DLX1's tree and count its updates; `auto`
        // takes the bit sets for these small problems.
        for (engine, runs_on) in [("auto", "bits"), ("links", "links"), ("bits", "bits")] {
            let (code, out, err) = run(
                &[
                    "cover",
                    "--count",
                    "--stats",
                    "--engine",
                    engine,
                    path.to_str().unwrap(),
                ],
                "",
            );
            assert_eq!((code, out.trim()), (0, want.to_string().as_str()), "{name}");
            let dance = format!("{nodes} nodes, {updates} updates, {want} solutions");
            assert!(
                err.contains(&dance) && err.trim_end().ends_with(&format!(" s, {runs_on} engine")),
                "{name}, --engine {engine}: the same dance as DLX1: {err}"
            );
        }
        assert_eq!(count_file(name, &["--threads", "2"]), want, "{name}");
        assert_eq!(sum_of_parts(name, 4), want, "{name}");
    }
}

#[test]
fn all_with_threads_prints_the_single_thread_order() {
    let path = data("queens8_from_lua_dlx_test.dlx");
    let path = path.to_str().unwrap();
    let one = run(&["cover", "--all", path], "");
    let two = run(&["cover", "--all", "--threads", "2", path], "");
    assert_eq!(one.0, 0);
    assert_eq!(one, two);
    assert_eq!(solution_set(&one.1).len(), 92);
    let first = run(&["cover", "--threads", "2", path], "");
    assert_eq!(first.1.trim_end(), one.1.split("\n\n").next().unwrap());
    let every = run(&["cover", "--every", "10", "--threads", "2", path], "");
    let tenth: Vec<_> = one.1.split("\n\n").skip(9).step_by(10).collect();
    let every: Vec<_> = every.1.split("\n\n").map(str::trim_end).collect();
    let tenth: Vec<_> = tenth.into_iter().map(str::trim_end).collect();
    assert_eq!(every, tenth);
}

#[test]
fn generated_problems_give_the_published_counts() {
    let cases: &[(&[&str], u64)] = &[
        (&["queens", "6"], 4),
        (&["queens", "8"], 92),
        (&["langford", "7"], 52),
        (&["langford", "8"], 300),
        (&["pentominoes", "--rows", "3", "--cols", "20"], 8),
        (&["dominoes", "--rows", "3", "--cols", "4"], 11),
        (&["dominoes", "--rows", "4", "--cols", "6"], 281),
    ];
    for (gen_args, want) in cases {
        let mut args = vec!["problem"];
        args.extend(*gen_args);
        let (code, text, err) = run(&args, "");
        assert_eq!((code, err.as_str()), (0, ""));
        let memo = ["--memo", "--threads", "2"];
        for extra in [
            &[][..],
            &["--threads", "2"],
            &memo[..1],
            &memo,
            &["--part", "2/2"],
        ] {
            let mut args = vec!["cover", "--count"];
            args.extend(extra);
            let (code, out, _) = run(&args, &text);
            let got: u64 = out.trim().parse().unwrap();
            if extra.first() != Some(&"--part") {
                assert_eq!((code, got), (0, *want), "{gen_args:?} {extra:?}");
            } else {
                let (_, first, _) = run(&["cover", "--count", "--part", "1/2"], &text);
                let first: u64 = first.trim().parse().unwrap();
                assert_eq!(first + got, *want, "{gen_args:?} parts");
            }
        }
    }
}

/// Domino tilings of 8x8 (OEIS A004003: 12,988,816): the plain search
/// visits 50,102,176 nodes; with a memo, paths that cover the same cells
/// meet, and a few thousand nodes do, on one thread or two.
#[test]
fn counting_dominoes_with_a_memo() {
    let (_, text, _) = run(&["problem", "dominoes"], "");
    for extra in [&[][..], &["--threads", "2"], &["--memo-mib", "1"]] {
        let mut args = vec!["cover", "--count", "--memo", "--stats"];
        args.extend(extra);
        let (code, out, err) = run(&args, &text);
        assert_eq!((code, out.as_str()), (0, "12988816\n"), "{extra:?}: {err}");
        let nodes: u64 = err
            .split_once(" nodes")
            .unwrap()
            .0
            .rsplit(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(nodes < 20_000, "{extra:?}: {err}");
        assert!(err.contains("bits engine"), "{err}");
    }
    // Without --count, --memo is refused.
    let (code, _, err) = run(&["cover", "--memo"], &text);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn gen_queens_13_is_the_sample_file() {
    let (code, text, _) = run(&["problem", "queens", "13"], "");
    assert_eq!(code, 0);
    let sample = std::fs::read_to_string(data("queens13.dlx")).unwrap();
    assert_eq!(text.split_once('\n').unwrap().1, sample);
}

#[test]
fn malformed_inputs_get_their_messages() {
    let dir = data("bad");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "dlx") {
            continue;
        }
        let name = path.file_name().unwrap().to_str().unwrap();
        let out = dlx()
            .current_dir(&dir)
            .args(["cover", name])
            .output()
            .unwrap();
        let want = std::fs::read_to_string(path.with_extension("expected")).unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err, want, "{name}");
        let code = if want.contains("warning") { 0 } else { 2 };
        assert_eq!(out.status.code(), Some(code), "{name}");
        seen += 1;
    }
    assert_eq!(seen, 6);
    let (code, _, err) = run(&["cover", "/nonexistent.dlx"], "");
    assert_eq!(code, 2);
    assert!(
        err.starts_with("dlx cover: cannot read /nonexistent.dlx:"),
        "{err}"
    );
    assert_eq!(run(&["cover", "--part", "3/2"], "").0, 2);
    assert_eq!(run(&["problem", "pentominoes", "--rows", "5"], "").0, 2);
}

#[test]
fn no_solution_exits_1_and_closed_pipe_exits_0() {
    let (code, out, err) = run(&["cover", "--count"], "a b\na\n");
    assert_eq!((code, out.as_str(), err.as_str()), (1, "0\n", ""));
    // Queens 12 prints 14,200 solutions, far more than a pipe holds: the
    // reader goes away after one byte.
    let (_, text, _) = run(&["problem", "queens", "12"], "");
    let mut child = dlx()
        .args(["cover", "--all"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    std::io::Write::write_all(&mut stdin, text.as_bytes()).unwrap();
    drop(stdin);
    let mut stdout = child.stdout.take().unwrap();
    let mut byte = [0u8];
    stdout.read_exact(&mut byte).unwrap();
    drop(stdout);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8(out.stderr).unwrap(), "");
}

#[test]
fn timeout_reports_a_lower_bound() {
    let path = data("pentomino_6x10.dlx");
    let args = [
        "cover",
        "--count",
        "--timeout",
        "0.2",
        path.to_str().unwrap(),
    ];
    let (code, out, err) = run(&args, "");
    assert!(out.starts_with("at least "), "{out}");
    assert!(err.contains("stopped by --timeout"), "{err}");
    assert!(code == 0 || code == 1);
}

fn engine_count(text: &str) -> u128 {
    let (k, _) = dlx_engine::dlx::knuth::parse(text).unwrap();
    let arena = Bump::new();
    let mut m = dlx_engine::__unstable::build_links(&k.problem, &arena).unwrap();
    m.count_up_to(u64::MAX).solutions
}

#[test]
fn colored_problem_matches_brute_force() {
    // Three tiles, each to be placed once, sharing two colored edges.
    let text = "\
| colors: options agreeing on a color may share an edge
t1 t2 t3 | e1 e2 f
t1 e1:red
t1 e1:blue f
t2 e1:red e2:green
t2 e1:blue e2:green
t2 e2:red
t3 e2:green
t3 e2:red f
t3 e1:red
";
    let (k, warnings) = dlx_engine::dlx::knuth::parse(text).unwrap();
    assert!(warnings.is_empty());
    let want = count_by_brute_force(&k.problem).expect("a small problem");
    assert!(want >= 2, "a test that can tell colors apart: {want}");
    assert_eq!(engine_count(text), want);
    for extra in [&["--threads", "2"][..], &[]] {
        let mut args = vec!["cover", "--count"];
        args.extend(extra);
        let (_, out, _) = run(&args, text);
        assert_eq!(out.trim().parse::<u128>().unwrap(), want);
    }
    // Without colors the same options are far more constrained.
    let plain: String = text
        .lines()
        .map(|l| {
            l.split(' ')
                .map(|t| t.split(':').next().unwrap())
                .collect::<Vec<_>>()
                .join(" ")
                + "\n"
        })
        .collect();
    let (k, _) = dlx_engine::dlx::knuth::parse(&plain).unwrap();
    assert_eq!(Some(engine_count(&plain)), count_by_brute_force(&k.problem));
    assert_ne!(engine_count(&plain), want);
}

#[test]
fn random_small_problems_match_brute_force() {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = |bound: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % bound
    };
    for _ in 0..150 {
        let (prim, sec) = (1 + next(5), next(3));
        let mut text = (0..prim).map(|i| format!("p{i} ")).collect::<String>();
        text.push('|');
        text.extend((0..sec).map(|i| format!(" s{i}")));
        text.push('\n');
        for _ in 0..next(14) {
            let mut items = vec![format!("p{}", next(prim))];
            for i in 0..prim {
                let name = format!("p{i}");
                if next(3) == 0 && !items.contains(&name) {
                    items.push(name);
                }
            }
            for i in 0..sec {
                match next(4) {
                    0 => items.push(format!("s{i}")),
                    1 | 2 => items.push(format!("s{i}:c{}", next(2))),
                    _ => {}
                }
            }
            text.push_str(&items.join(" "));
            text.push('\n');
        }
        let (k, _) = dlx_engine::dlx::knuth::parse(&text).unwrap();
        let want = count_by_brute_force(&k.problem).expect("a small problem");
        assert_eq!(engine_count(&text), want, "{text}");
        // Threads and shares through the library, without a process.
        use dlx_engine::__unstable::{Plan, count_plan};
        use dlx_engine::dlx::EngineKind;
        use dlx_engine::dlx::{Runner, SearchLimits};
        let plan = Plan::split(&k.problem, 6).unwrap();
        let runner = Runner {
            threads: 2,
            limits: SearchLimits::UNLIMITED,
            deadline: None,
            on_progress: None,
            engine: EngineKind::Auto,
            cancel: None,
            share: None,
        };
        assert_eq!(
            count_plan(&runner, &k.problem, &plan, None)
                .unwrap()
                .solutions,
            want,
            "{text}"
        );
        let shares: u128 = (1..=3)
            .map(|s| {
                count_plan(&runner, &k.problem, &plan.part(s, 3), None)
                    .unwrap()
                    .solutions
            })
            .sum();
        assert_eq!(shares, want, "{text}");
        let memo = count_plan(&runner, &k.problem, &plan, Some(1 << 16)).unwrap();
        assert_eq!(memo.solutions, want, "{text}");
    }
}

/// `--engine auto` takes the bit sets where options clash densely (small
/// queens, pentominoes) and the links where they clash sparsely (larger
/// queens); both give the same count and statistics either way.
#[test]
fn auto_picks_the_engine_by_clash_density() {
    for (n, picked) in [(8, "bits"), (16, "bits"), (20, "links"), (40, "links")] {
        let (_, problem, _) = run(&["problem", "queens", &n.to_string()], "");
        let mut lines = Vec::new();
        for engine in ["auto", "links", "bits"] {
            let args = [
                "cover",
                "--count",
                "--stats",
                "--max-nodes",
                "5000",
                "--engine",
                engine,
            ];
            let (code, out, err) = run(&args, &problem);
            assert!(code == 0 || code == 1, "queens {n}: {err}");
            let stats = err.lines().last().unwrap_or_default().to_owned();
            let runs_on = if engine == "auto" { picked } else { engine };
            assert!(
                stats.ends_with(&format!(" s, {runs_on} engine")),
                "queens {n}: {stats}"
            );
            // The count line and the statistics up to the time.
            let tree = stats
                .split(" solutions, ")
                .next()
                .unwrap_or_default()
                .to_owned();
            lines.push((out, tree));
        }
        assert!(
            lines.windows(2).all(|w| w[0] == w[1]),
            "queens {n}: {lines:?}"
        );
    }
}

#[test]
fn the_memo_is_refused_where_it_would_be_ignored() {
    // The memo counts without listing: with --all or --every it would be
    // dropped in silence, so they are refused, as --memo without --count.
    let queens = "r0 r1 | a b\nr0 a\nr1 b\n";
    for (args, message) in [
        (
            &["cover", "--memo", "--all"][..],
            "'--memo' cannot be used with '--all'",
        ),
        (
            &["cover", "--all", "--memo"][..],
            "'--all' cannot be used with '--memo'",
        ),
        (
            &["cover", "--memo", "--every", "2"][..],
            "'--memo' cannot be used with '--every",
        ),
        (&["cover", "--memo"][..], "--count"),
    ] {
        let (code, out, err) = run(args, queens);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(err.contains(message), "{args:?}: {err}");
    }
    let (code, out, _) = run(&["cover", "--memo", "--count"], queens);
    assert_eq!((code, out.as_str()), (0, "1\n"));
}

/// The nodes and updates of a `--stats` line.
fn nodes_and_updates(err: &str) -> (u64, u64) {
    let line = err.lines().last().unwrap_or_default();
    let number = |word: &str| -> u64 {
        let before = line.split(&format!(" {word},")).next().unwrap();
        before.rsplit(' ').next().unwrap().parse().unwrap()
    };
    (number("nodes"), number("updates"))
}

#[test]
fn wide_shallow_problems_split_like_one_thread() {
    // Issue 25: one level of thousands of options, uncolored (`a b`, on
    // both engines) and colored (`p0 s:cK`). Threads and shares give one
    // thread's count, stats and solutions; `parallel.rs` bounds their
    // setup (one build per thread), which made them take minutes.
    let n = 4000;
    let mut wide = String::from("a b\n");
    let mut colored = String::from("p0 | s\n");
    for k in 1..=n {
        wide += "a b\n";
        colored += &format!("p0 s:c{k}\n");
    }
    for (text, engines) in [(&wide, &["links", "bits"][..]), (&colored, &["links"])] {
        for engine in engines {
            let one = run(&["cover", "--count", "--stats", "--engine", engine], text);
            assert_eq!(one.1, format!("{n}\n"));
            let stats = nodes_and_updates(&one.2);
            for extra in [&["--threads", "2"][..], &["--threads", "3", "--memo"]] {
                let mut args = vec!["cover", "--count", "--stats", "--engine", engine];
                args.extend_from_slice(extra);
                let many = run(&args, text);
                assert_eq!(many.1, one.1, "{engine} {extra:?}");
                if !extra.contains(&"--memo") {
                    assert_eq!(nodes_and_updates(&many.2), stats, "{engine} {extra:?}");
                }
            }
            for shares in [2, 3, 7] {
                let (mut count, mut nodes, mut updates) = (0, 0, 0);
                for k in 1..=shares {
                    let part = format!("{k}/{shares}");
                    let args = [
                        "cover", "--count", "--stats", "--engine", engine, "--part", &part,
                    ];
                    let (code, out, err) = run(&args, text);
                    assert_eq!(code, 0, "{err}");
                    count += out.trim().parse::<u64>().unwrap();
                    let (a, b) = nodes_and_updates(&err);
                    (nodes, updates) = (nodes + a, updates + b);
                }
                assert_eq!((count, (nodes, updates)), (n, stats), "{engine} {shares}");
            }
            let all = run(&["cover", "--all", "--engine", engine], text);
            let two = run(
                &["cover", "--all", "--threads", "2", "--engine", engine],
                text,
            );
            assert_eq!(all, two, "{engine}");
        }
    }
}

#[test]
fn an_estimate_prints_knuths_random_paths_near_the_count() {
    // queens13.estimate holds the line of `--estimate 20000` (seed 1,
    // the default): the same seed gives the same line, and the estimate
    // lies within four standard errors of the count in queens13.count.
    let path = data("queens13.dlx");
    let (code, out, err) = run(
        &["cover", "--estimate", "20000", path.to_str().unwrap()],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let want = std::fs::read_to_string(data("queens13.estimate")).unwrap();
    assert_eq!(out, want);
    let number = |after: &str| -> f64 {
        let rest = out.split_once(after).unwrap().1;
        rest.split([' ', ',']).next().unwrap().parse().unwrap()
    };
    let (solutions, error) = (number("about "), number("standard error "));
    let exact = expected_count("queens13") as f64;
    assert!((solutions - exact).abs() <= 4.0 * error, "{out}");
    // Another seed, another line; nothing with --count.
    let (_, other, _) = run(
        &[
            "cover",
            "--estimate",
            "20000",
            "--seed",
            "2",
            path.to_str().unwrap(),
        ],
        "",
    );
    assert_ne!(other, want);
    let (code, _, err) = run(
        &[
            "cover",
            "--estimate",
            "5",
            "--count",
            path.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 2, "{err}");
}
