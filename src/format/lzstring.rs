//! lz-string's `decompressFromBase64`, the text f-puzzles URLs carry after
//! `?load=` (pieroxy's lz-string 1.x, which f-puzzles and Rangsk's
//! SudokuSolver both use): base64 symbols, 6 bits each, read low bit
//! first into an LZW-like stream of 2- to n-bit codes over UTF-16 units.
//!
//! Invariant: any input ends in `Ok` or `Err`, never a panic; the output
//! is capped at [`MAX_OUTPUT`] units, so a hostile stream (each entry the
//! last plus one unit) cannot grow without bound.

/// The most UTF-16 units one decompression may produce.
pub const MAX_OUTPUT: usize = 1 << 24;

const KEYS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";

/// The text `input` (lz-string base64) decompresses to, or why not.
pub fn decompress_from_base64(input: &str) -> Result<String, String> {
    let mut values = Vec::with_capacity(input.len());
    for (i, b) in input.bytes().enumerate() {
        match KEYS.iter().position(|&k| k == b) {
            Some(v) => values.push(v as u32),
            None => {
                return Err(format!(
                    "character {} of the lz-string text is not base64",
                    i + 1
                ));
            }
        }
    }
    if values.is_empty() {
        return Err("the lz-string text is empty".into());
    }
    let units = decompress(&values, 32)?;
    String::from_utf16(&units).map_err(|_| "the lz-string text decodes to invalid UTF-16".into())
}

/// The bit reader over 6-bit values, each read from bit `reset` down.
struct Bits<'a> {
    values: &'a [u32],
    reset: u32,
    val: u32,
    position: u32,
    index: usize,
}

impl Bits<'_> {
    /// The next `n` bits, low first; `None` past the end.
    fn read(&mut self, n: u32) -> Option<u32> {
        let mut bits = 0u32;
        for i in 0..n {
            let bit = self.val & self.position != 0;
            self.position >>= 1;
            if self.position == 0 {
                self.position = self.reset;
                if self.index > self.values.len() {
                    return None;
                }
                self.val = self.values.get(self.index).copied().unwrap_or(0);
                self.index += 1;
            }
            bits |= u32::from(bit) << i;
        }
        Some(bits)
    }
}

fn decompress(values: &[u32], reset: u32) -> Result<Vec<u16>, String> {
    let truncated = || "the lz-string text ends early".to_string();
    let mut bits = Bits {
        values,
        reset,
        val: values[0],
        position: reset,
        index: 1,
    };
    // Entries 0-2 stand for the three codes; they are never read back.
    let mut dictionary: Vec<Vec<u16>> = vec![Vec::new(), Vec::new(), Vec::new()];
    let (mut enlarge_in, mut num_bits) = (4u64, 3u32);
    let first = match bits.read(2).ok_or_else(truncated)? {
        0 => bits.read(8).ok_or_else(truncated)? as u16,
        1 => bits.read(16).ok_or_else(truncated)? as u16,
        _ => return Ok(Vec::new()),
    };
    let mut w = vec![first];
    dictionary.push(w.clone());
    let mut out = w.clone();
    loop {
        if bits.index > values.len() + 1 {
            return Err(truncated());
        }
        let mut code = bits.read(num_bits).ok_or_else(truncated)? as usize;
        match code {
            0 | 1 => {
                let unit = bits
                    .read(if code == 0 { 8 } else { 16 })
                    .ok_or_else(truncated)?;
                dictionary.push(vec![unit as u16]);
                code = dictionary.len() - 1;
                enlarge_in -= 1;
            }
            2 => return Ok(out),
            _ => {}
        }
        if enlarge_in == 0 {
            enlarge_in = 1 << num_bits;
            num_bits += 1;
        }
        let entry = match dictionary.get(code) {
            Some(e) => e.clone(),
            None if code == dictionary.len() => {
                let mut e = w.clone();
                e.push(w[0]);
                e
            }
            None => return Err("the lz-string text refers to a code it never made".into()),
        };
        if out.len() + entry.len() > MAX_OUTPUT || num_bits > 30 {
            return Err("the lz-string text decompresses to more than any puzzle".into());
        }
        out.extend_from_slice(&entry);
        let mut next = w;
        next.push(entry[0]);
        dictionary.push(next);
        enlarge_in -= 1;
        w = entry;
        if enlarge_in == 0 {
            enlarge_in = 1 << num_bits;
            num_bits += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_what_lz_string_writes_and_refuses_garbage() {
        // lz-string 1.5.0's compressToBase64 of the text.
        assert_eq!(
            decompress_from_base64("N4IgzglgXgpiBcAWANCA5gJwgEwQbT2AF8BdEooA").unwrap(),
            r#"{"size":4,"grid":[[{}]]}"#
        );
        assert!(decompress_from_base64("").is_err());
        assert!(decompress_from_base64("N4Ig!").is_err());
        for garbage in ["A", "////////", "N4Ig", "zzzzzzzzzzzzzzzzzzzzzzzz"] {
            let _ = decompress_from_base64(garbage);
        }
    }
}
