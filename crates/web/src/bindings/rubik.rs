//! `RubiksCube`: the 3x3x3 cube for JavaScript, as `PocketCube` is for the 2x2x2: the
//! 54-facelet string (URFDLB order), turns in WCA notation, validation naming the fault,
//! and a two-phase solve.

use std::cell::OnceCell;
use std::sync::Arc;

use serde::Serialize;
use tsify::{Ts, Tsify};
use wasm_bindgen::prelude::*;

use puzzlelab_solver::rubik::code::phase_trace;
use puzzlelab_solver::rubik::{SearchOptions, TwoPhaseSearch};

use puzzlelab_solver::rubik::optimal_tables::flipslice::{
    FlipSliceSyms, FlipSliceTable, TABLE_BYTES,
};
use puzzlelab_solver::rubik::{
    apply_moves, format_moves, random_cube, solve, Cube, Facelets, Tables,
};

thread_local! {
    /// The search tables (about 14 MB), built on the first solve and kept for the page's
    /// life: pure data, so nothing a failure could leave half-made.
    static TABLES: OnceCell<Arc<Tables>> = const { OnceCell::new() };
}

thread_local! {
    /// Phase 1's exact distance table (35 MB), built when first asked for
    /// ([`RubiksCube::build_phase1_table`]) and kept for the page's life.
    static PHASE1: OnceCell<Arc<FlipSliceTable>> = const { OnceCell::new() };
}

fn tables() -> Arc<Tables> {
    TABLES.with(|t| t.get_or_init(|| Arc::new(Tables::new())).clone())
}

/// Phase 1's exact table, built on the first call (seconds: one thread in a page).
fn phase1_table(base: &Tables) -> Arc<FlipSliceTable> {
    PHASE1.with(|p| {
        p.get_or_init(|| {
            Arc::new(FlipSliceTable::build(
                &base.moves,
                FlipSliceSyms::new(),
                1,
                |_| {},
            ))
        })
        .clone()
    })
}

#[wasm_bindgen]
pub struct RubiksCube {
    /// The facelets as typed (a colouring that may not be a real cube, which `validate`
    /// then explains).
    state: String,
}

#[wasm_bindgen]
impl RubiksCube {
    /// `new RubiksCube()` is solved; `new RubiksCube("UUUUUUUUURRR…")` reads 54 letters.
    #[wasm_bindgen(constructor)]
    pub fn new(state: Option<String>) -> Result<RubiksCube, JsError> {
        let state = match state {
            Some(s) => {
                Facelets::parse(&s).map_err(|e| JsError::new(&e.to_string()))?;
                s.trim().to_string()
            }
            None => puzzlelab_solver::rubik::SOLVED.to_string(),
        };
        Ok(RubiksCube { state })
    }

    /// A uniformly random state from a seed.
    pub fn random(seed: f64) -> RubiksCube {
        RubiksCube {
            state: random_cube(super::step_budget(seed)).to_string(),
        }
    }

    /// Applies notation such as `"R U R' U' Rw M2 x"`.
    pub fn apply(&mut self, moves: &str) -> Result<(), JsError> {
        self.state = apply_moves(&self.state, moves).map_err(|e| JsError::new(&e))?;
        Ok(())
    }

    pub fn state(&self) -> String {
        self.state.clone()
    }

    #[wasm_bindgen(js_name = isSolved)]
    pub fn is_solved(&self) -> bool {
        Cube::parse(&self.state).is_ok_and(|c| c.is_solved())
    }

    /// `null` for a real cube, else what is wrong (a colour count, a flipped edge, …).
    pub fn validate(&self) -> Option<String> {
        Cube::parse(&self.state).err().map(|e| e.to_string())
    }

    /// The solver's speed (benches/browser.mjs): builds fresh tables and times them, the
    /// first solution of at most 20 moves over random states 0..states, and the mean
    /// length after `afterMs` of search over states 0..afterStates (the CLI's
    /// `rubik speed` does the same natively). With `phase1Table`, the search also reads
    /// phase 1's exact distance (`buildPhase1Table`'s, built first if not yet).
    pub fn speed(
        states: f64,
        after_states: f64,
        after_ms: f64,
        phase1_table: Option<bool>,
    ) -> Result<JsValue, JsError> {
        let kept = |base: &Tables| self::phase1_table(base);
        let phase1: Option<puzzlelab_solver::rubik::speed::Phase1Source> =
            phase1_table.unwrap_or(false).then_some(&kept);
        let report = puzzlelab_solver::rubik::speed::measure(
            super::step_budget(states).min(100_000),
            super::step_budget(after_states).min(100_000),
            if after_ms.is_finite() {
                after_ms.clamp(0.0, 60_000.0)
            } else {
                0.0
            },
            phase1,
            &milliseconds,
        );
        serde_wasm_bindgen::to_value(&report).map_err(|e| JsError::new(&e.to_string()))
    }

    /// Gives `solve` phase 1's exact distance: builds the 35 MB table (seconds, once a
    /// page) and returns the milliseconds that took (0 when already there). Solutions
    /// stay the same; they come about twice as fast.
    #[wasm_bindgen(js_name = buildPhase1Table)]
    pub fn build_phase1_table() -> f64 {
        let base = tables();
        if base.phase1_table().is_some() {
            return 0.0;
        }
        let start = milliseconds();
        let _ = base.set_phase1_table(phase1_table(&base));
        milliseconds() - start
    }

    /// The exact phase-1 table's bytes (35 MB) for the caller to keep (IndexedDB, the
    /// Origin Private File System) once `buildPhase1Table` has made it; `undefined` before.
    #[wasm_bindgen(js_name = phase1TableBytes)]
    pub fn phase1_table_bytes() -> Option<js_sys::Uint8Array> {
        tables()
            .phase1_table()
            .map(|t| js_sys::Uint8Array::from(t.bytes()))
    }

    /// Their checksum (FNV-1a, a decimal string), to keep beside them.
    #[wasm_bindgen(js_name = phase1TableChecksum)]
    pub fn phase1_table_checksum() -> Option<String> {
        tables()
            .phase1_table()
            .map(|t| FlipSliceTable::checksum(t.bytes()).to_string())
    }

    /// Gives `solve` an exact phase-1 table kept from `phase1TableBytes`, instead of
    /// building it: bytes of the wrong length or checksum are refused with a message (the
    /// solver goes on without). Returns the milliseconds it took (0 when one is there).
    #[wasm_bindgen(js_name = usePhase1Table)]
    pub fn use_phase1_table(bytes: Vec<u8>, checksum: &str) -> Result<f64, JsError> {
        let base = tables();
        if base.phase1_table().is_some() {
            return Ok(0.0);
        }
        let start = milliseconds();
        if bytes.len() != TABLE_BYTES {
            return Err(JsError::new(&format!(
                "the phase-1 table has {} bytes, not {TABLE_BYTES}: build it again",
                bytes.len()
            )));
        }
        if FlipSliceTable::checksum(&bytes).to_string() != checksum.trim() {
            return Err(JsError::new(
                "the phase-1 table's bytes do not match their checksum: build it again",
            ));
        }
        let table = FlipSliceTable::from_bytes(FlipSliceSyms::new(), bytes)
            .map_err(|_| JsError::new("the phase-1 table could not be read"))?;
        let table = Arc::new(table);
        PHASE1.with(|p| {
            let _ = p.set(table.clone());
        });
        let _ = base.set_phase1_table(table);
        Ok(milliseconds() - start)
    }

    /// The two-phase search's first steps (at most `maxSteps`, default 2,000 as the page
    /// records; at most 100,000) for solutions of at most `maxLength` (default 20), each
    /// with the line of the phases' listing it ran and its variables: the page's code
    /// view and `rubik solve --trace` show the same steps.
    #[wasm_bindgen(js_name = solveTrace)]
    pub fn solve_trace(
        &self,
        max_length: Option<u8>,
        max_steps: Option<f64>,
    ) -> Result<Vec<Ts<RubikPhaseStep>>, JsError> {
        let cube = Cube::parse(&self.state).map_err(|e| JsError::new(&e.to_string()))?;
        let options = SearchOptions {
            max_length: max_length.unwrap_or(20).clamp(1, 30),
            ..SearchOptions::default()
        };
        let steps = match max_steps {
            None => 2_000,
            Some(n) if n.is_finite() && (0.0..=100_000.0).contains(&n) => n as u64,
            Some(n) => {
                return Err(JsError::new(&format!(
                    "maxSteps must be 0 to 100000, not {n}"
                )))
            }
        };
        let mut search = TwoPhaseSearch::new(tables(), &cube, options);
        phase_trace(&mut search, steps)
            .into_iter()
            .map(|t| {
                super::to_ts(&RubikPhaseStep {
                    step: t.step as f64,
                    line: t.line,
                    view: t.view,
                    d1: t.d1,
                    depth1: t.depth1,
                    depth2: t.depth2,
                    bound: t.bound,
                    best: t.best,
                    proven: t.proven,
                    nodes: t.nodes as f64,
                    stop: t.stop.map(|s| format!("{s:?}").to_lowercase()),
                })
            })
            .collect()
    }

    /// A solution of at most `maxLength` (default 20) face turns, e.g. `"R U2 F' …"`.
    pub fn solve(&self, max_length: Option<u8>) -> Result<String, JsError> {
        let cube = Cube::parse(&self.state).map_err(|e| JsError::new(&e.to_string()))?;
        let max = max_length.unwrap_or(20).clamp(1, 30);
        solve(&tables(), &cube, max, u64::MAX)
            .map(|moves| format_moves(&moves))
            .ok_or_else(|| JsError::new(&format!("no solution of at most {max} moves")))
    }
}

/// `RubiksCube.solveTrace`: one step of the two-phase search (the solver's
/// `rubik::code::PhaseStep`).
#[derive(Serialize, Tsify)]
pub struct RubikPhaseStep {
    step: f64,
    /// The phases' listing line (1-based).
    line: u8,
    view: u8,
    d1: u8,
    depth1: u8,
    depth2: u8,
    bound: Option<u8>,
    best: Option<u8>,
    proven: u8,
    nodes: f64,
    /// On the last step: `optimal`, `target`, `none` or `stopped`.
    stop: Option<String>,
}

/// `performance.now()` where there is one (pages and workers), else the date's clock.
fn milliseconds() -> f64 {
    let global = js_sys::global();
    js_sys::Reflect::get(&global, &"performance".into())
        .ok()
        .and_then(|perf| {
            let now = js_sys::Reflect::get(&perf, &"now".into()).ok()?;
            let now: js_sys::Function = now.dyn_into().ok()?;
            now.call0(&perf).ok()?.as_f64()
        })
        .unwrap_or_else(js_sys::Date::now)
}
