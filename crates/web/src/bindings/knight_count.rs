//! Exhaustive knight's-tour counts for JavaScript, on the calling thread.

use serde::Serialize;
use tsify::{Ts, Tsify};
use wasm_bindgen::prelude::*;

use puzzlelab_solver::board::Board;
use puzzlelab_solver::knight::count::{count, CountSpec};

/// Exhaustive counts, as `BigInt`s: `undirected` is absent where it is not defined (a
/// fixed start).
#[derive(Serialize, Tsify)]
#[tsify(large_number_types_as_bigints)]
pub struct TourCount {
    directed: u64,
    #[tsify(optional)]
    undirected: Option<u64>,
}

/// `countKnightTours("5x5", "a1")` → `{ directed: 304n, undirected: undefined }`;
/// `countKnightTours("6x6", undefined, true)` counts closed tours (`undirected` = cycles).
/// Counts are `BigInt`s; boards over 64 squares and bad squares throw.
#[wasm_bindgen(js_name = countKnightTours)]
pub fn count_knight_tours(
    board: &str,
    start: Option<String>,
    closed: Option<bool>,
) -> Result<Ts<TourCount>, JsError> {
    let parsed = Board::parse(board).map_err(|e| JsError::new(&e.to_string()))?;
    let start = start
        .map(|s| parsed.parse_square(&s))
        .transpose()
        .map_err(|e| JsError::new(&e.to_string()))?;
    let spec = CountSpec {
        width: parsed.width(),
        height: parsed.height(),
        start,
        closed: closed.unwrap_or(false),
    };
    let result = count(spec).map_err(|e| JsError::new(&e))?;
    let out = TourCount {
        directed: result.directed,
        undirected: result.undirected,
    };
    super::to_ts(&out)
}
