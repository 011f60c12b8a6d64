//! `CubeTable` (the breadth-first search as a step machine) and `PocketCube` (a cube's
//! stickers, turns and optimal solution) for JavaScript.

use wasm_bindgen::prelude::*;

use crate::solver::cube::corners::analyse;
use crate::solver::cube::solve::{length, solve};
use crate::solver::cube::table::{OwnedTableBuilder, TableBuilder};
use crate::solver::cube::{format_moves, parse_moves, DistanceTable, Metric, MoveTables, Stickers};
use crate::solver::StepMachine;

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
            None => crate::solver::cube::corners::POSITIONS_COUNT as u32,
        }
    }

    /// Positions at each distance, once built.
    pub fn distribution(&self) -> Option<Vec<f64>> {
        let (_, table) = self.done.as_ref()?;
        Some(table.distribution().iter().map(|&c| c as f64).collect())
    }

    fn take_if_done(&mut self) {
        let finished = self
            .build
            .as_ref()
            .is_some_and(|b| b.status() == crate::solver::Status::Solved);
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

    /// An optimal solution in the table's metric (the table must be built).
    pub fn solve(&self, table: &CubeTable) -> Result<String, JsError> {
        let (moves, distances) = table
            .done
            .as_ref()
            .ok_or_else(|| JsError::new("the table is not built yet: run it first"))?;
        let (_, corners) = analyse(&self.stickers).map_err(|e| JsError::new(&e))?;
        let solution = solve(moves, distances, corners.coordinate());
        debug_assert_eq!(
            length(&solution, distances.metric()),
            distances.distance(corners.coordinate()) as u32
        );
        Ok(format_moves(&solution))
    }
}
