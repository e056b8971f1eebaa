//! [`FlatProblem`]: an exact-cover problem without colors as flat lists,
//! the one shape in which a problem laid out in one pass is handed over:
//! to the links ([`Matrix::from_flat`](super::Matrix::from_flat)), to the
//! deductions ([`deduce::Instance`](super::deduce::Instance)) and out of
//! the Sudoku compiler
//! ([`CompiledOptions`](crate::sudoku::CompiledOptions)). A
//! [`Problem`](super::Problem) is the builder for everything else (names,
//! colors, multiplicities), one item or option at a time.
//!
//! Invariant, checked by each reader, which reports its own error: `ends`
//! never decreases and its last value is `entries.len()`; every entry is
//! an item below `items`; `primary <= items`, the first `primary` items
//! primary and the rest secondary.

/// Items `0..items`, the first `primary` of them primary; option `k`
/// covers `entries[ends[k-1]..ends[k]]` (from 0 for `k = 0`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FlatProblem<'p> {
    /// How many items there are.
    pub items: u32,
    /// How many of them (the first ones) are primary.
    pub primary: u32,
    /// Every option's items, one option after another.
    pub entries: &'p [u32],
    /// Where each option's items end in `entries`.
    pub ends: &'p [u32],
}

impl<'p> FlatProblem<'p> {
    /// A problem whose items are all primary.
    pub fn all_primary(items: u32, entries: &'p [u32], ends: &'p [u32]) -> Self {
        Self {
            items,
            primary: items,
            entries,
            ends,
        }
    }

    /// Number of options.
    pub(crate) fn option_count(&self) -> usize {
        self.ends.len()
    }

    /// The items of option `k`, or `None` past the last option or where
    /// its end lies before its start or past the entries.
    pub(crate) fn option(&self, k: usize) -> Option<&'p [u32]> {
        let end = *self.ends.get(k)? as usize;
        let start = match k {
            0 => 0,
            _ => self.ends[k - 1] as usize,
        };
        self.entries.get(start..end)
    }
}
