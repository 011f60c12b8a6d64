//! Tours of boards 3 or 4 wide: the strip construction (`strip`), which covers every
//! case from length 14 on (closed 3-wide tours, open ones from every square the theorems
//! allow); shorter boards are walked whole by the block search, and what that misses is
//! left to the exact search (they have at most 52 squares).

use super::block::{block_tour, BlockGoal};
use super::strip::{strip_board_tour, StripView};
use crate::board::Board;

/// A tour of a 3- or 4-wide `board` from `start`, closed if asked.
pub fn construct_narrow(board: Board, start: u32, closed: bool) -> Result<Vec<u32>, String> {
    if let Some(path) = strip_board_tour(board, start, closed) {
        return Ok(path);
    }
    if closed {
        return Err(format!(
            "the strip construction needs a length of at least 14 ({}x{})",
            board.width(),
            board.height()
        ));
    }
    let view = StripView::of(board);
    let goal = BlockGoal::Path {
        start: view.local(start),
        forbidden_ends: Vec::new(),
        pinned: false,
        first: None,
    };
    let tour = block_tour(view.long, view.short, &goal)
        .ok_or("the walk did not finish from this square (no construction covers it)")?;
    Ok(tour.into_iter().map(|xy| view.square(xy)).collect())
}
