//! Every knight rule on every board up to 16x16, from every start, run with overflow checks
//! on (`make test` runs the suite in the "checked" profile): the class of bug where a count
//! wraps silently in release cannot hide. Every path is checked from the rules.

use puzzlelab_checkers as common;

use puzzlelab_solver::board::Board;
use puzzlelab_solver::knight::{Heuristic, KnightTour, Rule, TieBreak, TourConfig};
use puzzlelab_solver::{Status, StepMachine};

/// A walk is legal: distinct squares on the board, each a knight's move from the last.
fn check_walk(w: u32, h: u32, path: &[u32]) {
    let mut seen = vec![false; (w * h) as usize];
    for (i, &s) in path.iter().enumerate() {
        assert!(s < w * h, "off the board");
        assert!(
            !std::mem::replace(&mut seen[s as usize], true),
            "square twice"
        );
        if i > 0 {
            let (a, b) = (path[i - 1], s);
            let (dx, dy) = ((a % w).abs_diff(b % w), (a / w).abs_diff(b / w));
            assert!(
                (dx, dy) == (1, 2) || (dx, dy) == (2, 1),
                "not a knight's move"
            );
        }
    }
}

fn rules() -> Vec<(Heuristic, TieBreak)> {
    let mut rules = vec![
        (Heuristic::Bottom, TieBreak::First),
        (Heuristic::Center, TieBreak::First),
    ];
    for tie in TieBreak::ALL {
        rules.push((Heuristic::Warnsdorff, tie));
    }
    rules
}

#[test]
fn every_greedy_rule_from_every_start_of_every_board_up_to_16x16() {
    for w in 1..=16 {
        for h in 1..=16 {
            let board = Board::new(w, h).unwrap();
            for start in 0..board.squares() {
                for &(heuristic, tie_break) in &rules() {
                    for closed in [false, true] {
                        let config = TourConfig {
                            closed,
                            rule: Rule {
                                seed: start as u64,
                                ..Rule::greedy(heuristic, tie_break)
                            },
                            ..TourConfig::new(board, start)
                        };
                        let mut tour = KnightTour::new(config).unwrap();
                        let status = tour.run(u64::MAX);
                        assert!(status.is_finished());
                        check_walk(w, h, tour.path());
                        if status == Status::Solved {
                            assert_eq!(tour.path().len(), board.squares() as usize);
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn backtracking_rules_and_the_standard_rule_on_every_board_up_to_16x16() {
    for w in 1..=16 {
        for h in 1..=16 {
            let board = Board::new(w, h).unwrap();
            // The corner and a square near the middle: every backtracking variant, with a
            // step budget (a search may run long; what is checked is that nothing wraps).
            for start in [0, board.index(w / 2, h / 2)] {
                for (forward_check, fast_backtrack) in
                    [(false, false), (true, false), (false, true), (true, true)]
                {
                    for &(heuristic, tie_break) in &rules() {
                        let config = TourConfig {
                            rule: Rule {
                                backtrack: true,
                                forward_check,
                                fast_backtrack,
                                ..Rule::greedy(heuristic, tie_break)
                            },
                            ..TourConfig::new(board, start)
                        };
                        let mut tour = KnightTour::new(config).unwrap();
                        tour.run(20_000);
                        check_walk(w, h, tour.path());
                    }
                }
                // The page's and the CLI's default: a tour or a proof, always.
                for closed in [false, true] {
                    let mut tour =
                        KnightTour::new(TourConfig::standard(board, start, closed)).unwrap();
                    let status = tour.run(u64::MAX);
                    assert!(
                        matches!(status, Status::Solved | Status::Exhausted),
                        "{w}x{h} from {} closed={closed}: {status:?}",
                        board.name(start)
                    );
                    check_walk(w, h, tour.path());
                    if status == Status::Solved {
                        let names = common::xy_names(w, tour.path());
                        let start_name = format!("{},{}", start % w, start / w);
                        common::check_tour(w as i64, h as i64, &start_name, closed, &names)
                            .unwrap();
                    }
                }
            }
        }
    }
}

/// The guarantee of the page's default rule: from every start of every board up to 16x16,
/// open and closed, a checked tour or a proof that there is none.
#[test]
fn the_standard_rule_gives_a_tour_or_a_proof_from_every_start_up_to_16x16() {
    let (mut tours, mut proofs) = (0, 0);
    for w in 1..=16 {
        for h in 1..=16 {
            let board = Board::new(w, h).unwrap();
            for start in 0..board.squares() {
                for closed in [false, true] {
                    let mut tour =
                        KnightTour::new(TourConfig::standard(board, start, closed)).unwrap();
                    match tour.run(u64::MAX) {
                        Status::Solved => {
                            let names = common::xy_names(w, tour.path());
                            let start_name = format!("{},{}", start % w, start / w);
                            common::check_tour(w as i64, h as i64, &start_name, closed, &names)
                                .unwrap();
                            tours += 1;
                        }
                        Status::Exhausted => proofs += 1,
                        other => panic!(
                            "{w}x{h} from {} closed={closed}: {other:?}",
                            board.name(start)
                        ),
                    }
                }
            }
        }
    }
    // Every case answered (36,992 = 2 x the squares of all boards 1..16 x 1..16).
    assert_eq!(tours + proofs, 36_992);
}
