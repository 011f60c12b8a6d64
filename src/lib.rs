//! PuzzleLab: search puzzles as step machines, shared by the browser app, its web worker
//! and the native command line.

pub mod cli;
pub mod cli_bench;
pub mod cli_cube;
pub mod cli_knight_count;
pub mod share;
pub mod solver;

#[cfg(target_arch = "wasm32")]
pub mod app;
#[cfg(target_arch = "wasm32")]
pub mod bindings;
pub mod worker;
