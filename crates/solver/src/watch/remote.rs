//! The page's side of a search recorded elsewhere (in the worker).

use super::{Level, PlayerAction, PlayerView, MAX_SPEED, MIN_SPEED};
use crate::chart::Bucket;

/// Frames a full play of a remote search takes at most (longer searches skip steps).
pub const PLAY_FRAMES: u64 = 3000;

/// The page's side of a search recorded elsewhere (the knight's timeline lives in the
/// worker): the step shown, the step asked for, playing or not, the speed. Each action says
/// which step to fetch; one fetch is in flight at a time and the newest target wins, so
/// scrubbing a million-step search never queues up stale requests.
#[derive(Clone, Debug, PartialEq)]
pub struct RemotePlayer {
    step: u64,
    total: u64,
    /// A fetch in flight, and the step wanted once it lands.
    asked: Option<u64>,
    wanted: Option<u64>,
    playing: bool,
    speed: u32,
}

impl RemotePlayer {
    /// A finished search of `total` steps, shown at step 0.
    pub fn new(total: u64, speed: u32) -> RemotePlayer {
        RemotePlayer {
            step: 0,
            total,
            asked: None,
            wanted: None,
            playing: false,
            speed: speed.clamp(MIN_SPEED, MAX_SPEED),
        }
    }

    /// The step shown (the last one fetched).
    pub fn step(&self) -> u64 {
        self.step
    }

    pub fn total(&self) -> u64 {
        self.total
    }

    pub fn playing(&self) -> bool {
        self.playing
    }

    pub fn speed(&self) -> u32 {
        self.speed
    }

    /// Where the player is going: the newest step asked for, or the step shown.
    pub fn target(&self) -> u64 {
        self.wanted.or(self.asked).unwrap_or(self.step)
    }

    /// Steps one tick moves while playing: the whole search in at most `PLAY_FRAMES`
    /// ticks, and at least the speed's share of a 60-per-second clock.
    pub fn stride(&self) -> u64 {
        self.total
            .div_ceil(PLAY_FRAMES)
            .max((self.speed as u64).div_ceil(60))
            .max(1)
    }

    /// Milliseconds between ticks while playing.
    pub fn tick_ms(&self) -> u32 {
        (1000 / self.speed).max(16)
    }

    /// Applies an action: the step to fetch now (if any), and whether the player has come
    /// to rest somewhere new (the page then writes the link).
    pub fn apply(&mut self, action: PlayerAction) -> (Option<u64>, bool) {
        let at = self.target();
        let go = |p: &mut RemotePlayer, step: u64| {
            p.playing = false;
            (p.ask(step.min(p.total)), true)
        };
        match action {
            PlayerAction::Play => {
                self.playing = at < self.total;
                (None, false)
            }
            PlayerAction::Pause => {
                self.playing = false;
                (None, true)
            }
            PlayerAction::Toggle if self.playing => self.apply(PlayerAction::Pause),
            PlayerAction::Toggle => self.apply(PlayerAction::Play),
            PlayerAction::Step => go(self, at + 1),
            PlayerAction::StepBack => go(self, at.saturating_sub(1)),
            PlayerAction::Reset => go(self, 0),
            // The search has one solution, where it ends (or none).
            PlayerAction::End | PlayerAction::NextSolution => go(self, self.total),
            PlayerAction::PreviousSolution => go(self, 0),
            PlayerAction::Seek(step) => go(self, step),
            PlayerAction::Speed(speed) => {
                self.speed = speed.clamp(MIN_SPEED, MAX_SPEED);
                (None, false)
            }
            PlayerAction::Tick if !self.playing => (None, false),
            PlayerAction::Tick => {
                // Wait for the frame in flight rather than pile up requests.
                if self.asked.is_some() {
                    return (None, false);
                }
                let next = (self.step + self.stride()).min(self.total);
                if next >= self.total {
                    self.playing = false;
                }
                (self.ask(next), next >= self.total)
            }
        }
    }

    /// Fetches `step` unless a fetch is in flight (then it is fetched when that lands).
    fn ask(&mut self, step: u64) -> Option<u64> {
        if self.asked.is_some() {
            self.wanted = Some(step);
            return None;
        }
        if step == self.step {
            self.wanted = None;
            return None;
        }
        self.asked = Some(step);
        Some(step)
    }

    /// Asks for `step` even if it is shown (the first frame of a search).
    pub fn fetch(&mut self, step: u64) -> Option<u64> {
        let step = step.min(self.total);
        if self.asked.is_some() {
            self.wanted = Some(step);
            return None;
        }
        self.asked = Some(step);
        Some(step)
    }

    /// The frame for `step` has landed: the next step to fetch, if the user moved on.
    pub fn arrived(&mut self, step: u64) -> Option<u64> {
        self.step = step;
        self.asked = None;
        match self.wanted.take() {
            Some(next) if next != step => {
                self.asked = Some(next);
                Some(next)
            }
            _ => None,
        }
    }

    /// The controls' state; `chart` and `max_depth` come from the search.
    pub fn view(&self, event: &'static str, chart: Vec<Bucket>, max_depth: u32) -> PlayerView {
        PlayerView {
            step: self.step,
            furthest: self.total,
            total: Some(self.total),
            at_end: self.step >= self.total,
            playing: self.playing,
            speed: self.speed,
            level: Level::Every,
            event,
            tick_ms: self.tick_ms(),
            chart,
            max_depth,
            solutions_before: false,
        }
    }
}
