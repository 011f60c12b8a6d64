//! PuzzleLab: search puzzles as step machines, shared by the browser app, its web worker
//! and the native command line.

/// The native command line (`puzzlelab`): never part of the wasm build.
#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
pub mod share;
pub mod solver;

/// The yew app (wasm only), except the pages' plain-Rust state, built everywhere so the
/// reducers are tested natively.
pub mod app;
/// The JS API (its options structs are plain Rust, built natively for tests).
pub mod bindings;
pub mod worker;
