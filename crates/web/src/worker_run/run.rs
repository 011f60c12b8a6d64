//! The worker loop on gloo-worker: the plain-Rust [`JobLoop`] (`batch.rs`) over the
//! workbenches' handlers, a batch per turn of the event loop, and the panic hook that
//! tells the page this worker must be replaced.

use gloo_worker::{Codec, HandlerId, Registrable, Worker, WorkerScope};
use serde::{Deserialize, Serialize};
use wasm_bindgen::JsValue;

use super::next_turn::next_turn;
use puzzlelab_worker::batch::{JobLoop, Turn};
use puzzlelab_worker::handlers::Workbenches;
use puzzlelab_worker::protocol::{from_bytes, to_bytes, Answer, Request, Response};

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

pub struct SolverWorker(JobLoop<Workbenches, HandlerId>);

/// What the page sends a worker: a request of the protocol, or, from the browser tests
/// alone, a crash on demand (kept out of the protocol, whose messages are the product's).
#[derive(Serialize, Deserialize)]
pub enum Input {
    Request(Request),
    /// Panics on purpose: the tests check that the page replaces the worker.
    CrashForTesting,
}

/// "Run the next batch of job N".
pub struct Batch(u32);

impl SolverWorker {
    /// Sends the answers and schedules the next batch, if any.
    fn carry_out(scope: &WorkerScope<Self>, turn: Turn<HandlerId>) {
        for (caller, answer) in turn.answers {
            scope.respond(caller, answer);
        }
        if let Some(job) = turn.schedule {
            // Back to the event loop, where queued messages are delivered.
            scope.send_future(async move {
                next_turn().await;
                Batch(job)
            });
        }
    }
}

impl Worker for SolverWorker {
    type Message = Batch;
    type Input = Input;
    type Output = Response;

    fn create(_scope: &WorkerScope<Self>) -> Self {
        SolverWorker(JobLoop::new(Workbenches::with_table_store(
            std::rc::Rc::new(super::table_store::IndexedDb),
        )))
    }

    fn update(&mut self, scope: &WorkerScope<Self>, Batch(id): Batch) {
        if let Some((job, caller)) = self.0.running().filter(|(job, _)| *job == id) {
            remember_caller(scope, caller, job);
        }
        let turn = self.0.batch(id);
        Self::carry_out(scope, turn);
    }

    fn received(&mut self, scope: &WorkerScope<Self>, input: Input, caller: HandlerId) {
        let request = match input {
            Input::Request(request) => request,
            Input::CrashForTesting => {
                // The page that asked is told of the crash, even if it sent no work before.
                remember_caller(scope, caller, puzzlelab_worker::NO_JOB);
                panic!("a crash was asked for (crashWorkersForTesting)")
            }
        };
        remember_caller(scope, caller, request.job);
        let turn = self.0.received(request, caller);
        Self::carry_out(scope, turn);
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
                scope.respond(caller, Response::new(job, Answer::Crashed { message }));
            }
        });
    }));
    SolverWorker::registrar().encoding::<Postcard>().register();
}
