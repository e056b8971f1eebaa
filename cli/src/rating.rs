//! The flags of `dlx rate` and `dlx explain`.

use clap::{Args, ValueEnum};

use dlx_cli::sudoku::{Output, PictureKind};

use super::args::{PartArg, PictureArgs, PuzzleArgs, RuleArgs, RunArgs};
use super::convert::{ScaleArg, technique_of};
use super::{ExplainOptions, Plan, Rules, Show, Task, parse_seconds, sudoku_app};

#[derive(Args, Debug)]
pub(super) struct RateArgs {
    #[command(flatten)]
    pub(super) input: PuzzleArgs,
    #[command(flatten)]
    pub(super) run: RunArgs,
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
    #[command(flatten)]
    pub(super) written: Written,
}

/// The flags `rate` and `explain` share after their own: what they write
/// and where, the share of the cases, `--rule` (`explain` says `--json`
/// and `--output` in its own words, `help::EXPLAIN_WORDS`).
#[derive(Args, Debug)]
pub(super) struct Written {
    /// Write one JSON object per case and line (JSON Lines): case, file,
    /// line, column, puzzle, status, level, score, steps, error (see
    /// docs/rating.md).
    #[arg(long)]
    json: bool,
    /// How each rating is written: text, a line per puzzle; svg, each
    /// rated puzzle drawn with its rating under the grid (see
    /// --output-dir, --per-page, docs/render.md); pdf, those pictures on
    /// the A4 pages of one PDF document.
    #[arg(long, value_enum, value_name = "NAME", default_value_t = RateOutput::Text, conflicts_with = "json")]
    output: RateOutput,
    #[command(flatten)]
    pictures: PictureArgs,
    #[command(flatten)]
    part: PartArg,
    #[command(flatten)]
    rule: RuleArgs,
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
    pub(super) input: PuzzleArgs,
    #[command(flatten)]
    pub(super) run: RunArgs,
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
    #[command(flatten)]
    pub(super) written: Written,
}

impl RateOutput {
    /// The pictures it names (`None`: text).
    fn picture(self) -> Option<PictureKind> {
        match self {
            RateOutput::Text => None,
            RateOutput::Svg => Some(PictureKind::Svg),
            RateOutput::Pdf => Some(PictureKind::Pdf),
        }
    }
}

impl Written {
    /// The inputs and the run's options, with `input` and `run`; or why
    /// the flags cannot go together.
    fn options(
        self,
        input: PuzzleArgs,
        run: RunArgs,
    ) -> Result<(Vec<super::Input>, sudoku_app::Options), String> {
        let text = match self.json {
            true => Output::JsonLines,
            false => Output::Text,
        };
        let output = self.pictures.output(self.output.picture(), false, text)?;
        let (inputs, opts) = input.options(self.rule);
        let opts = sudoku_app::Options {
            output,
            part: self.part.part,
            ..run.apply(opts)
        };
        Ok((inputs, opts))
    }
}

/// The technique names `--until` and `generate --technique` take.
pub(super) fn technique_names() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(dlx_engine::sudoku::technique_names())
}

impl ExplainArgs {
    /// The plan of `dlx explain`: each puzzle's path, step by step.
    pub(super) fn options(self) -> Result<Plan, String> {
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
        let task = Task::Explain {
            opts: explain,
            show: Show::Path,
            timeout: self.timeout,
        };
        let (inputs, opts) = self.written.options(self.input, self.run)?;
        Ok((inputs, task, opts))
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
    /// The plan of `dlx rate`: each puzzle rated on qqwing's scale, or
    /// on Sudoku Explainer's from its explained path.
    pub(super) fn options(self) -> Result<Plan, String> {
        let rules = Rules {
            max_subset: self.subsets.into(),
            max_guesses: self.max_guesses,
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
        let (inputs, opts) = self.written.options(self.input, self.run)?;
        Ok((inputs, task, opts))
    }
}
