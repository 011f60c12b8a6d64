//! The step machines as JavaScript classes, reachable as `window.wasmBindings.*` once the
//! app has loaded. Every entry point validates its input and reports errors as exceptions;
//! nothing here may panic.

mod cube;
mod knight;
mod queens;

pub use cube::{CubeTable, PocketCube};
pub use knight::KnightTour;
pub use queens::{count_queens, unique_queens, QueensSearch};
