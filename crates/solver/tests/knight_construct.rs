//! The divide-and-conquer construction: tours on many board sizes, every one checked by
//! the independent checker, closed where a closed tour exists.

use puzzlelab_checkers as common;

use puzzlelab_solver::board::Board;
use puzzlelab_solver::knight::construct::construct;
use puzzlelab_solver::knight::existence::open_tour_from;

fn check(board: Board, start: u32, closed: bool, path: &[u32]) {
    let names = common::xy_names(board.width(), path);
    common::check_tour(
        board.width() as i64,
        board.height() as i64,
        &common::xy_names(board.width(), &[start])[0],
        closed,
        &names,
    )
    .unwrap_or_else(|e| panic!("{}x{} from {start}: {e}", board.width(), board.height()));
}

/// Builds the tour and checks it, naming the board if either fails.
fn construct_checked(board: Board, start: u32, closed: bool) {
    let path = construct(board, start, closed)
        .unwrap_or_else(|e| panic!("{}x{}: {e}", board.width(), board.height()));
    check(board, start, closed, &path);
}

#[test]
fn closed_and_open_tours_on_a_sweep_of_sizes() {
    let mut built = 0;
    for w in 5..=40u32 {
        for h in 5..=40u32 {
            let board = Board::new(w, h).unwrap();
            let both_odd = w % 2 == 1 && h % 2 == 1;
            let start = board.index(w / 2 - (w / 2) % 2, h / 2 - (h / 2) % 2);
            match construct(board, start, !both_odd) {
                Ok(path) => {
                    check(board, start, !both_odd, &path);
                    built += 1;
                }
                Err(e) => panic!("{w}x{h}: {e}"),
            }
        }
    }
    assert_eq!(built, 36 * 36);
}

#[test]
fn three_and_four_wide_boards_from_the_corner() {
    for long in (7..=120u32).chain([4, 333, 1000, 2000]) {
        for (w, h) in [(long, 3), (3, long)] {
            construct_checked(Board::new(w, h).unwrap(), 0, false);
        }
    }
    // 4-wide boards from a corner, up to 2000 long.
    for long in (5..=64u32).chain([101, 500, 2000]) {
        for (w, h) in [(long, 4), (4, long)] {
            construct_checked(Board::new(w, h).unwrap(), 0, false);
        }
    }
    // 3x5 and 3x6 have no open tour at all: the theorem says so.
    let err = construct(Board::new(5, 3).unwrap(), 0, false).unwrap_err();
    assert!(err.contains("3-wide"), "{err}");
}

#[test]
fn three_wide_boards_closed_and_from_every_square_by_the_strip() {
    // Every length 14..=120: a closed tour where one exists (every even length), and an
    // open tour from every square the colour rule allows; longer boards from a sample.
    for long in (14..=120u32).chain([333, 1000, 1999, 2000]) {
        for (w, h) in [(long, 3), (3, long)] {
            let board = Board::new(w, h).unwrap();
            if long % 2 == 0 {
                construct_checked(board, board.squares() / 2, true);
            }
            let step = if long > 120 { 97 } else { 1 };
            for start in (0..board.squares()).step_by(step) {
                if open_tour_from(board, start).exists {
                    construct_checked(board, start, false);
                }
            }
        }
    }
}

#[test]
fn four_wide_boards_from_every_outer_square_by_the_strip() {
    for long in (14..=80u32).chain([500, 1999, 2000]) {
        for (w, h) in [(long, 4), (4, long)] {
            let board = Board::new(w, h).unwrap();
            let step = if long > 80 { 37 } else { 1 };
            for along in (0..long).step_by(step).chain([long / 2, long - 1]) {
                for across in [0, 3] {
                    let start = if w == long {
                        board.index(along, across)
                    } else {
                        board.index(across, along)
                    };
                    if open_tour_from(board, start).exists {
                        construct_checked(board, start, false);
                    }
                }
            }
        }
    }
}

#[test]
fn big_boards_square_and_rectangular_from_random_starts() {
    let mut rng = puzzlelab_solver::rng::Rng::new(7);
    for (w, h) in [
        (2000, 2000),
        (1999, 1999),
        (2000, 1999),
        (1001, 64),
        (5, 2000),
        (2000, 6),
        (777, 1234),
    ] {
        let board = Board::new(w, h).unwrap();
        let both_odd = w % 2 == 1 && h % 2 == 1;
        for _ in 0..2 {
            let mut start = rng.below((w * h) as u64) as u32;
            if both_odd && start % 2 == 1 && w % 2 == 1 {
                start -= 1; // the colour of the corners
            }
            let t = std::time::Instant::now();
            let path = construct(board, start, !both_odd)
                .unwrap_or_else(|e| panic!("{w}x{h} from {start}: {e}"));
            eprintln!("{w}x{h}: {:?}", t.elapsed());
            check(board, start, !both_odd, &path);
        }
    }
}

#[test]
fn every_start_of_the_corner_colour_on_odd_boards() {
    // Open tours only (both sides odd): each start of the corners' colour gets a tour.
    for (w, h) in [(13, 13), (15, 17), (21, 19), (25, 25)] {
        let board = Board::new(w, h).unwrap();
        let mut failures = Vec::new();
        for start in (0..w * h).filter(|s| (s % w + s / w) % 2 == 0) {
            match construct(board, start, false) {
                Ok(path) => check(board, start, false, &path),
                Err(e) => failures.push(format!("{}: {e}", board.name(start))),
            }
        }
        assert!(failures.is_empty(), "{w}x{h}: {failures:?}");
    }
    // The start on (1,1) of a block that is spliced from its left: the blocks shift.
    let board = Board::new(1999, 1999).unwrap();
    let path = construct(board, 3_977_608, false).unwrap();
    check(board, 3_977_608, false, &path);
}

mod machine {
    use super::*;
    use puzzlelab_solver::knight::{Heuristic, KnightTour, TourConfig};
    use puzzlelab_solver::{Status, StepMachine};

    fn run(w: u32, h: u32, start: u32, closed: bool) -> KnightTour {
        let board = Board::new(w, h).unwrap();
        let mut config = TourConfig::new(board, start);
        config.rule.heuristic = Heuristic::Construct;
        config.closed = closed;
        let mut t = KnightTour::new(config).unwrap();
        t.run(u64::MAX);
        t
    }

    #[test]
    fn the_machine_plays_the_construction_back_move_by_move() {
        let t = run(64, 50, 1234, true);
        assert_eq!(t.status(), Status::Solved);
        assert_eq!(t.construction_note(), None);
        assert_eq!(t.stats().steps, 64 * 50 - 1);
        check(t.board(), 1234, true, t.path());
    }

    #[test]
    fn where_the_construction_stops_the_machine_searches_and_says_why() {
        // Closed tours on 3-wide boards shorter than the strip's 14: the exact search
        // (up to 64 squares).
        let board = Board::new(3, 10).unwrap();
        let a2 = board.parse_square("a2").unwrap();
        let t = run(3, 10, a2, true);
        assert_eq!(t.status(), Status::Solved);
        let note = t.construction_note().unwrap_or_default();
        assert!(note.contains("exact search"), "{note}");
        check(t.board(), a2, true, t.path());
        // A theorem still comes first.
        let t = run(4, 9, 0, true);
        assert_eq!(t.status(), Status::Exhausted);
        assert!(t.impossible_reason().unwrap().contains("Schwenk"));
    }
}
