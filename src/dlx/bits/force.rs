//! Forcing options into every later solution (a puzzle's givens) and
//! undoing them: the state outside a search is the one they leave.

use super::{BitMatrix, ForceError, ItemId, NONE, OptionId};

impl BitMatrix {
    // --- Forcing options -------------------------------------------------

    /// Puts option `k` into every later solution, as
    /// [`Search::force`] does on the links. Fails, changing
    /// nothing, if `k` clashes with an option forced before. A path
    /// entered by `goto` is left first.
    #[cfg_attr(not(feature = "unstable"), allow(dead_code))] // used through `__unstable`
    pub(super) fn force_option(&mut self, k: OptionId) -> Result<(), ForceError> {
        self.unforce_back_to(self.path_from);
        self.force_here(k)?;
        self.path_from = self.forced.len();
        Ok(())
    }

    /// Enters `prefix`, a path of the search tree below the options forced
    /// so far, as the links' `goto` does: the levels
    /// it shares with the path entered before stay, and the first level
    /// that differs is put back by one copy of the state saved before it,
    /// not by committing every forced option again. The options count as
    /// forced until the next `goto` or [`Search::unforce_to`]; the updates
    /// are in no search's statistics. Unlike the links, does not check
    /// that each option is in the list of the item the search would
    /// branch on (the state is the same either way).
    pub(in crate::dlx) fn goto(&mut self, prefix: &[OptionId]) -> Result<(), ForceError> {
        let from = self.path_from;
        let n = self.state.len();
        let mut common = 0;
        while common < prefix.len()
            && from + common < self.forced.len()
            && self.tables.internal.get(prefix[common].0 as usize)
                == Some(&self.forced[from + common])
        {
            common += 1;
        }
        if from + common < self.forced.len() {
            let saved = &self.path_saved[common * n..(common + 1) * n];
            self.state.copy_from_slice(saved);
            self.forced.truncate(from + common);
            self.path_saved.truncate(common * n);
        }
        for &k in &prefix[common..] {
            let len = self.path_saved.len();
            self.path_saved.extend_from_slice(&self.state);
            if let Err(e) = self.force_here(k) {
                self.path_saved.truncate(len);
                return Err(e);
            }
        }
        Ok(())
    }

    /// [`Search::force`](crate::dlx::Search::force) on top of whatever is forced, path or not.
    fn force_here(&mut self, k: OptionId) -> Result<(), ForceError> {
        let Some(&bit) = self.tables.internal.get(k.0 as usize) else {
            return Err(ForceError::UnknownOption(k));
        };
        if !self.is_active(bit) {
            let mine = self.option_items(bit);
            let item = self
                .forced
                .iter()
                .flat_map(|&f| self.option_items(f))
                .find(|i| mine.contains(i))
                .copied()
                .unwrap_or(mine[0]);
            return Err(ForceError::Clash {
                option: k,
                item: ItemId(item),
            });
        }
        self.commit::<0>(bit, NONE, true);
        self.forced.push(bit);
        Ok(())
    }

    /// The options forced so far, in the order forced.
    #[cfg(test)]
    pub(crate) fn forced(&self) -> impl Iterator<Item = OptionId> + '_ {
        self.forced.iter().map(|&k| self.option_id(k))
    }

    /// The option that bit `k` of a set of options stands for.
    pub(in crate::dlx) fn option_id(&self, k: u32) -> OptionId {
        OptionId(self.tables.original[k as usize])
    }

    /// Unforces options until only the first `len` forced remain.
    #[cfg_attr(not(feature = "unstable"), allow(dead_code))] // used through `__unstable`
    pub(super) fn unforce_back_to(&mut self, len: usize) {
        if len >= self.forced.len() {
            return;
        }
        let n = self.state.len();
        self.path_saved
            .truncate(len.saturating_sub(self.path_from) * n);
        self.path_from = self.path_from.min(len);
        let keep: Vec<u32> = self.forced[..len].to_vec();
        self.state.copy_from_slice(&self.tables.built);
        self.forced.clear();
        let updates = self.updates;
        for k in keep {
            self.commit::<0>(k, NONE, true);
            self.forced.push(k);
        }
        self.updates = updates;
    }

    /// Unforces every forced option.
    #[cfg(test)]
    pub(crate) fn restore(&mut self) {
        self.unforce_back_to(0);
    }
}
