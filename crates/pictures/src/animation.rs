//! Animations as GIFs: a run from one step to another, one frame a step, sampled evenly
//! to a frame budget when longer (the first and last steps always kept), so the size is
//! known before any frame is drawn ([`sample`]).

use std::collections::HashMap;

use puzzlelab_solver::board::Board;
use puzzlelab_solver::cube_view::Kind;

use crate::gif::{encode, Frame};
use crate::raster::{self, Raster};
use crate::Theme;

/// The most frames an animation holds unless asked otherwise.
pub const DEFAULT_BUDGET: usize = 200;
/// The players' default speeds, steps a second (the pages' `DEFAULT_SPEED`, which a web
/// test holds these to): the knight's tour, and either cube's solution.
pub const KNIGHT_SPEED: u32 = 30;
pub const CUBE_SPEED: u32 = 3;

/// A frame's delay in hundredths of a second at `speed` steps a second (GIF's unit;
/// viewers slow anything under 2 to 10, so 2 is the least).
pub fn delay_cs(speed: u32) -> u16 {
    (100 / speed.max(1)).clamp(2, u16::MAX as u32) as u16
}

/// The steps drawn for a run from `from` to `to` (inclusive) in at most `budget` frames:
/// every step if they fit, else evenly spaced ones with both ends kept.
pub fn sample(from: usize, to: usize, budget: usize) -> Vec<usize> {
    let (lo, hi) = (from.min(to), from.max(to));
    let count = hi - lo + 1;
    let take = count.min(budget.max(2));
    if take == count {
        return (lo..=hi).collect();
    }
    (0..take)
        .map(|i| lo + i * (count - 1) / (take - 1))
        .collect()
}

/// Pixels a square for an animated board: 40, smaller on big boards (up to 480 pixels).
pub fn knight_cell(board: Board) -> u32 {
    (480 / board.width().max(board.height())).clamp(2, 40)
}

/// The knight's run from step `from` to `to` (moves made, as the link counts) of `path`.
pub fn knight_gif(
    board: Board,
    path: &[u32],
    (from, to): (usize, usize),
    theme: Theme,
    budget: usize,
    delay_cs: u16,
) -> Result<Vec<u8>, String> {
    let last = path.len().saturating_sub(1);
    if path.is_empty() || from > to || to > last {
        return Err(format!("steps {from} to {to}: the tour has 0 to {last}"));
    }
    let cell = knight_cell(board);
    let frames = sample(from, to, budget)
        .into_iter()
        .map(|step| raster::knight(board, &path[..=step], theme, cell));
    gif(frames, delay_cs)
}

/// A cube's states (the start, then after each move) as an animation.
pub fn net_gif(
    kind: Kind,
    states: &[Vec<u8>],
    theme: Theme,
    budget: usize,
    delay_cs: u16,
) -> Result<Vec<u8>, String> {
    if states.is_empty() {
        return Err("no states to animate".into());
    }
    let frames = sample(0, states.len() - 1, budget)
        .into_iter()
        .map(|k| raster::net(kind, &states[k], theme));
    gif(frames, delay_cs)
}

/// The frames as a GIF: one palette of every colour they use (flat pictures use few).
fn gif(frames: impl Iterator<Item = Raster>, delay_cs: u16) -> Result<Vec<u8>, String> {
    let mut palette: Vec<[u8; 3]> = Vec::new();
    let mut index: HashMap<[u8; 3], u8> = HashMap::new();
    let mut encoded = Vec::new();
    let mut size = None;
    for raster in frames {
        if raster.width > u16::MAX as u32 || raster.height > u16::MAX as u32 {
            return Err("the picture is too big for a GIF".into());
        }
        size.get_or_insert((raster.width as u16, raster.height as u16));
        let mut indices = Vec::with_capacity(raster.pixels.len());
        for px in &raster.pixels {
            let i = match index.get(px) {
                Some(&i) => i,
                None if palette.len() < 256 => {
                    palette.push(*px);
                    index.insert(*px, (palette.len() - 1) as u8);
                    (palette.len() - 1) as u8
                }
                None => return Err("more than 256 colours".into()),
            };
            indices.push(i);
        }
        encoded.push(Frame { indices, delay_cs });
    }
    let (w, h) = size.ok_or("no frames")?;
    Ok(encode(w, h, &palette, &encoded))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_run_is_sampled_evenly_keeping_both_ends() {
        assert_eq!(sample(0, 4, 10), vec![0, 1, 2, 3, 4]);
        let s = sample(0, 63, 10);
        assert_eq!((s.len(), s[0], s[9]), (10, 0, 63));
        assert!(s.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(sample(5, 5, 10), vec![5]);
    }
}
