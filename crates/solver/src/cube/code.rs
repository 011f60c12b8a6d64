//! The pocket cube's pseudocode lines as its machines number them: the breadth-first
//! search that builds the distance table and the optimal solve that walks down it. Each
//! step reports the one line it executed (the page's listings, the CLI's `--trace` and the
//! JS API follow it); the words are the page's (`app/code/listings/cube-*.txt`).

use serde::{Deserialize, Serialize};

/// One line of the breadth-first search's listing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BfsLine {
    /// `dist[solved] ← 0, frontier ← [solved]` (before any step).
    Start,
    /// A batch of the frontier expanded: each turn of each position, unseen ones recorded.
    Expand,
    /// The frontier used up: the positions found form the next layer.
    Layer,
    /// The next layer is empty: every position is reached.
    Done,
}

impl BfsLine {
    /// Every line, in listing order.
    pub const ALL: [BfsLine; 4] = [
        BfsLine::Start,
        BfsLine::Expand,
        BfsLine::Layer,
        BfsLine::Done,
    ];

    /// The line's number in the listing, from 1.
    pub fn number(self) -> u8 {
        BfsLine::ALL
            .iter()
            .position(|&l| l == self)
            .map_or(0, |i| i as u8 + 1)
    }
}

/// One line of the optimal solve's listing (walking down the distance table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SolveLine {
    /// `here ← the position, d ← dist[here]` (before any step).
    Start,
    /// The turn tried does not bring the cube closer: try the next one.
    Try,
    /// The turn tried is one closer: take it.
    Take,
    /// The cube is solved (the last turn taken, or solved from the start).
    Solved,
}

impl SolveLine {
    /// Every line, in listing order.
    pub const ALL: [SolveLine; 4] = [
        SolveLine::Start,
        SolveLine::Try,
        SolveLine::Take,
        SolveLine::Solved,
    ];

    /// The line's number in the listing, from 1.
    pub fn number(self) -> u8 {
        SolveLine::ALL
            .iter()
            .position(|&l| l == self)
            .map_or(0, |i| i as u8 + 1)
    }
}

/// Frontier positions the page's search player expands per step (the CLI's `--trace`
/// steps the same way, so their step numbers agree).
pub const BFS_BATCH: usize = 16_384;

/// One step of the breadth-first search as `cube distribution --trace` shows it: the
/// line it ran and the listing's variables after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BfsTraceStep {
    pub step: u64,
    /// The listing's line (1-based).
    pub line: u8,
    /// The layer being expanded.
    pub depth: u8,
    pub frontier: u64,
    pub not_yet_processed: u64,
    /// Positions found for the next layer so far.
    pub next: u64,
    pub reached: u64,
}

/// Runs the search to the end, recording each step (about 230 at the page's batch).
pub fn bfs_trace(bfs: &mut super::LayerBfs) -> Vec<BfsTraceStep> {
    use crate::StepMachine;
    let mut steps = Vec::new();
    while bfs.step().is_some() {
        let p = bfs.progress();
        steps.push(BfsTraceStep {
            step: bfs.stats().steps,
            line: bfs.line().number(),
            depth: p.depth,
            frontier: p.frontier,
            not_yet_processed: p.not_yet_processed,
            next: bfs.next_len(),
            reached: p.reached,
        });
    }
    steps
}
