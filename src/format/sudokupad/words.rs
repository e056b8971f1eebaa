//! What a SudokuPad puzzle's rules text says, and what the user says with
//! `--rule`: the rules a drawing may mean, and the rules no drawing shows.
//!
//! Invariant: a name of [`RULES`] is both a `--rule` value and what the
//! text is searched for; the text is read in lower case with `’` as `'`,
//! and a phrase found after "not " (as in "not all dots are given") does
//! not count.

use serde_json::Value;

use super::super::fpuzzles::is_empty;
use super::geometry::{Object, list, text_of};

/// The `--rule` names, each with what it means, as docs/formats.md lists
/// them.
pub(crate) const RULES: &[(&str, &str)] = &[
    ("antiknight", "cells a knight's move apart differ"),
    ("antiking", "cells a king's move apart differ"),
    (
        "nonconsecutive",
        "orthogonal neighbours are not consecutive",
    ),
    (
        "all-dots",
        "every kropki dot is given: neighbours without a dot are neither consecutive nor one double the other",
    ),
    (
        "all-xv",
        "every X and V is given: neighbours without one do not add up to 10 or 5",
    ),
    ("disjoint", "cells in the same place of their boxes differ"),
    (
        "diagonals",
        "both main diagonals hold different digits (X-Sudoku)",
    ),
    ("palindrome", "a grey line without a bulb is a palindrome"),
    (
        "whispers",
        "a green line is a German whispers line (neighbours differ by at least half of n, rounded up)",
    ),
    (
        "dutch-whispers",
        "an orange line is a Dutch whispers line (neighbours differ by at least 4)",
    ),
    (
        "renban",
        "a purple or pink line holds consecutive digits in any order",
    ),
    ("odd-even", "a circle in a cell is odd, a square even"),
    (
        "sandwich",
        "a number outside the grid is the sum between its row's or column's 1 and n",
    ),
    (
        "as-drawn",
        "read the drawings and the link's settings alone, not the rules text",
    ),
];

/// The rules the text may name that `dlx` has no constraint for.
const UNSUPPORTED: &[(&str, &str)] = &[
    ("slow thermo", "slow thermometers (digits may repeat)"),
    ("or stay the same", "slow thermometers (digits may repeat)"),
    ("counting circle", "counting circles"),
    ("negator", "negators"),
    (
        "one even digit and one odd",
        "parity pairs (one odd, one even)",
    ),
    (
        "one odd digit and one even",
        "parity pairs (one odd, one even)",
    ),
    ("one odd and one even", "parity pairs (one odd, one even)"),
    ("one even and one odd", "parity pairs (one odd, one even)"),
    ("alternate between odd and even", "parity lines"),
    ("alternate between even and odd", "parity lines"),
    ("how many circles", "counting circles"),
    ("zipper", "zipper lines"),
    ("entropic", "entropic lines"),
    ("between line", "between lines"),
    ("region sum", "region sum lines"),
    ("x-sum", "X-sums"),
    ("skyscraper", "skyscrapers"),
    ("fog", "fog of war"),
    ("modular line", "modular lines"),
    ("parity line", "parity lines"),
    ("lockout", "lockout lines"),
    ("clone", "clones"),
    ("doubler", "doublers"),
    ("indexing", "indexing"),
    ("chaos construction", "chaos construction"),
];

/// The phrases that name each rule of [`RULES`] in a rules text.
const PHRASES: &[(&str, &[&str])] = &[
    ("antiknight", &["knight"]),
    (
        "antiking",
        &[
            "king's move",
            "kings move",
            "king move",
            "anti-king",
            "antiking",
        ],
    ),
    (
        "nonconsecutive",
        &[
            "nonconsecutive",
            "non-consecutive",
            "non consecutive",
            "cannot contain consecutive",
            "can't contain consecutive",
            "may not contain consecutive",
        ],
    ),
    (
        "all-dots",
        &[
            "all possible dots",
            "all dots are given",
            "all possible kropki",
            "all kropki dots are given",
            "all possible black and white dots",
            "all possible white and black dots",
        ],
    ),
    (
        "all-xv",
        &[
            "all possible x",
            "all possible v",
            "all xv",
            "all x and v",
            "all x's and v's",
        ],
    ),
    ("disjoint", &["disjoint"]),
    (
        "diagonals",
        &[
            "x-sudoku",
            "main diagonals",
            "both diagonals",
            "marked diagonals",
        ],
    ),
    ("thermo", &["thermo"]),
    ("palindrome", &["palindrom"]),
    ("whispers", &["whisper"]),
    ("dutch-whispers", &["dutch"]),
    ("renban", &["renban", "consecutive set"]),
    (
        "odd-even",
        &[
            "odd digit",
            "even digit",
            "odd number",
            "even number",
            "are odd",
            "are even",
            "is odd",
            "is even",
            "be odd",
            "be even",
            "odd or even",
            "even or odd",
            "odd/even",
        ],
    ),
    ("sandwich", &["sandwich"]),
    // Not `--rule` names: what the drawings show by themselves, named so
    // that a text naming them with no drawing is caught. Cages without
    // sums are killer cages when the text speaks of cages.
    ("little-killer", &["little killer", "indicated diagonal"]),
    ("killer", &["killer", "cage"]),
    ("arrow", &["arrow"]),
    ("kropki", &["kropki", "white dot", "black dot"]),
    ("xv", &["xv", "an x ", "a v ", "x's", "v's"]),
];

/// What is said of one puzzle's rules.
#[derive(Clone, Debug, Default)]
pub(crate) struct Said {
    /// Rules the text names (`RULES` names), with the phrase that named
    /// each, in the order of `PHRASES`.
    pub named: Vec<(&'static str, &'static str)>,
    /// Rules `--rule` names.
    pub asserted: Vec<String>,
    /// The text, in lower case (empty with `--rule as-drawn`).
    text: String,
}

impl Said {
    /// What `text` names (unless `--rule as-drawn`), and what `asserted`
    /// says; an error for a rule the text names that `dlx` does not know.
    pub(crate) fn read(text: &str, asserted: &[String]) -> Result<Said, String> {
        let mut said = Said {
            named: Vec::new(),
            asserted: asserted.to_vec(),
            text: String::new(),
        };
        if said.asserts("as-drawn") {
            return Ok(said);
        }
        let text = text.to_lowercase().replace(['’', '‘'], "'");
        if let Some((phrase, what)) = UNSUPPORTED.iter().find(|(p, _)| finds(&text, p)) {
            return Err(format!(
                "the rules text names {what} (\"{phrase}\"), a rule dlx does not support; if the drawings alone say the rules, read them so with --rule as-drawn"
            ));
        }
        for (rule, phrases) in PHRASES {
            if let Some(p) = phrases.iter().find(|p| finds(&text, p)) {
                said.named.push((rule, p));
            }
        }
        said.text = text;
        Ok(said)
    }

    /// Whether the text has `word` at the start of a word.
    pub(crate) fn mentions(&self, word: &str) -> bool {
        finds(&self.text, word)
    }

    /// Whether `--rule` names `rule`.
    pub(crate) fn asserts(&self, rule: &str) -> bool {
        self.asserted.iter().any(|r| r == rule)
    }

    /// Whether the text or `--rule` gives drawings the meaning of `rule`.
    pub(crate) fn means(&self, rule: &str) -> bool {
        self.asserts(rule) || self.named.iter().any(|(r, _)| *r == rule)
    }
}

/// Whether `phrase` occurs in `text` at the start of a word (a stem:
/// "thermo" in "thermometers", not "odd" in "code"), as a whole word when
/// it is four letters or fewer ("even" but not "eventually"), and not
/// right after "not ".
fn finds(text: &str, phrase: &str) -> bool {
    let boundary = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric());
    text.match_indices(phrase).any(|(at, _)| {
        let before = &text[..at];
        let after = text[at + phrase.len()..].chars().next();
        boundary(before.chars().next_back())
            && (phrase.len() > 4 || boundary(after))
            && !before.ends_with("not ")
    })
}

/// The `--rule` names, for the command's help and checks.
pub fn rule_names() -> Vec<&'static str> {
    RULES.iter().map(|(name, _)| *name).collect()
}

/// What a puzzle says of itself besides its rules.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Meta {
    /// `title`, `author` and `rules`, as the puzzle gives them.
    pub title: Option<String>,
    /// The setter.
    pub author: Option<String>,
    /// The rules text.
    pub rules: Option<String>,
    /// The embedded solution, one symbol a cell.
    pub solution: Option<String>,
    /// Rules the metadata switches on (`antiknight: true`, as SudokuPad's
    /// converter and Sudoku Maker write it).
    pub settings: Vec<String>,
}

/// `metadata` and the cages that hold `key: value` without cells.
pub(super) fn read_meta(puzzle: &Object) -> Result<Meta, String> {
    let mut meta = Meta::default();
    let mut texts = Meta::default();
    let mut set = |key: &str, value: String| {
        let slot = match key {
            "title" => &mut texts.title,
            "author" => &mut texts.author,
            "rules" => &mut texts.rules,
            "solution" => &mut texts.solution,
            _ => return,
        };
        match slot {
            Some(old) if key == "rules" => {
                old.push('\n');
                old.push_str(&value);
            }
            Some(_) => {}
            None => *slot = Some(value),
        }
    };
    if let Some(Value::Object(m)) = puzzle.get("metadata") {
        for key in ["antiknight", "antiking", "nonconsecutive"] {
            if m.get(key) == Some(&Value::Bool(true)) {
                meta.settings.push(key.to_owned());
            }
        }
        for (k, v) in m {
            match v {
                Value::Array(parts) => parts.iter().for_each(|p| set(k, text_of(Some(p)))),
                v => set(k, text_of(Some(v))),
            }
        }
    }
    for cage in list(puzzle, "cages")? {
        if let Some((k, v)) = meta_cage(cage) {
            set(&k, v);
        }
    }
    Ok(Meta {
        settings: meta.settings,
        ..texts
    })
}

/// A cage that holds metadata: `key: value` and no cells.
pub(super) fn meta_cage(cage: &Value) -> Option<(String, String)> {
    let cells = cage.get("cells").and_then(Value::as_array);
    if cells.is_some_and(|c| !c.is_empty()) {
        return None;
    }
    let value = cage.get("value")?.as_str()?;
    let (key, rest) = value.split_once(':')?;
    let key = key.trim();
    (!key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
        .then(|| (key.to_ascii_lowercase(), rest.trim().to_owned()))
}

/// The f-puzzles keys that show each rule a rules text may name.
const SHOWN_BY: &[(&str, &[&str])] = &[
    ("antiknight", &["antiknight"]),
    ("antiking", &["antiking"]),
    ("nonconsecutive", &["nonconsecutive"]),
    ("disjoint", &["disjointgroups"]),
    ("diagonals", &["diagonal+", "diagonal-"]),
    ("thermo", &["thermometer"]),
    ("palindrome", &["palindrome"]),
    ("whispers", &["whispers"]),
    ("dutch-whispers", &["whispers"]),
    ("renban", &["renban"]),
    ("odd-even", &["odd", "even"]),
    ("sandwich", &["sandwichsum"]),
    ("killer", &["killercage", "extraregion"]),
    ("arrow", &["arrow", "littlekillersum"]),
    ("little-killer", &["littlekillersum"]),
    ("kropki", &["difference", "ratio"]),
    ("xv", &["xv"]),
];

/// Drawings f-puzzles keeps as decoration, and the words that would give
/// them a meaning.
const COSMETIC: &[(&str, &[&str])] = &[
    ("circle", &["circle"]),
    ("rectangle", &["square", "rectangle", "box"]),
    ("line", &["line"]),
    ("cage", &["cage"]),
    ("text", &["letter", "number outside"]),
];

/// The rules a text names that no key of the f-puzzles document `doc`
/// shows (an anti-knight rule written only in words, "all dots are
/// given", a thermometer drawn as decoration), and decorations the text
/// speaks of: an error that names the first and says how to go on.
pub(crate) fn check_doc(doc: &Object, said: &Said) -> Result<(), String> {
    let has = |key: &str| doc.get(key).is_some_and(|v| !is_empty(v));
    let negative = |kind: &str| {
        doc.get("negative")
            .and_then(Value::as_array)
            .is_some_and(|a| a.iter().any(|v| v == kind))
    };
    for &(rule, phrase) in &said.named {
        let shown = match rule {
            "all-dots" => negative("ratio") || has("nonconsecutive"),
            "all-xv" => negative("xv"),
            _ => SHOWN_BY
                .iter()
                .find(|(r, _)| *r == rule)
                .is_none_or(|(_, keys)| keys.iter().any(|k| has(k))),
        };
        if !shown {
            let say = match super::words::RULES.iter().any(|(r, _)| *r == rule) {
                true => format!("say --rule {rule} to give it its meaning, or "),
                false => String::new(),
            };
            return Err(format!(
                "the rules text names {rule} (\"{phrase}\") but no drawing or setting of the link shows it: {say}say --rule as-drawn to read the drawings alone"
            ));
        }
    }
    for (key, words) in COSMETIC {
        if has(key)
            && let Some(word) = words.iter().find(|w| said.mentions(w))
        {
            return Err(format!(
                "the rules text speaks of a {word}, and the puzzle draws \"{key}\" decorations, whose rule dlx cannot tell: say --rule as-drawn to read them as decoration"
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_rules_a_text_names() {
        let said = Said::read(
            "Normal sudoku rules apply. Cells a knight's move apart cannot contain the same digit. Digits along a green whispers line differ by at least 5. Not all possible dots are given.",
            &[],
        )
        .unwrap();
        assert!(said.means("antiknight") && said.means("whispers"));
        assert!(!said.means("all-dots") && !said.means("antiking"));
        assert!(said.named.contains(&("antiknight", "knight")));
        let said = Said::read("All possible dots are given. Circles are even.", &[]).unwrap();
        assert!(said.means("all-dots") && said.means("odd-even"));
        let said = Said::read("Oddly, the code eventually breaks, even if odd.", &[]).unwrap();
        assert!(!said.means("odd-even"));
    }

    #[test]
    fn unsupported_rules_are_refused_unless_as_drawn() {
        let e = Said::read("Digits on a slow thermo may repeat.", &[]).unwrap_err();
        assert!(
            e.contains("slow thermometers") && e.contains("--rule as-drawn"),
            "{e}"
        );
        let said = Said::read("Digits on a slow thermo may repeat.", &["as-drawn".into()]).unwrap();
        assert!(said.named.is_empty());
    }
}
