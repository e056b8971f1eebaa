//! The flags of `dlx rate` and `dlx explain`.

use clap::{Args, ValueEnum};

use super::convert::{ScaleArg, technique_of};
use super::{
    Alphabet, ExplainOptions, Input, Part, PathBuf, PictureArgs, Rules, Shape, Show, Task,
    format_names, parse_seconds, sudoku_app, thread_range,
};

/// The puzzles `rate` and `explain` read, and how.
#[derive(Args, Debug)]
pub(super) struct PuzzleInput {
    /// Puzzle files; standard input when none is given or for '-'. An
    /// argument that is no existing file but reads as one puzzle line
    /// (dlx rate 4.....8.5.3...) is read as that puzzle.
    pub(super) files: Vec<PathBuf>,
    /// Box shape ROWSxCOLS (e.g. 2x3, 3x4) when the cell count does not
    /// decide it; by default the most nearly square boxes.
    #[arg(long = "box", value_name = "RxC")]
    pub(super) box_shape: Option<Shape>,
    /// Symbols of the digits 1, 2, ... in order, e.g. 0123456789ABCDEF.
    #[arg(long, value_name = "SYMBOLS", value_parser = Alphabet::custom)]
    pub(super) alphabet: Option<Alphabet>,
    /// Input format (see docs/formats.md); auto detects it per input.
    #[arg(long, value_name = "NAME", default_value = "auto", value_parser = format_names(true))]
    pub(super) format: String,
    /// Say on standard error which format auto-detection chose.
    #[arg(long, short)]
    pub(super) verbose: bool,
    #[command(flatten)]
    pub(super) rule: super::convert::RuleArgs,
}

impl PuzzleInput {
    /// The inputs, and the options these flags set.
    pub(super) fn options(self) -> (Vec<Input>, sudoku_app::Options) {
        let opts = sudoku_app::Options {
            shape: self.box_shape,
            alphabet: self.alphabet.unwrap_or_default(),
            format: Some(self.format),
            verbose: self.verbose,
            rules: self.rule.rules,
            ..sudoku_app::Options::default()
        };
        (Input::from_args(&self.files), opts)
    }
}

#[derive(Args, Debug)]
pub(super) struct RateArgs {
    #[command(flatten)]
    pub(super) input: PuzzleInput,
    /// Stop at the first puzzle that is not rated.
    #[arg(long)]
    pub(super) fail_fast: bool,
    /// The largest naked or hidden subset looked for: 1 none, 2 pairs (as
    /// qqwing), 3 pairs and triples, 4 up to quads.
    #[arg(long, value_name = "K", default_value_t = Rules::default().max_subset as u8, value_parser = clap::value_parser!(u8).range(1..=4))]
    pub(super) subsets: u8,
    /// The scale: qqwing, the level and the steps' counts (the default);
    /// se, Sudoku Explainer's ER/EP/ED from the explained path (see dlx
    /// explain, docs/rating.md).
    #[arg(long, value_enum, value_name = "NAME", default_value_t = ScaleArg::Qqwing)]
    pub(super) scale: ScaleArg,
    /// Give up on a puzzle after N guesses.
    #[arg(long, value_name = "N", default_value_t = Rules::default().max_guesses)]
    pub(super) max_guesses: u64,
    /// Rate on N threads (0: one per core; at most 256); the output is that of one
    /// thread, byte for byte.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = thread_range())]
    pub(super) threads: u16,
    /// Write one JSON object per case and line (JSON Lines): case, file,
    /// line, column, puzzle, status, level, score, steps, error (see
    /// docs/rating.md).
    #[arg(long)]
    pub(super) json: bool,
    /// How each rating is written: text, a line per puzzle; svg, each
    /// rated puzzle drawn with its rating under the grid (see
    /// --output-dir, --per-page, docs/render.md); pdf, those pictures on
    /// the A4 pages of one PDF document.
    #[arg(long, value_enum, value_name = "NAME", default_value_t = RateOutput::Text, conflicts_with = "json")]
    pub(super) output: RateOutput,
    #[command(flatten)]
    pub(super) pictures: PictureArgs,
    /// Rate only share K of N (K = 1..N): the K-th of N contiguous ranges
    /// of the cases of all inputs; the shares' outputs, concatenated in K
    /// order, are the output of one run, byte for byte.
    #[arg(long, value_name = "K/N", conflicts_with = "fail_fast")]
    pub(super) part: Option<Part>,
}

/// `dlx rate --output` and `dlx explain --output` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum RateOutput {
    /// Lines of text: a rating, or a path's steps.
    Text,
    /// A picture per puzzle: its rating under the grid, or its step drawn.
    Svg,
    /// Those pictures on A4 pages of one PDF document.
    Pdf,
}

#[derive(Args, Debug)]
pub(super) struct ExplainArgs {
    #[command(flatten)]
    pub(super) input: PuzzleInput,
    /// Stop at the first puzzle that is not explained.
    #[arg(long)]
    pub(super) fail_fast: bool,
    /// Only the next step: the easiest technique that makes progress.
    #[arg(long, conflicts_with = "max_steps")]
    pub(super) hint: bool,
    /// Stop after N steps.
    #[arg(long, value_name = "N")]
    pub(super) max_steps: Option<usize>,
    /// Give up on a puzzle after this many seconds ('# not explained
    /// within --timeout', exit code 3); which puzzles it stops depends on
    /// the machine's speed, so only then can the output differ from run to
    /// run.
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    pub(super) timeout: Option<std::time::Duration>,
    /// Use no technique harder than this one: the path stalls where a
    /// harder one would be needed (--until naked-single: solvable with
    /// singles alone?).
    #[arg(long, value_name = "TECHNIQUE", value_parser = technique_names())]
    pub(super) until: Option<String>,
    /// Explain on N threads (0: one per core; at most 256); the output is
    /// that of one thread, byte for byte.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = thread_range())]
    pub(super) threads: u16,
    /// Write one JSON object per case and line (JSON Lines): case, file,
    /// line, column, puzzle, status, solutions, ending, rating, steps,
    /// error (see docs/rating.md).
    #[arg(long)]
    pub(super) json: bool,
    /// How each path is written: text, a step a line; svg, each puzzle's
    /// last step explained drawn on its candidates (the pattern ringed
    /// blue, a placed digit green, removals red and struck through; with
    /// --hint the next step, with --max-steps N step N), its line under
    /// the grid (see --output-dir, --per-page, docs/render.md); pdf, those
    /// pictures on the A4 pages of one PDF document.
    #[arg(long, value_enum, value_name = "NAME", default_value_t = RateOutput::Text, conflicts_with = "json")]
    pub(super) output: RateOutput,
    #[command(flatten)]
    pub(super) pictures: PictureArgs,
    /// Explain only share K of N (K = 1..N) of the cases of all inputs;
    /// the shares' outputs, concatenated in K order, are the output of
    /// one run, byte for byte.
    #[arg(long, value_name = "K/N", conflicts_with = "fail_fast")]
    pub(super) part: Option<Part>,
}

impl RateOutput {
    /// The `--output` name the pipeline takes (`None`: text).
    pub(super) fn name(self) -> Option<&'static str> {
        match self {
            RateOutput::Text => None,
            RateOutput::Svg => Some(sudoku_app::SVG),
            RateOutput::Pdf => Some(sudoku_app::PDF),
        }
    }
}

/// The technique names `--until` and `generate --technique` take.
pub(super) fn technique_names() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(dlx_engine::sudoku::explain::technique_names())
}

impl ExplainArgs {
    pub(super) fn options(self) -> (Vec<Input>, Task, sudoku_app::Options) {
        let until = self.until.as_deref().and_then(technique_of);
        let explain = ExplainOptions {
            max_steps: if self.hint {
                1
            } else {
                self.max_steps.unwrap_or(usize::MAX)
            },
            until,
            rating_only: false,
        };
        let (inputs, opts) = self.input.options();
        let opts = sudoku_app::Options {
            fail_fast: self.fail_fast,
            threads: self.threads.into(),
            json: self.json,
            part: self.part,
            output: self.output.name().map(str::to_string),
            output_dir: self.pictures.output_dir,
            per_page: self.pictures.per_page.map(usize::from),
            ..opts
        };
        let task = Task::Explain {
            opts: explain,
            show: Show::Path,
            timeout: self.timeout,
        };
        (inputs, task, opts)
    }
}

/// `--rating LO..HI` (or one number) in tenths of Sudoku Explainer's scale.
pub(super) fn parse_se_band(text: &str) -> Result<(u32, u32), String> {
    let tenths = |x: &str| -> Result<u32, String> {
        let v: f64 = x
            .trim()
            .parse()
            .map_err(|_| format!("'{x}' is not a number of Sudoku Explainer's scale (e.g. 4.5)"))?;
        if !(0.0..=20.0).contains(&v) {
            return Err(format!("{v} is off Sudoku Explainer's scale (0 to 20)"));
        }
        Ok((v * 10.0).round() as u32)
    };
    let (lo, hi) = match text.split_once("..") {
        Some((lo, hi)) => (tenths(lo)?, tenths(hi)?),
        None => {
            let v = tenths(text)?;
            (v, v)
        }
    };
    if lo > hi {
        return Err(format!(
            "'{text}': the band's low end is above its high end"
        ));
    }
    Ok((lo, hi))
}

impl RateArgs {
    pub(super) fn options(self) -> (Vec<Input>, Task, sudoku_app::Options) {
        let rules = Rules {
            max_subset: self.subsets.into(),
            max_guesses: self.max_guesses,
        };
        let (inputs, opts) = self.input.options();
        let opts = sudoku_app::Options {
            fail_fast: self.fail_fast,
            threads: self.threads.into(),
            json: self.json,
            part: self.part,
            output: self.output.name().map(str::to_string),
            output_dir: self.pictures.output_dir,
            per_page: self.pictures.per_page.map(usize::from),
            ..opts
        };
        let task = match self.scale {
            ScaleArg::Qqwing => Task::Rate { rules },
            ScaleArg::Se => Task::Explain {
                opts: ExplainOptions {
                    rating_only: true,
                    ..ExplainOptions::default()
                },
                show: Show::Rating,
                timeout: None,
            },
        };
        (inputs, task, opts)
    }
}
