//! The knight's-tour step machine: one `step()` is one move, one backtrack, or the moment
//! the knight is found stuck.

use serde::{Deserialize, Serialize};

use super::rules::{Heuristic, TieBreak};
use crate::solver::board::Board;
use crate::solver::{Stats, Status, StepMachine};

/// Everything that decides a tour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TourConfig {
    pub width: u32,
    pub height: u32,
    pub start: u32,
    pub closed: bool,
    pub backtrack: bool,
    pub heuristic: Heuristic,
    pub tie_break: TieBreak,
}

impl TourConfig {
    /// Warnsdorff with fixed-order ties, open, no backtracking.
    pub fn new(board: Board, start: u32) -> TourConfig {
        TourConfig {
            width: board.width(),
            height: board.height(),
            start,
            closed: false,
            backtrack: false,
            heuristic: Heuristic::default(),
            tie_break: TieBreak::default(),
        }
    }

    /// Checks the size and the start square (a config may come from a message or a link).
    pub fn board(&self) -> Result<Board, String> {
        let board = Board::new(self.width, self.height).map_err(|e| e.to_string())?;
        if self.start >= board.squares() {
            return Err(format!(
                "start square {} is off the {}x{} board",
                self.start, self.width, self.height
            ));
        }
        Ok(board)
    }
}

/// What one step did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TourEvent {
    Move {
        from: u32,
        to: u32,
    },
    Backtrack {
        from: u32,
        to: u32,
    },
    /// No move left from `at`: the search ends here (failed, or exhausted when backtracking).
    Stuck {
        at: u32,
    },
}

/// Candidates still to try at one depth of a backtracking search.
#[derive(Clone, Copy, Debug)]
struct Choice {
    squares: [u32; 8],
    len: u8,
    next: u8,
}

pub struct KnightTour {
    config: TourConfig,
    board: Board,
    visited: Vec<bool>,
    /// Unvisited neighbours of each square, kept current as the knight moves.
    onward: Vec<u8>,
    path: Vec<u32>,
    /// One entry per square of `path` that has been expanded (backtracking only).
    choices: Vec<Choice>,
    status: Status,
    stats: Stats,
}

impl KnightTour {
    pub fn new(config: TourConfig) -> Result<KnightTour, String> {
        let board = config.board()?;
        let n = board.squares() as usize;
        let onward = (0..board.squares())
            .map(|sq| board.knight_moves(sq).count() as u8)
            .collect();
        let mut tour = KnightTour {
            config,
            board,
            visited: vec![false; n],
            onward,
            path: Vec::with_capacity(n),
            choices: Vec::new(),
            status: Status::Running,
            stats: Stats {
                nodes: 1,
                ..Stats::default()
            },
        };
        tour.visit(config.start);
        tour.mark_if_complete();
        Ok(tour)
    }

    pub fn config(&self) -> &TourConfig {
        &self.config
    }

    pub fn board(&self) -> Board {
        self.board
    }

    /// The squares visited so far, start first.
    pub fn path(&self) -> &[u32] {
        &self.path
    }

    /// Unvisited neighbours of `square` right now (what Warnsdorff compares).
    pub fn onward_moves(&self, square: u32) -> u8 {
        self.onward[square as usize]
    }

    /// Ends the search on request (the worker's cancel).
    pub fn cancel(&mut self) {
        if self.status == Status::Running {
            self.status = Status::Cancelled;
        }
    }

    fn visit(&mut self, square: u32) {
        self.visited[square as usize] = true;
        self.path.push(square);
        for next in self.board.knight_moves(square) {
            self.onward[next as usize] -= 1;
        }
    }

    fn unvisit_last(&mut self) -> u32 {
        let square = self.path.pop().expect("the start is never unvisited");
        self.visited[square as usize] = false;
        for next in self.board.knight_moves(square) {
            self.onward[next as usize] += 1;
        }
        square
    }

    fn mark_if_complete(&mut self) {
        if self.path.len() == self.board.squares() as usize {
            let last = *self.path.last().expect("path holds the start");
            let closes = self.board.is_knight_move(last, self.config.start);
            if !self.config.closed || closes {
                self.status = Status::Solved;
            }
        }
    }

    /// Unvisited jumps from `square`, best first by the configured rule.
    fn ranked_candidates(&self, square: u32) -> Choice {
        let mut choice = Choice {
            squares: [0; 8],
            len: 0,
            next: 0,
        };
        for next in self.board.knight_moves(square) {
            if !self.visited[next as usize] {
                choice.squares[choice.len as usize] = next;
                choice.len += 1;
            }
        }
        let ranked = &mut choice.squares[..choice.len as usize];
        match (self.config.heuristic, self.config.tie_break) {
            // A stable sort keeps the clockwise order among equal counts.
            (Heuristic::Warnsdorff, TieBreak::First) => {
                ranked.sort_by_key(|&sq| self.onward[sq as usize])
            }
            (Heuristic::Warnsdorff, TieBreak::Roth) => ranked.sort_by_key(|&sq| {
                (
                    self.onward[sq as usize],
                    std::cmp::Reverse(self.centre_distance(sq)),
                )
            }),
        }
        choice
    }

    /// Squared distance from the centre, doubled so it stays an integer on even sides.
    fn centre_distance(&self, square: u32) -> u64 {
        let (x, y) = self.board.coords(square);
        let dx = 2 * x as i64 - (self.board.width() as i64 - 1);
        let dy = 2 * y as i64 - (self.board.height() as i64 - 1);
        (dx * dx + dy * dy) as u64
    }

    /// The next square to try from the top of the path, if any.
    fn next_candidate(&mut self) -> Option<u32> {
        if self.path.len() == self.board.squares() as usize {
            return None; // full but not closing: a dead end for a closed tour
        }
        let depth = self.path.len() - 1;
        let top = self.path[depth];
        if !self.config.backtrack {
            let ranked = self.ranked_candidates(top);
            return (ranked.len > 0).then_some(ranked.squares[0]);
        }
        if self.config.closed && self.onward[self.config.start as usize] == 0 {
            return None; // nothing left to come back to the start from: prune
        }
        if self.choices.len() == depth {
            let ranked = self.ranked_candidates(top);
            self.choices.push(ranked);
        }
        let choice = &mut self.choices[depth];
        (choice.next < choice.len).then(|| {
            choice.next += 1;
            choice.squares[choice.next as usize - 1]
        })
    }
}

impl StepMachine for KnightTour {
    type Event = TourEvent;

    fn step(&mut self) -> Option<TourEvent> {
        if self.status.is_finished() {
            return None;
        }
        self.stats.steps += 1;
        let from = *self.path.last().expect("path holds the start");
        if let Some(to) = self.next_candidate() {
            self.visit(to);
            self.stats.nodes += 1;
            self.mark_if_complete();
            return Some(TourEvent::Move { from, to });
        }
        if !self.config.backtrack {
            self.status = Status::Failed;
            return Some(TourEvent::Stuck { at: from });
        }
        if self.path.len() == 1 {
            self.status = Status::Exhausted;
            return Some(TourEvent::Stuck { at: from });
        }
        self.unvisit_last();
        self.choices.truncate(self.path.len());
        self.stats.backtracks += 1;
        let to = *self.path.last().expect("path holds the start");
        Some(TourEvent::Backtrack { from, to })
    }

    fn status(&self) -> Status {
        self.status
    }

    fn stats(&self) -> &Stats {
        &self.stats
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tour(w: u32, h: u32, start: &str, closed: bool, backtrack: bool) -> KnightTour {
        let board = Board::new(w, h).unwrap();
        let mut config = TourConfig::new(board, board.parse_square(start).unwrap());
        config.closed = closed;
        config.backtrack = backtrack;
        KnightTour::new(config).unwrap()
    }

    #[test]
    fn one_by_one_is_solved_before_any_step() {
        let mut t = tour(1, 1, "a1", false, false);
        assert_eq!(t.status(), Status::Solved);
        assert_eq!(t.step(), None);
    }

    #[test]
    fn warnsdorff_takes_the_square_with_fewest_onward_moves() {
        // From a1 on 8x8 the jumps are b3 (onward 5 after leaving a1) and c2 (5): a tie, so
        // the clockwise order picks b3 (the one o'clock jump) first.
        let mut t = tour(8, 8, "a1", false, false);
        let b = t.board();
        assert_eq!(
            t.step(),
            Some(TourEvent::Move {
                from: 0,
                to: b.parse_square("b3").unwrap()
            })
        );
    }

    #[test]
    fn stuck_without_backtracking_fails_and_stops() {
        let mut t = tour(3, 3, "a1", false, false);
        let status = t.run(100);
        assert_eq!(status, Status::Failed);
        // n-1 moves plus the step that found the knight stuck.
        assert_eq!(t.stats().steps as usize, t.path().len());
        assert_eq!(t.step(), None);
    }

    #[test]
    fn backtracking_proves_no_tour_on_3x3() {
        let mut t = tour(3, 3, "a1", false, true);
        assert_eq!(t.run(1_000_000), Status::Exhausted);
        assert!(t.stats().backtracks > 0);
    }

    #[test]
    fn backtracking_finds_a_closed_tour_on_6x6() {
        let mut t = tour(6, 6, "a1", true, true);
        assert_eq!(t.run(10_000_000), Status::Solved);
        let b = t.board();
        assert!(b.is_knight_move(*t.path().last().unwrap(), t.path()[0]));
    }

    #[test]
    fn cancel_stops_a_running_search() {
        let mut t = tour(8, 8, "a1", false, false);
        t.step();
        t.cancel();
        assert_eq!(t.status(), Status::Cancelled);
        assert_eq!(t.step(), None);
    }
}
