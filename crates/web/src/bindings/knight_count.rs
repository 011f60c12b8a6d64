//! Exhaustive knight's-tour counts for JavaScript: at once (`countKnightTours`), or a
//! task at a time with progress (`TourCounter`, what the npm package's worker runs so a
//! count can report how far it is and be stopped).

use serde::Serialize;
use tsify::{Ts, Tsify};
use wasm_bindgen::prelude::*;

use puzzlelab_solver::board::Board;
use puzzlelab_solver::knight::count::{count, run_task, CountPlan, CountSpec};

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
    let spec = spec(board, start, closed)?;
    let result = count(spec).map_err(|e| JsError::new(&e))?;
    let out = TourCount {
        directed: result.directed,
        undirected: result.undirected,
    };
    super::to_ts(&out)
}

/// The count a board, start and closedness ask for; bad boards and squares throw.
fn spec(board: &str, start: Option<String>, closed: Option<bool>) -> Result<CountSpec, JsError> {
    let parsed = Board::parse(board).map_err(|e| JsError::new(&e.to_string()))?;
    let start = start
        .map(|s| parsed.parse_square(&s))
        .transpose()
        .map_err(|e| JsError::new(&e.to_string()))?;
    Ok(CountSpec {
        width: parsed.width(),
        height: parsed.height(),
        start,
        closed: closed.unwrap_or(false),
    })
}

/// `new TourCounter("6x6", undefined, true)`: the same count as `countKnightTours`, its
/// tasks run a few at a time by `run(maxTasks)`, so a caller can show `done()` of
/// `tasks()` between calls and stop by not calling again.
#[wasm_bindgen]
pub struct TourCounter {
    plan: CountPlan,
    counts: Vec<u64>,
}

#[wasm_bindgen]
impl TourCounter {
    #[wasm_bindgen(constructor)]
    pub fn new(
        board: &str,
        start: Option<String>,
        closed: Option<bool>,
    ) -> Result<TourCounter, JsError> {
        let plan = CountPlan::new(spec(board, start, closed)?).map_err(|e| JsError::new(&e))?;
        Ok(TourCounter {
            plan,
            counts: Vec::new(),
        })
    }

    /// Runs up to `maxTasks` more tasks; whether the count is finished.
    pub fn run(&mut self, max_tasks: f64) -> bool {
        let budget = super::step_budget(max_tasks) as usize;
        let from = self.counts.len();
        for task in self.plan.tasks.iter().skip(from).take(budget) {
            self.counts
                .push(run_task(task, u64::MAX).map_or(0, |r| r.0));
        }
        self.finished()
    }

    pub fn finished(&self) -> bool {
        self.counts.len() == self.plan.tasks.len()
    }

    /// Tasks counted so far.
    pub fn done(&self) -> u32 {
        self.counts.len() as u32
    }

    /// Tasks in all.
    pub fn tasks(&self) -> u32 {
        self.plan.tasks.len() as u32
    }

    /// The count once finished (as `countKnightTours` gives it), else `undefined`.
    pub fn result(&self) -> Result<Option<Ts<TourCount>>, JsError> {
        if !self.finished() {
            return Ok(None);
        }
        let result = self.plan.combine(&self.counts);
        let out = TourCount {
            directed: result.directed,
            undirected: result.undirected,
        };
        super::to_ts(&out).map(Some)
    }
}
