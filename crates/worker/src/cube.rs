//! Pocket cube jobs: the distance table's breadth-first build (kept for the session) and
//! solves that wait for it.

use std::cell::RefCell;
use std::rc::Rc;

use super::animation;
use super::batch::{BatchJob, Handled};
use super::protocol::{Answer, Ask, GraphAnswer, GraphQuery};
use crate::protocol::{CubeAnswer, CubeAsk};
use puzzlelab_pictures::animation::Recording;
use puzzlelab_pictures::Kind;
use puzzlelab_solver::cube::corners::analyse;
use puzzlelab_solver::cube::goal;
use puzzlelab_solver::cube::solve::{self, cheapest, length, Costs};
use puzzlelab_solver::cube::table::{LayerProgress, TableBuilder};
use puzzlelab_solver::cube::{DistanceTable, Metric, MoveTables, Stickers};
use puzzlelab_solver::{Stats, Status, StepMachine};

/// Table-build steps per batch (each about 1/16 of a layer).
const TABLE_STEPS_PER_BATCH: u64 = 2;

/// Tables kept for the session: built once, shared by every later request.
#[derive(Default)]
struct Tables {
    moves: Option<Rc<MoveTables>>,
    distances: Vec<DistanceTable>,
}

impl Tables {
    fn moves(&mut self) -> Rc<MoveTables> {
        self.moves
            .get_or_insert_with(|| Rc::new(MoveTables::new()))
            .clone()
    }

    fn distance(&self, metric: Metric) -> Option<&DistanceTable> {
        self.distances.iter().find(|t| t.metric() == metric)
    }
}

/// What waits for a table: its distribution, a solve, or a question about the graph.
enum Pending {
    Table,
    Solve(Stickers, Option<Costs>),
    Graph(GraphQuery),
}

/// The table a pocket-cube request needs, and what it asks once the table is there.
fn wants(ask: &CubeAsk) -> Option<(Metric, Pending)> {
    Some(match ask {
        CubeAsk::Table { metric } => (*metric, Pending::Table),
        CubeAsk::Solve {
            state,
            metric,
            costs,
        } => (*metric, Pending::Solve(*state, *costs)),
        // A weighted solve needs the half-turn table only for its "optimal is" figure.
        CubeAsk::Graph { query, .. }
            if matches!(query, GraphQuery::Solve { costs: Some(_), .. }) =>
        {
            (Metric::Htm, Pending::Graph(query.clone()))
        }
        CubeAsk::Graph { metric, query } => (*metric, Pending::Graph(query.clone())),
        // Needs no table.
        CubeAsk::Animation { .. } => return None,
    })
}

/// A solution's nets as a GIF, a few frames a batch.
fn animate(states: &[Stickers], budget: u32, delay_cs: u16, dark: bool) -> Handled {
    let states = states.iter().map(|s| s.0.to_vec()).collect();
    let theme = animation::theme(dark);
    let recording = Recording::net(Kind::Pocket, states, theme, budget as usize, delay_cs);
    animation::start(recording, |gif, frames| {
        Answer::Cube(CubeAnswer::Animation { gif, frames })
    })
}

/// The pocket cube's handler: its tables outlive every job.
#[derive(Default)]
pub(super) struct PocketCube {
    tables: Rc<RefCell<Tables>>,
}

impl PocketCube {
    /// A table request: answered at once when the table exists, or a new build (a running
    /// build of the same table takes the request over before it gets here).
    pub(super) fn handle(&self, ask: CubeAsk) -> Handled {
        if let CubeAsk::Animation {
            states,
            budget,
            delay_cs,
            dark,
        } = &ask
        {
            return animate(states, *budget, *delay_cs, *dark);
        }
        let Some((metric, pending)) = wants(&ask) else {
            return Handled::Answer(Answer::Error {
                message: "this ask needs no table".into(),
            });
        };
        let mut tables = self.tables.borrow_mut();
        let moves = tables.moves();
        if let Some(table) = tables.distance(metric) {
            return Handled::Answer(answer(&moves, table, &pending));
        }
        let build = TableBuild {
            moves,
            builder: TableBuilder::new(metric),
        };
        Handled::Start(Box::new(TableJob {
            build,
            pending,
            tables: self.tables.clone(),
        }))
    }
}

/// The breadth-first build with the move tables it needs, as a step machine.
struct TableBuild {
    moves: Rc<MoveTables>,
    builder: TableBuilder,
}

impl StepMachine for TableBuild {
    type Event = LayerProgress;

    fn step(&mut self) -> Option<LayerProgress> {
        self.builder.step_with(&self.moves)
    }

    fn status(&self) -> Status {
        self.builder.status()
    }

    fn stats(&self) -> &Stats {
        self.builder.stats()
    }
}

struct TableJob {
    build: TableBuild,
    pending: Pending,
    tables: Rc<RefCell<Tables>>,
}

impl BatchJob for TableJob {
    fn batch(&mut self, _job: u32) -> Answer {
        if self.build.run(TABLE_STEPS_PER_BATCH) != Status::Solved {
            let builder = &self.build.builder;
            return Answer::Progress {
                stats: Stats {
                    steps: builder.stats().steps,
                    nodes: builder.filled() as u64,
                    backtracks: 0,
                },
                depth: builder.depth() as u32,
            };
        }
        let metric = self.build.builder.metric();
        let done = std::mem::replace(&mut self.build.builder, TableBuilder::new(metric));
        let Some(table) = done.finish() else {
            return Answer::Error {
                message: "the table build ended without a table".into(),
            };
        };
        let answer = answer(&self.build.moves, &table, &self.pending);
        self.tables.borrow_mut().distances.push(table);
        answer
    }

    fn take_over(&mut self, ask: &Ask) -> bool {
        let Ask::Cube(ask) = ask else { return false };
        match wants(ask) {
            Some((metric, pending)) if metric == self.build.builder.metric() => {
                self.pending = pending;
                true
            }
            _ => false,
        }
    }
}

/// The answer to a table request whose table is ready: its distribution, or a solution.
fn answer(moves: &MoveTables, table: &DistanceTable, solve: &Pending) -> Answer {
    let metric = table.metric();
    let (state, costs) = match solve {
        Pending::Table => {
            return Answer::Cube(CubeAnswer::Table {
                metric,
                counts: table.distribution(),
            })
        }
        Pending::Graph(query) => {
            return match graph_answer(moves, table, query) {
                Ok(answer) => Answer::Cube(CubeAnswer::Graph { answer }),
                Err(message) => Answer::Error { message },
            }
        }
        Pending::Solve(state, costs) => (state, costs),
    };
    let position = match analyse(state) {
        Ok((_, corners)) => corners.coordinate(),
        Err(message) => return Answer::Error { message },
    };
    let distance = table.distance(position) as u32;
    match costs {
        None => {
            let solution = solve::solve(moves, table, position);
            Answer::Cube(CubeAnswer::Solve {
                length: length(&solution, metric),
                moves: solution,
                distance,
                cost: None,
            })
        }
        Some(costs) => match cheapest(moves, position, *costs) {
            Ok((solution, cost)) => Answer::Cube(CubeAnswer::Solve {
                length: solution.len() as u32,
                moves: solution,
                distance,
                cost: Some(cost),
            }),
            Err(message) => Answer::Error { message },
        },
    }
}

fn graph_answer(
    moves: &MoveTables,
    table: &DistanceTable,
    query: &GraphQuery,
) -> Result<GraphAnswer, String> {
    Ok(match query {
        GraphQuery::Solve {
            start,
            goal,
            costs,
            index,
        } => {
            let s = match costs {
                Some(costs) => goal::cheapest_solution(moves, table, start, goal.as_ref(), *costs)?,
                None => goal::optimal_solution(moves, table, start, goal.as_ref(), *index)?,
            };
            GraphAnswer::Solution {
                moves: s.moves,
                hold: s.hold,
                length: s.length,
                distance: s.distance,
                count: s.count,
                index: s.index,
                cost: s.cost,
                walk: s.walk,
            }
        }
        GraphQuery::Hints { state, goal } => {
            let (distance, hints) = goal::goal_hints(table, state, goal.as_ref())?;
            GraphAnswer::Hints {
                state: *state,
                goal: *goal,
                distance,
                after: hints.iter().map(|h| h.distance).collect(),
            }
        }
        GraphQuery::Antipode { seed } => {
            let (cube, distance) = goal::antipode(table, *seed);
            GraphAnswer::Antipode {
                state: cube,
                distance,
            }
        }
    })
}
