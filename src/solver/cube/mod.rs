//! The 2×2×2 pocket cube: stickers, turns, corner coordinates, the distance table built by
//! breadth-first search over all 3,674,160 positions, and optimal solving.

pub mod corners;
pub mod geometry;
pub mod moves;
pub mod stickers;

pub use moves::{format_moves, parse_moves, Move};
pub use stickers::Stickers;
