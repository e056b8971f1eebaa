//! What the parsed flags become: each command's arguments turned into the
//! options of the library's and the pipeline's calls, and the value
//! parsers the flags name. Nothing here prints or exits.

use std::io::IsTerminal;

use clap::{Args, ValueEnum};
use dlx_cli::sudoku::{Output, PictureKind};
use dlx_engine::dlx::Propagate;

use super::args::{OutputName, PictureArgs};
use super::{
    BenchArgs, CandidatesArgs, CandidatesLayout, Classic, CoverArgs, CoverOptions, EngineArg,
    EngineKind, GenerateArgs, Input, Level, LevelArg, Mode, Plan, ProblemKind, RenderArgs,
    RenderOutput, Shape, SolverArg, SolverKind, SudokuArgs, SymmetryArg, Task, VariantArg, Write,
    bench, generate_app, io, sudoku_app,
};

/// `dlx count`'s flags.
#[derive(Args, Debug)]
pub(super) struct CountArgs {
    #[command(flatten)]
    args: SudokuArgs,
    /// Stop counting at N solutions (1 or more); the count then prints
    /// as 'N+'.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    limit: Option<u64>,
    /// Estimate each puzzle's solutions (and its search tree's nodes)
    /// by Knuth's random paths, N of them, instead of counting: for
    /// puzzles whose count is out of reach (a blank 16x16). One line
    /// per puzzle, as 'dlx cover --estimate' writes it; see
    /// docs/cover.md.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..),
          conflicts_with = "limit")]
    estimate: Option<u64>,
    /// The seed of --estimate's random paths (each puzzle draws from it).
    #[arg(long, value_name = "S", default_value_t = 1, requires = "estimate")]
    seed: u64,
}

impl CountArgs {
    /// The plan of `dlx count`: a count (to `--limit`) or an estimate.
    pub(super) fn options(self) -> Result<Plan, String> {
        let (inputs, opts) = self.args.options(PictureArgs::default(), false)?;
        let task = match self.estimate {
            Some(probes) => Task::Estimate {
                probes,
                seed: self.seed,
            },
            None => Task::Count {
                limit: self.limit.unwrap_or(u64::MAX),
                progress: io::stderr().is_terminal(),
            },
        };
        Ok((inputs, task, opts))
    }
}

impl RenderOutput {
    /// The pictures it names.
    fn kind(self) -> PictureKind {
        match self {
            RenderOutput::Svg => PictureKind::Svg,
            RenderOutput::Pdf => PictureKind::Pdf,
        }
    }
}

impl RenderArgs {
    /// The plan of `dlx render`: each puzzle drawn as read (with its
    /// candidates), or solved and drawn with its solution.
    pub(super) fn options(self) -> Result<Plan, String> {
        let task = if self.solve {
            Task::Solve
        } else {
            Task::Render {
                candidates: self.candidates,
            }
        };
        let output =
            self.pictures
                .output(Some(self.output.kind()), self.givens_only, Output::Text)?;
        let (inputs, opts) = self.input.options(self.rule);
        let opts = sudoku_app::Options {
            output,
            max_nodes: self.max_nodes,
            ..self.run.apply(opts)
        };
        Ok((inputs, task, opts))
    }
}

impl CandidatesArgs {
    /// The plan of `dlx candidates`: each puzzle's candidates written as
    /// a grid, a line or a JSON record, or drawn as `dlx render
    /// --candidates` draws them.
    pub(super) fn options(self) -> Result<Plan, String> {
        if self.counts.is_some() && self.output != CandidatesLayout::Grid {
            return Err(
                "--counts writes counts in the pencil-mark grid or --json, not --output line, svg or pdf".into(),
            );
        }
        let (layout, picture) = match self.output {
            CandidatesLayout::Grid => (sudoku_app::Layout::Grid, None),
            CandidatesLayout::Line => (sudoku_app::Layout::Line, None),
            CandidatesLayout::Svg | CandidatesLayout::Pdf if self.json => {
                return Err(
                    "--output svg draws pictures, --json writes records: choose one".into(),
                );
            }
            CandidatesLayout::Svg => (sudoku_app::Layout::Grid, Some(PictureKind::Svg)),
            CandidatesLayout::Pdf => (sudoku_app::Layout::Grid, Some(PictureKind::Pdf)),
        };
        let text = match self.json {
            true => Output::JsonLines,
            false => Output::Text,
        };
        let output = self.pictures.output(picture, false, text)?;
        // The picture `dlx render --candidates` draws.
        let task = match picture {
            Some(_) => Task::Render { candidates: true },
            None => Task::Candidates {
                layout,
                counts: self.counts,
            },
        };
        let (inputs, opts) = self.input.options(self.rule);
        let opts = sudoku_app::Options {
            output,
            max_nodes: self.max_nodes,
            part: self.part.part,
            ..self.run.apply(opts)
        };
        Ok((inputs, task, opts))
    }
}

impl From<EngineArg> for EngineKind {
    fn from(e: EngineArg) -> Self {
        match e {
            EngineArg::Auto => EngineKind::Auto,
            EngineArg::Links => EngineKind::Links,
            EngineArg::Bits => EngineKind::Bits,
        }
    }
}

/// `dlx cover --propagate` values. Knuth's format has no sums, so the
/// Sudoku commands' `sums`, `all` and `rules` would be `off` or `blocking`.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub(super) enum CoverPropagateArg {
    /// Nothing: Knuth's tree, node for node.
    Off,
    /// When every option left for a primary item with at most three
    /// options covers another item (with the same color where that one is
    /// colored), that item's other options go.
    Blocking,
}

impl From<CoverPropagateArg> for Propagate {
    fn from(p: CoverPropagateArg) -> Self {
        match p {
            CoverPropagateArg::Off => Propagate::Off,
            CoverPropagateArg::Blocking => Propagate::Blocking,
        }
    }
}

/// `--size N`: the shape of side N with the most nearly square boxes.
pub(super) fn parse_side(s: &str) -> Result<Shape, String> {
    let n: usize = s
        .parse()
        .map_err(|_| format!("'{s}' is not a grid side (4, 6, 9, 12, 16, 25, ...)"))?;
    Shape::for_side(n).map_err(|e| e.to_string())
}

impl GenerateArgs {
    /// The options of `dlx generate`, once `err` has the seed drawn from
    /// the clock (when none is given); or why the flags cannot go
    /// together.
    pub(super) fn options(self, err: &mut dyn Write) -> Result<generate_app::Options, String> {
        use dlx_engine::sudoku::{Settings, Symmetry};
        let seed = self.seed.unwrap_or_else(|| {
            let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
            let seed = now.map_or(0, |d| d.as_nanos() as u64 % 1_000_000_000);
            let _ = writeln!(err, "dlx generate: --seed {seed}");
            seed
        });
        let symmetry = match self.symmetry {
            SymmetryArg::None => Symmetry::None,
            SymmetryArg::Rot180 => Symmetry::Rot180,
            SymmetryArg::Rot90 => Symmetry::Rot90,
            SymmetryArg::Mirror => Symmetry::Mirror,
            SymmetryArg::Diagonal => Symmetry::Diagonal,
        };
        let output = match self.output {
            OutputName::Picture(kind) => {
                generate_app::Output::Pictures(self.pictures.pictures(kind, false))
            }
            _ if self.pictures.output_dir.is_some() || self.pictures.per_page.is_some() => {
                return Err("dlx generate: --output-dir and --per-page hold pictures: use them with --output svg or pdf".into());
            }
            OutputName::Format(format) => generate_app::Output::Format(format),
        };
        Ok(generate_app::Options {
            shape: self.box_shape.or(self.size).unwrap_or(Shape::NINE),
            x: self.variant.contains(&VariantArg::X),
            hyper: self.variant.contains(&VariantArg::Hyper),
            count: self.count,
            seed,
            settings: Settings {
                symmetry,
                minimal: self.minimal,
                max_clues: self.clues,
                difficulty: self.difficulty.map(LevelArg::level),
                se_rating: self.rating,
                technique: self.technique.as_deref().and_then(technique_of),
                tries: self.tries as usize,
                jigsaw: self.variant.contains(&VariantArg::Jigsaw),
                max_nodes: self.max_nodes,
            },
            with_solution: self.with_solution,
            output,
            threads: self.threads.into(),
            timeout: self.timeout,
        })
    }
}

impl LevelArg {
    pub(super) fn level(self) -> Level {
        match self {
            LevelArg::Simple => Level::Simple,
            LevelArg::Easy => Level::Easy,
            LevelArg::Intermediate => Level::Intermediate,
            LevelArg::Expert => Level::Expert,
        }
    }
}

impl SolverArg {
    pub(super) fn kind(self) -> SolverKind {
        match self {
            SolverArg::Dlx => SolverKind::Dlx,
            SolverArg::Naive => SolverKind::Naive,
        }
    }
}

impl BenchArgs {
    pub(super) fn options(self) -> (Vec<Input>, bench::Options) {
        let opts = bench::Options {
            solvers: self.solver.into_iter().map(SolverArg::kind).collect(),
            limit: self.limit,
            budget: self.budget,
            every: self.every,
            warmup: self.warmup,
            json: self.json,
            progress: io::stderr().is_terminal(),
            shape: self.box_shape,
            alphabet: self.alphabet.unwrap_or_default(),
            threads: self.threads.into(),
        };
        (Input::from_args(&self.files), opts)
    }
}

impl SudokuArgs {
    /// The inputs and options of `dlx solve` (with `pictures` and
    /// `givens_only`, its own flags) and `dlx count`.
    pub(super) fn options(
        self,
        pictures: PictureArgs,
        givens_only: bool,
    ) -> Result<(Vec<Input>, sudoku_app::Options), String> {
        let text = match (self.json, self.output) {
            (true, _) => Output::JsonLines,
            (false, Some(OutputName::Format(format))) => Output::Format(format),
            (false, _) => Output::Text,
        };
        let picture = self.output.and_then(OutputName::picture);
        let output = pictures.output(picture, givens_only, text)?;
        let (inputs, opts) = self.input.options(self.rule);
        let opts = sudoku_app::Options {
            solver: self.solver.kind(),
            stats: self.stats,
            output,
            max_nodes: self.max_nodes,
            propagate: self.propagate.engine(),
            part: self.part.part,
            ..self.run.apply(opts)
        };
        Ok((inputs, opts))
    }
}

/// `--propagate` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum PropagateArg {
    /// What is fastest for the puzzle, measured: `blocking` for plain 9x9
    /// Sudoku, pencil marks or not (on bit boards), `rules` for rules with
    /// constraints or killer cages, `off` for the others.
    Auto,
    /// Nothing: Knuth's Algorithm X tree, node for node.
    Off,
    /// Blocking: when every option left for an item shares another item,
    /// that item's other options go (pointing and claiming; a tuple's
    /// last fillings fixing a cell). Plain 9x9 Sudoku runs it on bit
    /// boards, with singles placed between choices.
    Blocking,
    /// Bounds on the sums: cages, little killers, arrows, and what cages
    /// leave of a house or band.
    Sums,
    /// Blocking and the sums.
    All,
    /// Each rule's own propagator, on the cells' candidates: houses'
    /// singles and intersections, cages' digit sets, sums, sandwiches,
    /// thermometers, dots. Rules some of which have none (renban,
    /// quadruples) run the sums instead.
    Rules,
}

impl PropagateArg {
    /// The engine's choice, `None` for `auto`.
    pub(super) fn engine(self) -> Option<Propagate> {
        match self {
            PropagateArg::Auto => None,
            PropagateArg::Off => Some(Propagate::Off),
            PropagateArg::Blocking => Some(Propagate::Blocking),
            PropagateArg::Sums => Some(Propagate::Sums),
            PropagateArg::All => Some(Propagate::All),
            PropagateArg::Rules => Some(Propagate::Rules),
        }
    }
}

impl CoverArgs {
    /// The options of `dlx cover`: the mode its flags choose (estimate,
    /// count, every K-th, all, or the first solution) and the search's.
    pub(super) fn options(self) -> CoverOptions {
        let mode = match (self.estimate, self.count, self.all, self.every) {
            (Some(probes), ..) => Mode::Estimate {
                probes,
                seed: self.seed,
            },
            (_, true, _, _) => Mode::Count,
            (_, _, _, Some(m)) => Mode::Every(m),
            (_, _, true, _) => Mode::All,
            _ => Mode::First,
        };
        CoverOptions {
            input: self.file,
            mode,
            limit: self.limit,
            max_nodes: self.max_nodes,
            timeout: self.timeout,
            progress: self.progress.then_some(dlx_cli::cover::PROGRESS_EVERY),
            stats: self.stats,
            threads: self.threads.into(),
            part: self.part,
            engine: self.engine.into(),
            propagate: self.propagate.into(),
            memo_bytes: self.memo.then(|| self.memo_mib.saturating_mul(1 << 20)),
        }
    }
}

impl ProblemKind {
    /// The classic problem `dlx problem` names.
    pub(super) fn classic(self) -> Classic {
        match self {
            ProblemKind::Queens { n, per_line: 1 } => Classic::Queens(n),
            ProblemKind::Queens { n, per_line: k } => Classic::QueensPerLine { n, k },
            ProblemKind::Stars { n, per_line: k } => Classic::Stars { n, k },
            ProblemKind::Langford { n } => Classic::Langford(n),
            ProblemKind::Dominoes { rows, cols } => Classic::Dominoes { rows, cols },
            ProblemKind::Pentominoes { rows, cols, holes } => {
                Classic::Pentominoes { rows, cols, holes }
            }
        }
    }
}

/// `dlx rate --scale` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum ScaleArg {
    /// qqwing's levels (simple, easy, intermediate, expert) and the
    /// count of each step.
    Qqwing,
    /// Sudoku Explainer's ER/EP/ED, tenths of its scale.
    Se,
}

/// The technique `name` as the library spells it.
pub(super) fn technique_of(name: &str) -> Option<&'static str> {
    dlx_engine::sudoku::technique_names()
        .into_iter()
        .find(|&t| t == name)
}
