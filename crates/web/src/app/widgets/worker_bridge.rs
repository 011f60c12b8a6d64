//! Starting the solver worker from a page, and keeping it alive: if the worker reports
//! that it crashed (its panic hook answers `Answer::Crashed`), a fresh worker replaces it
//! and the user is told. What happens to the request in hand (sent again once, or ended
//! for the page) is decided by `worker::awaited`, plain Rust tested natively.
//!
//! Workers are shared between pages (`worker_lease.rs`): a page leases one for its
//! life, and an idle worker whose page has gone serves the next page (or element).

use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};

use gloo_worker::{Spawnable, WorkerBridge};

use super::worker_files;
use super::worker_lease::{keep, JobIds};
use crate::worker_run::{Input, Postcard, SolverWorker};
use puzzlelab_worker::awaited::{Awaited, Recovery};
use puzzlelab_worker::{Answer, Request, Response};

/// A solver worker leased by a page, restarted when it dies, kept for the next page
/// when it is dropped idle.
pub struct Supervised {
    inner: Rc<Inner>,
}

/// Where a lease's answers go.
type OnResponse = Rc<dyn Fn(Response)>;

struct Inner {
    bridge: RefCell<Option<WorkerBridge<SolverWorker>>>,
    /// The request whose final answer is still awaited.
    awaited: RefCell<Awaited>,
    /// The page holding the lease (none while the worker waits in `IDLE`).
    on_response: RefCell<Option<OnResponse>>,
    ids: RefCell<JobIds>,
    /// Which worker is current: answers from a replaced one are ignored.
    generation: Cell<u32>,
    /// The element the leasing page is hosted in (another page's element), where a
    /// crash notice goes; none in the app.
    host: RefCell<Option<web_sys::Element>>,
}

thread_local! {
    /// Every live worker, so a test can crash them all.
    static LIVE: RefCell<Vec<Weak<Inner>>> = const { RefCell::new(Vec::new()) };
    /// Workers whose page has gone, idle, for the next page.
    static IDLE: RefCell<Vec<Rc<Inner>>> = const { RefCell::new(Vec::new()) };
    /// The last job number sent to any worker (unique across pages).
    static NEXT_JOB: Cell<u32> = const { Cell::new(0) };
    /// Workers started (for tests of the sharing).
    static STARTED: Cell<u32> = const { Cell::new(0) };
}

/// Leases a supervised solver worker (an idle one, or a new one) for a page hosted in
/// `host` (none: the app); `on_response` gets every answer to what this lease sends.
pub fn spawn(
    host: Option<web_sys::Element>,
    on_response: impl Fn(Response) + 'static,
) -> Supervised {
    let on_response: OnResponse = Rc::new(on_response);
    if let Some(inner) = IDLE.with(|idle| idle.borrow_mut().pop()) {
        *inner.on_response.borrow_mut() = Some(on_response);
        *inner.host.borrow_mut() = host;
        return Supervised { inner };
    }
    let inner = Rc::new(Inner {
        bridge: RefCell::new(None),
        awaited: RefCell::new(Awaited::default()),
        on_response: RefCell::new(Some(on_response)),
        ids: RefCell::new(JobIds::default()),
        generation: Cell::new(0),
        host: RefCell::new(host),
    });
    *inner.bridge.borrow_mut() = Some(raw_spawn(Rc::downgrade(&inner)));
    STARTED.with(|n| n.set(n.get() + 1));
    LIVE.with(|live| {
        let mut live = live.borrow_mut();
        live.retain(|w| w.strong_count() > 0);
        live.push(Rc::downgrade(&inner));
    });
    Supervised { inner }
}

/// How many workers pages have started (not counting restarts after a crash), so a
/// browser test can see that a new element took an idle worker. Nothing in the app calls it.
#[wasm_bindgen::prelude::wasm_bindgen(js_name = workersStartedForTesting)]
pub fn workers_started_for_testing() -> u32 {
    STARTED.with(Cell::get)
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
        let job = NEXT_JOB.with(|next| {
            let mut n = next.get();
            let job = self.inner.ids.borrow_mut().outgoing(request.job, &mut n);
            next.set(n);
            job
        });
        let request = Request::new(job, request.body);
        self.inner.awaited.borrow_mut().sent(&request);
        if let Some(bridge) = self.inner.bridge.borrow().as_ref() {
            bridge.send(Input::Request(request));
        }
    }
}

impl Drop for Supervised {
    /// The page has gone: an idle worker waits for the next page, a busy one ends.
    fn drop(&mut self) {
        let inner = &self.inner;
        *inner.on_response.borrow_mut() = None;
        *inner.ids.borrow_mut() = JobIds::default();
        let busy = inner.awaited.borrow().waiting();
        *inner.awaited.borrow_mut() = Awaited::default();
        IDLE.with(|idle| {
            let mut idle = idle.borrow_mut();
            if keep(busy, idle.len()) {
                idle.push(inner.clone());
            }
        });
    }
}

/// Hands an answer to the page holding the lease, in its own job number.
fn deliver(inner: &Inner, response: Response) {
    let Some(job) = inner.ids.borrow().incoming(response.job) else {
        return;
    };
    let on_response = inner.on_response.borrow().clone();
    if let Some(on_response) = on_response {
        on_response(Response::new(job, response.body));
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
    deliver(&inner, response);
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
            deliver(inner, answer);
            if twice {
                "The solver worker crashed twice on the same request and was restarted; that request was dropped."
            } else {
                "The solver worker crashed and was restarted; the request you had stopped ended."
            }
        }
        Recovery::Nothing => "The solver worker crashed and was restarted.",
    };
    let host = inner.host.borrow().clone();
    crate::app::shell::crash::notice(&format!("{notice} ({message})"), host.as_ref());
}

/// Starts the solver worker from its files (`worker_files`: beside the page, or as told).
fn raw_spawn(inner: Weak<Inner>) -> WorkerBridge<SolverWorker> {
    let generation = inner.upgrade().map_or(0, |i| {
        i.generation.set(i.generation.get() + 1);
        i.generation.get()
    });
    let mut spawner = SolverWorker::spawner();
    spawner.callback(move |response| on_answer(&inner, generation, response));
    let mut spawner = spawner.encoding::<Postcard>();
    // trunk builds workers for `--target no-modules`: a classic worker, started by our
    // own loader so the script and the wasm may have any names.
    spawner.as_module(false).with_loader(true);
    spawner.spawn(&worker_files::loader_url())
}
