//! POJ 2676: the number of cases, then 9 lines of 9 digits per case, `0`
//! empty. Output: the solved grids in the same layout, one after another
//! with no count and no blank lines. An unsolvable case prints nothing;
//! the reason goes to standard error.

use super::Rule;
use super::block::{BlockFormat, CountLine, Spec};
use super::cells::Cells;
use crate::sudoku::Shape;

/// The POJ 2676 format.
pub(crate) const POJ2676: BlockFormat = BlockFormat {
    name: "poj2676",
    summary: "POJ 2676: a count, then 9 lines of 9 digits per case, `0` empty",
    example: "1 / 103000509 (x9 lines)",
    spec: Spec {
        shape: Shape::NINE,
        cells: Cells {
            symbols: "123456789",
            empty: "0",
            spaced: false,
        },
        count: CountLine::Required,
    },
    marker: "",
    rule: Rule::Any,
    separator: "",
    case_headers: false,
};
