//! Knuth's text format for exact-cover problems (DLX1), with DLX2 colors
//! and DLX3 multiplicities.
//!
//! ```text
//! | A simple example              <- a comment: the line starts with '|'
//! A B 2:3|C D 2|E | F G           <- items: primary, then '|', then secondary
//! C E F                           <- each later line is one option
//! A D G
//! B C F:red                       <- DLX2: secondary item F with color "red"
//! ```
//!
//! * Lines whose first non-blank character is `|` are comments; blank lines
//!   are skipped. The first other line names the items, primary first; a
//!   `|` on its own separates the secondary items (it may be left out when
//!   there are none). Every later line is one option: a list of item names.
//! * An item name is a run of printable characters other than `:` and `|`.
//!   Knuth's programs allow at most 8 characters; this parser accepts any
//!   length.
//! * DLX3: a primary item's name may be prefixed by bounds, `u:v|name`
//!   (covered between `u` and `v` times) or `v|name` (exactly `v` times);
//!   `u` and `v` are decimal numbers, `u = 0` makes the item optional, `v`
//!   is at least 1 and at most `MAX_MULTIPLICITY`, and `u <= v`. Bounds
//!   on a secondary item are an error, as in DLX3. Without bounds an item
//!   is covered exactly once (`1|name` means the same).
//! * In an option, a secondary item may carry a color, `item:color`
//!   (Knuth's DLX2): options that give an item the same color may be chosen
//!   together, different colors exclude each other, and an uncolored use
//!   excludes every other use. Color names follow the rules of item names;
//!   each distinct name becomes one [`Color`] id, numbered from 1 in order
//!   of first appearance.
//! * An option with no primary item could never be chosen: as in DLX1 it is
//!   skipped with a [`Warning`], not an error. Everything else that is
//!   wrong is a [`ParseError`] with the line and column (both 1-based,
//!   columns counted in characters) of the offending name.
//!
//! Invariant: a [`KnuthProblem`]'s items are named, in the order of the
//! header, and option `k` of its [`Problem`] is the `k`-th option line that
//! was not skipped (`KnuthProblem::option_line` maps it back). [`parse`]
//! reads every name through [`KnuthProblem::add_item`] and
//! [`KnuthProblem::add_option`], which callers with names from elsewhere
//! (the Python package) call directly, so both check alike.

use std::collections::HashMap;
use std::fmt;

use crate::dlx::{
    BuildError, Color, ItemId, ItemKind, MAX_MULTIPLICITY, OptionId, Problem, check_bounds,
};

/// What is wrong with the input, and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct ParseError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What is wrong.
    pub kind: ErrorKind,
}

/// The kinds of [`ParseError`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input has no line other than comments and blank lines.
    #[error("empty item list: no line names the items")]
    EmptyItemList,
    /// An item or color name contains `:`, `|` or a control character.
    #[error("illegal character {ch:?} in name '{name}'")]
    IllegalCharacter {
        /// The character.
        ch: char,
        /// The name (or `item:color` token) it appears in.
        name: String,
    },
    /// The item list has two `|` separators.
    #[error("'|' appears twice in the item list")]
    SecondSeparator,
    /// The item list names an item twice.
    #[error("item '{0}' is named twice in the item list")]
    DuplicateItem(String),
    /// An option names an item that is not in the item list.
    #[error("unknown item '{0}'")]
    UnknownItem(String),
    /// An option names an item twice.
    #[error("item '{0}' is named twice in one option")]
    RepeatedItem(String),
    /// An option gives a color to a primary item.
    #[error("primary item '{0}' cannot have a color")]
    ColorOnPrimary(String),
    /// `item:` with nothing after the colon, or `:color` with nothing before.
    #[error("empty name in '{0}'")]
    EmptyName(String),
    /// DLX3 bounds that are not `u:v|name` or `v|name` with decimal
    /// numbers, or that no count satisfies.
    #[error("bad bounds in '{token}': {why}")]
    BadBounds {
        /// The item-line token.
        token: String,
        /// What is wrong.
        why: &'static str,
    },
    /// DLX3 bounds on a secondary item.
    #[error("secondary item '{0}' cannot have bounds (DLX3 allows them only on primary items)")]
    BoundsOnSecondary(String),
    /// Input that is not UTF-8.
    #[error("the input is not valid UTF-8")]
    NotUtf8,
    /// More items, options or nodes than 32-bit links can hold.
    #[error("the problem is too large: {0}")]
    TooLarge(BuildError),
}

/// A problem in Knuth's format that was accepted with a remark.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    /// 1-based line of the option.
    pub line: usize,
    /// 1-based column where it starts.
    pub column: usize,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: option has no primary item; skipped",
            self.line, self.column
        )
    }
}

/// A problem with named items and colors: parsed from Knuth's text
/// ([`parse`]), or built one named item and one option at a time
/// ([`KnuthProblem::add_item`], [`KnuthProblem::add_option`], from
/// [`KnuthProblem::default`], which has none), with the same checks.
///
/// Invariant: the items are named, in the order added, and option `k` of
/// the problem is the `k`-th option that [`KnuthProblem::add_option`]
/// added.
#[derive(Debug, Clone, Default)]
pub struct KnuthProblem {
    /// The problem; item `i` is the `i`-th name of the header.
    pub problem: Problem,
    /// Name of `Color(c)` at index `c - 1`.
    colors: Vec<String>,
    /// Source line of each option.
    lines: Vec<usize>,
    /// The item of each name.
    by_name: HashMap<String, ItemId>,
    /// The color of each color name.
    color_ids: HashMap<String, Color>,
    /// Scratch of `add_option`: the option's entries and their columns.
    entries: Vec<(ItemId, Option<Color>)>,
    columns: Vec<usize>,
}

impl KnuthProblem {
    /// The name of item `i`.
    fn item_name(&self, i: ItemId) -> &str {
        self.problem.item_name(i).unwrap_or("?")
    }

    /// The name of color `c`.
    fn color_name(&self, c: Color) -> &str {
        c.0.checked_sub(1)
            .and_then(|k| self.colors.get(k as usize))
            .map_or("?", String::as_str)
    }

    /// The 1-based input line that option `k` came from (for the fuzz
    /// targets, through `crate::__unstable`).
    #[cfg(any(test, feature = "unstable"))]
    pub(crate) fn option_line(&self, k: OptionId) -> usize {
        self.lines[k.0 as usize]
    }

    /// The names of option `k`'s items, in input order, each with the
    /// name of its color if it has one.
    pub fn option_names(&self, k: OptionId) -> impl Iterator<Item = (&str, Option<&str>)> + '_ {
        self.problem
            .option_items(k)
            .map(|(item, color)| (self.item_name(item), color.map(|c| self.color_name(c))))
    }

    /// Option `k` as a line of Knuth's format: its item names, in input
    /// order, each colored one as `item:color`.
    pub fn format_option(&self, k: OptionId) -> String {
        let mut line = String::new();
        for (n, (item, color)) in self.option_names(k).enumerate() {
            if n > 0 {
                line.push(' ');
            }
            line.push_str(item);
            if let Some(color) = color {
                line.push(':');
                line.push_str(color);
            }
        }
        line
    }
}

/// Parses text or bytes (from a file or standard input) in Knuth's
/// format: see the [module docs](self). Input that is not UTF-8 is a
/// [`ErrorKind::NotUtf8`] at its first bad byte.
pub fn parse(
    input: &(impl AsRef<[u8]> + ?Sized),
) -> Result<(KnuthProblem, Vec<Warning>), ParseError> {
    let input = input.as_ref();
    match std::str::from_utf8(input) {
        Ok(text) => parse_text(text),
        Err(e) => {
            let good = &input[..e.valid_up_to()];
            let line_start = good.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
            // The prefix is valid UTF-8, so this cannot fail.
            let tail = std::str::from_utf8(&good[line_start..]).unwrap_or("");
            Err(ParseError {
                line: good.iter().filter(|&&b| b == b'\n').count() + 1,
                column: tail.chars().count() + 1,
                kind: ErrorKind::NotUtf8,
            })
        }
    }
}

/// [`parse`] on text.
fn parse_text(text: &str) -> Result<(KnuthProblem, Vec<Warning>), ParseError> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(n, line)| (n + 1, line))
        .filter(|(_, line)| {
            let t = line.trim_start();
            !t.is_empty() && !t.starts_with('|')
        });
    let Some((header_line, header)) = lines.next() else {
        return Err(ParseError {
            line: text.lines().count() + 1,
            column: 1,
            kind: ErrorKind::EmptyItemList,
        });
    };
    let mut problem = KnuthProblem::default();
    let mut kind = ItemKind::Primary;
    for (column, name) in tokens(header) {
        let at = |kind| ParseError {
            line: header_line,
            column,
            kind,
        };
        // As DLX1-3 read it: a `|` after an item name is the separator,
        // whether or not a space follows it (`a |x`: x is secondary).
        let (separator, name, column) = match name.strip_prefix('|') {
            Some(rest) => (true, rest, column + 1),
            None => (false, name, column),
        };
        if separator {
            if kind == ItemKind::Secondary {
                return Err(at(ErrorKind::SecondSeparator));
            }
            kind = ItemKind::Secondary;
            if name.is_empty() {
                continue;
            }
        }
        let at = |kind| ParseError {
            line: header_line,
            column,
            kind,
        };
        let (bounds, name) = split_bounds(name).map_err(at)?;
        problem.add_item(kind, name, bounds).map_err(at)?;
    }
    let mut warnings = Vec::new();
    for (line, text) in lines {
        if problem.add_option(line, tokens(text))?.is_none() {
            let column = tokens(text).next().map_or(1, |(column, _)| column);
            warnings.push(Warning { line, column });
        }
    }
    Ok((problem, warnings))
}

impl KnuthProblem {
    /// Adds an item named `name`, covered between `lo` and `hi` times for
    /// `bounds = Some((lo, hi))` (DLX3's `lo:hi|name`), or once for
    /// `None`. Fails, adding nothing, for a name with `:`, `|` or a
    /// control character, or one already added, and for bounds on a
    /// secondary item or bounds no count satisfies (a lower bound above
    /// the upper, an upper bound of 0 or above 2^30).
    pub fn add_item(
        &mut self,
        kind: ItemKind,
        name: &str,
        bounds: Bounds,
    ) -> Result<ItemId, ErrorKind> {
        check_name(name, name)?;
        if self.by_name.contains_key(name) {
            return Err(ErrorKind::DuplicateItem(name.to_owned()));
        }
        if let Some((lo, hi)) = bounds {
            if kind == ItemKind::Secondary {
                return Err(ErrorKind::BoundsOnSecondary(name.to_owned()));
            }
            check_bounds(lo, hi).map_err(|why| ErrorKind::BadBounds {
                token: format!("{lo}:{hi}|{name}"),
                why,
            })?;
        }
        let id = self.problem.add_named_item(kind, name);
        if let Some((lo, hi)) = bounds {
            // Checked above, so this cannot fail.
            let _ = self.problem.set_multiplicity(id, lo, hi);
        }
        self.by_name.insert(name.to_owned(), id);
        Ok(id)
    }

    /// Adds the option of `tokens`, each `item` or `item:color` with its
    /// column, read from line `line` (callers with names from elsewhere
    /// number lines and columns as suits them). Returns the new option,
    /// or `None` if it has no primary item: as in DLX1 it is then left out
    /// (no solution could use it). An error is at `line` and the column of
    /// the token to blame; the problem is then as before the call, but for
    /// the color names it has learnt.
    pub fn add_option<'t>(
        &mut self,
        line: usize,
        tokens: impl IntoIterator<Item = (usize, &'t str)>,
    ) -> Result<Option<OptionId>, ParseError> {
        self.add_tokens(line, tokens)
            .map_err(|(column, kind)| ParseError { line, column, kind })
    }

    /// [`KnuthProblem::add_option`], its error's column and kind apart.
    fn add_tokens<'t>(
        &mut self,
        line: usize,
        tokens: impl IntoIterator<Item = (usize, &'t str)>,
    ) -> Result<Option<OptionId>, (usize, ErrorKind)> {
        self.entries.clear();
        self.columns.clear();
        for (column, token) in tokens {
            let at = |kind| (column, kind);
            let (name, color) = match token.split_once(':') {
                Some((name, color)) => (name, Some(color)),
                None => (token, None),
            };
            if name.is_empty() || color == Some("") {
                return Err(at(ErrorKind::EmptyName(token.to_owned())));
            }
            check_name(name, token).map_err(at)?;
            let &item = self
                .by_name
                .get(name)
                .ok_or_else(|| at(ErrorKind::UnknownItem(name.to_owned())))?;
            let color = match color {
                None => None,
                Some(color) => {
                    check_name(color, token).map_err(at)?;
                    let next = Color(self.colors.len() as u32 + 1);
                    let id = *self.color_ids.entry(color.to_owned()).or_insert(next);
                    if id == next {
                        self.colors.push(color.to_owned());
                    }
                    Some(id)
                }
            };
            self.entries.push((item, color));
            self.columns.push(column);
        }
        // The problem checks the option; we only translate its verdict.
        let result = self
            .problem
            .add_colored_option(self.entries.iter().copied());
        let name_at = |item: u32, nth: usize| {
            let (column, name) = self
                .entries
                .iter()
                .zip(&self.columns)
                .filter(|((i, _), _)| i.0 == item)
                .nth(nth)
                .map(|((i, _), &column)| (column, self.problem.item_name(*i).unwrap_or("?")))
                .unwrap_or((1, "?"));
            (column, name.to_owned())
        };
        Err(match result {
            Ok(k) => {
                self.lines.push(line);
                return Ok(Some(k));
            }
            Err(BuildError::NoPrimaryItem { .. }) => return Ok(None),
            Err(BuildError::RepeatedItem { item, .. }) => {
                let (column, name) = name_at(item, 1);
                (column, ErrorKind::RepeatedItem(name))
            }
            Err(BuildError::ColorOnPrimary { item, .. }) => {
                let (column, name) = name_at(item, 0);
                (column, ErrorKind::ColorOnPrimary(name))
            }
            Err(e) => (1, ErrorKind::TooLarge(e)),
        })
    }
}

/// The whitespace-separated tokens of a line, with their 1-based columns.
fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut column = 0;
    let mut rest = line;
    std::iter::from_fn(move || {
        let skipped = rest.len() - rest.trim_start().len();
        column += rest[..skipped].chars().count();
        rest = &rest[skipped..];
        if rest.is_empty() {
            return None;
        }
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let (token, after) = rest.split_at(end);
        let start = column + 1;
        column += token.chars().count();
        rest = after;
        Some((start, token))
    })
}

/// An item's DLX3 bounds `(lo, hi)`, if the item line gives them.
type Bounds = Option<(u32, u32)>;

/// Splits an item-line token into DLX3 bounds and the name: `u:v|name`,
/// `v|name` (meaning `v:v`) or a plain `name`. The bounds are checked here
/// ([`check_bounds`]) so that the message can quote the token as written;
/// the name is checked by [`KnuthProblem::add_item`].
fn split_bounds(token: &str) -> Result<(Bounds, &str), ErrorKind> {
    let Some((spec, name)) = token.split_once('|') else {
        return Ok((None, token));
    };
    let bad = |why| ErrorKind::BadBounds {
        token: token.to_owned(),
        why,
    };
    let number = |digits: &str| -> Result<u32, ErrorKind> {
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad("expected u:v|name or v|name, u and v decimal numbers"));
        }
        digits
            .parse::<u32>()
            .ok()
            .filter(|&n| n <= MAX_MULTIPLICITY)
            .ok_or_else(|| bad("a bound is larger than 2^30"))
    };
    let (lo, hi) = match spec.split_once(':') {
        Some((lo, hi)) => (number(lo)?, number(hi)?),
        None => {
            let v = number(spec)?;
            (v, v)
        }
    };
    if name.is_empty() {
        return Err(ErrorKind::EmptyName(token.to_owned()));
    }
    check_bounds(lo, hi).map_err(bad)?;
    Ok((Some((lo, hi)), name))
}

/// Checks that `name` (part of `token`) has no `:`, `|` or control
/// character.
fn check_name(name: &str, token: &str) -> Result<(), ErrorKind> {
    match name
        .chars()
        .find(|&c| c == ':' || c == '|' || c.is_control())
    {
        Some(ch) => Err(ErrorKind::IllegalCharacter {
            ch,
            name: token.to_owned(),
        }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dlx::Search;
    use bumpalo::Bump;

    fn error(text: &str) -> String {
        parse(text).unwrap_err().to_string()
    }

    #[test]
    fn parses_the_toy_example() {
        let text = include_str!("../../data/dlx/knuth_toy_example.dlx");
        let (k, warnings) = parse(text).unwrap();
        assert!(warnings.is_empty());
        assert_eq!(k.problem.item_count(), 7);
        assert_eq!(k.problem.option_count(), 6);
        assert_eq!(k.problem.item_kind(ItemId(4)), ItemKind::Primary);
        assert_eq!(k.problem.item_kind(ItemId(5)), ItemKind::Secondary);
        assert_eq!(k.format_option(OptionId(1)), "A D G");
        assert_eq!(k.option_line(OptionId(0)), 3);
        let arena = Bump::new();
        let mut m = k.problem.build(&arena).unwrap();
        let mut sol: Vec<_> = m
            .first_solution()
            .unwrap()
            .into_iter()
            .map(|o| k.format_option(o))
            .collect();
        sol.sort();
        assert_eq!(sol, ["A D", "B G", "C E F"]);
    }

    #[test]
    fn tokens_have_character_columns() {
        let t: Vec<_> = tokens("  ab\tc  é x ").collect();
        assert_eq!(t, [(3, "ab"), (6, "c"), (9, "é"), (11, "x")]);
    }

    #[test]
    fn colors_are_numbered_and_printed() {
        let text = "p q r | x y\np x:red y\nq x:red\nr x:blue y:red\nr\n";
        let (k, _) = parse(text).unwrap();
        assert_eq!(k.format_option(OptionId(0)), "p x:red y");
        assert_eq!(k.format_option(OptionId(2)), "r x:blue y:red");
        let items: Vec<_> = k.problem.option_items(OptionId(2)).collect();
        assert_eq!(
            items,
            [
                (ItemId(2), None),
                (ItemId(3), Some(Color(2))),
                (ItemId(4), Some(Color(1)))
            ]
        );
        // {p x:red y, q x:red, r} is the only solution.
        let arena = Bump::new();
        assert_eq!(k.problem.build(&arena).unwrap().count_up_to(9).solutions, 1);
    }

    #[test]
    fn long_names_and_no_separator_are_accepted() {
        let (k, _) = parse("a_very_long_item_name b\na_very_long_item_name\nb\n").unwrap();
        assert_eq!(k.item_name(ItemId(0)), "a_very_long_item_name");
        assert_eq!(k.problem.item_kind(ItemId(1)), ItemKind::Primary);
    }

    #[test]
    fn a_bar_before_a_name_is_the_separator_as_in_dlx1() {
        // DLX1-3 skip the spaces after an item name, take a `|` there as
        // the separator, and read the next name right after it.
        let (k, _) = parse(
            "a |x y
a x
a y
",
        )
        .unwrap();
        assert_eq!(k.item_name(ItemId(1)), "x");
        assert_eq!(k.problem.item_kind(ItemId(0)), ItemKind::Primary);
        assert_eq!(k.problem.item_kind(ItemId(1)), ItemKind::Secondary);
        assert_eq!(k.problem.item_kind(ItemId(2)), ItemKind::Secondary);
        assert_eq!(k.problem.option_count(), 2);
        let twice = parse(
            "a |x |y
",
        )
        .unwrap_err();
        assert_eq!(
            twice.to_string(),
            "line 1, column 6: '|' appears twice in the item list"
        );
        // A name that holds a `|` past its first character is still bad
        // bounds, as DLX3 reads `b|c`.
        assert!(
            parse(
                "a |x|y
"
            )
            .is_err()
        );
    }

    #[test]
    fn options_without_primary_items_are_skipped_with_a_warning() {
        let (k, warnings) = parse("a | s\n  s\na s\n").unwrap();
        assert_eq!(k.problem.option_count(), 1);
        assert_eq!(k.option_line(OptionId(0)), 3);
        assert_eq!(warnings, [Warning { line: 2, column: 3 }]);
        assert_eq!(
            warnings[0].to_string(),
            "line 2, column 3: option has no primary item; skipped"
        );
    }

    #[test]
    fn every_malformed_input_gets_its_message() {
        let cases = [
            (
                "",
                "line 1, column 1: empty item list: no line names the items",
            ),
            (
                "| only\n\n| comments\n",
                "line 4, column 1: empty item list: no line names the items",
            ),
            ("a b\na x\n", "line 2, column 3: unknown item 'x'"),
            (
                "a b a\n",
                "line 1, column 5: item 'a' is named twice in the item list",
            ),
            (
                "a b\n| c\nb a  b\n",
                "line 3, column 6: item 'b' is named twice in one option",
            ),
            (
                "a | s\na:red s\n",
                "line 2, column 1: primary item 'a' cannot have a color",
            ),
            (
                "a | b | c\n",
                "line 1, column 7: '|' appears twice in the item list",
            ),
            (
                "a b:c\n",
                "line 1, column 3: illegal character ':' in name 'b:c'",
            ),
            (
                "a b|c\n",
                "line 1, column 3: bad bounds in 'b|c': expected u:v|name or v|name, u and v decimal numbers",
            ),
            (
                "a 2:3|b | 2|s\n",
                "line 1, column 11: secondary item 's' cannot have bounds (DLX3 allows them only on primary items)",
            ),
            (
                "3:2|a\n",
                "line 1, column 1: bad bounds in '3:2|a': the lower bound exceeds the upper bound",
            ),
            (
                "a 0|b\n",
                "line 1, column 3: bad bounds in '0|b': the upper bound is zero",
            ),
            (
                "0:0|b\n",
                "line 1, column 1: bad bounds in '0:0|b': the upper bound is zero",
            ),
            (
                "99999999999|a\n",
                "line 1, column 1: bad bounds in '99999999999|a': a bound is larger than 2^30",
            ),
            (
                "1073741825|a\n",
                "line 1, column 1: bad bounds in '1073741825|a': a bound is larger than 2^30",
            ),
            (
                "2:|a\n",
                "line 1, column 1: bad bounds in '2:|a': expected u:v|name or v|name, u and v decimal numbers",
            ),
            (
                ":2|a\n",
                "line 1, column 1: bad bounds in ':2|a': expected u:v|name or v|name, u and v decimal numbers",
            ),
            (
                "1:2:3|a\n",
                "line 1, column 1: bad bounds in '1:2:3|a': expected u:v|name or v|name, u and v decimal numbers",
            ),
            (
                "+2|a\n",
                "line 1, column 1: bad bounds in '+2|a': expected u:v|name or v|name, u and v decimal numbers",
            ),
            ("x 2|\n", "line 1, column 3: empty name in '2|'"),
            (
                "2|a|b\n",
                "line 1, column 1: illegal character '|' in name 'a|b'",
            ),
            (
                "2|a:b\n",
                "line 1, column 1: illegal character ':' in name 'a:b'",
            ),
            (
                "2:a\n",
                "line 1, column 1: illegal character ':' in name '2:a'",
            ),
            (
                "2|a 1|a\n",
                "line 1, column 5: item 'a' is named twice in the item list",
            ),
            ("a | s\na s:\n", "line 2, column 3: empty name in 's:'"),
            ("a | s\na :red\n", "line 2, column 3: empty name in ':red'"),
            (
                "a | s\na s:r:g\n",
                "line 2, column 3: illegal character ':' in name 's:r:g'",
            ),
            (
                "a\u{7} b\n",
                "line 1, column 1: illegal character '\\u{7}' in name 'a\u{7}'",
            ),
        ];
        for (text, message) in cases {
            assert_eq!(error(text), message, "input {text:?}");
        }
    }

    #[test]
    fn the_builder_takes_names_from_elsewhere_and_survives_errors() {
        let mut b = KnuthProblem::default();
        b.add_item(ItemKind::Primary, "a", None).unwrap();
        b.add_item(ItemKind::Secondary, "s", None).unwrap();
        assert_eq!(
            b.add_item(ItemKind::Primary, "a", None),
            Err(ErrorKind::DuplicateItem("a".into()))
        );
        assert_eq!(
            b.add_option(7, [(1, "a"), (2, "x")]),
            Err(ParseError {
                line: 7,
                column: 2,
                kind: ErrorKind::UnknownItem("x".into())
            })
        );
        assert_eq!(b.add_option(8, [(4, "s:red")]), Ok(None));
        assert_eq!(
            b.add_option(9, [(1, "s:red"), (2, "a")]),
            Ok(Some(OptionId(0)))
        );
        assert_eq!(b.option_line(OptionId(0)), 9);
        assert_eq!(b.format_option(OptionId(0)), "s:red a");
        let names: Vec<_> = b.option_names(OptionId(0)).collect();
        assert_eq!(names, [("s", Some("red")), ("a", None)]);
    }

    #[test]
    fn reads_dlx3_bounds() {
        let text = "| bounds\na 2:3|b 4|c 0:1|d 1|e | s\na b\n";
        let (k, _) = parse(text).unwrap();
        let p = &k.problem;
        let bounds: Vec<_> = (0..5).map(|i| p.multiplicity(ItemId(i))).collect();
        assert_eq!(bounds, [(1, 1), (2, 3), (4, 4), (0, 1), (1, 1)]);
        assert_eq!(k.item_name(ItemId(1)), "b");
        assert_eq!(p.item_kind(ItemId(5)), ItemKind::Secondary);
        assert!(p.has_multiplicities());
        // `1|e` alone is no multiplicity.
        assert!(!parse("1|e\ne\n").unwrap().0.problem.has_multiplicities());
        // Leading zeros are decimal digits too.
        let (k, _) = parse("007|x\nx\n").unwrap();
        assert_eq!(k.problem.multiplicity(ItemId(0)), (7, 7));
        // The builder refuses bounds on secondary items, changing nothing.
        let mut b = KnuthProblem::default();
        assert_eq!(
            b.add_item(ItemKind::Secondary, "s", Some((1, 2))),
            Err(ErrorKind::BoundsOnSecondary("s".into()))
        );
        assert!(b.add_item(ItemKind::Secondary, "s", None).is_ok());
    }

    #[test]
    fn invalid_utf8_is_located() {
        let e = parse(b"a b\nb \xff\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2, column 3: the input is not valid UTF-8"
        );
    }
}
