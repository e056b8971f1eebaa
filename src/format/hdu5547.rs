//! HDU 5547: `T`, then each test as an empty line and 4 lines of `1`-`4`
//! or `*`. Output: `Case #x:` then 4 lines. Blank lines may be missing or
//! doubled. An unsolvable case prints its `Case #x:` line alone (the
//! judge promises a solution, so nothing better fits); the reason goes to
//! standard error. `dlx count` prints `Case #x: N`. Cases are numbered by
//! the items read, so a missing `T` line (reported, exit code 2) counts as
//! one and the first test then prints as `Case #2:`.

use std::io::BufRead;

use super::block::{CountLine, Spec};
use super::cells::Cells;
use super::{Cases, Fit, Format, Head, Options};
use crate::sudoku::{Grid, Shape};

/// The HDU 5547 format.
pub struct Hdu5547;

const SPEC: Spec = Spec {
    shape: Shape::FOUR,
    cells: Cells {
        symbols: "1234",
        empty: "*",
        spaced: false,
    },
    count: CountLine::Required,
};

impl Format for Hdu5547 {
    fn name(&self) -> &'static str {
        "hdu5547"
    }
    fn summary(&self) -> &'static str {
        "HDU 5547: `T`, then per test an empty line and 4 lines of `1`-`4` or `*`"
    }
    fn example(&self) -> &'static str {
        "3 / (empty) / **** / 2341 / 4123 / 3214 / (empty) / ..."
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
    fn solution(&self, number: usize, _: &Grid, solution: &Grid, _: &Options) -> String {
        format!("Case #{number}:\n{}", SPEC.cells.write_grid(solution))
    }
    fn no_solution(&self, number: usize, _: &Grid, _: &Options) -> Option<String> {
        Some(format!("Case #{number}:\n"))
    }
    fn count(&self, number: usize, count: &str) -> String {
        format!("Case #{number}: {count}\n")
    }
}
