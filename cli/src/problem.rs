//! `dlx problem`: write a classic exact-cover problem in Knuth's format.

use std::io::Write;

use super::{ExitStatus, output_failed};

/// Which classic problem to write (the engine's list).
pub use dlx_engine::dlx::Classic;

/// Parses a cell `ROW,COL` (0-based), as `--hole` takes it.
pub fn parse_cell(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("'{s}' is not ROW,COL (0-based numbers)");
    let (r, c) = s.split_once(',').ok_or_else(bad)?;
    Ok((
        r.trim().parse().map_err(|_| bad())?,
        c.trim().parse().map_err(|_| bad())?,
    ))
}

/// Runs `dlx problem`: writes the problem to `out`.
pub fn run(which: &Classic, out: &mut impl Write, err: &mut impl Write) -> ExitStatus {
    match which.text() {
        Ok(text) => match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
            Ok(()) => ExitStatus::Success,
            Err(e) => output_failed(&e, err),
        },
        Err(e) => {
            let _ = writeln!(err, "dlx problem: {e}");
            ExitStatus::BadInput
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_or_refuses() {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        assert_eq!(
            run(&Classic::Langford(3), &mut out, &mut err),
            ExitStatus::Success
        );
        assert!(String::from_utf8(out).unwrap().contains("\n1 s0 s2\n"));
        let mut out = Vec::new();
        let bad = Classic::Pentominoes {
            rows: 6,
            cols: 10,
            holes: vec![(9, 9)],
        };
        assert_eq!(run(&bad, &mut out, &mut err), ExitStatus::BadInput);
        assert_eq!(
            String::from_utf8(err).unwrap(),
            "dlx problem: hole 9,9 is outside the 6x10 board\n"
        );
        assert_eq!(parse_cell("3, 4"), Ok((3, 4)));
        assert!(parse_cell("3").is_err() && parse_cell("a,1").is_err());
    }
}
