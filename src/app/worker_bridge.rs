//! Starting the solver worker from a page.

use gloo_worker::{Spawnable, WorkerBridge};

use crate::worker::{Postcard, Response, SolverWorker};

/// Starts the solver worker, next to the page whatever path the app is served from.
pub fn spawn(on_response: impl Fn(Response) + 'static) -> WorkerBridge<SolverWorker> {
    let base = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.base_uri().ok().flatten())
        .unwrap_or_default();
    let dir = base.split(['#', '?']).next().unwrap_or("");
    let dir = &dir[..dir.rfind('/').map_or(0, |i| i + 1)];
    let mut spawner = SolverWorker::spawner();
    spawner.callback(on_response);
    let mut spawner = spawner.encoding::<Postcard>();
    // trunk builds workers for `--target no-modules`: a classic worker, not a module.
    spawner.as_module(false);
    spawner.spawn(&format!("{dir}worker.js"))
}
