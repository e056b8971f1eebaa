//! Lanqiao (蓝桥杯) Sudoku: 9 lines of 9 digits, `0` empty; output 9 lines
//! of 9 digits. The judge's rule is that a puzzle has one solution and
//! several count as none, so a puzzle that is not unique prints nothing
//! and is reported on standard error (exit code 1). Several cases are
//! separated by a blank line.

use std::io::BufRead;

use super::block::{CountLine, Spec};
use super::cells::Cells;
use super::{Cases, Fit, Format, Head, Options, Rule};
use crate::sudoku::{Grid, Shape};

/// The Lanqiao format.
pub struct Lanqiao;

const SPEC: Spec = Spec {
    shape: Shape::NINE,
    cells: Cells {
        symbols: "123456789",
        empty: "0",
        spaced: false,
    },
    count: CountLine::None,
};

impl Format for Lanqiao {
    fn name(&self) -> &'static str {
        "lanqiao"
    }
    fn summary(&self) -> &'static str {
        "Lanqiao: 9 lines of 9 digits, `0` empty; several solutions count as none"
    }
    fn example(&self) -> &'static str {
        "005300000 (x9 lines)"
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
    fn rule(&self) -> Rule {
        Rule::Unique
    }
    fn solution(&self, _: usize, _: &Grid, solution: &Grid, _: &Options) -> String {
        SPEC.cells.write_grid(solution)
    }
    fn separator(&self) -> &'static str {
        "\n"
    }
}
