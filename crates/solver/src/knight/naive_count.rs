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
use super::naive_code::{BackLine, BruteLine};
use crate::board::{Board, KNIGHT_JUMPS};
use crate::tree::TreeMachine;
use crate::watch::Watched;
use crate::{Stats, Status, StepMachine};

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
#[derive(Clone, Debug)]
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
    /// Backtracking: moves refused so far (off the board or onto a visited square).
    cuts: u64,
    /// Brute force: valid moves of the last candidate checked, before it failed.
    reach: u32,
    /// The last step found a tour.
    just_found: bool,
    /// The listing line the last step ran (brute force's or backtracking's).
    brute_line: BruteLine,
    back_line: BackLine,
}

/// Why a brute-force candidate fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WalkFailure {
    /// Move `index` (from 0) jumps off the board from `from` in direction `direction`.
    OffBoard {
        index: usize,
        from: u32,
        direction: u8,
    },
    /// Move `index` lands on `square`, already visited.
    Revisit { index: usize, square: u32 },
}

/// A move sequence walked in full, as the notebook prints a candidate: every move on the
/// board is made, even onto a square already visited; a move that would leave the board
/// is listed and not made (the knight waits for the next one).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trace {
    /// For each square, the moves that land there (0 is the start), in order: two or
    /// more means a square visited twice.
    pub visits: Vec<Vec<u32>>,
    /// Moves (from 1) that land off the board.
    pub off_board: Vec<u32>,
    /// Moves (from 1) that land on a square already visited.
    pub again: Vec<u32>,
}

/// A move sequence walked on the board: the squares it reaches (start first) up to the
/// first move that fails, and that failure.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Walk {
    pub squares: Vec<u32>,
    pub failure: Option<WalkFailure>,
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
            cuts: 0,
            reach: 0,
            just_found: false,
            brute_line: BruteLine::Start,
            back_line: BackLine::Start,
        })
    }

    pub fn board(&self) -> Board {
        self.board
    }

    pub fn start(&self) -> u32 {
        self.start
    }

    /// Backtracking: the squares walked, start first.
    pub fn path(&self) -> &[u32] {
        &self.path
    }

    /// Brute force: the odometer, the move sequence to be checked next (directions 0..7
    /// in `KNIGHT_JUMPS` order, the last turning fastest). Backtracking: the direction
    /// to try next at each depth.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// Brute force: the sequence checked last (the odometer one back; the first
    /// sequence before any was checked, the last once all were).
    pub fn checked(&self) -> Vec<u8> {
        let mut d = self.digits.clone();
        if self.stats.nodes == 0 {
            return d;
        }
        if self.status.is_finished() {
            d.iter_mut().for_each(|x| *x = 7);
            return d;
        }
        for digit in d.iter_mut().rev() {
            if *digit > 0 {
                *digit -= 1;
                break;
            }
            *digit = 7;
        }
        d
    }

    /// Walks a move sequence from the start up to its first bad move.
    pub fn walk(&self, digits: &[u8]) -> Walk {
        let mut squares = vec![self.start];
        for (index, &d) in digits.iter().enumerate() {
            let from = *squares.last().expect("the start");
            match self.jumps[from as usize].get(d as usize).copied().flatten() {
                None => {
                    return Walk {
                        squares,
                        failure: Some(WalkFailure::OffBoard {
                            index,
                            from,
                            direction: d,
                        }),
                    }
                }
                Some(next) if squares.contains(&next) => {
                    return Walk {
                        squares,
                        failure: Some(WalkFailure::Revisit {
                            index,
                            square: next,
                        }),
                    }
                }
                Some(next) => squares.push(next),
            }
        }
        Walk {
            squares,
            failure: None,
        }
    }

    /// Walks a move sequence in full from the start (see [`Trace`]).
    pub fn trace(&self, digits: &[u8]) -> Trace {
        let mut visits = vec![Vec::new(); self.board.squares() as usize];
        let (mut off_board, mut again) = (Vec::new(), Vec::new());
        let (x, y) = self.board.coords(self.start);
        let (mut x, mut y) = (x as i64, y as i64);
        visits[self.start as usize].push(0);
        for (i, &d) in digits.iter().enumerate() {
            let (dx, dy) = KNIGHT_JUMPS[d as usize % 8];
            let number = i as u32 + 1;
            if self.board.contains(x + dx as i64, y + dy as i64) {
                x += dx as i64;
                y += dy as i64;
                let sq = self.board.index(x as u32, y as u32) as usize;
                if !visits[sq].is_empty() {
                    again.push(number);
                }
                visits[sq].push(number);
            } else {
                off_board.push(number);
            }
        }
        Trace {
            visits,
            off_board,
            again,
        }
    }

    /// Backtracking: moves refused so far (off the board or onto a visited square).
    pub fn cuts(&self) -> u64 {
        self.cuts
    }

    /// The last step found a tour.
    pub fn just_found(&self) -> bool {
        self.just_found
    }

    /// Brute force, exactly as `limit` steps would: checks the next sequence and, if it
    /// fails at move `i`, counts the sequences after it that share its first `i + 1`
    /// moves (they fail there too) as checked, at most `limit` in all. Returns the
    /// sequences checked. Backtracking takes one step.
    pub fn leap_steps(&mut self, limit: u64) -> u64 {
        let before = self.stats.steps;
        if self.method != NaiveMethod::BruteForce
            || self.status != Status::Running
            || self.board.squares() == 1
        {
            self.step();
            return self.stats.steps - before;
        }
        self.stats.steps += 1;
        let len = self.digits.len();
        let fail = self.check();
        self.brute_line = if fail.is_some() {
            BruteLine::Fail
        } else {
            BruteLine::Tour
        };
        let mut skip = 1u64;
        if let Some(i) = fail {
            // Sequences left in the block sharing moves 0..=i, this one included.
            let rest = len - 1 - i;
            let left = if rest > 40 {
                u128::MAX
            } else {
                let tail = self.digits[i + 1..]
                    .iter()
                    .fold(0u128, |v, &d| v * 8 + d as u128);
                8u128.pow(rest as u32) - tail
            };
            skip = left.min(limit.max(1) as u128) as u64;
        }
        self.stats.steps += skip - 1;
        self.stats.nodes += skip - 1;
        // Move the odometer on by `skip`.
        let mut carry = skip;
        for digit in self.digits.iter_mut().rev() {
            if carry == 0 {
                break;
            }
            let sum = *digit as u64 + carry;
            *digit = (sum % 8) as u8;
            carry = sum / 8;
        }
        if carry > 0 {
            self.status = Status::Exhausted;
            self.brute_line = BruteLine::Done;
        }
        skip
    }

    pub fn found(&self) -> Found {
        self.found
    }

    pub fn method(&self) -> NaiveMethod {
        self.method
    }

    /// The brute-force listing's line the last step ran.
    pub fn brute_line(&self) -> BruteLine {
        self.brute_line
    }

    /// The backtracking listing's line the last step ran.
    pub fn back_line(&self) -> BackLine {
        self.back_line
    }

    /// Brute force: the valid moves of the last sequence checked (all of them for a tour).
    pub fn reach(&self) -> u32 {
        self.reach
    }

    fn closes(&self, last: u32) -> bool {
        self.jumps[last as usize].contains(&Some(self.start))
    }

    /// Checks the current candidate sequence: `None` if it is a tour, else the index of
    /// its first bad move.
    fn check(&mut self) -> Option<usize> {
        self.stats.nodes += 1;
        let mark = self.stats.nodes;
        self.seen[self.start as usize] = mark;
        let mut at = self.start;
        for (i, &d) in self.digits.iter().enumerate() {
            match self.jumps[at as usize][d as usize] {
                Some(next) if self.seen[next as usize] != mark => {
                    self.seen[next as usize] = mark;
                    at = next;
                }
                _ => {
                    self.reach = i as u32;
                    self.just_found = false;
                    return Some(i);
                }
            }
        }
        self.reach = self.digits.len() as u32;
        self.found.tours += 1;
        self.found.closed += self.closes(at) as u64;
        self.just_found = true;
        None
    }

    /// Checks the current candidate sequence, then moves the odometer on.
    fn brute_step(&mut self) {
        self.brute_line = match self.check() {
            Some(_) => BruteLine::Fail,
            None => BruteLine::Tour,
        };
        // Next sequence: the last digit turns fastest.
        for digit in self.digits.iter_mut().rev() {
            if *digit < 7 {
                *digit += 1;
                return;
            }
            *digit = 0;
        }
        self.status = Status::Exhausted;
        self.brute_line = BruteLine::Done;
    }

    fn backtrack_step(&mut self) {
        let depth = self.path.len() - 1;
        let at = *self.path.last().expect("the start stays");
        self.just_found = false;
        if self.path.len() == self.board.squares() as usize {
            // A tour, counted when its last square was entered: step back.
            self.back();
            return;
        }
        self.back_line = BackLine::Move;
        while self.digits[depth] < 8 {
            let d = self.digits[depth] as usize;
            self.digits[depth] += 1;
            if let Some(next) = self.jumps[at as usize][d] {
                if !self.taken[next as usize] {
                    self.taken[next as usize] = true;
                    self.path.push(next);
                    self.digits.push(0);
                    self.stats.nodes += 1;
                    if self.path.len() == self.board.squares() as usize {
                        self.found.tours += 1;
                        self.found.closed += self.closes(next) as u64;
                        self.just_found = true;
                        self.back_line = BackLine::Tour;
                    }
                    return;
                }
            }
            self.cuts += 1;
        }
        self.back();
    }

    fn back(&mut self) {
        if self.path.len() == 1 {
            self.status = Status::Exhausted;
            self.back_line = BackLine::Done;
            return;
        }
        self.back_line = BackLine::Back;
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

impl TreeMachine for NaiveCounter {
    /// Backtracking: the squares after the start.
    fn branch(&self) -> &[u32] {
        &self.path[1..]
    }

    fn cuts(&self) -> u64 {
        self.cuts
    }

    fn solutions(&self) -> u64 {
        self.found.tours
    }
}

impl Watched for NaiveCounter {
    /// Backtracking: moves walked. Brute force: valid moves of the last sequence checked.
    fn depth(&self) -> u32 {
        match self.method {
            NaiveMethod::BruteForce => self.reach,
            NaiveMethod::Backtracking => self.path.len() as u32 - 1,
        }
    }

    fn max_depth(&self) -> u32 {
        self.board.squares() - 1
    }

    fn solutions(&self) -> u64 {
        self.found.tours
    }

    fn event_name(&self, event: Option<&Found>, depth_before: u32) -> &'static str {
        match (event, self.method) {
            (None, _) => "finished",
            _ if self.just_found => "tour",
            (_, NaiveMethod::BruteForce) => "check",
            _ if self.path.len() as u32 - 1 > depth_before => "move",
            _ => "backtrack",
        }
    }

    fn leap(&mut self, limit: u64) -> Option<Found> {
        (self.leap_steps(limit) > 0).then_some(self.found)
    }
}

/// Brute force and backtracking on the same board in lockstep: one step of the race is
/// one step of each (a block of sequences for brute force when leaping, and as many
/// backtracking steps). Either may be left out, to watch one alone.
#[derive(Clone, Debug)]
pub struct NaiveRace {
    pub brute: Option<NaiveCounter>,
    pub back: Option<NaiveCounter>,
    stats: Stats,
}

impl NaiveRace {
    pub fn new(spec: CountSpec, brute: bool, back: bool) -> Result<NaiveRace, String> {
        Ok(NaiveRace {
            brute: brute
                .then(|| NaiveCounter::new(NaiveMethod::BruteForce, spec))
                .transpose()?,
            back: back
                .then(|| NaiveCounter::new(NaiveMethod::Backtracking, spec))
                .transpose()?,
            stats: Stats::default(),
        })
    }

    fn running(c: &Option<NaiveCounter>) -> bool {
        c.as_ref().is_some_and(|c| c.status() == Status::Running)
    }

    /// How many times more sequences brute force checks than backtracking visits nodes
    /// (both complete): `8^(N−1) / nodes`.
    pub fn ratio(&self) -> Option<f64> {
        let back = self.back.as_ref()?;
        let squares = back.board().squares();
        (back.status().is_finished() && back.stats().nodes > 0)
            .then(|| 10f64.powf(brute_force_log10(squares)) / back.stats().nodes as f64)
    }
}

impl StepMachine for NaiveRace {
    type Event = ();

    fn step(&mut self) -> Option<()> {
        self.leap(1)
    }

    fn status(&self) -> Status {
        if Self::running(&self.brute) || Self::running(&self.back) {
            Status::Running
        } else {
            Status::Exhausted
        }
    }

    fn stats(&self) -> &Stats {
        &self.stats
    }
}

impl Watched for NaiveRace {
    /// Brute force's (how far the last sequence got) when it runs: it is the long one;
    /// backtracking's path alone.
    fn depth(&self) -> u32 {
        self.brute
            .as_ref()
            .or(self.back.as_ref())
            .map_or(0, |c| c.depth())
    }

    fn max_depth(&self) -> u32 {
        self.back
            .as_ref()
            .or(self.brute.as_ref())
            .map_or(1, |c| c.max_depth())
    }

    fn solutions(&self) -> u64 {
        [&self.brute, &self.back]
            .iter()
            .filter_map(|c| c.as_ref())
            .map(|c| c.found().tours)
            .sum()
    }

    fn event_name(&self, event: Option<&()>, depth_before: u32) -> &'static str {
        if event.is_none() {
            return "finished";
        }
        match (&self.back, &self.brute) {
            (Some(b), _) if b.status() == Status::Running || self.brute.is_none() => {
                b.event_name(Some(&b.found()), depth_before)
            }
            (_, Some(b)) => b.event_name(Some(&b.found()), depth_before),
            (Some(b), None) => b.event_name(Some(&b.found()), depth_before),
            (None, None) => "finished",
        }
    }

    /// Brute force leaps a block; backtracking takes as many steps.
    fn leap(&mut self, limit: u64) -> Option<()> {
        if self.status().is_finished() {
            return None;
        }
        let k = match self.brute.as_mut() {
            Some(b) if b.status() == Status::Running => b.leap_steps(limit),
            _ => 1,
        };
        if let Some(b) = self.back.as_mut() {
            for _ in 0..k {
                if b.step().is_none() {
                    break;
                }
            }
        }
        self.stats.steps += k;
        Some(())
    }
}
