//! The hard set (data/hard/: sum-and-line 9x9 puzzles that CP-SAT needs
//! 20,000 branches or more to prove unique, with their solutions): every
//! published solution passes the checker (`verify`, which shares no code
//! with the compiler) under the rules the reader finds; the quicker
//! puzzles count 1 and solve to that solution under every `--propagate`
//! choice, at one thread and at two alike; those without a little killer
//! (80) do under each rule's own propagator. All 118 under the default run
//! by hand (`cargo test --release --test it hard:: -- --ignored`; about a
//! minute a puzzle at worst).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use dlx_engine::__unstable::fpuzzles::parse_json;
use dlx_engine::sudoku::Grid;
use dlx_engine::sudoku::check_variant;

use crate::common::bin::dlx;

/// The folder of the hard set.
fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("data/hard")
}

/// Each puzzle's name and its solution, from `solutions.txt`.
fn solutions() -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(dir().join("solutions.txt")).expect("solutions.txt");
    let out: BTreeMap<String, String> = text
        .lines()
        .filter_map(|line| line.split_once(' '))
        .map(|(name, sol)| (name.to_string(), sol.trim().to_string()))
        .collect();
    assert_eq!(out.len(), 118, "one solution a puzzle");
    out
}

/// Puzzles that settle in well under a second under every choice: the
/// killer cages (no constraint, so no propagation), and a few of the
/// families with lines whose trees are small.
const QUICK: &[&str] = &[
    "arrow_9x9_12",
    "sandwich-thermo_9x9_03",
    "sandwich_9x9_07",
    "killer_9x9_03",
    "killer_9x9_07",
    "killer_9x9_12",
];

#[test]
fn every_published_solution_passes_the_checker() {
    for (name, solution) in solutions() {
        let json = std::fs::read_to_string(dir().join(format!("{name}.json"))).expect("a puzzle");
        let case = parse_json(&json).unwrap_or_else(|e| panic!("{name}: {e}"));
        let variant = case.variant.unwrap_or_else(|| panic!("{name}: no rules"));
        let digits: Vec<u8> = solution.bytes().map(|b| b - b'0').collect();
        let grid = Grid::from_cells(case.grid.shape(), digits).expect("81 digits");
        check_variant(&variant, &case.grid, &grid).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}

#[test]
fn quick_puzzles_are_unique_under_every_propagate_choice() {
    let solutions = solutions();
    let files: Vec<PathBuf> = QUICK
        .iter()
        .map(|n| dir().join(format!("{n}.json")))
        .collect();
    let expected: String = QUICK
        .iter()
        .map(|n| format!("{}\n", solutions[*n]))
        .collect();
    for propagate in ["auto", "off", "blocking", "sums", "all", "rules"] {
        for threads in ["1", "2"] {
            let args = ["--propagate", propagate, "--threads", threads];
            let count = dlx()
                .args(["count", "--limit", "2"])
                .args(args)
                .args(&files)
                .output()
                .expect("runs");
            assert_eq!(
                String::from_utf8_lossy(&count.stdout),
                "1\n".repeat(QUICK.len()),
                "{propagate}"
            );
            let solve = dlx()
                .arg("solve")
                .args(args)
                .args(&files)
                .output()
                .expect("runs");
            assert_eq!(
                String::from_utf8_lossy(&solve.stdout),
                expected,
                "{propagate}"
            );
        }
    }
}

#[test]
fn every_hard_puzzle_without_a_little_killer_is_unique_under_each_rules_propagator() {
    // The cells' search settles these in well under a second each (the
    // little killers take seconds, and run by hand below).
    let solutions = solutions();
    let names: Vec<&String> = solutions
        .keys()
        .filter(|n| !n.contains("littlekiller"))
        .collect();
    assert!(names.len() >= 60, "{}", names.len());
    let files: Vec<PathBuf> = names
        .iter()
        .map(|n| dir().join(format!("{n}.json")))
        .collect();
    let solve = dlx()
        .args(["solve", "--propagate", "rules", "--threads", "2"])
        .args(&files)
        .output()
        .expect("runs");
    let expected: String = names
        .iter()
        .map(|n| format!("{}\n", solutions[*n]))
        .collect();
    assert_eq!(String::from_utf8_lossy(&solve.stdout), expected);
    let count = dlx()
        .args(["count", "--limit", "2", "--propagate", "rules"])
        .args(&files)
        .output()
        .expect("runs");
    assert_eq!(
        String::from_utf8_lossy(&count.stdout),
        "1\n".repeat(names.len())
    );
}

#[test]
#[ignore = "minutes: every puzzle of the hard set, by hand"]
fn every_hard_puzzle_is_unique_and_solves_to_its_solution() {
    for (name, solution) in solutions() {
        let file = dir().join(format!("{name}.json"));
        let count = dlx()
            .args(["count", "--limit", "2"])
            .arg(&file)
            .output()
            .expect("runs");
        assert_eq!(String::from_utf8_lossy(&count.stdout), "1\n", "{name}");
        let solve = dlx().arg("solve").arg(&file).output().expect("runs");
        assert_eq!(
            String::from_utf8_lossy(&solve.stdout).trim(),
            solution,
            "{name}"
        );
    }
}
