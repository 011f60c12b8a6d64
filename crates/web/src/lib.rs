//! PuzzleLab in the browser: the yew app (`app`), the solver worker's entry (`worker_run`)
//! and the JavaScript API (`bindings`). Built to WebAssembly by trunk; built natively too,
//! so the pages' plain-Rust state is tested by `cargo test`. The JS API is behind the
//! feature `js-api`, on for the app only: its exports would otherwise keep every step
//! machine it offers in the worker's wasm too.

pub mod app;
#[cfg(feature = "js-api")]
pub mod bindings;
pub mod indexed_db;
pub mod worker_run;
