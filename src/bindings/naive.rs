//! `NaiveCounter`: the C course notebook's brute force and plain backtracking, the counting
//! lab's step machines, for JavaScript.

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use crate::solver::board::Board;
use crate::solver::knight::count::CountSpec;
use crate::solver::knight::naive_count::{self, NaiveMethod};
use crate::solver::StepMachine;

#[derive(Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct NaiveOptions {
    /// `brute-force` (every move sequence, checked afterwards) or `backtracking`.
    method: Option<String>,
    start: Option<String>,
    closed: Option<bool>,
}

#[derive(Serialize)]
struct NaiveProgress {
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
    pub fn new(
        board: &str,
        #[wasm_bindgen(unchecked_param_type = "NaiveOptions | undefined")] options: JsValue,
    ) -> Result<NaiveCounter, JsError> {
        let options: NaiveOptions = super::read_options(options, &["method", "start", "closed"])?;
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
        self.inner
            .run(super::step_budget(max_steps))
            .as_str()
            .to_string()
    }

    pub fn status(&self) -> String {
        self.inner.status().as_str().to_string()
    }

    /// `{ tours, closed, steps, nodes }` so far.
    #[wasm_bindgen(unchecked_return_type = "NaiveProgress")]
    pub fn progress(&self) -> JsValue {
        let found = self.inner.found();
        let stats = self.inner.stats();
        let progress = NaiveProgress {
            tours: found.tours,
            closed: found.closed,
            steps: stats.steps,
            nodes: stats.nodes,
        };
        super::to_js(&progress, false)
    }
}
