//! One f-puzzles document as it is parsed: its `grid` read cell by cell
//! into the few fields a cell may state, its other keys as JSON values.
//!
//! A grid is n² small objects (`{}`, `{"value":5,"given":true}`); read as
//! `serde_json::Value`s, each cell's keys were allocated as strings and
//! sorted into a map, and the whole dropped again, which was most of the
//! time of reading a document. Here a cell keeps only `value`, `region`
//! and its pencil marks (the keys the reader looks at), and skips the
//! others unread.
//!
//! Invariant: nothing is refused here that the reader would accept. A
//! document, a grid, a row or a cell that is not of its shape (an object,
//! a list, a list, an object) is kept as [`Shaped::Not`], for the reader
//! to say so where it says it of a value; JSON that does not parse is the
//! only error.

use std::fmt;

use serde::de::value::MapAccessDeserializer;
use serde::de::{
    Deserialize, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor,
};
use serde_json::Value;

use super::Object;
use crate::sudoku::MAX_N;
use crate::sudoku::constraint::max_constraints;

/// A value of the shape expected, or something else.
pub(super) enum Shaped<T> {
    Is(T),
    Not,
}

impl<T> Shaped<T> {
    /// The value, if it is of the shape.
    pub(super) fn as_ref(&self) -> Option<&T> {
        match self {
            Shaped::Is(t) => Some(t),
            Shaped::Not => None,
        }
    }
}

/// A document: its keys but `grid`, and its `grid` (the last one given,
/// as for any repeated key).
pub(super) struct Document {
    pub(super) keys: Object,
    pub(super) grid: Option<Shaped<GridRows>>,
    /// The key whose list went past [`MAX_ENTRIES`] entries, counted over
    /// every list of the document; that list and those after it keep only
    /// the entries before it.
    pub(super) too_many: Option<String>,
}

/// The most entries the lists of a document keep, all lists together: the
/// most constraints a puzzle of the largest side holds. A document with
/// more is refused (no puzzle could hold them), and reading it takes its
/// text and these entries' values, not a value for each of a million
/// entries.
pub(super) const MAX_ENTRIES: usize = max_constraints(MAX_N);

/// The grid's rows of cells, each of its shape or not.
pub(super) type GridRows = Vec<Shaped<Vec<Shaped<Cell>>>>;

/// What a cell states of the keys the reader reads, as given.
#[derive(Default)]
pub(super) struct Cell {
    pub(super) value: Option<Value>,
    pub(super) region: Option<Value>,
    pub(super) center_marks: Option<Value>,
    pub(super) given_marks: Option<Value>,
}

/// Parses `text` as one f-puzzles document.
pub(super) fn parse(text: &str) -> serde_json::Result<Shaped<Document>> {
    serde_json::from_str(text)
}

/// The visitor's answer to every JSON value that is not of the shape it
/// reads: `Shaped::Not`, the value consumed. `$shape` is the kind it does
/// read (`seq` or `map`), whose method the visitor writes itself.
macro_rules! anything_else {
    (seq) => {
        anything_else!(@scalars);
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
            while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
            Ok(Shaped::Not)
        }
    };
    (map) => {
        anything_else!(@scalars);
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
            while seq.next_element::<IgnoredAny>()?.is_some() {}
            Ok(Shaped::Not)
        }
    };
    (@scalars) => {
        fn visit_bool<E>(self, _: bool) -> Result<Self::Value, E> {
            Ok(Shaped::Not)
        }
        fn visit_i64<E>(self, _: i64) -> Result<Self::Value, E> {
            Ok(Shaped::Not)
        }
        fn visit_u64<E>(self, _: u64) -> Result<Self::Value, E> {
            Ok(Shaped::Not)
        }
        fn visit_f64<E>(self, _: f64) -> Result<Self::Value, E> {
            Ok(Shaped::Not)
        }
        fn visit_str<E>(self, _: &str) -> Result<Self::Value, E> {
            Ok(Shaped::Not)
        }
        fn visit_unit<E>(self) -> Result<Self::Value, E> {
            Ok(Shaped::Not)
        }
    };
}

struct DocumentVisitor;

impl<'de> Visitor<'de> for DocumentVisitor {
    type Value = Shaped<Document>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an f-puzzles document")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut doc = Document {
            keys: Object::new(),
            grid: None,
            too_many: None,
        };
        let mut left = MAX_ENTRIES;
        while let Some(key) = map.next_key::<String>()? {
            if key == "grid" {
                doc.grid = Some(map.next_value()?);
            } else {
                let mut cut = false;
                let value = map.next_value_seed(Capped {
                    left: &mut left,
                    cut: &mut cut,
                })?;
                if cut && doc.too_many.is_none() {
                    doc.too_many = Some(key.clone());
                }
                doc.keys.insert(key, value);
            }
        }
        Ok(Shaped::Is(doc))
    }

    anything_else!(map);
}

impl<'de> Deserialize<'de> for Shaped<Document> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(DocumentVisitor)
    }
}

/// A key's value, its list (if it is one) cut after the entries `left`
/// allows (`left` counts down; `cut` says whether entries were dropped).
struct Capped<'a> {
    left: &'a mut usize,
    cut: &'a mut bool,
}

impl<'de> DeserializeSeed<'de> for Capped<'_> {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Capped<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut list = Vec::new();
        while *self.left > 0 {
            match seq.next_element::<Value>()? {
                Some(entry) => list.push(entry),
                None => return Ok(Value::Array(list)),
            }
            *self.left -= 1;
        }
        // Past the cap: the rest is read and dropped.
        while seq.next_element::<IgnoredAny>()?.is_some() {
            *self.cut = true;
        }
        Ok(Value::Array(list))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Value, A::Error> {
        Value::deserialize(MapAccessDeserializer::new(map))
    }
    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
}

/// Reads a list of `T`s (the grid's rows, a row's cells).
struct ListVisitor<T>(std::marker::PhantomData<T>);

impl<'de, T: Deserialize<'de>> Visitor<'de> for ListVisitor<T> {
    type Value = Shaped<Vec<T>>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut list = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        while let Some(item) = seq.next_element()? {
            list.push(item);
        }
        Ok(Shaped::Is(list))
    }

    anything_else!(seq);
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Shaped<Vec<T>> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(ListVisitor(std::marker::PhantomData))
    }
}

struct CellVisitor;

impl<'de> Visitor<'de> for CellVisitor {
    type Value = Shaped<Cell>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a cell")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut cell = Cell::default();
        while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
            let slot = match key.as_ref() {
                "value" => &mut cell.value,
                "region" => &mut cell.region,
                "centerPencilMarks" => &mut cell.center_marks,
                "givenPencilMarks" => &mut cell.given_marks,
                _ => {
                    map.next_value::<IgnoredAny>()?;
                    continue;
                }
            };
            // A later repeat of the key wins, as in a JSON object read
            // whole.
            *slot = Some(map.next_value::<Value>()?);
        }
        Ok(Shaped::Is(cell))
    }

    anything_else!(map);
}

impl<'de> Deserialize<'de> for Shaped<Cell> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(CellVisitor)
    }
}
