//! HDU 1426 "Sudoku Killer": 9x9 tests to the end of the input, a blank
//! line between them; cells separated by one space, `?` empty. Output:
//! digits separated by one space, one blank line between solutions and
//! none after the last. An unsolvable case prints nothing (the judge
//! promises one solution); the reason goes to standard error.

use super::Rule;
use super::block::{BlockFormat, CountLine, Spec};
use super::cells::Cells;
use crate::sudoku::Shape;

/// The HDU 1426 format.
pub(crate) const HDU1426: BlockFormat = BlockFormat {
    name: "hdu1426",
    summary: "HDU 1426: 9 rows of space-separated cells, `?` empty, a blank line between tests",
    example: "7 1 2 ? 6 ? 3 5 8 (x9 rows)",
    spec: Spec {
        shape: Shape::NINE,
        cells: Cells {
            symbols: "123456789",
            empty: "?",
            spaced: true,
        },
        count: CountLine::None,
    },
    marker: "",
    rule: Rule::Any,
    separator: "\n",
    case_headers: false,
};
