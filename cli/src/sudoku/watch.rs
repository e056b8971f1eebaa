//! A long `dlx count` seen from a terminal, and stopped from one: the
//! progress line of the cases whose search runs past [`SHOW_AFTER`], and
//! Ctrl-C turned into a partial count.
//!
//! Each case's search gets a [`CaseWatch`] as its cancel: at every tick
//! (65,536 search nodes) it tells the run's [`Board`] the solutions so far,
//! the nodes and Knuth's estimate of the tree done, and answers whether the
//! interrupt flag (set by the command's Ctrl-C handler) is up. The board
//! draws one line on standard error for the earliest case still running
//! that started at least [`SHOW_AFTER`] ago, noting how many more are
//! running on other threads, and clears it when none is left.
//!
//! Invariants:
//! * Nothing here changes what a case prints or how it is counted: the
//!   watch only reads the search's progress; a case stopped by the
//!   interrupt is written as the lower bound it found (see the caller).
//! * The caller makes a board only when standard error is a terminal; the
//!   line is one terminal line, redrawn in place (`\r`, erase to the end),
//!   never wider than the terminal, and the writer prints through
//!   [`Board::suspend`], so the line never lands inside a result.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use dlx_engine::dlx::Cancel;
use dlx_engine::dlx::Progress;

/// How long a case runs before its progress is shown.
pub const SHOW_AFTER: Duration = Duration::from_secs(1);

/// The line is drawn at most this often.
const REDRAW_EVERY: Duration = Duration::from_millis(100);

/// The progress line of a run, shared by its threads.
#[derive(Default)]
pub struct Board {
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    /// The cases being searched, by case number.
    running: BTreeMap<usize, Running>,
    /// When the line was last drawn, while it is on the screen.
    drawn: Option<Instant>,
}

/// One case being searched, as its last tick left it.
struct Running {
    label: String,
    started: Instant,
    solutions: u128,
    nodes: u64,
    fraction_done: f64,
}

impl Board {
    /// A board with nothing shown.
    pub fn new() -> Self {
        Self::default()
    }

    /// The cancel for the search of case `number` (`label` names it on the
    /// line), which stops once `interrupt`, if any, is set.
    pub fn watch(
        self: &Arc<Self>,
        number: usize,
        label: String,
        interrupt: Option<Arc<AtomicBool>>,
    ) -> CaseWatch {
        CaseWatch {
            board: Arc::clone(self),
            number,
            label,
            started: Instant::now(),
            interrupt,
        }
    }

    /// Runs `f` (which prints) with the line out of the way: cleared
    /// first, drawn again at the next tick.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        let mut state = self.lock();
        state.clear();
        f()
    }

    /// The state, even if a thread panicked while holding it (what it
    /// holds is only what is shown).
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn update(&self, watch: &CaseWatch, progress: &Progress<'_, '_>) {
        let mut state = self.lock();
        let running = state
            .running
            .entry(watch.number)
            .or_insert_with(|| Running {
                label: watch.label.clone(),
                started: watch.started,
                solutions: 0,
                nodes: 0,
                fraction_done: 0.0,
            });
        running.solutions = progress.stats.solutions;
        running.nodes = progress.stats.nodes;
        running.fraction_done = progress.fraction_done();
        state.redraw();
    }

    fn finish(&self, number: usize) {
        let mut state = self.lock();
        if state.running.remove(&number).is_some() {
            state.redraw();
        }
    }
}

impl State {
    /// Shows the earliest case running for [`SHOW_AFTER`] or more, or
    /// clears the line when there is none.
    fn redraw(&mut self) {
        let shown = self
            .running
            .values()
            .find(|r| r.started.elapsed() >= SHOW_AFTER);
        let Some(r) = shown else {
            self.clear();
            return;
        };
        if self.drawn.is_some_and(|at| at.elapsed() < REDRAW_EVERY) {
            return;
        }
        let others = self.running.len() - 1;
        let percent = 100.0 * r.fraction_done;
        let done = if percent < 0.01 {
            "<0.01%".to_string()
        } else {
            format!("{percent:.2}%")
        };
        let mut text = format!(
            "dlx count: {}: {} solutions so far, {} nodes, {done} of the tree, {:.0} s",
            r.label,
            r.solutions,
            r.nodes,
            r.started.elapsed().as_secs_f64(),
        );
        if others > 0 {
            text.push_str(&format!(", {others} more running"));
        }
        text.push_str("; Ctrl-C stops");
        // Short of the width, so that the line never wraps, not even when
        // the terminal echoes `^C` after it: the part of a wrapped line
        // above the cursor would be left behind when the line is cleared.
        if let Some((_, columns)) = console::Term::stderr().size_checked() {
            let room = usize::from(columns).saturating_sub(4);
            if let Some((cut, _)) = text.char_indices().nth(room) {
                text.truncate(cut);
            }
        }
        let mut err = io::stderr().lock();
        let _ = write!(err, "\r{text}\x1b[K");
        let _ = err.flush();
        self.drawn = Some(Instant::now());
    }

    /// Takes the line off the screen, if it is on it.
    fn clear(&mut self) {
        if self.drawn.take().is_some() {
            let mut err = io::stderr().lock();
            let _ = write!(err, "\r\x1b[K");
            let _ = err.flush();
        }
    }
}

/// The cancel of one case's search: reports its ticks to the board and
/// stops it at the interrupt. Dropping it takes the case off the line.
pub struct CaseWatch {
    board: Arc<Board>,
    number: usize,
    label: String,
    started: Instant,
    interrupt: Option<Arc<AtomicBool>>,
}

impl Cancel for CaseWatch {
    fn is_cancelled(&self) -> bool {
        self.interrupt
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
    }

    fn observe(&self, progress: &Progress<'_, '_>) {
        self.board.update(self, progress);
    }
}

impl Drop for CaseWatch {
    fn drop(&mut self) {
        self.board.finish(self.number);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlx_engine::sudoku::{Grid, Shape, SolverKind, Solvers};

    #[test]
    fn a_watched_search_is_listed_while_it_runs_and_stopped_by_the_flag() {
        let board = Arc::new(Board::new());
        let flag = Arc::new(AtomicBool::new(false));
        let watch = Arc::new(board.watch(7, "blank line 1".into(), Some(flag.clone())));
        let shape = Shape::new(3, 3).unwrap();
        let mut solvers = Solvers::default();
        let solver = solvers.for_rules(SolverKind::Dlx, shape, None).unwrap();
        solver.set_cancel(Some(watch.clone()));
        let blank = Grid::empty(shape);
        // Enough nodes for a few ticks: the board lists the case.
        let limits = dlx_engine::dlx::SearchLimits {
            max_solutions: u64::MAX,
            max_nodes: 5 << 16,
        };
        let report = solver.search(&blank, limits, None).unwrap();
        {
            let state = board.lock();
            let running = &state.running[&7];
            assert_eq!(running.label, "blank line 1");
            assert!(running.nodes >= 4 << 16 && running.nodes <= report.stats.nodes);
            assert!(running.solutions > 0 && running.solutions <= report.stats.solutions);
            assert!(running.fraction_done > 0.0 && running.fraction_done < 1.0);
            // Not yet a second old: no line drawn.
            assert!(state.drawn.is_none() || running.started.elapsed() >= SHOW_AFTER);
        }
        // The flag stops the next search at its first tick.
        flag.store(true, Ordering::Relaxed);
        let report = solver.search(&blank, dlx_engine::dlx::SearchLimits::UNLIMITED, None);
        assert_eq!(report.unwrap().outcome, dlx_engine::dlx::Outcome::Stopped);
        // Dropping the last handle takes the case off the board.
        solver.set_cancel(None);
        drop(watch);
        assert!(board.lock().running.is_empty());
    }
}
