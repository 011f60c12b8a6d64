//! `CubeTable` (the breadth-first search as a step machine) and `PocketCube` (a cube's
//! stickers, turns and optimal solution) for JavaScript.

use serde::Serialize;
use tsify::{Ts, Tsify};
use wasm_bindgen::prelude::*;

use puzzlelab_solver::cube::corners::analyse;
use puzzlelab_solver::cube::goal;
use puzzlelab_solver::cube::solve::{length, solve};
use puzzlelab_solver::cube::table::{OwnedTableBuilder, TableBuilder};
use puzzlelab_solver::cube::walk::{trace, SolveWalk};
use puzzlelab_solver::cube::{
    format_moves, parse_moves, DistanceTable, Metric, MoveTables, Stickers,
};
use puzzlelab_solver::StepMachine;

/// The distance table of every position, built one slice per `step()`.
#[wasm_bindgen]
pub struct CubeTable {
    build: Option<OwnedTableBuilder>,
    done: Option<(MoveTables, DistanceTable)>,
}

#[wasm_bindgen]
impl CubeTable {
    /// `new CubeTable("htm")` or `new CubeTable("qtm")`.
    #[wasm_bindgen(constructor)]
    pub fn new(metric: &str) -> Result<CubeTable, JsError> {
        let metric = Metric::parse(metric).map_err(|e| JsError::new(&e))?;
        Ok(CubeTable {
            build: Some(OwnedTableBuilder {
                tables: MoveTables::new(),
                builder: TableBuilder::new(metric),
            }),
            done: None,
        })
    }

    /// One slice of a layer: returns the layer being built, or `undefined` when done.
    pub fn step(&mut self) -> Option<u32> {
        let event = self.build.as_mut()?.step().map(|p| p.depth as u32);
        self.take_if_done();
        event
    }

    pub fn run(&mut self, max_steps: f64) -> String {
        if let Some(build) = self.build.as_mut() {
            build.run(super::step_budget(max_steps));
        }
        self.take_if_done();
        self.status()
    }

    pub fn status(&self) -> String {
        match &self.build {
            Some(build) => build.status().as_str().to_string(),
            None => "solved".to_string(),
        }
    }

    /// Positions reached so far (3,674,160 when done).
    pub fn filled(&self) -> u32 {
        match &self.build {
            Some(build) => build.builder.filled(),
            None => puzzlelab_solver::cube::corners::POSITIONS_COUNT as u32,
        }
    }

    /// Positions at each distance, once built.
    pub fn distribution(&self) -> Option<Vec<f64>> {
        let (_, table) = self.done.as_ref()?;
        Some(table.distribution().iter().map(|&c| c as f64).collect())
    }

    /// A random position at the greatest distance from solved (2,644 at 11 in htm, 276 at
    /// 14 in qtm), picked by `seed`, as 24 letters; the table must be built.
    #[wasm_bindgen(js_name = randomAntipode)]
    pub fn random_antipode(&self, seed: f64) -> Result<String, JsError> {
        let (_, table) = self.built()?;
        let seed = whole(seed, "the seed")?;
        Ok(goal::antipode(table, seed).0.to_string())
    }

    fn built(&self) -> Result<&(MoveTables, DistanceTable), JsError> {
        self.done
            .as_ref()
            .ok_or_else(|| JsError::new("the table is not built yet: run it first"))
    }

    fn take_if_done(&mut self) {
        let finished = self
            .build
            .as_ref()
            .is_some_and(|b| b.status() == puzzlelab_solver::Status::Solved);
        if finished {
            let OwnedTableBuilder { tables, builder } = self.build.take().expect("checked");
            self.done = Some((tables, builder.finish().expect("solved")));
        }
    }
}

/// A pocket cube: 24 stickers in the net order of DESIGN.md.
#[wasm_bindgen]
pub struct PocketCube {
    stickers: Stickers,
}

#[wasm_bindgen]
impl PocketCube {
    /// `new PocketCube()` is solved; `new PocketCube("WWWWGGRR…")` reads 24 letters.
    #[wasm_bindgen(constructor)]
    pub fn new(state: Option<String>) -> Result<PocketCube, JsError> {
        let stickers = match state {
            Some(s) => Stickers::parse(&s).map_err(|e| JsError::new(&e))?,
            None => Stickers::solved(),
        };
        Ok(PocketCube { stickers })
    }

    /// Applies notation such as `"R U R' U'"`.
    pub fn apply(&mut self, moves: &str) -> Result<(), JsError> {
        let moves = parse_moves(moves).map_err(|e| JsError::new(&e))?;
        self.stickers = self.stickers.apply_all(&moves);
        Ok(())
    }

    pub fn state(&self) -> String {
        self.stickers.to_string()
    }

    #[wasm_bindgen(js_name = isSolved)]
    pub fn is_solved(&self) -> bool {
        self.stickers.is_solved()
    }

    /// `null` for a real cube, otherwise what is wrong with the colouring.
    pub fn validate(&self) -> Option<String> {
        analyse(&self.stickers).err()
    }

    /// An optimal solution in the table's metric (the table must be built). With a `goal`
    /// (24 letters), the way to that cube: face turns, then whole-cube turns (x y z) if the
    /// goal is held differently, so that applying it gives exactly the goal's stickers.
    pub fn solve(&self, table: &CubeTable, goal: Option<String>) -> Result<String, JsError> {
        let (moves, distances) = table.built()?;
        if let Some(goal) = goal {
            let goal = parse_goal(&goal)?;
            let s = goal::optimal_solution(moves, distances, &self.stickers, Some(&goal), 0)
                .map_err(|e| JsError::new(&e))?;
            return Ok(format_moves(&s.played()));
        }
        let (_, corners) = analyse(&self.stickers).map_err(|e| JsError::new(&e))?;
        let solution = solve(moves, distances, corners.coordinate());
        debug_assert_eq!(
            length(&solution, distances.metric()),
            distances.distance(corners.coordinate()) as u32
        );
        Ok(format_moves(&solution))
    }

    /// The optimal solve step by step, as `puzzlelab cube solve --trace` shows it: `[{
    /// step, event: "try"|"take"|"solved", turn, read, line, distance }]` (`read` the
    /// table's distance after `turn`; `line` numbers the solve's listing: 2 try the next
    /// turn, 3 take it, 4 solved).
    #[wasm_bindgen(js_name = solveTrace)]
    pub fn solve_trace(&self, table: &CubeTable) -> Result<Vec<Ts<CubeSolveStep>>, JsError> {
        let (moves, distances) = table.built()?;
        let (_, corners) = analyse(&self.stickers).map_err(|e| JsError::new(&e))?;
        let mut walk = SolveWalk::new(moves, distances, corners.coordinate());
        trace(&mut walk)
            .into_iter()
            .map(|t| {
                super::to_ts(&CubeSolveStep {
                    step: t.step as f64,
                    event: t.event.as_str().to_string(),
                    turn: t.turn,
                    read: t.read,
                    line: t.line,
                    distance: t.distance,
                })
            })
            .collect()
    }
}

/// `PocketCube.optimalPaths`: how many optimal solutions there are (over U, R, F turns:
/// htm's nine, qtm's six quarter turns) and their length in the table's metric.
#[derive(Serialize, Tsify)]
pub struct OptimalPathCount {
    count: f64,
    length: u32,
}

/// `PocketCube.hints`: a face turn, the distance to the goal after it, and the change
/// (-1 closer, 0 the same, +1 farther; a half turn in qtm can be -2 or +2).
#[derive(Serialize, Tsify)]
pub struct CubeHint {
    turn: String,
    distance: u8,
    change: i8,
}

/// `PocketCube.solveTrace`: one step of the optimal solve (the solver's `walk::TraceStep`).
#[derive(Serialize, Tsify)]
pub struct CubeSolveStep {
    step: f64,
    event: String,
    turn: Option<String>,
    /// The table's distance after `turn` (the neighbour compared).
    read: Option<u8>,
    line: u8,
    distance: u8,
}

fn parse_goal(text: &str) -> Result<Stickers, JsError> {
    Stickers::parse(text).map_err(|e| JsError::new(&format!("goal: {e}")))
}

fn whole(x: f64, what: &str) -> Result<u64, JsError> {
    if x.is_finite() && x >= 0.0 && x.fract() == 0.0 && x < 2f64.powi(53) {
        Ok(x as u64)
    } else {
        Err(JsError::new(&format!(
            "{what} must be a whole number from 0, not {x}"
        )))
    }
}

#[wasm_bindgen]
impl PocketCube {
    /// The number of optimal solutions to the goal (solved if omitted) and their length.
    #[wasm_bindgen(js_name = optimalPaths)]
    pub fn optimal_paths(
        &self,
        table: &CubeTable,
        goal: Option<String>,
    ) -> Result<Ts<OptimalPathCount>, JsError> {
        let s = self.optimal(table, 0, goal)?;
        super::to_ts(&OptimalPathCount {
            count: s.count.unwrap_or(0) as f64,
            length: s.length,
        })
    }

    /// The `index`-th optimal solution (from 0, ordered by turns U U2 U' R R2 R' F F2 F' in
    /// htm, U U' R R' F F' in qtm, the first most significant) to the goal (solved if
    /// omitted), ending with whole-cube turns if the goal is held differently. Throws past
    /// the last.
    #[wasm_bindgen(js_name = optimalPath)]
    pub fn optimal_path(
        &self,
        table: &CubeTable,
        index: f64,
        goal: Option<String>,
    ) -> Result<String, JsError> {
        let index = whole(index, "the index")?;
        let s = self.optimal(table, index, goal)?;
        let count = s.count.unwrap_or(0);
        if index >= count {
            return Err(JsError::new(&format!(
                "there are {count} optimal solutions, numbered 0 to {}; {index} is past the last",
                count.saturating_sub(1)
            )));
        }
        Ok(format_moves(&s.played()))
    }

    /// For each of the 18 face turns (U U2 U' L … D'), the distance to the goal (solved if
    /// omitted) after it and the change: -1 closer, 0 the same, +1 farther.
    pub fn hints(
        &self,
        table: &CubeTable,
        goal: Option<String>,
    ) -> Result<Vec<Ts<CubeHint>>, JsError> {
        let (_, distances) = table.built()?;
        let goal = goal.as_deref().map(parse_goal).transpose()?;
        let (_, hints) = goal::goal_hints(distances, &self.stickers, goal.as_ref())
            .map_err(|e| JsError::new(&e))?;
        hints
            .iter()
            .map(|h| {
                super::to_ts(&CubeHint {
                    turn: h.turn.to_string(),
                    distance: h.distance,
                    change: h.change,
                })
            })
            .collect()
    }

    fn optimal(
        &self,
        table: &CubeTable,
        index: u64,
        goal: Option<String>,
    ) -> Result<goal::GoalSolution, JsError> {
        let (moves, distances) = table.built()?;
        let goal = goal.as_deref().map(parse_goal).transpose()?;
        goal::optimal_solution(moves, distances, &self.stickers, goal.as_ref(), index)
            .map_err(|e| JsError::new(&e))
    }
}
