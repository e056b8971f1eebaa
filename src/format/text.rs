//! Shared plumbing for the text formats: a line reader that numbers lines,
//! drops a byte-order mark, CR line ends and trailing spaces, and turns bad
//! UTF-8 into an [`InputError`]; and the peeked [`Head`] of an input that
//! auto-detection looks at before the input is replayed to a reader.
//!
//! Invariant: line numbers are 1-based and count every physical line,
//! blank ones included, so errors point at the line an editor shows.

use std::io::{BufRead, Cursor, Read};

use super::InputError;

/// Numbered lines of an input, one at a time, with one line of push-back.
pub struct Lines<R> {
    input: R,
    buf: Vec<u8>,
    line: usize,
    done: bool,
    pushed: Option<(usize, String)>,
}

impl<R: BufRead> Lines<R> {
    /// Lines of `input`.
    pub fn new(input: R) -> Self {
        Self {
            input,
            buf: Vec::new(),
            line: 0,
            done: false,
            pushed: None,
        }
    }

    /// The number of the last line read (0 before any).
    pub fn line(&self) -> usize {
        self.line
    }

    /// Gives a line back; the next [`Lines::next_line`] returns it again.
    pub fn unread(&mut self, line: usize, text: String) {
        self.pushed = Some((line, text));
    }

    /// The next line with its number, without its line end or trailing
    /// whitespace; `None` at the end of the input.
    pub fn next_line(&mut self) -> Option<Result<(usize, String), InputError>> {
        if let Some(pushed) = self.pushed.take() {
            return Some(Ok(pushed));
        }
        if self.done {
            return None;
        }
        self.buf.clear();
        match self.input.read_until(b'\n', &mut self.buf) {
            Ok(0) => {
                self.done = true;
                None
            }
            Ok(_) => {
                self.line += 1;
                Some(decode(&self.buf, self.line).map(|t| (self.line, t)))
            }
            Err(e) => {
                self.done = true;
                Some(Err(InputError {
                    line: self.line + 1,
                    column: None,
                    message: format!("cannot read: {e}"),
                }))
            }
        }
    }

    /// The next line that is not blank, skipping blank ones.
    pub fn next_content(&mut self) -> Option<Result<(usize, String), InputError>> {
        loop {
            match self.next_line()? {
                Ok((_, t)) if t.trim().is_empty() => continue,
                other => return Some(other),
            }
        }
    }
}

/// One line's bytes as text: UTF-8 checked, BOM (line 1), line end and
/// trailing whitespace removed.
fn decode(bytes: &[u8], line: usize) -> Result<String, InputError> {
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let column = bytes[..e.valid_up_to()]
            .iter()
            .filter(|&&b| b & 0xC0 != 0x80)
            .count();
        InputError {
            line,
            column: Some(column + 1),
            message: "invalid UTF-8".into(),
        }
    })?;
    let text = if line == 1 {
        text.trim_start_matches('\u{feff}')
    } else {
        text
    };
    Ok(text.trim_end().to_string())
}

/// At most this many bytes are peeked for auto-detection.
const HEAD_BYTES: usize = 64 * 1024;
/// At most this many lines are peeked for auto-detection.
const HEAD_LINES: usize = 400;

/// The first lines of an input, as auto-detection sees them.
#[derive(Clone, Debug, Default)]
pub struct Head {
    /// The lines, normalised as [`Lines`] does (invalid UTF-8 lines empty).
    pub lines: Vec<String>,
    /// Whether the whole input is in `lines`.
    pub complete: bool,
}

impl Head {
    /// Reads the head of `input` and returns it with a reader that replays
    /// the peeked bytes before the rest, so nothing is lost.
    pub fn peek<'a>(mut input: Box<dyn BufRead + 'a>) -> (Head, Box<dyn BufRead + 'a>) {
        let mut bytes = Vec::new();
        let mut head = Head::default();
        loop {
            if bytes.len() >= HEAD_BYTES || head.lines.len() >= HEAD_LINES {
                break;
            }
            let start = bytes.len();
            match input.read_until(b'\n', &mut bytes) {
                Ok(0) => {
                    head.complete = true;
                    break;
                }
                Ok(_) => {
                    let line = head.lines.len() + 1;
                    head.lines
                        .push(decode(&bytes[start..], line).unwrap_or_default());
                }
                // The reader proper will meet the error again and report it.
                Err(_) => break,
            }
        }
        let replay: Box<dyn BufRead + 'a> = Box::new(Cursor::new(bytes).chain(input));
        (head, replay)
    }

    /// The lines that are not blank.
    pub fn content(&self) -> impl Iterator<Item = &str> {
        self.lines
            .iter()
            .map(String::as_str)
            .filter(|l| !l.trim().is_empty())
    }
}

/// Whether `text` is a count line: a decimal number without leading zeros.
pub fn is_number(text: &str) -> bool {
    let t = text.trim();
    !t.is_empty()
        && t.len() <= 6
        && t.bytes().all(|b| b.is_ascii_digit())
        && (t == "0" || !t.starts_with('0'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_drop_bom_cr_and_trailing_spaces() {
        let mut lines = Lines::new("\u{feff}ab  \r\n\r\ncd".as_bytes());
        assert_eq!(lines.next_line().unwrap().unwrap(), (1, "ab".into()));
        assert_eq!(lines.next_content().unwrap().unwrap(), (3, "cd".into()));
        assert!(lines.next_line().is_none());
    }

    #[test]
    fn peek_replays_everything() {
        let text = "x\n".repeat(1000);
        let (head, mut rest) = Head::peek(Box::new(text.as_bytes()));
        assert_eq!(head.lines.len(), HEAD_LINES);
        assert!(!head.complete);
        let mut all = String::new();
        rest.read_to_string(&mut all).unwrap();
        assert_eq!(all, text);
    }
}
