//! Forcing options into every later solution (a puzzle's givens), undoing
//! them, and the pristine copy that undoes them in one copy of the links.

use super::{Bump, ForceError, Matrix, Node, OptionId, Pristine};

impl<'a> Matrix<'a> {
    // --- Forcing options -------------------------------------------------

    /// Puts option `k` into every later solution (a puzzle's given, say):
    /// its items are covered (or purified) as if the search had chosen it.
    /// Fails, changing nothing, if `k` clashes with an option forced before.
    /// A path entered by `Matrix::goto` is left first.
    #[cfg_attr(not(feature = "unstable"), allow(dead_code))] // used through `__unstable`
    pub(super) fn force_option(&mut self, k: OptionId) -> Result<(), ForceError> {
        self.unforce_back_to(self.path_from);
        if k.0 as usize >= self.option_count() {
            return Err(ForceError::UnknownOption(k));
        }
        let (first, end) = self.option_span(k);
        let clash = |item: u32| ForceError::Clash {
            option: k,
            item: self.item_of_header(item),
        };
        // An item covered by an uncolored use (or a primary item) is gone.
        for q in first..end {
            let Node { top, color, .. } = self.nodes[q as usize];
            if color >= 0 && !self.is_active(top as u32) {
                return Err(clash(top as u32));
            }
        }
        // A color conflict hides the option from its other items: some node
        // of it is unlinked while the clashing colored one stays linked.
        if let Some(q) = (first..end).find(|&q| !self.is_linked(q)) {
            let colored = (first..end).find(|&p| p != q && self.nodes[p as usize].color > 0);
            let item = self.nodes[colored.unwrap_or(q) as usize].top as u32;
            return Err(clash(item));
        }
        // `first` is linked and active, so committing every item is safe.
        for q in first..end {
            self.commit(q);
        }
        self.forced[self.forced_len] = first;
        self.forced_len += 1;
        self.path_from = self.forced_len;
        Ok(())
    }

    /// Enters `prefix`, a path of the search tree below the options
    /// forced so far, as the search would: at each level it covers the
    /// item [`Search::search`] would branch on and chooses the option of
    /// `prefix` in that item's list. The options of the path then count
    /// as forced ([`Matrix::forced`]) until the next `goto` or
    /// [`Search::unforce_to`].
    ///
    /// A path already entered is left only below the levels it shares
    /// with `prefix`, and at the first level where they differ the item
    /// stays covered: going from one option of a level to the next costs
    /// what the search pays for it, where forcing the next option afresh
    /// would cover the item again (its whole list, on a wide level). The
    /// link updates are not counted in any search's [`Stats`](super::Stats).
    ///
    /// Fails if an option of `prefix` is not in the branching item's list
    /// at its level (or there is no level left), leaving the path at the
    /// levels entered before.
    pub(in crate::dlx) fn goto(&mut self, prefix: &[OptionId]) -> Result<(), ForceError> {
        let from = self.path_from;
        let mut common = 0;
        while common < prefix.len()
            && from + common < self.forced_len
            && self.option_of_node(self.forced[from + common]) == prefix[common]
        {
            common += 1;
        }
        // The item of level `common` stays covered if both paths branch
        // there.
        let mut kept = None;
        while self.forced_len > from + common {
            self.forced_len -= 1;
            let x = self.forced[self.forced_len];
            self.uncommit_others(x);
            let item = self.nodes[x as usize].top as u32;
            if self.forced_len == from + common && prefix.len() > common {
                kept = Some(item);
            } else {
                self.uncover(item);
            }
        }
        for &k in &prefix[common..] {
            if k.0 as usize >= self.option_count() {
                if let Some(item) = kept.take() {
                    self.uncover(item);
                }
                return Err(ForceError::UnknownOption(k));
            }
            let (first, end) = self.option_span(k);
            let item = match kept.take() {
                Some(item) => item,
                None if self.items[0].next == 0 => {
                    let item = self.item_of_header(self.nodes[first as usize].top as u32);
                    return Err(ForceError::Clash { option: k, item });
                }
                None => {
                    let item = self.choose_item();
                    self.cover(item);
                    item
                }
            };
            let node = (first..end)
                .find(|&q| self.nodes[q as usize].top as u32 == item && self.is_linked(q));
            let Some(x) = node else {
                self.uncover(item);
                return Err(ForceError::Clash {
                    option: k,
                    item: self.item_of_header(item),
                });
            };
            self.commit_others(x);
            self.forced[self.forced_len] = x;
            self.forced_len += 1;
        }
        Ok(())
    }

    /// The options forced so far, in the order forced.
    #[cfg_attr(not(feature = "unstable"), allow(dead_code))] // used through `__unstable`
    pub fn forced(&self) -> impl Iterator<Item = OptionId> + '_ {
        self.forced[..self.forced_len]
            .iter()
            .map(|&first| self.option_of_node(first))
    }

    /// Unforces options until only the first `len` forced remain.
    pub(super) fn unforce_back_to(&mut self, len: usize) {
        while self.forced_len > len.max(self.path_from) {
            // A level of the path: undone as the search undoes it.
            self.forced_len -= 1;
            let x = self.forced[self.forced_len];
            self.uncommit_others(x);
            self.uncover(self.nodes[x as usize].top as u32);
        }
        self.path_from = self.path_from.min(len);
        while self.forced_len > len {
            self.forced_len -= 1;
            let first = self.forced[self.forced_len];
            let end = self.option_of_node(first);
            let (_, end) = self.option_span(end);
            for q in (first..end).rev() {
                self.uncommit(q);
            }
        }
    }

    /// Unforces every forced option: the matrix is again as built. With a
    /// pristine copy kept ([`Matrix::keep_pristine`]), copies it back rather
    /// than undoing each cover; the result is the same.
    #[cfg_attr(not(feature = "unstable"), allow(dead_code))] // used through `__unstable`
    pub fn restore(&mut self) {
        match self.pristine {
            Some(p) if self.forced_len > 0 => {
                self.nodes.copy_from_slice(p.nodes);
                self.items.copy_from_slice(p.items);
                self.lens.copy_from_slice(p.lens);
                self.forced_len = 0;
                self.path_from = 0;
            }
            _ => self.unforce_back_to(0),
        }
    }

    /// Keeps a copy of the matrix as built in `arena`, so that
    /// [`Matrix::restore`] copies it back (one `memcpy` of the links) instead
    /// of undoing the forced options one cover at a time: cheaper when many
    /// options are forced into a small matrix, as a Sudoku's givens are.
    /// Restores the matrix first. Costs a second copy of the links.
    #[cfg_attr(not(feature = "unstable"), allow(dead_code))] // used through `__unstable`
    pub fn keep_pristine(&mut self, arena: &'a Bump) {
        self.restore();
        self.pristine = Some(arena.alloc(Pristine {
            nodes: arena.alloc_slice_copy(self.nodes),
            items: arena.alloc_slice_copy(self.items),
            lens: arena.alloc_slice_copy(self.lens),
        }));
    }
}
