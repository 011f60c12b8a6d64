//! Knight's tours on big boards in time linear in the squares, by divide and conquer in
//! the spirit of Parberry (1997) and Conrad et al. (1994):
//!
//! 1. Cut the board into blocks with sides 5 to 11 (at most one odd side length per
//!    direction, so only one block can be odd by odd).
//! 2. Give every block a closed tour that runs (0,3) → (1,1) → (3,0) in its own
//!    coordinates (found once per block shape by a small search); on a board with both
//!    sides odd, the block holding the start gets an open path from the start instead.
//! 3. Splice neighbouring blocks: remove one edge from each and add two knight moves
//!    across the seam, which joins the two cycles (or a cycle into the path) into one.
//!    Left/right neighbours use the left block's bottom-right corner edge (every closed
//!    tour has it: a corner has only two moves) and the right block's (1,1)–(0,3) edge;
//!    lower/upper neighbours use the lower block's top-left corner edge and the upper
//!    block's (1,1)–(3,0) edge.
//!
//! Boards 3 or 4 wide are chains of blocks: each block's path ends a knight's move from
//! where the next one starts.

pub mod block;
pub mod layout;
pub mod links;
pub mod narrow;
pub mod steps;
pub mod strip;

use self::block::{block_tour, BlockGoal};
use self::links::Links;
use super::existence::{closed_tour, open_tour_from};
use crate::board::Board;
use crate::memo::Memo;

/// A block's tour as (x, y) squares, and block tours by shape (width, height).
pub type BlockTour = Vec<(u32, u32)>;

/// Block cycles found so far, by shape: the same few shapes serve every board.
static CYCLES: Memo<(u32, u32), Option<BlockTour>> = Memo::new();

/// A tour of `board` from `start` (closed if asked and possible), as square indices.
/// `Err` says why not: a theorem rules it out, or the construction does not cover this
/// case (the caller may then search instead).
pub fn construct(board: Board, start: u32, closed: bool) -> Result<Vec<u32>, String> {
    let verdict = if closed {
        closed_tour(board)
    } else {
        open_tour_from(board, start)
    };
    if !verdict.exists {
        return Err(verdict.reason);
    }
    let (w, h) = (board.width(), board.height());
    if w.min(h) < 5 {
        return narrow::construct_narrow(board, start, closed);
    }
    match blocks(board, start) {
        Ok(path) => Ok(path),
        // A start the block layout cannot serve (e.g. where two blocks are spliced) is
        // served from the board turned half round, where it sits elsewhere in its block.
        Err(_) => {
            let last = board.squares() - 1;
            let path = blocks(board, last - start)?;
            Ok(path.into_iter().map(|s| last - s).collect())
        }
    }
}

/// The block construction itself (boards at least 5 wide; the theorems already checked).
fn blocks(board: Board, start: u32) -> Result<Vec<u32>, String> {
    let (w, h) = (board.width(), board.height());
    let (sx, sy) = board.coords(start);
    let odd = w % 2 == 1 && h % 2 == 1;
    let (cols, rows) = block_grid(board, start)?;
    let mut links = Links::new(w, h);
    for (ci, &(x0, bw)) in cols.iter().enumerate() {
        for (rj, &(y0, bh)) in rows.iter().enumerate() {
            let holds_start = odd && (x0..x0 + bw).contains(&sx) && (y0..y0 + bh).contains(&sy);
            let tour = if holds_start {
                let goal = odd_block_goal(
                    (sx - x0, sy - y0),
                    (bw, bh),
                    (ci, rj),
                    (cols.len(), rows.len()),
                )?;
                block_tour(bw, bh, &goal).ok_or_else(|| format!("no {bw}x{bh} block path found"))?
            } else {
                CYCLES
                    .get_or_compute((bw, bh), || block_tour(bw, bh, &BlockGoal::Cycle))
                    .ok_or_else(|| format!("no {bw}x{bh} block cycle found"))?
            };
            let squares: Vec<u32> = tour.iter().map(|&(x, y)| (y0 + y) * w + x0 + x).collect();
            for pair in squares.windows(2) {
                links.join(pair[0], pair[1]);
            }
            if !holds_start {
                links.join(squares[squares.len() - 1], squares[0]);
            }
        }
    }
    for [a, b, c, d] in splices(&cols, &rows) {
        links.splice(a, b, c, d)?;
    }
    let path = links.walk(start);
    if path.len() != (w * h) as usize {
        return Err("the spliced blocks did not form one tour".into());
    }
    Ok(path)
}

/// (offset, size) of each block along one side.
pub type Spans = Vec<(u32, u32)>;

/// The block grid for a tour from `start`: (offset, size) of each column and each row of
/// blocks. Shared by the construction and by the picture of how it was built.
pub fn block_grid(board: Board, start: u32) -> Result<(Spans, Spans), String> {
    let (w, h) = (board.width(), board.height());
    let (sx, sy) = board.coords(start);
    let odd = w % 2 == 1 && h % 2 == 1;
    // The start should not sit on (1,1) of its block, where splices pin the tour.
    let xs = split_avoiding(w, odd.then_some(sx), 1)
        .or_else(|| split(w, odd.then_some(sx)))
        .ok_or("no block split for this width")?;
    let ys = split(h, odd.then_some(sy)).ok_or("no block split for this height")?;
    Ok((offsets(&xs), offsets(&ys)))
}

/// The splices in the order the construction makes them, each as the squares (a, b, c, d)
/// of `Links::splice`: edges a–b and c–d go, knight moves a–c and b–d join the pieces.
/// Along the bottom row of blocks, then up every column.
pub fn splices(cols: &[(u32, u32)], rows: &[(u32, u32)]) -> Vec<[(u32, u32); 4]> {
    let mut out = Vec::with_capacity(cols.len() * rows.len());
    for &(x, _) in &cols[1..] {
        out.push([(x - 1, 0), (x - 2, 2), (x + 1, 1), (x, 3)]);
    }
    for &(x, _) in cols {
        for &(y, _) in &rows[1..] {
            out.push([(x, y - 1), (x + 2, y - 2), (x + 1, y + 1), (x + 3, y)]);
        }
    }
    out
}

/// The open path a block holding the start needs: from the start, not ending on a corner
/// whose edge a splice uses, pinned at (1,1) if a splice attaches it from the left or below.
fn odd_block_goal(
    local: (u32, u32),
    (bw, bh): (u32, u32),
    (ci, rj): (usize, usize),
    (ncols, nrows): (usize, usize),
) -> Result<BlockGoal, String> {
    let pinned = ci > 0 || rj > 0;
    if pinned && local == (1, 1) {
        return Err("the start sits where two blocks are spliced".into());
    }
    let right_corner = (rj == 0 && ci + 1 < ncols).then_some(((bw - 1, 0), (bw - 2, 2)));
    let top_corner = (rj + 1 < nrows).then_some(((0, bh - 1), (2, bh - 2)));
    // Only the corners a splice uses must keep both their edges (not be an end).
    let forbidden_ends = [right_corner, top_corner]
        .into_iter()
        .flatten()
        .map(|(c, _)| c)
        .collect();
    // A start on a corner that a splice uses must leave along the spliced edge.
    let first = [right_corner, top_corner]
        .into_iter()
        .flatten()
        .find(|&(corner, _)| corner == local)
        .map(|(_, next)| next);
    Ok(BlockGoal::Path {
        start: local,
        forbidden_ends,
        pinned,
        first,
    })
}

/// Block sides adding up to `len`: 6, 8 or 10, plus one odd side (5 to 11) if `len` is
/// odd, placed so that it covers `anchor` when one is given.
fn split(len: u32, anchor: Option<u32>) -> Option<Vec<u32>> {
    split_avoiding(len, anchor, u32::MAX)
}

/// As [`split`], but the anchor must not be `avoid` squares into its block.
fn split_avoiding(len: u32, anchor: Option<u32>, avoid: u32) -> Option<Vec<u32>> {
    if len % 2 == 0 {
        return split_even(len);
    }
    let odd_sizes: &[u32] = if len == 5 { &[5] } else { &[7, 9, 11, 5] };
    let a = anchor.unwrap_or(0).min(len - 1);
    // The even stretch before the odd block: as long as it can be while still reaching a.
    let mut before = a / 2 * 2;
    loop {
        for &odd in odd_sizes {
            let after = len.checked_sub(before + odd);
            let fits = before <= a && a < before + odd && a - before != avoid;
            if let (true, Some(after)) = (fits, after) {
                if let (Some(mut parts), Some(rest)) = (split_even(before), split_even(after)) {
                    parts.push(odd);
                    parts.extend(rest);
                    return Some(parts);
                }
            }
        }
        if before == 0 {
            return None;
        }
        before -= 2;
    }
}

/// Even block sides (6, 8, 10) adding up to `len` (0 gives none).
fn split_even(mut len: u32) -> Option<Vec<u32>> {
    let mut parts = Vec::new();
    while len > 0 {
        let part = match len {
            6 | 8 | 10 => len,
            12 => 6,
            14 => 8,
            l if l > 14 => 8,
            _ => return None,
        };
        parts.push(part);
        len -= part;
    }
    Some(parts)
}

/// (offset, size) of each block along one side.
fn offsets(sizes: &[u32]) -> Vec<(u32, u32)> {
    let mut at = 0;
    sizes
        .iter()
        .map(|&s| {
            at += s;
            (at - s, s)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_cover_the_side_and_the_anchor() {
        for len in 5..=200 {
            for anchor in [0, len / 2, len - 1] {
                let parts = split(len, Some(anchor)).unwrap_or_else(|| panic!("{len}"));
                assert_eq!(parts.iter().sum::<u32>(), len);
                assert!(parts.iter().all(|&p| (5..=11).contains(&p)));
                assert!(parts.iter().filter(|&&p| p % 2 == 1).count() <= 1);
                if len % 2 == 1 {
                    let at = offsets(&parts)
                        .into_iter()
                        .find(|&(_, s)| s % 2 == 1)
                        .unwrap();
                    assert!(
                        at.0 <= anchor && anchor < at.0 + at.1,
                        "{len} {anchor} {parts:?}"
                    );
                }
            }
        }
    }
}
