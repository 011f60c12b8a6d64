//! The step machines as JavaScript classes, reachable as `window.wasmBindings.*` once the
//! app has loaded. Options and results cross the boundary as typed serde structs
//! (serde-wasm-bindgen); an unknown or misspelt option key is an error that names it.
//! Every entry point validates its input and reports errors as exceptions; nothing here
//! may panic. The TypeScript declarations ship beside the page (trunk's `app-<hash>.d.ts`):
//! wasm-bindgen writes the classes, and `tsify` the options and results from the same serde
//! structs that cross the boundary, so the two cannot drift.

pub mod options;

mod cube;
mod cube_search;
mod knight;
mod knight_count;
mod naive;
mod queens;
mod rubik;
mod timeline;

pub use cube::{CubeHint, CubeTable, OptimalPathCount, PocketCube};
pub use cube_search::{CubeSearch, CubeSearchCode};
pub use knight::{KnightTour, SearchStats};
pub use knight_count::{count_knight_tours, TourCount, TourCounter};
pub use naive::{NaiveCounter, NaiveOptions, NaiveProgress};
pub use queens::{count_queens, unique_queens, QueensSearch, QueensStats};
pub use rubik::RubiksCube;
pub use timeline::{SearchFrame, SearchTimeline};

use serde::de::DeserializeOwned;
use serde::Serialize;
use tsify::{Ts, Tsify};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// `maxSteps` from JavaScript: NaN, negative or infinite numbers mean no steps.
pub(crate) fn step_budget(max_steps: f64) -> u64 {
    if max_steps.is_finite() && max_steps > 0.0 {
        max_steps as u64
    } else {
        0
    }
}

/// `run(maxSteps)` of every class over a step machine: up to `maxSteps` steps (see
/// `step_budget`), then the status as JavaScript reads it (`"running"`, `"solved"`, …).
pub(crate) fn run_steps(
    machine: &mut impl puzzlelab_solver::StepMachine,
    max_steps: f64,
) -> String {
    machine.run(step_budget(max_steps)).as_str().to_string()
}

/// `status()` of every class over a step machine.
pub(crate) fn status_of(machine: &impl puzzlelab_solver::StepMachine) -> String {
    machine.status().as_str().to_string()
}

/// An options object from JavaScript: left out (`undefined` or `null`) means all
/// defaults; a key not in `known` is an error naming it. (serde-wasm-bindgen reads only
/// the fields a struct asks for, so `deny_unknown_fields` alone would let a misspelt key
/// pass silently.)
pub(crate) fn read_options<T: Tsify + DeserializeOwned + Default>(
    value: Option<Ts<T>>,
    known: &[&str],
) -> Result<T, JsError> {
    let Some(value) = value.map(|v| v.js_value()) else {
        return Ok(T::default());
    };
    if value.is_undefined() || value.is_null() {
        return Ok(T::default());
    }
    if !value.is_object() {
        return Err(JsError::new(
            "options must be an object such as { closed: true }",
        ));
    }
    for key in js_sys::Object::keys(value.unchecked_ref::<js_sys::Object>()).iter() {
        let key = key.as_string().unwrap_or_default();
        if !known.contains(&key.as_str()) {
            return Err(JsError::new(&format!(
                "unknown option '{key}' (known: {})",
                known.join(", ")
            )));
        }
    }
    serde_wasm_bindgen::from_value(value).map_err(|e| JsError::new(&format!("options: {e}")))
}

/// A result for JavaScript as its generated TypeScript type says: plain objects, and
/// `BigInt`s where the struct is marked `large_number_types_as_bigints`.
pub(crate) fn to_ts<T: Tsify + Serialize>(value: &T) -> Result<Ts<T>, JsError> {
    value.into_ts().map_err(|e| JsError::new(&e.to_string()))
}

/// Panics on purpose, so browser tests can check that a crash shows a banner with a reload
/// link instead of a dead page. Nothing in the app calls it.
#[wasm_bindgen(js_name = panicForTesting)]
pub fn panic_for_testing() {
    panic!("panicForTesting was called");
}
