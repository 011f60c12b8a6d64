//! Tours of boards 3 or 4 wide: the strip construction (`strip`) where it reaches, else
//! (short boards, or a 4-wide board from the middle) a walk of the whole board by the
//! block search.
//!
//! Every 4-wide tour starts and ends on the outer lines and uses exactly one move between
//! two inner squares (see `existence`); so a vertical cut crossed once or twice leaves at
//! most one side that can be covered in one piece. The strip serves starts whose block
//! touches an end of the board (a loop to one side only); from a start in the middle the
//! board is walked (Warnsdorff with random ties and dead-end pruning), which finishes in
//! practice on boards of hundreds of columns: measured, not proven.

use super::block::{block_tour, BlockGoal};
use super::strip::strip_board_tour;
use crate::solver::board::Board;

/// A tour of a 3- or 4-wide `board` from `start`, closed if asked.
pub fn construct_narrow(board: Board, start: u32, closed: bool) -> Result<Vec<u32>, String> {
    if let Some(path) = strip_board_tour(board, start, closed) {
        return Ok(path);
    }
    let (w, h) = (board.width(), board.height());
    let transposed = w < h;
    let (long, short) = if transposed { (h, w) } else { (w, h) };
    if closed {
        return Err(format!(
            "the strip construction needs a length of at least 14 for a closed tour ({}x{})",
            board.width(),
            board.height()
        ));
    }
    let (x, y) = board.coords(start);
    let local = if transposed { (y, x) } else { (x, y) };
    let goal = BlockGoal::Path {
        start: local,
        forbidden_ends: Vec::new(),
        pinned: false,
        first: None,
    };
    let tour = block_tour(long, short, &goal)
        .ok_or("the walk did not finish from this square (no construction covers it)")?;
    Ok(tour
        .into_iter()
        .map(|(cx, cy)| {
            if transposed {
                board.index(cy, cx)
            } else {
                board.index(cx, cy)
            }
        })
        .collect())
}
