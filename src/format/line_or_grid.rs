//! Telling `line` from `grid` when the head of an input fits both.
//!
//! Both fit when the rows are `k` symbols long with `k` a square of a
//! supported side, 16 to 64 (16, 25, 36, 49, 64): each line is then an
//! `m x m` puzzle (`k = m²`) of the line format and also a row of a `k x k`
//! grid. A file of 4x4 puzzles one a line, 16 lines or more, is such an
//! input; so is a nearly empty 16x16 grid. [`choose`] breaks the tie,
//! looking at the whole peeked [`Head`] (up to 400 lines or 64 KiB, so at
//! least six grids of 64 rows), not only at the first lines:
//!
//! 1. **Which reading is cleaner.** The head is read both ways, by the
//!    readers themselves. A case is *bad* if the reader refuses it or if
//!    its givens clash (a digit twice in a row, column or box, so it has
//!    no solution). The reading with the smaller share of bad cases wins.
//!    Real inputs are decided here: 4x4 puzzles stacked as the rows of a
//!    16x16 grid repeat the digits 1-4 along its rows, columns and boxes
//!    (a 6x6 puzzle with a unique solution has more than six givens, so
//!    as a 36x36 row it always repeats one of 1-6), and the rows of a
//!    real 16x16 grid hold digits above 4, which no 4x4 puzzle has.
//! 2. **Layout**, when the shares are equal (empty or clash-free sparse
//!    puzzles, or inputs bad both ways): a run of more than `k` content
//!    lines with no blank line is `line` (a file of grids separates them
//!    by blank lines); runs of exactly `k` lines, each followed by a blank
//!    line or the end, are `grid`.
//! 3. Otherwise the input is refused as ambiguous, and `--format` decides.
//!
//! When the head is not the whole input, its last case in either reading
//! may be cut by the window and is not counted, nor is its last run of
//! lines, unless that run is already too long for a grid.
//!
//! The rule only decides inputs that both generic formats fit and no judge
//! format does: every input that detection chose before is chosen the
//! same way.

use std::cmp::Ordering;

use super::{Cases, Format, Head, Options, grid, line};

/// What the tie-break decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Choice {
    /// One puzzle a line.
    Line,
    /// Grids of `k` rows.
    Grid,
    /// Neither reading is better.
    Unsure,
}

/// Which of `line` and `grid` reads `head`, which both fit; `side` is the
/// side of the grid its first row starts.
pub(super) fn choose(head: &Head, side: usize) -> Choice {
    let text = head.lines.join("\n");
    let opts = Options::default();
    let lines = Tally::of(
        line::Line.read(Box::new(text.as_bytes()), &opts),
        head.complete,
    );
    let grids = Tally::of(
        grid::GridFormat.read(Box::new(text.as_bytes()), &opts),
        head.complete,
    );
    match lines.compare(grids) {
        Some(Ordering::Less) => Choice::Line,
        Some(Ordering::Greater) => Choice::Grid,
        _ => layout(head, side),
    }
}

/// Cases read and how many of them were bad.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Tally {
    cases: usize,
    bad: usize,
}

impl Tally {
    /// Counts the cases of a reading; the last one is dropped unless the
    /// input is `complete` (the window may have cut it).
    fn of(cases: Cases<'_>, complete: bool) -> Self {
        let mut tally = Tally::default();
        let mut last_bad = false;
        for case in cases {
            last_bad = match case {
                Ok(c) => c.grid.conflict().is_some(),
                Err(_) => true,
            };
            tally.cases += 1;
            tally.bad += usize::from(last_bad);
        }
        if !complete && tally.cases > 0 {
            tally.cases -= 1;
            tally.bad -= usize::from(last_bad);
        }
        tally
    }

    /// How this reading's share of bad cases compares with `other`'s;
    /// `None` if either read no case.
    fn compare(self, other: Tally) -> Option<Ordering> {
        if self.cases == 0 || other.cases == 0 {
            return None;
        }
        // bad / cases against other.bad / other.cases, in integers.
        Some((self.bad * other.cases).cmp(&(other.bad * self.cases)))
    }
}

/// The layout rule: runs of content lines between blank lines (comment
/// lines neither count nor break a run), against the grid side `side`.
fn layout(head: &Head, side: usize) -> Choice {
    let mut runs = Vec::new();
    let mut run = 0;
    for text in &head.lines {
        let text = text.trim();
        if text.is_empty() {
            if run > 0 {
                runs.push(run);
            }
            run = 0;
        } else if !text.starts_with('#') {
            run += 1;
        }
    }
    if run > side || (run > 0 && head.complete) {
        runs.push(run);
    }
    if runs.iter().any(|&r| r > side) {
        Choice::Line
    } else if !runs.is_empty() && runs.iter().all(|&r| r == side) {
        Choice::Grid
    } else {
        Choice::Unsure
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn head(text: &str, complete: bool) -> Head {
        Head {
            lines: text.lines().map(str::to_string).collect(),
            complete,
            error: None,
        }
    }

    #[test]
    fn the_cleaner_reading_wins() {
        // Sixteen 4x4 puzzles: clean as lines, a clash as one 16x16 grid.
        let fours = "12..34..........\n".repeat(16);
        assert_eq!(choose(&head(&fours, true), 16), Choice::Line);
        // A 16x16 grid whose rows hold digits above 4.
        let mut sixteen = String::new();
        for r in 0..16 {
            let mut row = vec!['.'; 16];
            row[r] = 'G';
            sixteen.extend(row);
            sixteen.push('\n');
        }
        assert_eq!(choose(&head(&sixteen, true), 16), Choice::Grid);
    }

    #[test]
    fn layout_decides_between_equally_clean_readings() {
        let empty = ".".repeat(16) + "\n";
        let h = |k: usize, complete| head(&empty.repeat(k), complete);
        assert_eq!(choose(&h(16, true), 16), Choice::Grid);
        assert_eq!(choose(&h(17, true), 16), Choice::Line);
        assert_eq!(choose(&h(400, false), 16), Choice::Line);
        let two = format!("{}\n{}", empty.repeat(16), empty.repeat(16));
        assert_eq!(choose(&head(&two, true), 16), Choice::Grid);
        // A grid cut by the window is not held against it.
        let cut = format!("{}\n{}", empty.repeat(16), empty.repeat(5));
        assert_eq!(choose(&head(&cut, false), 16), Choice::Grid);
        // Bands of four rows: neither layout.
        let bands = format!("{}\n", empty.repeat(4)).repeat(4);
        assert_eq!(choose(&head(&bands, true), 16), Choice::Unsure);
    }

    #[test]
    fn tallies_drop_a_case_the_window_may_have_cut() {
        let t = Tally { cases: 2, bad: 1 };
        assert_eq!(t.compare(Tally { cases: 4, bad: 2 }), Some(Ordering::Equal));
        assert_eq!(t.compare(Tally::default()), None);
        let fours = "12..34..........\n".repeat(17);
        let text = fours.as_bytes();
        let read = |complete| {
            Tally::of(
                grid::GridFormat.read(Box::new(text), &Options::default()),
                complete,
            )
        };
        assert_eq!(read(true), Tally { cases: 2, bad: 2 });
        assert_eq!(read(false), Tally { cases: 1, bad: 1 });
    }
}
