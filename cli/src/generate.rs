//! `dlx generate`: random Sudoku puzzles with exactly one solution, made by
//! [`dlx_engine::sudoku::Generator`] and written in an output format.
//!
//! Invariants: puzzle `i` (0-based) depends only on the shape, the
//! settings, the seed and `i` ([`generate_range`]), so the output is the
//! same byte for byte on any number of threads; puzzles are made in rounds
//! of [`BATCH`] per thread, each round written in index order before the
//! next begins, so memory stays bounded for any `--count`.
//!
//! Layout: each puzzle as [`format::Format::puzzle`] writes it, the
//! format's separator between puzzles. With `--with-solution`, the line
//! format writes `PUZZLE SOLUTION` on one line (the line reader takes the
//! solution as a comment), CSV writes `puzzle,solution` (the puzzle column
//! alone without), and every other format writes the puzzle, its
//! separator, then the solution as `dlx solve` writes it.

use std::io::Write;
use std::sync::Arc;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::sudoku::{self as sudoku_app, Pictures, Task};
use super::{ExitStatus, Input, output_failed};
use dlx_engine::dlx::SharedCancel;
use dlx_engine::format;
use dlx_engine::sudoku::variant_of;
use dlx_engine::sudoku::{GenerateError, Generated, Generator, Settings, generate_range};
use dlx_engine::sudoku::{Shape, Variant};

/// Puzzles each thread makes per round before the round is written.
pub const BATCH: usize = 16;

/// What `dlx generate` makes and how it writes it.
#[derive(Clone, Debug)]
pub struct Options {
    /// The box shape.
    pub shape: Shape,
    /// Extra houses: the two diagonals (X), the four hyper windows.
    pub x: bool,
    /// See `x`.
    pub hyper: bool,
    /// How many puzzles.
    pub count: u64,
    /// The seed: the same seed and options give the same output.
    pub seed: u64,
    /// Symmetry, minimality, clue bound, jigsaw regions, the search nodes
    /// each puzzle may take.
    pub settings: Settings,
    /// Also write each puzzle's solution.
    pub with_solution: bool,
    /// What the puzzles are written as.
    pub output: Output,
    /// Threads (0: one per core).
    pub threads: usize,
    /// When to stop the whole run, from its start.
    pub timeout: Option<Duration>,
}

/// What `dlx generate` writes its puzzles as (`--output`).
#[derive(Clone)]
pub enum Output {
    /// Each puzzle as this format writes it.
    Format(&'static dyn format::Format),
    /// Each puzzle drawn, as `dlx render` draws it (with
    /// `--with-solution`, as `dlx render --solve` does), and where the
    /// pictures go.
    Pictures(Pictures),
}

impl std::fmt::Debug for Output {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Output::Format(format) => f.debug_tuple("Format").field(&format.name()).finish(),
            Output::Pictures(pictures) => f.debug_tuple("Pictures").field(pictures).finish(),
        }
    }
}

/// Runs `dlx generate`: writes `opts.count` puzzles to `out`, messages to
/// `err`. Exit status 2 for an output format that cannot hold the size, 1
/// when a puzzle could not be made within the clue bound (the puzzles
/// before it are written).
pub fn run(opts: &Options, out: &mut dyn Write, err: &mut dyn Write) -> ExitStatus {
    // Pictures: the puzzles are made as lines of the variant format and
    // drawn by the render pipeline (`dlx render`, or `dlx render --solve`
    // with --with-solution), as `dlx generate | dlx render` would.
    match &opts.output {
        Output::Pictures(pictures) => draw(opts, pictures, out, err),
        Output::Format(fmt) => text(opts, *fmt, out, err),
    }
}

/// `run` in an output format: each puzzle as the format writes it.
fn text(
    opts: &Options,
    fmt: &'static dyn format::Format,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> ExitStatus {
    let mut job = match TextJob::new(opts, fmt) {
        Ok(job) => job,
        Err(message) => {
            let _ = writeln!(err, "dlx generate: {message}");
            return ExitStatus::BadInput;
        }
    };
    let bar = progress_bar(opts.count);
    let round = (job.generators.len() * BATCH) as u64;
    let mut first = 0u64;
    while first < opts.count {
        let len = round.min(opts.count - first);
        let made = generate_range(&mut job.generators, opts.seed, first, len);
        bar.inc(len);
        for (i, result) in (first..).zip(made) {
            let text = match result.map(|g| job.text_of(i, &g)) {
                Ok(Ok(text)) => text,
                Ok(Err(e)) => {
                    bar.finish_and_clear();
                    let _ = writeln!(err, "dlx generate: puzzle {}: no link: {e}", i + 1);
                    return finish(out, err, ExitStatus::BadInput);
                }
                Err(e) => {
                    bar.finish_and_clear();
                    report_failure(err, &e, i, opts.timeout);
                    return finish(out, err, ExitStatus::NoSolution);
                }
            };
            let sep = if i > 0 { job.fmt.separator() } else { "" };
            if let Err(e) = out
                .write_all(sep.as_bytes())
                .and_then(|()| out.write_all(text.as_bytes()))
            {
                return output_failed(&e, err);
            }
        }
        first += len;
    }
    bar.finish_and_clear();
    finish(out, err, ExitStatus::Success)
}

/// What `text` writes with: the format, its options, the rules' fields
/// when the puzzles are written as variant lines, and a generator a
/// thread.
struct TextJob {
    fmt: &'static dyn format::Format,
    format_opts: format::Options,
    /// The fields after each puzzle's cells, when there are rules to
    /// write (`regions=...` standing for a jigsaw's own).
    rules: Option<String>,
    /// `--with-solution`, in a format that writes the solution after the
    /// puzzle.
    with_solution: bool,
    generators: Vec<Generator>,
}

impl TextJob {
    /// The job `opts` asks for, or why it cannot be done (before any
    /// puzzle is tried).
    fn new(opts: &Options, fmt: &'static dyn format::Format) -> Result<TextJob, String> {
        let n = opts.shape.n();
        if !fmt.holds(opts.shape) {
            return Err(format!(
                "the {} format cannot hold a {n}x{n} grid",
                fmt.name()
            ));
        }
        let variant = variant_of(opts.shape, opts.x, opts.hyper)
            .map_err(|e| format!("--variant hyper: {e}"))?;
        let rules = written_rules(opts, fmt, &variant)?;
        // No more generators (each with its compiled matrix) than puzzles.
        let puzzles = usize::try_from(opts.count).unwrap_or(usize::MAX).max(1);
        let threads = super::thread_count(opts.threads).min(puzzles);
        // Rules that admit no grid at all are refused before any try.
        let mut generators = (0..threads)
            .map(|_| Generator::for_variant(variant.clone(), opts.settings))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| e.to_string())?;
        let deadline = opts
            .timeout
            .map(|t| Arc::new(Instant::now() + t) as SharedCancel);
        for g in &mut generators {
            g.set_cancel(deadline.clone());
        }
        Ok(TextJob {
            fmt,
            format_opts: format::Options {
                shape: Some(opts.shape),
                alphabet: format::Alphabet::default(),
                rules: Vec::new(),
            },
            rules,
            with_solution: opts.with_solution,
            generators,
        })
    }

    /// Puzzle `i` (0-based) as written: a link with its rules (and its
    /// solution if asked) for the formats that write links, a variant line
    /// when there are rules, else as the format writes it (with its
    /// solution if asked).
    fn text_of(&self, i: u64, g: &Generated) -> Result<String, String> {
        if self.fmt.writes_links() {
            let mut case = format::Case::new(g.puzzle.clone(), 0);
            if !g.rules.is_plain() {
                case.variant = Some(Arc::new(g.rules.clone()));
            }
            let solution = self.with_solution.then_some(&g.solution);
            return self.fmt.link(&case, solution).map(|l| l + "\n");
        }
        Ok(match &self.rules {
            Some(_) => {
                let (cells, fields) = (
                    self.format_opts.alphabet.write_line(&g.puzzle),
                    g.rules.fields(),
                );
                format!("{cells} {fields}\n")
            }
            None => {
                let solution = self.with_solution.then_some(&g.solution);
                self.fmt
                    .puzzle(i as usize + 1, &g.puzzle, solution, &self.format_opts)
            }
        })
    }
}

/// The rules' fields, written after each puzzle's cells (a jigsaw's
/// regions are the puzzle's own), and the box shape where the cells alone
/// would read back in another (`box=3x2`): whatever is written reads back
/// as the same puzzle without flags. `None` for plain puzzles; an error
/// where the puzzles have rules but the output is not the line format, or
/// has solutions.
fn written_rules(
    opts: &Options,
    fmt: &dyn format::Format,
    variant: &Variant,
) -> Result<Option<String>, String> {
    let fields = variant.fields();
    let rules = (!fields.is_empty() || opts.settings.jigsaw).then(|| match opts.settings.jigsaw {
        true => format!("{fields} regions=...").trim_start().to_owned(),
        false => fields,
    });
    let writes_rules = fmt.writes_rules() && !opts.with_solution;
    if rules.is_some() && !writes_rules && !fmt.writes_links() {
        let n = opts.shape.n();
        let default_shape = Shape::for_side(n).ok() == Some(variant.shape());
        let what = match variant.is_plain() && !opts.settings.jigsaw && !default_shape {
            true => format!(
                "a {n}x{n} grid in {} boxes (whose cells alone read as {} boxes)",
                opts.shape,
                Shape::for_side(n).map_or_else(|_| "other".into(), |s| s.to_string())
            ),
            false if variant.is_plain() && !opts.settings.jigsaw => format!("a {n}x{n} grid"),
            false => "a variant".into(),
        };
        return Err(format!(
            "{what} is written in the line format, as 'PUZZLE {}', without --with-solution",
            rules.as_deref().unwrap_or_default()
        ));
    }
    Ok(rules)
}

/// Says why puzzle `i` (0-based) was not made, and which flag may help.
fn report_failure(err: &mut dyn Write, e: &GenerateError, i: u64, timeout: Option<Duration>) {
    match (e, timeout) {
        (GenerateError::Cancelled, Some(t)) => {
            let _ = writeln!(
                err,
                "dlx generate: puzzle {}: not made within --timeout {}s; {} written",
                i + 1,
                t.as_secs_f64(),
                i
            );
        }
        _ => {
            let _ = writeln!(err, "dlx generate: puzzle {}: {e}", i + 1);
        }
    }
    match e {
        GenerateError::TooManyClues { .. } => {
            let _ = writeln!(err, "dlx generate: try a larger --clues");
        }
        GenerateError::WrongLevel { .. } => {
            let _ = writeln!(err, "dlx generate: try a larger --tries");
        }
        GenerateError::NodeLimit { .. } => {
            let _ = writeln!(err, "dlx generate: {i} written; try a larger --max-nodes");
        }
        GenerateError::NotUnique
        | GenerateError::NoRegions { .. }
        | GenerateError::NoGrid { .. }
        | GenerateError::Cancelled => {}
        // A reason newer than this command has no flag to try.
        _ => {}
    }
}

/// `--output svg`: the puzzles made as lines of the variant format (the
/// solutions left to the solver), then drawn by the render pipeline: `dlx
/// render`, or with `--with-solution` `dlx render --solve`, with
/// `--output-dir` and `--per-page` as they take them. The puzzles made
/// before a failure are drawn; the status is the worse of the two runs.
fn draw(
    opts: &Options,
    pictures: &Pictures,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> ExitStatus {
    let variant = format::by_name("variant").expect("format::ALL lists the variant format");
    let text_opts = Options {
        with_solution: false,
        ..opts.clone()
    };
    let mut lines = Vec::new();
    let made = text(&text_opts, variant, &mut lines, err);
    if made == ExitStatus::BadInput || lines.is_empty() {
        return made;
    }
    let task = if opts.with_solution {
        Task::Solve
    } else {
        Task::Render { candidates: false }
    };
    let draw_opts = sudoku_app::Options {
        shape: Some(opts.shape),
        format: Some(variant),
        output: sudoku_app::Output::Pictures(pictures.clone()),
        threads: opts.threads,
        ..sudoku_app::Options::default()
    };
    let input = Input::Bytes("<generated>".into(), lines.into());
    sudoku_app::run(task, &[input], &draw_opts, out, err).max(made)
}

/// A progress line on standard error, drawn only when it is a terminal
/// (hidden otherwise, so pipes and files see no control codes): the
/// puzzles made of `count`, the time so far, and a spinner that keeps
/// turning while a puzzle is being made (large grids take minutes).
fn progress_bar(count: u64) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(count), ProgressDrawTarget::stderr());
    if let Ok(style) =
        ProgressStyle::with_template("{spinner} dlx generate: {pos}/{len} puzzles, {elapsed}")
    {
        bar.set_style(style);
    }
    bar.enable_steady_tick(Duration::from_millis(250));
    bar
}

/// Flushes `out`, and ends with `status` (or the output's failure).
fn finish(out: &mut dyn Write, err: &mut dyn Write, status: ExitStatus) -> ExitStatus {
    match out.flush() {
        Ok(()) => status,
        Err(e) => output_failed(&e, err).max(status),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(shape: &str) -> Options {
        Options {
            shape: shape.parse().unwrap(),
            x: false,
            hyper: false,
            count: 3,
            seed: 1,
            settings: Settings::default(),
            with_solution: false,
            output: Output::Format(format::by_name("line").unwrap()),
            threads: 1,
            timeout: None,
        }
    }

    fn run_text(opts: &Options) -> (ExitStatus, String, String) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let status = run(opts, &mut out, &mut err);
        let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
        (status, text(out), text(err))
    }

    #[test]
    fn writes_count_puzzles_or_refuses_the_format() {
        let (status, out, err) = run_text(&options("2x2"));
        assert_eq!(
            (status, out.lines().count(), err.as_str()),
            (ExitStatus::Success, 3, "")
        );
        let opts = Options {
            output: Output::Format(format::by_name("poj2676").unwrap()),
            ..options("2x2")
        };
        let (status, out, err) = run_text(&opts);
        assert_eq!(status, ExitStatus::BadInput);
        assert!(out.is_empty());
        assert_eq!(
            err,
            "dlx generate: the poj2676 format cannot hold a 4x4 grid\n"
        );
    }

    #[test]
    fn a_missed_clue_bound_stops_the_run_with_status_1() {
        let mut opts = options("2x2");
        opts.settings.max_clues = Some(3);
        opts.settings.tries = 2;
        let (status, out, err) = run_text(&opts);
        assert_eq!(status, ExitStatus::NoSolution);
        assert!(out.is_empty());
        assert!(
            err.starts_with("dlx generate: puzzle 1: no puzzle with at most 3 clues in 2 tries")
        );
        assert!(err.ends_with("try a larger --clues\n"));
    }
}
