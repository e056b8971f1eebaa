//! The flags the Sudoku commands share, each declared once and flattened
//! into the commands that take it (`#[command(flatten)]`); the typed
//! values `--format` and `--output` parse to; and how the picture flags
//! and an output resolve into the pipeline's one [`Output`]. A command
//! that says a shared flag in its own words gives them with
//! [`Words::words`].

use std::fmt;
use std::path::PathBuf;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, Command, FromArgMatches};
use dlx_cli::sudoku::{self as sudoku_app, Output, PictureKind, Pictures};
use dlx_cli::{Input, Part};
use dlx_engine::format::{self, Alphabet, Format};
use dlx_engine::sudoku::Shape;

/// The puzzles a Sudoku command reads, and how.
#[derive(Args, Debug)]
pub(super) struct PuzzleArgs {
    /// Puzzle files; standard input when none is given or for '-'. An
    /// argument that is no existing file but reads as one puzzle line
    /// (dlx solve 4.....8.5.3...) is solved as that puzzle.
    pub(super) files: Vec<PathBuf>,
    /// Box shape ROWSxCOLS (e.g. 2x3, 3x4) when the cell count does not
    /// decide it; by default the most nearly square boxes.
    #[arg(long = "box", value_name = "RxC")]
    pub(super) box_shape: Option<Shape>,
    /// Symbols of the digits 1, 2, ... in order, e.g. 0123456789ABCDEF.
    #[arg(long, value_name = "SYMBOLS", value_parser = <Alphabet as std::str::FromStr>::from_str)]
    pub(super) alphabet: Option<Alphabet>,
    /// Input format (see docs/formats.md); auto detects it per input.
    #[arg(long, value_name = "NAME", default_value = "auto", value_parser = input_formats())]
    pub(super) format: InputFormat,
    /// Say on standard error which format auto-detection chose, and each
    /// puzzle's title, setter and rules where its input gives them.
    #[arg(long, short)]
    pub(super) verbose: bool,
}

impl PuzzleArgs {
    /// The inputs, and the run's options as these flags and `rule` set
    /// them (the rest at their defaults).
    pub(super) fn options(self, rule: RuleArgs) -> (Vec<Input>, sudoku_app::Options) {
        let opts = sudoku_app::Options {
            shape: self.box_shape,
            alphabet: self.alphabet.unwrap_or_default(),
            format: self.format.0,
            verbose: self.verbose,
            rules: rule.rules,
            ..sudoku_app::Options::default()
        };
        (Input::from_args(&self.files), opts)
    }
}

/// `--rule`: what a SudokuPad link's drawings and words mean where they
/// do not say (`dlx_engine::format::rule_names`).
#[derive(Args, Debug, Default)]
pub(super) struct RuleArgs {
    /// Say what a SudokuPad link's drawings or words mean where the link
    /// does not (a rule only in its text, the colour of a line): antiknight,
    /// antiking, nonconsecutive, all-dots, all-xv, disjoint, diagonals,
    /// palindrome, whispers, dutch-whispers, renban, odd-even, sandwich,
    /// or as-drawn (the drawings alone, not the text); repeat it
    /// or separate by commas. See docs/formats.md.
    #[arg(long = "rule", value_name = "RULE", value_delimiter = ',', value_parser = clap::builder::PossibleValuesParser::new(dlx_engine::format::rule_names()))]
    pub(super) rules: Vec<String>,
}

/// How a run of a Sudoku command goes.
#[derive(Args, Debug)]
pub(super) struct RunArgs {
    /// Stop at the first puzzle that is not solved (no solution, malformed,
    /// or over --max-nodes) instead of going on; the exit code says which.
    #[arg(long)]
    pub(super) fail_fast: bool,
    /// Solve on N threads (0: one per core; at most 256). The output, standard error
    /// and exit code are those of one thread, byte for byte, in input order.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = thread_range())]
    pub(super) threads: u16,
}

impl RunArgs {
    /// `opts` with these flags set.
    pub(super) fn apply(self, opts: sudoku_app::Options) -> sudoku_app::Options {
        sudoku_app::Options {
            fail_fast: self.fail_fast,
            threads: self.threads.into(),
            ..opts
        }
    }
}

/// `--part K/N`, of the commands whose runs split into shares.
#[derive(Args, Debug)]
pub(super) struct PartArg {
    /// Run only share K of N (K = 1..N): the K-th of N contiguous ranges of
    /// the cases of all inputs. The N shares' outputs, concatenated in K
    /// order, are the output of one run, byte for byte (case numbers too).
    #[arg(long, value_name = "K/N", conflicts_with = "fail_fast")]
    pub(super) part: Option<Part>,
}

/// The flags of the commands that draw pictures besides `--output svg`.
#[derive(Args, Debug, Default)]
pub(super) struct PictureArgs {
    /// With --output svg: write each case's picture to DIR/case-KKKK.svg
    /// (K the case's number over all inputs; DIR is made if missing)
    /// instead of the one picture standard output holds; with --output
    /// pdf, the document to DIR/sheet.pdf.
    #[arg(long, value_name = "DIR")]
    pub(super) output_dir: Option<PathBuf>,
    /// With --output svg: a printable sheet, the pictures K to an A4 page
    /// (givens only, numbered), written at the end as DIR/page-KKKK.svg
    /// with --output-dir, or the one page to standard output; with
    /// --output pdf, K a page of the PDF (six by default).
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u16).range(1..=64))]
    pub(super) per_page: Option<u16>,
}

impl PictureArgs {
    /// Pictures of `kind` (with `givens_only`), going where these flags
    /// say.
    pub(super) fn pictures(self, kind: PictureKind, givens_only: bool) -> Pictures {
        Pictures {
            kind,
            dir: self.output_dir,
            per_page: self.per_page.map(usize::from),
            givens_only,
        }
    }

    /// The run's output: pictures of `kind` (with `givens_only`), going
    /// where these flags say; without `kind`, `text`, these flags and
    /// `givens_only` then refused, as nothing is drawn.
    pub(super) fn output(
        self,
        kind: Option<PictureKind>,
        givens_only: bool,
        text: Output,
    ) -> Result<Output, String> {
        if let Some(kind) = kind {
            return Ok(Output::Pictures(self.pictures(kind, givens_only)));
        }
        if self.per_page.is_some() {
            return Err(
                "--per-page gathers pictures onto pages: use it with --output svg (or dlx render)"
                    .into(),
            );
        }
        if givens_only {
            return Err("--givens-only draws the puzzle of a picture: use it with --output svg (or dlx render --solve)".into());
        }
        if self.output_dir.is_some() {
            return Err(
                "--output-dir holds pictures: use it with --output svg (or dlx render)".into(),
            );
        }
        Ok(text)
    }
}

/// `--format`: a format, or `None` for `auto` (detected per input).
#[derive(Clone, Copy)]
pub(super) struct InputFormat(pub(super) Option<&'static dyn Format>);

impl fmt::Debug for InputFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.map_or("auto", |format| format.name()))
    }
}

/// The names `--format` takes, `auto` and the formats', parsed to the
/// format they name.
pub(super) fn input_formats() -> impl TypedValueParser<Value = InputFormat> {
    let names = std::iter::once("auto").chain(format::ALL.iter().map(|f| f.name()));
    PossibleValuesParser::new(names).map(|name| InputFormat(format::by_name(&name)))
}

/// What `solve --output` and `generate --output` name: a format, or
/// pictures.
#[derive(Clone, Copy)]
pub(super) enum OutputName {
    /// A format's text (or links).
    Format(&'static dyn Format),
    /// SVG or PDF pictures.
    Picture(PictureKind),
}

impl fmt::Debug for OutputName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OutputName::Format(format) => f.write_str(format.name()),
            OutputName::Picture(kind) => f.write_str(kind.name()),
        }
    }
}

impl OutputName {
    /// Every output, by the name `--output` takes: the formats, then the
    /// pictures.
    fn all() -> impl Iterator<Item = (&'static str, OutputName)> {
        let formats = format::ALL
            .iter()
            .map(|&f| (f.name(), OutputName::Format(f)));
        let pictures = PictureKind::ALL.map(|k| (k.name(), OutputName::Picture(k)));
        formats.chain(pictures)
    }

    /// The picture kind it names, if any.
    pub(super) fn picture(self) -> Option<PictureKind> {
        match self {
            OutputName::Picture(kind) => Some(kind),
            OutputName::Format(_) => None,
        }
    }
}

/// The names `--output` takes, parsed to what they name.
pub(super) fn output_names() -> impl TypedValueParser<Value = OutputName> {
    PossibleValuesParser::new(OutputName::all().map(|(name, _)| name)).map(|name| {
        let found = OutputName::all().find(|(n, _)| *n == name);
        found.expect("a name clap accepted").1
    })
}

/// A command's own words for the help of flags it shares:
/// `#[command(words = WORDS)]`, `WORDS` pairs of a flag's id and its
/// help.
pub(super) trait Words {
    /// The command with each named flag's help replaced.
    fn words(self, words: &[(&'static str, &'static str)]) -> Self;
}

impl Words for Command {
    fn words(self, words: &[(&'static str, &'static str)]) -> Self {
        // One pass over the arguments in place: `mut_arg` per flag took an
        // argument out of the list and pushed it back, shifting the rest
        // each time (a tenth of a million instructions at every start).
        // Each flag named must exist, as `mut_arg` would check.
        debug_assert!(
            words
                .iter()
                .all(|(id, _)| self.get_arguments().any(|a| a.get_id() == id)),
            "a flag of the words is undefined"
        );
        self.mut_args(
            |arg| match words.iter().find(|(id, _)| arg.get_id() == id) {
                Some(&(_, help)) => arg.help(help),
                None => arg,
            },
        )
    }
}

/// The values `--threads` takes: 0 (one per core) up to
/// [`dlx_engine::dlx::MAX_THREADS`]; a larger one is refused with clap's
/// message, not lowered in silence.
pub(super) fn thread_range() -> clap::builder::RangedI64ValueParser<u16> {
    clap::value_parser!(u16).range(0..=dlx_engine::dlx::MAX_THREADS as i64)
}

/// A subcommand's flags, built only when clap needs them: when that
/// subcommand is the one run, or for its help, the completions and the
/// man page ([`Command::defer`]). Built eagerly, every command's flags
/// cost each start more than a one-puzzle solve does (two thirds of a
/// million instructions); deferred, a start builds the names and
/// summaries of the commands and the flags of the one it runs. The
/// command's own words ([`Worded`]) are applied with its flags.
#[derive(Debug)]
pub(super) struct Deferred<T>(pub(super) T);

/// A command's own words for the help of shared flags, applied once its
/// flags exist ([`Words::words`]).
pub(super) trait Worded {
    /// Pairs of a flag's id and its help; none by default.
    const WORDS: &'static [(&'static str, &'static str)] = &[];
}

impl<T: Args + Worded> Args for Deferred<T> {
    fn augment_args(cmd: Command) -> Command {
        cmd.defer(|cmd| keeping_about(cmd, |cmd| T::augment_args(cmd).words(T::WORDS)))
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        cmd.defer(|cmd| keeping_about(cmd, |cmd| T::augment_args_for_update(cmd).words(T::WORDS)))
    }

    fn group_id() -> Option<clap::Id> {
        T::group_id()
    }
}

/// `add` applied to `cmd`, which keeps its summary and description: the
/// flags' structs carry doc comments of their own, which clap takes for
/// the command's when they are added after the variant's (as a deferred
/// command's are).
fn keeping_about(cmd: Command, add: impl FnOnce(Command) -> Command) -> Command {
    let about = cmd.get_about().cloned();
    let long_about = cmd.get_long_about().cloned();
    let mut cmd = add(cmd);
    if let Some(about) = about {
        cmd = cmd.about(about);
    }
    if let Some(long_about) = long_about {
        cmd = cmd.long_about(long_about);
    }
    cmd
}

impl<T: FromArgMatches> FromArgMatches for Deferred<T> {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches(matches).map(Deferred)
    }

    fn from_arg_matches_mut(matches: &mut clap::ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches_mut(matches).map(Deferred)
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches(matches)
    }

    fn update_from_arg_matches_mut(
        &mut self,
        matches: &mut clap::ArgMatches,
    ) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches_mut(matches)
    }
}
