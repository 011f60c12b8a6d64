//! PuzzleLab in the browser: the yew app (`app`), the solver worker's entry (`worker_run`)
//! and the JavaScript API (`bindings`). Built to WebAssembly by trunk; built natively too,
//! so the pages' plain-Rust state is tested by `cargo test`.

pub mod app;
pub mod bindings;
pub mod indexed_db;
pub mod worker_run;
