//! SudokuPad's "zipped" puzzle JSON (`PuzzleZipper` in SudokuPad's
//! `puzzlezipper.js`), the text inside an `scl` link once lz-string has
//! decompressed it. Zipping a puzzle's JSON:
//! - drops empty arrays (`"lines":[]`) and leaves empty objects in arrays
//!   as nothing (`[{},{}]` is `[,]`);
//! - shortens the keys of [`KEYS`] (`cells` is `ce`, `wayPoints` `wp`) and
//!   leaves keys of letters and digits unquoted;
//! - writes `true` and `false` as `t` and `f`, the colours `#000000` and
//!   `#FFFFFF` as `#0` and `#F`, and any other `#RRGGBB` as bare `RRGGBB`;
//! - turns strings that are whole numbers into numbers;
//! - quotes strings with `'`, a quote inside one as `\'`.
//!
//! [`unzip`] reads that text (or plain JSON, which SudokuPad also accepts)
//! back into the puzzle's JSON value with its long keys, as SudokuPad's
//! `unzip` does, by a parser of the zipped grammar rather than SudokuPad's
//! chain of regular expressions: the same values for every text SudokuPad
//! writes. [`zip`] writes a value so, for the links `dlx` makes.
//!
//! Invariants: `unzip(&zip(v)) == v` for every value `zip` is given whose
//! strings are not 6 hex digits and whose arrays are not empty (the two
//! things zipping cannot tell apart); neither function panics, and unzip
//! refuses nesting deeper than [`MAX_DEPTH`].

use serde_json::{Map, Number, Value};

/// Long keys and their zipped short forms, as `PuzzleZipper.propMap`.
pub(crate) const KEYS: &[(&str, &str)] = &[
    ("color", "c"),
    ("cages", "ca"),
    ("center", "ct"),
    ("borderColor", "c1"),
    ("backgroundColor", "c2"),
    ("cells", "ce"),
    ("cellSize", "cs"),
    ("arrows", "a"),
    ("overlays", "o"),
    ("underlays", "u"),
    ("width", "w"),
    ("height", "h"),
    ("value", "v"),
    ("videos", "vd"),
    ("lines", "l"),
    ("rounded", "r"),
    ("regions", "re"),
    ("fontSize", "fs"),
    ("thickness", "th"),
    ("headLength", "hl"),
    ("wayPoints", "wp"),
    ("title", "t"),
    ("text", "te"),
    ("duration", "d"),
    ("d", "d2"),
];

/// The deepest nesting unzip reads (a puzzle nests five deep).
pub(crate) const MAX_DEPTH: usize = 64;

/// The puzzle JSON of `text`: plain JSON as it is (SudokuPad tries it
/// first), zipped text unzipped with its long keys restored.
pub fn unzip(text: &str) -> Result<Value, String> {
    let text = text.trim();
    match serde_json::from_str::<Value>(text) {
        Ok(v) => Ok(v),
        Err(_) => {
            let mut parser = Parser {
                text: text.as_bytes(),
                at: 0,
                depth: 0,
            };
            let v = parser.value()?;
            parser.blanks();
            if parser.at < text.len() {
                return Err(parser.error("the end of the puzzle"));
            }
            Ok(long_keys(v))
        }
    }
}

/// `value` zipped, as `PuzzleZipper.zip` writes it.
pub fn zip(value: &Value) -> String {
    let mut out = String::new();
    write_zipped(value, &mut out);
    out
}

/// A zipped text's parser; its errors say the byte offset.
struct Parser<'t> {
    text: &'t [u8],
    at: usize,
    depth: usize,
}

impl Parser<'_> {
    fn error(&self, expected: &str) -> String {
        let found = match self.text.get(self.at) {
            Some(&b) if b.is_ascii_graphic() => format!("'{}'", b as char),
            Some(&b) => format!("byte {b:#04x}"),
            None => "the end".into(),
        };
        format!(
            "zipped puzzle text, at character {}: expected {expected}, found {found}",
            self.at + 1
        )
    }

    fn blanks(&mut self) {
        while self.text.get(self.at).is_some_and(u8::is_ascii_whitespace) {
            self.at += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.blanks();
        self.text.get(self.at).copied()
    }

    fn value(&mut self) -> Result<Value, String> {
        match self.peek() {
            Some(b'{') => self.nested(Self::object),
            Some(b'[') => self.nested(Self::array),
            Some(q @ (b'\'' | b'"')) => self.string(q).map(colour_or_string),
            Some(_) => self.bare(),
            None => Err(self.error("a value")),
        }
    }

    fn nested(&mut self, read: fn(&mut Self) -> Result<Value, String>) -> Result<Value, String> {
        if self.depth >= MAX_DEPTH {
            return Err(self.error(&format!("at most {MAX_DEPTH} levels of nesting")));
        }
        self.depth += 1;
        let v = read(self);
        self.depth -= 1;
        v
    }

    /// `{key:value,...}`; an empty member (`{,}`) is nothing.
    fn object(&mut self) -> Result<Value, String> {
        self.at += 1;
        let mut map = Map::new();
        loop {
            match self.peek() {
                Some(b'}') => {
                    self.at += 1;
                    return Ok(Value::Object(map));
                }
                Some(b',') => {
                    self.at += 1;
                    continue;
                }
                _ => {}
            }
            let key = match self.peek() {
                Some(q @ (b'\'' | b'"')) => self.string(q)?,
                _ => self.word(),
            };
            if key.is_empty() {
                return Err(self.error("a key or '}'"));
            }
            if self.peek() != Some(b':') {
                return Err(self.error("':' after a key"));
            }
            self.at += 1;
            let value = self.value()?;
            map.insert(key, value);
            match self.peek() {
                Some(b',' | b'}') => {}
                _ => return Err(self.error("',' or '}'")),
            }
        }
    }

    /// `[value,...]`; an empty element is an empty object, as SudokuPad
    /// reads it (`[,]` is `[{},{}]`, and `[]` is `[{}]`).
    fn array(&mut self) -> Result<Value, String> {
        self.at += 1;
        let mut items = Vec::new();
        let mut expecting = true;
        loop {
            match self.peek() {
                Some(b']') => {
                    self.at += 1;
                    if expecting {
                        items.push(Value::Object(Map::new()));
                    }
                    return Ok(Value::Array(items));
                }
                Some(b',') => {
                    self.at += 1;
                    if expecting {
                        items.push(Value::Object(Map::new()));
                    }
                    expecting = true;
                }
                Some(_) if expecting => {
                    items.push(self.value()?);
                    expecting = false;
                }
                _ => return Err(self.error("',' or ']'")),
            }
        }
    }

    /// A quoted string: JSON's escapes, and `\'` for a quote.
    fn string(&mut self, quote: u8) -> Result<String, String> {
        let start = self.at;
        self.at += 1;
        let mut json = String::from("\"");
        loop {
            let Some(&b) = self.text.get(self.at) else {
                self.at = start;
                return Err(self.error("a string that ends"));
            };
            self.at += 1;
            match b {
                b'\\' => match self.text.get(self.at) {
                    Some(b'\'') => {
                        json.push('\'');
                        self.at += 1;
                    }
                    Some(&e) => {
                        json.push('\\');
                        json.push(e as char);
                        self.at += 1;
                    }
                    None => {}
                },
                b'"' if quote == b'\'' => json.push_str("\\\""),
                _ if b == quote => break,
                _ => {
                    // Copy the rest of a UTF-8 sequence whole.
                    let end = (self.at..self.text.len())
                        .find(|&i| self.text[i] & 0xC0 != 0x80)
                        .unwrap_or(self.text.len());
                    json.push_str(&String::from_utf8_lossy(&self.text[self.at - 1..end]));
                    self.at = end;
                }
            }
        }
        json.push('"');
        serde_json::from_str(&json).map_err(|e| {
            let at = self.at;
            self.at = start;
            let message = self.error("a string of JSON's escapes");
            self.at = at;
            format!("{message} ({e})")
        })
    }

    /// Letters, digits and `#+-.` up to a delimiter.
    fn word(&mut self) -> String {
        self.blanks();
        let start = self.at;
        while self
            .text
            .get(self.at)
            .is_some_and(|b| b.is_ascii_alphanumeric() || b"#+-._".contains(b))
        {
            self.at += 1;
        }
        String::from_utf8_lossy(&self.text[start..self.at]).into_owned()
    }

    /// An unquoted value: `t`, `f`, `#0`, `#F`, a colour of 6 hex digits,
    /// a number, `true`, `false` or `null`.
    fn bare(&mut self) -> Result<Value, String> {
        let start = self.at;
        let word = self.word();
        let value = match word.as_str() {
            "t" | "true" => Value::Bool(true),
            "f" | "false" => Value::Bool(false),
            "null" => Value::Null,
            "#0" => Value::String("#000000".into()),
            "#F" => Value::String("#FFFFFF".into()),
            w if is_hex6(w) => Value::String(format!("#{w}")),
            w => match serde_json::from_str::<Number>(w) {
                Ok(x) => Value::Number(x),
                Err(_) => {
                    self.at = start;
                    return Err(self.error("a value (t, f, a number, a colour or a string)"));
                }
            },
        };
        Ok(value)
    }
}

fn is_hex6(w: &str) -> bool {
    w.len() == 6 && w.bytes().all(|b| b.is_ascii_hexdigit())
}

/// SudokuPad's last step of unzipping: a string of 6 hex digits is a
/// colour.
fn colour_or_string(s: String) -> Value {
    match is_hex6(&s) {
        true => Value::String(format!("#{s}")),
        false => Value::String(s),
    }
}

/// `value` with every short key of [`KEYS`] long again.
fn long_keys(value: Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.into_iter()
                .map(|(k, v)| {
                    let long = KEYS.iter().find(|(_, short)| *short == k);
                    (long.map_or(k, |(l, _)| (*l).to_owned()), long_keys(v))
                })
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.into_iter().map(long_keys).collect()),
        other => other,
    }
}

fn write_zipped(value: &Value, out: &mut String) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push(if *b { 't' } else { 'f' }),
        Value::Number(x) => out.push_str(&x.to_string()),
        Value::String(s) => write_string(s, out),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                if !item.as_object().is_some_and(Map::is_empty) {
                    write_zipped(item, out);
                }
            }
            out.push(']');
        }
        Value::Object(map) => {
            out.push('{');
            let mut first = true;
            for (key, v) in map {
                if v.as_array().is_some_and(Vec::is_empty) {
                    continue;
                }
                if !first {
                    out.push(',');
                }
                first = false;
                let short = KEYS.iter().find(|(long, _)| long == key);
                let key = short.map_or(key.as_str(), |(_, s)| s);
                if !key.is_empty() && key.bytes().all(|b| b.is_ascii_alphanumeric()) {
                    out.push_str(key);
                } else {
                    write_string(key, out);
                }
                out.push(':');
                write_zipped(v, out);
            }
            out.push('}');
        }
    }
}

/// A string zipped: a whole number as the number, a colour shortened,
/// anything else in single quotes.
fn write_string(s: &str, out: &mut String) {
    if let Ok(x) = s.parse::<i64>()
        && x.to_string() == s
    {
        out.push_str(s);
        return;
    }
    match s {
        "#000000" => return out.push_str("#0"),
        "#FFFFFF" => return out.push_str("#F"),
        _ => {}
    }
    if let Some(hex) = s.strip_prefix('#')
        && is_hex6(hex)
    {
        out.push_str(hex);
        return;
    }
    let json = Value::String(s.to_owned()).to_string();
    out.push('\'');
    for c in json[1..json.len() - 1].replace("\\\"", "\"").chars() {
        match c {
            '\'' | '"' => out.push_str("\\'"),
            c => out.push(c),
        }
    }
    out.push('\'');
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn unzips_what_sudokupad_zips() {
        // PuzzleZipper.zip of {"cellSize":50,"cells":[[{},{"value":5}]],
        // "lines":[{"color":"#CFCFCF","thickness":21,"wayPoints":[[0.5,0.5],[0.5,1.5]]}],
        // "cages":[{"value":"title: It's \"X\""},{"cells":[[0,0]],"unique":true,"sum":"5"}],
        // "arrows":[]}, worked by hand from its rules.
        let zipped = "{cs:50,ce:[[,{v:5}]],l:[{c:CFCFCF,th:21,wp:[[0.5,0.5],[0.5,1.5]]}],ca:[{v:'title: It\\'s \\'X\\''},{ce:[[0,0]],unique:t,sum:5}]}";
        let v = unzip(zipped).unwrap();
        assert_eq!(
            v,
            json!({"cellSize":50,"cells":[[{},{"value":5}]],
                "lines":[{"color":"#CFCFCF","thickness":21,"wayPoints":[[0.5,0.5],[0.5,1.5]]}],
                "cages":[{"value":"title: It's 'X'"},{"cells":[[0,0]],"unique":true,"sum":5}]})
        );
    }

    #[test]
    fn plain_json_reads_as_it_is() {
        let v = unzip(r##"{"cells":[[{"value":1}]],"c":"#0"}"##).unwrap();
        assert_eq!(v, json!({"cells":[[{"value":1}]],"c":"#0"}));
        assert_eq!(unzip("{ce:[]}").unwrap(), json!({"cells":[{}]}));
    }

    #[test]
    fn zip_then_unzip_is_the_same() {
        let v = json!({"cellSize":50,"cells":[[{},{"value":5},{}],[{"value":9},{},{}]],
            "regions":[[[0,0],[0,1]]],
            "overlays":[{"center":[1,1.5],"backgroundColor":"#FFFFFF","borderColor":"#000000",
                "rounded":true,"width":0.3,"height":0.3,"text":"X"}],
            "cages":[{"value":"rules: don't \"quote\" me"},{"value":"author: 中文"}],
            "global":["antiknight"],"x+y":false});
        let zipped = zip(&v);
        assert!(zipped.contains("c1:#0") && zipped.contains("r:t") && !zipped.contains('"'));
        assert_eq!(
            unzip(&zipped).unwrap(),
            json!({"cellSize":50,"cells":[[{},{"value":5},{}],[{"value":9},{},{}]],
                "regions":[[[0,0],[0,1]]],
                "overlays":[{"center":[1,1.5],"backgroundColor":"#FFFFFF","borderColor":"#000000",
                    "rounded":true,"width":0.3,"height":0.3,"text":"X"}],
                "cages":[{"value":"rules: don't 'quote' me"},{"value":"author: 中文"}],
                "global":["antiknight"],"x+y":false})
        );
    }

    #[test]
    fn bad_text_is_an_error_that_says_where() {
        for (text, said) in [
            ("{ce:[[", "at character 7"),
            ("{ce:", "expected a value"),
            ("{ce:'abc", "a string that ends"),
            ("{ce:[1 2]}", "expected ',' or ']'"),
            ("{ce:%}", "expected a value"),
            ("{:1}", "a key"),
        ] {
            let e = unzip(text).unwrap_err();
            assert!(e.contains(said), "{text}: {e}");
        }
        let deep = "[".repeat(200);
        assert!(unzip(&deep).unwrap_err().contains("levels of nesting"));
    }
}
