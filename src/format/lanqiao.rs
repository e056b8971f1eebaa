//! Lanqiao (蓝桥杯) Sudoku: 9 lines of 9 digits, `0` empty; output 9 lines
//! of 9 digits. The judge's rule is that a puzzle has one solution and
//! several count as none, so a puzzle that is not unique prints nothing
//! and is reported on standard error (exit code 1). Several cases are
//! separated by a blank line.

use super::Rule;
use super::block::{BlockFormat, CountLine, Spec};
use super::cells::Cells;
use crate::sudoku::Shape;

/// The Lanqiao format.
pub(crate) const LANQIAO: BlockFormat = BlockFormat {
    name: "lanqiao",
    summary: "Lanqiao: 9 lines of 9 digits, `0` empty; several solutions count as none",
    example: "005300000 (x9 lines)",
    spec: Spec {
        shape: Shape::NINE,
        cells: Cells {
            symbols: "123456789",
            empty: "0",
            spaced: false,
        },
        count: CountLine::None,
    },
    marker: "",
    rule: Rule::Unique,
    separator: "\n",
    case_headers: false,
};
