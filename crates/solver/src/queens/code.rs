//! The queens search's pseudocode lines as the machine numbers them: each step reports
//! the one line it executed (the page's listing and the CLI's `--trace` follow it).

use serde::{Deserialize, Serialize};

/// One line of the queens search's listing. `number()` is its line number (1-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum QueensLine {
    /// `rows ← []` (before any step).
    Start,
    /// A safe row found in the next column: a queen is placed there.
    Place,
    /// The placement filled the last column: a solution.
    Solution,
    /// After a solution: take the last queen back to look for the next.
    Next,
    /// No safe row left in the column: take the last queen back.
    Back,
    /// No safe row left and no queen to take back: the search is over.
    Done,
}

impl QueensLine {
    /// Every line, in listing order.
    pub const ALL: [QueensLine; 6] = [
        QueensLine::Start,
        QueensLine::Place,
        QueensLine::Solution,
        QueensLine::Next,
        QueensLine::Back,
        QueensLine::Done,
    ];

    /// The line's number in the listing, from 1.
    pub fn number(self) -> u8 {
        QueensLine::ALL
            .iter()
            .position(|&l| l == self)
            .map_or(0, |i| i as u8 + 1)
    }
}
