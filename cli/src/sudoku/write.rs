//! The writer of a run: prints each item's [`Done`] in input order and
//! decides when the run stops (`--fail-fast`, Ctrl-C, a closed pipe).
//!
//! Invariant: it is the only step that prints; standard error before
//! standard output for each item, the progress line suspended meanwhile.

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::sync::Arc;

use super::{Board, Done, ExitStatus, Totals, is_broken_pipe, picture};

/// Why the writer stopped the run early.
pub(super) enum End {
    /// `--fail-fast` (an item was not a success) or Ctrl-C (an item was
    /// interrupted): finish normally.
    Stop,
    /// Standard output failed: end at once with this status.
    Output(ExitStatus),
}

/// Prints results in order and keeps the run's status and totals.
pub(super) struct Writer<'w> {
    pub(super) out: &'w mut dyn Write,
    pub(super) err: &'w mut dyn Write,
    pub(super) fail_fast: bool,
    pub(super) status: ExitStatus,
    pub(super) totals: Totals,
    /// Outputs written so far (separators go between them).
    pub(super) written: usize,
    /// The progress line, kept out of the way of what is written.
    pub(super) board: Option<Arc<Board>>,
    /// `--output-dir`: where pictures go.
    pub(super) dir: Option<&'w std::path::Path>,
    /// `--per-page`: the pictures gathered for the sheet.
    pub(super) sheet: Option<picture::Sheet>,
}

impl Writer<'_> {
    /// Prints `done` (standard error first); `Break` ends the run.
    pub(super) fn write(&mut self, done: Done) -> ControlFlow<End> {
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
    pub(super) fn output_failed(&mut self, e: &io::Error) -> ExitStatus {
        if is_broken_pipe(e) {
            self.status
        } else {
            let _ = writeln!(self.err, "dlx: cannot write output: {e}");
            ExitStatus::BadInput
        }
    }
}
