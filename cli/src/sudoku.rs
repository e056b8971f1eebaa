//! `dlx solve` and `dlx count`: every puzzle of every input, in order, in
//! any [`Format`] (chosen by name or detected), written in the input's
//! format, the one `--output` names, or as JSON Lines (`--json`,
//! docs/json.md), on one thread or several (`--threads`).
//!
//! # Pipeline
//!
//! A run is three steps joined by sequence numbers:
//!
//! * the reader (`Items`, in `read`) opens the inputs in order, detects their
//!   formats and reads their cases, numbering them (a header error takes no
//!   case number); what it has to say about an input itself (cannot open,
//!   no format fits, `--verbose`) is an item of its own, in its place;
//! * the compute step (`compute`; the search and its judging in `judge`,
//!   the `--json` records in `record`) turns one item into a `Done`:
//!   everything it prints (standard error lines, then standard output
//!   text), its exit status and its share of the `--stats` totals. It
//!   prints nothing itself and depends only on the item, so its result is
//!   the same on any thread;
//! * the writer (`Writer`, in `write`) prints the results in sequence order and
//!   decides when the run stops (`--fail-fast`, a closed pipe).
//!
//! The three run on the library's batch pipeline
//! ([`dlx_engine::dlx::Batch`], called in `pipeline`): with one thread
//! inline, one item at a time; with `N > 1` the reader runs on a thread of
//! its own, `N` workers (each with its own [`Solvers`]) compute, and the
//! calling thread writes, in input order. Both paths call the same
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

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use super::{ExitStatus, Input, Part, is_broken_pipe};
use dlx_engine::dlx::SharedCancel;
use dlx_engine::dlx::deduce::Rules;
use dlx_engine::dlx::{Count, Outcome, Stats};
use dlx_engine::format::{self, Alphabet, Case, Format, Rule};
use dlx_engine::sudoku::ExplainOptions;
use dlx_engine::sudoku::Shape;

mod candidates;
mod estimate;
mod explain;
mod judge;
mod output;
mod picture;
mod pipeline;
mod rate;
mod read;
mod record;
mod watch;
mod write;

pub use explain::Show;
pub use output::{Output, PictureKind, Pictures};
pub use picture::{PDF_FILE, PDF_PER_PAGE, file_name};
pub use pipeline::WINDOW;

pub use dlx_engine::sudoku::{SolverKind, Solvers};

pub use candidates::{Layout, pencil_marks};
use judge::{solve_case, unwritable};
use read::{Item, Job, Span, read_ahead, run_items};
use record::{Status, Verdict, error_line, json_line};
use watch::Board;
use write::{End, Writer};

/// The settings of a run that every task reads; what is a task's own is
/// in its [`Task`] variant, and where the answers go is one [`Output`].
#[derive(Clone)]
pub struct Options {
    /// Box shape, when the cell count does not decide it.
    pub shape: Option<Shape>,
    /// Digit symbols.
    pub alphabet: Alphabet,
    /// Which solver.
    pub solver: SolverKind,
    /// Print statistics on standard error at the end.
    pub stats: bool,
    /// The input format (`--format`); `None` detects it per input.
    pub format: Option<&'static dyn Format>,
    /// Where each case's answer goes: the input's format, another, JSON
    /// Lines or pictures.
    pub output: Output,
    /// What `--rule` says of SudokuPad links (`dlx_engine::format::rule_names`).
    pub rules: Vec<String>,
    /// Say on standard error which format was detected, and each puzzle's
    /// title, setter and rules text where its input gives them.
    pub verbose: bool,
    /// Stop at the first case that is not solved (no solution, malformed
    /// or over the budget) instead of going on with the next.
    pub fail_fast: bool,
    /// Stop each search after this many search nodes: a solve then
    /// reports no solution found within the budget, a count prints `N+`.
    pub max_nodes: Option<u64>,
    /// The propagators the dancing-links search runs between choices;
    /// `None` lets the solver choose (`--propagate auto`).
    pub propagate: Option<dlx_engine::dlx::Propagate>,
    /// Threads that solve (0: one per core); the output is the same for
    /// any number.
    pub threads: usize,
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
}

impl Options {
    /// Whether Ctrl-C has come ([`Options::interrupt`]).
    fn is_interrupted(&self) -> bool {
        self.interrupt
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
    }

    /// What every search of the run asks whether to stop: Ctrl-C, where
    /// it is watched ([`Options::interrupt`]).
    pub(super) fn cancel(&self) -> Option<SharedCancel> {
        self.interrupt.clone().map(|flag| flag as SharedCancel)
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
            output: Output::Text,
            rules: Vec::new(),
            verbose: false,
            fail_fast: false,
            max_nodes: None,
            propagate: None,
            threads: 1,
            part: None,
            interrupt: None,
        }
    }
}

impl std::fmt::Debug for Options {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Options")
            .field("shape", &self.shape)
            .field("format", &self.format.map(|format| format.name()))
            .field("output", &self.output)
            .field("rules", &self.rules)
            .field("fail_fast", &self.fail_fast)
            .field("max_nodes", &self.max_nodes)
            .field("threads", &self.threads)
            .field("part", &self.part)
            .finish_non_exhaustive()
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
        /// Show a progress line on standard error (drawn only on a
        /// terminal) for each case whose search runs past a second.
        progress: bool,
    },
    /// Print a difficulty rating (`dlx rate`, docs/rating.md).
    Rate {
        /// The deductions to use and the guessing allowed.
        rules: Rules,
    },
    /// Print each puzzle's explained path (`dlx explain`), or its rating
    /// on Sudoku Explainer's scale (`dlx rate --scale se`).
    Explain {
        /// How far to explain.
        opts: ExplainOptions,
        /// The path, or the rating alone.
        show: Show,
        /// The time each puzzle may take (`--timeout`), if bounded.
        timeout: Option<std::time::Duration>,
    },
    /// Draw each puzzle as read, without solving it (`dlx render`, an
    /// SVG document per case; `solve` with `--output svg` draws
    /// solutions).
    Render {
        /// Draw its true candidates as pencil marks in its empty cells
        /// (`render --candidates`).
        candidates: bool,
    },
    /// Print each puzzle's true candidates (`dlx candidates`): the digits
    /// of each cell that some solution holds.
    Candidates {
        /// A pencil-mark grid or a Sukaku line.
        layout: Layout,
        /// With each candidate, its solutions counted up to this limit.
        counts: Option<u64>,
    },
    /// Print Knuth's estimate of each puzzle's solutions (`dlx count
    /// --estimate`).
    Estimate {
        /// The random paths of each estimate.
        probes: u64,
        /// The seed they are drawn from, the same for every puzzle.
        seed: u64,
    },
}

impl Task {
    /// The number of solutions a count stops at (2 for a rating, which
    /// settles uniqueness).
    fn count_limit(self) -> u64 {
        match self {
            Task::Count { limit, .. } => limit,
            Task::Solve | Task::Render { .. } => 1,
            Task::Rate { .. }
            | Task::Candidates { .. }
            | Task::Estimate { .. }
            | Task::Explain { .. } => 2,
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
    /// `--json`: each case comes to a JSON record.
    json: bool,
    /// Each case comes to a picture (`render`, `--output svg`), not text,
    /// drawn and written as these say.
    pictures: Option<Pictures>,
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
        Task::Rate { rules } => return rate::compute(job, &rules, ctx, solvers),
        Task::Render { candidates } => return picture::compute(job, candidates, ctx, solvers),
        Task::Explain {
            opts,
            show,
            timeout,
        } => return explain::compute(job, (&opts, timeout), show, ctx, solvers),
        Task::Candidates { layout, counts } => {
            return candidates::compute(job, (layout, counts), ctx, solvers);
        }
        Task::Estimate { probes, seed } => {
            return estimate::compute(job, (probes, seed), solvers);
        }
        Task::Solve | Task::Count { .. } => {}
    }
    solve_or_count(job, ctx, solvers)
}

/// `compute` for `solve` and `count`: the case judged and searched, its
/// answer written by the output format (or as a JSON record), or its
/// picture drawn.
fn solve_or_count(job: Job, ctx: &Context<'_>, solvers: &mut Solvers) -> Done {
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
            let verdict = judge_case(&case, &name, format, writer, number, ctx, solvers);
            (case.line, false, verdict, Some(case))
        }
    };
    let mut done = Done {
        status: verdict.exit(),
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
    if ctx.pictures.is_some() {
        if let (Some(case), Some(solution)) = (&read, &verdict.solution) {
            let item = picture::Item {
                solution: Some(solution.clone()),
                ..picture::Item::of(case.clone())
            };
            picture::picture(&mut done, &name, index, item, ctx);
        }
        return done;
    }
    if ctx.opts.verbose
        && let Some(case) = &read
    {
        let mut said = case
            .about
            .as_deref()
            .map_or_else(String::new, |about| about_lines(&name, line, about));
        if let (Some(given), Some(found), None) =
            (&case.expected, &verdict.solution, &verdict.error)
        {
            let how = match given == found {
                true => "agrees with this one",
                false => {
                    "differs from this one: the puzzle has several solutions, or a rule was read otherwise than its setter meant"
                }
            };
            said.push_str(&format!(
                "dlx: {name}: line {line}: the given solution {how}\n"
            ));
        }
        done.err = said + &done.err;
    }
    done.out = match writer {
        // Links only where --output asks for them: a link read is solved
        // to its grid.
        Some(writer) if ctx.task == Task::Solve && ctx.output.is_some_and(|o| o.writes_links()) => {
            let opts = &ctx.format_opts;
            linked_answer(
                writer,
                &verdict,
                read.as_ref(),
                &mut done,
                (&name, line, opts),
            )
        }
        Some(writer) => {
            if ctx.task == Task::Solve {
                done.separator = writer.separator();
            }
            written_answer(writer, &verdict, number, &name, line, &ctx.format_opts)
        }
        // A header error is about the input, not a case: no record.
        None if header => None,
        None => Some(json_line(&verdict, number, &name, line, alphabet)),
    };
    done
}

/// The verdict on a case read: bad if the output format cannot write its
/// grid, else what the search (under the judge's rule for `solve`) says.
fn judge_case(
    case: &Case,
    name: &str,
    format: &dyn Format,
    writer: Option<&'static dyn Format>,
    number: usize,
    ctx: &Context<'_>,
    solvers: &mut Solvers,
) -> Verdict {
    let shape = case.grid.shape();
    // A picture checks its own alphabet (`picture::picture`).
    let check = (ctx.task == Task::Solve && ctx.pictures.is_none()) || writer.is_none();
    let why = if check {
        unwritable(writer, shape, &ctx.format_opts.alphabet)
    } else {
        None
    };
    if let Some(why) = why {
        return Verdict::bad(Some(case.grid.clone()), None, why);
    }
    let rule = match ctx.task {
        Task::Solve => format.rule(),
        Task::Count { .. }
        | Task::Rate { .. }
        | Task::Render { .. }
        | Task::Candidates { .. }
        | Task::Estimate { .. }
        | Task::Explain { .. } => Rule::Any,
    };
    let watch = ctx.board.as_ref().map(|board| {
        let label = format!("{name}: line {}", case.line);
        let watch = board.watch(number, label, ctx.opts.interrupt.clone());
        Arc::new(watch) as SharedCancel
    });
    solve_case(ctx.task, rule, case, ctx.opts, solvers, watch)
}

/// What the output format writes for a verdict: the solution, the count,
/// or its line for several solutions, a cut search, no solution or a bad
/// case.
fn written_answer(
    writer: &dyn Format,
    verdict: &Verdict,
    number: usize,
    name: &str,
    line: usize,
    opts: &format::Options,
) -> Option<String> {
    match (&verdict.solution, &verdict.count, &verdict.puzzle) {
        (Some(solution), _, Some(puzzle)) => Some(writer.solution(number, puzzle, solution, opts)),
        (_, Some(count), _) => Some(writer.count(number, &format_count(count))),
        (_, _, Some(puzzle)) if verdict.several => writer.several_solutions(number, puzzle, opts),
        (_, _, Some(puzzle)) if matches!(verdict.status, Status::Cut | Status::Interrupted) => {
            writer.unsettled(number, puzzle, opts)
        }
        (_, _, Some(puzzle)) if verdict.status != Status::BadInput => {
            writer.no_solution(number, puzzle, opts)
        }
        _ => writer.bad_input(number, name, line),
    }
}

/// `--verbose`: a puzzle's title, setter and rules text, as its input
/// gives them.
fn about_lines(name: &str, line: usize, about: &format::About) -> String {
    let mut text = String::new();
    for (what, value) in [
        ("title", &about.title),
        ("author", &about.author),
        ("rules", &about.rules),
    ] {
        if let Some(value) = value {
            let value: Vec<&str> = value
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .collect();
            let value = value.join("\n    ");
            text.push_str(&format!("dlx: {name}: line {line}: {what}: {value}\n"));
        }
    }
    text
}

/// A solved case as a link (`--output fpuzzles` or `sudokupad`): the
/// puzzle with its rules and solution; the output's line messages for a
/// case without one.
fn linked_answer(
    writer: &dyn Format,
    verdict: &Verdict,
    case: Option<&Case>,
    done: &mut Done,
    (name, line, opts): (&str, usize, &format::Options),
) -> Option<String> {
    let (true, Some(case), Some(solution)) = (writer.writes_links(), case, &verdict.solution)
    else {
        return written_answer(writer, verdict, 0, name, line, opts);
    };
    match writer.link(case, Some(solution)) {
        Ok(link) => Some(link + "\n"),
        Err(e) => {
            done.err
                .push_str(&error_line(name, line, None, &format!("no link: {e}")));
            done.status = done.status.max(ExitStatus::BadInput);
            writer.bad_input(0, name, line)
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
    let Some(ctx) = Context::new(task, opts, err) else {
        return ExitStatus::BadInput;
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
        dir: match &opts.output {
            Output::Pictures(pictures) => pictures.dir.as_deref(),
            _ => None,
        },
        sheet: ctx
            .pictures
            .as_ref()
            .filter(|pictures| pictures.on_pages())
            .map(|pictures| picture::Sheet {
                per_page: pictures.per_page,
                pdf: pictures.kind == PictureKind::Pdf,
                items: Vec::new(),
            }),
    };
    let flow = pipeline::run(&ctx, inputs, span.as_ref(), threads, &mut writer);
    if let ControlFlow::Break(End::Output(status)) = flow {
        return status;
    }
    finish(writer, &ctx)
}

impl<'o> Context<'o> {
    /// The context of a run of `task` with `opts`, or `None` once `err`
    /// says why the run cannot be made (pictures of counts, a folder for
    /// them that cannot be made).
    fn new(task: Task, opts: &'o Options, err: &mut dyn Write) -> Option<Context<'o>> {
        let pictures = match (&opts.output, task) {
            (Output::Pictures(pictures), _) => Some(pictures.clone()),
            (_, Task::Render { .. }) => Some(Pictures::default()),
            _ => None,
        };
        if let Some(pictures) = &pictures
            && let Err(message) = check_pictures(task, pictures)
        {
            let _ = writeln!(err, "dlx: {message}");
            return None;
        }
        Some(Context {
            task,
            opts,
            format_opts: format::Options {
                shape: opts.shape,
                alphabet: opts.alphabet.clone(),
                rules: opts.rules.clone(),
            },
            fixed: opts.format,
            output: match opts.output {
                Output::Format(format) => Some(format),
                _ => None,
            },
            board: matches!(task, Task::Count { progress: true, .. })
                .then(|| Arc::new(Board::new())),
            json: opts.output.is_json_lines(),
            pictures,
        })
    }
}

/// Pictures not asked of a count, and `--output-dir`'s folder made; why
/// not otherwise.
fn check_pictures(task: Task, pictures: &Pictures) -> Result<(), String> {
    if matches!(task, Task::Count { .. }) {
        return Err("--output svg draws solutions and puzzles, not counts: use it with dlx solve, rate, candidates or generate (or dlx render)".into());
    }
    if let Some(dir) = &pictures.dir {
        picture::make_dir(dir)
            .map_err(|e| format!("cannot make the folder {}: {e}", dir.display()))?;
    }
    Ok(())
}

/// The end of a run whose items are all written: the sheet of pictures
/// laid out, standard output flushed, `--stats` printed; the run's status.
fn finish(mut writer: Writer<'_>, ctx: &Context<'_>) -> ExitStatus {
    if let Some(sheet) = writer.sheet.take() {
        let status = sheet.finish(
            &ctx.format_opts.alphabet,
            writer.dir,
            writer.out,
            writer.err,
            writer.status,
        );
        writer.status = writer.status.max(status);
    }
    if let Err(e) = writer.out.flush()
        && !is_broken_pipe(&e)
    {
        return writer.output_failed(&e);
    }
    if ctx.opts.stats {
        print_stats(writer.err, &writer.totals);
    }
    writer.status
}

/// A count as printed: `N`, or `N+` when the search stopped at a limit.
pub fn format_count(count: &Count) -> String {
    if count.outcome == Outcome::Exhausted {
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
    // Options removed by propagation, when any were (`--propagate`).
    let removed = match t.stats.removed {
        0 => String::new(),
        k => format!(", {k} options removed"),
    };
    let _ = writeln!(
        err,
        "stats: {} puzzles, {} with a solution; {} search nodes, {} updates{removed}; {:.3} ms solving ({:.0} puzzles/s)",
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
