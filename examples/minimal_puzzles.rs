//! Writes minimal Sudoku puzzles of any box shape, one a line: a random
//! solved grid (by formula and symmetries), then givens removed in a random
//! order while the puzzle stays unique, so that no given can be spared.
//! Minimal puzzles are the hard ones for their size; `data/bench/` has a
//! set of 16x16 ones made by
//!
//! ```text
//! cargo run --release --example minimal_puzzles -- 4x4 20 1 > data/bench/minimal16.txt
//! ```
//!
//! Arguments: box shape, number of puzzles, seed (the same seed gives the
//! same puzzles).

use dlx_engine::__unstable::sudoku::{
    DlxSolver, GridInternals as _, Rng, minimal_puzzle, solved_grid,
};
use dlx_engine::format::Alphabet;
use dlx_engine::sudoku::Shape;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: minimal_puzzles BOXSHAPE COUNT SEED (e.g. 4x4 20 1)";
    let [shape, count, seed] = args.as_slice() else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let (Ok(shape), Ok(count), Ok(seed)) = (
        shape.parse::<Shape>(),
        count.parse::<usize>(),
        seed.parse::<u64>(),
    ) else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let mut solver = DlxSolver::new(shape);
    let mut rng = Rng::new(seed);
    let alphabet = Alphabet::default();
    println!("# {count} minimal {shape}-box puzzles, seed {seed} (examples/minimal_puzzles.rs)");
    for _ in 0..count {
        let solution = solved_grid(shape, |k| rng.below(k));
        let order = rng.permutation(shape.n() * shape.n());
        let puzzle = minimal_puzzle(&mut solver, &solution, &order);
        println!(
            "{} {} givens",
            alphabet.write_line(&puzzle),
            puzzle.filled()
        );
    }
}
