//! POJ 2676: the number of cases, then 9 lines of 9 digits per case, `0`
//! empty. Output: the solved grids in the same layout, one after another
//! with no count and no blank lines. An unsolvable case prints nothing;
//! the reason goes to standard error.

use std::io::BufRead;

use super::block::{CountLine, Spec};
use super::cells::Cells;
use super::{Cases, Fit, Format, Head, Options};
use crate::sudoku::{Grid, Shape};

/// The POJ 2676 format.
pub struct Poj2676;

const SPEC: Spec = Spec {
    shape: Shape::NINE,
    cells: Cells {
        symbols: "123456789",
        empty: "0",
        spaced: false,
    },
    count: CountLine::Required,
};

impl Format for Poj2676 {
    fn name(&self) -> &'static str {
        "poj2676"
    }
    fn summary(&self) -> &'static str {
        "POJ 2676: a count, then 9 lines of 9 digits per case, `0` empty"
    }
    fn example(&self) -> &'static str {
        "1 / 103000509 (x9 lines)"
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
}
