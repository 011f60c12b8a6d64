//! The solver worker in a browser: the plain-Rust job loop (`puzzlelab_worker`) on
//! gloo-worker (`run.rs`; between batches a turn of the event loop, `next_turn.rs`), with
//! the optimal solver's tables kept in IndexedDB (`table_store.rs`), the workers building
//! the same table trading its blocks (`build_mates.rs`).

pub mod build_mates;
mod next_turn;
mod run;
mod table_store;

pub use run::{register, Input, Postcard, SolverWorker};
