//! f-puzzles files (data/fpuzzles/, one per constraint kind, each with its
//! unique solution in `KIND.solution`): `dlx solve` prints the solution,
//! `dlx count --limit 2` says 1, and the checker (`verify`, which shares
//! no code with the compiler) accepts it; the same puzzles as `?load=`
//! URLs; bad input, which stops its own case only (exit 2); and
//! near-blank grids with a sandwich sum and a little killer
//! (tests/data/near_blank/), which settle within a node budget.

use std::path::Path;

use dlx_engine::__unstable::every_latin_square;
use dlx_engine::__unstable::fpuzzles::parse_json;
use dlx_engine::__unstable::sudoku::{Constraint, VariantInternals as _};
use dlx_engine::sudoku::Grid;
use dlx_engine::sudoku::check_variant;

use crate::common::bin::run_with_stdin;

fn kinds() -> Vec<(String, String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/fpuzzles");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("data/fpuzzles") {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|e| e == "json") {
            let json = std::fs::read_to_string(&path).expect("readable");
            let solution = std::fs::read_to_string(path.with_extension("solution"))
                .expect("a solution next to each puzzle");
            let kind = path.file_stem().unwrap().to_string_lossy().into_owned();
            out.push((kind, json, solution.trim().to_string()));
        }
    }
    out.sort();
    assert!(out.len() >= 15, "{} files", out.len());
    out
}

#[test]
fn every_kind_solves_to_its_known_solution_and_the_checker_agrees() {
    for (kind, json, solution) in kinds() {
        let (code, out, err) = run_with_stdin(&["solve"], &json);
        assert_eq!(
            (code, out.trim(), err.as_str()),
            (0, solution.as_str(), ""),
            "{kind}"
        );
        let (code, out, _) =
            run_with_stdin(&["count", "--limit", "2", "--format", "fpuzzles"], &json);
        assert_eq!((code, out.trim()), (0, "1"), "{kind}");
        let case = parse_json(&json).expect("reads");
        let variant = case.variant.unwrap_or_else(|| panic!("{kind}: no rules"));
        let digits: Vec<u8> = solution.bytes().map(|b| b - b'0').collect();
        let grid = Grid::from_cells(case.grid.shape(), digits).expect("a grid");
        check_variant(&variant, &case.grid, &grid).unwrap_or_else(|e| panic!("{kind}: {e}"));
        // A wrong digit is caught.
        let mut wrong = grid.clone();
        let k = case
            .grid
            .cells()
            .iter()
            .position(|&d| d == 0)
            .expect("an empty cell");
        let (r, c) = (k / 9, k % 9);
        wrong.set(r, c, grid.get(r, c) % 9 + 1);
        assert!(
            check_variant(&variant, &case.grid, &wrong).is_err(),
            "{kind}"
        );
    }
}

#[test]
fn urls_read_as_their_json_and_json_output_works() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/fpuzzles");
    let urls = std::fs::read_to_string(dir.join("urls.txt")).expect("urls.txt");
    let expected = std::fs::read_to_string(dir.join("urls.solutions")).expect("urls.solutions");
    let (code, out, err) = run_with_stdin(&["solve"], &urls);
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (0, expected.as_str(), "")
    );
    let (code, out, _) = run_with_stdin(&["count", "--json"], &urls);
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), expected.lines().count(), "{out}");
    assert!(out.lines().all(|l| l.contains("\"count\":1")), "{out}");
}

#[test]
fn bad_input_says_where_and_the_other_puzzles_are_still_solved() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/fpuzzles");
    let bad = std::fs::read_to_string(dir.join("bad/mixed.jsonl")).expect("bad/mixed.jsonl");
    let expected_out = std::fs::read_to_string(dir.join("bad/mixed.out")).expect("mixed.out");
    let expected_err = std::fs::read_to_string(dir.join("bad/mixed.err")).expect("mixed.err");
    let (code, out, err) = run_with_stdin(&["solve", "--format", "fpuzzles"], &bad);
    assert_eq!(code, 2);
    assert_eq!(out, expected_out);
    assert_eq!(err, expected_err);
}

/// A blank 4x4 document with `extra` keys.
fn blank_4x4(extra: &str) -> String {
    let row = format!("[{}]", ["{}"; 4].join(","));
    format!(
        r#"{{"size":4,"grid":[{}]{extra}}}"#,
        [row.as_str(); 4].join(",")
    )
}

#[test]
fn an_arrow_keeps_every_shaft_cell_wherever_its_line_starts() {
    // Brute force: the Latin squares the independent checker accepts.
    let grids = every_latin_square(4);
    assert_eq!(grids.len(), 576);
    // Rangsk's reading: the shaft is the line's cells outside the bulb.
    // Before, the line's first cell was dropped as the bulb's, and the
    // first puzzle counted 48 (a shaft of r2c2 and r1c2 only).
    for (extra, want) in [
        (
            r#","arrow":[{"cells":["R1C1"],"lines":[["R3C3","R2C2","R1C2"]]}]"#,
            6,
        ),
        // A pill whose line starts on both its cells (refused before:
        // "r1c2 is named twice").
        (
            r#","arrow":[{"cells":["R1C1","R1C2"],"lines":[["R1C1","R1C2","R2C3","R3C4","R4C3","R3C2"]]}]"#,
            4,
        ),
        // Lines that pass through the bulb.
        (
            r#","arrow":[{"cells":["R4C4"],"lines":[["R3C4","R4C4","R4C3"]]}]"#,
            48,
        ),
        (
            r#","arrow":[{"cells":["R1C1"],"lines":[["R2C3","R1C1","R1C2"]]}]"#,
            24,
        ),
    ] {
        let json = blank_4x4(extra);
        let case = parse_json(&json).expect("reads");
        let variant = case.variant.expect("an arrow");
        let brute = grids
            .iter()
            .filter(|cells| {
                let grid = Grid::from_cells(case.grid.shape(), cells.to_vec()).expect("a grid");
                check_variant(&variant, &case.grid, &grid).is_ok()
            })
            .count();
        assert_eq!(brute, want, "{extra}");
        let (_, out, err) = run_with_stdin(&["count", "--format", "fpuzzles"], &json);
        assert_eq!(out.trim(), want.to_string(), "{extra}: {err}");
    }
}

/// A blank grid with a sandwich sum and a little killer whose diagonal is
/// too long for tuples (issue 45): the chain's sum was checked only once
/// the search had filled the grid nearly whole, and the search then
/// backtracked through every placement since (the first file, more than
/// 10^7 nodes; each solvable 9x9 file more than 2 million). Each now
/// settles in a few hundred nodes; the budget of 20,000 makes a
/// regression fail rather than hang. Each solution is checked by
/// `verify` and by the sums read off the grid here.
#[test]
fn near_blank_grids_with_a_sandwich_and_a_little_killer_settle_within_a_node_budget() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/near_blank");
    // (file, whether it has a solution)
    let files = [
        ("sandwich35-littlekiller40.json", true),
        ("sandwich35-littlekiller30.json", true),
        ("sandwich35-column-littlekiller36-up.json", true),
        ("sandwich0-littlekiller45-main-diagonal.json", true),
        ("littlekiller20.json", true),
        ("6x6-sandwich14-littlekiller15.json", true),
        ("6x6-sandwich7-littlekiller21-main-diagonal.json", true),
        ("sandwich35-littlekiller70-impossible.json", false),
    ];
    let budget = ["--max-nodes", "20000"];
    for (file, solvable) in files {
        let json = std::fs::read_to_string(dir.join(file)).expect(file);
        let (code, out, err) =
            run_with_stdin(&["count", "--limit", "1", budget[0], budget[1]], &json);
        let want = if solvable { (0, "1+") } else { (1, "0") };
        assert_eq!((code, out.trim()), want, "{file}: {err}");
        let (code, out, err) = run_with_stdin(&["solve", budget[0], budget[1]], &json);
        if !solvable {
            assert_eq!(code, 1, "{file}: {out}{err}");
            continue;
        }
        assert_eq!((code, err.as_str()), (0, ""), "{file}");
        let case = parse_json(&json).expect("reads");
        let variant = case.variant.expect("rules");
        let shape = case.grid.shape();
        let digits: Vec<u8> = out.trim().bytes().map(|b| b - b'0').collect();
        let grid = Grid::from_cells(shape, digits).expect("a grid");
        check_variant(&variant, &case.grid, &grid).unwrap_or_else(|e| panic!("{file}: {e}"));
        // The two sums, read off the grid.
        let n = shape.n() as u32;
        let digit = |cell: u16| u32::from(grid.cells()[cell as usize]);
        for c in variant.constraints() {
            match c {
                Constraint::LittleKiller { cells, sum } => {
                    let total: u32 = cells.iter().map(|&cell| digit(cell)).sum();
                    assert_eq!(total, *sum, "{file}: little killer");
                }
                Constraint::Sandwich { cells, sum } => {
                    let crusts: Vec<usize> = (0..cells.len())
                        .filter(|&i| [1, n].contains(&digit(cells[i])))
                        .collect();
                    let [a, b] = crusts[..] else {
                        panic!("{file}: crusts {crusts:?}")
                    };
                    let total: u32 = cells[a + 1..b].iter().map(|&cell| digit(cell)).sum();
                    assert_eq!(total, *sum, "{file}: sandwich");
                }
                other => panic!("{file}: {other:?}"),
            }
        }
    }
}
