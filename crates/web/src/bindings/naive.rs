//! `NaiveCounter`: the C course notebook's brute force and plain backtracking, the counting
//! lab's step machines, for JavaScript.

use serde::{Deserialize, Serialize};
use tsify::{Ts, Tsify};
use wasm_bindgen::prelude::*;

use puzzlelab_solver::board::Board;
use puzzlelab_solver::knight::count::CountSpec;
use puzzlelab_solver::knight::naive_count::{self, NaiveMethod};
use puzzlelab_solver::StepMachine;

/// Options of `new NaiveCounter(board, options)`; every key is optional.
#[derive(Default, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NaiveOptions {
    /// `brute-force` (every move sequence, checked afterwards) or `backtracking` (the
    /// default).
    #[tsify(optional, type = r#""brute-force" | "backtracking""#)]
    method: Option<String>,
    #[tsify(optional)]
    start: Option<String>,
    #[tsify(optional)]
    closed: Option<bool>,
}

impl NaiveOptions {
    /// The keys JavaScript may give.
    const KEYS: &'static [&'static str] = &["method", "start", "closed"];
}

/// What a notebook counter has found and done.
#[derive(Serialize, Tsify)]
pub struct NaiveProgress {
    tours: u64,
    closed: u64,
    steps: u64,
    nodes: u64,
}

/// Counts the tours of a small board the notebook's way, one candidate or one move per
/// `step()`; the counts it ends with are the fast counter's.
#[wasm_bindgen]
pub struct NaiveCounter {
    inner: naive_count::NaiveCounter,
}

#[wasm_bindgen]
impl NaiveCounter {
    /// `new NaiveCounter("3x4", { method: "brute-force", start: "a1", closed: false })`.
    #[wasm_bindgen(constructor)]
    pub fn new(board: &str, options: Option<Ts<NaiveOptions>>) -> Result<NaiveCounter, JsError> {
        let options: NaiveOptions = super::read_options(options, NaiveOptions::KEYS)?;
        let parsed = Board::parse(board).map_err(|e| JsError::new(&e.to_string()))?;
        let start = options
            .start
            .map(|s| parsed.parse_square(&s))
            .transpose()
            .map_err(|e| JsError::new(&e.to_string()))?;
        let method = match options.method.as_deref().unwrap_or("backtracking") {
            "brute-force" => NaiveMethod::BruteForce,
            "backtracking" => NaiveMethod::Backtracking,
            other => {
                return Err(JsError::new(&format!(
                    "unknown method '{other}' (known: brute-force, backtracking)"
                )))
            }
        };
        let spec = CountSpec {
            width: parsed.width(),
            height: parsed.height(),
            start,
            closed: options.closed.unwrap_or(false),
        };
        let inner = naive_count::NaiveCounter::new(method, spec).map_err(|e| JsError::new(&e))?;
        Ok(NaiveCounter { inner })
    }

    /// One candidate (brute force) or one move (backtracking); `false` once finished.
    pub fn step(&mut self) -> bool {
        self.inner.step().is_some()
    }

    /// Runs up to `maxSteps` steps and returns the status (`impossible` = all counted).
    pub fn run(&mut self, max_steps: f64) -> String {
        super::run_steps(&mut self.inner, max_steps)
    }

    pub fn status(&self) -> String {
        super::status_of(&self.inner)
    }

    /// `{ tours, closed, steps, nodes }` so far.
    pub fn progress(&self) -> Result<Ts<NaiveProgress>, JsError> {
        let found = self.inner.found();
        let stats = self.inner.stats();
        let progress = NaiveProgress {
            tours: found.tours,
            closed: found.closed,
            steps: stats.steps,
            nodes: stats.nodes,
        };
        super::to_ts(&progress)
    }

    /// The line of the method's listing the last step ran, numbered as the counting lab's
    /// code view: brute force 1 start, 2 the sequence fails, 3 a tour, 4 wrapped;
    /// backtracking 1 start, 2 move, 3 a tour, 4 step back, 5 done.
    pub fn line(&self) -> u8 {
        match self.inner.method() {
            naive_count::NaiveMethod::BruteForce => self.inner.brute_line().number(),
            naive_count::NaiveMethod::Backtracking => self.inner.back_line().number(),
        }
    }
}
