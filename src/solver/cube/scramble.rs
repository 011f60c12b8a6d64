//! Seeded randomness for scrambles: a uniformly random position, or random turns.

use super::corners::{Corners, Scheme, POSITIONS_COUNT};
use super::moves::{Move, Turn};
use super::stickers::Stickers;

/// SplitMix64: tiny, fast and good enough to pick scrambles; the same seed gives the same
/// scramble everywhere (native, wasm, a shared link).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (rejection sampling, no modulo bias).
    pub fn below(&mut self, n: u64) -> u64 {
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < zone {
                return x % n;
            }
        }
    }
}

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
