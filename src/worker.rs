//! The web worker: its message protocol and the loop that runs step machines in batches,
//! yielding between batches so a cancel (or a newer request) gets through.

use gloo_worker::{Codec, HandlerId, Registrable, Worker, WorkerScope};
use serde::{Deserialize, Serialize};
use wasm_bindgen::JsValue;

use crate::solver::knight::{KnightTour, TourConfig};
use crate::solver::{Stats, Status, StepMachine};

/// Steps per batch: small enough that a cancel is seen within a few milliseconds.
const BATCH_STEPS: u64 = 100_000;

/// What the page asks. Every request carries a job number chosen by the page; answers
/// carry it back so stale ones can be ignored.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Request {
    Tour { job: u32, config: TourConfig },
    Cancel { job: u32 },
}

/// What the worker answers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Response {
    /// Sent between batches of a long search.
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

struct Job {
    id: u32,
    caller: HandlerId,
    tour: KnightTour,
}

pub struct SolverWorker {
    job: Option<Job>,
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

    fn finish(&mut self, scope: &WorkerScope<Self>) {
        if let Some(job) = self.job.take() {
            scope.respond(
                job.caller,
                Response::Tour {
                    job: job.id,
                    status: job.tour.status(),
                    path: job.tour.path().to_vec(),
                    stats: *job.tour.stats(),
                },
            );
        }
    }
}

impl Worker for SolverWorker {
    type Message = Batch;
    type Input = Request;
    type Output = Response;

    fn create(_scope: &WorkerScope<Self>) -> Self {
        SolverWorker { job: None }
    }

    fn update(&mut self, scope: &WorkerScope<Self>, Batch(id): Batch) {
        let Some(job) = self.job.as_mut().filter(|j| j.id == id) else {
            return; // a batch of a job that was cancelled or replaced
        };
        if job.tour.run(BATCH_STEPS).is_finished() {
            self.finish(scope);
        } else {
            let progress = Response::Progress {
                job: id,
                stats: *job.tour.stats(),
                depth: job.tour.path().len() as u32,
            };
            scope.respond(job.caller, progress);
            Self::schedule(scope, id);
        }
    }

    fn received(&mut self, scope: &WorkerScope<Self>, request: Request, caller: HandlerId) {
        match request {
            Request::Tour { job, config } => match KnightTour::new(config) {
                Ok(tour) => {
                    // A new request replaces whatever was running.
                    self.job = Some(Job {
                        id: job,
                        caller,
                        tour,
                    });
                    Self::schedule(scope, job);
                }
                Err(message) => scope.respond(caller, Response::Error { job, message }),
            },
            Request::Cancel { job } => {
                if let Some(running) = self.job.as_mut().filter(|j| j.id == job) {
                    running.tour.cancel();
                    self.finish(scope);
                }
            }
        }
    }
}

/// Called by the worker bin's `main`.
pub fn register() {
    SolverWorker::registrar().encoding::<Postcard>().register();
}
