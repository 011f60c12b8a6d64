//! The C course notebook's two counters, as step machines, to show the search space
//! explode and backtracking tame it:
//! - brute force: every sequence of N − 1 moves, each one of the 8 directions, generated
//!   in full and then checked (on the board, no square twice) — 8^(N−1) candidates;
//! - backtracking: the same depth-first walk, abandoned as soon as a move leaves the board
//!   or lands on a visited square.
//!
//! Both count tours from one start and, among them, those that close.

use serde::{Deserialize, Serialize};

use super::count::CountSpec;
use crate::solver::board::{Board, KNIGHT_JUMPS};
use crate::solver::{Stats, Status, StepMachine};

/// Which of the two.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum NaiveMethod {
    BruteForce,
    Backtracking,
}

/// Tours found so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Found {
    pub tours: u64,
    pub closed: u64,
}

/// log10 of the brute-force candidates on a board: 8^(N−1).
pub fn brute_force_log10(squares: u32) -> f64 {
    (squares.saturating_sub(1)) as f64 * 8f64.log10()
}

/// Where each of the 8 jumps lands from each square (`None` off the board).
fn jump_table(board: Board) -> Vec<[Option<u32>; 8]> {
    (0..board.squares())
        .map(|s| {
            let (x, y) = board.coords(s);
            let mut row = [None; 8];
            for (d, &(dx, dy)) in KNIGHT_JUMPS.iter().enumerate() {
                let (nx, ny) = (x as i64 + dx as i64, y as i64 + dy as i64);
                if board.contains(nx, ny) {
                    row[d] = Some(board.index(nx as u32, ny as u32));
                }
            }
            row
        })
        .collect()
}

/// One of the notebook's counters. `step()` checks one brute-force candidate, or takes one
/// backtracking decision (a move or a step back).
pub struct NaiveCounter {
    method: NaiveMethod,
    board: Board,
    start: u32,
    jumps: Vec<[Option<u32>; 8]>,
    /// Brute force: the move sequence being checked, as directions (an odometer).
    /// Backtracking: the direction tried next at each depth.
    digits: Vec<u8>,
    /// Backtracking: the squares walked, start first, and which are taken.
    path: Vec<u32>,
    taken: Vec<bool>,
    /// Brute force: squares met by the candidate being checked carry its number.
    seen: Vec<u64>,
    found: Found,
    stats: Stats,
    status: Status,
}

impl NaiveCounter {
    pub fn new(method: NaiveMethod, spec: CountSpec) -> Result<NaiveCounter, String> {
        let board = spec.board()?;
        let start = spec.start.unwrap_or(0);
        let n = board.squares() as usize;
        let mut taken = vec![false; n];
        taken[start as usize] = true;
        Ok(NaiveCounter {
            method,
            board,
            start,
            jumps: jump_table(board),
            digits: match method {
                NaiveMethod::BruteForce => vec![0; n - 1],
                NaiveMethod::Backtracking => vec![0],
            },
            path: vec![start],
            taken,
            seen: vec![0; n],
            found: Found::default(),
            stats: Stats::default(),
            status: Status::Running,
        })
    }

    pub fn found(&self) -> Found {
        self.found
    }

    pub fn method(&self) -> NaiveMethod {
        self.method
    }

    /// Brute force: candidates checked so far (`stats.steps`) out of 8^(N−1).
    pub fn candidates_log10(&self) -> f64 {
        brute_force_log10(self.board.squares())
    }

    fn closes(&self, last: u32) -> bool {
        self.jumps[last as usize].contains(&Some(self.start))
    }

    /// Checks the current candidate sequence, then moves the odometer on.
    fn brute_step(&mut self) {
        self.stats.nodes += 1;
        let mark = self.stats.nodes;
        self.seen[self.start as usize] = mark;
        let mut at = self.start;
        let mut ok = true;
        for &d in &self.digits {
            match self.jumps[at as usize][d as usize] {
                Some(next) if self.seen[next as usize] != mark => {
                    self.seen[next as usize] = mark;
                    at = next;
                }
                _ => {
                    ok = false;
                    break;
                }
            }
        }
        if ok {
            self.found.tours += 1;
            self.found.closed += self.closes(at) as u64;
        }
        // Next sequence: the last digit turns fastest.
        for digit in self.digits.iter_mut().rev() {
            if *digit < 7 {
                *digit += 1;
                return;
            }
            *digit = 0;
        }
        self.status = Status::Exhausted;
    }

    fn backtrack_step(&mut self) {
        let depth = self.path.len() - 1;
        let at = *self.path.last().expect("the start stays");
        if self.path.len() == self.board.squares() as usize {
            self.found.tours += 1;
            self.found.closed += self.closes(at) as u64;
            self.back();
            return;
        }
        while self.digits[depth] < 8 {
            let d = self.digits[depth] as usize;
            self.digits[depth] += 1;
            if let Some(next) = self.jumps[at as usize][d] {
                if !self.taken[next as usize] {
                    self.taken[next as usize] = true;
                    self.path.push(next);
                    self.digits.push(0);
                    self.stats.nodes += 1;
                    return;
                }
            }
        }
        self.back();
    }

    fn back(&mut self) {
        if self.path.len() == 1 {
            self.status = Status::Exhausted;
            return;
        }
        let last = self.path.pop().expect("more than the start");
        self.taken[last as usize] = false;
        self.digits.pop();
        self.stats.backtracks += 1;
    }
}

impl StepMachine for NaiveCounter {
    type Event = Found;

    fn step(&mut self) -> Option<Found> {
        if self.status != Status::Running {
            return None;
        }
        if self.board.squares() == 1 {
            // The lone square is a tour of length zero (and does not close).
            self.found.tours = 1;
            self.status = Status::Exhausted;
            return Some(self.found);
        }
        self.stats.steps += 1;
        match self.method {
            NaiveMethod::BruteForce => self.brute_step(),
            NaiveMethod::Backtracking => self.backtrack_step(),
        }
        Some(self.found)
    }

    /// `Exhausted` once every candidate is done: the counts are then complete.
    fn status(&self) -> Status {
        self.status
    }

    fn stats(&self) -> &Stats {
        &self.stats
    }
}
