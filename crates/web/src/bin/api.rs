//! The JavaScript API on its own (the npm package's wasm, `tools/build-npm.sh`): the
//! step machines, counters and solvers of `src/bindings/`, and no page — importing it
//! starts nothing, so it runs in Node as in a browser. It adds the optimal proof, whose
//! tables (about 80 MB) a package's worker builds, but the page's own API does not carry.

// Linked for its exports (the JS API), which nothing here calls.
extern crate puzzlelab_web;

fn main() {}

#[cfg(target_arch = "wasm32")]
mod optimal {
    use std::cell::OnceCell;
    use std::sync::Arc;

    use puzzlelab_solver::rubik::optimal::{OptimalSearch, OptimalTables};
    use puzzlelab_solver::rubik::optimal_tables::corners::CornerTable;
    use puzzlelab_solver::rubik::optimal_tables::flipslice::{FlipSliceSyms, FlipSliceTable};
    use puzzlelab_solver::rubik::{format_moves, solve, Cube, Tables};
    use puzzlelab_solver::{Status, StepMachine};
    use wasm_bindgen::prelude::*;

    thread_local! {
        /// The corner and flip × slice × twist tables, built on the first proof and
        /// kept while this module lives (a worker's life, in the package).
        static TABLES: OnceCell<Arc<OptimalTables>> = const { OnceCell::new() };
    }

    fn tables() -> Arc<OptimalTables> {
        TABLES.with(|t| {
            t.get_or_init(|| {
                let base = Arc::new(Tables::new());
                let corners = CornerTable::build(|_, _| {});
                let flipslice = FlipSliceTable::build(&base.moves, FlipSliceSyms::new(), 1, |_| {});
                Arc::new(OptimalTables::with_flipslice(
                    base,
                    Some(corners),
                    Some(flipslice),
                ))
            })
            .clone()
        })
    }

    /// `new OptimalProof(state)`: the shortest solution of a Rubik's cube (54 facelet
    /// letters, URFDLB), proven depth by depth as a step machine: `run(steps)` until it
    /// returns true. The two-phase solution is known from the start; the proof then
    /// shortens it or shows nothing shorter exists. The first proof builds the tables
    /// (tens of seconds on one thread).
    #[wasm_bindgen]
    pub struct OptimalProof {
        search: OptimalSearch,
    }

    #[wasm_bindgen]
    impl OptimalProof {
        #[wasm_bindgen(constructor)]
        pub fn new(state: &str) -> Result<OptimalProof, JsError> {
            let cube = Cube::parse(state).map_err(|e| JsError::new(&e.to_string()))?;
            let tables = tables();
            let known = solve(&tables.base, &cube, 22, u64::MAX)
                .ok_or_else(|| JsError::new("the two-phase search found no solution"))?;
            Ok(OptimalProof {
                search: OptimalSearch::new(tables, &cube, known),
            })
        }

        /// Runs up to `steps` steps (one task of a depth each); true once proven.
        pub fn run(&mut self, steps: f64) -> bool {
            let mut left = steps.max(1.0) as u64;
            while left > 0 && self.search.step().is_some() {
                left -= 1;
            }
            self.search.status() != Status::Running
        }

        /// The shortest solution found so far, e.g. `"R U2 F'"`.
        pub fn best(&self) -> String {
            format_moves(&self.search.proof().best)
        }

        /// No solution is shorter than this.
        pub fn proven(&self) -> u8 {
            self.search.proof().proven
        }

        /// The depth being searched.
        pub fn depth(&self) -> u8 {
            self.search.proof().depth
        }

        /// Nodes searched so far.
        pub fn nodes(&self) -> f64 {
            self.search.proof().nodes as f64
        }

        /// Whether the best solution is proven shortest.
        #[wasm_bindgen(js_name = isOptimal)]
        pub fn is_optimal(&self) -> bool {
            self.search.proof().is_optimal()
        }
    }
}
