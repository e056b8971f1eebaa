//! Shared plumbing for the text formats: a line reader that numbers lines,
//! drops a byte-order mark, CR line ends and trailing spaces, and turns bad
//! UTF-8 into an [`InputError`]; and the peeked [`Head`] of an input that
//! auto-detection looks at before the input is replayed to a reader.
//!
//! Invariants: line numbers are 1-based and count every physical line,
//! blank ones included, so errors point at the line an editor shows.
//! Memory is bounded whatever the input: a line is read in the reader's
//! own chunks and never buffered beyond [`MAX_LINE`] bytes; a longer line
//! is an error for that line, skipped to its end, and reading goes on with
//! the next one. The [`Head`] holds at most 64 KiB.

use std::io::{self, BufRead, Cursor, Read};

use super::{InputError, InputErrorKind};

/// The longest line any reader takes, in bytes. The longest valid line is
/// a 64x64 puzzle and its solution on one CSV line (8,192 cells, 4 bytes
/// each at worst with a custom alphabet) and a comment: far less.
pub(crate) const MAX_LINE: usize = 64 * 1024;

/// Appends the bytes of `input` up to and including the next `\n` to
/// `buf`, but at most `limit` (> 0) of them; returns how many were appended
/// (0 at the end of the input). Reads in the reader's own chunks.
pub(crate) fn read_line_limited(
    input: &mut impl BufRead,
    buf: &mut Vec<u8>,
    limit: usize,
) -> io::Result<usize> {
    let mut total = 0;
    loop {
        let available = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(total);
        }
        let room = limit - total;
        let window = &available[..available.len().min(room)];
        let (used, done) = match window.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (window.len(), window.len() == room),
        };
        buf.extend_from_slice(&window[..used]);
        input.consume(used);
        total += used;
        if done {
            return Ok(total);
        }
    }
}

/// Consumes `input` up to and including the next `\n`, keeping nothing.
fn skip_line(input: &mut impl BufRead) -> io::Result<()> {
    loop {
        let available = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(());
        }
        match available.iter().position(|&b| b == b'\n') {
            Some(i) => {
                input.consume(i + 1);
                return Ok(());
            }
            None => {
                let len = available.len();
                input.consume(len);
            }
        }
    }
}

/// Numbered lines of an input, one at a time, with one line of push-back.
pub struct Lines<R> {
    input: R,
    buf: Vec<u8>,
    line: usize,
    done: bool,
    pushed: Option<(usize, String)>,
    max_line: usize,
}

impl<R: BufRead> Lines<R> {
    /// Lines of `input`.
    pub(crate) fn new(input: R) -> Self {
        Self::with_limit(input, MAX_LINE)
    }

    /// Lines of `input`, refusing lines over `max_line` (> 0) bytes instead
    /// of [`MAX_LINE`] (the fuzz target uses a small one, to reach the
    /// refusal with small inputs).
    pub fn with_limit(input: R, max_line: usize) -> Self {
        Self {
            input,
            buf: Vec::new(),
            line: 0,
            done: false,
            pushed: None,
            max_line: max_line.max(1),
        }
    }

    /// The number of the last line read (0 before any).
    pub(crate) fn line(&self) -> usize {
        self.line
    }

    /// Gives a line back; the next [`Lines::next_line`] returns it again.
    pub(crate) fn unread(&mut self, line: usize, text: String) {
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
        let max = self.max_line;
        let read = read_line_limited(&mut self.input, &mut self.buf, max + 1).and_then(|n| {
            let too_long = self.buf.len() > max && self.buf.last() != Some(&b'\n');
            if too_long {
                skip_line(&mut self.input)?;
            }
            Ok((n, too_long))
        });
        match read {
            Ok((0, _)) => {
                self.done = true;
                None
            }
            Ok((_, true)) => {
                self.line += 1;
                self.buf.clear();
                Some(Err(InputError {
                    kind: InputErrorKind::Text,
                    header: false,
                    line: self.line,
                    column: None,
                    message: format!(
                        "the line is longer than {max} bytes, far beyond any puzzle; skipped"
                    ),
                }))
            }
            Ok((_, false)) => {
                self.line += 1;
                Some(decode(&self.buf, self.line).map(|t| (self.line, t)))
            }
            Err(e) => {
                self.done = true;
                Some(Err(InputError {
                    kind: InputErrorKind::Read,
                    header: false,
                    line: self.line + 1,
                    column: None,
                    message: format!("cannot read: {e}"),
                }))
            }
        }
    }

    /// The next line that is not blank, skipping blank ones.
    pub(crate) fn next_content(&mut self) -> Option<Result<(usize, String), InputError>> {
        loop {
            match self.next_line()? {
                Ok((_, t)) if t.trim().is_empty() => continue,
                other => return Some(other),
            }
        }
    }

    /// The next line that is neither blank nor a `#` comment.
    pub(crate) fn next_uncommented(&mut self) -> Option<Result<(usize, String), InputError>> {
        loop {
            match self.next_content()? {
                Ok((_, t)) if t.trim_start().starts_with('#') => continue,
                other => return Some(other),
            }
        }
    }
}

/// One line's bytes as text: UTF-8 checked, BOM (line 1), line end and
/// trailing whitespace removed; a CR left inside is an error.
pub(crate) fn decode(bytes: &[u8], line: usize) -> Result<String, InputError> {
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let column = bytes[..e.valid_up_to()]
            .iter()
            .filter(|&&b| b & 0xC0 != 0x80)
            .count();
        InputError {
            kind: InputErrorKind::Text,
            header: false,
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
    let text = text.trim_end();
    // Old Mac files end lines with a lone CR: read as one line, all but
    // their first puzzle would be lost, so say so instead.
    if let Some(at) = text.find('\r') {
        return Err(InputError {
            kind: InputErrorKind::Text,
            header: false,
            line,
            column: Some(text[..at].chars().count() + 1),
            message: "a carriage return (CR) inside the line; lines must end with LF or CRLF"
                .into(),
        });
    }
    Ok(text.to_string())
}

/// At most this many bytes are peeked for auto-detection.
const HEAD_BYTES: usize = 64 * 1024;
/// At most this many non-blank lines are peeked for auto-detection.
const HEAD_LINES: usize = 400;

/// The first lines of an input, as auto-detection sees them.
#[derive(Clone, Debug, Default)]
pub struct Head {
    /// The lines, normalised as `Lines` does (lines it refuses, such as
    /// invalid UTF-8, decoded lossily).
    pub(crate) lines: Vec<String>,
    /// Whether the whole input is in `lines`.
    pub(crate) complete: bool,
    /// The read error that ended the peek, if one did.
    pub(crate) error: Option<String>,
}

impl Head {
    /// Reads the head of `input` and returns it with a reader that replays
    /// the peeked bytes before the rest, so nothing is lost.
    pub(crate) fn peek<'a>(mut input: Box<dyn BufRead + 'a>) -> (Head, Box<dyn BufRead + 'a>) {
        let mut bytes = Vec::new();
        let mut head = Head::default();
        // Blank lines do not count, so a long run of them cannot hide
        // the content from detection (the byte limit still holds).
        let mut content = 0;
        loop {
            if bytes.len() >= HEAD_BYTES || content >= HEAD_LINES {
                break;
            }
            let start = bytes.len();
            match read_line_limited(&mut input, &mut bytes, HEAD_BYTES - start) {
                Ok(0) => {
                    head.complete = true;
                    break;
                }
                // A line cut at the byte limit is left out: detection
                // should not judge half a line.
                Ok(_) if bytes.len() == HEAD_BYTES && bytes.last() != Some(&b'\n') => break,
                Ok(_) => {
                    let line = head.lines.len() + 1;
                    // A line the reader will refuse still shows, lossily,
                    // so that the input never looks empty to the caller.
                    let text = decode(&bytes[start..], line).unwrap_or_else(|_| {
                        String::from_utf8_lossy(&bytes[start..]).trim().to_string()
                    });
                    content += usize::from(!text.is_empty());
                    head.lines.push(text);
                }
                // The reader proper meets the error again and reports it
                // with its line; the caller reports it if nothing was read.
                Err(e) => {
                    head.error = Some(e.to_string());
                    break;
                }
            }
        }
        let replay: Box<dyn BufRead + 'a> = Box::new(Cursor::new(bytes).chain(input));
        (head, replay)
    }

    /// The lines that are not blank.
    pub(crate) fn content(&self) -> impl Iterator<Item = &str> {
        self.lines
            .iter()
            .map(String::as_str)
            .filter(|l| !l.trim().is_empty())
    }
}

/// Whether `text` is a count line: a decimal number without leading zeros.
pub(crate) fn is_number(text: &str) -> bool {
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
    fn a_huge_line_is_refused_without_buffering_it_and_reading_goes_on() {
        let text = format!(
            "ab\n{}\ncd\n{}",
            "x".repeat(1_000_000),
            "y".repeat(MAX_LINE + 1)
        );
        // Small chunks, so the line arrives in pieces as from a pipe.
        let mut lines = Lines::new(std::io::BufReader::with_capacity(1000, text.as_bytes()));
        assert_eq!(lines.next_line().unwrap().unwrap(), (1, "ab".into()));
        assert_eq!(
            lines.next_line().unwrap().unwrap_err().to_string(),
            "line 2: the line is longer than 65536 bytes, far beyond any puzzle; skipped"
        );
        assert!(lines.buf.capacity() <= 2 * MAX_LINE);
        assert_eq!(lines.next_line().unwrap().unwrap(), (3, "cd".into()));
        assert_eq!(lines.next_line().unwrap().unwrap_err().line, 4);
        assert!(lines.next_line().is_none());
        let longest = "z".repeat(MAX_LINE);
        let crlf = format!("{longest}\r\n");
        let mut lines = Lines::new(crlf.as_bytes());
        assert!(
            lines.next_line().unwrap().is_err(),
            "CRLF counts toward the limit"
        );
        let lf = format!("{longest}\n");
        let mut lines = Lines::new(lf.as_bytes());
        assert_eq!(lines.next_line().unwrap().unwrap().1, longest);
    }

    #[test]
    fn peek_holds_at_most_its_bytes_of_a_huge_line() {
        let text = "1".repeat(1_000_000);
        let (head, mut rest) = Head::peek(Box::new(text.as_bytes()));
        assert!(!head.complete);
        assert!(head.lines.is_empty(), "half a line is left out");
        let mut all = String::new();
        rest.read_to_string(&mut all).unwrap();
        assert_eq!(all, text);
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
