//! The counting lab's asks and answers: the depth-first count's slices, the notebook's
//! counters and the path-structure (frontier) count's parts.

use serde::{Deserialize, Serialize};

use puzzlelab_solver::knight::count::{CountSpec, CountTask};
use puzzlelab_solver::knight::frontier::{FrontierProgress, FrontierResult, PartOf};
use puzzlelab_solver::knight::naive_count::{Found, NaiveMethod};
use puzzlelab_solver::Stats;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum CountAsk {
    /// Slices of a knight's tour count (a batch); past `limit` search nodes the worker
    /// gives up on a slice and the page splits it (so no slice holds a worker for long).
    DepthFirst {
        index: u32,
        tasks: Vec<CountTask>,
        limit: u64,
    },
    /// The notebook's brute force or plain backtracking, run in batches.
    Naive {
        method: NaiveMethod,
        spec: CountSpec,
    },
    /// Parts of a path-structure (frontier) count, swept one after another with progress;
    /// a part whose layers would need more than `max_bytes` is refused with an error
    /// instead of running the worker out of memory.
    Frontier {
        parts: Vec<FrontierTask>,
        max_bytes: u64,
    },
}

/// One sweep of a frontier count: the whole count `spec`, or one part of its split (the
/// command line's `--part I/K`, `part` counting from 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FrontierTask {
    pub spec: CountSpec,
    pub part: Option<PartOf>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum CountAnswer {
    /// For each slice of the batch, in order: `(count, nodes)`, or `None` when the slice
    /// ran past its limit and must be split.
    DepthFirst {
        index: u32,
        results: Vec<Option<(u64, u64)>>,
    },
    /// Where a notebook counter stands; sent between batches and once at the end.
    Naive {
        found: Found,
        stats: Stats,
        finished: bool,
    },
    /// Where the frontier part in hand stands (`part` of the batch), between batches.
    FrontierProgress {
        part: u32,
        progress: FrontierProgress,
    },
    /// Every part of a `Frontier` batch, in order.
    Frontier { results: Vec<FrontierResult> },
}

impl CountAnswer {
    /// Whether this answer ends its request: a notebook counter's once finished, the
    /// frontier's progress never.
    pub fn ends_request(&self) -> bool {
        match self {
            CountAnswer::Naive { finished, .. } => *finished,
            CountAnswer::FrontierProgress { .. } => false,
            CountAnswer::DepthFirst { .. } | CountAnswer::Frontier { .. } => true,
        }
    }
}
