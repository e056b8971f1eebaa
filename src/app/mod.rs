//! The commands of the `dlx` binary, as library functions: each takes a
//! plain options struct and its outputs as `impl Write`, and returns the
//! process exit code, so that tests can run them without a process.
//!
//! Exit codes (the same for every command): [`EXIT_OK`] when a solution
//! was found or the command did its work, [`EXIT_NONE`] when there is no
//! solution, [`EXIT_BAD_INPUT`] for bad input or arguments. A closed
//! standard output (`dlx cover --all | head`) ends the command quietly
//! with [`EXIT_OK`].

pub mod cover;
pub mod generate;

use std::io;

/// A solution was found, or the command succeeded.
pub const EXIT_OK: u8 = 0;
/// The problem has no solution (or none was found within the limits).
pub const EXIT_NONE: u8 = 1;
/// The input or the arguments are malformed, or a file cannot be read.
pub const EXIT_BAD_INPUT: u8 = 2;

/// The exit code for a failed write to standard output: quiet success
/// when the reader went away, an error otherwise.
fn output_failed(e: &io::Error, err: &mut impl io::Write) -> u8 {
    if e.kind() == io::ErrorKind::BrokenPipe {
        EXIT_OK
    } else {
        let _ = writeln!(err, "dlx: cannot write the output: {e}");
        EXIT_BAD_INPUT
    }
}
