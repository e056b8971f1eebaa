//! POJ 3074: one 81-character line per case (`.` or `0` empty, digits),
//! and a line `end` closes the input (anything after it is ignored).
//! Output: one 81-digit line per case. An unsolvable case prints nothing;
//! the reason goes to standard error. Auto-detection needs the `end` line
//! within the peeked head; longer inputs read as `line`, which prints the
//! same solutions.

use std::io::BufRead;

use super::line::parse_line;
use super::text::Lines;
use super::{Alphabet, Case, Cases, Detect, Fit, Format, Head, InputError, Options};
use crate::sudoku::{Grid, Shape};

/// The POJ 3074 format.
pub(crate) struct Poj3074;

impl Format for Poj3074 {
    fn name(&self) -> &'static str {
        "poj3074"
    }
    fn summary(&self) -> &'static str {
        "POJ 3074: one 81-character line per case, `.` empty, `end` closes the input"
    }
    fn example(&self) -> &'static str {
        ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534. / end"
    }
    fn read<'a>(&self, input: Box<dyn BufRead + 'a>, _: &Options) -> Cases<'a> {
        let mut lines = Lines::new(input);
        let alphabet = Alphabet::default();
        let mut ended = false;
        Box::new(std::iter::from_fn(
            move || -> Option<Result<Case, InputError>> {
                while !ended {
                    let (line, text) = match lines.next_line()? {
                        Ok(l) => l,
                        Err(e) => return Some(Err(e)),
                    };
                    if text.trim() == "end" {
                        ended = true;
                        return None;
                    }
                    if text.trim().is_empty() {
                        continue;
                    }
                    return parse_line(&text, line, Some(Shape::NINE), &alphabet);
                }
                None
            },
        ))
    }
    fn holds(&self, shape: Shape) -> bool {
        shape == Shape::NINE
    }
    fn solution(&self, _: usize, _: &Grid, solution: &Grid, _: &Options) -> String {
        let mut text = Alphabet::default().write_line(solution);
        text.push('\n');
        text
    }
}

impl Detect for Poj3074 {
    fn detect(&self, head: &Head) -> Fit {
        let mut content = head.content();
        let first_fits = content
            .next()
            .is_some_and(|l| l.len() == 81 && l.bytes().all(|b| b == b'.' || b.is_ascii_digit()));
        if first_fits && head.content().any(|l| l.trim() == "end") {
            Fit::Specific
        } else {
            Fit::No
        }
    }
}
