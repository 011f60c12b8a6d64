//! The knight's-tour machine in the shared search player (`solver::watch`), for lessons:
//! the searches they show are short (a greedy run is one step per square; the backtracking
//! runs a lesson picks finish in thousands), so the page runs them itself.

use crate::knight::{KnightTour, TourConfig, TourEvent};
use crate::watch::Watched;
use crate::{Stats, Status, StepMachine};

#[derive(Clone)]
pub struct TourWatch {
    pub tour: KnightTour,
}

impl TourWatch {
    pub fn new(config: TourConfig) -> Result<TourWatch, String> {
        Ok(TourWatch {
            tour: KnightTour::new(config)?,
        })
    }

    /// Squares on the path now.
    pub fn visited(&self) -> usize {
        self.tour.path().len()
    }

    /// Squares the path has not reached.
    pub fn left(&self) -> usize {
        self.tour.board().squares() as usize - self.visited()
    }
}

impl StepMachine for TourWatch {
    type Event = TourEvent;

    fn step(&mut self) -> Option<TourEvent> {
        self.tour.step()
    }

    fn status(&self) -> Status {
        self.tour.status()
    }

    fn stats(&self) -> &Stats {
        self.tour.stats()
    }
}

impl Watched for TourWatch {
    /// Squares on the path (the start is 1).
    fn depth(&self) -> u32 {
        self.tour.path().len() as u32
    }

    fn max_depth(&self) -> u32 {
        self.tour.board().squares()
    }

    fn solutions(&self) -> u64 {
        u64::from(self.tour.status() == Status::Solved)
    }

    fn event_name(&self, event: Option<&TourEvent>, depth_before: u32) -> &'static str {
        let status = self.tour.status();
        match event {
            None => "finished",
            Some(_) if status == Status::Solved => "solved",
            Some(TourEvent::Move { .. }) => "move",
            Some(TourEvent::Backtrack { .. }) if depth_before > self.depth() + 1 => "jump",
            Some(TourEvent::Backtrack { .. }) => "backtrack",
            Some(TourEvent::Stuck { .. }) if status == Status::Failed => "stuck",
            Some(TourEvent::Stuck { .. }) => "failed",
        }
    }
}

/// Runs a config to its end (or `limit` steps): the finished machine.
pub fn run_to_end(config: TourConfig, limit: u64) -> Result<TourWatch, String> {
    let mut w = TourWatch::new(config)?;
    w.run(limit);
    Ok(w)
}

/// How a run ended, in the figures a lesson states.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    pub status: Status,
    /// Squares on the path.
    pub visited: u64,
    /// Squares never reached.
    pub left: u64,
    /// The square the path ends on.
    pub last: u32,
    pub steps: u64,
    pub backtracks: u64,
    pub path: Vec<u32>,
}

impl TourWatch {
    pub fn ending(&self) -> Ending {
        Ending {
            status: self.status(),
            visited: self.visited() as u64,
            left: self.left() as u64,
            last: *self.tour.path().last().expect("a path holds its start"),
            steps: self.stats().steps,
            backtracks: self.stats().backtracks,
            path: self.tour.path().to_vec(),
        }
    }
}

/// Runs a lesson's config (valid by construction) to its end, or `limit` steps.
pub fn ending(config: TourConfig, limit: u64) -> Ending {
    run_to_end(config, limit)
        .expect("a lesson's config is valid")
        .ending()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::watch::{Level, Player, PlayerAction};

    #[test]
    fn the_player_reaches_the_same_end_as_the_machine() {
        let board = Board::new(8, 8).unwrap();
        let config = TourConfig::new(board, 0);
        let end = run_to_end(config, u64::MAX).unwrap();
        let mut player = Player::new(TourWatch::new(config).unwrap(), (), 10, Level::Every);
        player.apply(PlayerAction::End);
        while player.seeking().is_some() || player.playing() {
            player.apply(PlayerAction::Tick);
        }
        assert_eq!(player.machine().tour.path(), end.tour.path());
        assert_eq!(player.machine().status(), end.status());
        assert_eq!(player.recording.total(), Some(end.stats().steps));
    }
}
