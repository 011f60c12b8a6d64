//! The knight search's pseudocode lines as the machine numbers them: each step reports
//! the one line it executed, so a listing beside the board (the page's, the CLI's
//! `--trace`) is driven by the machine, not re-enacted. The words are the page's; the
//! numbers and what each line means are here.

use serde::{Deserialize, Serialize};

/// One line of the knight search's listing. `number()` is its line number (1-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum KnightLine {
    /// `path ← [start]` (before any step).
    Start,
    /// Following a tour built by divide and conquer (or giving up a long search for one).
    Plan,
    /// No backtracking: move to the best unvisited jump.
    Greedy,
    /// No backtracking and no jump left: stuck.
    GreedyStuck,
    /// Forward checking: the last move stranded a square, so it is taken back.
    Strand,
    /// A closed tour whose start has no unvisited jump left: taken back.
    NoWayHome,
    /// The knight's square seen first: rank its jumps, move to the best.
    Rank,
    /// Back at a square: move to its next untried candidate.
    Next,
    /// The move that completed the tour.
    Complete,
    /// Nothing left to try at the start: no tour.
    Exhausted,
    /// Nothing left to try here: take the last square back.
    Back,
    /// Fast backtracking: take back to the last tie with a candidate left.
    FastBack,
}

impl KnightLine {
    /// Every line, in listing order.
    pub const ALL: [KnightLine; 12] = [
        KnightLine::Start,
        KnightLine::Plan,
        KnightLine::Greedy,
        KnightLine::GreedyStuck,
        KnightLine::Strand,
        KnightLine::NoWayHome,
        KnightLine::Rank,
        KnightLine::Next,
        KnightLine::Complete,
        KnightLine::Exhausted,
        KnightLine::Back,
        KnightLine::FastBack,
    ];

    /// The line's number in the listing, from 1.
    pub fn number(self) -> u8 {
        KnightLine::ALL
            .iter()
            .position(|&l| l == self)
            .map_or(0, |i| i as u8 + 1)
    }
}

/// A candidate as the listing shows it: the square and its onward count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Onward {
    pub square: u32,
    pub onward: u8,
}
