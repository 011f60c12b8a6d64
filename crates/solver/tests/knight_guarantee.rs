//! The guarantee: with the "construct" rule (divide and conquer, then an exact search, then
//! Warnsdorff with backtracking), every start square of every board from 1x1 to 16x16 gets
//! a tour — open, and closed where a closed tour exists — or a proof that there is none
//! from that square (a theorem, or an exhaustive search). Every tour is checked by the
//! independent checker. Release mode (`cargo test --release`).

use puzzlelab_checkers as common;

use puzzlelab_solver::board::Board;
use puzzlelab_solver::knight::existence::{closed_tour, open_tour_from};
use puzzlelab_solver::knight::{Heuristic, KnightTour, TourConfig};
use puzzlelab_solver::{Status, StepMachine};

const STEP_BUDGET: u64 = 20_000_000;

/// What the machine says for one start: `Ok(true)` a checked tour, `Ok(false)` a proof.
fn decide(board: Board, start: u32, closed: bool) -> Result<bool, String> {
    let mut config = TourConfig::new(board, start);
    config.rule.heuristic = Heuristic::Construct;
    config.closed = closed;
    let mut tour = KnightTour::new(config)?;
    match tour.run(STEP_BUDGET) {
        Status::Solved => {
            common::check_tour(
                board.width() as i64,
                board.height() as i64,
                &common::xy_names(board.width(), &[start])[0],
                closed,
                &common::xy_names(board.width(), tour.path()),
            )?;
            Ok(true)
        }
        Status::Exhausted if tour.impossible_reason().is_some() => Ok(false),
        other => Err(format!(
            "{} after {} steps",
            other.as_str(),
            tour.stats().steps
        )),
    }
}

/// Whether the existence theorems allow a tour from `start` (closed: from anywhere).
fn theorem_allows(board: Board, start: u32, closed: bool) -> bool {
    let verdict = if closed {
        closed_tour(board)
    } else {
        open_tour_from(board, start)
    };
    verdict.exists
}

#[test]
fn every_board_to_16x16_from_every_start() {
    let began = std::time::Instant::now();
    let (mut tours, mut proofs, mut undecided) = (0, 0, Vec::new());
    for w in 1..=16u32 {
        for h in 1..=16u32 {
            let board = Board::new(w, h).unwrap();
            let board_began = std::time::Instant::now();
            for closed in [false, true] {
                for start in 0..w * h {
                    match decide(board, start, closed) {
                        Ok(true) => tours += 1,
                        Ok(false) => {
                            // A proof for a square the theorems allow must come from search,
                            // and must never contradict a theorem that says a tour exists.
                            assert!(
                                !theorem_allows(board, start, closed) || (!closed && w * h <= 64),
                                "{w}x{h} {} closed={closed}: proof against the theorem",
                                board.name(start)
                            );
                            proofs += 1;
                        }
                        Err(e) => undecided.push(format!(
                            "{w}x{h} {} closed={closed}: {e}",
                            board.name(start)
                        )),
                    }
                }
            }
            if board_began.elapsed().as_secs_f64() > 3.0 {
                eprintln!("{w}x{h}: {:.1} s", board_began.elapsed().as_secs_f64());
            }
        }
    }
    eprintln!(
        "1x1..16x16: {tours} tours, {proofs} proofs, {} undecided, {:.1} s",
        undecided.len(),
        began.elapsed().as_secs_f64()
    );
    assert!(
        undecided.is_empty(),
        "{} undecided: {:?}",
        undecided.len(),
        &undecided[..undecided.len().min(20)]
    );
    // Every square of every board, open and closed.
    assert_eq!(
        tours + proofs,
        2 * (1..=16u32)
            .map(|w| (1..=16u32).map(|h| w * h).sum::<u32>())
            .sum::<u32>()
    );
}

#[test]
fn spot_checks_from_random_squares_up_to_64x64() {
    let mut rng = puzzlelab_solver::rng::Rng::new(64);
    let (mut tours, mut proofs) = (0, 0);
    for _ in 0..300 {
        let (w, h) = (17 + rng.below(48) as u32, 17 + rng.below(48) as u32);
        let board = Board::new(w, h).unwrap();
        let start = rng.below((w * h) as u64) as u32;
        for closed in [false, true] {
            match decide(board, start, closed) {
                Ok(true) => tours += 1,
                Ok(false) => {
                    // Only a theorem can rule a tour out on these boards.
                    assert!(
                        !theorem_allows(board, start, closed),
                        "{w}x{h} {} closed={closed}",
                        board.name(start)
                    );
                    proofs += 1;
                }
                Err(e) => panic!("{w}x{h} {} closed={closed}: {e}", board.name(start)),
            }
        }
    }
    assert_eq!(tours + proofs, 600);
    assert!(tours > 400, "{tours}");
}
