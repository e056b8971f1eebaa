//! f-puzzles files (data/fpuzzles/, one per constraint kind, each with its
//! unique solution in `KIND.solution`): `dlx solve` prints the solution,
//! `dlx count --limit 2` says 1, and the checker (`verify`, which shares
//! no code with the compiler) accepts it; the same puzzles as `?load=`
//! URLs; and bad input, which stops its own case only (exit 2).

use std::path::Path;

use dlx_engine::format::fpuzzles::parse_json;
use dlx_engine::sudoku::Grid;
use dlx_engine::sudoku::verify::check_variant;

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

/// Every 4x4 Sudoku grid, by a plain fill in reading order (no solver).
fn every_4x4_grid() -> Vec<Vec<u8>> {
    fn fill(cells: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        let k = cells.len();
        if k == 16 {
            out.push(cells.clone());
            return;
        }
        let (r, c) = (k / 4, k % 4);
        for d in 1..=4 {
            let clash = (0..k).any(|j| {
                let (jr, jc) = (j / 4, j % 4);
                cells[j] == d && (jr == r || jc == c || (jr / 2 == r / 2 && jc / 2 == c / 2))
            });
            if !clash {
                cells.push(d);
                fill(cells, out);
                cells.pop();
            }
        }
    }
    let mut out = Vec::new();
    fill(&mut Vec::new(), &mut out);
    out
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
    let grids = every_4x4_grid();
    assert_eq!(grids.len(), 288);
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
