//! The reader of a run: every item of every input, in order, read lazily
//! (one case at a time), numbered, and, under `--part`, only the items of
//! the run's share ([`Span`]).
//!
//! Invariant: an item's case numbers and line come from reading everything
//! before it, whatever share or thread computes it, so an item computes
//! and prints the same in any run that holds it.

use std::io::{self, Read};
use std::ops::Range;
use std::sync::Arc;

use super::{Context, ExitStatus, Input, Part, Solvers, Task, compute};
use dlx_engine::format::{self, Case, Format, InputError};

/// One thing the reader found, in input order.
pub(super) enum Item {
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
pub(super) fn takes_number(case: &Result<Case, InputError>) -> bool {
    !matches!(case, Err(e) if e.header)
}

/// A case to solve, with what is needed to write it.
pub(super) struct Job {
    /// The input's name, for messages.
    pub(super) name: Arc<str>,
    /// The input's format (its judge's rule).
    pub(super) format: &'static dyn Format,
    /// The output format; `None` for JSON.
    pub(super) writer: Option<&'static dyn Format>,
    /// The case number (header errors repeat the previous one).
    pub(super) number: usize,
    /// The case number over all inputs of the run (1-based; header
    /// errors repeat the previous one), which names its picture.
    pub(super) index: usize,
    /// The case, or why it could not be read.
    pub(super) case: Result<Case, InputError>,
}

/// The input being read.
pub(super) struct Current {
    pub(super) name: Arc<str>,
    pub(super) format: &'static dyn Format,
    pub(super) writer: Option<&'static dyn Format>,
    pub(super) cases: Box<dyn Iterator<Item = Result<Case, InputError>>>,
    pub(super) number: usize,
}

/// The reader: every item of every input, in order, read lazily (one case
/// at a time).
pub(super) struct Items<'c> {
    pub(super) ctx: &'c Context<'c>,
    pub(super) inputs: std::slice::Iter<'c, Input>,
    pub(super) current: Option<Current>,
    /// Cases numbered so far, over all inputs.
    pub(super) index: usize,
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
            None => match format::detect(reader) {
                Ok(Some((f, reader))) => {
                    if self.ctx.opts.verbose {
                        verbose = Some(format!("dlx: {name}: format {} (detected)\n", f.name()));
                    }
                    (f, reader)
                }
                // No puzzles (blank, or only comment lines): nothing to do.
                Ok(None) => return Opened::Empty,
                Err(e) => return Opened::Failed(format!("dlx: {name}: {e}\n")),
            },
        };
        let writer = if self.ctx.json {
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
pub(super) enum Opened {
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
pub(super) struct Span {
    /// The case numbers (0-based, over all inputs) of the share.
    pub(super) cases: Range<usize>,
    /// Whether this is the last share.
    pub(super) last: bool,
    /// Whether some item before the share prints to standard output.
    pub(super) after_output: bool,
}

impl Span {
    /// Reads `inputs` to place share `part` in them.
    pub(super) fn plan(ctx: &Context<'_>, inputs: &[Input], part: Part) -> Self {
        let total = Items::new(ctx, inputs).filter(Item::numbered).count();
        let cases = part.range(total);
        let after_output = ctx.task == Task::Solve
            && !ctx.json
            && cases.start > 0
            && placed(Items::new(ctx, inputs))
                .take_while(|(before, _)| *before < cases.start)
                .any(|(_, item)| compute(item, ctx, &mut Solvers::default()).out.is_some());
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
pub(super) fn placed<'c>(items: Items<'c>) -> impl Iterator<Item = (usize, Item)> + 'c {
    let mut seen = 0;
    items.map(move |item| {
        let before = seen;
        seen += usize::from(item.numbered());
        (before, item)
    })
}

/// The items a run computes: all of them, or those of its share.
pub(super) fn run_items<'c>(
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
pub(super) fn read_ahead(inputs: &[Input]) -> io::Result<Vec<Input>> {
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
