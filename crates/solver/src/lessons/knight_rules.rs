//! The knight lessons' board and rules, shared by their steps and by the every-start
//! table: 8×8, greedy rules from a start, and the same with backtracking.

use crate::board::Board;
use crate::knight::{Heuristic, Rule, TieBreak, TourConfig};

/// Steps a lesson's backtracking run may take (they take thousands at most).
pub const LIMIT: u64 = 2_000_000;

pub fn board() -> Board {
    Board::new(8, 8).expect("8x8 is a valid board")
}

/// A greedy run of `heuristic` with `tie_break` ties from `start` on 8×8.
pub fn greedy(start: u32, heuristic: Heuristic, tie_break: TieBreak) -> TourConfig {
    TourConfig {
        rule: Rule::greedy(heuristic, tie_break),
        ..TourConfig::new(board(), start)
    }
}

/// Warnsdorff with clockwise (first) ties from `start`, as the JS article ran it.
pub fn clockwise(start: u32) -> TourConfig {
    greedy(start, Heuristic::Warnsdorff, TieBreak::First)
}

/// The clockwise rule with backtracking, and maybe forward checking and fast backtracking.
pub fn with_backtracking(start: u32, forward_check: bool, fast_backtrack: bool) -> TourConfig {
    let greedy = clockwise(start);
    TourConfig {
        rule: Rule {
            backtrack: true,
            forward_check,
            fast_backtrack,
            ..greedy.rule
        },
        ..greedy
    }
}

/// The rules compared from every start, in the order of the table.
pub fn compared_rules() -> Vec<Rule> {
    let rule = Rule::greedy;
    vec![
        rule(Heuristic::Bottom, TieBreak::First),
        rule(Heuristic::Center, TieBreak::First),
        rule(Heuristic::Warnsdorff, TieBreak::First),
        rule(Heuristic::Warnsdorff, TieBreak::Random),
        rule(Heuristic::Warnsdorff, TieBreak::Pohl),
        rule(Heuristic::Warnsdorff, TieBreak::Roth),
    ]
}
