//! lz-string's base64 codec (pieroxy's lz-string 1.x, which f-puzzles,
//! SudokuPad and Rangsk's SudokuSolver all use), in both directions:
//! [`decompress_from_base64`] reads the text f-puzzles URLs carry after
//! `?load=`, and [`compress_to_base64`] writes it, because dlx also makes
//! f-puzzles and SudokuPad links and those sites only open what lz-string
//! 1.4's `compressToBase64` would have produced. The format is an
//! LZW-like stream of 2- to n-bit codes over UTF-16 units, packed low bit
//! first into base64 symbols of 6 bits each.
//!
//! Invariant: any input ends in `Ok` or `Err`, never a panic; the output
//! is capped at [`MAX_OUTPUT`] units, so a hostile stream (each entry the
//! last plus one unit) cannot grow without bound. Compression is the
//! exact inverse: its output is byte-identical to the JavaScript's.

use std::collections::{HashMap, HashSet};

/// The most UTF-16 units one decompression may produce.
pub(crate) const MAX_OUTPUT: usize = 1 << 24;

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

/// The lz-string base64 text of `input`, byte for byte what lz-string
/// 1.4's `compressToBase64` returns for the same string ("Q===" for "").
pub fn compress_to_base64(input: &str) -> String {
    let units: Vec<u16> = input.encode_utf16().collect();
    let mut out = Compressor::default();
    // The dictionary is prefix-closed, so a phrase is keyed by the code of
    // its prefix and its last unit: each step is O(1), never a string copy.
    let mut singles: HashMap<u16, u32> = HashMap::new();
    let mut pairs: HashMap<(u32, u16), u32> = HashMap::new();
    let mut w: Option<Phrase> = None;
    for (i, &c) in units.iter().enumerate() {
        if let std::collections::hash_map::Entry::Vacant(e) = singles.entry(c) {
            e.insert(out.dict_size);
            out.dict_size += 1;
            out.to_create.insert(c);
        }
        let Some(phrase) = w else {
            w = Some(Phrase {
                code: singles[&c],
                len: 1,
                first: c,
            });
            continue;
        };
        if let Some(&code) = pairs.get(&(phrase.code, c)) {
            w = Some(Phrase {
                code,
                len: phrase.len + 1,
                first: phrase.first,
            });
            continue;
        }
        out.emit(phrase);
        // lz-string keeps its dictionary in a plain JS object, where
        // `dict["__proto__"] = n` is silently dropped; the code is spent
        // all the same. Mirror that so the output stays byte-identical.
        let is_proto = phrase.len + 1 == PROTO.len() && units[i + 1 - PROTO.len()..=i] == PROTO;
        if !is_proto {
            pairs.insert((phrase.code, c), out.dict_size);
        }
        out.dict_size += 1;
        w = Some(Phrase {
            code: singles[&c],
            len: 1,
            first: c,
        });
    }
    if let Some(phrase) = w {
        out.emit(phrase);
    }
    out.write(2, out.num_bits);
    out.finish()
}

/// `__proto__` as UTF-16 units: the one key a JS object will not store.
const PROTO: [u16; 9] = [95, 95, 112, 114, 111, 116, 111, 95, 95];

/// A dictionary phrase: its code, its length in units and its first unit.
#[derive(Clone, Copy)]
struct Phrase {
    code: u32,
    len: usize,
    first: u16,
}

/// The compressor's state: the bit packer and the code-width bookkeeping.
struct Compressor {
    out: String,
    val: u32,
    position: u32,
    enlarge_in: u64,
    num_bits: u32,
    dict_size: u32,
    /// Units seen but not yet sent literally.
    to_create: HashSet<u16>,
}

impl Default for Compressor {
    fn default() -> Self {
        Compressor {
            out: String::new(),
            val: 0,
            position: 0,
            enlarge_in: 2,
            num_bits: 2,
            dict_size: 3,
            to_create: HashSet::new(),
        }
    }
}

impl Compressor {
    /// Appends the low `n` bits of `value`, low bit first.
    fn write(&mut self, value: u32, n: u32) {
        for i in 0..n {
            let bit = value.checked_shr(i).unwrap_or(0) & 1;
            self.push_bit(bit);
        }
    }

    fn push_bit(&mut self, bit: u32) {
        self.val = (self.val << 1) | bit;
        if self.position == 5 {
            self.out.push(char::from(KEYS[self.val as usize]));
            self.position = 0;
            self.val = 0;
        } else {
            self.position += 1;
        }
    }

    /// One step closer to widening the codes by a bit.
    fn count_down(&mut self) {
        self.enlarge_in -= 1;
        if self.enlarge_in == 0 {
            self.enlarge_in = 1u64 << self.num_bits;
            self.num_bits += 1;
        }
    }

    /// Sends `w`: literally (code 0 + 8 bits, or 1 + 16) the first time a
    /// unit appears, by dictionary code afterwards.
    fn emit(&mut self, w: Phrase) {
        if w.len == 1 && self.to_create.remove(&w.first) {
            let (marker, width) = if w.first < 256 { (0, 8) } else { (1, 16) };
            self.write(marker, self.num_bits);
            self.write(u32::from(w.first), width);
            self.count_down();
        } else {
            self.write(w.code, self.num_bits);
        }
        self.count_down();
    }

    /// Pads the last symbol with zero bits (always adding one, as the JS
    /// does) and the text with `=` to a multiple of four.
    fn finish(mut self) -> String {
        loop {
            let last = self.position == 5;
            self.push_bit(0);
            if last {
                break;
            }
        }
        while !self.out.len().is_multiple_of(4) {
            self.out.push('=');
        }
        self.out
    }
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

    #[test]
    fn writes_what_lz_string_writes() {
        // lz-string 1.4's compressToBase64 output for each text, computed
        // with node from the JS `_compress`/`compressToBase64`.
        let vectors = [
            ("", "Q==="),
            ("hello world", "BYUwNmD2AEDukCcwBMg="),
            (
                r#"{"size":4,"grid":[[{}]]}"#,
                "N4IgzglgXgpiBcAWANCA5gJwgEwQbT2AF8BdEooA",
            ),
            ("é中😀", "JeWjlLwbgAe0A==="),
            ("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "IY18ZUkA"),
        ];
        for (text, expected) in vectors {
            assert_eq!(compress_to_base64(text), expected, "{text:?}");
        }
        // The JS drops `dict["__proto__"] = n` but spends the code anyway.
        assert_eq!(
            compress_to_base64(&"__proto__".repeat(10)),
            "PrAOCcHsBdJEIzvRt5imlnkJ+1XDJA/bE4IA"
        );
    }

    #[test]
    fn compress_then_decompress_gives_the_text_back() {
        let mut json = String::from(r#"{"size":9,"grid":["#);
        for r in 0..500 {
            let v = (r * 7) % 9 + 1;
            json.push_str(&format!(
                r##"[{{"value":{v},"given":true}},{{}},{{"c":"#FF00{r:02}"}}],"##
            ));
        }
        json.push_str(r#"[]],"title":"Grand été 中"}"#);
        assert!(json.len() > 20_000);
        let mut texts = vec![
            String::new(),
            "a".into(),
            "é".into(),
            "中".into(),
            "😀".into(),
            "abababababababababab".into(),
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa".into(),
            "Grand été, 中文, 😀😀 and ÿĀ at the 8/16-bit edge".into(),
            "__proto__".repeat(30),
            json,
        ];
        texts.push(texts[8].repeat(3) + &texts[9]);
        for text in &texts {
            let packed = compress_to_base64(text);
            assert!(packed.len().is_multiple_of(4));
            assert_eq!(
                decompress_from_base64(&packed).as_deref(),
                Ok(text.as_str())
            );
        }
    }
}
