//! Divide and conquer as a step machine, so the construction can be watched like a
//! search: first every block gets its own closed tour (one step each, in the order they
//! are laid), then the seams are spliced one at a time until one tour is left. The
//! depth is the number of separate pieces: it climbs while blocks are laid and falls by
//! one with every join.

use std::sync::Arc;

use super::layout::Layout;
use crate::watch::Watched;
use crate::{Stats, Status, StepMachine};

/// What one step did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConstructionEvent {
    /// Block i got its own tour.
    Block(u32),
    /// Seam i was spliced.
    Join(u32),
}

/// A piece not laid yet.
pub const NOT_LAID: u32 = u32::MAX;

#[derive(Clone, Debug)]
pub struct ConstructionSteps {
    /// Shared: the player keeps clones of the machine as checkpoints.
    layout: Arc<Layout>,
    done: u64,
    stats: Stats,
}

impl ConstructionSteps {
    pub fn new(layout: Arc<Layout>) -> ConstructionSteps {
        ConstructionSteps {
            layout,
            done: 0,
            stats: Stats::default(),
        }
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    fn blocks(&self) -> u64 {
        self.layout.blocks.len() as u64
    }

    fn total(&self) -> u64 {
        self.blocks() + self.layout.seams.len() as u64
    }

    /// Blocks laid and seams spliced so far.
    pub fn progress(&self) -> (u32, u32) {
        let laid = self.done.min(self.blocks());
        (laid as u32, (self.done - laid) as u32)
    }

    /// The step just taken, if any.
    pub fn last(&self) -> Option<ConstructionEvent> {
        let (laid, joined) = self.progress();
        match (laid, joined) {
            (0, _) => None,
            (l, 0) => Some(ConstructionEvent::Block(l - 1)),
            (_, j) => Some(ConstructionEvent::Join(j - 1)),
        }
    }

    /// Each block's piece: the lowest-numbered block it is joined to so far (`NOT_LAID`
    /// for blocks still to come). Pieces are coloured by it, so a join shows as one colour
    /// spreading over the other.
    pub fn pieces(&self) -> Vec<u32> {
        let (laid, joined) = self.progress();
        let mut root: Vec<u32> = (0..self.blocks() as u32)
            .map(|b| if b < laid { b } else { NOT_LAID })
            .collect();
        fn find(root: &mut [u32], mut i: u32) -> u32 {
            while root[i as usize] != i {
                let up = root[root[i as usize] as usize];
                root[i as usize] = up;
                i = up;
            }
            i
        }
        for seam in &self.layout.seams[..joined as usize] {
            let (a, b) = (find(&mut root, seam.joins.0), find(&mut root, seam.joins.1));
            let (lo, hi) = (a.min(b), a.max(b));
            root[hi as usize] = lo;
        }
        (0..root.len() as u32)
            .map(|b| {
                if root[b as usize] == NOT_LAID {
                    NOT_LAID
                } else {
                    find(&mut root, b)
                }
            })
            .collect()
    }

    /// Separate pieces now (blocks laid minus joins made).
    pub fn piece_count(&self) -> u32 {
        let (laid, joined) = self.progress();
        laid - joined
    }
}

impl StepMachine for ConstructionSteps {
    type Event = ConstructionEvent;

    fn step(&mut self) -> Option<ConstructionEvent> {
        self.leap(1)
    }

    fn status(&self) -> Status {
        if self.done == self.total() {
            Status::Solved
        } else {
            Status::Running
        }
    }

    fn stats(&self) -> &Stats {
        &self.stats
    }
}

impl Watched for ConstructionSteps {
    fn depth(&self) -> u32 {
        self.piece_count()
    }

    fn max_depth(&self) -> u32 {
        self.blocks() as u32
    }

    fn solutions(&self) -> u64 {
        u64::from(self.status() == Status::Solved)
    }

    fn event_name(&self, event: Option<&ConstructionEvent>, _depth_before: u32) -> &'static str {
        match event {
            Some(ConstructionEvent::Block(_)) => "block",
            Some(ConstructionEvent::Join(_)) => "join",
            None => "finished",
        }
    }

    /// Many steps at once exactly: a step only moves a counter. Never across the turn
    /// from laying blocks to joining them, so the chart's peak is a step of its own.
    fn leap(&mut self, limit: u64) -> Option<ConstructionEvent> {
        if self.done == self.total() {
            return None;
        }
        let stop = if self.done < self.blocks() {
            self.blocks()
        } else {
            self.total()
        };
        // At most a 256th of the whole at once, so the depth chart still draws the climb
        // and the fall.
        let most = (self.total() / 256).max(1);
        self.done = (self.done + limit.clamp(1, most)).min(stop);
        self.stats.steps = self.done;
        self.stats.nodes = self.done;
        self.last()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::knight::construct::construct;
    use crate::watch::{Level, Player, PlayerAction};

    fn machine(w: u32, h: u32) -> ConstructionSteps {
        let board = Board::new(w, h).unwrap();
        let path = construct(board, 0, true).unwrap();
        ConstructionSteps::new(Arc::new(Layout::of_tour(board, &path).unwrap()))
    }

    #[test]
    fn blocks_first_then_joins_down_to_one_piece() {
        let mut m = machine(16, 16); // 2 x 2 blocks of 8 x 8
        let blocks = m.layout().blocks.len() as u32;
        assert_eq!(blocks, 4);
        let mut events = Vec::new();
        let mut depths = Vec::new();
        while let Some(e) = m.step() {
            events.push(e);
            depths.push(m.depth());
        }
        let expect: Vec<ConstructionEvent> = (0..4)
            .map(ConstructionEvent::Block)
            .chain((0..3).map(ConstructionEvent::Join))
            .collect();
        assert_eq!(events, expect);
        assert_eq!(depths, vec![1, 2, 3, 4, 3, 2, 1]);
        assert_eq!(m.status(), Status::Solved);
        assert_eq!(m.solutions(), 1);
        assert!(m.pieces().iter().all(|&p| p == 0));
    }

    #[test]
    fn pieces_follow_the_seams() {
        let mut m = machine(16, 16);
        for _ in 0..3 {
            m.step();
        }
        assert_eq!(m.pieces(), vec![0, 1, 2, NOT_LAID]);
        m.leap(1);
        assert_eq!(m.progress(), (4, 0));
        m.step(); // the first seam: bottom row, columns 0 and 1 (blocks 0 and 2)
        let seam = m.layout().seams[0];
        assert_eq!(seam.joins, (0, 2));
        assert_eq!(m.pieces(), vec![0, 1, 0, 3]);
    }

    #[test]
    fn leaps_are_short_and_stop_where_the_joins_begin() {
        let mut m = machine(200, 200);
        let blocks = m.layout().blocks.len() as u64;
        let total = blocks + m.layout().seams.len() as u64;
        m.leap(u64::MAX);
        assert_eq!(m.stats().steps, total / 256);
        while m.stats().steps < blocks {
            m.leap(u64::MAX);
        }
        assert_eq!(m.stats().steps, blocks, "the peak is a step of its own");
        assert_eq!(m.depth(), blocks as u32);
    }

    #[test]
    fn the_player_plays_it_and_seeks_back() {
        let m = machine(200, 200);
        let total = (m.layout().blocks.len() + m.layout().seams.len()) as u64;
        let mut p = Player::new(m, (), 10, Level::Every);
        p.apply(PlayerAction::End);
        for _ in 0..100 {
            p.apply(PlayerAction::Tick);
        }
        assert_eq!(p.step(), total);
        assert_eq!(p.machine().piece_count(), 1);
        p.apply(PlayerAction::Seek(10));
        assert_eq!(p.machine().progress(), (10, 0));
    }
}
