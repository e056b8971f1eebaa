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
    assert_eq!(
        e,
        "killercage[0].value is 9, out of range: the sum of 2 different digits 1-4 is 3 to 7"
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

/// The error `parse_json` gives for a 4x4 document with `extra` keys.
fn refused(extra: &str) -> String {
    parse_json(&doc(extra)).unwrap_err()
}

#[test]
fn numbers_out_of_their_rules_range_are_refused_not_wrapped() {
    // Each of these once wrapped at 32 bits (4294967297 read as 1).
    let cases = [
        (
            r#","difference":[{"cells":["R1C1","R1C2"],"value":"4294967297"}]"#,
            "difference[0].value is 4294967297, out of range: a difference of two digits is 1 to 3",
        ),
        (
            r#","ratio":[{"cells":["R1C1","R1C2"],"value":4294967298}]"#,
            "ratio[0].value is 4294967298, out of range: a ratio of two digits is 2 to 4",
        ),
        (
            r#","killercage":[{"cells":["R1C1","R1C2"],"value":"4294967299"}]"#,
            "killercage[0].value is 4294967299, out of range: the sum of 2 different digits 1-4 is 3 to 7",
        ),
        (
            r#","sandwichsum":[{"cell":"R0C1","value":"4294967296"}]"#,
            "sandwichsum[0].value is 4294967296, out of range: the sum of the digits between 1 and the largest is 0 to 5",
        ),
        (
            r#","whispers":[{"lines":[["R1C1","R1C2"]],"value":"4294967298"}]"#,
            "whispers[0].value is 4294967298, out of range: the least difference of two digits is 1 to 3",
        ),
        (
            r#","littlekillersum":[{"cell":"R0C0","direction":"DR","value":"4294967300"}]"#,
            "littlekillersum[0].value is 4294967300, out of range: the sum of 4 cells of digits 1-4 is 4 to 16",
        ),
        (
            r#","littlekillersum":[{"cell":"R0C0","direction":"DR","value":"1"}]"#,
            "littlekillersum[0].value is 1, out of range: the sum of 4 cells of digits 1-4 is 4 to 16",
        ),
        (
            r#","quadruple":[{"cells":["R1C1","R1C2","R2C1","R2C2"],"values":[1,"4294967297"]}]"#,
            "quadruple[0].values[1] is 4294967297, out of range: a digit is 1 to 4",
        ),
    ];
    for (extra, message) in cases {
        assert_eq!(refused(extra), message, "{extra}");
    }
}

#[test]
fn values_of_the_wrong_type_are_refused_not_read_as_no_rule() {
    let cases = [
        (
            r#","thermometer":{"lines":[["R1C1","R1C2"]]}"#,
            "\"thermometer\" is an object, not a list of entries",
        ),
        (
            r#","arrow":"R1C1""#,
            "\"arrow\" is the text \"R1C1\", not a list of entries",
        ),
        (
            r#","thermometer":[7]"#,
            "thermometer[0] is the number 7, not an object",
        ),
        (
            r#","renban":[{"cells":["R1C1"]}]"#,
            "renban[0] has no \"lines\"",
        ),
        (
            r#","arrow":[{"cells":["R1C1"]}]"#,
            "arrow[0] has no \"lines\"",
        ),
        (
            r#","palindrome":[{"lines":[]}]"#,
            "palindrome[0].lines is an empty list",
        ),
        (
            r#","whispers":[{"lines":"R1C1"}]"#,
            "whispers[0].lines is the text \"R1C1\", not a list",
        ),
        (
            r#","diagonal+":"true""#,
            "\"diagonal+\" is the text \"true\", not true or false",
        ),
        (
            r#","antiknight":1"#,
            "\"antiknight\" is the number 1, not true or false",
        ),
        (
            r#","nonconsecutive":"yes""#,
            "\"nonconsecutive\" is the text \"yes\", not true or false",
        ),
        (
            r#","littlekillersum":[{"cell":"R0C0","direction":"DR","value":"abc"}]"#,
            "littlekillersum[0].value is the text \"abc\", not a whole number",
        ),
        (
            r#","sandwichsum":[{"cell":"R0C1","value":"-4"}]"#,
            "sandwichsum[0].value is the text \"-4\", not a whole number",
        ),
        (
            r#","sandwichsum":[{"cell":"R0C1","value":"5.5"}]"#,
            "sandwichsum[0].value is the text \"5.5\", not a whole number",
        ),
        (
            r#","xv":[{"cells":["R1C1","R1C2"],"value":7}]"#,
            "xv[0].value is the number 7, not X or V",
        ),
    ];
    for (extra, message) in cases {
        assert_eq!(refused(extra), message, "{extra}");
    }
    // What f-puzzles writes for "no rule" is still no rule.
    for nothing in [
        r#","thermometer":[]"#,
        r#","thermometer":null"#,
        r#","thermometer":false"#,
        r#","antiknight":false"#,
        r#","diagonal+":null"#,
        r#","negative":false"#,
        r#","littlekillersum":[{"cell":"R0C0","direction":"DR","value":""}]"#,
        r#","littlekillersum":[{"cell":"R0C0","direction":"DR","value":"0"}]"#,
        r#","sandwichsum":[{"cell":"R0C1","value":""}]"#,
        r#","xv":[{"cells":["R1C1","R1C2"]}]"#,
    ] {
        let case = parse_json(&doc(nothing)).unwrap();
        assert!(case.variant.is_none(), "{nothing}");
    }
    // An unknown key states a rule unless it is null, false or [].
    assert!(refused(r#","xsum":"""#).starts_with("unsupported key \"xsum\""));
    assert!(parse_json(&doc(r#","xsum":false"#)).is_ok());
}

#[test]
fn an_empty_line_is_refused_not_a_panic() {
    for key in ["thermometer", "palindrome", "renban", "whispers", "arrow"] {
        let extra = format!(r#","{key}":[{{"cells":["R1C1"],"lines":[[]]}}]"#);
        assert_eq!(
            refused(&extra),
            format!("{key}[0].lines[0] is an empty line: a line needs two cells"),
        );
    }
}

#[test]
fn an_arrows_shaft_is_its_lines_cells_outside_the_bulb() {
    // As Rangsk reads it: wherever the line starts, the bulb's cells are
    // not the shaft's.
    let arrow = |extra: &str| match parse_json(&doc(extra))
        .unwrap()
        .variant
        .unwrap()
        .constraints()
    {
        [Constraint::Arrow { bulb, shaft }] => (bulb.clone(), shaft.clone()),
        other => panic!("{other:?}"),
    };
    assert_eq!(
        arrow(r#","arrow":[{"cells":["R1C1"],"lines":[["R3C3","R2C2","R1C2"]]}]"#),
        (vec![0], vec![10, 5, 1])
    );
    assert_eq!(
        arrow(r#","arrow":[{"cells":["R1C1"],"lines":[["R1C1","R2C2","R3C3"]]}]"#),
        (vec![0], vec![5, 10])
    );
    // A pill whose line starts on both of its cells.
    let pill = r#","arrow":[{"cells":["R1C1","R1C2"],"lines":[["R1C1","R1C2","R2C3","R3C3","R4C3","R4C4"]]}]"#;
    assert_eq!(arrow(pill), (vec![0, 1], vec![6, 10, 14, 15]));
}

#[test]
fn messages_name_regions_and_cages_as_the_file_does() {
    // Region 3 steals a cell of region 0.
    let ids = [[0, 0, 1, 1], [0, 3, 1, 1], [2, 2, 3, 3], [2, 2, 3, 3]];
    let rows: Vec<String> = ids
        .iter()
        .map(|row| {
            let cells: Vec<String> = row
                .iter()
                .map(|id| format!(r#"{{"region":{id}}}"#))
                .collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    let e = parse_json(&format!(r#"{{"size":4,"grid":[{}]}}"#, rows.join(","))).unwrap_err();
    assert_eq!(e, "grid regions: region 0 has 3 cells, expected 4");
    let e = parse_json(&format!(
        r#"{{"size":4,"grid":[{}],"killercage":[]}}"#,
        rows.join(",")
            .replace(r#"{"region":3}"#, r#"{"region":70000}"#)
    ))
    .unwrap_err();
    assert_eq!(
        e,
        "grid[1][1].region is 70000, out of range: a region id is 0 to 55039"
    );
}

#[test]
fn a_document_past_the_cap_on_constraints_is_refused_as_it_is_read() {
    let thermometers = vec![r#"{"lines":[["R1C1","R1C2"]]}"#; 129].join(",");
    assert_eq!(
        refused(&format!(r#","thermometer":[{thermometers}]"#)),
        "thermometer[128].lines[0]: a 4x4 puzzle holds at most 128 constraints (eight a cell); this is one more"
    );
    let many = vec!["{}"; document::MAX_ENTRIES + 1].join(",");
    assert_eq!(
        refused(&format!(r#","xv":[{many}]"#)),
        "\"xv\" takes the document past 32768 entries in its lists, more constraints than any puzzle holds (eight a cell)"
    );
}
