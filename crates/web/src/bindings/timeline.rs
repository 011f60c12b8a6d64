//! `SearchTimeline`: a knight's-tour search recorded so any step can be seen again, for
//! JavaScript (and the browser benchmark of seeking in a million-step search).

use serde::Serialize;
use tsify::{Ts, Tsify};
use wasm_bindgen::prelude::*;

use puzzlelab_solver::board::Board;
use puzzlelab_solver::knight::timeline::Timeline;

/// The board at one step of a recorded search: the path so far, the squares tied for the
/// next move, those already tried from the last square, and those a backtrack cleared.
#[derive(Serialize, Tsify)]
pub struct SearchFrame {
    step: u64,
    #[tsify(type = r#""start" | "move" | "backtrack" | "jump" | "stuck" | "solved" | "failed""#)]
    kind: &'static str,
    path: Vec<String>,
    ties: Vec<String>,
    tried: Vec<String>,
    cleared: Vec<String>,
    backtracks: u64,
    /// The line of the search's listing this step ran (1-based, as `KnightTour.line()`).
    line: u8,
    /// The candidates at the knight's square with their onward counts.
    candidates: Vec<super::knight::Candidate>,
}

/// `new SearchTimeline("5x5", "c1", { tieBreak: "first", forwardCheck: false })`, then
/// `run(1e9)` and `frame(k)` for the board at step k.
#[wasm_bindgen]
pub struct SearchTimeline {
    inner: Timeline,
    board: Board,
}

#[wasm_bindgen]
impl SearchTimeline {
    #[wasm_bindgen(constructor)]
    pub fn new(
        board: &str,
        start: &str,
        options: Option<Ts<super::options::KnightOptions>>,
    ) -> Result<SearchTimeline, JsError> {
        let (board, config) = super::knight::tour_config(board, start, options)?;
        let inner = Timeline::new(config).map_err(|e| JsError::new(&e))?;
        Ok(SearchTimeline { inner, board })
    }

    /// Runs up to `maxSteps` more steps, recording them; returns the status.
    pub fn run(&mut self, max_steps: f64) -> String {
        self.inner
            .run(super::step_budget(max_steps))
            .as_str()
            .to_string()
    }

    /// Steps recorded so far.
    pub fn steps(&self) -> f64 {
        self.inner.steps() as f64
    }

    /// The board at step `step`: `{ step, kind, path, ties, tried, cleared, backtracks,
    /// line, candidates }`.
    pub fn frame(&self, step: f64) -> Result<Ts<SearchFrame>, JsError> {
        let frame = self.inner.frame(super::step_budget(step));
        let names = |squares: &[u32]| squares.iter().map(|&s| self.board.name(s)).collect();
        let out = SearchFrame {
            step: frame.step,
            kind: frame.kind.as_str(),
            path: names(&frame.path),
            ties: names(&frame.ties),
            tried: names(&frame.tried),
            cleared: names(&frame.cleared),
            backtracks: frame.backtracks,
            line: frame.line.number(),
            candidates: super::knight::candidates_named(self.board, &frame.candidates),
        };
        super::to_ts(&out)
    }
}
