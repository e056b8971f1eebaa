//! yzoj: 9 lines of 9 characters, `?` (or `0`) empty; output 9 lines of
//! 9 digits. Several cases are separated by a blank line. An unsolvable
//! case prints nothing; the reason goes to standard error. (`grid` reads
//! the same input, since it accepts `?` too.)

use super::Rule;
use super::block::{BlockFormat, CountLine, Spec};
use super::cells::Cells;
use crate::sudoku::Shape;

/// The yzoj format.
pub(crate) const YZOJ: BlockFormat = BlockFormat {
    name: "yzoj",
    summary: "yzoj: 9 lines of 9 characters, `?` empty",
    example: "5????7??6 (x9 lines)",
    spec: Spec {
        shape: Shape::NINE,
        cells: Cells {
            symbols: "123456789",
            empty: "?0",
            spaced: false,
        },
        count: CountLine::None,
    },
    marker: "?",
    rule: Rule::Any,
    separator: "\n",
    case_headers: false,
};
