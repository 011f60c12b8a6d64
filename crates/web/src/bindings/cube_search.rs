//! `CubeSearch`: the pocket cube's breadth-first search as the page's code view plays it
//! (`LayerBfs`, a batch of the frontier per step, as the page and `cube distribution
//! --trace` step it), each step reporting the listing line it ran and its variables.
//! `CubeTable` builds the same table faster, without the lines.

use serde::Serialize;
use tsify::{Ts, Tsify};
use wasm_bindgen::prelude::*;

use puzzlelab_solver::cube::code::{BfsLine, BFS_BATCH};
use puzzlelab_solver::cube::{LayerBfs, Metric};
use puzzlelab_solver::StepMachine;

/// `CubeSearch.code()`: the listing's line the last step ran and the variables beside it,
/// as the page's code view shows them (`data-code-var`).
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct CubeSearchCode {
    /// Steps taken (the page's `data-search-step`).
    step: u32,
    /// 1 before any step, 2 a batch expanded, 3 a layer finished, 4 done.
    line: u8,
    /// The layer being expanded.
    depth: u8,
    frontier: u32,
    not_yet_processed: u32,
    /// Positions found for the next layer so far.
    next: u32,
    reached: u32,
}

/// The breadth-first search from solved, 16,384 frontier positions per `step()`.
#[wasm_bindgen]
pub struct CubeSearch {
    inner: LayerBfs,
}

#[wasm_bindgen]
impl CubeSearch {
    /// `new CubeSearch("htm")` or `new CubeSearch("qtm")`.
    #[wasm_bindgen(constructor)]
    pub fn new(metric: &str) -> Result<CubeSearch, JsError> {
        let metric = Metric::parse(metric).map_err(|e| JsError::new(&e))?;
        Ok(CubeSearch {
            inner: LayerBfs::new(metric, BFS_BATCH),
        })
    }

    /// One batch: `"expand"` (the layer goes on), `"layer"` (it is finished), `"solved"`
    /// (every position reached), or `undefined` once done.
    pub fn step(&mut self) -> Option<String> {
        self.inner.step()?;
        Some(
            match self.inner.line() {
                BfsLine::Layer => "layer",
                BfsLine::Done => "solved",
                BfsLine::Start | BfsLine::Expand => "expand",
            }
            .to_string(),
        )
    }

    /// The line of the listing the last step ran (1-based; 1 before any step).
    pub fn line(&self) -> u8 {
        self.inner.line().number()
    }

    /// `{ step, line, depth, frontier, notYetProcessed, next, reached }` after the last step.
    pub fn code(&self) -> Result<Ts<CubeSearchCode>, JsError> {
        let p = self.inner.progress();
        super::to_ts(&CubeSearchCode {
            step: self.inner.stats().steps as u32,
            line: self.line(),
            depth: p.depth,
            frontier: p.frontier as u32,
            not_yet_processed: p.not_yet_processed as u32,
            next: self.inner.next_len() as u32,
            reached: p.reached as u32,
        })
    }

    /// Runs up to `maxSteps` steps and returns the status.
    pub fn run(&mut self, max_steps: f64) -> String {
        super::run_steps(&mut self.inner, max_steps)
    }

    /// `running` or `solved`.
    pub fn status(&self) -> String {
        super::status_of(&self.inner)
    }
}
