//! The knight's backtracking tree as plain Rust: the page's own search (same rule and
//! options as the worker's) recorded on the page's thread for boards up to 36 squares,
//! grown a budget of steps at a time up to the step the player shows.

use puzzlelab_solver::knight::tree_search::{KnightTreeSearch, MAX_KNIGHT_TREE_NODES, TREE_BUDGET};
use puzzlelab_solver::knight::TourConfig;
use puzzlelab_solver::tree::SearchTree;
use puzzlelab_solver::watch::{Recording, Stop};
use puzzlelab_solver::StepMachine;

/// The search re-run here for its tree.
pub struct KnightTree {
    recording: Recording<KnightTreeSearch, SearchTree>,
}

impl KnightTree {
    pub fn new(config: TourConfig) -> Option<KnightTree> {
        let machine = KnightTreeSearch::new(config).ok()?;
        let tree = machine.tree(MAX_KNIGHT_TREE_NODES);
        Some(KnightTree {
            recording: Recording::new(machine, tree),
        })
    }

    pub fn tree(&self) -> &SearchTree {
        self.recording.observer()
    }

    /// Runs the search a budget of steps towards `step`; `true` while it is still behind.
    pub fn grow_towards(&mut self, step: u64) -> bool {
        if self.recording.furthest() >= step || self.finished() {
            return false;
        }
        self.recording.run(step, false, TREE_BUDGET) == Stop::Budget
    }

    /// The furthest step recorded so far.
    pub fn furthest(&self) -> u64 {
        self.recording.furthest()
    }

    /// Behind the step shown (more work to do).
    pub fn behind(&self, step: u64) -> bool {
        self.recording.furthest() < step && !self.finished()
    }

    fn finished(&self) -> bool {
        self.recording.machine().status().is_finished()
    }

    /// The walk of node `id`: the start, then its squares.
    pub fn walk(&self, id: u32) -> Vec<u32> {
        let start = self.recording.machine().tour().config().start;
        let mut walk = vec![start];
        walk.extend(self.tree().choices(id));
        walk
    }
}
