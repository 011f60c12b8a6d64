//! The knight's backtracking search as a search tree: the page's own search (the rule,
//! its ties, forward checking) wrapped so the tree recorder (`solver::tree`) can draw it.
//!
//! A node is a walk from the start; its eight children are the eight jumps. The walk's
//! sequences of N − 1 jumps are the brute-force candidates (8^(N−1)), and a jump the search
//! never takes from a node is a *cut*: off the board or onto a visited square (the rule
//! "no square twice"), or every jump of a node that forward checking (or a closed tour's
//! "the start is cut off") refused at once. Cuts are counted the first time the search
//! leaves a node, so each cut hangs under the node that refused it. A search that stops at
//! its first tour leaves the rest of the tree unsearched; the tree says so.

use super::tour::{KnightTour, TourConfig, TourEvent};
use crate::board::Board;
use crate::tree::{SearchTree, TreeMachine};
use crate::watch::Watched;
use crate::{Stats, Status, StepMachine};

/// Boards whose search tree the page draws (the "up to 36 squares").
pub const MAX_TREE_SQUARES: u32 = 36;
/// Nodes the page's recording keeps at most; past this it stops and says so.
pub const MAX_KNIGHT_TREE_NODES: usize = 60_000;
/// Search steps the page records per frame: a knight step and its tree node cost more
/// than a queens step (benches/search_player.rs), so a quarter of the player's budget.
pub const TREE_BUDGET: u64 = 10_000;

/// A knight's-tour search whose tree can be recorded.
#[derive(Clone)]
pub struct KnightTreeSearch {
    tour: KnightTour,
    cuts: u64,
    /// The node on top of the path has had its cuts counted.
    top_counted: bool,
}

impl KnightTreeSearch {
    pub fn new(config: TourConfig) -> Result<KnightTreeSearch, String> {
        Ok(KnightTreeSearch {
            tour: KnightTour::new(config)?,
            cuts: 0,
            top_counted: false,
        })
    }

    pub fn tour(&self) -> &KnightTour {
        &self.tour
    }

    pub fn board(&self) -> Board {
        self.tour.board()
    }

    /// The empty tree for this search: base 8, leaves at N − 1 jumps, at most `max` nodes.
    pub fn tree(&self, max: usize) -> SearchTree {
        SearchTree::new(8, self.board().squares() - 1).with_max_nodes(max)
    }

    /// Jumps from the knight's square that leave the board or land on a visited square.
    fn refused_by_the_rule(&self) -> u64 {
        let path = self.tour.path();
        let top = *path.last().expect("the start");
        let open = self
            .board()
            .knight_moves(top)
            .filter(|s| !path.contains(s))
            .count();
        8 - open as u64
    }
}

impl StepMachine for KnightTreeSearch {
    type Event = TourEvent;

    fn step(&mut self) -> Option<TourEvent> {
        let leaf = self.tour.path().len() as u32 == self.board().squares();
        let first_leave = !self.top_counted && !leaf;
        let refused = if first_leave {
            self.refused_by_the_rule()
        } else {
            0
        };
        let event = self.tour.step()?;
        if first_leave {
            self.cuts += match event {
                // It went deeper: the rule refused the others (they may come later).
                TourEvent::Move { .. } => refused,
                // It left at once: every jump from it was refused.
                _ => 8,
            };
        }
        self.top_counted = !matches!(event, TourEvent::Move { .. });
        Some(event)
    }

    fn status(&self) -> Status {
        self.tour.status()
    }

    fn stats(&self) -> &Stats {
        self.tour.stats()
    }
}

impl TreeMachine for KnightTreeSearch {
    /// The squares after the start.
    fn branch(&self) -> &[u32] {
        &self.tour.path()[1..]
    }

    fn cuts(&self) -> u64 {
        self.cuts
    }

    fn solutions(&self) -> u64 {
        u64::from(self.tour.status() == Status::Solved)
    }
}

impl Watched for KnightTreeSearch {
    /// Jumps made (the start is depth 0, as in the tree).
    fn depth(&self) -> u32 {
        self.tour.path().len() as u32 - 1
    }

    fn max_depth(&self) -> u32 {
        self.board().squares() - 1
    }

    fn solutions(&self) -> u64 {
        TreeMachine::solutions(self)
    }

    fn event_name(&self, event: Option<&TourEvent>, depth_before: u32) -> &'static str {
        match event {
            None => "finished",
            Some(TourEvent::Move { .. }) if self.tour.status() == Status::Solved => "solved",
            Some(TourEvent::Move { .. }) => "move",
            Some(TourEvent::Backtrack { .. }) if depth_before > self.depth() + 1 => "jump",
            Some(TourEvent::Backtrack { .. }) => "backtrack",
            Some(TourEvent::Stuck { .. }) if self.tour.status() == Status::Solved => "solved",
            Some(TourEvent::Stuck { .. }) if self.tour.status() == Status::Failed => "stuck",
            Some(TourEvent::Stuck { .. }) => "failed",
        }
    }
}
