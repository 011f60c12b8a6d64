//! A machine run forward with its depth chart, its solutions' steps and checkpoints to
//! seek back to any step it reached.

use super::{Observer, Watched};
use crate::chart::{Bucket, DepthChart, Mark};

/// Checkpoints kept at most; the interval doubles to stay under it.
const MAX_CHECKPOINTS: usize = 256;
/// Steps between checkpoints at first.
const FIRST_INTERVAL: u64 = 256;

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
