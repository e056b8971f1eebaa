//! An independent checker of solutions: it shares no code with the
//! solvers, so a solver bug cannot hide behind a matching checker bug.

use super::Grid;

/// Why a grid is not a solution of a puzzle.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    /// The two grids differ in shape.
    #[error("the solution is {found}, the puzzle {expected}")]
    Shape {
        /// The puzzle's shape.
        expected: super::Shape,
        /// The solution's shape.
        found: super::Shape,
    },
    /// A cell is empty.
    #[error("r{}c{} is empty", .0 + 1, .1 + 1)]
    Empty(usize, usize),
    /// A given was changed.
    #[error("r{}c{} should keep the given {given}, found {found}", .row + 1, .col + 1)]
    GivenChanged {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        col: usize,
        /// The puzzle's digit.
        given: u8,
        /// The solution's digit.
        found: u8,
    },
    /// A row, column or box does not hold every digit once.
    #[error("{0} does not hold each digit once")]
    Unit(String),
}

/// Checks that `solution` solves `puzzle`: same shape, every cell filled,
/// every given kept, and each row, column and box a permutation of `1..=n`.
pub fn check_solution(puzzle: &Grid, solution: &Grid) -> Result<(), VerifyError> {
    if puzzle.shape() != solution.shape() {
        return Err(VerifyError::Shape {
            expected: puzzle.shape(),
            found: solution.shape(),
        });
    }
    let n = puzzle.n();
    for (k, (&given, &found)) in puzzle.cells().iter().zip(solution.cells()).enumerate() {
        if found == 0 {
            return Err(VerifyError::Empty(k / n, k % n));
        }
        if given != 0 && given != found {
            return Err(VerifyError::GivenChanged {
                row: k / n,
                col: k % n,
                given,
                found,
            });
        }
    }
    let shape = solution.shape();
    let expected: Vec<u8> = (1..=n as u8).collect();
    let is_permutation = |mut digits: Vec<u8>| {
        digits.sort_unstable();
        digits == expected
    };
    for i in 0..n {
        if !is_permutation((0..n).map(|c| solution.get(i, c)).collect()) {
            return Err(VerifyError::Unit(format!("row {}", i + 1)));
        }
        if !is_permutation((0..n).map(|r| solution.get(r, i)).collect()) {
            return Err(VerifyError::Unit(format!("column {}", i + 1)));
        }
        let cells = shape
            .box_cells(i)
            .map(|(r, c)| solution.get(r, c))
            .collect();
        if !is_permutation(cells) {
            return Err(VerifyError::Unit(format!("box {}", i + 1)));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Shape;

    fn solved4() -> Grid {
        let cells = vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        Grid::from_cells(Shape::new(2, 2).unwrap(), cells).unwrap()
    }

    #[test]
    fn accepts_a_solution_and_names_each_fault() {
        let s = solved4();
        let mut puzzle = s.clone();
        puzzle.set(0, 0, 0);
        assert_eq!(check_solution(&puzzle, &s), Ok(()));

        let mut wrong_given = puzzle.clone();
        wrong_given.set(0, 1, 3);
        assert_eq!(
            check_solution(&wrong_given, &s).unwrap_err().to_string(),
            "r1c2 should keep the given 3, found 2"
        );
        assert_eq!(
            check_solution(&puzzle, &puzzle).unwrap_err().to_string(),
            "r1c1 is empty"
        );
        // Swapping two columns keeps rows and columns but breaks boxes.
        let mut swapped = s.clone();
        for r in 0..4 {
            let (a, b) = (s.get(r, 1), s.get(r, 2));
            swapped.set(r, 1, b);
            swapped.set(r, 2, a);
        }
        assert_eq!(
            check_solution(&Grid::empty(s.shape()), &swapped)
                .unwrap_err()
                .to_string(),
            "box 1 does not hold each digit once"
        );
        let mut row_bad = s.clone();
        row_bad.set(3, 3, 2);
        assert!(check_solution(&Grid::empty(s.shape()), &row_bad).is_err());
    }
}
