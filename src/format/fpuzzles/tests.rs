use super::*;

fn doc(extra: &str) -> String {
    let row = |r: usize| {
        let cells: Vec<String> = (0..4)
            .map(|c| {
                if r == 0 && c == 0 {
                    r#"{"value":1,"given":true}"#.to_string()
                } else {
                    "{}".to_string()
                }
            })
            .collect();
        format!("[{}]", cells.join(","))
    };
    let rows: Vec<String> = (0..4).map(row).collect();
    format!(r#"{{"size":4,"grid":[{}]{extra}}}"#, rows.join(","))
}

#[test]
fn reads_keys_and_refuses_what_it_cannot_keep() {
    let case = parse_json(&doc(
        r#","thermometer":[{"lines":[["R1C1","R1C2","R1C3"]]}]"#,
    ))
    .unwrap();
    let v = case.variant.unwrap();
    assert_eq!(v.constraints(), &[Constraint::Thermometer(vec![0, 1, 2])]);
    assert_eq!(case.grid.get(0, 0), 1);
    let e = parse_json(&doc(r#","xsum":[{"cell":"R0C1","value":"3"}]"#)).unwrap_err();
    assert!(e.starts_with("unsupported key \"xsum\""), "{e}");
    assert!(e.contains("thermometer"), "{e}");
    // An empty list of an unknown kind states nothing.
    assert!(parse_json(&doc(r#","xsum":[]"#)).is_ok());
    let e = parse_json(&doc(r#","thermometer":[{"lines":[["R1C1","R5C2"]]}]"#)).unwrap_err();
    assert_eq!(
        e,
        "thermometer[0].lines[0][1]: cell \"R5C2\" is outside the 4x4 grid"
    );
    let e = parse_json(&doc(r#","renban":[{"lines":[["R1C1","R1C2","R1C1"]]}]"#)).unwrap_err();
    assert_eq!(e, "renban[0].lines[0]: renban: r1c1 is named twice");
    let e = parse_json(&doc(
        r#","arrow":[{"cells":["R1C1"],"lines":[["R1C1","R1C2","R1C3","R1C4","R2C4","R3C4"]]}]"#,
    ))
    .unwrap_err();
    assert!(
        e.starts_with("arrow[0].lines[0]: arrow: no digits fit"),
        "{e}"
    );
    let e = parse_json(&doc(
        r#","killercage":[{"cells":["R1C1","R1C2"],"value":"9"}]"#,
    ))
    .unwrap_err();
    assert!(
        e.starts_with("killercage[0]: cage: the cage at r1c1 cannot sum to 9"),
        "{e}"
    );
    let bad_size = doc("").replace("\"size\":4", "\"size\":9");
    assert_eq!(
        parse_json(&bad_size).unwrap_err(),
        "\"size\" is 9 but \"grid\" has 4 rows"
    );
    // Killer cages alone become the variant's own cages.
    let killer = parse_json(&doc(
        r#","killercage":[{"cells":["R1C1","R1C2"],"value":"3"}]"#,
    ))
    .unwrap();
    let v = killer.variant.unwrap();
    assert!(v.constraints().is_empty() && v.cages().len() == 1);
    // Little killer from outside the grid, sandwich clue.
    let lk = parse_json(&doc(r#","littlekillersum":[{"cell":"R0C0","direction":"DR","value":"10"}],"sandwichsum":[{"cell":"R0C2","value":"5"}]"#)).unwrap();
    let v = lk.variant.unwrap();
    assert_eq!(
        v.constraints()[0],
        Constraint::LittleKiller {
            cells: vec![0, 5, 10, 15],
            sum: 10
        }
    );
    assert_eq!(
        v.constraints()[1],
        Constraint::Sandwich {
            cells: vec![1, 5, 9, 13],
            sum: 5
        }
    );
    // Clues right of a row and below a column read it from their side.
    let far = parse_json(&doc(
        r#","sandwichsum":[{"cell":"R2C5","value":"0"},{"cell":"R5C1","value":"5"}]"#,
    ))
    .unwrap();
    let v = far.variant.unwrap();
    assert_eq!(
        v.constraints(),
        [
            Constraint::Sandwich {
                cells: vec![7, 6, 5, 4],
                sum: 0
            },
            Constraint::Sandwich {
                cells: vec![12, 8, 4, 0],
                sum: 5
            }
        ]
    );
}

#[test]
fn negative_rules_cover_the_pairs_without_dots() {
    let case = parse_json(&doc(
        r#","nonconsecutive":true,"difference":[{"cells":["R1C1","R1C2"]}]"#,
    ))
    .unwrap();
    let v = case.variant.unwrap();
    // 24 orthogonal pairs on 4x4, one with a dot.
    let never = v
        .constraints()
        .iter()
        .filter(|c| matches!(c, Constraint::Never { .. }))
        .count();
    assert_eq!(never, 23);
}

#[test]
fn a_bad_cell_is_named_by_its_place_in_the_grid() {
    // The first row's second cell: grid[0][1].
    let bad_cell = |cell: &str| {
        let row: Vec<&str> = (0..9).map(|c| if c == 1 { cell } else { "{}" }).collect();
        let rows: Vec<String> = (0..9)
            .map(|r| match r {
                0 => format!("[{}]", row.join(",")),
                _ => format!("[{}]", ["{}"; 9].join(",")),
            })
            .collect();
        parse_json(&format!(r#"{{"size":9,"grid":[{}]}}"#, rows.join(","))).unwrap_err()
    };
    assert_eq!(
        bad_cell(r#"{"value":10}"#),
        "grid[0][1].value is 10, not a digit 1-9"
    );
    assert_eq!(bad_cell("7"), "grid[0][1] is not an object");
    assert_eq!(
        bad_cell(r#"{"value":"x"}"#),
        "grid[0][1].value is not a number"
    );
    assert!(
        bad_cell(r#"{"centerPencilMarks":[1,2]}"#)
            .starts_with("grid[0][1].centerPencilMarks: pencil marks restrict candidates")
    );
}
