//! Jisuanke (计蒜客) Sudoku: 9 rows, cells separated by one space, `*`
//! empty. Output: digits separated by one space and nothing else on the
//! line (no trailing space, unlike the write-up's own program). Several
//! cases are separated by a blank line. An unsolvable case prints nothing;
//! the reason goes to standard error.

use super::Rule;
use super::block::{BlockFormat, CountLine, Spec};
use super::cells::Cells;
use crate::sudoku::Shape;

/// The Jisuanke format.
pub(crate) const JISUANKE: BlockFormat = BlockFormat {
    name: "jisuanke",
    summary: "Jisuanke: 9 rows of space-separated cells, `*` empty",
    example: "* 2 6 * * * * * * (x9 rows)",
    spec: Spec {
        shape: Shape::NINE,
        cells: Cells {
            symbols: "123456789",
            empty: "*",
            spaced: true,
        },
        count: CountLine::None,
    },
    marker: "",
    rule: Rule::Any,
    separator: "\n",
    case_headers: false,
};
