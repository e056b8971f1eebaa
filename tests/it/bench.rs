//! `dlx bench` through the binary: a tiny node budget on a few puzzles, and
//! the table must count the searches it cut instead of dropping them.

use crate::common;

/// Two 9x9 puzzles the engine finishes in a few hundred nodes; the second
/// is built to defeat the naive DFS, which needs millions.
const PUZZLES: &str = "\
4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9
";

fn bench(args: &[&str]) -> (String, i32) {
    let out = common::bin::dlx()
        .arg("bench")
        .args(args)
        .write_stdin(PUZZLES)
        .output()
        .unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        out.status.code().unwrap(),
    )
}

fn row<'t>(table: &'t str, solver: &str) -> Vec<&'t str> {
    table
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .find(|cols| cols.first() == Some(&solver))
        .unwrap_or_else(|| panic!("no {solver} row in:\n{table}"))
}

#[test]
fn table_counts_puzzles_cut_by_the_budget() {
    let (table, code) = bench(&["--budget", "20000", "--warmup", "0"]);
    assert_eq!(code, 0, "{table}");
    assert!(
        table.starts_with("<stdin>: 2 puzzles, counting up to 2 solutions, budget 20000 nodes")
    );
    let dlx = row(&table, "dlx");
    // solver, puzzles, solutions, unfinished, ...
    assert_eq!(dlx[1..4], ["2", "2", "0"]);
    assert_eq!(dlx[9], "1.00");
    let naive = row(&table, "naive");
    assert_eq!(naive[1], "2");
    assert!(
        naive[3] != "0",
        "the naive DFS finished within 20000 nodes?\n{table}"
    );
    assert!(naive[9].starts_with(">="), "{table}");
}

#[test]
fn json_reports_unfinished_searches() {
    let (text, code) = bench(&["--budget", "20000", "--solver", "naive", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let naive = &v["sets"][0]["solvers"][0];
    assert_eq!(naive["solver"], "naive");
    assert_eq!(naive["puzzles"], 2);
    assert!(naive["unfinished"].as_u64().unwrap() >= 1);
    assert_eq!(naive["ratio_is_lower_bound"], true);
}
