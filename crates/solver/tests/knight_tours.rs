//! Every tour the machine produces is checked by the independent checker.

use puzzlelab_checkers as common;

use common::check_tour;
use common::tour::clockwise_jumps;
use puzzlelab_solver::board::Board;
use puzzlelab_solver::knight::{KnightTour, TieBreak, TourConfig};
use puzzlelab_solver::{Status, StepMachine};

fn run(board: Board, start: u32, closed: bool, backtrack: bool) -> (Status, Vec<String>) {
    run_with(board, start, closed, backtrack, TieBreak::First)
}

fn run_with(
    board: Board,
    start: u32,
    closed: bool,
    backtrack: bool,
    tie_break: TieBreak,
) -> (Status, Vec<String>) {
    let mut config = TourConfig::new(board, start);
    config.rule.tie_break = tie_break;
    config.closed = closed;
    config.rule.backtrack = backtrack;
    let mut tour = KnightTour::new(config).unwrap();
    let status = tour.run(50_000_000);
    if status == Status::Exhausted && tour.impossible_reason().is_some() {
        // Ruled out by a theorem before any search: say so with an empty path.
        assert_eq!(tour.stats().steps, 0);
        return (status, Vec::new());
    }
    let names = tour.path().iter().map(|&sq| board.name(sq)).collect();
    (status, names)
}

/// Every start of every board 5x5..12x12: a valid tour or an honest `failed`, never a bad path.
#[test]
fn warnsdorff_sweep_5x5_to_12x12_never_returns_an_invalid_tour() {
    let (mut solved, mut failed, mut ruled_out) = (0, 0, 0);
    for w in 5..=12u32 {
        for h in 5..=12u32 {
            let board = Board::new(w, h).unwrap();
            for start in 0..board.squares() {
                let (status, path) = run(board, start, false, false);
                match status {
                    Status::Solved => {
                        let start_name = board.name(start);
                        check_tour(w as i64, h as i64, &start_name, false, &path)
                            .unwrap_or_else(|e| panic!("{w}x{h} from {start_name}: {e}"));
                        solved += 1;
                    }
                    Status::Failed => {
                        assert!(path.len() < board.squares() as usize);
                        failed += 1;
                    }
                    // The colour rule: odd boards, a start off the corners' colour.
                    Status::Exhausted if path.is_empty() => {
                        let (x, y) = board.coords(start);
                        assert!(board.squares() % 2 == 1 && (x + y) % 2 == 1);
                        ruled_out += 1;
                    }
                    other => panic!("{w}x{h}: unexpected status {other:?}"),
                }
            }
        }
    }
    // Warnsdorff with fixed ties succeeds from most starts but not all (some starts on odd
    // boards have no tour at all): both must occur.
    assert!(solved > 4 * failed, "solved {solved}, failed {failed}");
    assert!(ruled_out > 0, "odd boards have starts of the wrong colour");
    assert!(
        failed > 0,
        "plain Warnsdorff is known to fail somewhere in this range"
    );
}

#[test]
fn odd_board_starts_on_the_wrong_colour_never_solve() {
    // On 5x5 an open tour must start on the corners' colour; b1 is the other colour.
    let board = Board::new(5, 5).unwrap();
    let start = board.parse_square("b1").unwrap();
    let (status, _) = run(board, start, false, true);
    assert_eq!(status, Status::Exhausted);
}

#[test]
fn backtracking_closed_tours_close() {
    for (w, h) in [(6, 6), (5, 6), (6, 8), (8, 8)] {
        let board = Board::new(w, h).unwrap();
        let (status, path) = run(board, 0, true, true);
        assert_eq!(status, Status::Solved, "{w}x{h}");
        check_tour(w as i64, h as i64, "a1", true, &path).unwrap();
    }
}

/// Warnsdorff's rule with fixed-order ties, replayed from its statement apart from the
/// solver: always jump to the unvisited square with the fewest unvisited onward squares,
/// ties going to the first in clockwise order from "one o'clock". Returns the walk and
/// whether it covered the board (otherwise its last square has no unvisited neighbour).
fn replay_warnsdorff(width: i64, height: i64, start: (i64, i64)) -> (Vec<String>, bool) {
    let mut visited = vec![vec![false; height as usize]; width as usize];
    let clockwise = clockwise_jumps();
    let unvisited_from = |visited: &Vec<Vec<bool>>, (x, y): (i64, i64)| -> Vec<(i64, i64)> {
        clockwise
            .iter()
            .map(|(dx, dy)| (x + dx, y + dy))
            .filter(|&(a, b)| a >= 0 && b >= 0 && a < width && b < height)
            .filter(|&(a, b)| !visited[a as usize][b as usize])
            .collect()
    };
    let mut at = start;
    visited[at.0 as usize][at.1 as usize] = true;
    let mut walk = vec![at];
    // `min_by_key` keeps the first of equal keys: the clockwise tie-break.
    while let Some(next) = unvisited_from(&visited, at)
        .into_iter()
        .min_by_key(|&q| unvisited_from(&visited, q).len())
    {
        at = next;
        visited[at.0 as usize][at.1 as usize] = true;
        walk.push(at);
    }
    let names = walk
        .iter()
        .map(|&(x, y)| format!("{}{}", (b'a' + x as u8) as char, y + 1))
        .collect();
    (names, walk.len() as i64 == width * height)
}

#[test]
fn fixed_ties_on_8x8_fail_exactly_where_the_replayed_rule_is_stuck_and_backtracking_rescues_them() {
    let board = Board::new(8, 8).unwrap();
    let mut failed = Vec::new();
    for start in 0..64 {
        let name = board.name(start);
        let (status, path) = run(board, start, false, false);
        let (walk, covered) = replay_warnsdorff(8, 8, ((start % 8) as i64, (start / 8) as i64));
        // The solver walks the very squares the rule says, whether or not it gets stuck.
        assert_eq!(path, walk, "from {name}");
        if covered {
            assert_eq!(status, Status::Solved, "from {name}");
            check_tour(8, 8, &name, false, &path).unwrap();
        } else {
            assert_eq!(status, Status::Failed, "from {name}");
            failed.push(name);
        }
    }
    // The rule does get stuck somewhere on 8x8 (from e3), so the rescue below is exercised.
    assert!(failed.contains(&"e3".to_string()), "stuck from {failed:?}");
    for name in failed {
        let start = board.parse_square(&name).unwrap();
        let (status, path) = run(board, start, false, true);
        assert_eq!(status, Status::Solved, "backtracking from {name}");
        check_tour(8, 8, &name, false, &path).unwrap();
    }
}

#[test]
fn roth_ties_give_checked_tours_on_big_boards() {
    for n in [50, 64, 100, 200] {
        let board = Board::new(n, n).unwrap();
        let (status, path) = run_with(board, 0, false, false, TieBreak::Roth);
        assert_eq!(status, Status::Solved, "{n}x{n}");
        check_tour(n as i64, n as i64, &board.name(0), false, &path).unwrap();
    }
}

fn config(board: Board, start: u32) -> TourConfig {
    TourConfig::new(board, start)
}

#[test]
fn random_ties_follow_the_seed() {
    let board = Board::new(12, 12).unwrap();
    let path_for = |seed: u64| {
        let mut c = config(board, 0);
        c.rule.tie_break = TieBreak::Random;
        c.rule.seed = seed;
        let mut t = KnightTour::new(c).unwrap();
        t.run(u64::MAX);
        t.path().to_vec()
    };
    assert_eq!(path_for(3), path_for(3));
    let distinct: std::collections::HashSet<Vec<u32>> = (1..6).map(path_for).collect();
    assert!(distinct.len() > 1);
}

#[test]
fn every_rule_and_pruning_gives_checked_tours_or_honest_failures() {
    use puzzlelab_solver::knight::Heuristic;
    for (w, h) in [(5u32, 5u32), (6, 6), (5, 8), (8, 8)] {
        let board = Board::new(w, h).unwrap();
        for start in 0..board.squares() {
            for tie in [
                TieBreak::First,
                TieBreak::Random,
                TieBreak::Pohl,
                TieBreak::Roth,
            ] {
                let mut c = config(board, start);
                c.rule.tie_break = tie;
                c.rule.backtrack = true;
                c.rule.forward_check = true;
                let mut t = KnightTour::new(c).unwrap();
                let status = t.run(20_000_000);
                let name = board.name(start);
                match status {
                    Status::Solved => {
                        let path: Vec<String> = t.path().iter().map(|&s| board.name(s)).collect();
                        check_tour(w as i64, h as i64, &name, false, &path).unwrap();
                    }
                    Status::Exhausted => {} // no tour from here: proven
                    other => panic!("{w}x{h} from {name} with {tie:?}: {other:?}"),
                }
            }
            for heuristic in [Heuristic::Bottom, Heuristic::Center] {
                let mut c = config(board, start);
                c.rule.heuristic = heuristic;
                let mut t = KnightTour::new(c).unwrap();
                if t.run(u64::MAX) == Status::Solved {
                    let path: Vec<String> = t.path().iter().map(|&s| board.name(s)).collect();
                    check_tour(w as i64, h as i64, &board.name(start), false, &path).unwrap();
                }
            }
        }
    }
}

#[test]
fn forward_checking_prunes_and_fast_backtracking_still_finds_tours() {
    let board = Board::new(8, 8).unwrap();
    let e3 = board.parse_square("e3").unwrap();
    let run = |forward_check: bool, fast: bool| {
        let mut c = config(board, e3);
        c.rule.backtrack = true;
        c.rule.forward_check = forward_check;
        c.rule.fast_backtrack = fast;
        let mut t = KnightTour::new(c).unwrap();
        let status = t.run(50_000_000);
        (status, t.stats().backtracks, t.path().to_vec())
    };
    let (plain, plain_backtracks, _) = run(false, false);
    let (pruned, pruned_backtracks, path) = run(true, false);
    assert_eq!((plain, pruned), (Status::Solved, Status::Solved));
    assert!(
        pruned_backtracks <= plain_backtracks,
        "{pruned_backtracks} vs {plain_backtracks}"
    );
    let names: Vec<String> = path.iter().map(|&s| board.name(s)).collect();
    check_tour(8, 8, "e3", false, &names).unwrap();
    let (fast, _, path) = run(false, true);
    assert_eq!(fast, Status::Solved);
    let names: Vec<String> = path.iter().map(|&s| board.name(s)).collect();
    check_tour(8, 8, "e3", false, &names).unwrap();
}
