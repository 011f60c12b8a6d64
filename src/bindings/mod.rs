//! The step machines as JavaScript classes, reachable as `window.wasmBindings.*` once the
//! app has loaded. Options and results cross the boundary as typed serde structs
//! (serde-wasm-bindgen); an unknown or misspelt option key is an error that names it.
//! Every entry point validates its input and reports errors as exceptions; nothing here
//! may panic. The TypeScript declarations ship beside the page (`puzzlelab-app.d.ts`).

pub mod options;

#[cfg(target_arch = "wasm32")]
mod cube;
#[cfg(target_arch = "wasm32")]
mod knight;
#[cfg(target_arch = "wasm32")]
mod knight_count;
#[cfg(target_arch = "wasm32")]
mod naive;
#[cfg(target_arch = "wasm32")]
mod queens;
#[cfg(target_arch = "wasm32")]
mod rubik;
#[cfg(target_arch = "wasm32")]
mod timeline;

#[cfg(target_arch = "wasm32")]
pub use cube::{CubeTable, PocketCube};
#[cfg(target_arch = "wasm32")]
pub use knight::KnightTour;
#[cfg(target_arch = "wasm32")]
pub use knight_count::count_knight_tours;
#[cfg(target_arch = "wasm32")]
pub use naive::NaiveCounter;
#[cfg(target_arch = "wasm32")]
pub use queens::{count_queens, unique_queens, QueensSearch};
#[cfg(target_arch = "wasm32")]
pub use rubik::RubiksCube;
#[cfg(target_arch = "wasm32")]
pub use timeline::SearchTimeline;

#[cfg(target_arch = "wasm32")]
use serde::de::DeserializeOwned;
#[cfg(target_arch = "wasm32")]
use serde::Serialize;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen::prelude::*;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen::JsCast;

#[cfg(target_arch = "wasm32")]
/// `maxSteps` from JavaScript: NaN, negative or infinite numbers mean no steps.
pub(crate) fn step_budget(max_steps: f64) -> u64 {
    if max_steps.is_finite() && max_steps > 0.0 {
        max_steps as u64
    } else {
        0
    }
}

#[cfg(target_arch = "wasm32")]
/// An options object from JavaScript: `undefined` or `null` means all defaults; a key not
/// in `known` is an error naming it. (serde-wasm-bindgen reads only the fields a struct
/// asks for, so `deny_unknown_fields` alone would let a misspelt key pass silently.)
pub(crate) fn read_options<T: DeserializeOwned + Default>(
    value: JsValue,
    known: &[&str],
) -> Result<T, JsError> {
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

#[cfg(target_arch = "wasm32")]
/// A result for JavaScript: plain objects, counts that can pass 2^53 as `BigInt`.
pub(crate) fn to_js<T: Serialize>(value: &T, bigints: bool) -> JsValue {
    let serializer = serde_wasm_bindgen::Serializer::new()
        .serialize_maps_as_objects(true)
        .serialize_large_number_types_as_bigints(bigints);
    // Our result structs hold only numbers, strings, options and lists: they serialize.
    value.serialize(&serializer).unwrap_or(JsValue::UNDEFINED)
}

#[cfg(target_arch = "wasm32")]
/// Panics on purpose, so browser tests can check that a crash shows a banner with a reload
/// link instead of a dead page. Nothing in the app calls it.
#[wasm_bindgen(js_name = panicForTesting)]
pub fn panic_for_testing() {
    panic!("panicForTesting was called");
}

#[cfg(target_arch = "wasm32")]
#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/** Counters every step machine keeps. */
export interface SearchStats { steps: number; nodes: number; backtracks: number; }
/** Options of `new KnightTour(board, start, options)`; every key is optional and a key not
 * listed here is an error. Without rule keys the tour uses the page's default rule:
 * Warnsdorff, Roth's ties, backtracking with forward checking. */
export interface KnightOptions {
  closed?: boolean;
  backtrack?: boolean;
  heuristic?: "warnsdorff" | "bottom" | "center" | "construct";
  tieBreak?: "first" | "random" | "pohl" | "roth";
  seed?: number;
  forwardCheck?: boolean;
  fastBacktrack?: boolean;
}
/** The eight-queens article's counters. */
export interface QueensStats {
  steps: number; nodes: number; testedAllRows: number; testedFreeRows: number;
  deadEnds: number; solutions: number;
}
/** Exhaustive counts: `undirected` is absent where it is not defined (a fixed start). */
export interface TourCount { directed: bigint; undirected?: bigint; }
/** Options of `new NaiveCounter(board, options)`. */
export interface NaiveOptions {
  method?: "brute-force" | "backtracking";
  start?: string;
  closed?: boolean;
}
/** The board at one step of a recorded search. */
export interface SearchFrame {
  step: number;
  kind: "start" | "move" | "backtrack" | "jump" | "stuck" | "solved" | "failed";
  path: string[]; ties: string[]; tried: string[]; cleared: string[]; backtracks: number;
}
/** What a notebook counter has found and done. */
export interface NaiveProgress { tours: number; closed: number; steps: number; nodes: number; }
/** `PocketCube.optimalPaths`: how many optimal solutions (over U, R, F turns) and their
 * length in the table's metric. */
export interface OptimalPathCount { count: number; length: number; }
/** `PocketCube.hints`: a face turn, the distance to the goal after it, and the change
 * (-1 closer, 0 the same, +1 farther; a half turn in qtm can be -2 or +2). */
export interface CubeHint { turn: string; distance: number; change: number; }
"#;
