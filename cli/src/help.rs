//! The exit codes each command's `--help` lists after its options (the
//! same words as README and the docs).

pub(super) const EXIT_CODES: &str = "\
Exit codes:
  0  every puzzle was solved (or counted)
  1  some puzzle has no solution
  2  some input was malformed or could not be read
  3  some search was stopped by --max-nodes before it settled its puzzle
     (written '# not settled: PUZZLE'; a count that found solutions
     prints 'N+' and exits 0)
  130  Ctrl-C stopped the run (solve, count): the case under way is
       written as far as it got (a count as 'N+', a lower bound), nothing
       after it

A closed output pipe (dlx solve big.txt | head) ends the run quietly.";

pub(super) const COVER_EXIT_CODES: &str = "\
Exit codes: 0 a solution was found (or the count is not 0), 1 no solution \
(none found within the limits, if a limit was given), 2 bad input or \
arguments. A closed standard output (dlx cover --all | head) ends quietly \
with 0.";

pub(super) const GENERATE_EXIT_CODES: &str = "\
Exit codes:
  0  every puzzle was made
  1  a puzzle was not made: no try reached --clues or --difficulty within
     --tries, or --max-nodes or --timeout stopped it (the puzzles before
     it are written)
  2  bad arguments (a box shape, an output format that cannot hold the
     size or the shape, rules that admit no grid)";

pub(super) const PROBLEM_EXIT_CODES: &str = "\
Exit codes:
  0  the problem was written
  2  bad arguments (a board too small or too large for the problem)";

pub(super) const RENDER_EXIT_CODES: &str = "\
Exit codes:
  0  every puzzle was drawn
  1  --solve: some puzzle has no solution (it is not drawn)
  2  some input was malformed or could not be read, a picture could not be
     written, a second picture (or a sheet's second page) had no
     --output-dir to go to, or a sheet (--per-page, --output pdf) had no
     case to hold because the input held none (no file is written; a
     sheet whose cases all failed keeps their code)
  130  Ctrl-C stopped the run";

pub(super) const CANDIDATES_EXIT_CODES: &str = "\
Exit codes:
  0  every puzzle's candidates were printed
  1  some puzzle has no solution
  2  some input was malformed or could not be read
  3  --max-nodes ran out before some puzzle's candidates were settled
  130  Ctrl-C stopped the run
A closed output pipe (dlx candidates big.txt | head) ends the run quietly.";

pub(super) const RATE_EXIT_CODES: &str = "\
Exit codes:
  0  every puzzle was rated
  1  some puzzle has no solution, more than one, or ran out of --max-guesses
     (with --scale se: or its explained path stalls, beyond the ladder)
  2  some input was malformed or could not be read
A closed output pipe (dlx rate big.txt | head) ends the run quietly.";

pub(super) const EXPLAIN_EXIT_CODES: &str = "\
Exit codes:
  0  every puzzle was explained (solved, stalled or stopped by --max-steps)
  1  some puzzle has no solution or more than one (explained as far as
     logic goes, then said so)
  2  some input was malformed or could not be read, or has setters'
     constraints (houses and killer cages only)
  3  some puzzle was not explained within --timeout
A closed output pipe (dlx explain big.txt | head) ends the run quietly.";

/// The help of the puzzle files, as `dlx COMMAND` takes them (`VERB` as
/// that puzzle).
macro_rules! files {
    ($command:literal, $verb:literal) => {
        concat!(
            "Puzzle files; standard input when none is given or for '-'. An argument that is no \
             existing file but reads as one puzzle line (dlx ",
            $command,
            " 4.....8.5.3...) is ",
            $verb,
            " as that puzzle"
        )
    };
}

/// `dlx solve`'s words for the shared flags (`args::Words`) it says in
/// its own.
pub(super) const SOLVE_WORDS: &[(&str, &str)] = &[(
    "per_page",
    "With --output svg: a printable sheet, the puzzles K to an A4 page (givens only, numbered), \
     then their solutions, written at the end as DIR/page-KKKK.svg; with --output pdf, K a page \
     of the PDF (six by default)",
)];

/// `dlx render`'s words for the shared flags.
pub(super) const RENDER_WORDS: &[(&str, &str)] = &[
    ("files", files!("render", "drawn")),
    (
        "alphabet",
        "Symbols of the digits 1, 2, ... in order, e.g. 0123456789ABCDEF; the pictures write \
         digits with them",
    ),
    (
        "output_dir",
        "Write each case's picture to DIR/case-KKKK.svg (K the case's number over all inputs; DIR \
         is made if missing) instead of the one picture standard output holds; with --output pdf, \
         the document to DIR/sheet.pdf",
    ),
    (
        "per_page",
        "A printable sheet: the puzzles K to an A4 page (givens only, numbered), then with --solve \
         their solutions, twelve to a page; written at the end as DIR/page-0001.svg, ... with \
         --output-dir, or the one page to standard output (with --output pdf: K a page of the \
         PDF, six by default)",
    ),
    ("fail_fast", "Stop at the first puzzle that is not drawn"),
    (
        "threads",
        "Draw (and solve) on N threads (0: one per core; at most 256); the pictures are those of \
         one thread, byte for byte",
    ),
];

/// `dlx candidates`' words for the shared flags.
pub(super) const CANDIDATES_WORDS: &[(&str, &str)] = &[
    ("files", files!("candidates", "taken")),
    (
        "fail_fast",
        "Stop at the first puzzle whose candidates are not printed",
    ),
    (
        "threads",
        "Work on N threads (0: one per core; at most 256), a puzzle per thread; the output is \
         that of one thread, byte for byte",
    ),
    (
        "part",
        "Work only on share K of N (K = 1..N): the K-th of N contiguous ranges of the cases of \
         all inputs; the shares' outputs, concatenated in K order, are the output of one run, \
         byte for byte",
    ),
];

/// `dlx rate`'s words for the shared flags.
pub(super) const RATE_WORDS: &[(&str, &str)] = &[
    ("files", files!("rate", "read")),
    (
        "verbose",
        "Say on standard error which format auto-detection chose",
    ),
    ("fail_fast", "Stop at the first puzzle that is not rated"),
    (
        "threads",
        "Rate on N threads (0: one per core; at most 256); the output is that of one thread, byte \
         for byte",
    ),
    (
        "part",
        "Rate only share K of N (K = 1..N): the K-th of N contiguous ranges of the cases of all \
         inputs; the shares' outputs, concatenated in K order, are the output of one run, byte \
         for byte",
    ),
];

/// `dlx explain`'s words for the shared flags.
pub(super) const EXPLAIN_WORDS: &[(&str, &str)] = &[
    ("files", files!("rate", "read")),
    (
        "verbose",
        "Say on standard error which format auto-detection chose",
    ),
    (
        "fail_fast",
        "Stop at the first puzzle that is not explained",
    ),
    (
        "threads",
        "Explain on N threads (0: one per core; at most 256); the output is that of one thread, \
         byte for byte",
    ),
    (
        "part",
        "Explain only share K of N (K = 1..N) of the cases of all inputs; the shares' outputs, \
         concatenated in K order, are the output of one run, byte for byte",
    ),
    (
        "json",
        "Write one JSON object per case and line (JSON Lines): case, file, line, column, puzzle, \
         status, solutions, ending, rating, steps, error (see docs/rating.md)",
    ),
    (
        "output",
        "How each path is written: text, a step a line; svg, each puzzle's last step explained \
         drawn on its candidates (the pattern ringed blue, a placed digit green, removals red and \
         struck through; with --hint the next step, with --max-steps N step N), its line under \
         the grid (see --output-dir, --per-page, docs/render.md); pdf, those pictures on the A4 \
         pages of one PDF document",
    ),
];
