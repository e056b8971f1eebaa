//! `dlx candidates` end to end, on `data/candidates/puzzles.txt` (plain,
//! X, jigsaw and killer puzzles with several solutions, one with none and
//! one unique) and `data/candidates/fpuzzles.json` (f-puzzles files of the
//! setters' constraints with 5 to 874 solutions, so that both the first
//! enumeration and the forced digits decide), with their expected outputs
//! beside them. Every candidate line
//! printed is checked against the union of every solution, enumerated by
//! the library and each one checked by the independent checker; counts are
//! cross-checked with the naive solver where it applies.

use std::fs;
use std::ops::ControlFlow;

use dlx_engine::__unstable::sudoku::{DlxSolver, NaiveSolver, VariantInternals as _};
use dlx_engine::dlx::SearchLimits;
use dlx_engine::format::write_marks;
use dlx_engine::format::{self, Alphabet, Case, Options};
use dlx_engine::sudoku::check_variant;
use dlx_engine::sudoku::{Grid, SudokuSolver, Variant};

use crate::common;

const PUZZLES: &str = "data/candidates/puzzles.txt";

fn run(args: &[&str]) -> (i32, String, String) {
    common::bin::run_with_stdin(args, "")
}

const FPUZZLES: &str = "data/candidates/fpuzzles.json";

fn cases() -> Vec<Case> {
    cases_of(PUZZLES, "line")
}

fn cases_of(path: &str, format: &str) -> Vec<Case> {
    let bytes = fs::read(path).unwrap();
    format::by_name(format)
        .unwrap()
        .read(Box::new(&bytes[..]), &Options::default())
        .map(Result::unwrap)
        .collect()
}

/// The union of every solution of `case` (each checked on its own) and
/// how many there are.
fn enumerate(case: &Case) -> (Vec<u64>, u64) {
    let variant = case
        .variant
        .as_deref()
        .cloned()
        .unwrap_or_else(|| Variant::plain(case.grid.shape()));
    let mut solver = DlxSolver::for_variant(variant.clone());
    let mut union = vec![0u64; case.grid.cells().len()];
    let mut count = 0;
    let mut visit = |g: &Grid| {
        check_variant(&variant, &case.grid, g).unwrap();
        for (m, &d) in union.iter_mut().zip(g.cells()) {
            *m |= 1 << (d - 1);
        }
        count += 1;
        ControlFlow::Continue(())
    };
    let _ = solver.search(&case.grid, SearchLimits::UNLIMITED, Some(&mut visit));
    (union, count)
}

#[test]
fn the_candidates_are_the_union_of_every_solution() {
    let (code, out, _) = run(&["candidates", "--output", "line", PUZZLES]);
    assert_eq!(code, 1, "one puzzle has no solution");
    assert_eq!(
        out,
        fs::read_to_string("data/candidates/puzzles.line.out").unwrap()
    );
    let lines: Vec<&str> = out.lines().collect();
    let cases = cases();
    assert_eq!(lines.len(), cases.len());
    for (case, line) in cases.iter().zip(&lines) {
        let (union, count) = enumerate(case);
        if count == 0 {
            assert!(line.starts_with("# no solution: "), "{line}");
            continue;
        }
        let n = case.grid.n();
        assert_eq!(
            *line,
            write_marks(n, &union, &Alphabet::default()),
            "line {}",
            case.line
        );
        if case.variant.is_none() {
            let naive = NaiveSolver::new()
                .count_up_to(&case.grid, u64::MAX)
                .unwrap();
            assert_eq!(naive.solutions, u128::from(count), "line {}", case.line);
        }
    }
}

#[test]
fn the_setters_constraints_candidates_are_the_union_of_every_solution() {
    let expected = fs::read_to_string("data/candidates/fpuzzles.line.out").unwrap();
    for threads in ["1", "2"] {
        let (code, out, err) = run(&[
            "candidates",
            "--output",
            "line",
            "--threads",
            threads,
            FPUZZLES,
        ]);
        assert_eq!(
            (code, out.as_str(), err.as_str()),
            (0, expected.as_str(), "")
        );
    }
    let cases = cases_of(FPUZZLES, "fpuzzles");
    let lines: Vec<&str> = expected.lines().collect();
    assert_eq!(lines.len(), cases.len());
    let mut forced = 0;
    for (case, line) in cases.iter().zip(&lines) {
        assert!(
            case.variant
                .as_deref()
                .is_some_and(|v| !v.constraints().is_empty())
        );
        let (union, count) = enumerate(case);
        assert!(count > 1, "line {}", case.line);
        forced += usize::from(count > dlx_engine::__unstable::ENUMERATED);
        assert_eq!(
            *line,
            write_marks(9, &union, &Alphabet::default()),
            "line {}",
            case.line
        );
    }
    assert_eq!(
        forced, 2,
        "two puzzles have more solutions than the first search takes"
    );
}

#[test]
fn the_grid_layout_is_the_expected_one_at_any_thread_count() {
    let expected = fs::read_to_string("data/candidates/puzzles.grid.out").unwrap();
    for threads in ["1", "2", "3"] {
        let (code, out, err) = run(&["candidates", "--threads", threads, PUZZLES]);
        assert_eq!(
            (code, out.as_str()),
            (1, expected.as_str()),
            "{threads} threads"
        );
        assert_eq!(err, format!("dlx: {PUZZLES}: line 13: no solution\n"));
    }
    let (_, line, _) = run(&["candidates", "--output", "line", "--threads", "2", PUZZLES]);
    assert_eq!(
        line,
        fs::read_to_string("data/candidates/puzzles.line.out").unwrap()
    );
}

#[test]
fn plain_candidates_read_back_as_sukaku_have_the_same_solutions() {
    // Under plain rules a cell's true candidates lose no solution and add
    // none: the givens are single marks. (Variant rules are not in a
    // Sukaku line, so this holds for the plain puzzles only.)
    let (_, marks, _) = run(&["candidates", "--output", "line", PUZZLES]);
    let (_, counts, _) = run(&["count", "--limit", "1000", PUZZLES]);
    let plain: Vec<usize> = cases()
        .iter()
        .enumerate()
        .filter(|(_, c)| c.variant.is_none())
        .map(|(i, _)| i)
        .collect();
    let counts: Vec<&str> = counts.lines().collect();
    let lines: Vec<&str> = marks.lines().collect();
    for i in plain {
        if lines[i].starts_with('#') {
            continue;
        }
        let (code, out, err) =
            common::bin::run_with_stdin(&["count", "--limit", "1000"], &format!("{}\n", lines[i]));
        assert_eq!(code, 0, "{err}");
        assert_eq!(out.trim(), counts[i], "case {}", i + 1);
    }
}

#[test]
fn json_gives_the_status_marks_cells_and_effort() {
    let (code, out, _) = run(&["candidates", "--json", PUZZLES]);
    assert_eq!(code, 1);
    let records: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let statuses: Vec<&str> = records
        .iter()
        .map(|r| r["status"].as_str().unwrap())
        .collect();
    assert_eq!(
        statuses,
        [
            "multiple",
            "multiple",
            "multiple",
            "multiple",
            "multiple",
            "multiple",
            "no_solution",
            "unique"
        ]
    );
    let lines = fs::read_to_string("data/candidates/puzzles.line.out").unwrap();
    for (r, line) in records.iter().zip(lines.lines()) {
        if r["status"] != "no_solution" {
            assert_eq!(r["candidates"], line);
        }
        assert!(r["undecided"].is_null());
        assert!(r["nodes"].as_u64().unwrap() > 0 || r["status"] == "no_solution");
    }
    // The first puzzle's two solutions differ in four cells, each 4 or 9.
    let cells = records[0]["cells"].as_array().unwrap();
    let two: Vec<&str> = cells
        .iter()
        .map(|c| c.as_str().unwrap())
        .filter(|c| c.len() > 1)
        .collect();
    assert_eq!(two, ["49", "49", "49", "49"]);
    // The unique one took a single search.
    assert_eq!(records[7]["searches"], 1);
}

#[test]
fn a_node_bound_prints_not_settled_and_exits_3() {
    let x = "..8...............72...4..89..1...7................6.3...4.1.....38.2.....2....5. x\n";
    let (code, out, err) = common::bin::run_with_stdin(&["candidates", "--max-nodes", "30"], x);
    assert_eq!(code, 3);
    assert_eq!(
        out,
        "# not settled: ..8...............72...4..89..1...7................6.3...4.1.....38.2.....2....5.\n"
    );
    assert_eq!(
        err,
        "dlx: <stdin>: line 1: not settled: --max-nodes 30 ran out before every digit was decided\n"
    );
    let (code, out, _) =
        common::bin::run_with_stdin(&["candidates", "--max-nodes", "30", "--json"], x);
    assert_eq!(code, 3);
    let r: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(r["status"], "cut");
    assert!(r["nodes"].as_u64().unwrap() <= 30);
    // What was found and what is open are apart, and together hold every
    // true candidate.
    let (_, full, _) = common::bin::run_with_stdin(&["candidates", "--output", "line"], x);
    let (found, open, full) = (
        r["candidates"].as_str().unwrap().as_bytes(),
        r["undecided"].as_str().unwrap().as_bytes(),
        full.trim().as_bytes(),
    );
    for ((&f, &o), &t) in found.iter().zip(open).zip(full) {
        assert!(f == b'.' || o == b'.');
        if f != b'.' {
            assert_eq!(f, t, "a digit claimed that is no candidate");
        }
        if t != b'.' {
            assert!(f == t || o == t, "a candidate neither found nor open");
        }
    }
}

#[test]
fn clashing_givens_are_no_solution_as_solve_and_count_say() {
    // Two 1s in row 1 of a 4x4, and two on the main diagonal of an X
    // Sudoku.
    let x = format!("1{}1{} x", ".".repeat(39), ".".repeat(40));
    for puzzle in ["11..............", x.as_str()] {
        let input = format!("{puzzle}\n");
        let (code, out, err) = common::bin::run_with_stdin(&["candidates"], &input);
        assert_eq!(code, 1, "{puzzle}: {err}");
        assert!(out.starts_with("# no solution: "), "{out}");
        assert!(err.contains(": no solution: "), "{err}");
        let (code, out, _) = common::bin::run_with_stdin(&["candidates", "--json"], &input);
        assert_eq!(code, 1);
        assert!(out.contains(r#""status":"no_solution""#), "{out}");
        for command in ["solve", "count"] {
            let (code, _, err_of) = common::bin::run_with_stdin(&[command], &input);
            assert_eq!(code, 1, "{command} {puzzle}");
            assert_eq!(err_of, err, "{command} {puzzle}");
        }
    }
}

#[test]
fn counts_per_candidate_are_those_of_every_solution_at_any_thread_count() {
    // `--counts 3`: the grid is the expected one at 1 and 2 threads, and
    // each candidate's count in --json is the number of the enumerated
    // solutions (each checked on its own) that hold it, '>3' past 3.
    let expected = fs::read_to_string("data/candidates/puzzles.counts3.out").unwrap();
    for threads in ["1", "2"] {
        let (code, out, _) = run(&["candidates", "--counts", "3", "--threads", threads, PUZZLES]);
        assert_eq!(
            (code, out.as_str()),
            (1, expected.as_str()),
            "{threads} threads"
        );
    }
    let (_, json, _) = run(&["candidates", "--counts", "3", "--json", PUZZLES]);
    let records: Vec<serde_json::Value> = json
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let mut checked = 0;
    for (case, record) in cases().iter().zip(&records) {
        let Some(counts) = record["counts"].as_array() else {
            assert_eq!(record["status"], "no_solution");
            continue;
        };
        let variant = case
            .variant
            .as_deref()
            .cloned()
            .unwrap_or_else(|| Variant::plain(case.grid.shape()));
        let n = case.grid.n();
        let mut holding = vec![0u64; n * n * n];
        let mut visit = |g: &Grid| {
            check_variant(&variant, &case.grid, g).unwrap();
            for (cell, &d) in g.cells().iter().enumerate() {
                holding[cell * n + d as usize - 1] += 1;
            }
            ControlFlow::Continue(())
        };
        let mut solver = DlxSolver::for_variant(variant.clone());
        let _ = solver.search(&case.grid, SearchLimits::UNLIMITED, Some(&mut visit));
        for (cell, text) in counts.iter().enumerate() {
            let want: Vec<String> = (1..=n)
                .filter(|&d| holding[cell * n + d - 1] > 0)
                .map(|d| match holding[cell * n + d - 1] {
                    k if k > 3 => format!("{d}:>3"),
                    k => format!("{d}:{k}"),
                })
                .collect();
            assert_eq!(
                text.as_str().unwrap(),
                want.join(","),
                "{:?} cell {cell}",
                case.grid
            );
            checked += 1;
        }
    }
    assert!(checked > 0);
    // Counts go in the grid or the records, not in a Sukaku line.
    let (code, _, err) = run(&["candidates", "--counts", "3", "--output", "line", PUZZLES]);
    assert_eq!(code, 2, "{err}");
}
