//! The web worker's jobs, in plain Rust. `protocol.rs` is the message protocol; `batch.rs`
//! the loop that runs every long job as a step machine in batches, yielding between batches
//! so a cancel (or a newer request) gets through; `handlers.rs` hands each request to its
//! workbench's file; `awaited.rs` is what the page remembers to survive a worker crash. All
//! of it is built and tested natively; the gloo-worker entry that runs it in a browser, and
//! the browser's table storage, are in the web crate (`puzzlelab_web::worker_run`).

mod animation;
pub mod awaited;
pub mod batch;
mod count;
mod cube;
pub mod handlers;
mod knight;
pub mod protocol;
mod queens;
mod rubik;
pub mod rubik_optimal;

pub use protocol::{Answer, Ask, Request, Response, NO_JOB};

/// Milliseconds on a wall clock, for batches that end after a time.
pub fn now_ms() -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        js_sys::Date::now()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    }
}
