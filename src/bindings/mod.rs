//! The step machines as JavaScript classes, reachable as `window.wasmBindings.*` once the
//! app has loaded. Every entry point validates its input and reports errors as exceptions;
//! nothing here may panic.

mod cube;
mod knight;
mod knight_count;
mod queens;

pub use cube::{CubeTable, PocketCube};
pub use knight::KnightTour;
pub use knight_count::count_knight_tours;
pub use queens::{count_queens, unique_queens, QueensSearch};

/// `maxSteps` from JavaScript: NaN, negative or infinite numbers mean no steps.
pub(crate) fn step_budget(max_steps: f64) -> u64 {
    if max_steps.is_finite() && max_steps > 0.0 {
        max_steps as u64
    } else {
        0
    }
}

/// A plain `{ key: number, … }` object for `stats()`.
pub(crate) fn stats_object(fields: &[(&str, u64)]) -> js_sys::Object {
    let out = js_sys::Object::new();
    for &(key, value) in fields {
        // Setting a plain data property on a fresh object cannot fail.
        let _ = js_sys::Reflect::set(&out, &key.into(), &(value as f64).into());
    }
    out
}

/// Panics on purpose, so browser tests can check that a crash shows a banner with a reload
/// link instead of a dead page. Nothing in the app calls it.
#[wasm_bindgen::prelude::wasm_bindgen(js_name = panicForTesting)]
pub fn panic_for_testing() {
    panic!("panicForTesting was called");
}
