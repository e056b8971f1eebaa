//! HDU 5547: `T`, then each test as an empty line and 4 lines of `1`-`4`
//! or `*`. Output: `Case #x:` then 4 lines. Blank lines may be missing or
//! doubled. An unsolvable case prints its `Case #x:` line alone (the
//! judge promises a solution, so nothing better fits); the reason goes to
//! standard error. `dlx count` prints `Case #x: N`. A missing `T` line is
//! reported (exit code 2): when the first line cannot be a count, the
//! cases are still read and the first prints as `Case #1:`; when it can
//! (a row of digits such as `1234`), it is taken for the count and the
//! rows after it are read as cases.

use super::Rule;
use super::block::{BlockFormat, CountLine, Spec};
use super::cells::Cells;
use crate::sudoku::Shape;

/// The HDU 5547 format.
pub(crate) const HDU5547: BlockFormat = BlockFormat {
    name: "hdu5547",
    summary: "HDU 5547: `T`, then per test an empty line and 4 lines of `1`-`4` or `*`",
    example: "3 / (empty) / **** / 2341 / 4123 / 3214 / (empty) / ...",
    spec: Spec {
        shape: Shape::FOUR,
        cells: Cells {
            symbols: "1234",
            empty: "*",
            spaced: false,
        },
        count: CountLine::Required,
    },
    marker: "",
    rule: Rule::Any,
    separator: "",
    case_headers: true,
};
