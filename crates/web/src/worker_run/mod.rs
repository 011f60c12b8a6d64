//! The solver worker in a browser: the plain-Rust job loop (`puzzlelab_worker`) on
//! gloo-worker (`run.rs`), with the optimal solver's tables kept in IndexedDB
//! (`table_store.rs`).

mod run;
mod table_store;

pub use run::{register, Input, Postcard, SolverWorker};
