//! The worker loop: one job at a time, each a step machine run a batch per turn of the
//! event loop; answers tagged with the page's job number so stale ones can be ignored.

use gloo_worker::{Codec, HandlerId, Registrable, Worker, WorkerScope};
use serde::{Deserialize, Serialize};
use wasm_bindgen::JsValue;

use super::protocol::{from_bytes, to_bytes, Request, Response};

/// A long job: a step machine the loop runs in batches.
pub(super) trait BatchJob {
    /// Runs one batch and says what to tell the page: progress, or the final answer
    /// (`finished`). `cache` holds what outlives jobs (the cube tables).
    fn batch(&mut self, job: u32, cache: &mut Cache) -> Batched;
    /// The answer when the page cancels the job.
    fn cancel(&mut self, job: u32) -> Response {
        Response::Cancelled { job }
    }
    /// The cube table this job builds, if it does: a newer request for the same table
    /// takes the build over instead of starting again.
    fn builds_table(&mut self) -> Option<&mut super::cube::TableJob> {
        None
    }
}

/// What a batch produced.
pub(super) struct Batched {
    pub answer: Response,
    pub finished: bool,
}

/// What outlives a job: the cube's move tables and finished distance tables.
#[derive(Default)]
pub(super) struct Cache {
    pub cube: super::cube::Tables,
    /// The last finished tour's timeline, by job, for `TourFrame` requests.
    pub timeline: Option<(u32, crate::solver::knight::timeline::Timeline)>,
    /// The Rubik's cube's two-phase search tables (about 5 MB), built on first use.
    pub rubik: Option<std::sync::Arc<crate::solver::cube3::Tables>>,
}

/// What a request asks of the loop.
pub(super) enum Handled {
    /// Answered at once.
    Answer(Response),
    /// A long job to run in batches.
    Start(Box<dyn BatchJob>),
    /// Nothing to say (a request that took over a running job).
    Nothing,
}

/// Messages on the wire are postcard bytes (compact; bincode is unmaintained).
pub struct Postcard;

impl Codec for Postcard {
    fn encode<I: Serialize>(input: I) -> JsValue {
        // Our own request/response types always serialize.
        let bytes = to_bytes(&input).expect("worker messages serialize");
        js_sys::Uint8Array::from(bytes.as_slice()).into()
    }

    fn decode<O: for<'de> Deserialize<'de>>(input: JsValue) -> O {
        let bytes = js_sys::Uint8Array::new(&input).to_vec();
        // Both ends are this crate's code, built together by trunk.
        from_bytes(&bytes).expect("worker messages come from this app")
    }
}

struct Job {
    id: u32,
    caller: HandlerId,
    task: Box<dyn BatchJob>,
    /// Whether the job is a cube table build (which a later request can take over).
    builds_table: bool,
}

pub struct SolverWorker {
    job: Option<Job>,
    cache: Cache,
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

    fn handle(&mut self, request: Request) -> Handled {
        match request {
            Request::PanicForTesting => panic!("PanicForTesting was requested"),
            Request::Cancel { .. } => Handled::Nothing,
            Request::Tour { job, config } => super::knight::tour(job, config),
            Request::TourFrame { job, step } => super::knight::frame(&self.cache, job, step),
            Request::AllStarts { job, config } => super::knight::all_starts(job, config),
            Request::CubeTable { job, metric } => {
                let running = self.job.as_mut().and_then(|j| j.task.builds_table());
                super::cube::request(&mut self.cache, running, job, metric, None)
            }
            Request::CubeSolve {
                job,
                state,
                metric,
                costs,
            } => {
                let running = self.job.as_mut().and_then(|j| j.task.builds_table());
                let solve = Some((state, costs));
                super::cube::request(&mut self.cache, running, job, metric, solve)
            }
            Request::QueensTask { job, index, tasks } => super::queens::tasks(job, index, tasks),
            Request::QueensUnique { job, n, total } => super::queens::unique(job, n, total),
            Request::KnightCountTask {
                job,
                index,
                tasks,
                limit,
            } => super::count::tasks(job, index, &tasks, limit),
            Request::NaiveCount { job, method, spec } => super::count::naive(job, method, spec),
            Request::Ping { job } => Handled::Answer(Response::Ready { job }),
            Request::FrontierCount {
                job,
                parts,
                max_bytes,
            } => super::count::frontier(job, parts, max_bytes),
            Request::CubeGraph { job, metric, query } => {
                let running = self.job.as_mut().and_then(|j| j.task.builds_table());
                super::cube::graph(&mut self.cache, running, job, metric, query)
            }
            Request::RubikSolve {
                job,
                state,
                max_length,
            } => super::rubik::solve_request(job, &state, max_length),
            Request::RubikScramble { seed, .. } => super::rubik::scramble_request(seed),
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
            cache: Cache::default(),
        }
    }

    fn update(&mut self, scope: &WorkerScope<Self>, Batch(id): Batch) {
        let Some(job) = self.job.as_mut().filter(|j| j.id == id) else {
            return; // a batch of a job that was cancelled or replaced
        };
        remember_caller(scope, job.caller, id);
        let Batched { answer, finished } = job.task.batch(id, &mut self.cache);
        scope.respond(job.caller, answer);
        if finished {
            self.job = None;
        } else {
            Self::schedule(scope, id);
        }
    }

    fn received(&mut self, scope: &WorkerScope<Self>, request: Request, caller: HandlerId) {
        let id = request.job();
        remember_caller(scope, caller, id);
        if let Request::Cancel { job } = request {
            if let Some(mut running) = self.job.take_if(|r| r.id == job) {
                scope.respond(running.caller, running.task.cancel(job));
            }
            return;
        }
        match self.handle(request) {
            Handled::Answer(answer) => scope.respond(caller, answer),
            Handled::Start(mut task) => {
                // A new long job replaces whatever was running.
                let builds_table = task.builds_table().is_some();
                self.job = Some(Job {
                    id,
                    caller,
                    task,
                    builds_table,
                });
                Self::schedule(scope, id);
            }
            Handled::Nothing => {
                // The running table build now answers this request.
                if let Some(job) = self.job.as_mut().filter(|j| j.builds_table) {
                    job.id = id;
                    job.caller = caller;
                    Self::schedule(scope, id);
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
