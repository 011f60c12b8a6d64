//! Watching a step machine: the logic behind the page's search player, in plain Rust.
//!
//! A [`Recording`] runs a machine forward, keeps its depth chart and the steps where it
//! found solutions, and seeks to any step it has reached (clones of the machine every
//! `interval` steps, at most `MAX_CHECKPOINTS`, so seeking re-runs at most one interval).
//! A [`Player`] adds what a person does with it: play at a speed, step, step back, jump to
//! the start or the end, scrub, and at which level of detail (the C notebook's verbose
//! levels: counters only, each solution, every step). Every long run is cut into budgets
//! of work, so the page can spread it over animation frames.
//!
//! A machine joins by implementing [`Watched`]; an [`Observer`] (e.g. the search-tree
//! recorder, `tree.rs`) sees every step the first time it is taken.

use serde::{Deserialize, Serialize};

use crate::solver::chart::{Bucket, DepthChart, Mark};
use crate::solver::StepMachine;

/// Checkpoints kept at most; the interval doubles to stay under it.
const MAX_CHECKPOINTS: usize = 256;
/// Steps between checkpoints at first.
const FIRST_INTERVAL: u64 = 256;
/// Leaps (machine calls) one tick may spend when running flat out.
pub const TICK_BUDGET: u64 = 40_000;

/// A step machine the search player can show. `stats().steps` numbers the steps.
pub trait Watched: StepMachine + Clone {
    /// Depth of the current state (queens placed, squares walked): the depth chart's y.
    fn depth(&self) -> u32;
    /// The deepest the search can go (the chart's top).
    fn max_depth(&self) -> u32;
    /// Solutions found so far (a step that raises it found one).
    fn solutions(&self) -> u64;
    /// The page's name for what the last step did (`data-event`); `event` is `None` for a
    /// step that finished the search without an event.
    fn event_name(&self, event: Option<&Self::Event>, depth_before: u32) -> &'static str;
    /// Takes at least one and at most `limit` steps in one call, where the machine can
    /// take many at once exactly (brute force skips a block of sequences that all fail
    /// at the same move); by default, one step.
    fn leap(&mut self, limit: u64) -> Option<Self::Event> {
        let _ = limit;
        self.step()
    }
}

/// Sees every step the first time it is taken (not when it is replayed).
pub trait Observer<M> {
    fn observe(&mut self, machine: &M, step: u64);
}

impl<M> Observer<M> for () {
    fn observe(&mut self, _machine: &M, _step: u64) {}
}

/// A machine run forward with its chart, and able to go back to any step it reached.
#[derive(Clone)]
pub struct Recording<M: Watched, O: Observer<M> = ()> {
    start: M,
    machine: M,
    checkpoints: Vec<M>,
    interval: u64,
    chart: DepthChart,
    furthest: u64,
    total: Option<u64>,
    solution_steps: Vec<u64>,
    event: &'static str,
    /// The last new step went deeper (a fall right after it is a dead end).
    rose: bool,
    observer: O,
}

/// Where a run stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The budget was spent.
    Budget,
    /// The target step was reached.
    Target,
    /// A step found a solution.
    Solution,
    /// The search has finished.
    Finished,
}

impl<M: Watched, O: Observer<M>> Recording<M, O> {
    pub fn new(machine: M, observer: O) -> Self {
        Recording {
            start: machine.clone(),
            total: machine.status().is_finished().then_some(0),
            machine,
            checkpoints: Vec::new(),
            interval: FIRST_INTERVAL,
            chart: DepthChart::default(),
            furthest: 0,
            solution_steps: Vec::new(),
            event: "start",
            rose: false,
            observer,
        }
    }

    /// The machine at the step shown.
    pub fn machine(&self) -> &M {
        &self.machine
    }

    pub fn observer(&self) -> &O {
        &self.observer
    }

    /// The step shown.
    pub fn step(&self) -> u64 {
        self.machine.stats().steps
    }

    /// The furthest step reached.
    pub fn furthest(&self) -> u64 {
        self.furthest
    }

    /// The search's length, once it has been run to its end.
    pub fn total(&self) -> Option<u64> {
        self.total
    }

    /// The step shown is the search's last.
    pub fn at_end(&self) -> bool {
        self.total == Some(self.step()) || self.machine.status().is_finished()
    }

    /// What the step shown did (`start` before the first).
    pub fn event(&self) -> &'static str {
        self.event
    }

    pub fn chart(&self) -> &[Bucket] {
        self.chart.buckets()
    }

    /// Steps at which a solution was found, in order (as far as the search has run).
    pub fn solution_steps(&self) -> &[u64] {
        &self.solution_steps
    }

    /// One call of the machine, at most `limit` steps; `None` when it has finished.
    fn advance(&mut self, limit: u64) -> Option<bool> {
        let before = self.step();
        let depth_before = self.machine.depth();
        let solutions_before = self.machine.solutions();
        let event = self.machine.leap(limit.max(1));
        let after = self.step();
        if after == before {
            if self.machine.status().is_finished() {
                self.total.get_or_insert(after);
            }
            return None;
        }
        self.event = self.machine.event_name(event.as_ref(), depth_before);
        let solved = self.machine.solutions() > solutions_before;
        if after > self.furthest {
            let depth = self.machine.depth();
            let fell = depth < depth_before;
            let mark = Mark {
                solution: solved,
                dead_end: fell && self.rose,
                jump: depth + 1 < depth_before,
            };
            self.rose = depth > depth_before;
            let first = self.furthest + 1;
            self.chart
                .record_range(first, after - self.furthest, depth, mark);
            if solved {
                self.solution_steps.push(after);
            }
            self.observer.observe(&self.machine, after);
            self.furthest = after;
            let last = self.checkpoints.last().map_or(0, |c| c.stats().steps);
            if after >= last + self.interval {
                self.checkpoints.push(self.machine.clone());
                if self.checkpoints.len() > MAX_CHECKPOINTS {
                    self.interval *= 2;
                    let kept = std::mem::take(&mut self.checkpoints);
                    self.checkpoints = kept.into_iter().skip(1).step_by(2).collect();
                }
            }
        }
        if self.machine.status().is_finished() {
            self.total.get_or_insert(after);
        }
        Some(solved)
    }

    /// Runs forward until `target`, a solution (if `stop_at_solution`), the end, or
    /// `budget` machine calls, whichever comes first.
    pub fn run(&mut self, target: u64, stop_at_solution: bool, budget: u64) -> Stop {
        for _ in 0..budget {
            let at = self.step();
            if at >= target {
                return Stop::Target;
            }
            // Replaying never leaps past the frontier, so every new step is recorded.
            let limit = if at < self.furthest {
                (self.furthest - at).min(target - at)
            } else {
                target - at
            };
            match self.advance(limit) {
                None => return Stop::Finished,
                Some(true) if stop_at_solution => return Stop::Solution,
                Some(_) => {}
            }
        }
        if self.step() >= target {
            Stop::Target
        } else {
            Stop::Budget
        }
    }

    /// Goes to `step` (at most the furthest reached, or further when `beyond`), within
    /// `budget` machine calls after the nearest checkpoint.
    pub fn seek(&mut self, step: u64, budget: u64) -> Stop {
        if step < self.step() {
            let from = self
                .checkpoints
                .iter()
                .rev()
                .find(|c| c.stats().steps <= step)
                .unwrap_or(&self.start);
            self.machine = from.clone();
            self.event = if self.machine.stats().steps == 0 {
                "start"
            } else {
                "checkpoint"
            };
        }
        let stop = self.run(step, false, budget);
        if self.step() == 0 {
            self.event = "start";
        }
        stop
    }
}

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
