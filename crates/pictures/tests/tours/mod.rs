//! A tour for the pictures' tests (`mod tours;`), checked by the independent checker.

use puzzlelab_checkers::{check_tour, xy_names};
use puzzlelab_solver::board::Board;
use puzzlelab_solver::knight::{KnightTour, TourConfig};
use puzzlelab_solver::StepMachine;

/// Warnsdorff's 8x8 tour from a1, and its board.
pub fn tour_8x8() -> (Board, Vec<u32>) {
    let board = Board::new(8, 8).unwrap();
    let mut tour = KnightTour::new(TourConfig::new(board, 0)).unwrap();
    while !tour.run(1 << 16).is_finished() {}
    let path = tour.path().to_vec();
    check_tour(8, 8, "0,0", false, &xy_names(8, &path)).expect("a real tour");
    (board, path)
}
