//! The N-queens page's asks and answers.

use serde::{Deserialize, Serialize};

use puzzlelab_solver::queens::classes::ClassTask;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum QueensAsk {
    /// Slices of an N-queens count by symmetry classes (the page hands batches of them
    /// out to all its workers); the answer sums solutions and classes over the batch.
    Task { index: u32, tasks: Vec<ClassTask> },
    /// Fundamental solutions from a finished total (needs two small symmetric searches).
    Unique { n: u32, total: u64 },
    /// The backtracking player's run for N as an animated GIF (answered by `Animation`).
    Animation {
        n: u32,
        animation: super::SearchAnimation,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum QueensAnswer {
    Task {
        index: u32,
        /// Solutions in the batch.
        count: u64,
        /// Symmetry classes (fundamental solutions) in the batch.
        unique: u64,
    },
    Unique {
        unique: u64,
    },
    /// The animation asked for: the GIF file and its frame count.
    Animation {
        gif: Vec<u8>,
        frames: u32,
    },
}

impl QueensAnswer {
    /// Every queens answer ends its request.
    pub fn ends_request(&self) -> bool {
        true
    }
}
