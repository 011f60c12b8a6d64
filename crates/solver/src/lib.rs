//! The solver core: plain Rust, no browser crates. Every search is a step machine so the
//! UI can animate it one decision at a time and the worker can run it in batches.

pub mod board;
pub mod chart;
pub mod cube;
pub mod cube_common;
pub mod cube_view;
pub mod huge_pages;
pub mod knight;
pub mod lessons;
pub mod memo;
pub mod notation;
pub mod palette;
pub mod predict;
pub mod prefetch;
pub mod queens;
pub mod rng;
pub mod rubik;
pub mod table_bytes;
pub mod tree;
pub mod watch;

use serde::{Deserialize, Serialize};

/// Where a search stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    Running,
    Solved,
    /// Backtracking tried everything: no solution from this start.
    Exhausted,
    /// A greedy search got stuck (no backtracking to recover).
    Failed,
    Cancelled,
}

impl Status {
    /// The lower-case name used in JSON, URLs and the page's `data-status`.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Running => "running",
            Status::Solved => "solved",
            Status::Exhausted => "impossible",
            Status::Failed => "failed",
            Status::Cancelled => "cancelled",
        }
    }

    pub fn is_finished(self) -> bool {
        self != Status::Running
    }
}

/// Counters every machine keeps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// Calls to `step()` that did something.
    pub steps: u64,
    /// Search-tree nodes entered (the root counts).
    pub nodes: u64,
    pub backtracks: u64,
}

/// One search, advanced one decision at a time.
pub trait StepMachine {
    /// What one step did.
    type Event;

    /// Takes one decision; `None` once the search has finished.
    fn step(&mut self) -> Option<Self::Event>;
    fn status(&self) -> Status;
    fn stats(&self) -> &Stats;

    /// Runs up to `max_steps` steps (the worker's batch) and reports where it stands.
    fn run(&mut self, max_steps: u64) -> Status {
        for _ in 0..max_steps {
            if self.step().is_none() {
                break;
            }
        }
        self.status()
    }
}
