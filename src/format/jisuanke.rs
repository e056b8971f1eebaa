//! Jisuanke (计蒜客) Sudoku: 9 rows, cells separated by one space, `*`
//! empty. Output: digits separated by one space and nothing else on the
//! line (no trailing space, unlike the write-up's own program). Several
//! cases are separated by a blank line. An unsolvable case prints nothing;
//! the reason goes to standard error.

use std::io::BufRead;

use super::block::{CountLine, Spec};
use super::cells::Cells;
use super::{Cases, Fit, Format, Head, Options};
use crate::sudoku::{Grid, Shape};

/// The Jisuanke format.
pub struct Jisuanke;

const SPEC: Spec = Spec {
    shape: Shape::NINE,
    cells: Cells {
        symbols: "123456789",
        empty: "*",
        spaced: true,
    },
    count: CountLine::None,
};

impl Format for Jisuanke {
    fn name(&self) -> &'static str {
        "jisuanke"
    }
    fn summary(&self) -> &'static str {
        "Jisuanke: 9 rows of space-separated cells, `*` empty"
    }
    fn example(&self) -> &'static str {
        "* 2 6 * * * * * * (x9 rows)"
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
