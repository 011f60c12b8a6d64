//! The same rules run from every start square: which starts give a tour, which fail, and
//! which are ruled out by theorem (the JS article ran this for all 64 squares of 8×8).

use serde::{Deserialize, Serialize};

use super::tour::{KnightTour, TourConfig};
use crate::board::Board;
use crate::{Stats, Status, StepMachine};

/// How the run from one start ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    Solved,
    Failed,
    /// No tour from this square: by theorem, or by exhaustive backtracking.
    Impossible,
    /// Backtracking ran past its step budget without an answer.
    GaveUp,
}

impl Outcome {
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Solved => "solved",
            Outcome::Failed => "failed",
            Outcome::Impossible => "impossible",
            Outcome::GaveUp => "gave-up",
        }
    }
}

/// Two rules' maps side by side: which starts each solves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Versus {
    Both,
    /// Only the page's rule finds a tour from here.
    FirstOnly,
    /// Only the rule it is compared against does.
    SecondOnly,
    Neither,
}

impl Versus {
    pub fn as_str(self) -> &'static str {
        match self {
            Versus::Both => "both",
            Versus::FirstOnly => "first-only",
            Versus::SecondOnly => "second-only",
            Versus::Neither => "neither",
        }
    }
}

/// Square by square, which of two all-starts maps gives a tour.
pub fn versus(first: &[Outcome], second: &[Outcome]) -> Vec<Versus> {
    first
        .iter()
        .zip(second)
        .map(
            |(&a, &b)| match (a == Outcome::Solved, b == Outcome::Solved) {
                (true, true) => Versus::Both,
                (true, false) => Versus::FirstOnly,
                (false, true) => Versus::SecondOnly,
                (false, false) => Versus::Neither,
            },
        )
        .collect()
}

/// Runs the configured rules from every square in turn, a bounded amount per `advance`.
pub struct AllStarts {
    config: TourConfig,
    board: Board,
    outcomes: Vec<Outcome>,
    current: Option<KnightTour>,
    /// Steps one start may take before it counts as given up.
    budget: u64,
    /// Tour steps taken over all starts.
    stats: Stats,
}

impl AllStarts {
    pub fn new(config: TourConfig, budget: u64) -> Result<AllStarts, String> {
        let board = config.board()?;
        Ok(AllStarts {
            config,
            board,
            outcomes: Vec::with_capacity(board.squares() as usize),
            current: None,
            budget,
            stats: Stats::default(),
        })
    }

    pub fn done(&self) -> usize {
        self.outcomes.len()
    }

    pub fn total(&self) -> usize {
        self.board.squares() as usize
    }

    pub fn outcomes(&self) -> &[Outcome] {
        &self.outcomes
    }

    pub fn is_finished(&self) -> bool {
        self.done() == self.total()
    }

    /// Works for about `steps` tour steps; true once every start is done.
    pub fn advance(&mut self, steps: u64) -> bool {
        let mut left = steps;
        while !self.is_finished() && left > 0 {
            let tour = match self.current.as_mut() {
                Some(t) => t,
                None => {
                    let mut config = self.config;
                    config.start = self.outcomes.len() as u32;
                    self.current = Some(KnightTour::new(config).expect("checked board"));
                    self.current.as_mut().expect("just set")
                }
            };
            let before = tour.stats().steps;
            let slice = left.min(self.budget.saturating_sub(before)).max(1);
            let status = tour.run(slice);
            let taken = (tour.stats().steps - before).max(1);
            left = left.saturating_sub(taken);
            self.stats.steps += taken;
            let outcome = match status {
                Status::Solved => Some(Outcome::Solved),
                Status::Failed => Some(Outcome::Failed),
                Status::Exhausted => Some(Outcome::Impossible),
                _ if tour.stats().steps >= self.budget => Some(Outcome::GaveUp),
                _ => None,
            };
            if let Some(outcome) = outcome {
                self.outcomes.push(outcome);
                self.current = None;
            }
        }
        self.is_finished()
    }
}

/// One step is one tour step of the start being run; the event is that start's outcome
/// when the step decides it.
impl StepMachine for AllStarts {
    type Event = Option<Outcome>;

    fn step(&mut self) -> Option<Option<Outcome>> {
        if self.is_finished() {
            return None;
        }
        let before = self.done();
        self.advance(1);
        Some(self.outcomes.get(before).copied())
    }

    fn status(&self) -> Status {
        if self.is_finished() {
            Status::Solved
        } else {
            Status::Running
        }
    }

    fn stats(&self) -> &Stats {
        &self.stats
    }

    fn run(&mut self, max_steps: u64) -> Status {
        self.advance(max_steps);
        self.status()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(w: u32, h: u32, backtrack: bool) -> Vec<Outcome> {
        let board = Board::new(w, h).unwrap();
        let mut config = TourConfig::new(board, 0);
        config.rule.backtrack = backtrack;
        config.rule.forward_check = backtrack;
        let mut all = AllStarts::new(config, 10_000_000).unwrap();
        while !all.advance(1000) {}
        all.outcomes().to_vec()
    }

    #[test]
    fn eight_by_eight_fails_only_from_e3_with_fixed_ties() {
        let outcomes = map(8, 8, false);
        let failed: Vec<usize> = (0..64)
            .filter(|&i| outcomes[i] != Outcome::Solved)
            .collect();
        let e3 = Board::new(8, 8).unwrap().parse_square("e3").unwrap() as usize;
        assert_eq!(failed, vec![e3]);
    }

    #[test]
    fn comparing_two_rules_shows_where_only_one_solves() {
        // On 6x6, clockwise ties fail only from d4; Roth's ties solve everywhere.
        let board = Board::new(6, 6).unwrap();
        let first = map(6, 6, false);
        let mut roth = TourConfig::new(board, 0);
        roth.rule.tie_break = crate::knight::TieBreak::Roth;
        let mut all = AllStarts::new(roth, 10_000_000).unwrap();
        while !all.advance(1000) {}
        let v = versus(&first, all.outcomes());
        let d4 = board.parse_square("d4").unwrap() as usize;
        assert_eq!(v[d4], Versus::SecondOnly);
        assert_eq!(v.iter().filter(|&&x| x == Versus::Both).count(), 35);
        assert_eq!(versus(&first, &first)[d4], Versus::Neither);
    }

    #[test]
    fn six_by_six_gives_35_of_36_as_the_reference_says() {
        let outcomes = map(6, 6, false);
        let board = Board::new(6, 6).unwrap();
        let failed: Vec<String> = (0..36)
            .filter(|&i| outcomes[i] != Outcome::Solved)
            .map(|i| board.name(i as u32))
            .collect();
        assert_eq!(failed, ["d4"]);
    }

    #[test]
    fn five_by_five_with_backtracking_is_decided_everywhere() {
        let outcomes = map(5, 5, true);
        // Corner-coloured squares of 5x5 split into starts with tours and without; the
        // other colour is ruled out by theorem. Reference: tours start from a1 and c3.
        let board = Board::new(5, 5).unwrap();
        assert_eq!(
            outcomes[board.parse_square("a1").unwrap() as usize],
            Outcome::Solved
        );
        assert_eq!(
            outcomes[board.parse_square("c3").unwrap() as usize],
            Outcome::Solved
        );
        assert_eq!(
            outcomes[board.parse_square("b1").unwrap() as usize],
            Outcome::Impossible
        );
        assert!(outcomes
            .iter()
            .all(|&o| o == Outcome::Solved || o == Outcome::Impossible));
    }
}
