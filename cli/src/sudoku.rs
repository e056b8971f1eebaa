//! `dlx solve` and `dlx count`: every puzzle of every input, in order, in
//! any [`Format`] (chosen by name or detected), written in the input's
//! format, the one `--output` names, or as JSON Lines (`--json`,
//! docs/json.md), on one thread or several (`--threads`).
//!
//! # Pipeline
//!
//! A run is three steps joined by sequence numbers:
//!
//! * the reader (`Items`) opens the inputs in order, detects their
//!   formats and reads their cases, numbering them (a header error takes no
//!   case number); what it has to say about an input itself (cannot open,
//!   no format fits, `--verbose`) is an item of its own, in its place;
//! * the compute step (`compute`) turns one item into a `Done`:
//!   everything it prints (standard error lines, then standard output
//!   text), its exit status and its share of the `--stats` totals. It
//!   prints nothing itself and depends only on the item, so its result is
//!   the same on any thread;
//! * the writer (`Writer`) prints the results in sequence order and
//!   decides when the run stops (`--fail-fast`, a closed pipe).
//!
//! With one thread the three run inline, one item at a time. With `N > 1`
//! the reader runs on a thread of its own, `N` workers (each with its own
//! [`Solvers`]) compute, and the calling thread writes, reordering by
//! sequence number. Both paths call the same `serve` loop around
//! `compute`, so what is printed cannot differ between them.
//!
//! # Invariants
//!
//! * Output, standard error and exit code are byte for byte those of one
//!   thread, at any thread count (the `microseconds` of `--json` aside,
//!   which are measured, and the times of `--stats`, which sum the cases'
//!   search times over all threads).
//! * Cases are written in input order, one output per case (a solution or
//!   count), separated as the output format says; a case with no solution
//!   or that cannot be read writes what the output format can say about it
//!   (`# ...` lines for `line`, `grid` and `csv`, `NO SOLUTION` for
//!   `uva989`, `Case #x:` alone for `hdu5547`, nothing for the other judge
//!   formats, whose judges promise solvable input), and is always reported
//!   on standard error with the file and line.
//! * With `fail_fast` the run stops after the first item, in input order,
//!   that is not a success (no solution, malformed, over the budget, an
//!   unreadable input): nothing of a later item is printed, on either
//!   stream. `max_nodes` bounds the search of each case (UVa 989's
//!   smallest-solution probes included).
//! * With `part` (`--part K/N`), a run reads its inputs to count the
//!   cases and keeps only the items of its share (see `Span`): the N
//!   shares' outputs and standard errors, concatenated in K order, are
//!   one run's, `--stats` aside, and one run's exit code is the worst
//!   share's.
//! * Memory does not grow with the number of cases: at most [`WINDOW`]
//!   items per thread are between the reader and the writer (queued,
//!   being solved, or waiting for an earlier one to be written), and each
//!   thread keeps one puzzle's matrix at a time (see [`Solvers`]); only
//!   standard input under `part` is held whole, to be read twice.
//!
//! Exit codes: 0 all solved, 1 some puzzle has no (acceptable) solution,
//! 2 some input was malformed, unreadable, of an unknown format, or its
//! given solution (CSV) is wrong, 3 a search was cut by `max_nodes` before
//! it settled its puzzle, 130 `interrupt` was set (Ctrl-C).
//!
//! With `interrupt` set, every search under way stops at its next tick and
//! later ones at once; the writer writes the first interrupted case in
//! input order (a count as its lower bound) and ends the run there, so
//! what is printed is one run's output cut after that case. With
//! `progress`, `count` shows each case that runs past a second on a line
//! of standard error (`watch`), out of the way of what is written.

use std::collections::HashMap;
use std::io::{self, Read, Write};
use std::ops::{ControlFlow, Range};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

use serde::Serialize;

use super::{ExitStatus, Input, Part, is_broken_pipe};
use dlx_engine::cancel::SharedCancel;
use dlx_engine::dlx::deduce::Rules;
use dlx_engine::dlx::{Count, Outcome, SearchLimits, Stats};
use dlx_engine::format::{self, Alphabet, Case, Cases, Format, Head, InputError, Rule};
use dlx_engine::sudoku::verify::{check_solution, check_variant};
use dlx_engine::sudoku::{Grid, PuzzleError, Shape, SudokuSolver};
use dlx_engine::workers::spawn_scoped_up_to;

mod candidates;
mod picture;
mod rate;
mod watch;

pub use picture::{PDF, PDF_FILE, PDF_PER_PAGE, SVG, file_name};

pub use dlx_engine::sudoku::solvers::{SolverKind, Solvers};

pub use candidates::{Layout, pencil_marks};
use watch::Board;

/// Options shared by `solve` and `count`.
#[derive(Clone, Debug)]
pub struct Options {
    /// Box shape, when the cell count does not decide it.
    pub shape: Option<Shape>,
    /// Digit symbols.
    pub alphabet: Alphabet,
    /// Which solver.
    pub solver: SolverKind,
    /// Print statistics on standard error at the end.
    pub stats: bool,
    /// Input format name; `None` or `auto` detects it per input.
    pub format: Option<String>,
    /// Output format name; `None` writes in the input's format.
    pub output: Option<String>,
    /// Say on standard error which format was detected.
    pub verbose: bool,
    /// Stop at the first case that is not solved (no solution, malformed
    /// or over the budget) instead of going on with the next.
    pub fail_fast: bool,
    /// Stop each search after this many search nodes: a solve then
    /// reports no solution found within the budget, a count prints `N+`.
    pub max_nodes: Option<u64>,
    /// Threads that solve (0: one per core); the output is the same for
    /// any number.
    pub threads: usize,
    /// Write one JSON object per case and line (docs/json.md) instead of
    /// the output format; `output` is then ignored.
    pub json: bool,
    /// Run only this share of the cases: the K-th of N contiguous ranges
    /// ([`Part::range`]) of the cases of all inputs, so that the shares'
    /// outputs, concatenated in K order, are one run's. Cannot be combined
    /// with `fail_fast`.
    pub part: Option<Part>,
    /// Set by the command's Ctrl-C handler: the searches under way stop
    /// at their next tick, the first case they cut (in input order) is
    /// written with what it found (a count as its lower bound, `N+`), and
    /// the run ends there with [`ExitStatus::Interrupted`].
    pub interrupt: Option<Arc<AtomicBool>>,
    /// `count`: show a progress line on standard error (drawn only on a
    /// terminal) for each case whose search runs past a second.
    pub progress: bool,
    /// Pictures (`render`, or `solve` with `output` [`SVG`]): write each
    /// case's SVG document to this folder as [`file_name`] of its case
    /// number over the run, instead of the run's one picture to standard
    /// output.
    pub output_dir: Option<std::path::PathBuf>,
    /// `render`: gather the pictures into A4 pages of this many puzzles,
    /// their solutions on the pages after (`render::sheet`), written at
    /// the end of the run as `page-KKKK.svg` (or the one page to standard
    /// output).
    pub per_page: Option<usize>,
    /// `render --candidates`: draw each puzzle's true candidates as pencil
    /// marks in its empty cells.
    pub pencil_marks: bool,
    /// Pictures of solved puzzles (`solve --output svg`, `render
    /// --solve`): the solve is run and checked, but only the givens are
    /// drawn (the puzzle to print).
    pub givens_only: bool,
}

impl Options {
    /// Whether Ctrl-C has come ([`Options::interrupt`]).
    fn is_interrupted(&self) -> bool {
        self.interrupt
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
    }
}

impl Default for Options {
    fn default() -> Self {
        Self {
            shape: None,
            alphabet: Alphabet::default(),
            solver: SolverKind::default(),
            stats: false,
            format: None,
            output: None,
            verbose: false,
            fail_fast: false,
            max_nodes: None,
            threads: 1,
            json: false,
            part: None,
            interrupt: None,
            progress: false,
            output_dir: None,
            per_page: None,
            pencil_marks: false,
            givens_only: false,
        }
    }
}

/// What to do with each puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    /// Print a solution.
    Solve,
    /// Print the number of solutions, stopping at `limit`.
    Count {
        /// Stop counting here; the count is then a lower bound (`N+`).
        limit: u64,
    },
    /// Print a difficulty rating (`dlx rate`, docs/rating.md).
    Rate {
        /// The deductions to use and the guessing allowed.
        rules: Rules,
    },
    /// Draw each puzzle as read, without solving it (`dlx render`, an
    /// SVG document per case; `solve` with `--output svg` draws
    /// solutions).
    Render,
    /// Print each puzzle's true candidates (`dlx candidates`): the digits
    /// of each cell that some solution holds.
    Candidates {
        /// A pencil-mark grid or a Sukaku line.
        layout: Layout,
    },
}

impl Task {
    /// The number of solutions a count stops at (2 for a rating, which
    /// settles uniqueness).
    fn count_limit(self) -> u64 {
        match self {
            Task::Count { limit } => limit,
            Task::Solve | Task::Render => 1,
            Task::Rate { .. } | Task::Candidates { .. } => 2,
        }
    }
}

/// Totals for `--stats`.
#[derive(Default)]
struct Totals {
    puzzles: u64,
    solved: u64,
    stats: Stats,
    time: Duration,
}

impl std::ops::AddAssign for Totals {
    fn add_assign(&mut self, other: Self) {
        self.puzzles += other.puzzles;
        self.solved += other.solved;
        self.stats += other.stats;
        self.time += other.time;
    }
}

/// Looks a format name up, or says on `err` that there is none.
fn named(name: &str, err: &mut dyn Write) -> Option<&'static dyn Format> {
    let found = format::by_name(name);
    if found.is_none() {
        let _ = writeln!(
            err,
            "dlx: unknown format '{name}' (one of auto, {})",
            format::names().join(", ")
        );
    }
    found
}

/// Items in flight per solving thread, at most: read but not yet written.
/// Enough to keep every thread busy while one hard puzzle holds up the
/// writer, small enough to bound memory.
pub const WINDOW: usize = 256;

/// What every step of a run reads and nobody changes.
struct Context<'o> {
    task: Task,
    opts: &'o Options,
    format_opts: format::Options,
    /// The input format `--format` names, if any.
    fixed: Option<&'static dyn Format>,
    /// The output format `--output` names, if any.
    output: Option<&'static dyn Format>,
    /// `count` with `progress`: the progress line.
    board: Option<Arc<Board>>,
    /// Each case comes to a picture (`render`, `--output svg`), not text.
    pictures: bool,
}

/// One thing the reader found, in input order.
enum Item {
    /// Something said about an input itself: it cannot be opened or read,
    /// no format fits it, or (`--verbose`) which format was detected.
    Note {
        /// Lines for standard error.
        err: String,
        /// What it does to the exit status.
        status: ExitStatus,
    },
    /// One case of an input, readable or not.
    Case(Job),
}

impl Item {
    /// Whether the item takes a case number: a case, readable or not, but
    /// not a note or a header error.
    fn numbered(&self) -> bool {
        matches!(self, Item::Case(job) if takes_number(&job.case))
    }
}

/// Whether a case read takes a case number: every one but a header error.
fn takes_number(case: &Result<Case, InputError>) -> bool {
    !matches!(case, Err(e) if e.header)
}

/// A case to solve, with what is needed to write it.
struct Job {
    /// The input's name, for messages.
    name: Arc<str>,
    /// The input's format (its judge's rule).
    format: &'static dyn Format,
    /// The output format; `None` for JSON.
    writer: Option<&'static dyn Format>,
    /// The case number (header errors repeat the previous one).
    number: usize,
    /// The case number over all inputs of the run (1-based; header
    /// errors repeat the previous one), which names its picture.
    index: usize,
    /// The case, or why it could not be read.
    case: Result<Case, InputError>,
}

/// The input being read.
struct Current {
    name: Arc<str>,
    format: &'static dyn Format,
    writer: Option<&'static dyn Format>,
    cases: Cases<'static>,
    number: usize,
}

/// The reader: every item of every input, in order, read lazily (one case
/// at a time).
struct Items<'c> {
    ctx: &'c Context<'c>,
    inputs: std::slice::Iter<'c, Input>,
    current: Option<Current>,
    /// Cases numbered so far, over all inputs.
    index: usize,
}

impl<'c> Items<'c> {
    fn new(ctx: &'c Context<'c>, inputs: &'c [Input]) -> Self {
        Self {
            ctx,
            inputs: inputs.iter(),
            current: None,
            index: 0,
        }
    }

    /// Opens `input` and settles its format.
    fn open(&self, input: &Input) -> Opened {
        let name: Arc<str> = input.name().into();
        let reader = match input.open() {
            Ok(reader) => reader,
            Err(e) => return Opened::Failed(format!("dlx: {name}: {e}\n")),
        };
        let mut verbose = None;
        let (format, reader) = match self.ctx.fixed {
            Some(f) => (f, reader),
            None => {
                let (head, reader) = Head::peek(reader);
                if let (Some(e), None) = (&head.error, head.content().next()) {
                    return Opened::Failed(format!("dlx: {name}: cannot read: {e}\n"));
                }
                // No puzzles (blank, or only comment lines): nothing to do.
                if head.complete && head.content().all(|l| l.trim_start().starts_with('#')) {
                    return Opened::Empty;
                }
                let f = match format::detect(&head) {
                    Ok(f) => f,
                    Err(e) => return Opened::Failed(format!("dlx: {name}: {e}\n")),
                };
                if self.ctx.opts.verbose {
                    verbose = Some(format!("dlx: {name}: format {} (detected)\n", f.name()));
                }
                (f, reader)
            }
        };
        let writer = if self.ctx.opts.json {
            None
        } else {
            Some(self.ctx.output.unwrap_or(format))
        };
        let cases = format.read(reader, &self.ctx.format_opts);
        let current = Current {
            name,
            format,
            writer,
            cases,
            number: 0,
        };
        Opened::Read(current, verbose)
    }
}

/// An input, opened.
enum Opened {
    /// Its cases are to be read; with the `--verbose` line, if any.
    Read(Current, Option<String>),
    /// It has no puzzles (blank, or comment lines only).
    Empty,
    /// It cannot be read, for the reason given (a standard error line).
    Failed(String),
}

impl Iterator for Items<'_> {
    type Item = Item;

    fn next(&mut self) -> Option<Item> {
        loop {
            if let Some(cur) = &mut self.current {
                if let Some(case) = cur.cases.next() {
                    if takes_number(&case) {
                        cur.number += 1;
                        self.index += 1;
                    }
                    return Some(Item::Case(Job {
                        name: cur.name.clone(),
                        format: cur.format,
                        writer: cur.writer,
                        number: cur.number,
                        index: self.index,
                        case,
                    }));
                }
                self.current = None;
            }
            let input = self.inputs.next()?;
            match self.open(input) {
                Opened::Read(current, verbose) => {
                    self.current = Some(current);
                    if let Some(err) = verbose {
                        return Some(Item::Note {
                            err,
                            status: ExitStatus::Success,
                        });
                    }
                }
                Opened::Empty => {}
                Opened::Failed(err) => {
                    return Some(Item::Note {
                        err,
                        status: ExitStatus::BadInput,
                    });
                }
            }
        }
    }
}

/// The items of share `k` of `n` (`--part K/N`) of a run.
///
/// The cases of all inputs are numbered 0, 1, ... in reading order (notes
/// and header errors take no number), and the share takes the contiguous
/// range [`Part::range`] of them; an item without a number goes with the
/// next case, or with the last share if no case follows. So every item of
/// the run belongs to exactly one share, and the shares' items, in share
/// order, are the run's items in order: each item computes and prints as
/// in one run (its case number and line come from reading everything
/// before it), and the shares' standard outputs (and their standard
/// errors, `--stats` aside) concatenated in share order are those of one
/// run, byte for byte. The exit code of one run is the largest of the
/// shares'.
///
/// Finding the range takes a pass that reads (without solving) every
/// input to count the cases; standard input is therefore read into memory
/// first. No output format writes a header or a trailer, so the only text
/// that depends on earlier cases is the separator `dlx solve` writes
/// between two outputs: a share prints it before its first output when
/// some earlier case printed something, which [`Span::plan`] finds by
/// computing the earlier cases in order until one prints (usually the
/// first one does).
struct Span {
    /// The case numbers (0-based, over all inputs) of the share.
    cases: Range<usize>,
    /// Whether this is the last share.
    last: bool,
    /// Whether some item before the share prints to standard output.
    after_output: bool,
}

impl Span {
    /// Reads `inputs` to place share `part` in them.
    fn plan(ctx: &Context<'_>, inputs: &[Input], part: Part) -> Self {
        let total = Items::new(ctx, inputs).filter(Item::numbered).count();
        let cases = part.range(total);
        let after_output = ctx.task == Task::Solve
            && !ctx.opts.json
            && cases.start > 0
            && placed(Items::new(ctx, inputs))
                .take_while(|(before, _)| *before < cases.start)
                .any(|(_, item)| compute(item, ctx, &mut Solvers::new()).out.is_some());
        Span {
            cases,
            last: part.k == part.n,
            after_output,
        }
    }

    /// Whether the item with `before` numbered cases ahead of it belongs
    /// to the share.
    fn owns(&self, before: usize, item: &Item) -> bool {
        self.cases.contains(&before) || (self.last && before >= self.cases.end && !item.numbered())
    }
}

/// Each item with the number of numbered cases before it.
fn placed<'c>(items: Items<'c>) -> impl Iterator<Item = (usize, Item)> + 'c {
    let mut seen = 0;
    items.map(move |item| {
        let before = seen;
        seen += usize::from(item.numbered());
        (before, item)
    })
}

/// The items a run computes: all of them, or those of its share.
fn run_items<'c>(
    ctx: &'c Context<'c>,
    inputs: &'c [Input],
    span: Option<&'c Span>,
) -> Box<dyn Iterator<Item = Item> + 'c> {
    let items = Items::new(ctx, inputs);
    match span {
        None => Box::new(items),
        Some(span) => Box::new(
            placed(items)
                .filter(move |(before, item)| span.owns(*before, item))
                .map(|(_, item)| item),
        ),
    }
}

/// `inputs` with standard input read into memory, so that a share can
/// read it more than once; a second `-` reads nothing, as it would.
fn read_ahead(inputs: &[Input]) -> io::Result<Vec<Input>> {
    let mut stdin = Some(io::stdin());
    inputs
        .iter()
        .map(|input| match input {
            Input::Stdin => {
                let mut bytes = Vec::new();
                if let Some(stdin) = stdin.take() {
                    stdin.lock().read_to_end(&mut bytes)?;
                }
                Ok(Input::Bytes(input.name(), bytes.into()))
            }
            other => Ok(other.clone()),
        })
        .collect()
}

/// Everything one item comes to: what it prints and what it adds to the
/// run. Computed on any thread, printed by the [`Writer`] in input order.
#[derive(Default)]
struct Done {
    /// Lines for standard error, printed first.
    err: String,
    /// Text for standard output, if any.
    out: Option<String>,
    /// Printed before `out` when some output came before it.
    separator: &'static str,
    /// What the item does to the exit status.
    status: ExitStatus,
    /// Its share of the `--stats` totals.
    totals: Totals,
    /// When `out` is a picture: where it goes.
    picture: Option<picture::Target>,
}

/// The status of a case in `--json` (docs/json.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
enum Status {
    /// `solve`: a solution (that the judge accepts); `count` with
    /// `--limit 1`: at least one solution.
    Solved,
    /// `count`: exactly one solution.
    Unique,
    /// `count`: two or more.
    Multiple,
    /// No (acceptable) solution.
    NoSolution,
    /// The case could not be read or written, or its given solution is
    /// wrong.
    BadInput,
    /// `--max-nodes` stopped the search.
    Cut,
    /// Ctrl-C stopped the search.
    Interrupted,
}

/// The fields that open every JSON line of `solve`, `count` and `rate`:
/// where the case is, and the puzzle.
#[derive(Serialize)]
struct Where<'a> {
    case: usize,
    file: &'a str,
    line: usize,
    column: Option<usize>,
    puzzle: Option<String>,
}

/// The `puzzle` field of a JSON line: the puzzle as a line, or `null` when
/// it was not read or the alphabet has no symbols for its digits.
fn puzzle_text(alphabet: &Alphabet, puzzle: Option<&Grid>) -> Option<String> {
    puzzle
        .filter(|g| alphabet.covers(g.n()))
        .map(|g| alphabet.write_line(g))
}

/// One line of `--json`: the schema of docs/json.md, in its field order.
#[derive(Serialize)]
struct Record<'a> {
    #[serde(flatten)]
    at: Where<'a>,
    status: Status,
    count: Option<u128>,
    count_is_lower_bound: Option<bool>,
    solution: Option<String>,
    error: Option<String>,
    nodes: Option<u64>,
    updates: Option<u64>,
    microseconds: Option<u64>,
}

/// What one case comes to, before it is written in any format.
struct Verdict {
    status: Status,
    /// What the case does to the exit status.
    exit: ExitStatus,
    /// The puzzle, when it was read.
    puzzle: Option<Grid>,
    /// The solution to print.
    solution: Option<Grid>,
    /// `count`: what the search found.
    count: Option<Count>,
    /// The column an input error points at.
    column: Option<usize>,
    /// What standard error says about the case (after file and line).
    error: Option<String>,
    /// Search effort and time, when the case was searched.
    search: Option<(Stats, Duration)>,
    /// `solve` under [`Rule::Unique`]: there were several solutions.
    several: bool,
}

impl Verdict {
    fn bad(puzzle: Option<Grid>, column: Option<usize>, error: String) -> Self {
        Self {
            status: Status::BadInput,
            exit: ExitStatus::BadInput,
            puzzle,
            solution: None,
            count: None,
            column,
            error: Some(error),
            search: None,
            several: false,
        }
    }
}

/// The compute step: what `item` prints and adds to the run. Pure but for
/// the solvers' caches and the time measured.
fn compute(item: Item, ctx: &Context<'_>, solvers: &mut Solvers) -> Done {
    let job = match item {
        Item::Note { err, status } => {
            return Done {
                err,
                status,
                ..Done::default()
            };
        }
        Item::Case(job) => job,
    };
    match ctx.task {
        Task::Rate { rules } => return rate::compute(job, &rules, ctx, solvers.rater()),
        Task::Render => return picture::compute(job, ctx, solvers),
        Task::Candidates { layout } => return candidates::compute(job, layout, ctx, solvers),
        Task::Solve | Task::Count { .. } => {}
    }
    let Job {
        name,
        format,
        writer,
        number,
        index,
        case,
    } = job;
    let alphabet = &ctx.format_opts.alphabet;
    let (line, header, verdict, read) = match case {
        Err(e) => (
            e.line,
            e.header,
            Verdict::bad(None, e.column, e.message),
            None,
        ),
        Ok(case) => {
            let shape = case.grid.shape();
            // A picture checks its own alphabet (`picture::picture`).
            let check = (ctx.task == Task::Solve && !ctx.pictures) || writer.is_none();
            let why = if check {
                unwritable(writer, shape, alphabet)
            } else {
                None
            };
            let verdict = match why {
                Some(why) => Verdict::bad(Some(case.grid.clone()), None, why),
                None => {
                    let rule = match ctx.task {
                        Task::Solve => format.rule(),
                        Task::Count { .. }
                        | Task::Rate { .. }
                        | Task::Render
                        | Task::Candidates { .. } => Rule::Any,
                    };
                    let watch = ctx.board.as_ref().map(|board| {
                        let label = format!("{name}: line {}", case.line);
                        let watch = board.watch(number, label, ctx.opts.interrupt.clone());
                        Arc::new(watch) as SharedCancel
                    });
                    solve_case(ctx.task, rule, &case, ctx.opts, solvers, watch)
                }
            };
            (case.line, false, verdict, Some(case))
        }
    };
    let mut done = Done {
        status: verdict.exit,
        ..Done::default()
    };
    if let Some(error) = &verdict.error {
        done.err = error_line(&name, line, verdict.column, error);
    }
    if let Some((stats, time)) = verdict.search {
        done.totals = Totals {
            puzzles: 1,
            solved: u64::from(stats.solutions > 0),
            stats,
            time,
        };
    }
    if ctx.pictures {
        if let (Some(case), Some(solution)) = (&read, &verdict.solution) {
            picture::picture(
                &mut done,
                &name,
                index,
                case,
                Some(solution),
                None,
                None,
                ctx,
            );
        }
        return done;
    }
    done.out = match writer {
        Some(writer) => {
            if ctx.task == Task::Solve {
                done.separator = writer.separator();
            }
            let opts = &ctx.format_opts;
            match (&verdict.solution, &verdict.count, &verdict.puzzle) {
                (Some(solution), _, Some(puzzle)) => {
                    Some(writer.solution(number, puzzle, solution, opts))
                }
                (_, Some(count), _) => Some(writer.count(number, &format_count(count))),
                (_, _, Some(puzzle)) if verdict.several => {
                    writer.several_solutions(number, puzzle, opts)
                }
                (_, _, Some(puzzle))
                    if matches!(verdict.status, Status::Cut | Status::Interrupted) =>
                {
                    writer.unsettled(number, puzzle, opts)
                }
                (_, _, Some(puzzle)) if verdict.status != Status::BadInput => {
                    writer.no_solution(number, puzzle, opts)
                }
                _ => writer.bad_input(number, &name, line),
            }
        }
        // A header error is about the input, not a case: no record.
        None if header => None,
        None => Some(json_line(&verdict, number, &name, line, alphabet)),
    };
    done
}

/// The standard error line about a case at `line` (and `column`) of input
/// `name`.
fn error_line(name: &str, line: usize, column: Option<usize>, error: &str) -> String {
    match column {
        Some(c) => format!("dlx: {name}: line {line}, column {c}: {error}\n"),
        None => format!("dlx: {name}: line {line}: {error}\n"),
    }
}

/// The `--json` line of a case.
fn json_line(v: &Verdict, number: usize, name: &str, line: usize, alphabet: &Alphabet) -> String {
    let record = Record {
        at: Where {
            case: number,
            file: name,
            line,
            column: v.column,
            puzzle: puzzle_text(alphabet, v.puzzle.as_ref()),
        },
        status: v.status,
        count: v.count.map(|c| c.solutions),
        count_is_lower_bound: v.count.map(|c| !c.is_exact()),
        solution: v.solution.as_ref().map(|g| alphabet.write_line(g)),
        error: v.error.clone(),
        nodes: v.search.map(|(s, _)| s.nodes),
        updates: v.search.map(|(s, _)| s.updates),
        microseconds: v
            .search
            .map(|(_, t)| u64::try_from(t.as_micros()).unwrap_or(u64::MAX)),
    };
    let mut text = serde_json::to_string(&record).unwrap_or_default();
    text.push('\n');
    text
}

/// Computes the items of each chunk one after the other with this
/// thread's own solvers, handing the chunk's results (with their tags, in
/// order) to `sink` until it says stop. The one loop both the
/// single-threaded run (chunks of one) and every worker use.
fn serve<T, C, B>(
    chunks: impl Iterator<Item = C>,
    ctx: &Context<'_>,
    mut sink: impl FnMut(Vec<(T, Done)>) -> ControlFlow<B>,
) -> ControlFlow<B>
where
    C: IntoIterator<Item = (T, Item)>,
{
    let mut solvers = match &ctx.opts.interrupt {
        Some(flag) => Solvers::with_cancel(flag.clone()),
        None => Solvers::new(),
    };
    for chunk in chunks {
        let mut results = Vec::new();
        for (tag, item) in chunk {
            results.push((tag, compute(item, ctx, &mut solvers)));
        }
        sink(results)?;
    }
    ControlFlow::Continue(())
}

/// Why the writer stopped the run early.
enum End {
    /// `--fail-fast` (an item was not a success) or Ctrl-C (an item was
    /// interrupted): finish normally.
    Stop,
    /// Standard output failed: end at once with this status.
    Output(ExitStatus),
}

/// Prints results in order and keeps the run's status and totals.
struct Writer<'w> {
    out: &'w mut dyn Write,
    err: &'w mut dyn Write,
    fail_fast: bool,
    status: ExitStatus,
    totals: Totals,
    /// Outputs written so far (separators go between them).
    written: usize,
    /// The progress line, kept out of the way of what is written.
    board: Option<Arc<Board>>,
    /// `--output-dir`: where pictures go.
    dir: Option<&'w std::path::Path>,
    /// `--per-page`: the pictures gathered for the sheet.
    sheet: Option<picture::Sheet>,
}

impl Writer<'_> {
    /// Prints `done` (standard error first); `Break` ends the run.
    fn write(&mut self, done: Done) -> ControlFlow<End> {
        match self.board.clone() {
            Some(board) => board.suspend(|| self.print(done)),
            None => self.print(done),
        }
    }

    fn print(&mut self, mut done: Done) -> ControlFlow<End> {
        let _ = self.err.write_all(done.err.as_bytes());
        self.status = self.status.max(done.status);
        self.totals += done.totals;
        if let Some(sheet) = &mut self.sheet
            && let Some(item) = done.picture.as_mut().and_then(|t| t.item.take())
        {
            sheet.items.push(*item);
        } else if let (Some(text), Some(target)) = (&done.out, &done.picture)
            && (self.dir.is_some() || self.written > 0)
        {
            // A picture to its file, or one more than standard output holds.
            let failed = match self.dir {
                Some(dir) => picture::write(dir, &target.file, text).err(),
                None => Some(picture::refused(target)),
            };
            if let Some(message) = failed {
                let _ = self.err.write_all(message.as_bytes());
                self.status = self.status.max(ExitStatus::BadInput);
            }
        } else if let Some(text) = done.out {
            let separator = if self.written > 0 { done.separator } else { "" };
            self.written += 1;
            let result = self
                .out
                .write_all(separator.as_bytes())
                .and_then(|()| self.out.write_all(text.as_bytes()));
            if let Err(e) = result {
                return ControlFlow::Break(End::Output(self.output_failed(&e)));
            }
        }
        if self.fail_fast && self.status > ExitStatus::Success
            || done.status == ExitStatus::Interrupted
        {
            return ControlFlow::Break(End::Stop);
        }
        ControlFlow::Continue(())
    }

    /// The status to end with when standard output fails: the status so
    /// far when the reader went away, an error otherwise.
    fn output_failed(&mut self, e: &io::Error) -> ExitStatus {
        if is_broken_pipe(e) {
            self.status
        } else {
            let _ = writeln!(self.err, "dlx: cannot write output: {e}");
            ExitStatus::BadInput
        }
    }
}

/// Runs `task` over every puzzle of `inputs`.
pub fn run(
    task: Task,
    inputs: &[Input],
    opts: &Options,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> ExitStatus {
    let fixed = match opts.format.as_deref() {
        None | Some("auto") => None,
        Some(name) => match named(name, err) {
            Some(f) => Some(f),
            None => return ExitStatus::BadInput,
        },
    };
    let pdf = opts.output.as_deref() == Some(PDF) && !opts.json;
    let pictures = task == Task::Render || opts.output.as_deref() == Some(SVG) && !opts.json || pdf;
    if pictures && matches!(task, Task::Count { .. }) {
        let _ = writeln!(
            err,
            "dlx: --output svg draws solutions and puzzles, not counts: use it with dlx solve, rate, candidates or generate (or dlx render)"
        );
        return ExitStatus::BadInput;
    }
    if opts.per_page.is_some() && !pictures {
        let _ = writeln!(
            err,
            "dlx: --per-page gathers pictures onto pages: use it with --output svg (or dlx render)"
        );
        return ExitStatus::BadInput;
    }
    if opts.givens_only && !pictures {
        let _ = writeln!(
            err,
            "dlx: --givens-only draws the puzzle of a picture: use it with --output svg (or dlx render --solve)"
        );
        return ExitStatus::BadInput;
    }
    if let Some(dir) = &opts.output_dir {
        if !pictures {
            let _ = writeln!(
                err,
                "dlx: --output-dir holds pictures: use it with --output svg (or dlx render)"
            );
            return ExitStatus::BadInput;
        }
        if let Err(e) = picture::make_dir(dir) {
            let _ = writeln!(err, "dlx: cannot make the folder {}: {e}", dir.display());
            return ExitStatus::BadInput;
        }
    }
    let output = match opts.output.as_deref() {
        Some(SVG | PDF) => None,
        Some(name) if !opts.json => match named(name, err) {
            Some(f) => Some(f),
            None => return ExitStatus::BadInput,
        },
        _ => None,
    };
    let ctx = Context {
        task,
        opts,
        format_opts: format::Options {
            shape: opts.shape,
            alphabet: opts.alphabet.clone(),
        },
        fixed,
        output,
        board: (opts.progress && matches!(task, Task::Count { .. }))
            .then(|| Arc::new(Board::new())),
        pictures,
    };
    let read;
    let (inputs, span) = match opts.part {
        None => (inputs, None),
        Some(_) if opts.fail_fast => {
            let _ = writeln!(
                err,
                "dlx: --part cannot be combined with --fail-fast: a share cannot tell whether an earlier share stopped"
            );
            return ExitStatus::BadInput;
        }
        Some(part) => {
            read = match read_ahead(inputs) {
                Ok(read) => read,
                Err(e) => {
                    let _ = writeln!(err, "dlx: <stdin>: cannot read: {e}");
                    return ExitStatus::BadInput;
                }
            };
            let span = Span::plan(&ctx, &read, part);
            (&read[..], Some(span))
        }
    };
    let threads = super::thread_count(opts.threads);
    let mut writer = Writer {
        out,
        err,
        fail_fast: opts.fail_fast,
        status: ExitStatus::Success,
        totals: Totals::default(),
        written: usize::from(span.as_ref().is_some_and(|s| s.after_output)),
        board: ctx.board.clone(),
        dir: opts.output_dir.as_deref(),
        sheet: (opts.per_page.is_some() && pictures || pdf).then(|| picture::Sheet {
            per_page: opts.per_page,
            pdf,
            items: Vec::new(),
        }),
    };
    let threaded = match threads {
        0 | 1 => None,
        _ => run_threads(&ctx, inputs, span.as_ref(), threads, &mut writer),
    };
    // One thread, or no thread could be started for the run.
    let flow = threaded.unwrap_or_else(|| {
        let items = run_items(&ctx, inputs, span.as_ref()).map(|item| std::iter::once(((), item)));
        serve(items, &ctx, |results| {
            results
                .into_iter()
                .try_for_each(|((), done)| writer.write(done))
        })
    });
    if let ControlFlow::Break(End::Output(status)) = flow {
        return status;
    }
    if let Some(sheet) = writer.sheet.take() {
        let status = sheet.finish(
            &ctx.format_opts.alphabet,
            writer.dir,
            writer.out,
            writer.err,
        );
        writer.status = writer.status.max(status);
    }
    if let Err(e) = writer.out.flush()
        && !is_broken_pipe(&e)
    {
        return writer.output_failed(&e);
    }
    if opts.stats {
        print_stats(writer.err, &writer.totals);
    }
    writer.status
}

/// The most items a worker takes from the queue at once (those already
/// there; it never waits for more): fewer wake-ups than one at a time,
/// and little imbalance at the end of the input.
const GRAB: usize = 8;

/// The run on `threads` workers: the reader on a thread of its own, the
/// workers computing, and this thread writing in sequence order. Credits
/// bound the items between reader and writer to [`WINDOW`] per worker;
/// when the writer stops, the reader and the workers stop at their next
/// item (a search under way runs to its end).
///
/// The workers start first, then the reader, which alone takes from the
/// input: when the system refuses a thread, the run goes on with the
/// workers that started, and `None` (nothing read yet, nothing written)
/// when no worker or no reader could start, for the caller to run on its
/// own thread. Either way the output is the same as on any thread count.
fn run_threads(
    ctx: &Context<'_>,
    inputs: &[Input],
    span: Option<&Span>,
    threads: usize,
    writer: &mut Writer<'_>,
) -> Option<ControlFlow<End>> {
    let window = WINDOW * threads;
    let (job_tx, job_rx) = mpsc::sync_channel::<(u64, Item)>(window);
    let job_rx = Mutex::new(job_rx);
    let (done_tx, done_rx) = mpsc::channel::<Vec<(u64, Done)>>();
    // Each message returns that many credits: never more than `window`
    // outstanding, so sending never blocks.
    let (credit_tx, credit_rx) = mpsc::sync_channel::<usize>(window);
    let stop = AtomicBool::new(false);
    let stopped = || stop.load(Ordering::Relaxed);
    std::thread::scope(|scope| {
        let job_rx = &job_rx;
        let (workers, _) = spawn_scoped_up_to(scope, threads, |_| {
            let done_tx = done_tx.clone();
            move || {
                let chunks = std::iter::from_fn(|| {
                    if stopped() {
                        return None;
                    }
                    let queue = job_rx.lock().ok()?;
                    let mut chunk = vec![queue.recv().ok()?];
                    chunk.extend(queue.try_iter().take(GRAB - 1));
                    Some(chunk)
                });
                serve(chunks, ctx, |results| match done_tx.send(results) {
                    Ok(()) => ControlFlow::Continue(()),
                    Err(_) => ControlFlow::Break(()),
                })
            }
        });
        drop(done_tx);
        // With no worker, the queue's sender is dropped here, unused.
        if workers.is_empty() {
            return None;
        }
        let reader = std::thread::Builder::new().spawn_scoped(scope, move || {
            let mut items = run_items(ctx, inputs, span);
            let mut credits = window;
            for seq in 0u64.. {
                while credits == 0 {
                    match credit_rx.recv() {
                        Ok(more) => credits += more,
                        Err(_) => return,
                    }
                }
                credits -= 1;
                if stopped() {
                    return;
                }
                let Some(item) = items.next() else { return };
                if job_tx.send((seq, item)).is_err() {
                    return;
                }
            }
        });
        // A refused reader drops the queue's sender unused: the workers
        // find the queue closed and end, having read nothing.
        reader.ok()?;
        let flow = write_in_order(done_rx, writer, &credit_tx);
        stop.store(true, Ordering::Relaxed);
        drop(credit_tx);
        Some(flow)
    })
}

/// Writes the results as they come in, in sequence order, holding back
/// those that arrive early (at most the window), and gives the reader a
/// credit back for each one written.
fn write_in_order(
    results: mpsc::Receiver<Vec<(u64, Done)>>,
    writer: &mut Writer<'_>,
    credits: &mpsc::SyncSender<usize>,
) -> ControlFlow<End> {
    let mut early = HashMap::new();
    let mut next = 0u64;
    for chunk in results {
        early.extend(chunk);
        let first = next;
        while let Some(done) = early.remove(&next) {
            next += 1;
            writer.write(done)?;
        }
        if next > first {
            let _ = credits.send((next - first) as usize);
        }
    }
    ControlFlow::Continue(())
}

/// Why `writer` cannot write a grid of `shape` (checked before solving,
/// so an unwritable case is reported as such, never printed garbled);
/// `None` for JSON, which writes grids as lines of the alphabet's symbols.
fn unwritable(writer: Option<&dyn Format>, shape: Shape, alphabet: &Alphabet) -> Option<String> {
    let n = shape.n();
    let name = writer.map_or("JSON", |w| w.name());
    if writer.is_some_and(|w| !w.holds(shape)) {
        Some(format!("the {name} format cannot hold a {n}x{n} grid"))
    } else if writer.is_none_or(|w| w.uses_alphabet()) && !alphabet.covers(n) {
        Some(format!(
            "the alphabet has no symbols for {n} digits, so the {name} format cannot write this grid"
        ))
    } else {
        None
    }
}

/// Searches `case` as `task` and `rule` say, within `opts.max_nodes`.
fn solve_case(
    task: Task,
    rule: Rule,
    case: &Case,
    opts: &Options,
    solvers: &mut Solvers,
    watch: Option<SharedCancel>,
) -> Verdict {
    // Cloned only for a watched case, to be put back after it.
    let usual = if watch.is_some() {
        solvers.cancel().cloned()
    } else {
        None
    };
    let solver = match solvers.for_rules(opts.solver, case.grid.shape(), case.variant.as_deref()) {
        Ok(solver) => solver,
        Err(e) => return Verdict::bad(Some(case.grid.clone()), None, e.to_string()),
    };
    let watched = watch.is_some();
    if watched {
        solver.set_cancel(watch);
    }
    let started = Instant::now();
    let max_nodes = opts.max_nodes.unwrap_or(u64::MAX);
    let limits = |max_solutions| SearchLimits {
        max_solutions,
        max_nodes,
    };
    let result = match task {
        Task::Solve => solve_one(
            solver,
            &case.grid,
            limits(if rule == Rule::Unique { 2 } else { 1 }),
        ),
        // `rate`, `render` and `candidates` never search here (see
        // `rate::compute`, `picture::compute`, `candidates::compute`);
        // were `rate` to, it would count to 2.
        Task::Count { .. } | Task::Rate { .. } | Task::Render | Task::Candidates { .. } => solver
            .search(&case.grid, limits(task.count_limit()), None)
            .map(|report| {
                let count = Count {
                    solutions: report.stats.solutions,
                    outcome: report.outcome,
                    stats: report.stats,
                };
                (None, count)
            }),
    };
    let result = match (rule, result) {
        (Rule::Smallest, Ok((Some(first), count))) => {
            let left = max_nodes.saturating_sub(count.stats.nodes);
            match smallest(solver, &case.grid, first, left) {
                Some(best) => Ok((Some(best), count)),
                // The budget ran out, or Ctrl-C came, before the smallest
                // was settled.
                None => Ok((
                    None,
                    Count {
                        outcome: if opts.is_interrupted() {
                            Outcome::Stopped
                        } else {
                            Outcome::NodeLimit
                        },
                        ..count
                    },
                )),
            }
        }
        (_, r) => r,
    };
    if watched {
        // Drops the watch, which takes the case off the progress line.
        solver.set_cancel(usual);
    }
    let time = started.elapsed();
    let mut verdict = Verdict {
        status: Status::NoSolution,
        exit: ExitStatus::NoSolution,
        puzzle: Some(case.grid.clone()),
        solution: None,
        count: None,
        column: None,
        error: None,
        search: None,
        several: false,
    };
    let (solution, count) = match result {
        Err(e @ (PuzzleError::Conflict(_) | PuzzleError::Cage { .. })) => {
            verdict.search = Some((Stats::default(), time));
            verdict.error = Some(format!("no solution: {e}"));
            if let Task::Count { .. } = task {
                verdict.count = Some(Count {
                    solutions: 0,
                    outcome: Outcome::Exhausted,
                    stats: Stats::default(),
                });
            }
            return verdict;
        }
        Err(e) => {
            // Solvers are chosen by shape and rules, so only a matrix too
            // large for the engine comes here; say so rather than panic.
            return Verdict::bad(Some(case.grid.clone()), None, e.to_string());
        }
        Ok(found) => found,
    };
    verdict.search = Some((count.stats, time));
    let cut = count.outcome == Outcome::NodeLimit;
    let stopped = count.outcome == Outcome::Stopped;
    let n = count.solutions;
    let (status, error) = match task {
        // `rate`, `render` and `candidates` never search here.
        Task::Count { .. } | Task::Rate { .. } | Task::Render | Task::Candidates { .. } => {
            verdict.count = Some(count);
            let status = match n {
                _ if stopped => Status::Interrupted,
                _ if cut => Status::Cut,
                0 => Status::NoSolution,
                1 if count.is_exact() => Status::Unique,
                1 => Status::Solved,
                _ => Status::Multiple,
            };
            let error = if stopped {
                Some(format!(
                    "interrupted (Ctrl-C); {} is a lower bound",
                    format_count(&count)
                ))
            } else {
                cut.then(|| {
                    format!(
                        "the count stopped at the node budget (--max-nodes); {} is a lower bound",
                        format_count(&count)
                    )
                })
            };
            (status, error)
        }
        Task::Solve => match solution {
            None if stopped => (
                Status::Interrupted,
                Some("interrupted (Ctrl-C) before the search settled the puzzle".into()),
            ),
            _ if rule == Rule::Unique && n == 1 && stopped => (
                Status::Interrupted,
                Some(
                    "interrupted (Ctrl-C) before uniqueness, which this judge requires, was settled"
                        .into(),
                ),
            ),
            None if cut => (
                Status::Cut,
                if n > 0 {
                    format!(
                        "no solution: the smallest solution, which this judge requires, not settled within {max_nodes} search nodes (--max-nodes)"
                    )
                } else {
                    format!("no solution found within {max_nodes} search nodes (--max-nodes)")
                }
                .into(),
            ),
            _ if rule == Rule::Unique && n == 1 && cut => (
                Status::Cut,
                Some(format!(
                    "no solution: uniqueness, which this judge requires, not settled within {max_nodes} search nodes (--max-nodes)"
                )),
            ),
            _ if rule == Rule::Unique && n > 1 => {
                verdict.several = true;
                (
                    Status::NoSolution,
                    Some("no solution: several solutions, which this judge counts as none".into()),
                )
            }
            Some(grid) => {
                verdict.solution = Some(grid);
                (Status::Solved, None)
            }
            None => (Status::NoSolution, Some("no solution".into())),
        },
    };
    verdict.status = status;
    verdict.error = error;
    verdict.exit = match status {
        Status::Solved | Status::Unique | Status::Multiple => ExitStatus::Success,
        Status::Cut if task != Task::Solve && n > 0 => ExitStatus::Success,
        Status::Cut => ExitStatus::Unsettled,
        Status::Interrupted => ExitStatus::Interrupted,
        _ => ExitStatus::NoSolution,
    };
    if let (Some(expected), Some(_)) = (&case.expected, &verdict.solution)
        && let Err(e) = match &case.variant {
            Some(variant) => check_variant(variant, &case.grid, expected),
            None => check_solution(&case.grid, expected),
        }
    {
        verdict.status = Status::BadInput;
        verdict.exit = ExitStatus::BadInput;
        verdict.error = Some(format!("the given solution is wrong: {e}"));
    }
    verdict
}

/// The lexicographically smallest solution (cells in reading order),
/// starting from any solution `first`: each empty cell in turn gets the
/// smallest digit that still leaves a solution, given the cells before it.
/// The probes share a budget of `max_nodes` search nodes in all, so the
/// whole case stays within `--max-nodes`; `None` if it runs out first.
fn smallest(
    solver: &mut dyn SudokuSolver,
    puzzle: &Grid,
    first: Grid,
    mut max_nodes: u64,
) -> Option<Grid> {
    let n = puzzle.n();
    let mut best = first;
    let mut prefix = puzzle.clone();
    for (i, &given) in puzzle.cells().iter().enumerate() {
        let (r, c) = (i / n, i % n);
        if given == 0 {
            for d in 1..best.get(r, c) {
                prefix.set(r, c, d);
                let limits = SearchLimits {
                    max_solutions: 1,
                    max_nodes,
                };
                // A digit that clashes with the cells before it is no
                // candidate (Err); otherwise the search says.
                if let Ok((better, count)) = solve_one(solver, &prefix, limits) {
                    max_nodes = max_nodes.saturating_sub(count.stats.nodes);
                    if let Some(better) = better {
                        best = better;
                        break;
                    }
                    if count.outcome == Outcome::NodeLimit {
                        return None;
                    }
                }
            }
            prefix.set(r, c, best.get(r, c));
        }
    }
    Some(best)
}

/// Finds one solution, searching on to `limits.max_solutions` solutions (2
/// checks uniqueness), keeping the search statistics.
fn solve_one(
    solver: &mut dyn SudokuSolver,
    puzzle: &Grid,
    limits: SearchLimits,
) -> Result<(Option<Grid>, Count), PuzzleError> {
    let mut found = None;
    let report = solver.search(
        puzzle,
        limits,
        Some(&mut |g: &Grid| {
            found.get_or_insert_with(|| g.clone());
            std::ops::ControlFlow::Continue(())
        }),
    )?;
    let count = Count {
        solutions: report.stats.solutions,
        outcome: report.outcome,
        stats: report.stats,
    };
    Ok((found, count))
}

/// A count as printed: `N`, or `N+` when the search stopped at a limit.
pub fn format_count(count: &Count) -> String {
    if count.is_exact() {
        count.solutions.to_string()
    } else {
        format!("{}+", count.solutions)
    }
}

fn print_stats(err: &mut dyn Write, t: &Totals) {
    let secs = t.time.as_secs_f64();
    let rate = if secs > 0.0 {
        t.puzzles as f64 / secs
    } else {
        0.0
    };
    let _ = writeln!(
        err,
        "stats: {} puzzles, {} with a solution; {} search nodes, {} updates; {:.3} ms solving ({:.0} puzzles/s)",
        t.puzzles,
        t.solved,
        t.stats.nodes,
        t.stats.updates,
        secs * 1e3,
        rate
    );
}

/// Standard output, buffered; flushed after every line when standard input
/// or standard output is a terminal, so that a person typing puzzles, or
/// watching a slow batch, sees each answer at once.
pub fn stdout() -> Box<dyn Write> {
    use std::io::IsTerminal;
    if io::stdin().is_terminal() || io::stdout().is_terminal() {
        Box::new(io::LineWriter::new(io::stdout()))
    } else {
        Box::new(io::BufWriter::with_capacity(1 << 16, io::stdout()))
    }
}
