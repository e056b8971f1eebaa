//! The `dlx` command: parses flags and calls the library.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};
use dlx_cli::cover::{CoverOptions, Mode, parse_seconds};
use dlx_cli::generate as generate_app;
use dlx_cli::problem::{Classic, parse_cell};
use dlx_cli::shell::{self, Shell};
use dlx_cli::sudoku::{self as sudoku_app, Show, SolverKind, Task};
use dlx_cli::{ExitStatus, Input, Part, bench};
use dlx_engine::dlx::DEFAULT_MEMO_BYTES;
use dlx_engine::dlx::EngineKind;
use dlx_engine::dlx::deduce::Rules;
use dlx_engine::format::Alphabet;
use dlx_engine::sudoku::ExplainOptions;
use dlx_engine::sudoku::Level;
use dlx_engine::sudoku::Shape;

mod args;
mod convert;
mod help;
mod rating;

use args::{
    Deferred, OutputName, PartArg, PictureArgs, PuzzleArgs, RuleArgs, RunArgs, Worded,
    output_names, thread_range,
};
use convert::{CountArgs, CoverPropagateArg, PropagateArg, parse_side};
use help::*;
use rating::{ExplainArgs, RateArgs, parse_se_band, technique_names};

/// What a Sudoku command's flags resolve to, once: its inputs, the task
/// with its own settings, and the run's options.
type Plan = (Vec<Input>, Task, sudoku_app::Options);

/// Dancing-links exact-cover solver, with Sudoku on top.
#[derive(Parser, Debug)]
#[command(name = "dlx", version = env!("DLX_VERSION"), after_help = EXIT_CODES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve Sudoku puzzles in any supported format.
    ///
    /// The input format is detected (or named with --format: hdu1426,
    /// hdu5547, hdu4069, lanqiao, jisuanke, poj2676, poj3074, poj3076,
    /// uva989, leetcode, yzoj, line, grid, csv, variant, fpuzzles (f-puzzles
    /// JSON or ?load= URLs, with the setters' constraints), sukaku (pencil
    /// marks); see
    /// docs/formats.md) and solutions
    /// are written in the same format, one per case in input order, unless
    /// --output names another. In the line format each puzzle prints its
    /// solution, '# no solution: PUZZLE' or '# bad input: FILE line N';
    /// details of unsolved and malformed cases always go to standard error
    /// with the file and line.
    ///
    /// With --output svg each solved puzzle is drawn with its solution
    /// (givens bold, solved digits blue; the setters' constraints as their
    /// glyphs; see docs/render.md): one SVG document on standard output,
    /// or with --output-dir DIR one file per case, DIR/case-0001.svg,
    /// DIR/case-0002.svg, ... numbered by case over all inputs; with
    /// --givens-only the puzzle alone is drawn (the solve still checks it).
    /// --per-page K lays the pictures K to an A4 page, then the solutions;
    /// --output pdf makes those pages one PDF document.
    #[command(after_help = EXIT_CODES)]
    Solve(Deferred<SolveArgs>),
    /// Draw Sudoku puzzles as pictures (SVG or PDF), as puzzle books draw them.
    ///
    /// Reads any input format, as 'dlx solve' does, and draws each puzzle
    /// without solving it: thin cell lines, thick box or jigsaw region
    /// borders, givens bold, diagonals for X, shaded windows for hyper,
    /// dashed killer cages with their sums in the corner, and the setters'
    /// constraints of f-puzzles files as their usual glyphs (thermometers,
    /// arrows, kropki dots, XV, whispers, renban and palindrome lines,
    /// little killers and sandwich sums outside the grid, even/odd and
    /// minimum/maximum cells, quadruples, extra regions; anti-knight and
    /// the like as a caption; one it cannot draw is an error naming it),
    /// any size from 4x4 to 25x25 and beyond with digits as the alphabet
    /// writes them. With --solve each puzzle is drawn with its solution
    /// (solved digits blue), as 'dlx solve --output svg' does. One puzzle
    /// goes to standard output; with --output-dir DIR each case goes to
    /// DIR/case-0001.svg, DIR/case-0002.svg, ... (numbered by case over
    /// all inputs). With --per-page K the puzzles go K to an A4 page,
    /// their solutions on the pages after, for a printable sheet, and
    /// --output pdf makes it one PDF document (dlx generate --count 6
    /// --with-solution --output pdf > handout.pdf). See docs/render.md.
    #[command(after_help = RENDER_EXIT_CODES)]
    Render(Deferred<RenderArgs>),
    /// Count the solutions of Sudoku puzzles, one line per puzzle.
    ///
    /// Prints the number of solutions of each puzzle. With --limit N the
    /// search stops at N solutions and prints 'N+' (a lower bound): --limit 2
    /// checks uniqueness ('1' unique, '2+' several, '0' none). Input as for
    /// 'dlx solve'; the line format prints the count alone, others
    /// 'case N: COUNT' (hdu5547: 'Case #N: COUNT'). Without --limit a
    /// count can run for a very long time: on a terminal a case running
    /// past a second shows its progress on standard error, and Ctrl-C
    /// prints the count so far as 'N+' and ends the run (exit code 130).
    #[command(after_help = EXIT_CODES)]
    Count(Deferred<CountArgs>),
    /// Time the solvers against each other on puzzle files.
    ///
    /// Every solver searches every puzzle (counting up to --limit
    /// solutions), in turns, after a warm-up, and a table per file gives
    /// puzzles, solutions, puzzles cut by the node budget, total, mean and
    /// median time, puzzles per second, nodes per puzzle and each solver's
    /// time as a ratio to the fastest (">=" when it left puzzles
    /// unfinished).
    Bench(Deferred<BenchArgs>),
    /// Solve or count an exact-cover problem in Knuth's DLX1 format
    /// (with DLX2 colors, item:color).
    #[command(after_help = format!(
        "{COVER_EXIT_CODES}\n\nA count cut short by --limit, --max-nodes or --timeout is a lower \
         bound: it is printed as 'at least N' and standard error says which limit stopped it."
    ))]
    Cover(Deferred<CoverArgs>),
    /// Write a classic exact-cover problem in Knuth's format.
    #[command(after_help = PROBLEM_EXIT_CODES)]
    Problem(ProblemArgs),
    /// Make random Sudoku puzzles, each with exactly one solution.
    ///
    /// Each puzzle is carved from a random full grid and checked with the
    /// engine before it is printed. The same --seed and flags give the same
    /// puzzles byte for byte, on any number of threads. Puzzles are written
    /// in the --output format (line: one puzzle a line, '.' empty); with
    /// --with-solution the line format prints 'PUZZLE SOLUTION', csv
    /// 'puzzle,solution', and other formats the puzzle then its solution.
    #[command(after_help = GENERATE_EXIT_CODES)]
    Generate(Deferred<GenerateArgs>),
    /// Rate how hard Sudoku puzzles are, one line per puzzle.
    ///
    /// Deductions on the puzzle's exact-cover matrix are applied until they
    /// stall: singles (naked, then hidden), intersections (pointing,
    /// box/line), naked and hidden subsets up to --subsets cells; then the
    /// rest is guessed, with the deductions applied again in every branch.
    /// Each line starts with the level (simple: naked singles suffice;
    /// easy: hidden singles needed; intermediate: intersections or subsets
    /// needed; expert: guessing needed), then the score and the count of
    /// each step: LEVEL SCORE naked_singles=N hidden_singles=N
    /// intersections=N naked_pairs=N naked_triples=N naked_quads=N
    /// hidden_pairs=N hidden_triples=N hidden_quads=N guesses=N
    /// backtracks=N. A puzzle with no solution, or more than one, prints
    /// '# no solution: PUZZLE' or '# not unique: PUZZLE'. Input as for
    /// 'dlx solve'; see docs/rating.md.
    #[command(after_help = RATE_EXIT_CODES)]
    Rate(Deferred<RateArgs>),
    /// Explain how to solve each puzzle, step by step, as a person would.
    ///
    /// At each step the easiest technique that makes progress, in Sudoku
    /// Explainer's order (singles, intersections, subsets, fish, wings,
    /// unique rectangles, BUG+1, chains, finned fish, Nishio, forcing and
    /// grouped chains, then trials and forcing nets), names its pattern and what it places
    /// or removes: a line 'D.D technique: ...' with its difficulty on
    /// Sudoku Explainer's scale. The last line says where the path ended:
    /// 'solved in N steps, SE ER/EP/ED', or why it stalled. Every step of
    /// a unique puzzle is checked against its solution first. Plain
    /// Sudoku of any size; see docs/rating.md.
    #[command(after_help = EXPLAIN_EXIT_CODES)]
    Explain(Deferred<ExplainArgs>),
    /// Print each puzzle's true candidates: the digits of each cell that
    /// some solution holds.
    ///
    /// Every other digit is ruled out by the rules and the givens together:
    /// a unique puzzle's candidates are its solution, and a setter sees at
    /// once where a puzzle with several solutions still has a choice. Each
    /// case prints a pencil-mark grid (columns as wide as their widest
    /// cell, boxes ruled off), or with --output line one line of n³
    /// symbols (place j of each cell the digit j or '.'), which --format
    /// sukaku reads back as a puzzle with the same solutions. A puzzle with
    /// no solution prints '# no solution: PUZZLE'; one that --max-nodes
    /// cut '# not settled: PUZZLE'. Input as for 'dlx solve', every format
    /// and variant included; see docs/candidates.md.
    #[command(after_help = CANDIDATES_EXIT_CODES)]
    Candidates(Deferred<CandidatesArgs>),
    /// Print a shell completion script.
    ///
    /// For example: dlx completions bash > ~/.local/share/bash-completion/completions/dlx
    Completions {
        /// The shell the script is for.
        #[arg(value_enum)]
        shell: Shell,
    },
    /// Print the manual page (roff) of dlx and all its subcommands.
    ///
    /// For example: dlx man > dlx.1; man ./dlx.1
    Man,
}

/// The commands that say shared flags in their own words (`help.rs`).
impl Worded for SolveArgs {
    const WORDS: &'static [(&'static str, &'static str)] = SOLVE_WORDS;
}
impl Worded for RenderArgs {
    const WORDS: &'static [(&'static str, &'static str)] = RENDER_WORDS;
}
impl Worded for RateArgs {
    const WORDS: &'static [(&'static str, &'static str)] = RATE_WORDS;
}
impl Worded for ExplainArgs {
    const WORDS: &'static [(&'static str, &'static str)] = EXPLAIN_WORDS;
}
impl Worded for CandidatesArgs {
    const WORDS: &'static [(&'static str, &'static str)] = CANDIDATES_WORDS;
}
impl Worded for CountArgs {}
impl Worded for BenchArgs {}
impl Worded for CoverArgs {}
impl Worded for GenerateArgs {}

/// `solve`'s flags.
#[derive(Args, Debug)]
struct SolveArgs {
    #[command(flatten)]
    args: SudokuArgs,
    #[command(flatten)]
    pictures: PictureArgs,
    /// With --output svg: draw the givens only, for the puzzle to
    /// print; each puzzle is still solved and its solution checked, and
    /// one with no solution is still reported and not drawn.
    #[arg(long)]
    givens_only: bool,
}

#[derive(Args, Debug)]
struct RenderArgs {
    #[command(flatten)]
    input: PuzzleArgs,
    /// svg: an SVG document per puzzle (or per page with --per-page);
    /// pdf: one PDF document of A4 pages, K puzzles a page (--per-page,
    /// six by default), then with --solve their solutions, written to
    /// standard output or DIR/sheet.pdf.
    #[arg(long, value_enum, value_name = "NAME", default_value_t = RenderOutput::Svg)]
    output: RenderOutput,
    /// Solve each puzzle and draw it with its solution (solved digits in
    /// blue); a puzzle with no solution is reported and not drawn.
    #[arg(long)]
    solve: bool,
    /// With --solve: draw the givens only (the puzzle to print); each
    /// puzzle is still solved and checked, and with --per-page the sheet
    /// then has no solution pages.
    #[arg(long, requires = "solve")]
    givens_only: bool,
    #[command(flatten)]
    pictures: PictureArgs,
    /// Draw each puzzle's true candidates (the digits some solution
    /// holds, as 'dlx candidates' prints them) as pencil marks in its
    /// empty cells; a puzzle with no solution is reported and not drawn.
    /// A Sukaku puzzle's own marks are drawn without it.
    #[arg(long, conflicts_with = "solve")]
    candidates: bool,
    /// With --candidates: stop after N search-tree nodes per puzzle; a
    /// puzzle not settled by then is reported and not drawn.
    #[arg(long, value_name = "N", requires = "candidates")]
    max_nodes: Option<u64>,
    #[command(flatten)]
    run: RunArgs,
    #[command(flatten)]
    rule: RuleArgs,
}

/// `dlx candidates --output` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum CandidatesLayout {
    /// A pencil-mark grid per puzzle, a blank line between.
    Grid,
    /// One Sukaku line of n³ symbols per puzzle.
    Line,
    /// A picture per puzzle, its candidates drawn as pencil marks, as dlx
    /// render draws them (the picture flags below apply).
    Svg,
    /// Those pictures on A4 pages of one PDF document.
    Pdf,
}

#[derive(Args, Debug)]
struct CandidatesArgs {
    #[command(flatten)]
    input: PuzzleArgs,
    /// How each puzzle's candidates are written.
    #[arg(long, value_enum, default_value_t = CandidatesLayout::Grid)]
    output: CandidatesLayout,
    #[command(flatten)]
    pictures: PictureArgs,
    #[command(flatten)]
    run: RunArgs,
    /// Stop after N search-tree nodes per puzzle, over all its searches;
    /// a puzzle not settled by then prints '# not settled: PUZZLE'.
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,
    /// Write one JSON object per case and line (JSON Lines): case, file,
    /// line, column, puzzle, status, candidates, cells, counts (with
    /// --counts), undecided, searches, nodes, error (see docs/json.md).
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    part: PartArg,
    /// With each candidate, the number of solutions that hold it, counted
    /// up to K ('>K' past it): 'D:COUNT' in the grid, 'counts' in --json.
    /// With 1, '1' marks the candidates that lead to exactly one solution.
    /// Within --max-nodes, over all the counts.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..))]
    counts: Option<u64>,
    #[command(flatten)]
    rule: RuleArgs,
}

#[derive(Args, Debug)]
struct CoverArgs {
    /// Input in Knuth's format; standard input if absent or '-'.
    file: Option<PathBuf>,
    /// Print the number of solutions instead of the first solution.
    #[arg(long, conflicts_with_all = ["all", "every"])]
    count: bool,
    /// Estimate the number of solutions (and the search tree's nodes) by
    /// Knuth's random paths, N of them, instead of searching: for counts
    /// out of reach. Prints the estimate with its standard error; the
    /// same --seed gives the same estimate.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..),
          conflicts_with_all = ["count", "all", "every", "memo", "part", "limit", "max_nodes", "timeout"])]
    estimate: Option<u64>,
    /// The seed of --estimate's random paths.
    #[arg(long, value_name = "S", default_value_t = 1, requires = "estimate")]
    seed: u64,
    /// Print every solution, separated by blank lines (streamed).
    #[arg(long, conflicts_with = "every")]
    all: bool,
    /// Print every M-th solution (the M-th, the 2M-th, ...).
    #[arg(long, value_name = "M", value_parser = clap::value_parser!(u64).range(1..))]
    every: Option<u64>,
    /// Stop after N solutions (a count is then a lower bound).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    limit: Option<u64>,
    /// Stop after about N search-tree nodes (a count is then a lower bound).
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,
    /// Stop after SECS seconds (a count is then a lower bound).
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    timeout: Option<Duration>,
    /// Report on standard error every few seconds how much of the tree is
    /// done (Knuth's estimate from the branch positions on the current path).
    #[arg(long)]
    progress: bool,
    /// Print search nodes, link updates, solutions and time on standard error.
    #[arg(long)]
    stats: bool,
    /// Search on N threads (0: one per core; at most 256); same count and solutions as one.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = thread_range())]
    threads: u16,
    /// Search only share K of N disjoint shares of the tree (K = 1..N); the
    /// N counts add up to the full count. A share with no solution exits 0.
    #[arg(long, value_name = "K/N")]
    part: Option<Part>,
    /// The search's engine: dancing links, bit sets (small problems
    /// without colors), or auto (bit sets where they fit). Both search the
    /// same tree, with the same output and statistics.
    #[arg(long, value_enum, default_value_t = EngineArg::Auto)]
    engine: EngineArg,
    /// What the search deduces between choices (docs/cover.md,
    /// "Propagation"): off keeps Knuth's tree, node for node (the default:
    /// fastest on the problems measured); blocking runs on the dancing
    /// links, and --stats counts the options it removed. Same count and
    /// solutions under each.
    #[arg(long, value_enum, value_name = "WHICH", default_value_t = CoverPropagateArg::Off)]
    propagate: CoverPropagateArg,
    /// When counting, search each subproblem once, keeping the count under
    /// each set of covered items (Knuth's memo). Same count, fewer nodes
    /// where search paths meet (domino tilings of 8x8: 1,648 instead of 50 million); bit-set engine
    /// only, and --stats counts the nodes searched.
    /// (`--all` and `--every` are refused: the memo counts solutions
    /// without listing them.)
    #[arg(long, requires = "count", conflicts_with_all = ["all", "every"])]
    memo: bool,
    /// The most memory the memo of --memo may take, in mebibytes (per
    /// thread).
    #[arg(long, value_name = "MIB", default_value_t = DEFAULT_MEMO_BYTES >> 20, requires = "memo")]
    memo_mib: usize,
}

/// `--engine` values.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum EngineArg {
    Auto,
    Links,
    Bits,
}

#[derive(Args, Debug)]
struct ProblemArgs {
    #[command(subcommand)]
    problem: ProblemKind,
}

#[derive(Subcommand, Debug)]
enum ProblemKind {
    /// n queens: rows and columns primary, diagonals secondary.
    Queens {
        /// Board size.
        n: usize,
        /// Queens in each row and each column (DLX3 multiplicities when
        /// more than 1).
        #[arg(long, default_value_t = 1)]
        per_line: usize,
    },
    /// K stars in each row and column of N x N, none touching (Star Battle
    /// without regions; DLX3 multiplicities).
    Stars {
        /// Board size.
        n: usize,
        /// Stars in each row and each column.
        #[arg(long, default_value_t = 2)]
        per_line: usize,
    },
    /// Langford pairs for n (each solution and its reversal).
    Langford {
        /// Largest number.
        n: usize,
    },
    /// Domino tilings of a ROWS x COLS board (count them with
    /// `cover --count --memo`).
    Dominoes {
        /// Rows of the board.
        #[arg(long, default_value_t = 8)]
        rows: usize,
        /// Columns of the board.
        #[arg(long, default_value_t = 8)]
        cols: usize,
    },
    /// The 12 pentominoes in a ROWS x COLS rectangle, optionally with holes.
    Pentominoes {
        /// Rows of the board.
        #[arg(long, default_value_t = 6)]
        rows: usize,
        /// Columns of the board.
        #[arg(long, default_value_t = 10)]
        cols: usize,
        /// A cell left empty, ROW,COL (0-based); repeat for more.
        #[arg(long = "hole", value_name = "ROW,COL", value_parser = parse_cell)]
        holes: Vec<(usize, usize)>,
    },
}

#[derive(Args, Debug)]
struct GenerateArgs {
    /// Box shape ROWSxCOLS (e.g. 3x3, 2x3, 4x4); the grid side is their
    /// product. Default 3x3.
    #[arg(long = "box", value_name = "RxC", conflicts_with = "size")]
    box_shape: Option<Shape>,
    /// Grid side N (4, 6, 9, 12, 16, 25, ...), with the most nearly square
    /// boxes.
    #[arg(long, value_name = "N", value_parser = parse_side)]
    size: Option<Shape>,
    /// How many puzzles.
    #[arg(long, value_name = "K", default_value_t = 1)]
    count: u64,
    /// Seed of the random choices; drawn from the clock (and printed on
    /// standard error) when absent.
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Symmetry of the clue pattern (of which cells are given, not of the
    /// digits); every symmetry applies to every size.
    #[arg(long, value_enum, default_value_t = SymmetryArg::None)]
    symmetry: SymmetryArg,
    /// Minimal puzzles: no clue can be removed without a second solution
    /// (with --symmetry: no orbit of clues).
    #[arg(long)]
    minimal: bool,
    #[arg(long, value_name = "N", help = format!(
        "At most N clues: a puzzle over N is made minimal, and if still over, drawn again, up to \
         {} tries (then exit code 1)",
        dlx_engine::sudoku::Settings::default().tries
    ))]
    clues: Option<usize>,
    /// Only puzzles that 'dlx rate' rates at LEVEL. A try rated harder gets
    /// clues of its solution back, as few as bring it down to LEVEL (not
    /// with --minimal); tries that miss are drawn again, up to --tries
    /// (then exit code 1).
    #[arg(long, value_name = "LEVEL", value_enum)]
    difficulty: Option<LevelArg>,
    /// Only puzzles whose explained path (dlx explain) rates from LO to HI
    /// on Sudoku Explainer's scale, ER, both included: 4.0..6.0, or one
    /// number for exactly that ER. Each try is made minimal; tries that
    /// miss are drawn again, up to --tries (then exit code 1). Plain
    /// Sudoku only.
    #[arg(long, value_name = "LO..HI", value_parser = parse_se_band, conflicts_with = "variant")]
    rating: Option<(u32, u32)>,
    /// Only puzzles whose explained path uses TECHNIQUE (a name of dlx
    /// explain --until: x-wing, xy-wing, x-chain, ...). Plain Sudoku
    /// only.
    #[arg(long, value_name = "TECHNIQUE", value_parser = technique_names(), conflicts_with = "variant")]
    technique: Option<String>,
    /// Tries per puzzle for --clues, --difficulty, --rating and --technique.
    #[arg(long, value_name = "N", default_value_t = dlx_engine::sudoku::Settings::default().tries as u32, value_parser = clap::value_parser!(u32).range(1..))]
    tries: u32,
    /// Sudoku variant rules, comma-separated: x (the two main diagonals),
    /// hyper (four more windows, 9x9 only), jigsaw (random regions of each
    /// puzzle's own). Puzzles are unique under those rules and written as
    /// 'PUZZLE regions=... x hyper', as --format variant reads.
    #[arg(long, value_enum, value_delimiter = ',', value_name = "RULES")]
    variant: Vec<VariantArg>,
    /// Also print each puzzle's solution (see above for the layout).
    #[arg(long)]
    with_solution: bool,
    /// Output format (see docs/formats.md); it must hold the size. 'svg'
    /// draws each puzzle (with --with-solution, its solution in blue), as
    /// 'dlx render' does; see --output-dir, --per-page, docs/render.md.
    /// 'sudokupad' and 'fpuzzles' write a link a puzzle, with any --variant
    /// (with --with-solution, the solution inside).
    /// 'pdf': the puzzles on A4 pages of one PDF document (six a page
    /// unless --per-page says), with --with-solution the solutions on the
    /// last pages: a teacher's handout.
    #[arg(long, value_name = "NAME", default_value = "line", value_parser = output_names())]
    output: OutputName,
    #[command(flatten)]
    pictures: PictureArgs,
    /// Make puzzles on N threads (0: one per core; at most 256); same output as one.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = thread_range())]
    threads: u16,
    /// Give each puzzle at most about N search nodes of the engine (its
    /// completions and uniqueness checks together; the ratings of
    /// --difficulty are bounded by their guesses): a puzzle not made
    /// within them stops the run, exit code 1, after the puzzles before it.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    max_nodes: Option<u64>,
    /// Stop after SECS seconds: the puzzles made by then are written, and
    /// the run ends with exit code 1 and a message saying so.
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    timeout: Option<Duration>,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum SymmetryArg {
    /// Any pattern.
    None,
    /// Half-turn rotation.
    Rot180,
    /// Quarter-turn rotation.
    Rot90,
    /// Left-right mirror.
    Mirror,
    /// Reflection in the main diagonal.
    Diagonal,
}

/// `generate --variant`: the variants a generator takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum VariantArg {
    /// The two main diagonals hold every digit once.
    X,
    /// Four more 3x3 windows hold every digit once (9x9 only).
    Hyper,
    /// Each puzzle gets random connected regions of its own in place of
    /// the boxes.
    Jigsaw,
}

/// `--difficulty`: the levels of `dlx rate`.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum LevelArg {
    /// Naked singles alone solve it.
    Simple,
    /// Hidden singles needed.
    Easy,
    /// Intersections or subsets needed.
    Intermediate,
    /// Guessing needed.
    Expert,
}

#[derive(Args, Debug)]
struct BenchArgs {
    /// Puzzle files; standard input when none is given or for '-'. An
    /// argument that is no existing file but reads as one puzzle line
    /// (dlx solve 4.....8.5.3...) is solved as that puzzle.
    files: Vec<PathBuf>,
    /// Solvers to compare, comma-separated.
    #[arg(long, value_enum, value_delimiter = ',', default_value = "dlx,naive")]
    solver: Vec<SolverArg>,
    /// Stop each search at N solutions (2: a uniqueness check).
    #[arg(long, value_name = "N", default_value_t = 2)]
    limit: u64,
    /// Stop each search after NODES search nodes; the puzzle then counts as
    /// unfinished.
    #[arg(long, value_name = "NODES", default_value_t = bench::DEFAULT_BUDGET)]
    budget: u64,
    /// Take every K-th puzzle of each file.
    #[arg(long, value_name = "K", default_value_t = 1)]
    every: usize,
    /// Puzzles each solver solves untimed first.
    #[arg(long, value_name = "N", default_value_t = 50)]
    warmup: usize,
    /// Print the results as JSON.
    #[arg(long)]
    json: bool,
    /// Box shape ROWSxCOLS, when the cell count does not decide it.
    #[arg(long = "box", value_name = "RxC")]
    box_shape: Option<Shape>,
    /// Symbols of the digits 1, 2, ... in order.
    #[arg(long, value_name = "SYMBOLS", value_parser = <Alphabet as std::str::FromStr>::from_str)]
    alphabet: Option<Alphabet>,
    /// Spread the puzzles over N threads (0: one per core; at most 256), each with its
    /// own solvers; puzzles/s is then what the threads reach together.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = thread_range())]
    threads: u16,
}

#[derive(Args, Debug)]
struct SudokuArgs {
    #[command(flatten)]
    input: PuzzleArgs,
    /// Which solver runs.
    #[arg(long, value_enum, default_value_t = SolverArg::Dlx)]
    solver: SolverArg,
    /// Print search nodes, updates and time on standard error.
    #[arg(long)]
    stats: bool,
    /// Output format; by default the input's. 'svg' (solve only) draws
    /// each solved puzzle as a picture (see --output-dir, --givens-only,
    /// docs/render.md); 'pdf' puts those pictures on the A4 pages of one
    /// PDF document; 'sudokupad' and 'fpuzzles' (solve) write each puzzle
    /// as a link with its rules and solution.
    #[arg(long, value_name = "NAME", value_parser = output_names())]
    output: Option<OutputName>,
    #[command(flatten)]
    run: RunArgs,
    /// Stop each search after N search-tree nodes: an unfinished solve is
    /// reported as no solution found within N nodes, a count prints 'N+'.
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,
    /// What the search deduces between choices (docs/variants.md,
    /// "Reasoning inside the search"). Counts and solutions are the same
    /// under each; only the tree and the time change.
    #[arg(long, value_enum, value_name = "WHICH", default_value_t = PropagateArg::Auto)]
    propagate: PropagateArg,
    /// Write one JSON object per case and line (JSON Lines) instead of the
    /// format's output: case, file, line, column, puzzle, status, count,
    /// count_is_lower_bound, solution, error, nodes, updates, microseconds
    /// (see docs/json.md). Messages still go to standard error.
    #[arg(long, conflicts_with = "output")]
    json: bool,
    #[command(flatten)]
    part: PartArg,
    #[command(flatten)]
    rule: RuleArgs,
}

/// `dlx render --output` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum RenderOutput {
    /// An SVG document per puzzle, or per page of a sheet.
    Svg,
    /// One PDF document: the puzzles on A4 pages (--per-page K, six by
    /// default), their solutions on the last pages.
    Pdf,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum SolverArg {
    /// Dancing links (Algorithm X).
    Dlx,
    /// The naive backtracking of the judges' write-ups.
    Naive,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut out = sudoku_app::stdout();
    // Standard error is locked for the run (one lock, not one per line),
    // except for `generate` and `bench`, whose progress bars are drawn by
    // other threads (a ticker, the measuring threads): they must be able to
    // take it, or they wait for this thread, which waits for them.
    // So is a count's on a terminal, drawn by the solving threads.
    let mut err: Box<dyn Write> = match cli.command {
        Command::Generate(_) | Command::Bench(_) => Box::new(io::stderr()),
        Command::Count { .. } if io::stderr().is_terminal() => Box::new(io::stderr()),
        _ => Box::new(io::stderr().lock()),
    };
    let status = match cli.command {
        Command::Solve(Deferred(SolveArgs {
            args,
            pictures,
            givens_only,
        })) => {
            let plan = args.options(pictures, givens_only);
            let plan = plan.map(|(inputs, opts)| (inputs, Task::Solve, opts));
            run_sudoku(plan, Interrupt::Stops, &mut out, &mut err)
        }
        Command::Render(Deferred(args)) => {
            run_sudoku(args.options(), Interrupt::Stops, &mut out, &mut err)
        }
        Command::Count(Deferred(args)) => {
            run_sudoku(args.options(), Interrupt::Stops, &mut out, &mut err)
        }
        Command::Bench(Deferred(args)) => {
            let (inputs, opts) = args.options();
            bench::run(&inputs, &opts, &mut out, &mut err)
        }
        Command::Cover(Deferred(a)) => {
            let opts = a.options();
            dlx_cli::cover::run(&opts, io::stdin().lock(), &mut out, &mut io::stderr())
        }
        Command::Problem(a) => {
            let problem = a.problem.classic();
            dlx_cli::problem::run(&problem, &mut out, &mut err)
        }
        Command::Generate(Deferred(args)) => match args.options(&mut err) {
            Ok(opts) => generate_app::run(&opts, &mut out, &mut err),
            Err(message) => {
                let _ = writeln!(err, "{message}");
                ExitStatus::BadInput
            }
        },
        Command::Rate(Deferred(args)) => {
            run_sudoku(args.options(), Interrupt::Ends, &mut out, &mut err)
        }
        Command::Explain(Deferred(args)) => {
            run_sudoku(args.options(), Interrupt::Ends, &mut out, &mut err)
        }
        Command::Candidates(Deferred(args)) => {
            run_sudoku(args.options(), Interrupt::Stops, &mut out, &mut err)
        }
        Command::Completions { shell } => {
            let script = shell::completions(shell, Cli::command());
            shell::print(&script, &mut out, &mut err)
        }
        Command::Man => shell::print(
            shell::man_page(Cli::command()).as_bytes(),
            &mut out,
            &mut err,
        ),
    };
    let _ = err.flush();
    exit(status)
}

/// What Ctrl-C does to a Sudoku command.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Interrupt {
    /// The searches stop and the run ends with what they found
    /// ([`on_ctrl_c`]).
    Stops,
    /// The process ends at once, as Ctrl-C does elsewhere.
    Ends,
}

/// Runs a Sudoku command's `plan`, or says why its flags cannot go
/// together (exit code 2).
fn run_sudoku(
    plan: Result<Plan, String>,
    interrupt: Interrupt,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> ExitStatus {
    match plan {
        Ok((inputs, task, mut opts)) => {
            if interrupt == Interrupt::Stops {
                opts.interrupt = on_ctrl_c();
            }
            sudoku_app::run(task, &inputs, &opts, out, err)
        }
        Err(message) => {
            let _ = writeln!(err, "dlx: {message}");
            ExitStatus::BadInput
        }
    }
}

/// A flag that the first Ctrl-C sets, for `solve` and `count` to end with
/// what they found (a count's lower bound); a second Ctrl-C ends the
/// process at once, as Ctrl-C does elsewhere. `None` (Ctrl-C keeps its
/// usual effect) if the handler cannot be installed.
fn on_ctrl_c() -> Option<Arc<AtomicBool>> {
    let flag = Arc::new(AtomicBool::new(false));
    let set = flag.clone();
    ctrlc::set_handler(move || {
        if set.swap(true, Ordering::Relaxed) {
            std::process::exit(ExitStatus::Interrupted.code().into());
        }
    })
    .ok()?;
    Some(flag)
}

fn exit(status: ExitStatus) -> ExitCode {
    ExitCode::from(status.code())
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::Cli;

    /// clap's own checks of every command, the deferred ones built too
    /// (and, in a debug build, that each command's words name its flags).
    #[test]
    fn every_command_is_well_formed() {
        Cli::command().debug_assert();
    }
}
