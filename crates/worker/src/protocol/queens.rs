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
}

impl QueensAnswer {
    /// Every queens answer ends its request.
    pub fn ends_request(&self) -> bool {
        true
    }
}
