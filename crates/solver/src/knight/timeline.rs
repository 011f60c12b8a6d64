//! The search as a timeline a person can scrub: what every step of a tour machine did,
//! the depth chart of the whole search, and the board at any step.
//!
//! Searches run to millions of steps, so no frame is stored: the machine is deterministic,
//! and the timeline keeps clones of it every `interval` steps (at most `MAX_CHECKPOINTS`,
//! thinned by doubling the interval). Seeking clones the nearest checkpoint before the
//! step and re-runs the rest, at most one interval. A search that never backtracked (a
//! greedy run, a constructed tour) needs none: its board at step k is the path's first k
//! moves, so big boards keep no clones.

use serde::{Deserialize, Serialize};

use super::code::{KnightLine, Onward};
use super::tour::{KnightTour, TourConfig, TourEvent};
use crate::chart::{Bucket, DepthChart, Mark};
use crate::{Status, StepMachine};

/// Checkpoints kept at most; the interval doubles to stay under it.
const MAX_CHECKPOINTS: usize = 512;
/// Boards with more squares than this keep no checkpoints (a clone is too big to keep
/// hundreds of); searches there are watched as their path.
const MAX_CHECKPOINTED_SQUARES: u32 = 4096;
/// Steps between checkpoints at first.
const FIRST_INTERVAL: u64 = 64;

/// What one step of the search did, as the page names it (`data-event`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StepKind {
    /// The start, before any step.
    Start,
    /// A forward move that numbers a square.
    Move,
    /// Back one square: the square left was a dead end or had no choices left.
    Backtrack,
    /// Back several squares at once (fast backtracking to the last tie point, or the
    /// search giving way to divide and conquer).
    Jump,
    /// No move left and no backtracking: the greedy rule is stuck.
    Stuck,
    /// The move that completed the tour.
    Solved,
    /// Backtracking ran out of choices at the start: no tour from there.
    Failed,
}

impl StepKind {
    pub fn as_str(self) -> &'static str {
        match self {
            StepKind::Start => "start",
            StepKind::Move => "move",
            StepKind::Backtrack => "backtrack",
            StepKind::Jump => "jump",
            StepKind::Stuck => "stuck",
            StepKind::Solved => "solved",
            StepKind::Failed => "failed",
        }
    }

    /// Classifies a step from the event and the path length before and after it.
    fn of(event: TourEvent, before: usize, after: usize, status: Status) -> StepKind {
        match event {
            TourEvent::Move { .. } if status == Status::Solved => StepKind::Solved,
            TourEvent::Move { .. } => StepKind::Move,
            TourEvent::Backtrack { .. } if before > after + 1 => StepKind::Jump,
            TourEvent::Backtrack { .. } => StepKind::Backtrack,
            TourEvent::Stuck { .. } if status == Status::Failed && before > 1 => StepKind::Stuck,
            TourEvent::Stuck { .. } if status == Status::Solved => StepKind::Solved,
            TourEvent::Stuck { .. } => StepKind::Failed,
        }
    }
}

/// The board at one step of the search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Frame {
    pub step: u64,
    pub kind: StepKind,
    pub path: Vec<u32>,
    /// Squares on the path where a tie was broken (tie points).
    pub ties: Vec<u32>,
    /// Moves already tried from the knight's square.
    pub tried: Vec<u32>,
    /// Squares taken off the path by this step (a backtrack or a jump).
    pub cleared: Vec<u32>,
    pub backtracks: u64,
    /// The listing's line this step executed.
    pub line: KnightLine,
    /// The candidates at the knight's square with their onward counts (the listing's
    /// variables; empty where the board keeps no checkpoints).
    pub candidates: Vec<Onward>,
}

/// A search run to its end, with its depth chart and checkpoints for seeking.
#[derive(Clone)]
pub struct Timeline {
    /// The machine before its first step (kept only where checkpoints are).
    start: Option<KnightTour>,
    checkpoints: Vec<KnightTour>,
    interval: u64,
    chart: DepthChart,
    machine: KnightTour,
    /// What the last step recorded did (a backtrack right after a move is a dead end).
    last_kind: StepKind,
}

impl Timeline {
    /// A timeline for the machine `config` describes, not yet run.
    pub fn new(config: TourConfig) -> Result<Timeline, String> {
        let machine = KnightTour::new(config)?;
        let small = machine.board().squares() <= MAX_CHECKPOINTED_SQUARES;
        Ok(Timeline {
            start: small.then(|| machine.clone()),
            checkpoints: Vec::new(),
            interval: FIRST_INTERVAL,
            chart: DepthChart::default(),
            machine,
            last_kind: StepKind::Start,
        })
    }

    /// The machine as it stands at the end of what has been run.
    pub fn machine(&self) -> &KnightTour {
        &self.machine
    }

    /// Steps run so far.
    pub fn steps(&self) -> u64 {
        self.machine.stats().steps
    }

    /// The depth chart: at most `MAX_BUCKETS` columns over all the steps run.
    pub fn chart(&self) -> &[Bucket] {
        self.chart.buckets()
    }

    /// Stops the search where it stands (the page cancelled it).
    pub fn cancel(&mut self) {
        self.machine.cancel();
    }

    /// Runs up to `max_steps` more steps of the search, recording them.
    pub fn run(&mut self, max_steps: u64) -> Status {
        for _ in 0..max_steps {
            let before = self.machine.path().len();
            let Some(event) = self.machine.step() else {
                break;
            };
            let after = self.machine.path().len();
            let kind = StepKind::of(event, before, after, self.machine.status());
            let step = self.machine.stats().steps;
            self.record(step, kind, before, after);
            if step % self.interval == 0 && self.start.is_some() {
                self.checkpoints.push(self.machine.clone());
                if self.checkpoints.len() > MAX_CHECKPOINTS {
                    // Keep every other one: those at multiples of the doubled interval.
                    self.interval *= 2;
                    let interval = self.interval;
                    self.checkpoints.retain(|c| c.stats().steps % interval == 0);
                }
            }
        }
        self.machine.status()
    }

    fn record(&mut self, step: u64, kind: StepKind, before: usize, after: usize) {
        // A dead end: the square just reached had no move at all (rather than one whose
        // moves all failed).
        let retreat = matches!(kind, StepKind::Backtrack | StepKind::Jump);
        let mark = Mark {
            dead_end: retreat && self.last_kind == StepKind::Move && before > after,
            jump: kind == StepKind::Jump,
            solution: kind == StepKind::Solved,
        };
        self.chart.record(step, after as u32, mark);
        self.last_kind = kind;
    }

    /// The board at `step` (0 = the start; past the end means the end).
    pub fn frame(&self, step: u64) -> Frame {
        let step = step.min(self.steps());
        // Boards small enough to keep checkpoints are re-run even without a backtrack, so
        // the frame carries the machine's line and candidates.
        let Some(start) = self.start.as_ref() else {
            return self.prefix_frame(step);
        };
        let from = self
            .checkpoints
            .iter()
            .rev()
            .find(|c| c.stats().steps < step)
            .unwrap_or(start);
        let mut machine = from.clone();
        let mut last = None;
        while machine.stats().steps < step {
            let before = machine.path().to_vec();
            let Some(event) = machine.step() else { break };
            last = Some((event, before));
        }
        let (kind, cleared) = match last {
            None => (StepKind::Start, Vec::new()),
            Some((event, before)) => {
                let after = machine.path().len();
                let kind = StepKind::of(event, before.len(), after, machine.status());
                let cleared = before.get(after..).unwrap_or(&[]).to_vec();
                (kind, cleared)
            }
        };
        Frame {
            step,
            kind,
            path: machine.path().to_vec(),
            ties: machine.tie_points(),
            tried: machine.tried_here().to_vec(),
            cleared,
            backtracks: machine.stats().backtracks,
            line: machine.line(),
            candidates: machine.code_candidates(),
        }
    }
}

impl Timeline {
    /// The board at `step` of a search that only ever moved forward: the path so far.
    fn prefix_frame(&self, step: u64) -> Frame {
        let path = self.machine.path();
        let moves = path.len() as u64 - 1;
        let last = step == self.steps();
        let kind = match self.machine.status() {
            _ if step == 0 => StepKind::Start,
            Status::Solved if last => StepKind::Solved,
            Status::Failed if last && step > moves => StepKind::Stuck,
            Status::Exhausted if last && step > moves => StepKind::Failed,
            _ => StepKind::Move,
        };
        Frame {
            step,
            kind,
            path: path[..=step.min(moves) as usize].to_vec(),
            ties: Vec::new(),
            tried: Vec::new(),
            cleared: Vec::new(),
            backtracks: 0,
            line: line_of(kind, self.machine.is_playing_plan()),
            candidates: Vec::new(),
        }
    }
}

/// The line a step of a search that only moved forward ran, from what it did.
fn line_of(kind: StepKind, plan: bool) -> KnightLine {
    match kind {
        StepKind::Start => KnightLine::Start,
        StepKind::Solved => KnightLine::Complete,
        StepKind::Stuck => KnightLine::GreedyStuck,
        StepKind::Failed => KnightLine::Exhausted,
        _ if plan => KnightLine::Plan,
        _ => KnightLine::Greedy,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::chart::MAX_BUCKETS;
    use crate::knight::TieBreak;

    fn search(w: u32, h: u32, start: &str) -> Timeline {
        let board = Board::new(w, h).unwrap();
        let mut config = TourConfig::new(board, board.parse_square(start).unwrap());
        config.rule.backtrack = true;
        config.rule.tie_break = TieBreak::First;
        let mut t = Timeline::new(config).unwrap();
        t.run(u64::MAX);
        t
    }

    #[test]
    fn every_frame_equals_a_fresh_run_to_that_step() {
        // 5x5 from c1 with first ties and backtracking: thousands of steps, many backtracks.
        let t = search(5, 5, "c1");
        assert_eq!(t.machine().status(), Status::Solved);
        assert!(t.machine().stats().backtracks > 0);
        let board = Board::new(5, 5).unwrap();
        let mut config = TourConfig::new(board, board.parse_square("c1").unwrap());
        config.rule.backtrack = true;
        let mut fresh = KnightTour::new(config).unwrap();
        for step in 0..=t.steps() {
            let frame = t.frame(step);
            assert_eq!(frame.path, fresh.path(), "step {step}");
            assert_eq!(frame.tried, fresh.tried_here(), "step {step}");
            assert_eq!(frame.line, fresh.line(), "step {step}");
            assert_eq!(frame.candidates, fresh.code_candidates(), "step {step}");
            fresh.step();
        }
        assert_eq!(t.frame(t.steps()).kind, StepKind::Solved);
        assert_eq!(t.frame(0).kind, StepKind::Start);
    }

    #[test]
    fn a_backtrack_clears_a_numbered_square_and_the_chart_covers_every_step() {
        let t = search(5, 5, "c1");
        let step = (1..=t.steps())
            .find(|&s| t.frame(s).kind == StepKind::Backtrack)
            .expect("a backtrack");
        let (before, after) = (t.frame(step - 1), t.frame(step));
        assert_eq!(after.path.len() + 1, before.path.len());
        assert_eq!(after.cleared, [*before.path.last().unwrap()]);
        let chart = t.chart();
        assert_eq!(chart.iter().map(|b| b.steps).sum::<u64>(), t.steps());
        assert!(chart.last().unwrap().solution);
        assert!(chart.iter().any(|b| b.dead_end));
        assert!(chart
            .iter()
            .all(|b| b.min_depth <= b.max_depth && b.max_depth <= 25));
    }

    #[test]
    fn fast_backtracking_jumps_to_the_last_tie_point() {
        let board = Board::new(8, 8).unwrap();
        let mut config = TourConfig::new(board, board.parse_square("e3").unwrap());
        config.rule.backtrack = true;
        config.rule.fast_backtrack = true;
        let mut t = Timeline::new(config).unwrap();
        t.run(u64::MAX);
        let jump = (1..=t.steps()).find(|&s| t.frame(s).kind == StepKind::Jump);
        if let Some(step) = jump {
            let frame = t.frame(step);
            assert!(frame.cleared.len() > 1);
            // The jump lands on a tie point with a choice left.
            assert!(frame.ties.contains(frame.path.last().unwrap()) || frame.path.len() == 1);
        }
        assert!(t.chart().iter().any(|b| b.jump) == jump.is_some());
    }

    #[test]
    fn a_greedy_run_that_gets_stuck_ends_on_stuck() {
        // Plain Warnsdorff with clockwise ties fails from e3 on 8x8 (pinned elsewhere).
        let board = Board::new(8, 8).unwrap();
        let config = TourConfig::new(board, board.parse_square("e3").unwrap());
        let mut t = Timeline::new(config).unwrap();
        assert_eq!(t.run(u64::MAX), Status::Failed);
        assert_eq!(t.frame(t.steps()).kind, StepKind::Stuck);
        assert_eq!(t.frame(1).kind, StepKind::Move);
    }

    #[test]
    fn a_million_step_search_keeps_few_checkpoints_and_seeks_exactly() {
        // 7x7 from c3, Warnsdorff with clockwise ties, backtracking without pruning:
        // 1,085,316 steps to a tour.
        let t = search(7, 7, "c3");
        assert_eq!(t.machine().status(), Status::Solved);
        assert!(t.steps() > 1_000_000, "{}", t.steps());
        assert!(t.checkpoints.len() <= MAX_CHECKPOINTS);
        assert!(t.chart().len() <= MAX_BUCKETS);
        assert_eq!(t.frame(t.steps()).path, t.machine().path());
        let mut fresh = t.start.clone().unwrap();
        fresh.run(123_457);
        let frame = t.frame(123_457);
        assert_eq!(frame.path, fresh.path());
        assert_eq!(frame.backtracks, fresh.stats().backtracks);
    }
}
