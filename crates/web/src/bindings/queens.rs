//! `QueensSearch` (the backtracking step machine) and the fast counters for JavaScript.

use serde::Serialize;
use tsify::{Ts, Tsify};
use wasm_bindgen::prelude::*;

use puzzlelab_solver::queens::classes::count_with_symmetry;
use puzzlelab_solver::queens::count::{unique_from_total, MAX_COUNT_N};
use puzzlelab_solver::queens::{self, placement_names_on, QueensEvent};
use puzzlelab_solver::StepMachine;

/// One queen per column, left to right, rows bottom to top; one `step()` per decision.
#[wasm_bindgen]
pub struct QueensSearch {
    inner: queens::QueensSearch,
}

#[wasm_bindgen]
impl QueensSearch {
    /// `new QueensSearch(8)` enumerates every solution; `new QueensSearch(8, true)` stops at
    /// the first.
    #[wasm_bindgen(constructor)]
    pub fn new(n: u32, stop_at_first: Option<bool>) -> Result<QueensSearch, JsError> {
        let inner = queens::QueensSearch::new(n, stop_at_first.unwrap_or(false))
            .map_err(|e| JsError::new(&e))?;
        Ok(QueensSearch { inner })
    }

    /// `"place"`, `"solution"`, `"remove"`, or `undefined` once finished.
    pub fn step(&mut self) -> Option<String> {
        self.inner.step().map(|e| {
            match e {
                QueensEvent::Place { .. } => "place",
                QueensEvent::Solution { .. } => "solution",
                QueensEvent::Remove { .. } => "remove",
            }
            .to_string()
        })
    }

    pub fn run(&mut self, max_steps: f64) -> String {
        super::run_steps(&mut self.inner, max_steps)
    }

    pub fn status(&self) -> String {
        super::status_of(&self.inner)
    }

    /// The line of the search's listing the last step ran (1-based; 1 before any step).
    pub fn line(&self) -> u8 {
        self.inner.line().number()
    }

    /// The row (from 0) to try next in the column after the last queen.
    #[wasm_bindgen(js_name = nextRow)]
    pub fn next_row(&self) -> u32 {
        self.inner.next_row()
    }

    /// Row (from 0) of the queen in each filled column.
    pub fn rows(&self) -> Vec<u32> {
        self.inner.rows().to_vec()
    }

    /// The queens as squares: `"a1 b5 c8 …"`.
    pub fn placement(&self) -> String {
        placement_names_on(self.inner.n(), self.inner.rows())
    }

    /// `{ steps, nodes, testedAllRows, testedFreeRows, deadEnds, solutions }`.
    pub fn stats(&self) -> Result<Ts<QueensStats>, JsError> {
        let c = self.inner.counters();
        let stats = QueensStats {
            steps: self.inner.stats().steps,
            nodes: c.nodes,
            tested_all_rows: c.tested_all_rows,
            tested_free_rows: c.tested_free_rows,
            dead_ends: c.dead_ends,
            solutions: c.solutions,
        };
        super::to_ts(&stats)
    }
}

/// The eight-queens article's counters.
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct QueensStats {
    steps: u64,
    nodes: u64,
    tested_all_rows: u64,
    tested_free_rows: u64,
    dead_ends: u64,
    solutions: u64,
}

/// All solutions on an N×N board, on this thread (a `BigInt`): by symmetry classes, the
/// same counter as the page's workers and `puzzlelab queens --count`.
#[wasm_bindgen(js_name = countQueens)]
pub fn count_queens(n: u32) -> Result<u64, JsError> {
    if !(1..=MAX_COUNT_N).contains(&n) {
        return Err(JsError::new(&format!(
            "N must be 1 to {MAX_COUNT_N} for a count"
        )));
    }
    Ok(count_with_symmetry(n).0)
}

/// Fundamental solutions, given the total (a `BigInt` in and out).
#[wasm_bindgen(js_name = uniqueQueens)]
pub fn unique_queens(n: u32, total: u64) -> Result<u64, JsError> {
    if !(1..=MAX_COUNT_N).contains(&n) {
        return Err(JsError::new(&format!(
            "N must be 1 to {MAX_COUNT_N} for a count"
        )));
    }
    Ok(unique_from_total(n, total))
}
