//! The 2×2×2 pocket cube: stickers, turns, corner coordinates, the distance table built by
//! breadth-first search over all 3,674,160 positions (also as a layer-by-layer step
//! machine), optimal solving from any start to any goal, and every optimal path.

pub mod code;
pub mod corners;
pub mod geometry;
pub mod goal;
pub mod graph;
pub mod moves;
pub mod predict;
pub mod scramble;
pub mod solve;
pub mod stickers;
pub mod table;
pub mod walk;
pub mod watched_bfs;

pub use moves::{format_moves, parse_moves, Move};
pub use stickers::Stickers;
pub use table::{BfsProgress, BfsStep, DistanceTable, LayerBfs, Metric, MoveTables};
