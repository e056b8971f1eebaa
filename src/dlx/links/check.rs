//! Knuth's `sanity` walk of every link and length, and a digest of the
//! whole state, for the tests that check a search leaves the matrix as it
//! found it.

use super::{COVERED, Matrix, OptionId, SanityError};

#[cfg_attr(not(feature = "unstable"), allow(dead_code))] // used through `__unstable`
impl Matrix<'_> {
    // --- Checks ----------------------------------------------------------

    /// Walks every link and length (Knuth's `sanity`): each item list is a
    /// consistent circle, each vertical list is a consistent circle whose
    /// nodes name their item, and each length equals the nodes on its list.
    pub fn sanity(&self) -> Result<(), SanityError> {
        let fail = |msg: String| Err(SanityError(msg));
        let n = self.item_count() as u32;
        let n_nodes = self.nodes.len() as u32;
        for (root, what) in [(0u32, "primary"), (n + 1, "secondary")] {
            let mut p = root;
            for _ in 0..=n + 1 {
                let next = self.items[p as usize].next;
                if next > n + 1 || self.items[next as usize].prev != p {
                    return fail(format!("{what} item list broken after {p}"));
                }
                p = next;
                if p == root {
                    break;
                }
                let in_range = if root == 0 {
                    p <= self.primary
                } else {
                    p > self.primary && p <= n
                };
                if !in_range {
                    return fail(format!("item {p} is on the {what} list"));
                }
            }
            if p != root {
                return fail(format!("{what} item list does not close"));
            }
        }
        for h in 1..=n {
            let mut count = 0i32;
            let mut p = h;
            loop {
                let down = self.nodes[p as usize].down;
                if down >= n_nodes || self.nodes[down as usize].up != p {
                    return fail(format!("item {h}: down link of node {p} broken"));
                }
                p = down;
                if p == h {
                    break;
                }
                if self.nodes[p as usize].top != h as i32 {
                    return fail(format!("item {h}: node {p} names another item"));
                }
                count += 1;
                if count > n_nodes as i32 {
                    return fail(format!("item {h}: list does not close"));
                }
            }
            let len = self.lens[h as usize];
            if len & !COVERED != count as u32 {
                return fail(format!(
                    "item {h}: length {} but {count} nodes",
                    len & !COVERED
                ));
            }
            if (len & COVERED != 0) == self.is_active(h) {
                return fail(format!(
                    "item {h}: covered mark disagrees with its item list"
                ));
            }
        }
        for k in 0..self.option_count() {
            let (first, end) = self.option_span(OptionId(k as u32));
            let spacer = self.nodes[end as usize];
            if spacer.top != -(k as i32) - 1 || spacer.up != first {
                return fail(format!("spacer after option {k} broken"));
            }
        }
        Ok(())
    }

    /// A hash of every link, length and option color: equal before and after a
    /// search that restored the matrix (used by tests with [`Self::sanity`]).
    pub fn state_digest(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        let headers = 1..=self.item_count();
        for (q, node) in self.nodes.iter().enumerate() {
            // A header's color is scratch space for `purify`, not state.
            let color = if headers.contains(&q) { 0 } else { node.color };
            (node.up, node.down, node.top, color).hash(&mut h);
        }
        self.items.hash(&mut h);
        self.lens.hash(&mut h);
        self.forced[..self.forced_len].hash(&mut h);
        h.finish()
    }
}
