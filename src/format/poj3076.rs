//! POJ 3076 (also UVa 1309, SPOJ SUDOKU, AcWing 169): 16 lines of 16
//! letters `A`-`P`, `-` empty, cases separated by an empty line; UVa and
//! SPOJ inputs may start with the number of cases, which is accepted.
//! Output: the same layout, an empty line between cases and none after
//! the last (the bytes of the AcWing 169 sample). An unsolvable case
//! prints nothing; the reason goes to standard error.

use super::Rule;
use super::block::{BlockFormat, CountLine, Spec};
use super::cells::Cells;
use crate::sudoku::Shape;

/// The POJ 3076 format.
pub(crate) const POJ3076: BlockFormat = BlockFormat {
    name: "poj3076",
    summary: "POJ 3076 / UVa 1309 / SPOJ SUDOKU: 16 lines of `A`-`P`, `-` empty, an empty line between cases",
    example: "--A----C-----O-I (x16 lines)",
    spec: Spec {
        shape: Shape::SIXTEEN,
        cells: Cells {
            symbols: "ABCDEFGHIJKLMNOP",
            empty: "-",
            spaced: false,
        },
        count: CountLine::Optional,
    },
    marker: "",
    rule: Rule::Any,
    separator: "\n",
    case_headers: false,
};
