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

/// The divide-and-conquer tour the page's big boards show, from a1, checked.
#[allow(dead_code)] // Not every test file that holds `mod tours;` uses it.
pub fn constructed(w: u32, h: u32) -> (Board, Vec<u32>) {
    let board = Board::new(w, h).unwrap();
    let path = puzzlelab_solver::knight::construct::construct(board, 0, false).unwrap();
    check_tour(w as i64, h as i64, "0,0", false, &xy_names(w, &path)).expect("a real tour");
    (board, path)
}
