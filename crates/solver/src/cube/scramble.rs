//! Seeded randomness for scrambles: a uniformly random position, or random turns.

use super::corners::{Corners, Scheme, POSITIONS_COUNT};
use super::moves::{Move, Turn};
use super::stickers::Stickers;
use crate::rng::Rng;

/// A uniformly random position in the standard colours (white up, red front).
pub fn random_position(seed: u64) -> (u32, Stickers) {
    let position = Rng::new(seed).below(POSITIONS_COUNT as u64) as u32;
    (
        position,
        Corners::from_coordinate(position).to_stickers(Scheme::standard()),
    )
}

/// `count` random face turns, never the same face twice in a row.
pub fn random_moves(seed: u64, count: usize) -> Vec<Move> {
    let mut rng = Rng::new(seed);
    let mut out: Vec<Move> = Vec::with_capacity(count);
    while out.len() < count {
        let face = rng.below(6) as u8;
        if out.last().map(|m| m.turn) == Some(Turn::Face(face)) {
            continue;
        }
        out.push(Move {
            turn: Turn::Face(face),
            amount: rng.below(3) as u8 + 1,
        });
    }
    out
}
