//! The dancing-links matrix: storage in the arena, the dance
//! (cover/uncover, hide/unhide, purify/unpurify), forcing options, and the
//! `sanity` check. The layout is described in the [module docs](super).

use std::mem::MaybeUninit;

use bumpalo::Bump;

use super::builder::{BuildError, Problem};
use super::flat::FlatProblem;
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
    pristine: Option<&'a Pristine<'a>>,
}

/// The links of a matrix with nothing forced.
struct Pristine<'a> {
    nodes: &'a [Node],
    items: &'a [ItemLink],
    lens: &'a [u32],
}

impl Problem {
    /// Compiles the problem into a [`Matrix`] whose storage lives in `arena`.
    /// Fails for a problem with multiplicities
    /// ([`Problem::has_multiplicities`]), which the DLX1/DLX2 links would
    /// search as if every bound were 1: [`Problem::engine`] runs those on
    /// Algorithm M.
    pub fn build<'a>(&self, arena: &'a Bump) -> Result<Matrix<'a>, BuildError> {
        if self.has_multiplicities() {
            return Err(BuildError::Multiplicities);
        }
        self.build_links(arena)
    }

    /// [`Problem::build`] without the check for multiplicities: the links
    /// that Algorithm M ([`super::multiplicity`]) dances on.
    pub(super) fn build_links<'a>(&self, arena: &'a Bump) -> Result<Matrix<'a>, BuildError> {
        let n_items = self.kinds.len();
        if 2 + n_items + self.entries.len() + self.option_ends.len() >= COVERED as usize {
            return Err(BuildError::TooLarge);
        }
        // Headers: primary items first, in the order added, then secondary.
        let header_of_item = arena.alloc_slice_fill_copy(n_items, 0u32);
        let item_of_header = arena.alloc_slice_fill_copy(n_items + 1, 0u32);
        let mut next = 1u32;
        for kind in [ItemKind::Primary, ItemKind::Secondary] {
            for (item, _) in self.kinds.iter().enumerate().filter(|(_, k)| **k == kind) {
                header_of_item[item] = next;
                item_of_header[next as usize] = item as u32;
                next += 1;
            }
        }
        let primary = self
            .kinds
            .iter()
            .filter(|&&k| k == ItemKind::Primary)
            .count() as u32;
        let header_of_item: &'a [u32] = header_of_item;
        Matrix::lay_out(
            arena,
            Headers {
                of_item: header_of_item,
                item_of: item_of_header,
                primary,
            },
            &self.entries,
            &self.option_ends,
            |&(item, color)| (header_of_item[item as usize], color),
        )
    }
}

/// Where each item's header sits: primary items take headers
/// `1..=primary`, secondary ones the rest.
struct Headers<'a> {
    of_item: &'a [u32],
    item_of: &'a [u32],
    primary: u32,
}

impl<'a> Headers<'a> {
    /// `items` items in order, item `i` at header `i + 1`, the first
    /// `primary` of them primary.
    fn in_order(arena: &'a Bump, items: u32, primary: u32) -> Self {
        Headers {
            of_item: arena.alloc_slice_fill_with(items as usize, |i| i as u32 + 1),
            item_of: arena
                .alloc_slice_fill_with(items as usize + 1, |h| (h as u32).saturating_sub(1)),
            primary,
        }
    }
}

impl<'a> Matrix<'a> {
    /// Compiles a problem without colors given as flat lists
    /// ([`FlatProblem`]: the first `primary` items primary, the rest
    /// secondary). The same matrix as a [`Problem`] with those items and
    /// options would build, without the problem's per-entry bookkeeping:
    /// for callers that compile one matrix per instance (a Sudoku's
    /// givens, say), where the build costs as much as the search. Refuses
    /// what [`Problem::add_option`] would (an unknown or repeated item, an
    /// option with no primary item), an option that ends outside the
    /// entries, and a problem too large.
    ///
    /// ```
    /// use dlx_engine::dlx::{FlatProblem, Matrix, Search};
    /// let arena = bumpalo::Bump::new();
    /// // Items 0 and 1; options {0, 1}, {0}, {1}.
    /// let p = FlatProblem::all_primary(2, &[0, 1, 0, 1], &[2, 3, 4]);
    /// let mut m = Matrix::from_flat(&arena, p).unwrap();
    /// assert_eq!(m.count_up_to(u64::MAX).solutions, 2);
    /// // Item 1 secondary: {0} alone covers the primary item too.
    /// let p = FlatProblem { primary: 1, ..p };
    /// assert_eq!(Matrix::from_flat(&arena, p).unwrap().count_up_to(u64::MAX).solutions, 2);
    /// ```
    pub fn from_flat(arena: &'a Bump, problem: FlatProblem<'_>) -> Result<Self, BuildError> {
        let FlatProblem {
            items,
            primary,
            entries,
            ends,
        } = problem;
        let n_items = items as usize;
        if 2 + n_items + entries.len() + ends.len() >= COVERED as usize {
            return Err(BuildError::TooLarge);
        }
        if primary > items {
            return Err(BuildError::PrimaryCount { primary, items });
        }
        if primary < items {
            // Only here can an option lack a primary item: the layout
            // checks the rest.
            let lacks = (0..ends.len()).find(|&k| {
                problem
                    .option(k)
                    .is_some_and(|o| o.iter().all(|&i| i >= primary))
            });
            if let Some(k) = lacks {
                return Err(BuildError::NoPrimaryItem { option: k as u32 });
            }
        }
        Self::lay_out(
            arena,
            Headers::in_order(arena, items, primary),
            entries,
            ends,
            |&item| (item.wrapping_add(1), 0),
        )
    }

    /// [`Matrix::from_flat`], all items primary, for options of exactly four items
    /// each (a plain or jigsaw Sudoku's cell, row, column and box): the
    /// same matrix, node for node, laid out with each node written once,
    /// since the four-item stride tells where every node and spacer goes
    /// before any is written (no zero fill, no walk of option ends, no
    /// spacer written twice). Refuses what `from_flat` would.
    ///
    /// ```
    /// use dlx_engine::dlx::{Matrix, Search};
    /// let arena = bumpalo::Bump::new();
    /// // Items 0..4; options {0, 1, 2, 3} and {0, 1, 2, 3}: two solutions.
    /// let options = [[0, 1, 2, 3], [0, 1, 2, 3]];
    /// let mut m = Matrix::from_four_item_options(&arena, 4, &options).unwrap();
    /// assert_eq!(m.count_up_to(u64::MAX).solutions, 2);
    /// ```
    pub fn from_four_item_options(
        arena: &'a Bump,
        items: u32,
        options: &[[u32; 4]],
    ) -> Result<Self, BuildError> {
        let n = items;
        let n_items = items as usize;
        let n_nodes = options
            .len()
            .checked_mul(5)
            .and_then(|nodes| nodes.checked_add(2 + n_items))
            .filter(|&nodes| nodes < COVERED as usize)
            .ok_or(BuildError::TooLarge)?;
        let headers = Headers::in_order(arena, items, items);
        let lens = arena.alloc_slice_fill_default::<u32>(n_items + 2);
        let layout =
            std::alloc::Layout::array::<Node>(n_nodes).map_err(|_| BuildError::TooLarge)?;
        let raw = arena.alloc_layout(layout).cast::<MaybeUninit<Node>>();
        // SAFETY: a fresh allocation with room and alignment for `n_nodes`
        // nodes, lent to no one else for `'a`; `MaybeUninit` needs no
        // initialisation.
        let slots: &'a mut [MaybeUninit<Node>] =
            unsafe { std::slice::from_raw_parts_mut(raw.as_ptr(), n_nodes) };
        let spacer = |up: u32, k: usize, top: i32| Node {
            up,
            // The last node of the next option, if there is one.
            down: if k < options.len() {
                (n as usize + 5 + 5 * k) as u32
            } else {
                0
            },
            top,
            color: 0,
        };
        slots[0].write(Node::default());
        for h in 1..=n {
            slots[h as usize].write(Node {
                up: h,
                down: h,
                top: 0,
                color: 0,
            });
        }
        slots[n as usize + 1].write(spacer(0, 0, 0));
        for (k, option) in options.iter().enumerate() {
            let before = n as usize + 1 + 5 * k;
            for (j, &item) in option.iter().enumerate() {
                let p = before + 1 + j;
                let h = item.wrapping_add(1);
                if item >= n {
                    return Err(BuildError::UnknownItem {
                        option: k as u32,
                        item,
                        items: n,
                    });
                }
                // SAFETY: `h` is a header (`1..=n`), written above, and
                // below `lens.len()`; `p < n_nodes` (the option's place in
                // the stride); `last` is a node written before: the header
                // or an earlier option's node, which is `< p`.
                unsafe {
                    let header = slots.get_unchecked_mut(h as usize).assume_init_mut();
                    let last = std::mem::replace(&mut header.up, p as u32);
                    if last as usize > before {
                        return Err(BuildError::RepeatedItem {
                            option: k as u32,
                            item,
                        });
                    }
                    slots.get_unchecked_mut(p).write(Node {
                        up: last,
                        down: h,
                        top: h as i32,
                        color: 0,
                    });
                    slots
                        .get_unchecked_mut(last as usize)
                        .assume_init_mut()
                        .down = p as u32;
                    *lens.get_unchecked_mut(h as usize) += 1;
                }
            }
            slots[before + 5].write(spacer(before as u32 + 1, k + 1, -(k as i32) - 1));
        }
        // SAFETY: every slot is written: node 0, the headers `1..=n`, the
        // first spacer `n+1`, and each option's four nodes and spacer at
        // `n+2+5k ..= n+6+5k`, up to `n_nodes - 1`.
        let nodes = unsafe { &mut *(slots as *mut [MaybeUninit<Node>] as *mut [Node]) };
        let option_first = arena.alloc_slice_fill_with(options.len() + 1, |k| n + 2 + 5 * k as u32);
        Ok(Self::assemble(
            arena,
            nodes,
            lens,
            headers,
            option_first,
            FOUR,
        ))
    }

    /// Lays out the lists of a problem: options `entries` split at `ends`,
    /// each entry read as (header, color) by `header_and_color`. Checks as
    /// it goes that each option is non-empty, ends within `entries` and
    /// names existing headers, each once (a header named twice in one
    /// option already has a node past the option's spacer at its foot), so
    /// that the one pass over the entries both checks and builds; on an
    /// error the partly written storage is left to the arena.
    fn lay_out<E>(
        arena: &'a Bump,
        headers: Headers<'a>,
        entries: &[E],
        ends: &[u32],
        header_and_color: impl Fn(&E) -> (u32, u32),
    ) -> Result<Self, BuildError> {
        let n_items = headers.of_item.len();
        let n_nodes = 2 + n_items + entries.len() + ends.len();
        let n = n_items as u32;
        let mut colored = false;
        let mut all_four = true;

        let lens = arena.alloc_slice_fill_default::<u32>(n_items + 2);
        let nodes = arena.alloc_slice_fill_default::<Node>(n_nodes);
        for h in 1..=n {
            nodes[h as usize].up = h;
            nodes[h as usize].down = h;
        }
        let option_first = arena.alloc_slice_fill_default::<u32>(ends.len() + 1);
        // `p` is the last node written: the spacer before option `k`, then
        // each of its nodes, appended to the foot of its item's list.
        let mut p = n as usize + 1;
        let mut start = 0usize;
        for (k, &end) in ends.iter().enumerate() {
            let option = k as u32;
            let spacer = p;
            option_first[k] = spacer as u32 + 1;
            let Some(option_entries) = entries.get(start..end as usize) else {
                return Err(BuildError::OptionBounds { option });
            };
            if option_entries.is_empty() {
                return Err(BuildError::NoPrimaryItem { option });
            }
            for entry in option_entries {
                p += 1;
                let (h, color) = header_and_color(entry);
                colored |= color != 0;
                if h.wrapping_sub(1) >= n {
                    return Err(BuildError::UnknownItem {
                        option,
                        item: h.wrapping_sub(1),
                        items: n,
                    });
                }
                // SAFETY: `h` is a header (`1..=n`, below `lens.len()` and
                // `nodes.len()`); `last` is a node written before (a header
                // or an earlier option's node); `p` counts the nodes
                // written so far, and `n_nodes` leaves room for every entry
                // and spacer, `option_entries` being a part of `entries`.
                unsafe {
                    let header = nodes.get_unchecked_mut(h as usize);
                    let last = std::mem::replace(&mut header.up, p as u32);
                    if last as usize > spacer {
                        return Err(BuildError::RepeatedItem {
                            option,
                            item: headers.item_of[h as usize],
                        });
                    }
                    *nodes.get_unchecked_mut(p) = Node {
                        up: last,
                        down: h,
                        top: h as i32,
                        color: color as i32,
                    };
                    nodes.get_unchecked_mut(last as usize).down = p as u32;
                    *lens.get_unchecked_mut(h as usize) += 1;
                }
            }
            nodes[spacer].down = p as u32;
            all_four &= option_entries.len() == 4;
            p += 1;
            nodes[p] = Node {
                up: spacer as u32 + 1,
                down: 0,
                top: -(k as i32) - 1,
                color: 0,
            };
            start = end as usize;
        }
        if start != entries.len() {
            // Entries after the last option's end belong to no option.
            return Err(BuildError::OptionBounds {
                option: ends.len() as u32,
            });
        }
        option_first[ends.len()] = p as u32 + 1;
        debug_assert_eq!(p + 1, n_nodes);

        let dance = match (colored, all_four) {
            (true, _) => COLORS,
            (false, false) => PLAIN,
            (false, true) => FOUR,
        };
        Ok(Self::assemble(
            arena,
            nodes,
            lens,
            headers,
            option_first,
            dance,
        ))
    }

    /// The matrix of laid-out `nodes`, `lens` and `option_first`: the item
    /// lists (primary items in one circular list from root 0, secondary in
    /// one from root `n+1`) and empty search state.
    fn assemble(
        arena: &'a Bump,
        nodes: &'a mut [Node],
        lens: &'a mut [u32],
        headers: Headers<'a>,
        option_first: &'a [u32],
        dance: u8,
    ) -> Self {
        let n = headers.of_item.len() as u32;
        let primary = headers.primary;
        let items = arena.alloc_slice_fill_default::<ItemLink>(n as usize + 2);
        let link = |items: &mut [ItemLink], root: u32, first: u32, last: u32| {
            // Circular list root, first..=last (empty when first > last).
            let mut prev = root;
            for i in first..=last {
                items[prev as usize].next = i;
                items[i as usize].prev = prev;
                prev = i;
            }
            items[prev as usize].next = root;
            items[root as usize].prev = prev;
        };
        link(items, 0, 1, primary);
        link(items, n + 1, primary + 1, n);
        let four_place: &'a [u8] = if dance == FOUR {
            let table = arena.alloc_slice_fill_copy(nodes.len(), 0u8);
            let first = n as usize + 2;
            for stride in table[first.min(nodes.len())..].chunks_exact_mut(5) {
                stride.copy_from_slice(&[0, 1, 2, 3, 4]);
            }
            table
        } else {
            &[]
        };
        Matrix {
            nodes,
            items,
            lens,
            header_of_item: headers.of_item,
            item_of_header: headers.item_of,
            option_first,
            primary,
            dance,
            four_place,
            forced: arena.alloc_slice_fill_default(primary as usize),
            forced_len: 0,
            path_from: 0,
            stack: arena.alloc_slice_fill_default(primary as usize + 1),
            updates: 0,
            pristine: None,
        }
    }
}

impl<'a> Matrix<'a> {
    /// Number of items.
    pub fn item_count(&self) -> usize {
        self.header_of_item.len()
    }

    /// Number of primary items.
    pub fn primary_count(&self) -> usize {
        self.primary as usize
    }

    /// Number of options.
    pub fn option_count(&self) -> usize {
        self.option_first.len() - 1
    }

    /// Link updates since the matrix was built, counted as Knuth's DLX1
    /// counts them: one per node hidden and one per item covered.
    pub fn updates(&self) -> u64 {
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

    /// The item that header `h` stands for.
    pub(super) fn item_of_header(&self, h: u32) -> ItemId {
        ItemId(self.item_of_header[h as usize])
    }

    /// The items of option `k`, as [`ItemId`]s.
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

mod check;
mod force;
mod search;

#[cfg(test)]
mod tests;
