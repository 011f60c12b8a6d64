//! The counting lab's two counters' pseudocode lines, as the machines number them (the
//! words are the page's, `app/code/listings/count-*.txt`): brute force's odometer, and the
//! backtracking walk it races.

use serde::{Deserialize, Serialize};

/// One line of brute force's listing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BruteLine {
    /// `digits ← 0 0 … 0` (before any step).
    Start,
    /// The sequence checked fails (a move off the board or onto a visited square).
    Fail,
    /// The sequence checked is a tour: counted.
    Tour,
    /// The odometer wrapped round: every sequence checked.
    Done,
}

impl BruteLine {
    pub const ALL: [BruteLine; 4] = [
        BruteLine::Start,
        BruteLine::Fail,
        BruteLine::Tour,
        BruteLine::Done,
    ];

    /// The line's number in the listing, from 1.
    pub fn number(self) -> u8 {
        BruteLine::ALL
            .iter()
            .position(|&l| l == self)
            .map_or(0, |i| i as u8 + 1)
    }
}

/// One line of backtracking's listing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BackLine {
    /// `path ← [start]` (before any step).
    Start,
    /// A direction lands on a free square: moved there (the refused ones cut).
    Move,
    /// The move filled the board: a tour, counted.
    Tour,
    /// No direction left here (or a tour counted): a step back.
    Back,
    /// No direction left at the start: every tour counted.
    Done,
}

impl BackLine {
    pub const ALL: [BackLine; 5] = [
        BackLine::Start,
        BackLine::Move,
        BackLine::Tour,
        BackLine::Back,
        BackLine::Done,
    ];

    /// The line's number in the listing, from 1.
    pub fn number(self) -> u8 {
        BackLine::ALL
            .iter()
            .position(|&l| l == self)
            .map_or(0, |i| i as u8 + 1)
    }
}
