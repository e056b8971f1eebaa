//! POJ 3076 (also UVa 1309, SPOJ SUDOKU, AcWing 169): 16 lines of 16
//! letters `A`-`P`, `-` empty, cases separated by an empty line; UVa and
//! SPOJ inputs may start with the number of cases, which is accepted.
//! Output: the same layout, an empty line between cases and none after
//! the last (the bytes of the AcWing 169 sample). An unsolvable case
//! prints nothing; the reason goes to standard error.

use std::io::BufRead;

use super::block::{CountLine, Spec};
use super::cells::Cells;
use super::{Cases, Fit, Format, Head, Options};
use crate::sudoku::{Grid, Shape};

/// The POJ 3076 format.
pub struct Poj3076;

const SPEC: Spec = Spec {
    shape: Shape::SIXTEEN,
    cells: Cells {
        symbols: "ABCDEFGHIJKLMNOP",
        empty: "-",
        spaced: false,
    },
    count: CountLine::Optional,
};

impl Format for Poj3076 {
    fn name(&self) -> &'static str {
        "poj3076"
    }
    fn summary(&self) -> &'static str {
        "POJ 3076 / UVa 1309 / SPOJ SUDOKU: 16 lines of `A`-`P`, `-` empty, an empty line between cases"
    }
    fn example(&self) -> &'static str {
        "--A----C-----O-I (x16 lines)"
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
