//! The distance table's breadth-first search in the shared search player
//! (`solver::watch`): its depth is the layer being expanded, and the milestones the player
//! jumps between ("next solution") are finished layers, so "to the end of the layer" is
//! the same action as the other machines' "next solution".

use super::table::{BfsStep, LayerBfs};
use crate::watch::Watched;
use crate::{Status, StepMachine};

/// The deepest layer in either metric (God's number of the pocket cube: 11 face turns,
/// 14 quarter turns).
pub const MAX_LAYER: u32 = 14;

impl Watched for LayerBfs {
    fn depth(&self) -> u32 {
        self.progress().depth as u32
    }

    fn max_depth(&self) -> u32 {
        MAX_LAYER
    }

    /// Layers finished so far.
    fn solutions(&self) -> u64 {
        self.progress().depth as u64 + u64::from(self.status() == Status::Solved)
    }

    fn event_name(&self, event: Option<&BfsStep>, _depth_before: u32) -> &'static str {
        match event {
            _ if self.status() == Status::Solved => "solved",
            None => "start",
            Some(e) if e.layer_done => "layer",
            Some(_) => "expand",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::table::{DistanceTable, Metric, MoveTables};
    use crate::watch::{Level, Player, PlayerAction};

    #[test]
    fn the_player_walks_the_bfs_layer_by_layer_and_back() {
        let mut p =
            Player::new(LayerBfs::new(Metric::Htm, 16_384), (), 30, Level::Every).with_budget(1);
        // The first three steps each finish a small layer: 1 → 9 → 54 → 321.
        for d in 1..=3u64 {
            p.apply(PlayerAction::Step);
            assert_eq!(p.step(), d);
            assert_eq!(p.recording.event(), "layer");
            assert_eq!(
                p.machine().progress().layer_counts[d as usize],
                [9, 54, 321][d as usize - 1]
            );
        }
        // "To the end of the layer": a step per tick until a layer ends; the first layer
        // that takes more than one step is layer 6 (25,080 positions).
        let mut before = p.step();
        loop {
            p.apply(PlayerAction::NextSolution);
            while p.playing() {
                p.apply(PlayerAction::Tick);
            }
            assert_eq!(p.recording.event(), "layer");
            if p.step() > before + 1 {
                break;
            }
            before = p.step();
        }
        let layer_end = p.step();
        assert_eq!(p.machine().progress().depth, 7);
        // Back a step replays from the start, a step per tick, and lands exactly.
        p.apply(PlayerAction::StepBack);
        let mut ticks = 0;
        while p.playing() {
            p.apply(PlayerAction::Tick);
            ticks += 1;
        }
        assert!(ticks > 1, "bounded per tick");
        assert_eq!(p.step(), layer_end - 1);
        assert_eq!(p.recording.event(), "expand");
        // The end: the table's distribution.
        p.apply(PlayerAction::End);
        while p.playing() {
            p.apply(PlayerAction::Tick);
        }
        assert_eq!(p.recording.event(), "solved");
        let table = DistanceTable::build(&MoveTables::new(), Metric::Htm);
        assert_eq!(p.machine().progress().layer_counts, table.distribution());
        assert_eq!(p.view().total, Some(p.step()));
    }
}
