//! yzoj: 9 lines of 9 characters, `?` (or `0`) empty; output 9 lines of
//! 9 digits. Several cases are separated by a blank line. An unsolvable
//! case prints nothing; the reason goes to standard error. (`grid` reads
//! the same input, since it accepts `?` too.)

use std::io::BufRead;

use super::block::{CountLine, Spec};
use super::cells::Cells;
use super::{Cases, Fit, Format, Head, Options};
use crate::sudoku::{Grid, Shape};

/// The yzoj format.
pub struct Yzoj;

const SPEC: Spec = Spec {
    shape: Shape::NINE,
    cells: Cells {
        symbols: "123456789",
        empty: "?0",
        spaced: false,
    },
    count: CountLine::None,
};

impl Format for Yzoj {
    fn name(&self) -> &'static str {
        "yzoj"
    }
    fn summary(&self) -> &'static str {
        "yzoj: 9 lines of 9 characters, `?` empty"
    }
    fn example(&self) -> &'static str {
        "5????7??6 (x9 lines)"
    }
    fn detect(&self, head: &Head) -> Fit {
        SPEC.detect(head, "?")
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
