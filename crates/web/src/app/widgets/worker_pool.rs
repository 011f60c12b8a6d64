//! The web side of a task pool (`task_pool.rs`): the supervised solver workers a count
//! runs on, started with a start-up ping (whose answer says the worker has loaded), and
//! the requests the pool's state asks for sent to them.

use yew::html::Scope;
use yew::Component;

use super::pool_count::CountMsg;
use super::worker_bridge::{spawn, Supervised};
use puzzlelab_links::MAX_WORKERS;
use puzzlelab_worker::{Request, Response};

/// Workers to use by default: one per core the browser reports, at most 16.
pub fn default_workers() -> usize {
    crate::app::shell::window::window()
        .map(|w| w.navigator().hardware_concurrency() as usize)
        .unwrap_or(2)
        .clamp(1, MAX_WORKERS as usize)
}

/// The workers a link asks for (`None`: one per core).
pub fn resolve(requested: Option<u32>) -> usize {
    requested
        .map_or_else(default_workers, |n| n as usize)
        .max(1)
}

#[derive(Default)]
pub struct WorkerPool {
    workers: Vec<Supervised>,
}

impl WorkerPool {
    /// Starts the workers a link asks for the first time; later calls keep the ones
    /// running. `on_response(worker, answer)` gets every answer. Returns how many run.
    pub fn ensure(
        &mut self,
        requested: Option<u32>,
        on_response: impl Fn(usize, Response) + Clone + 'static,
    ) -> usize {
        let count = resolve(requested);
        while self.workers.len() < count {
            let i = self.workers.len();
            let on_response = on_response.clone();
            let worker = spawn(move |r| on_response(i, r));
            worker.send(Request::ping());
            self.workers.push(worker);
        }
        self.workers.len()
    }

    /// [`WorkerPool::ensure`] for a count panel: answers come back as its messages.
    pub fn ensure_for<C>(&mut self, requested: Option<u32>, link: &Scope<C>) -> usize
    where
        C: Component<Message = CountMsg>,
    {
        let link = link.clone();
        self.ensure(requested, move |i, r| {
            link.send_message(CountMsg::Worker(i, r))
        })
    }

    /// Sends each request to its worker.
    pub fn send(&self, sends: impl IntoIterator<Item = (usize, Request)>) {
        for (i, request) in sends {
            if let Some(worker) = self.workers.get(i) {
                worker.send(request);
            }
        }
    }

    /// The workers a count runs on: those running, or those it will start.
    pub fn planned(&self, requested: Option<u32>) -> usize {
        match self.workers.len() {
            0 => resolve(requested),
            n => n,
        }
    }
}
