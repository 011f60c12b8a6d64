//! Pocket cube jobs: the distance table's breadth-first build (kept for the session) and
//! solves that wait for it.

use std::rc::Rc;

use super::protocol::{GraphAnswer, GraphQuery, Response};
use super::run::{BatchJob, Batched, Cache, Handled};
use crate::solver::cube::corners::analyse;
use crate::solver::cube::goal;
use crate::solver::cube::solve::{self, cheapest, length, Costs};
use crate::solver::cube::table::{LayerProgress, TableBuilder};
use crate::solver::cube::{format_moves, DistanceTable, Metric, MoveTables, Stickers};
use crate::solver::{Stats, Status, StepMachine};

/// Table-build steps per batch (each about 1/16 of a layer).
const TABLE_STEPS_PER_BATCH: u64 = 2;

/// Tables kept for the session: built once, shared by every later request.
#[derive(Default)]
pub(super) struct Tables {
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

/// A solve waiting for its table: the colouring and, for a weighted solve, the costs.
type Solve = Option<(String, Option<Costs>)>;

/// What waits for a table: its distribution, a solve, or a question about the graph.
enum Pending {
    Table,
    Solve(String, Option<Costs>),
    Graph(GraphQuery),
}

/// A table request: answered at once when the table exists, taken over by a running build
/// of the same table, or a new build.
pub(super) fn request(
    cache: &mut Cache,
    running: Option<&mut TableJob>,
    job: u32,
    metric: Metric,
    solve: Solve,
) -> Handled {
    let pending = match solve {
        None => Pending::Table,
        Some((state, costs)) => Pending::Solve(state, costs),
    };
    pending_request(cache, running, job, metric, pending)
}

/// A question about the graph, answered once the metric's table is there.
pub(super) fn graph(
    cache: &mut Cache,
    running: Option<&mut TableJob>,
    job: u32,
    metric: Metric,
    query: GraphQuery,
) -> Handled {
    // A weighted solve needs the half-turn table only for its "optimal is" figure.
    let metric = match &query {
        GraphQuery::Solve { costs: Some(_), .. } => Metric::Htm,
        _ => metric,
    };
    pending_request(cache, running, job, metric, Pending::Graph(query))
}

fn pending_request(
    cache: &mut Cache,
    running: Option<&mut TableJob>,
    job: u32,
    metric: Metric,
    solve: Pending,
) -> Handled {
    let tables = &mut cache.cube;
    let moves = tables.moves();
    if let Some(table) = tables.distance(metric) {
        return Handled::Answer(answer(job, &moves, table, &solve));
    }
    if let Some(running) = running.filter(|r| r.build.builder.metric() == metric) {
        running.solve = solve;
        return Handled::Nothing;
    }
    let build = TableBuild {
        moves,
        builder: TableBuilder::new(metric),
    };
    Handled::Start(Box::new(TableJob { build, solve }))
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

pub(super) struct TableJob {
    build: TableBuild,
    solve: Pending,
}

impl BatchJob for TableJob {
    fn batch(&mut self, job: u32, cache: &mut Cache) -> Batched {
        if self.build.run(TABLE_STEPS_PER_BATCH) != Status::Solved {
            let builder = &self.build.builder;
            return Batched {
                answer: Response::Progress {
                    job,
                    stats: Stats {
                        steps: builder.stats().steps,
                        nodes: builder.filled() as u64,
                        backtracks: 0,
                    },
                    depth: builder.depth() as u32,
                },
                finished: false,
            };
        }
        let metric = self.build.builder.metric();
        let done = std::mem::replace(&mut self.build.builder, TableBuilder::new(metric));
        let table = done.finish().expect("a solved build has a table");
        let answer = answer(job, &self.build.moves, &table, &self.solve);
        cache.cube.distances.push(table);
        Batched {
            answer,
            finished: true,
        }
    }

    fn builds_table(&mut self) -> Option<&mut TableJob> {
        Some(self)
    }
}

/// The answer to a table request whose table is ready: its distribution, or a solution.
fn answer(job: u32, moves: &MoveTables, table: &DistanceTable, solve: &Pending) -> Response {
    let metric = table.metric();
    let (state, costs) = match solve {
        Pending::Table => {
            return Response::CubeTable {
                job,
                metric,
                counts: table.distribution(),
            }
        }
        Pending::Graph(query) => {
            return match graph_answer(moves, table, query) {
                Ok(answer) => Response::CubeGraph { job, answer },
                Err(message) => Response::Error { job, message },
            }
        }
        Pending::Solve(state, costs) => (state, costs),
    };
    let position = match Stickers::parse(state).and_then(|c| analyse(&c)) {
        Ok((_, corners)) => corners.coordinate(),
        Err(message) => return Response::Error { job, message },
    };
    let distance = table.distance(position) as u32;
    match costs {
        None => {
            let solution = solve::solve(moves, table, position);
            Response::CubeSolution {
                job,
                moves: format_moves(&solution),
                length: length(&solution, metric),
                distance,
                cost: None,
            }
        }
        Some(costs) => match cheapest(moves, position, *costs) {
            Ok((solution, cost)) => Response::CubeSolution {
                job,
                moves: format_moves(&solution),
                length: solution.len() as u32,
                distance,
                cost: Some(cost),
            },
            Err(message) => Response::Error { job, message },
        },
    }
}

fn cube(text: &str, which: &str) -> Result<Stickers, String> {
    Stickers::parse(text).map_err(|e| format!("the {which}: {e}"))
}

fn goal_of(goal: &Option<String>) -> Result<Option<Stickers>, String> {
    goal.as_deref().map(|g| cube(g, "goal")).transpose()
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
            let (start, goal) = (cube(start, "start")?, goal_of(goal)?);
            let s = match costs {
                Some(costs) => {
                    goal::cheapest_solution(moves, table, &start, goal.as_ref(), *costs)?
                }
                None => goal::optimal_solution(moves, table, &start, goal.as_ref(), *index)?,
            };
            GraphAnswer::Solution {
                moves: format_moves(&s.moves),
                hold: format_moves(&s.hold),
                length: s.length,
                distance: s.distance,
                count: s.count,
                index: s.index,
                cost: s.cost,
            }
        }
        GraphQuery::Hints { state, goal } => {
            let (current, target) = (cube(state, "cube")?, goal_of(goal)?);
            let (distance, hints) = goal::goal_hints(table, &current, target.as_ref())?;
            GraphAnswer::Hints {
                state: state.clone(),
                goal: goal.clone(),
                distance,
                after: hints.iter().map(|h| h.distance).collect(),
            }
        }
        GraphQuery::Antipode { seed } => {
            let (cube, distance) = goal::antipode(table, *seed);
            GraphAnswer::Antipode {
                state: cube.to_string(),
                distance,
            }
        }
    })
}
