//! The web worker. `protocol.rs` is the message protocol (plain Rust, tested natively); the
//! loop in `run.rs` runs every long job as a step machine in batches, yielding between
//! batches so a cancel (or a newer request) gets through; one handler file per workbench
//! turns requests into jobs and answers.

pub mod protocol;

pub use protocol::{Request, Response};

#[cfg(target_arch = "wasm32")]
mod count;
#[cfg(target_arch = "wasm32")]
mod cube;
#[cfg(target_arch = "wasm32")]
mod knight;
#[cfg(target_arch = "wasm32")]
mod queens;
#[cfg(target_arch = "wasm32")]
mod rubik;
#[cfg(target_arch = "wasm32")]
mod run;

#[cfg(target_arch = "wasm32")]
pub use run::{register, Postcard, SolverWorker};
