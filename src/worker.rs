//! The web worker: its message protocol and the loop that runs step machines in batches,
//! yielding between batches so a cancel (or a newer request) gets through.

use gloo_worker::{Codec, HandlerId, Registrable, Worker, WorkerScope};
use serde::{Deserialize, Serialize};
use wasm_bindgen::JsValue;

use crate::solver::cube::corners::analyse;
use crate::solver::cube::solve::{cheapest, length, solve, Costs};
use crate::solver::cube::table::TableBuilder;
use crate::solver::cube::{format_moves, DistanceTable, Metric, MoveTables, Stickers};
use crate::solver::knight::all_starts::{AllStarts, Outcome};
use crate::solver::knight::count::{run_task as run_count_task, CountSpec, CountTask};
use crate::solver::knight::naive_count::{Found, NaiveCounter, NaiveMethod};
use crate::solver::knight::{KnightTour, TourConfig};
use crate::solver::queens::count::{run_task, unique_from_total, Task as QueensTask, MAX_COUNT_N};
use crate::solver::{Stats, Status, StepMachine};

/// Tour steps per batch: small enough that a cancel is seen within a few milliseconds.
const BATCH_STEPS: u64 = 100_000;
/// Table-build steps per batch (each about 1/16 of a layer).
const TABLE_STEPS_PER_BATCH: usize = 2;

/// What the page asks. Every request carries a job number chosen by the page; answers
/// carry it back so stale ones can be ignored.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Request {
    Tour {
        job: u32,
        config: TourConfig,
    },
    /// The tour rules run from every start square (`config.start` is ignored).
    AllStarts {
        job: u32,
        config: TourConfig,
    },
    /// Build (or reuse) the distance table and report its distribution.
    CubeTable {
        job: u32,
        metric: Metric,
    },
    /// Solve a colouring: optimally in `metric`, or cheapest under `costs` if given.
    CubeSolve {
        job: u32,
        state: String,
        metric: Metric,
        costs: Option<Costs>,
    },
    /// One slice of an N-queens count (the page hands them out to all its workers).
    QueensTask {
        job: u32,
        index: u32,
        task: QueensTask,
    },
    /// Fundamental solutions from a finished total (needs two small symmetric searches).
    QueensUnique {
        job: u32,
        n: u32,
        total: u64,
    },
    /// One slice of a knight's tour count; past `limit` search nodes the worker gives up
    /// and the page splits the task (so no task holds a worker for long).
    KnightCountTask {
        job: u32,
        index: u32,
        task: CountTask,
        limit: u64,
    },
    /// The notebook's brute force or plain backtracking, run in batches.
    NaiveCount {
        job: u32,
        method: NaiveMethod,
        spec: CountSpec,
    },
    Cancel {
        job: u32,
    },
    /// Panics on purpose (browser tests check that the page restarts the worker).
    PanicForTesting,
}

/// What the worker answers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Response {
    /// Sent between batches of a long job: steps so far and a depth (tour length, or the
    /// table layer being built, with `stats.nodes` = positions reached).
    Progress {
        job: u32,
        stats: Stats,
        depth: u32,
    },
    /// The search ended (solved, failed, impossible or cancelled); `path` as indices.
    Tour {
        job: u32,
        status: Status,
        path: Vec<u32>,
        stats: Stats,
        /// The theorem that rules the tour out, when one does.
        reason: Option<String>,
    },
    /// Outcome of each start square, by index, when all are done (progress comes as
    /// `Progress` with `depth` = starts done).
    AllStarts {
        job: u32,
        outcomes: Vec<Outcome>,
    },
    CubeTable {
        job: u32,
        metric: Metric,
        counts: Vec<u64>,
    },
    CubeSolution {
        job: u32,
        /// The solution in notation, e.g. `R U' F2`.
        moves: String,
        /// Its length in the metric asked for (turns, for a weighted solve).
        length: u32,
        /// The position's optimal distance in that metric.
        distance: u32,
        /// The total cost, for a weighted solve.
        cost: Option<u32>,
    },
    QueensTask {
        job: u32,
        index: u32,
        count: u64,
    },
    QueensUnique {
        job: u32,
        unique: u64,
    },
    /// `(count, nodes)`, or `None` when the task ran past its limit and must be split.
    KnightCountTask {
        job: u32,
        index: u32,
        result: Option<(u64, u64)>,
    },
    /// Where a notebook counter stands; sent between batches and once at the end.
    NaiveCount {
        job: u32,
        found: Found,
        stats: Stats,
        finished: bool,
    },
    Cancelled {
        job: u32,
    },
    /// Sent by the worker's panic hook: this worker is broken and must be replaced.
    Crashed {
        job: u32,
        message: String,
    },
    Error {
        job: u32,
        message: String,
    },
}

/// Messages on the wire are postcard bytes (compact; bincode is unmaintained).
pub struct Postcard;

impl Codec for Postcard {
    fn encode<I: Serialize>(input: I) -> JsValue {
        // Our own request/response types always serialize.
        let bytes = postcard::to_stdvec(&input).expect("worker messages serialize");
        js_sys::Uint8Array::from(bytes.as_slice()).into()
    }

    fn decode<O: for<'de> Deserialize<'de>>(input: JsValue) -> O {
        let bytes = js_sys::Uint8Array::new(&input).to_vec();
        // Both ends are this crate's code, built together by trunk.
        postcard::from_bytes(&bytes).expect("worker messages come from this app")
    }
}

/// What to do once a table is built.
enum AfterTable {
    Report,
    Solve { state: String, costs: Option<Costs> },
}

enum Task {
    Tour(KnightTour),
    Naive(NaiveCounter),
    AllStarts(AllStarts),
    Table {
        builder: TableBuilder,
        after: AfterTable,
    },
}

struct Job {
    id: u32,
    caller: HandlerId,
    task: Task,
}

pub struct SolverWorker {
    job: Option<Job>,
    moves: Option<MoveTables>,
    tables: Vec<DistanceTable>,
}

/// "Run the next batch of job N".
pub struct Batch(u32);

impl SolverWorker {
    fn schedule(scope: &WorkerScope<Self>, job: u32) {
        // A zero timeout returns to the event loop, where queued messages are delivered.
        scope.send_future(async move {
            gloo_timers::future::TimeoutFuture::new(0).await;
            Batch(job)
        });
    }

    fn move_tables(&mut self) -> &MoveTables {
        self.moves.get_or_insert_with(MoveTables::new)
    }

    fn table(&self, metric: Metric) -> Option<&DistanceTable> {
        self.tables.iter().find(|t| t.metric() == metric)
    }

    /// Starts a job, replacing whatever was running.
    fn start(&mut self, scope: &WorkerScope<Self>, id: u32, caller: HandlerId, task: Task) {
        self.job = Some(Job { id, caller, task });
        Self::schedule(scope, id);
    }

    fn cube_request(
        &mut self,
        scope: &WorkerScope<Self>,
        id: u32,
        caller: HandlerId,
        metric: Metric,
        after: AfterTable,
    ) {
        if self.table(metric).is_some() {
            let answer = self.answer_cube(id, metric, &after);
            scope.respond(caller, answer);
        } else if let Some(job) = self.job.as_mut().filter(
            |j| matches!(&j.task, Task::Table { builder, .. } if builder.metric() == metric),
        ) {
            // That table is already being built: the new request takes the build over
            // instead of starting it again.
            job.id = id;
            job.caller = caller;
            if let Task::Table { after: then, .. } = &mut job.task {
                *then = after;
            }
            Self::schedule(scope, id);
        } else {
            self.move_tables();
            let builder = TableBuilder::new(metric);
            self.start(scope, id, caller, Task::Table { builder, after });
        }
    }

    /// Answers a cube request whose table is ready.
    fn answer_cube(&self, job: u32, metric: Metric, after: &AfterTable) -> Response {
        let (moves, table) = (
            self.moves
                .as_ref()
                .expect("move tables come before distance tables"),
            self.table(metric).expect("the table is built"),
        );
        match after {
            AfterTable::Report => Response::CubeTable {
                job,
                metric,
                counts: table.distribution(),
            },
            AfterTable::Solve { state, costs } => {
                let position = match Stickers::parse(state).and_then(|c| analyse(&c)) {
                    Ok((_, corners)) => corners.coordinate(),
                    Err(message) => return Response::Error { job, message },
                };
                let distance = table.distance(position) as u32;
                match costs {
                    None => {
                        let solution = solve(moves, table, position);
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
        }
    }

    fn tour_finished(job: u32, tour: &KnightTour) -> Response {
        Response::Tour {
            job,
            status: tour.status(),
            path: tour.path().to_vec(),
            stats: *tour.stats(),
            // A solved tour's note says why the construction was not used, if it was not.
            reason: tour
                .impossible_reason()
                .or(tour.construction_note())
                .map(String::from),
        }
    }
}

impl Worker for SolverWorker {
    type Message = Batch;
    type Input = Request;
    type Output = Response;

    fn create(_scope: &WorkerScope<Self>) -> Self {
        SolverWorker {
            job: None,
            moves: None,
            tables: Vec::new(),
        }
    }

    fn update(&mut self, scope: &WorkerScope<Self>, Batch(id): Batch) {
        if self.job.as_ref().is_none_or(|j| j.id != id) {
            return; // a batch of a job that was cancelled or replaced
        }
        let Some(mut job) = self.job.take() else {
            return;
        };
        let caller = job.caller;
        remember_caller(scope, caller, id);
        match &mut job.task {
            Task::Tour(tour) => {
                if tour.run(BATCH_STEPS).is_finished() {
                    scope.respond(caller, Self::tour_finished(id, tour));
                    return;
                }
                let progress = Response::Progress {
                    job: id,
                    stats: *tour.stats(),
                    depth: tour.path().len() as u32,
                };
                scope.respond(caller, progress);
            }
            Task::Naive(counter) => {
                let finished = counter.run(BATCH_STEPS).is_finished();
                let answer = Response::NaiveCount {
                    job: id,
                    found: counter.found(),
                    stats: *counter.stats(),
                    finished,
                };
                scope.respond(caller, answer);
                if finished {
                    return;
                }
            }
            Task::AllStarts(all) => {
                if all.advance(BATCH_STEPS) {
                    let outcomes = all.outcomes().to_vec();
                    scope.respond(caller, Response::AllStarts { job: id, outcomes });
                    return;
                }
                let progress = Response::Progress {
                    job: id,
                    stats: Stats::default(),
                    depth: all.done() as u32,
                };
                scope.respond(caller, progress);
            }
            Task::Table { builder, .. } => {
                let moves = self.moves.as_ref().expect("built before the table");
                for _ in 0..TABLE_STEPS_PER_BATCH {
                    builder.step_with(moves);
                }
                if builder.status() == Status::Solved {
                    let Task::Table { builder, after } = job.task else {
                        unreachable!("matched above")
                    };
                    let table = builder.finish().expect("a solved build has a table");
                    let metric = table.metric();
                    self.tables.push(table);
                    let answer = self.answer_cube(id, metric, &after);
                    scope.respond(caller, answer);
                    return;
                }
                let progress = Response::Progress {
                    job: id,
                    stats: Stats {
                        steps: builder.stats().steps,
                        nodes: builder.filled() as u64,
                        backtracks: 0,
                    },
                    depth: builder.depth() as u32,
                };
                scope.respond(caller, progress);
            }
        }
        self.job = Some(job);
        Self::schedule(scope, id);
    }

    fn received(&mut self, scope: &WorkerScope<Self>, request: Request, caller: HandlerId) {
        remember_caller(scope, caller, request_job(&request));
        match request {
            Request::PanicForTesting => panic!("PanicForTesting was requested"),
            Request::Tour { job, config } => match KnightTour::new(config) {
                Ok(tour) => self.start(scope, job, caller, Task::Tour(tour)),
                Err(message) => scope.respond(caller, Response::Error { job, message }),
            },
            Request::AllStarts { job, config } => {
                // A backtracking start gets a bounded budget so the map always finishes.
                match AllStarts::new(config, 2_000_000) {
                    Ok(all) => self.start(scope, job, caller, Task::AllStarts(all)),
                    Err(message) => scope.respond(caller, Response::Error { job, message }),
                }
            }
            Request::CubeTable { job, metric } => {
                self.cube_request(scope, job, caller, metric, AfterTable::Report)
            }
            Request::CubeSolve {
                job,
                state,
                metric,
                costs,
            } => {
                // A weighted solve needs no distance table beyond the one for the distance.
                self.cube_request(
                    scope,
                    job,
                    caller,
                    metric,
                    AfterTable::Solve { state, costs },
                )
            }
            Request::QueensTask { job, index, task } => {
                let answer = if task.n <= MAX_COUNT_N && task.depth <= task.n {
                    Response::QueensTask {
                        job,
                        index,
                        count: run_task(&task),
                    }
                } else {
                    Response::Error {
                        job,
                        message: format!("counting is limited to N = 1 to {MAX_COUNT_N}"),
                    }
                };
                scope.respond(caller, answer);
            }
            Request::KnightCountTask {
                job,
                index,
                task,
                limit,
            } => {
                let result = run_count_task(&task, limit);
                scope.respond(caller, Response::KnightCountTask { job, index, result });
            }
            Request::NaiveCount { job, method, spec } => match NaiveCounter::new(method, spec) {
                Ok(counter) => self.start(scope, job, caller, Task::Naive(counter)),
                Err(message) => scope.respond(caller, Response::Error { job, message }),
            },
            Request::QueensUnique { job, n, total } => {
                let answer = if (1..=MAX_COUNT_N).contains(&n) {
                    Response::QueensUnique {
                        job,
                        unique: unique_from_total(n, total),
                    }
                } else {
                    Response::Error {
                        job,
                        message: format!("counting is limited to N = 1 to {MAX_COUNT_N}"),
                    }
                };
                scope.respond(caller, answer);
            }
            Request::Cancel { job } => {
                if let Some(running) = self.job.take() {
                    if running.id != job {
                        self.job = Some(running);
                        return;
                    }
                    let answer = match running.task {
                        Task::Tour(mut tour) => {
                            tour.cancel();
                            Self::tour_finished(job, &tour)
                        }
                        Task::Table { .. } | Task::AllStarts(_) | Task::Naive(_) => {
                            Response::Cancelled { job }
                        }
                    };
                    scope.respond(running.caller, answer);
                }
            }
        }
    }
}

thread_local! {
    /// Whom to tell if this worker panics: the page that sent the work in hand.
    static CALLER: std::cell::RefCell<Option<(WorkerScope<SolverWorker>, HandlerId, u32)>> =
        const { std::cell::RefCell::new(None) };
}

fn remember_caller(scope: &WorkerScope<SolverWorker>, caller: HandlerId, job: u32) {
    CALLER.with(|c| {
        if let Ok(mut c) = c.try_borrow_mut() {
            *c = Some((scope.clone(), caller, job));
        }
    });
}

fn request_job(request: &Request) -> u32 {
    match request {
        Request::Tour { job, .. }
        | Request::AllStarts { job, .. }
        | Request::CubeTable { job, .. }
        | Request::CubeSolve { job, .. }
        | Request::QueensTask { job, .. }
        | Request::QueensUnique { job, .. }
        | Request::KnightCountTask { job, .. }
        | Request::NaiveCount { job, .. }
        | Request::Cancel { job } => *job,
        Request::PanicForTesting => 0,
    }
}

/// Called by the worker bin's `main`. A panic cannot be recovered from inside wasm, so the
/// hook tells the page, which replaces this worker.
pub fn register() {
    std::panic::set_hook(Box::new(|info| {
        let message = info.to_string();
        web_sys::console::error_1(&format!("solver worker: {message}").into());
        CALLER.with(|c| {
            if let Some((scope, caller, job)) = c.try_borrow().ok().and_then(|c| c.clone()) {
                scope.respond(caller, Response::Crashed { job, message });
            }
        });
    }));
    SolverWorker::registrar().encoding::<Postcard>().register();
}
