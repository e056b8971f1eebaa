//! Building the links: from a [`Problem`] (names, colors, items in any
//! order), from a [`FlatProblem`] (flat lists, the first items primary),
//! and from four-item options (a Sudoku's reduced matrix, each node written
//! once), all to the layout the [module docs](super::super) describe.

use std::mem::MaybeUninit;

use bumpalo::Bump;

use super::{COLORS, COVERED, FOUR, ItemKind, ItemLink, Matrix, Node, PLAIN, Propagator};
use crate::dlx::builder::{BuildError, Problem};
use crate::dlx::flat::FlatProblem;

impl Problem {
    /// Compiles the problem into a `Matrix` whose storage lives in `arena`.
    /// Fails for a problem with multiplicities
    /// ([`Problem::has_multiplicities`]), which the DLX1/DLX2 links would
    /// search as if every bound were 1: [`Problem::engine`] runs those on
    /// Algorithm M.
    pub(crate) fn build<'a>(&self, arena: &'a Bump) -> Result<Matrix<'a>, BuildError> {
        if self.has_multiplicities() {
            return Err(BuildError::Multiplicities);
        }
        let mut matrix = self.build_links(arena)?;
        matrix.preferred = (self.preferred() as u32).min(matrix.primary);
        matrix.prop = Propagator::build(self, &matrix).map(Box::new);
        Ok(matrix)
    }

    /// [`Problem::build`] without the check for multiplicities: the links
    /// that Algorithm M ([`super::multiplicity`]) dances on.
    pub(in crate::dlx) fn build_links<'a>(
        &self,
        arena: &'a Bump,
    ) -> Result<Matrix<'a>, BuildError> {
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
    pub(crate) fn from_four_item_options(
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
            preferred: 0,
            dance,
            four_place,
            forced: arena.alloc_slice_fill_default(primary as usize),
            forced_len: 0,
            path_from: 0,
            stack: arena.alloc_slice_fill_default(primary as usize + 1),
            updates: 0,
            pristine: None,
            prop: None,
        }
    }
}
