//! `KnightTour`: the knight's-tour step machine for JavaScript.

use wasm_bindgen::prelude::*;

use crate::solver::board::Board;
use crate::solver::knight::{self, Heuristic, TieBreak, TourConfig, TourEvent};
use crate::solver::StepMachine;

/// A knight's tour search, one move per `step()`.
#[wasm_bindgen]
pub struct KnightTour {
    inner: knight::KnightTour,
}

#[wasm_bindgen]
impl KnightTour {
    /// `new KnightTour("8x8", "c3", { closed, backtrack, heuristic, tieBreak })`; the
    /// options object may be left out.
    #[wasm_bindgen(constructor)]
    pub fn new(board: &str, start: &str, options: JsValue) -> Result<KnightTour, JsError> {
        let board = Board::parse(board).map_err(|e| JsError::new(&e.to_string()))?;
        let start = board
            .parse_square(start)
            .map_err(|e| JsError::new(&e.to_string()))?;
        let mut config = TourConfig::new(board, start);
        if options.is_object() {
            config.closed = flag(&options, "closed");
            config.backtrack = flag(&options, "backtrack");
            if let Some(h) = text(&options, "heuristic") {
                config.heuristic = Heuristic::parse(&h).map_err(|e| JsError::new(&e))?;
            }
            if let Some(t) = text(&options, "tieBreak") {
                config.tie_break = TieBreak::parse(&t).map_err(|e| JsError::new(&e))?;
            }
        }
        let inner = knight::KnightTour::new(config).map_err(|e| JsError::new(&e))?;
        Ok(KnightTour { inner })
    }

    /// One decision: `"move"`, `"backtrack"`, `"stuck"`, or `undefined` once finished.
    pub fn step(&mut self) -> Option<String> {
        self.inner.step().map(|event| {
            match event {
                TourEvent::Move { .. } => "move",
                TourEvent::Backtrack { .. } => "backtrack",
                TourEvent::Stuck { .. } => "stuck",
            }
            .to_string()
        })
    }

    /// Runs up to `maxSteps` steps and returns the status.
    pub fn run(&mut self, max_steps: f64) -> String {
        self.inner
            .run(super::step_budget(max_steps))
            .as_str()
            .to_string()
    }

    /// `running`, `solved`, `failed`, `impossible` or `cancelled`.
    pub fn status(&self) -> String {
        self.inner.status().as_str().to_string()
    }

    /// The squares visited so far, as names (`"a1"`, or `"x,y"` on boards wider than 26).
    pub fn path(&self) -> Vec<String> {
        let board = self.inner.board();
        self.inner.path().iter().map(|&sq| board.name(sq)).collect()
    }

    /// The squares visited so far as indices `y * width + x`.
    #[wasm_bindgen(js_name = pathIndices)]
    pub fn path_indices(&self) -> Vec<u32> {
        self.inner.path().to_vec()
    }

    /// `{ steps, nodes, backtracks }`.
    pub fn stats(&self) -> js_sys::Object {
        let s = self.inner.stats();
        super::stats_object(&[
            ("steps", s.steps),
            ("nodes", s.nodes),
            ("backtracks", s.backtracks),
        ])
    }
}

fn flag(options: &JsValue, key: &str) -> bool {
    js_sys::Reflect::get(options, &key.into())
        .map(|v| v.is_truthy())
        .unwrap_or(false)
}

fn text(options: &JsValue, key: &str) -> Option<String> {
    js_sys::Reflect::get(options, &key.into())
        .ok()
        .and_then(|v| v.as_string())
}
