//! HDU 1426 "Sudoku Killer": 9x9 tests to the end of the input, a blank
//! line between them; cells separated by one space, `?` empty. Output:
//! digits separated by one space, one blank line between solutions and
//! none after the last. An unsolvable case prints nothing (the judge
//! promises one solution); the reason goes to standard error.

use std::io::BufRead;

use super::block::{CountLine, Spec};
use super::cells::Cells;
use super::{Cases, Fit, Format, Head, Options};
use crate::sudoku::{Grid, Shape};

/// The HDU 1426 format.
pub struct Hdu1426;

const SPEC: Spec = Spec {
    shape: Shape::NINE,
    cells: Cells {
        symbols: "123456789",
        empty: "?",
        spaced: true,
    },
    count: CountLine::None,
};

impl Format for Hdu1426 {
    fn name(&self) -> &'static str {
        "hdu1426"
    }
    fn summary(&self) -> &'static str {
        "HDU 1426: 9 rows of space-separated cells, `?` empty, a blank line between tests"
    }
    fn example(&self) -> &'static str {
        "7 1 2 ? 6 ? 3 5 8 (x9 rows)"
    }
    fn detect(&self, head: &Head) -> Fit {
        SPEC.detect(head, "")
    }
    fn read<'a>(&self, input: Box<dyn BufRead + 'a>, _: &Options) -> Cases<'a> {
        SPEC.read(input)
    }
    fn holds(&self, shape: Shape) -> bool {
        shape == SPEC.shape
    }
    fn solution(&self, _: usize, _: &Grid, solution: &Grid, _: &Options) -> String {
        SPEC.cells.write_grid(solution)
    }
    fn separator(&self) -> &'static str {
        "\n"
    }
}
