//! Open tours of 3-wide boards of any length, in linear time: a chain of blocks along the
//! long side, each walked from its entry square on the left to an exit square on the right
//! a knight's move from the next block's entry.
//!
//! 4-wide boards cannot be chained or spliced: a path through a 4×k block from its left
//! column to its right column runs corner to corner, and anything attached to it would have
//! to start on an inner square, where no 4-wide tour starts (see `existence`). For them the
//! whole board is walked by the block search (Warnsdorff with random ties and dead-end
//! pruning), which in practice finishes in one pass from a corner: measured, not proven.

use std::collections::HashMap;

use super::block::{block_tour, BlockGoal};
use super::construct::BlockTour;
use crate::solver::board::Board;

/// The tour the chain gives starts at the corner a1 (or the transposed corner, the same
/// square). Other starts and closed tours are left to search.
pub fn construct_narrow(board: Board, start: u32, closed: bool) -> Result<Vec<u32>, String> {
    let (w, h) = (board.width(), board.height());
    let transposed = w < h;
    let (long, short) = if transposed { (h, w) } else { (w, h) };
    if closed {
        return Err("closed tours of 3-wide boards are left to search".into());
    }
    if short == 4 {
        let (x, y) = board.coords(start);
        let local = if transposed { (y, x) } else { (x, y) };
        let goal = BlockGoal::Path {
            start: local,
            forbidden_ends: Vec::new(),
            pinned: false,
            first: None,
        };
        let tour = block_tour(long, 4, &goal)
            .ok_or("the 4-wide walk did not finish from this square (no construction covers it)")?;
        return Ok(tour
            .into_iter()
            .map(|(cx, cy)| {
                if transposed {
                    board.index(cy, cx)
                } else {
                    board.index(cx, cy)
                }
            })
            .collect());
    }
    if short != 3 {
        return Err(format!("no chain construction for boards {short} wide"));
    }
    if start != 0 {
        return Err("on 3- and 4-wide boards the construction starts from a corner".into());
    }
    // In chain coordinates: x along the long side, y across (0..short).
    let plan = chain(long, short).ok_or_else(|| format!("no chain of blocks for length {long}"))?;
    let mut path = Vec::with_capacity((w * h) as usize);
    let mut x0 = 0;
    for (width, tour) in plan {
        for (x, y) in tour {
            let (cx, cy) = (x0 + x, y);
            let (bx, by) = if transposed { (cy, cx) } else { (cx, cy) };
            path.push(board.index(bx, by));
        }
        x0 += width;
    }
    Ok(path)
}

/// Entry and exit rows of the middle blocks: the exit (k-1, 2) is a knight's move from the
/// next entry (k, 0).
const ENTRY: u32 = 0;
const EXIT: u32 = 2;

/// Block widths and their walks: middle blocks from (0, ENTRY) to (k-1, EXIT), then a last
/// block from (0, ENTRY) ending anywhere.
fn chain(long: u32, short: u32) -> Option<Vec<(u32, BlockTour)>> {
    let mut middles: HashMap<u32, Option<Vec<(u32, u32)>>> = HashMap::new();
    let mut middle = |k: u32| {
        middles
            .entry(k)
            .or_insert_with(|| {
                let goal = BlockGoal::Between {
                    start: (0, ENTRY),
                    end: (k - 1, EXIT),
                };
                block_tour(k, short, &goal)
            })
            .clone()
    };
    // Widths that can walk through (even widths: entry and exit differ in colour).
    let widths: Vec<u32> = (6..=12)
        .step_by(2)
        .filter(|&k| middle(k).is_some())
        .collect();
    let step = widths.iter().max().copied().unwrap_or(long);
    // The last block: the shortest width that leaves a length the middles can fill.
    // 3-wide boards have open tours for lengths 4 and from 7 on.
    let lasts = std::iter::once(4).chain(7..=(3 * step).min(long));
    for last in lasts.filter(|&l| l <= long) {
        let rest = long - last;
        let Some(parts) = fill(rest, &widths) else {
            continue;
        };
        let goal = BlockGoal::Path {
            start: (0, ENTRY),
            forbidden_ends: Vec::new(),
            pinned: false,
            first: None,
        };
        let Some(tail) = block_tour(last, short, &goal) else {
            continue;
        };
        let mut plan: Vec<(u32, BlockTour)> = parts
            .into_iter()
            .map(|k| (k, middle(k).expect("listed widths walk through")))
            .collect();
        plan.push((last, tail));
        return Some(plan);
    }
    None
}

/// `len` as a sum of `widths` (largest first), if it can be.
fn fill(len: u32, widths: &[u32]) -> Option<Vec<u32>> {
    if len == 0 {
        return Some(Vec::new());
    }
    let big = *widths.iter().max()?;
    // Take the biggest width while what is left stays large; finish with a small search.
    let mut parts = Vec::new();
    let mut left = len;
    while left > 3 * big {
        parts.push(big);
        left -= big;
    }
    fn rec(left: u32, widths: &[u32], parts: &mut Vec<u32>) -> bool {
        if left == 0 {
            return true;
        }
        for &k in widths.iter().rev() {
            if k <= left {
                parts.push(k);
                if rec(left - k, widths, parts) {
                    return true;
                }
                parts.pop();
            }
        }
        false
    }
    rec(left, widths, &mut parts).then_some(parts)
}
