//! The optimal solve as a step machine: from the position, try the metric's turns in order
//! (U U2 U' R R2 R' F F2 F') until one leads to a position one closer to solved, take it,
//! and start again from there. One step tries one turn, so the code view and `--trace` can
//! follow each comparison with the table; `solve::solve` runs it to the end.

use serde::{Deserialize, Serialize};

use super::code::SolveLine;
use super::moves::format_moves;
use super::table::{generators, DistanceTable, MoveTables};
use crate::{Stats, Status, StepMachine};

/// What one step of the walk did: the generator it tried, and whether it was taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WalkStep {
    /// Index into `table::generators()`.
    pub turn: usize,
    pub taken: bool,
}

/// Walks down the distance table from a position to the solved cube.
#[derive(Clone)]
pub struct SolveWalk<'a> {
    tables: &'a MoveTables,
    table: &'a DistanceTable,
    here: u32,
    distance: u8,
    /// Index into the metric's generators of the next turn to try here.
    next: usize,
    taken: Vec<usize>,
    line: SolveLine,
    status: Status,
    stats: Stats,
}

impl<'a> SolveWalk<'a> {
    /// `table` must be complete (every position reached).
    pub fn new(tables: &'a MoveTables, table: &'a DistanceTable, position: u32) -> Self {
        SolveWalk {
            tables,
            table,
            here: position,
            distance: table.distance(position),
            next: 0,
            taken: Vec::new(),
            line: SolveLine::Start,
            status: Status::Running,
            stats: Stats::default(),
        }
    }

    /// The line the last step ran.
    pub fn line(&self) -> SolveLine {
        self.line
    }

    /// The distance left to solved.
    pub fn distance(&self) -> u8 {
        self.distance
    }

    /// The position the walk stands on.
    pub fn here(&self) -> u32 {
        self.here
    }

    /// The generators taken so far (indices into `table::generators()`).
    pub fn taken(&self) -> &[usize] {
        &self.taken
    }
}

impl StepMachine for SolveWalk<'_> {
    type Event = WalkStep;

    fn step(&mut self) -> Option<WalkStep> {
        if self.status.is_finished() {
            return None;
        }
        self.stats.steps += 1;
        if self.distance == 0 {
            // Solved from the start: nothing to turn.
            self.line = SolveLine::Solved;
            self.status = Status::Solved;
            return None;
        }
        let gens = self.table.metric().generators();
        let Some(&turn) = gens.get(self.next) else {
            // A complete table always has a neighbour one closer; an incomplete one does not.
            self.status = Status::Exhausted;
            return None;
        };
        let to = self.tables.apply(self.here, turn);
        self.stats.nodes += 1;
        if self.table.distance(to) != self.distance - 1 {
            self.next += 1;
            self.line = SolveLine::Try;
            return Some(WalkStep { turn, taken: false });
        }
        self.here = to;
        self.distance -= 1;
        self.next = 0;
        self.taken.push(turn);
        self.line = if self.distance == 0 {
            self.status = Status::Solved;
            SolveLine::Solved
        } else {
            SolveLine::Take
        };
        Some(WalkStep { turn, taken: true })
    }

    fn status(&self) -> Status {
        self.status
    }

    fn stats(&self) -> &Stats {
        &self.stats
    }
}

/// What a step of the walk did, as `--trace` writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TraceEvent {
    /// The turn is not one closer.
    Try,
    /// The turn is one closer: taken.
    Take,
    /// Nothing left to turn.
    Solved,
}

impl TraceEvent {
    pub fn as_str(self) -> &'static str {
        match self {
            TraceEvent::Try => "try",
            TraceEvent::Take => "take",
            TraceEvent::Solved => "solved",
        }
    }
}

/// One step of the walk as `--trace`, the JS API's `solveTrace` and the page's code view
/// show it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TraceStep {
    pub step: u64,
    pub event: TraceEvent,
    /// The turn compared with the table (none when solved from the start).
    pub turn: Option<String>,
    /// The table's distance for the position the turn leads to (none without a turn).
    pub read: Option<u8>,
    /// The listing's line (1-based).
    pub line: u8,
    /// The distance left after the step.
    pub distance: u8,
}

/// Steps the walk to the solved cube, recording each (a solve is at most a few dozen
/// comparisons a turn, a few hundred in all).
pub fn trace(walk: &mut SolveWalk) -> Vec<TraceStep> {
    let gens = generators();
    let mut steps = Vec::new();
    while !walk.status().is_finished() {
        let from = walk.here();
        let event = walk.step();
        steps.push(TraceStep {
            step: walk.stats().steps,
            event: match event {
                Some(WalkStep { taken: false, .. }) => TraceEvent::Try,
                Some(WalkStep { taken: true, .. }) => TraceEvent::Take,
                None => TraceEvent::Solved,
            },
            turn: event.map(|e| format_moves(&[gens[e.turn]])),
            read: event.map(|e| walk.table.distance(walk.tables.apply(from, e.turn))),
            line: walk.line().number(),
            distance: walk.distance(),
        });
    }
    steps
}
