//! Which path a search takes: the bit boards (plain 9x9), the cells'
//! search with each rule's propagator (setters' rules), or the compiler's
//! matrix on the links, and what the links propagate.

use super::{BoardSearch, CellSearch, DlxSolver, cells};
use crate::dlx::Propagate;

impl DlxSolver {
    /// The propagators the search runs: the choice of
    /// [`DlxSolver::set_propagate`], or by default, as measured: blocking
    /// for 9x9 rows, columns and boxes (pencil marks or not), searched on
    /// the bit boards (BENCHMARKS-history.md, "Locked candidates on the bit
    /// boards"); each rule's own propagator where a rule narrows digits by
    /// more than their difference (docs/variants.md, "Each rule's own
    /// propagator"); the sums for the other rules with constraints; and
    /// none for rules without, whose matrices the four-item links search
    /// fastest without.
    pub(crate) fn propagate(&self) -> Propagate {
        let variant = &self.tables.variant;
        match self.searches.propagate {
            Some(p) => p,
            None if BoardSearch::takes(variant) => Propagate::Blocking,
            None if cells::pays(variant) => Propagate::Rules,
            None if variant.constraints().is_empty() => Propagate::Off,
            None => Propagate::Sums,
        }
    }

    /// What the links propagate: [`DlxSolver::propagate`], with the rules'
    /// own propagators (which run on the cells, not on the links) as the
    /// sums, for the puzzles the cells' search does not take.
    pub(super) fn links_propagate(&self) -> Propagate {
        match self.propagate() {
            Propagate::Rules => Propagate::Sums,
            p => p,
        }
    }

    /// Whether the search runs on the bit boards (`boards.rs`): 9x9 rows,
    /// columns and boxes (pencil marks allowed) with blocking (or every
    /// rule's propagator, which for these rules are the boards').
    pub(super) fn uses_boards(&self) -> bool {
        BoardSearch::takes(&self.tables.variant)
            && matches!(
                self.propagate(),
                Propagate::Blocking | Propagate::All | Propagate::Rules
            )
    }

    /// The search on the cells (`cells.rs`), when it runs: with each
    /// rule's own propagator off the bit boards, and every rule having one.
    pub(super) fn uses_cells(&mut self) -> Option<&mut CellSearch> {
        if self.propagate() != Propagate::Rules || self.uses_boards() {
            return None;
        }
        let variant = &self.tables.variant;
        self.searches
            .cells
            .get_or_insert_with(|| CellSearch::of(variant).map(Box::new))
            .as_deref_mut()
    }
}
