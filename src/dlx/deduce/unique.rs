//! Unique rectangles on the matrix: four places in a cycle, each with two
//! options `a`, `b` left among others, where neighbours' `a` options
//! share an item (not a place) and so do their `b` options, and where the
//! two ways of taking `a`, `b`, `a`, `b` around the cycle cover the same
//! items. Then a solution that took one way would give a second solution
//! by taking the other (the options are the problem's own), so a problem
//! known to have exactly one solution takes neither; and since
//! neighbours cannot both take `a` (nor both `b`), the four places
//! cannot all take `a` or `b`: some other option of theirs, an *extra*,
//! is true. For Sudoku: four cells in two rows, two columns and two
//! boxes, holding the same two candidates (a deadly pattern), as Sudoku
//! Explainer's unique rectangles of types 1, 2 and 4:
//!
//! * type 1: the extras are all in one place, which takes neither `a`
//!   nor `b`;
//! * type 2: an option weakly linked to every extra goes;
//! * type 4: two neighbours hold the extras, and the item their `a`
//!   options share has no other option: one of them takes `a`, so neither
//!   takes `b` (else the other three would be forced into the pattern).
//!
//! Invariant: a rectangle is only reported for a problem known to have
//! exactly one solution (the ladder asks for it only then), and each
//! removal follows from that alone.

use super::ladder::step;
use super::{Deducer, Move, State, Step};

/// A place of a rectangle and its two pattern options (`a`, then `b`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Corner {
    place: u32,
    a: u32,
    b: u32,
}

impl Deducer {
    /// The place item of option `k`.
    fn place_of(&self, k: u32) -> Option<u32> {
        self.option(k)
            .iter()
            .copied()
            .find(|&i| self.class[i as usize] == self.places)
    }

    /// The corners next to `c`: places other than `c`'s with an option
    /// sharing a non-place item with `c.a` and one sharing such an item
    /// with `c.b`.
    fn neighbours(&self, s: &State, c: Corner) -> Vec<Corner> {
        let mut out: Vec<Corner> = Vec::new();
        for &i in self.option(c.a) {
            if s.covered[i as usize] || self.class[i as usize] == self.places {
                continue;
            }
            for a in self.alive_options(s, i).filter(|&o| o != c.a) {
                let Some(place) = self.place_of(a) else {
                    continue;
                };
                if place == c.place || out.iter().any(|n| n.place == place && n.a == a) {
                    continue;
                }
                let b = self
                    .alive_options(s, place)
                    .find(|&o| o != a && self.weak(s, o, c.b, true));
                if let Some(b) = b {
                    out.push(Corner { place, a, b });
                }
            }
        }
        out
    }

    /// Whether the options `x` and `y` cover the same items, as multisets.
    fn same_cover(&self, x: &[u32], y: &[u32]) -> bool {
        let items = |of: &[u32]| {
            let mut v: Vec<u32> = of
                .iter()
                .flat_map(|&k| self.option(k).iter().copied())
                .collect();
            v.sort_unstable();
            v
        };
        items(x) == items(y)
    }

    /// The first unique rectangle with a removal, from a place with two
    /// options left (every type here has one). Gives the places in cycle
    /// order as the step's items, their `a` and `b` options in that order
    /// as its options.
    pub(super) fn find_unique_rectangle(&self, s: &State) -> Option<Step> {
        for first in self.places_with(s, 2) {
            let o: Vec<u32> = self.alive_options(s, first).collect();
            let c0 = Corner {
                place: first,
                a: o[0],
                b: o[1],
            };
            let next = self.neighbours(s, c0);
            for (j, &c1) in next.iter().enumerate() {
                // Found once per c1, not per pairing.
                let across = self.neighbours(s, c1);
                for &c3 in &next[j + 1..] {
                    if c3.place == c1.place {
                        continue;
                    }
                    for &c2 in &across {
                        if c2.place == c0.place
                            || c2.place == c3.place
                            || !self.weak(s, c2.a, c3.a, true)
                            || !self.weak(s, c2.b, c3.b, true)
                        {
                            continue;
                        }
                        let cycle = [c0, c1, c2, c3];
                        if let Some(st) = self.rectangle_step(s, &cycle) {
                            return Some(st);
                        }
                    }
                }
            }
        }
        None
    }

    /// The step of the rectangle `cycle` (neighbours in turn), if the two
    /// ways round cover the same items and some type removes something.
    fn rectangle_step(&self, s: &State, cycle: &[Corner; 4]) -> Option<Step> {
        // One way: a, b, a, b round the cycle; the other: b, a, b, a.
        let one = [cycle[0].a, cycle[1].b, cycle[2].a, cycle[3].b];
        let other = [cycle[0].b, cycle[1].a, cycle[2].b, cycle[3].a];
        if !self.same_cover(&one, &other) {
            return None;
        }
        let pattern: Vec<u32> = cycle.iter().flat_map(|c| [c.a, c.b]).collect();
        let extras: Vec<u32> = cycle
            .iter()
            .flat_map(|c| {
                self.alive_options(s, c.place)
                    .filter(|&k| k != c.a && k != c.b)
            })
            .collect();
        let with_extras: Vec<usize> = (0..4)
            .filter(|&j| s.len[cycle[j].place as usize] > 2)
            .collect();
        let done = |kind: u8, mut removed: Vec<u32>| {
            removed.sort_unstable();
            removed.dedup();
            let items = cycle.iter().map(|c| c.place).collect();
            Some(step(
                Move::UniqueRectangle(kind),
                items,
                pattern.clone(),
                None,
                removed,
            ))
        };
        match with_extras[..] {
            [] => None,
            // Type 1: that place takes neither a nor b.
            [j] => done(1, vec![cycle[j].a, cycle[j].b]),
            _ => {
                // Type 2: one of the extras is true.
                let mut all = pattern.clone();
                all.extend(&extras);
                let seen = self.seen_by_all(s, &extras, &all, false);
                if !seen.is_empty() {
                    return done(2, seen);
                }
                // Type 4: two neighbours, one of whose shared a (or b)
                // items has no other option.
                let [j, k] = with_extras[..] else {
                    return None;
                };
                if (j + 1) % 4 != k && (k + 1) % 4 != j {
                    return None;
                }
                let (x, y) = (cycle[j], cycle[k]);
                let conjugate = |p: u32, q: u32| {
                    self.option(p).iter().any(|&i| {
                        self.class[i as usize] != self.places
                            && s.len[i as usize] == 2
                            && self.covers(q, i)
                    })
                };
                if conjugate(x.a, y.a) {
                    done(4, vec![x.b, y.b])
                } else if conjugate(x.b, y.b) {
                    done(4, vec![x.a, y.a])
                } else {
                    None
                }
            }
        }
    }
}
