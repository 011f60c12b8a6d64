//! Starting the solver worker from a page, and keeping it alive: if the worker reports
//! that it crashed (its panic hook answers `Answer::Crashed`), a fresh worker replaces it
//! and the user is told. What happens to the request in hand (sent again once, or ended
//! for the page) is decided by `worker::awaited`, plain Rust tested natively.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use gloo_worker::{Spawnable, WorkerBridge};

use crate::worker_run::{Input, Postcard, SolverWorker};
use puzzlelab_worker::awaited::{Awaited, Recovery};
use puzzlelab_worker::{Answer, Request, Response};

/// A solver worker that is restarted when it dies.
pub struct Supervised {
    inner: Rc<Inner>,
}

struct Inner {
    bridge: RefCell<Option<WorkerBridge<SolverWorker>>>,
    /// The request whose final answer is still awaited.
    awaited: RefCell<Awaited>,
    on_response: Box<dyn Fn(Response)>,
    /// Which worker is current: answers from a replaced one are ignored.
    generation: std::cell::Cell<u32>,
}

thread_local! {
    /// Every live worker, so a test can crash them all.
    static LIVE: RefCell<Vec<Weak<Inner>>> = const { RefCell::new(Vec::new()) };
}

/// Starts a supervised solver worker; `on_response` gets every answer.
pub fn spawn(on_response: impl Fn(Response) + 'static) -> Supervised {
    let inner = Rc::new(Inner {
        bridge: RefCell::new(None),
        awaited: RefCell::new(Awaited::default()),
        on_response: Box::new(on_response),
        generation: std::cell::Cell::new(0),
    });
    *inner.bridge.borrow_mut() = Some(raw_spawn(Rc::downgrade(&inner)));
    LIVE.with(|live| {
        let mut live = live.borrow_mut();
        live.retain(|w| w.strong_count() > 0);
        live.push(Rc::downgrade(&inner));
    });
    Supervised { inner }
}

/// Makes every live worker panic, so browser tests can check that the page recovers.
/// Returns how many were told. Nothing in the app calls it.
#[wasm_bindgen::prelude::wasm_bindgen(js_name = crashWorkersForTesting)]
pub fn crash_workers_for_testing() -> u32 {
    LIVE.with(|live| {
        let mut told = 0;
        for inner in live.borrow().iter().filter_map(Weak::upgrade) {
            if let Some(bridge) = inner.bridge.borrow().as_ref() {
                bridge.send(Input::CrashForTesting);
                told += 1;
            }
        }
        told
    })
}

impl Supervised {
    pub fn send(&self, request: Request) {
        self.inner.awaited.borrow_mut().sent(&request);
        if let Some(bridge) = self.inner.bridge.borrow().as_ref() {
            bridge.send(Input::Request(request));
        }
    }
}

fn on_answer(inner: &Weak<Inner>, generation: u32, response: Response) {
    let Some(inner) = inner.upgrade().filter(|i| i.generation.get() == generation) else {
        return;
    };
    if let Answer::Crashed { message } = response.body {
        restart(&inner, message);
        return;
    }
    inner.awaited.borrow_mut().answered(&response);
    (inner.on_response)(response);
}

fn restart(inner: &Rc<Inner>, message: String) {
    // The old worker's memory may be corrupt after a panic: replace it.
    *inner.bridge.borrow_mut() = Some(raw_spawn(Rc::downgrade(inner)));
    let recovery = inner.awaited.borrow_mut().crashed(&message);
    let notice = match recovery {
        Recovery::Resend(request) => {
            if let Some(bridge) = inner.bridge.borrow().as_ref() {
                bridge.send(Input::Request(request));
            }
            "The solver worker crashed and was restarted; your last request was sent again."
        }
        Recovery::Answer(answer) => {
            let twice = matches!(answer.body, Answer::Error { .. });
            (inner.on_response)(answer);
            if twice {
                "The solver worker crashed twice on the same request and was restarted; that request was dropped."
            } else {
                "The solver worker crashed and was restarted; the request you had stopped ended."
            }
        }
        Recovery::Nothing => "The solver worker crashed and was restarted.",
    };
    crate::app::shell::crash::notice(&format!("{notice} ({message})"));
}

/// Starts the solver worker, next to the page whatever path the app is served from.
fn raw_spawn(inner: Weak<Inner>) -> WorkerBridge<SolverWorker> {
    let generation = inner.upgrade().map_or(0, |i| {
        i.generation.set(i.generation.get() + 1);
        i.generation.get()
    });
    let base = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.base_uri().ok().flatten())
        .unwrap_or_default();
    let dir = base.split(['#', '?']).next().unwrap_or("");
    let dir = &dir[..dir.rfind('/').map_or(0, |i| i + 1)];
    let mut spawner = SolverWorker::spawner();
    spawner.callback(move |response| on_answer(&inner, generation, response));
    let mut spawner = spawner.encoding::<Postcard>();
    // trunk builds workers for `--target no-modules`: a classic worker, not a module.
    spawner.as_module(false);
    spawner.spawn(&format!("{dir}worker.js"))
}
