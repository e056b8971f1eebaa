use serde_json::{Value, json};

use super::*;
use crate::format::lzstring::compress_to_base64;
use crate::sudoku::Constraint;

/// A 4x4 SudokuPad puzzle of no givens with `extra` keys, and the rules
/// text `rules` (none when empty).
fn puzzle(extra: Value, rules: &str) -> Value {
    let mut p = json!({"cellSize": 50, "cells": vec![vec![json!({}); 4]; 4]});
    if let Value::Object(extra) = extra {
        for (k, v) in extra {
            p[k] = v;
        }
    }
    if !rules.is_empty() {
        let mut cages = p["cages"].as_array().cloned().unwrap_or_default();
        cages.push(json!({ "value": format!("rules: {rules}") }));
        p["cages"] = Value::Array(cages);
    }
    p
}

fn constraints(p: &Value, rules: &[&str]) -> Result<Vec<Constraint>, String> {
    let rules: Vec<String> = rules.iter().map(|r| (*r).to_owned()).collect();
    let case = read_puzzle(p, &rules)?;
    Ok(case
        .variant
        .map(|v| v.constraints().to_vec())
        .unwrap_or_default())
}

#[test]
fn every_form_of_a_link_gives_its_payload() {
    let p = "N4Igz+AB";
    for link in [
        format!("https://sudokupad.app/scl{p}"),
        format!("https://sudokupad.app/sudoku/scl{p}"),
        format!("http://sudokupad.app/?puzzleid=scl{p}&setting-dark=1"),
        format!("https://app.crackingthecryptic.com/sudoku/ctc{p}"),
        format!("https://sudokupad.app/scl{p}?setting-nogrid=1"),
        format!("https://sudokupad.app/scl{p}#x"),
        "https://sudokupad.app/sclN4Igz%2BAB".into(),
        "https://sudokupad.app/sclN4Igz%252BAB".into(),
        "sclN4Igz AB".into(),
        format!("<https://sudokupad.app/scl{p}>"),
        format!("scl{p}"),
    ] {
        assert_eq!(
            payload_of(&link).unwrap(),
            (Kind::Scl, p.to_owned()),
            "{link}"
        );
    }
    assert_eq!(
        payload_of("fpuzzlesAB").unwrap(),
        (Kind::FPuzzles, "AB".into())
    );
    assert_eq!(payload_of("fpuzAB").unwrap(), (Kind::FPuzzles, "AB".into()));
    assert_eq!(payload_of("scfAB").unwrap(), (Kind::Scf, "AB".into()));
    let e = payload_of("https://sudokupad.app/wsj7iunsg6").unwrap_err();
    assert!(
        e.contains("short link") && e.contains("copy the full link"),
        "{e}"
    );
    let e = payload_of("https://example.com/a?b=c").unwrap_err();
    assert!(e.contains("its host is example.com"), "{e}");
    let e = payload_of("https://sudokupad.app/~~~not-a-puzzle~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~")
        .unwrap_err();
    assert!(
        e.starts_with("not a SudokuPad link: its puzzle starts with scl"),
        "{e}"
    );
}

#[test]
fn scf_reads_givens_blanks_and_rules() {
    // '5' then 'x' (9 and five blanks), as SudokuPad's codoku writes them.
    let case = read_link("scf5x", &[]);
    assert!(case.unwrap_err().contains("a classic grid has 81"));
    let blanks = "x".repeat(13); // 13 x (9 and five blanks) = 78 cells
    let case = read_link(&format!("scf{blanks}123*xtA**B"), &[]).unwrap();
    assert_eq!(
        case.grid.cells().iter().filter(|&&d| d != 0).count(),
        13 + 3
    );
    assert!(case.variant.as_ref().is_some_and(|v| v.diagonals()));
    let case = read_link(&format!("scf{blanks}123*w"), &[]).unwrap();
    let windows = case.variant.unwrap().constraints().len();
    assert_eq!(windows, 4);
    assert!(
        read_link("scf{{{", &[])
            .unwrap_err()
            .contains("not a digit-and-blanks")
    );
}

#[test]
fn payloads_that_are_not_puzzles_are_errors() {
    let e = read_link("scl!!!!not~base64", &[]).unwrap_err();
    assert!(e.contains("not lz-string base64"), "{e}");
    let bad = compress_to_base64("{ce:[[");
    let e = read_link(&format!("scl{bad}"), &[]).unwrap_err();
    assert!(e.contains("zipped puzzle text"), "{e}");
    let e = read_link("fpuzzlesAAAAAAAAAAAAAAAAAAAA", &[]).unwrap_err();
    assert!(e.contains("fpuzzles payload"), "{e}");
    // An uncompressed payload is read as it is, as SudokuPad reads it.
    let plain = json!({"cells": vec![vec![json!({}); 4]; 4]}).to_string();
    assert!(read_link(&format!("scl{plain}"), &[]).is_ok());
}

#[test]
fn bulbs_shared_and_paths_given_by_their_turns() {
    let bulb = json!({"center": [0.5, 0.5], "width": 0.85, "height": 0.85, "rounded": true,
        "backgroundColor": "#CFCFCF"});
    let p = puzzle(
        json!({
            "underlays": [bulb],
            "lines": [
                {"wayPoints": [[0.5, 0.5], [0.5, 3.5]], "color": "#cccf", "thickness": 19},
                {"wayPoints": [[0.5, 0.5], [2.5, 2.5]], "color": "#cccf", "thickness": 19},
            ],
        }),
        "",
    );
    let c = constraints(&p, &[]).unwrap();
    assert_eq!(
        c,
        [
            Constraint::Thermometer(vec![0, 1, 2, 3]),
            Constraint::Thermometer(vec![0, 5, 10]),
        ]
    );
    // Two arrows from one circle, the first starting at its edge.
    let circle = json!({"center": [0.5, 0.5], "width": 0.82, "height": 0.82, "rounded": true,
        "backgroundColor": "#FFFFFF", "borderColor": "#aaaf"});
    let p = puzzle(
        json!({
            "overlays": [circle],
            "arrows": [
                {"wayPoints": [[0.5, 0.9], [0.5, 2.5]], "headLength": 0.3},
                {"wayPoints": [[0.782, 0.782], [1.5, 1.5], [1.5, 2.5]], "headLength": 0.3},
            ],
        }),
        "",
    );
    let c = constraints(&p, &[]).unwrap();
    assert_eq!(
        c,
        [
            Constraint::Arrow {
                bulb: vec![0],
                shaft: vec![1, 2]
            },
            Constraint::Arrow {
                bulb: vec![0],
                shaft: vec![5, 6]
            },
        ]
    );
}

#[test]
fn a_line_whose_colour_the_text_does_not_explain_is_an_error() {
    let line = |colour: &str| {
        json!({"lines": [{"wayPoints": [[0.5, 0.5], [0.5, 1.5], [1.5, 1.5]], "color": colour,
            "thickness": 10}]})
    };
    let e = constraints(&puzzle(line("#67f058"), ""), &[]).unwrap_err();
    assert!(
        e.contains("a green line (thickness 10) through r1c1 r1c2 r2c2")
            && e.contains("--rule whispers"),
        "{e}"
    );
    let c = constraints(&puzzle(line("#67f058"), ""), &["whispers"]).unwrap();
    assert_eq!(
        c,
        [Constraint::Whispers {
            cells: vec![0, 1, 5],
            gap: 2
        }]
    );
    let said = "Digits on a German whispers line differ by 2 or more.";
    assert_eq!(constraints(&puzzle(line("#67f058"), said), &[]).unwrap(), c);
    let c = constraints(&puzzle(line("#f067f0"), "Renban lines."), &[]).unwrap();
    assert_eq!(c, [Constraint::Renban(vec![0, 1, 5])]);
    // Seen on white, a dark colour at low opacity is grey.
    let c = constraints(&puzzle(line("#46386c45"), "A palindrome."), &[]).unwrap();
    assert_eq!(c, [Constraint::Palindrome(vec![0, 1, 5])]);
    let e = constraints(&puzzle(line("#ff0000"), "Red lines."), &["whispers"]).unwrap_err();
    assert!(e.contains("no rule for a line of this colour"), "{e}");
}

#[test]
fn dots_letters_and_clues_outside_the_grid() {
    let dot = |fill: &str| {
        json!({"center": [0.5, 1.0], "width": 0.3, "height": 0.3, "rounded": true,
            "backgroundColor": fill, "borderColor": "#000000"})
    };
    let p = puzzle(
        json!({"overlays": [dot("#000000"), dot("#FFFFFF"),
            {"center": [1.0, 0.5], "width": 0.25, "height": 0.25, "text": "V"}]}),
        "",
    );
    let c = constraints(&p, &[]).unwrap();
    let mut dots: Vec<String> = c.iter().map(|c| format!("{c:?}")).collect();
    dots.sort();
    assert_eq!(
        dots,
        [
            "Dot { cells: [0, 1], relation: Difference(1) }",
            "Dot { cells: [0, 1], relation: Ratio(2) }",
            "Dot { cells: [0, 4], relation: Sum(5) }",
        ]
    );
    let e = constraints(&puzzle(json!({"overlays": [dot("#ff0000")]}), ""), &[]).unwrap_err();
    assert!(e.contains("a red dot on the edge of r1c1 and r1c2"), "{e}");
    let number =
        json!({"overlays": [{"center": [2.5, 1.5], "width": 0.6, "height": 0.6, "text": "7"}]});
    let e = constraints(&puzzle(number.clone(), ""), &[]).unwrap_err();
    assert!(e.contains("the number 7 drawn in r3c2, not a given"), "{e}");
    assert!(
        constraints(&puzzle(number, ""), &["as-drawn"])
            .unwrap()
            .is_empty()
    );
    // A little killer: a short arrow by its number outside the grid.
    let p = puzzle(
        json!({"overlays": [{"center": [-0.5, 0.5], "width": 0.25, "height": 0.25, "text": 7}],
            "arrows": [{"wayPoints": [[-0.2, 0.8], [-0.02, 0.98]], "thickness": 2}]}),
        "",
    );
    let c = constraints(&p, &[]).unwrap();
    assert_eq!(
        c,
        [Constraint::LittleKiller {
            cells: vec![1, 6, 11],
            sum: 7
        }]
    );
    // A number outside with no arrow: a sandwich sum, when the text says so.
    let clue =
        json!({"overlays": [{"center": [1.5, -0.5], "width": 0.5, "height": 0.5, "text": "5"}]});
    let e = constraints(&puzzle(clue.clone(), ""), &[]).unwrap_err();
    assert!(e.contains("--rule sandwich"), "{e}");
    let c = constraints(&puzzle(clue, "Sandwich sums."), &[]).unwrap();
    assert_eq!(
        c,
        [Constraint::Sandwich {
            cells: vec![4, 5, 6, 7],
            sum: 5
        }]
    );
}

#[test]
fn rules_only_in_words_stop_the_case_unless_said() {
    let p = puzzle(json!({}), "Cells a knight's move apart must differ.");
    let e = constraints(&p, &[]).unwrap_err();
    assert!(
        e.contains("names antiknight (\"knight\")") && e.contains("--rule antiknight"),
        "{e}"
    );
    assert_eq!(
        constraints(&p, &["antiknight"]).unwrap(),
        [Constraint::AntiKnight]
    );
    assert!(constraints(&p, &["as-drawn"]).unwrap().is_empty());
    // The setting in the metadata, as Sudoku Maker writes it, shows it.
    let mut p = p;
    p["metadata"] = json!({"antiknight": true});
    assert_eq!(constraints(&p, &[]).unwrap(), [Constraint::AntiKnight]);
    let p = puzzle(
        json!({}),
        "Digits along a thermometer increase or stay the same.",
    );
    let e = constraints(&p, &[]).unwrap_err();
    assert!(e.contains("slow thermometers"), "{e}");
}

#[test]
fn the_metadata_and_the_solution_come_with_the_case() {
    let mut p = puzzle(json!({}), "Normal sudoku rules apply.");
    p["cages"]
        .as_array_mut()
        .unwrap()
        .push(json!({"value": "title: Tiny"}));
    p["cages"]
        .as_array_mut()
        .unwrap()
        .push(json!({"value": "solution: 1234341221434321"}));
    let case = read_puzzle(&p, &[]).unwrap();
    let about = case.about.unwrap();
    assert_eq!(about.title.as_deref(), Some("Tiny"));
    assert_eq!(about.rules.as_deref(), Some("Normal sudoku rules apply."));
    let solution = case.expected.unwrap();
    assert_eq!(solution.cells()[..4], [1, 2, 3, 4]);
}
