//! The dancing-links matrix: storage in the arena and the dance
//! (cover/uncover, hide/unhide, purify/unpurify); building it
//! (`links/build.rs`), forcing options (`links/force.rs`), the search
//! loop (`links/search.rs`) and the `sanity` check (`links/check.rs`). The layout is described in the [module docs](super).

use bumpalo::Bump;

use super::search::ForceError;
use super::{ItemId, ItemKind, OptionId};

/// Set in [`Matrix::lens`] while an item is covered. Bit 30, not 31, so
/// that lengths read as `i32` stay positive (signed minimum is a vector
/// instruction on every x86-64, unsigned is not); lengths stay below it
/// because [`Problem::build`] refuses a matrix of `COVERED` nodes or more.
pub(super) const COVERED: u32 = 1 << 30;
const _: () = assert!(COVERED as usize == super::builder::MAX_NODES);

/// How the search dances on a matrix (the const parameter `D` of the
/// dance): every matrix may take [`COLORS`]; one without colors takes
/// [`PLAIN`], which leaves out the color tests; one without colors whose
/// options all have exactly four items (Sudoku's cell, row, column and
/// box) takes [`FOUR`], which finds an option's other three nodes by
/// arithmetic instead of walking to its spacer. The tree, the order of
/// every unlink and the updates are the same under each.
pub(super) const COLORS: u8 = 0;
/// See [`COLORS`].
pub(super) const PLAIN: u8 = 1;
/// See [`COLORS`].
pub(super) const FOUR: u8 = 2;

/// One node: an item header, an option's entry, or a spacer (16 bytes, as
/// in Knuth's DLX2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(C)]
pub(super) struct Node {
    pub(super) up: u32,
    pub(super) down: u32,
    /// Header: 0 (lengths live in [`Matrix::lens`]). Option node: its item
    /// (> 0). Spacer: <= 0.
    pub(super) top: i32,
    /// Option node: 0 none, > 0 its color, -1 while purified. Header: the
    /// color it was last purified with.
    pub(super) color: i32,
}

/// A link of the doubly linked item lists.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(C)]
pub(super) struct ItemLink {
    pub(super) prev: u32,
    pub(super) next: u32,
}

/// What [`Matrix::sanity`] found broken.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("matrix sanity check failed: {0}")]
#[cfg_attr(not(feature = "unstable"), allow(dead_code))] // used through `__unstable`
pub struct SanityError(pub String);

/// A compiled exact-cover problem, ready to search; every node lives in
/// the arena `'a`. See the [module docs](super) for the layout and the
/// invariants.
pub struct Matrix<'a> {
    pub(super) nodes: &'a mut [Node],
    pub(super) items: &'a mut [ItemLink],
    /// Length of each item's list, by header index, with [`COVERED`] set
    /// while the item is covered (a covered item's list never changes, so
    /// the bit is all the search needs to skip it when choosing).
    pub(super) lens: &'a mut [u32],
    /// Header index (1-based) of each [`ItemId`].
    pub(super) header_of_item: &'a [u32],
    /// [`ItemId`] of each header index (index 0 unused).
    item_of_header: &'a [u32],
    /// First node of each option, plus one entry past the end.
    option_first: &'a [u32],
    /// Number of primary items (headers `1..=primary`).
    primary: u32,
    /// Number of preferred primary items, headers `1..=preferred`
    /// ([`Problem::set_preferred`](super::Problem::set_preferred)); 0
    /// but from [`Problem::build`](super::Problem::build).
    preferred: u32,
    /// The dance the search runs on this matrix: [`COLORS`], [`PLAIN`]
    /// or [`FOUR`]. Under [`FOUR`] option `k`'s nodes are
    /// `first + 5k .. first + 5k + 4` with `first` = [`Matrix::item_count`]
    /// + 2, its spacer at `first + 5k + 4`.
    pub(super) dance: u8,
    /// Under [`FOUR`], each node's place in its option's 5-node stride
    /// (`0..4` for the option's nodes, 4 for the spacer after it; headers
    /// and the first spacer 0, never read): one load instead of a
    /// division by 5 on every option hidden. Empty under the other dances.
    four_place: &'a [u8],
    /// First node of each forced option, in the order forced; then, from
    /// `path_from` on, the node chosen at each level of a path entered by
    /// `Matrix::goto` (in its item's list).
    forced: &'a mut [u32],
    pub(super) forced_len: usize,
    /// Where the path entered by `Matrix::goto` starts in `forced`
    /// (`forced_len` when there is none).
    path_from: usize,
    /// Chosen node at each search level.
    pub(super) stack: &'a mut [u32],
    /// Link updates since the matrix was built, counted as in DLX1: nodes
    /// hidden plus items covered.
    pub(super) updates: u64,
    /// A copy of the links as built, kept by [`Matrix::keep_pristine`] so
    /// that [`Matrix::restore`] can copy instead of undoing every cover.
    /// (In the arena: a reference keeps the struct small.)
    #[cfg_attr(not(feature = "unstable"), allow(dead_code))] // used through `__unstable`
    pristine: Option<&'a Pristine<'a>>,
    /// What the search propagates between choices, and its trail
    /// (`links/propagate.rs`); `None` searches Knuth's tree.
    prop: Option<Box<Propagator>>,
}

/// The links of a matrix with nothing forced.
#[cfg_attr(not(feature = "unstable"), allow(dead_code))] // used through `__unstable`
struct Pristine<'a> {
    nodes: &'a [Node],
    items: &'a [ItemLink],
    lens: &'a [u32],
}

impl<'a> Matrix<'a> {
    /// Number of items.
    pub(crate) fn item_count(&self) -> usize {
        self.header_of_item.len()
    }

    /// Number of primary items.
    pub(crate) fn primary_count(&self) -> usize {
        self.primary as usize
    }

    /// Number of options.
    pub fn option_count(&self) -> usize {
        self.option_first.len() - 1
    }

    /// Link updates since the matrix was built, counted as Knuth's DLX1
    /// counts them: one per node hidden and one per item covered.
    pub(crate) fn updates(&self) -> u64 {
        self.updates
    }

    /// The option that node `x` belongs to.
    #[inline]
    pub(super) fn option_of_node(&self, x: u32) -> OptionId {
        let mut q = x as usize + 1;
        loop {
            let top = self.nodes[q].top;
            if top <= 0 {
                return OptionId((-top - 1) as u32);
            }
            q += 1;
        }
    }

    /// The header of item `i`.
    fn header_of(&self, i: ItemId) -> u32 {
        self.header_of_item[i.0 as usize]
    }

    /// The item that header `h` stands for.
    pub(super) fn item_of_header(&self, h: u32) -> ItemId {
        ItemId(self.item_of_header[h as usize])
    }

    /// The items of option `k`, as [`ItemId`]s.
    #[cfg_attr(not(feature = "unstable"), allow(dead_code))] // used through `__unstable`
    pub fn option_items(&self, k: OptionId) -> impl Iterator<Item = ItemId> + '_ {
        let (first, end) = self.option_span(k);
        (first..end).map(|q| self.item_of_header(self.nodes[q as usize].top as u32))
    }

    /// Nodes `first..end` of option `k` (the spacer after it is at `end`).
    fn option_span(&self, k: OptionId) -> (u32, u32) {
        let k = k.0 as usize;
        (self.option_first[k], self.option_first[k + 1] - 1)
    }

    /// The number of options currently available to item `i`: all options
    /// that contain it, less those excluded by forced options.
    #[cfg_attr(not(feature = "unstable"), allow(dead_code))] // used through `__unstable`
    pub fn item_len(&self, i: ItemId) -> u32 {
        self.lens[self.header_of_item[i.0 as usize] as usize] & !COVERED
    }

    #[inline]
    fn is_active(&self, h: u32) -> bool {
        self.items[self.items[h as usize].prev as usize].next == h
    }

    #[inline]
    fn is_linked(&self, q: u32) -> bool {
        self.nodes[self.nodes[q as usize].up as usize].down == q
    }

    // --- The dance -------------------------------------------------------

    /// Option node `p`'s place in its option and the option's first node,
    /// under [`FOUR`] (see [`Matrix::dance`]).
    #[inline(always)]
    fn four_of(&self, p: u32) -> (u32, u32) {
        // SAFETY: under `FOUR` the table has a place for every node, and
        // `p` is a node of an option.
        let off = u32::from(unsafe { *self.four_place.get_unchecked(p as usize) });
        debug_assert_eq!(off, (p - self.item_count() as u32 - 2) % 5);
        (off, p - off)
    }

    /// Unlinks node `q` from its item's list (under [`FOUR`]).
    #[inline(always)]
    fn unlink(&mut self, q: u32) {
        // SAFETY: as in `hide_as`, every index stored in the matrix is in
        // bounds, and `q` is a node of an option.
        unsafe {
            let node = *self.nodes.get_unchecked(q as usize);
            self.nodes.get_unchecked_mut(node.up as usize).down = node.down;
            self.nodes.get_unchecked_mut(node.down as usize).up = node.up;
            *self.lens.get_unchecked_mut(node.top as usize) -= 1;
        }
    }

    /// Links node `q` back into its item's list (undoes [`Self::unlink`]).
    #[inline(always)]
    fn relink(&mut self, q: u32) {
        // SAFETY: as in `unlink`.
        unsafe {
            let node = *self.nodes.get_unchecked(q as usize);
            self.nodes.get_unchecked_mut(node.up as usize).down = q;
            self.nodes.get_unchecked_mut(node.down as usize).up = q;
            *self.lens.get_unchecked_mut(node.top as usize) += 1;
        }
    }

    /// Removes option node `p`'s option from every other item's list;
    /// returns the nodes unlinked (DLX1's updates). Under [`PLAIN`] and
    /// [`FOUR`] no node is purified, so the color test is left out; under
    /// [`FOUR`] the other three nodes are found by arithmetic, in the order
    /// the walk to the spacer and round visits them.
    #[inline(always)]
    fn hide_as<const D: u8>(&mut self, p: u32) -> u64 {
        if D == FOUR {
            let (off, first) = self.four_of(p);
            for j in 1..4 {
                self.unlink(first + ((off + j) & 3));
            }
            return 3;
        }
        let mut hidden = 0;
        let mut q = p + 1;
        while q != p {
            // SAFETY: `q` walks option `p`'s nodes and the spacer after it;
            // every `up`, `down` and positive `top` stored in the matrix is
            // an index below `nodes.len()` (and `lens.len()` for `top`):
            // `build` writes only such indices and the dance only copies
            // them between fields. `sanity` checks every link and tests run
            // it after every search.
            unsafe {
                let node = *self.nodes.get_unchecked(q as usize);
                if node.top <= 0 {
                    q = node.up;
                } else {
                    if D != COLORS || node.color >= 0 {
                        self.nodes.get_unchecked_mut(node.up as usize).down = node.down;
                        self.nodes.get_unchecked_mut(node.down as usize).up = node.up;
                        *self.lens.get_unchecked_mut(node.top as usize) -= 1;
                        hidden += 1;
                    }
                    q += 1;
                }
            }
        }
        hidden
    }

    /// Undoes [`Self::hide_as`], in reverse order.
    #[inline(always)]
    fn unhide_as<const D: u8>(&mut self, p: u32) {
        if D == FOUR {
            let (off, first) = self.four_of(p);
            for j in (1..4).rev() {
                self.relink(first + ((off + j) & 3));
            }
            return;
        }
        let mut q = p - 1;
        while q != p {
            // SAFETY: as in `hide_as`, every index read from the matrix is
            // in bounds.
            unsafe {
                let node = *self.nodes.get_unchecked(q as usize);
                if node.top <= 0 {
                    q = node.down;
                } else {
                    if D != COLORS || node.color >= 0 {
                        self.nodes.get_unchecked_mut(node.up as usize).down = q;
                        self.nodes.get_unchecked_mut(node.down as usize).up = q;
                        *self.lens.get_unchecked_mut(node.top as usize) += 1;
                    }
                    q -= 1;
                }
            }
        }
    }

    /// Removes option node `p`'s option from every other item's list.
    #[inline(always)]
    pub(super) fn hide(&mut self, p: u32) {
        self.updates += self.hide_as::<COLORS>(p);
    }

    /// Undoes [`Self::hide`].
    #[inline(always)]
    pub(super) fn unhide(&mut self, p: u32) {
        self.unhide_as::<COLORS>(p);
    }

    /// Covers item header `i`: hides every option in its list and removes
    /// it from its item list, dancing as `D` says. The updates are summed
    /// in a register and added once.
    #[inline]
    pub(super) fn cover_in<const D: u8>(&mut self, i: u32) {
        // Knuth counts unlinking the item itself as an update too.
        let mut updates = 1;
        // SAFETY: as below.
        let mut p = unsafe { self.nodes.get_unchecked(i as usize).down };
        while p != i {
            updates += self.hide_as::<D>(p);
            // SAFETY: `p` is a node of `i`'s list, read from the links,
            // which hold only indices below `nodes.len()` (see `hide_as`).
            p = unsafe { self.nodes.get_unchecked(p as usize).down };
        }
        // SAFETY: `i` is a header, and every link stored in the item list
        // is one too (see `hide_as`); both index `items` and `lens`.
        unsafe {
            let ItemLink { prev, next } = *self.items.get_unchecked(i as usize);
            self.items.get_unchecked_mut(prev as usize).next = next;
            self.items.get_unchecked_mut(next as usize).prev = prev;
            *self.lens.get_unchecked_mut(i as usize) |= COVERED;
        }
        self.updates += updates;
    }

    /// Undoes [`Self::cover_in`].
    #[inline]
    pub(super) fn uncover_in<const D: u8>(&mut self, i: u32) {
        // SAFETY: as in `cover_in`.
        let mut p = unsafe {
            let ItemLink { prev, next } = *self.items.get_unchecked(i as usize);
            self.items.get_unchecked_mut(prev as usize).next = i;
            self.items.get_unchecked_mut(next as usize).prev = i;
            *self.lens.get_unchecked_mut(i as usize) &= !COVERED;
            self.nodes.get_unchecked(i as usize).up
        };
        while p != i {
            self.unhide_as::<D>(p);
            // SAFETY: as in `cover_in`.
            p = unsafe { self.nodes.get_unchecked(p as usize).up };
        }
    }

    /// Covers item header `i` (any matrix).
    #[inline]
    pub(super) fn cover(&mut self, i: u32) {
        self.cover_in::<COLORS>(i);
    }

    /// Undoes [`Self::cover`].
    #[inline]
    pub(super) fn uncover(&mut self, i: u32) {
        self.uncover_in::<COLORS>(i);
    }

    /// Keeps only the options compatible with node `p`'s color on its item.
    fn purify(&mut self, p: u32) {
        let Node { top, color, .. } = self.nodes[p as usize];
        let i = top as u32;
        self.nodes[i as usize].color = color;
        let mut q = self.nodes[i as usize].down;
        while q != i {
            if self.nodes[q as usize].color == color {
                self.nodes[q as usize].color = -1;
            } else {
                self.hide(q);
            }
            q = self.nodes[q as usize].down;
        }
    }

    /// Undoes [`Self::purify`].
    fn unpurify(&mut self, p: u32) {
        let i = self.nodes[p as usize].top as u32;
        let color = self.nodes[i as usize].color;
        let mut q = self.nodes[i as usize].up;
        while q != i {
            if self.nodes[q as usize].color < 0 {
                self.nodes[q as usize].color = color;
            } else {
                self.unhide(q);
            }
            q = self.nodes[q as usize].up;
        }
    }

    /// Commits option node `p`'s item: covers it if `p` is uncolored,
    /// purifies it if colored, and does nothing if it is already purified
    /// with `p`'s color.
    #[inline(always)]
    fn commit_as<const D: u8>(&mut self, p: u32) {
        let Node { top, color, .. } = self.nodes[p as usize];
        if D != COLORS || color == 0 {
            self.cover_in::<D>(top as u32);
        } else if color > 0 {
            self.purify(p);
        }
    }

    /// Undoes [`Self::commit_as`].
    #[inline(always)]
    fn uncommit_as<const D: u8>(&mut self, p: u32) {
        let Node { top, color, .. } = self.nodes[p as usize];
        if D != COLORS || color == 0 {
            self.uncover_in::<D>(top as u32);
        } else if color > 0 {
            self.unpurify(p);
        }
    }

    /// [`Self::commit_as`] on any matrix.
    #[inline(always)]
    pub(super) fn commit(&mut self, p: u32) {
        self.commit_as::<COLORS>(p);
    }

    /// Undoes [`Self::commit`].
    #[inline(always)]
    pub(super) fn uncommit(&mut self, p: u32) {
        self.uncommit_as::<COLORS>(p);
    }

    /// Commits every item of node `x`'s option other than `x`'s own,
    /// dancing as `D` says.
    #[inline]
    pub(super) fn commit_others_in<const D: u8>(&mut self, x: u32) {
        if D == FOUR {
            let (off, first) = self.four_of(x);
            for j in 1..4 {
                // SAFETY: `first..first + 4` is `x`'s option (see `hide_as`).
                let top = unsafe {
                    self.nodes
                        .get_unchecked((first + ((off + j) & 3)) as usize)
                        .top
                };
                self.cover_in::<D>(top as u32);
            }
            return;
        }
        let mut p = x + 1;
        while p != x {
            let node = self.nodes[p as usize];
            if node.top <= 0 {
                p = node.up;
            } else {
                self.commit_as::<D>(p);
                p += 1;
            }
        }
    }

    /// Undoes [`Self::commit_others_in`], in reverse order.
    #[inline]
    pub(super) fn uncommit_others_in<const D: u8>(&mut self, x: u32) {
        if D == FOUR {
            let (off, first) = self.four_of(x);
            for j in (1..4).rev() {
                // SAFETY: as in `commit_others_in`.
                let top = unsafe {
                    self.nodes
                        .get_unchecked((first + ((off + j) & 3)) as usize)
                        .top
                };
                self.uncover_in::<D>(top as u32);
            }
            return;
        }
        let mut p = x - 1;
        while p != x {
            let node = self.nodes[p as usize];
            if node.top <= 0 {
                p = node.down;
            } else {
                self.uncommit_as::<D>(p);
                p -= 1;
            }
        }
    }

    /// [`Self::commit_others_in`] on any matrix.
    #[inline]
    pub(super) fn commit_others(&mut self, x: u32) {
        self.commit_others_in::<COLORS>(x);
    }

    /// Undoes [`Self::commit_others`], in reverse order.
    #[inline]
    pub(super) fn uncommit_others(&mut self, x: u32) {
        self.uncommit_others_in::<COLORS>(x);
    }
}

mod build;
mod check;
mod force;
mod propagate;
mod search;

use propagate::Propagator;

#[cfg(test)]
mod tests;
