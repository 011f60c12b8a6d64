//! `KnightTour`: the knight's-tour step machine for JavaScript.

use serde::Serialize;
use tsify::{Ts, Tsify};
use wasm_bindgen::prelude::*;

use super::options::KnightOptions;
use puzzlelab_solver::board::Board;
use puzzlelab_solver::knight::code::Onward;
use puzzlelab_solver::knight::{self, TourConfig, TourEvent};
use puzzlelab_solver::StepMachine;

/// The board, and the tour configuration a board name, a start square and an options
/// object ask for (shared by `KnightTour` and `SearchTimeline`).
pub(crate) fn tour_config(
    board: &str,
    start: &str,
    options: Option<Ts<KnightOptions>>,
) -> Result<(Board, TourConfig), JsError> {
    let board = Board::parse(board).map_err(|e| JsError::new(&e.to_string()))?;
    let start = board
        .parse_square(start)
        .map_err(|e| JsError::new(&e.to_string()))?;
    let options: KnightOptions = super::read_options(options, KnightOptions::KEYS)?;
    let config = options.config(board, start).map_err(|e| JsError::new(&e))?;
    Ok((board, config))
}

/// Counters every step machine keeps.
#[derive(Serialize, Tsify)]
pub struct SearchStats {
    steps: u64,
    nodes: u64,
    backtracks: u64,
}

/// A square the knight could jump to next and its onward count (unvisited squares a jump
/// from it).
#[derive(Serialize, Tsify)]
pub struct Candidate {
    square: String,
    onward: u8,
}

/// The listing's variables at the machine's current step.
#[derive(Serialize, Tsify)]
pub struct KnightCode {
    line: u8,
    depth: u32,
    here: String,
    candidates: Vec<Candidate>,
    tried: Vec<String>,
    ties: Vec<String>,
}

/// The candidates named as the board names squares.
pub(crate) fn candidates_named(board: Board, candidates: &[Onward]) -> Vec<Candidate> {
    candidates
        .iter()
        .map(|c| Candidate {
            square: board.name(c.square),
            onward: c.onward,
        })
        .collect()
}

/// A knight's tour search, one decision per `step()`.
#[wasm_bindgen]
pub struct KnightTour {
    inner: knight::KnightTour,
}

#[wasm_bindgen]
impl KnightTour {
    /// `new KnightTour("8x8", "c3", { closed, backtrack, heuristic, tieBreak, seed,
    /// forwardCheck, fastBacktrack })`; the options object may be left out.
    #[wasm_bindgen(constructor)]
    pub fn new(
        board: &str,
        start: &str,
        options: Option<Ts<KnightOptions>>,
    ) -> Result<KnightTour, JsError> {
        let (_, config) = tour_config(board, start, options)?;
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

    /// The line of the search's listing the last step ran (1-based; 1 before any step).
    pub fn line(&self) -> u8 {
        self.inner.line().number()
    }

    /// What the listing shows beside the line: `{ line, depth, here, candidates, tried,
    /// ties }`; candidates `[{ square, onward }]` are ranked once the search has ranked
    /// them, else clockwise.
    pub fn code(&self) -> Result<Ts<KnightCode>, JsError> {
        let board = self.inner.board();
        let names = |squares: &[u32]| squares.iter().map(|&s| board.name(s)).collect();
        let path = self.inner.path();
        super::to_ts(&KnightCode {
            line: self.inner.line().number(),
            depth: path.len() as u32 - 1,
            here: board.name(*path.last().expect("path holds the start")),
            candidates: candidates_named(board, &self.inner.code_candidates()),
            tried: names(self.inner.tried_here()),
            ties: names(&self.inner.tie_points()),
        })
    }

    /// Runs up to `maxSteps` steps and returns the status.
    pub fn run(&mut self, max_steps: f64) -> String {
        super::run_steps(&mut self.inner, max_steps)
    }

    /// `running`, `solved`, `failed`, `impossible` or `cancelled`.
    pub fn status(&self) -> String {
        super::status_of(&self.inner)
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
    pub fn stats(&self) -> Result<Ts<SearchStats>, JsError> {
        let s = self.inner.stats();
        let stats = SearchStats {
            steps: s.steps,
            nodes: s.nodes,
            backtracks: s.backtracks,
        };
        super::to_ts(&stats)
    }
}
