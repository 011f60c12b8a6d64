//! Lesson 1, after the HANA article: the board as a graph, two greedy rules that fail,
//! Warnsdorff's rule, and three ways to break its ties — compared from every start.

use serde::Serialize;

use super::knight_rules::{board, greedy};
use super::starts::{same_tours, table, Table};
use super::tour_watch::{ending, Ending};
use super::{At, Bench};
use crate::board::Board;
use crate::knight::candidates::candidates;
use crate::knight::{Heuristic, TieBreak, TourConfig};

pub const SLUG: &str = "knight-graph";

/// Warnsdorff's rule from a1 with `tie` ties.
fn warnsdorff(tie: TieBreak) -> TourConfig {
    greedy(0, Heuristic::Warnsdorff, tie)
}

/// Each step's workbench.
pub fn steps() -> Vec<Bench> {
    let knight = |config, at| Bench::Knight { config, at };
    let first = warnsdorff(TieBreak::First);
    vec![
        knight(first, At::Start),
        knight(greedy(0, Heuristic::Bottom, TieBreak::First), At::End),
        knight(greedy(0, Heuristic::Center, TieBreak::First), At::End),
        knight(first, At::Start),
        knight(first, At::End),
        knight(first, At::End),
        knight(warnsdorff(TieBreak::Pohl), At::End),
        knight(warnsdorff(TieBreak::Roth), At::End),
        Bench::AllStarts {
            table: Table::Greedy,
            shown: 2,
        },
    ]
}

/// Every figure the lesson states, named as its text names them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Facts {
    pub squares: u64,
    pub edges: u64,
    pub corner_moves: u64,
    pub bottom_visited: u64,
    pub bottom_left: u64,
    pub bottom_stuck: String,
    pub center_visited: u64,
    pub center_left: u64,
    pub a1_b3: u64,
    pub a1_c2: u64,
    pub warnsdorff_visited: u64,
    pub warnsdorff_steps: u64,
    pub ties_first: u64,
    pub ties_pohl: u64,
    pub same_pohl_roth: u64,
    pub starts: u64,
    pub all_bottom: u64,
    pub all_center: u64,
    pub all_first: u64,
    pub all_random: u64,
    pub all_pohl: u64,
    pub all_roth: u64,
}

/// Moves on which two or more candidates tied for the fewest onward moves.
pub fn ties_along(board: Board, path: &[u32]) -> u64 {
    (1..path.len())
        .filter(|&k| {
            candidates(board, &path[..k], Some(path[k]))
                .iter()
                .any(|c| c.tie)
        })
        .count() as u64
}

/// Knight moves on the board: the graph's edges.
pub fn edges(board: Board) -> u64 {
    (0..board.squares())
        .map(|s| board.knight_moves(s).count() as u64)
        .sum::<u64>()
        / 2
}

/// Onward moves from a neighbour of a1, as Warnsdorff's rule counts them.
fn onward_from_a1(board: Board, name: &str) -> u64 {
    let sq = board.parse_square(name).expect("a square of 8x8");
    candidates(board, &[0], None)
        .iter()
        .find(|c| c.square == sq)
        .map_or(0, |c| c.onward as u64)
}

/// Every number the lesson states, from runs of the tour machine.
pub fn facts() -> Facts {
    let board = board();
    let run = |h, t| ending(greedy(0, h, t), u64::MAX);
    let bottom: Ending = run(Heuristic::Bottom, TieBreak::First);
    let center = run(Heuristic::Center, TieBreak::First);
    let first = run(Heuristic::Warnsdorff, TieBreak::First);
    let pohl = run(Heuristic::Warnsdorff, TieBreak::Pohl);
    let solved: Vec<u64> = table(Table::Greedy).iter().map(|r| r.solved).collect();
    Facts {
        squares: board.squares() as u64,
        edges: edges(board),
        corner_moves: board.knight_moves(0).count() as u64,
        bottom_visited: bottom.visited,
        bottom_left: bottom.left,
        bottom_stuck: board.name(bottom.last),
        center_visited: center.visited,
        center_left: center.left,
        a1_b3: onward_from_a1(board, "b3"),
        a1_c2: onward_from_a1(board, "c2"),
        warnsdorff_visited: first.visited,
        warnsdorff_steps: first.steps,
        ties_first: ties_along(board, &first.path),
        ties_pohl: ties_along(board, &pohl.path),
        same_pohl_roth: same_tours(warnsdorff(TieBreak::Pohl), warnsdorff(TieBreak::Roth)),
        starts: board.squares() as u64,
        all_bottom: solved[0],
        all_center: solved[1],
        all_first: solved[2],
        all_random: solved[3],
        all_pohl: solved[4],
        all_roth: solved[5],
    }
}

#[cfg(test)]
mod tests {
    use super::super::knight_rules::compared_rules;
    use super::*;
    use crate::knight::compare::run_rules;
    use crate::knight::KnightTour;
    use crate::{Status, StepMachine};

    /// Replays the bottom-first path with a rule written here: each move is a knight's
    /// move to the lowest, then leftmost, unvisited square, and at the end none is left.
    #[test]
    fn bottom_first_is_really_stuck_where_the_lesson_says() {
        let board = board();
        let facts = facts();
        let mut tour = KnightTour::new(greedy(0, Heuristic::Bottom, TieBreak::First)).unwrap();
        tour.run(u64::MAX);
        let path = tour.path().to_vec();
        assert_eq!(path.len() as u64, facts.bottom_visited);
        assert_eq!(64 - path.len() as u64, facts.bottom_left);
        let mut seen = [false; 64];
        seen[0] = true;
        for pair in path.windows(2) {
            let options: Vec<u32> = board
                .knight_moves(pair[0])
                .filter(|&s| !seen[s as usize])
                .collect();
            let best = options
                .iter()
                .min_by_key(|&&s| {
                    let (x, y) = board.coords(s);
                    (y, x)
                })
                .copied();
            assert_eq!(best, Some(pair[1]));
            seen[pair[1] as usize] = true;
        }
        let last = *path.last().unwrap();
        assert!(
            board.knight_moves(last).all(|s| seen[s as usize]),
            "not stuck"
        );
        assert!(path.len() < 64);
        assert_eq!(facts.bottom_stuck, board.name(last));
    }

    #[test]
    fn the_graph_and_the_rules_from_every_start() {
        let facts = facts();
        // 8x8: 168 knight moves (4·(n−1)(n−2) for an n×n board).
        assert_eq!(facts.edges, 4 * 7 * 6);
        assert_eq!(facts.corner_moves, 2);
        assert_eq!(facts.warnsdorff_visited, board().squares() as u64);
        assert!(facts.center_left > 0);
        // Independent of the lesson's table: the comparison machine, run from every start.
        let rules = compared_rules();
        let runs: Vec<_> = (0..64)
            .map(|start| run_rules(board(), start, false, &rules).unwrap())
            .collect();
        let solved = |i: usize| {
            runs.iter()
                .filter(|r| r[i].status == Status::Solved)
                .count() as u64
        };
        let stated = [
            facts.all_bottom,
            facts.all_center,
            facts.all_first,
            facts.all_random,
            facts.all_pohl,
            facts.all_roth,
        ];
        for (i, fact) in stated.into_iter().enumerate() {
            assert_eq!(solved(i), fact, "{}", rules[i].name());
        }
        let same = runs.iter().filter(|r| r[4].path == r[5].path).count() as u64;
        assert_eq!(same, facts.same_pohl_roth);
        assert!(facts.all_roth > facts.all_bottom);
    }

    #[test]
    fn ties_are_counted_where_candidates_tie() {
        let board = board();
        // From a1 the first move has b3 and c2: a tie only if both have the same count.
        let c = candidates(board, &[0], None);
        let tied = c.len() > 1 && c[0].onward == c[1].onward;
        let path = [0, board.parse_square("b3").unwrap()];
        assert_eq!(ties_along(board, &path), u64::from(tied));
    }
}
