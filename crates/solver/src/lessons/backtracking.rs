//! Lesson 2, after the JS article: clockwise ties, a start where the greedy rule fails,
//! backtracking with a record of the moves tried on each square, forward checking, fast
//! backtracking to tie points, and every start with backtracking.

use serde::Serialize;

use super::knight_rules::{board, clockwise, with_backtracking, LIMIT};
use super::starts::{table, Table};
use super::tour_watch::ending;
use super::{At, Bench};
use crate::Status;

pub const SLUG: &str = "backtracking";

/// The first start square (a1, b1, … h8) from which the greedy rule with clockwise ties
/// gets stuck: the lesson's example.
pub fn failing_start() -> u32 {
    (0..64)
        .find(|&s| ending(clockwise(s), LIMIT).status == Status::Failed)
        .unwrap_or(0)
}

/// Each step's workbench.
pub fn steps() -> Vec<Bench> {
    let s = failing_start();
    let knight = |config, at| Bench::Knight { config, at };
    vec![
        knight(clockwise(0), At::Start),
        knight(clockwise(s), At::End),
        knight(with_backtracking(s, false, false), At::End),
        knight(with_backtracking(s, true, false), At::End),
        knight(with_backtracking(s, true, true), At::End),
        Bench::AllStarts {
            table: Table::Backtracking,
            shown: 1,
        },
    ]
}

/// Every figure the lesson states, named as its text names them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Facts {
    pub a1_options: u64,
    pub fail_start: String,
    pub fail_visited: u64,
    pub fail_left: u64,
    pub bt_steps: u64,
    pub bt_backtracks: u64,
    pub fc_steps: u64,
    pub fc_backtracks: u64,
    pub fast_steps: u64,
    pub bt_all_solved: u64,
    pub bt_all_starts: u64,
    pub greedy_all_solved: u64,
    pub bt_most_steps: u64,
}

pub fn facts() -> Facts {
    let b = board();
    let s = failing_start();
    let fail = ending(clockwise(s), LIMIT);
    let bt = ending(with_backtracking(s, false, false), LIMIT);
    let fc = ending(with_backtracking(s, true, false), LIMIT);
    let fast = ending(with_backtracking(s, true, true), LIMIT);
    // The last step's table: the greedy rule, then the same with backtracking.
    let [greedy, back] = <[_; 2]>::try_from(table(Table::Backtracking)).expect("two rows");
    Facts {
        a1_options: b.knight_moves(0).count() as u64,
        fail_start: b.name(s),
        fail_visited: fail.visited,
        fail_left: fail.left,
        bt_steps: bt.steps,
        bt_backtracks: bt.backtracks,
        fc_steps: fc.steps,
        fc_backtracks: fc.backtracks,
        fast_steps: fast.steps,
        bt_all_solved: back.solved,
        bt_all_starts: back.outcomes.len() as u64,
        greedy_all_solved: greedy.solved,
        bt_most_steps: back.most_steps,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knight::KnightTour;
    use crate::StepMachine;

    /// The example start really fails greedily (no unvisited neighbour at the end), every
    /// earlier start really succeeds, and backtracking from it finds a tour a checker
    /// written here accepts.
    #[test]
    fn the_failing_start_and_its_rescue() {
        let b = board();
        let s = failing_start();
        for earlier in 0..s {
            let mut t = KnightTour::new(clockwise(earlier)).unwrap();
            assert_eq!(t.run(u64::MAX), Status::Solved, "{}", b.name(earlier));
        }
        let mut t = KnightTour::new(clockwise(s)).unwrap();
        assert_eq!(t.run(u64::MAX), Status::Failed);
        let path = t.path();
        let last = *path.last().unwrap();
        assert!(b.knight_moves(last).all(|n| path.contains(&n)));
        let facts = facts();
        assert_eq!(facts.fail_start, b.name(s));
        assert_eq!(facts.fail_visited, path.len() as u64);
        for (fc, fast) in [(false, false), (true, false), (true, true)] {
            let mut t = KnightTour::new(with_backtracking(s, fc, fast)).unwrap();
            assert_eq!(t.run(LIMIT), Status::Solved);
            let tour = t.path();
            assert_eq!(tour.len(), 64);
            let mut seen = [false; 64];
            for w in tour.windows(2) {
                let (a, c) = (b.coords(w[0]), b.coords(w[1]));
                let (dx, dy) = (a.0.abs_diff(c.0), a.1.abs_diff(c.1));
                assert!((dx, dy) == (1, 2) || (dx, dy) == (2, 1));
            }
            for &sq in tour {
                assert!(!seen[sq as usize]);
                seen[sq as usize] = true;
            }
        }
        assert!(facts.bt_steps > 63 && facts.fc_steps >= 63);
        assert_eq!(facts.bt_all_solved, b.squares() as u64);
        assert_eq!(facts.bt_all_starts, 64);
        assert!(facts.greedy_all_solved < facts.bt_all_solved);
    }
}
