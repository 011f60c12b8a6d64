//! A recording with the controls a person uses: play at a speed, step, step back, jump,
//! scrub, and how much detail to show.

use serde::{Deserialize, Serialize};

use super::{Observer, Recording, Stop, Watched, TICK_BUDGET};
use crate::chart::Bucket;

/// How much of the search the page shows: the C notebook's verbose levels.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Level {
    /// Counters only (level 0): the machine runs flat out.
    Counters,
    /// Each solution as it is found (level 1).
    Solutions,
    /// Every step (level 2).
    #[default]
    Every,
}

impl Level {
    pub fn number(self) -> u8 {
        match self {
            Level::Counters => 0,
            Level::Solutions => 1,
            Level::Every => 2,
        }
    }

    pub fn from_number(n: u8) -> Option<Level> {
        match n {
            0 => Some(Level::Counters),
            1 => Some(Level::Solutions),
            2 => Some(Level::Every),
            _ => None,
        }
    }
}

/// What a person (or a key, or the clock) asks of the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerAction {
    Play,
    Pause,
    /// Space: play if paused, pause if playing.
    Toggle,
    StepBack,
    Step,
    Reset,
    End,
    /// Go to a step (the timeline, the depth chart, a tree node).
    Seek(u64),
    Speed(u32),
    NextSolution,
    PreviousSolution,
    /// The clock: one frame's worth of work.
    Tick,
}

/// What the player is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Paused,
    /// Playing at the speed, at the level.
    Playing,
    /// Flat out to the next solution.
    NextSolution,
    /// Flat out to the end.
    End,
    /// Going to a step (a link, the timeline, a step back past the checkpoints): a budget
    /// of work per tick, so a long replay never freezes the page and can be paused.
    Seeking(u64),
}

pub const MIN_SPEED: u32 = 1;
pub const MAX_SPEED: u32 = 120;

/// A recording with its controls.
#[derive(Clone)]
pub struct Player<M: Watched, O: Observer<M> = ()> {
    pub recording: Recording<M, O>,
    mode: Mode,
    speed: u32,
    level: Level,
    /// Machine calls per tick when running flat out.
    budget: u64,
}

/// Everything the player's controls draw (plain data for the component).
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerView {
    pub step: u64,
    pub furthest: u64,
    pub total: Option<u64>,
    pub at_end: bool,
    pub playing: bool,
    pub speed: u32,
    pub level: Level,
    pub event: &'static str,
    /// Milliseconds between ticks while playing.
    pub tick_ms: u32,
    pub chart: Vec<Bucket>,
    pub max_depth: u32,
    pub solutions_before: bool,
}

impl<M: Watched, O: Observer<M>> Player<M, O> {
    pub fn new(machine: M, observer: O, speed: u32, level: Level) -> Self {
        Player {
            recording: Recording::new(machine, observer),
            mode: Mode::Paused,
            speed: speed.clamp(MIN_SPEED, MAX_SPEED),
            level,
            budget: TICK_BUDGET,
        }
    }

    /// Machine calls per tick when running flat out (tests use small budgets).
    pub fn with_budget(mut self, budget: u64) -> Self {
        self.budget = budget.max(1);
        self
    }

    pub fn machine(&self) -> &M {
        self.recording.machine()
    }

    pub fn step(&self) -> u64 {
        self.recording.step()
    }

    pub fn mode(&self) -> Mode {
        self.mode
    }

    pub fn playing(&self) -> bool {
        self.mode != Mode::Paused
    }

    pub fn speed(&self) -> u32 {
        self.speed
    }

    pub fn level(&self) -> Level {
        self.level
    }

    pub fn set_level(&mut self, level: Level) {
        self.level = level;
    }

    /// Milliseconds between ticks: the speed when playing step by step or solution by
    /// solution, a frame when running flat out.
    pub fn tick_ms(&self) -> u32 {
        match (self.mode, self.level) {
            (Mode::Playing, Level::Every | Level::Solutions) => (1000 / self.speed).max(16),
            _ => 16,
        }
    }

    /// Goes to `step` at once: flat out, however long it takes (tests; pages use
    /// [`Player::go_to`]).
    pub fn jump_to(&mut self, step: u64) {
        while self.recording.seek(step, self.budget) == Stop::Budget {}
    }

    /// Goes to `step` (a link being opened), a budget of work per tick: the page shows the
    /// search running there and can pause it. `true` when it is already there.
    pub fn go_to(&mut self, step: u64) -> bool {
        self.mode = Mode::Seeking(step);
        self.tick()
    }

    /// Where the player is going while it seeks.
    pub fn seeking(&self) -> Option<u64> {
        match self.mode {
            Mode::Seeking(step) => Some(step),
            _ => None,
        }
    }

    /// Applies an action; `true` when the player has come to rest somewhere new (the
    /// page then writes the link).
    pub fn apply(&mut self, action: PlayerAction) -> bool {
        let at = self.step();
        match action {
            PlayerAction::Play => {
                if !self.recording.at_end() {
                    self.mode = if self.level == Level::Counters {
                        Mode::End
                    } else {
                        Mode::Playing
                    };
                }
                false
            }
            PlayerAction::Pause => {
                self.mode = Mode::Paused;
                true
            }
            PlayerAction::Toggle if self.playing() => self.apply(PlayerAction::Pause),
            PlayerAction::Toggle => self.apply(PlayerAction::Play),
            PlayerAction::Step if self.level == Level::Solutions => {
                self.apply(PlayerAction::NextSolution)
            }
            PlayerAction::Step => {
                self.mode = Mode::Paused;
                self.recording.seek(at + 1, self.budget);
                true
            }
            PlayerAction::StepBack if self.level == Level::Solutions => {
                self.apply(PlayerAction::PreviousSolution)
            }
            PlayerAction::StepBack => self.go_to(at.saturating_sub(1)),
            PlayerAction::Reset => self.go_to(0),
            PlayerAction::End => {
                if !self.recording.at_end() {
                    self.mode = Mode::End;
                }
                false
            }
            // Past the furthest step reached, the search runs on there (a budget per tick).
            PlayerAction::Seek(step) => self.go_to(step),
            PlayerAction::Speed(speed) => {
                self.speed = speed.clamp(MIN_SPEED, MAX_SPEED);
                false
            }
            PlayerAction::NextSolution => {
                if self.recording.at_end() {
                    return false;
                }
                self.mode = Mode::NextSolution;
                self.apply(PlayerAction::Tick)
            }
            PlayerAction::PreviousSolution => {
                self.mode = Mode::Paused;
                let before = self
                    .recording
                    .solution_steps()
                    .iter()
                    .rev()
                    .find(|&&s| s < at);
                self.go_to(before.copied().unwrap_or(0))
            }
            PlayerAction::Tick => self.tick(),
        }
    }

    /// One frame's worth; `true` when it came to rest.
    fn tick(&mut self) -> bool {
        let stop = match (self.mode, self.level) {
            (Mode::Paused, _) => return false,
            (Mode::Playing, Level::Every) => {
                let steps = (self.speed as u64).div_ceil(60).max(1);
                let target = self.step() + steps;
                self.recording.run(target, false, self.budget)
            }
            (Mode::Playing, Level::Solutions) => {
                match self.recording.run(u64::MAX, true, self.budget) {
                    Stop::Solution | Stop::Budget => Stop::Budget, // keep playing
                    other => other,
                }
            }
            (Mode::NextSolution, _) => self.recording.run(u64::MAX, true, self.budget),
            (Mode::Playing, Level::Counters) | (Mode::End, _) => {
                self.recording.run(u64::MAX, false, self.budget)
            }
            (Mode::Seeking(step), _) => {
                if self.recording.seek(step, self.budget) == Stop::Budget {
                    return false;
                }
                self.mode = Mode::Paused;
                return true;
            }
        };
        match stop {
            Stop::Budget | Stop::Target if !self.recording.at_end() => false,
            _ => {
                self.mode = Mode::Paused;
                true
            }
        }
    }

    pub fn view(&self) -> PlayerView {
        let r = &self.recording;
        PlayerView {
            step: r.step(),
            furthest: r.furthest(),
            total: r.total(),
            at_end: r.at_end(),
            playing: self.playing(),
            speed: self.speed,
            level: self.level,
            event: r.event(),
            tick_ms: self.tick_ms(),
            chart: r.chart().to_vec(),
            max_depth: r.machine().max_depth(),
            solutions_before: r.solution_steps().iter().any(|&s| s < r.step()),
        }
    }
}
