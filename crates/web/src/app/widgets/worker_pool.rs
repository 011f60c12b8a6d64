//! A pool of supervised solver workers sharing out a queue of small tasks: each idle
//! worker takes the next batch as soon as it answers, so all of them stay busy until the
//! queue is empty. The queens count and the counting lab both run on it.
//!
//! Why batches: a task is often well under a millisecond of work, and each hand-out is a
//! round trip through the page's thread (which, on a two-core machine, shares the cores
//! with two workers). Handing out one task at a time left the workers waiting on the page
//! more than counting. Batches are sized from the time tasks have taken so far, to about
//! [`BATCH_MS`] each, and shrink as the queue drains so the workers finish together.

use std::collections::VecDeque;

use super::worker_bridge::{spawn, Supervised};
use puzzlelab_links::MAX_WORKERS;
use puzzlelab_worker::{Request, Response};

/// Wanted time per batch: long against a round trip through the page (about a
/// millisecond), short enough that progress moves and a cancel is seen soon.
const BATCH_MS: f64 = 60.0;

/// Tasks in a batch however slow they have been (while the queue's share allows): on a
/// loaded machine the measured rate alone shrank batches to one task, a message each.
const MIN_BATCH: usize = 4;

/// Workers to use by default: one per core the browser reports, at most 16.
pub fn default_workers() -> usize {
    crate::app::shell::window::window()
        .map(|w| w.navigator().hardware_concurrency() as usize)
        .unwrap_or(2)
        .clamp(1, MAX_WORKERS as usize)
}

fn now() -> f64 {
    js_sys::Date::now()
}

/// The tasks a worker holds and when they were sent.
struct Held<T> {
    tasks: Vec<T>,
    sent: f64,
}

pub struct WorkerPool<T> {
    workers: Vec<Supervised>,
    queue: VecDeque<T>,
    /// The batch each worker holds.
    held: Vec<Option<Held<T>>>,
    /// Tasks answered since `start`.
    done: usize,
    /// Time and tasks of the answered batches (for sizing the next ones). Each worker's
    /// first answer of a job is left out: it may include the worker starting up.
    busy_ms: f64,
    timed: Vec<bool>,
    answered_tasks: usize,
    /// Batches handed out since `start`.
    batches: usize,
    /// Workers that answered their start-up ping.
    ready: usize,
    /// Per worker since `start`: time holding a batch (sent → answered, so counting plus
    /// the round trip), and when its first answer came (it may have been starting up).
    held_ms: Vec<f64>,
    first_ms: Vec<f64>,
    started: f64,
    job: u32,
    /// The request that hands a batch to a worker: (job, worker, tasks).
    request: fn(u32, u32, &[T]) -> Request,
    /// The most tasks a batch holds.
    max_batch: usize,
}

impl<T: Clone> WorkerPool<T> {
    pub fn new(request: fn(u32, u32, &[T]) -> Request) -> Self {
        WorkerPool {
            workers: Vec::new(),
            queue: VecDeque::new(),
            held: Vec::new(),
            done: 0,
            busy_ms: 0.0,
            timed: Vec::new(),
            answered_tasks: 0,
            batches: 0,
            ready: 0,
            held_ms: Vec::new(),
            first_ms: Vec::new(),
            started: 0.0,
            job: 0,
            request,
            max_batch: usize::MAX,
        }
    }

    /// Hands out at most `n` tasks a batch: for tasks that each take long (a part of a
    /// split count, minutes to an hour), whose answers should come as each is done.
    pub fn with_max_batch(mut self, n: usize) -> Self {
        self.max_batch = n.max(1);
        self
    }

    /// Starts the workers a link asks for (`None`: one per core) the first time; later
    /// calls keep the ones running. `on_response(worker, answer)` gets every answer.
    pub fn ensure(
        &mut self,
        requested: Option<u32>,
        on_response: impl Fn(usize, Response) + Clone + 'static,
    ) {
        let count = Self::resolve(requested);
        while self.workers.len() < count {
            let i = self.workers.len();
            let on_response = on_response.clone();
            let worker = spawn(move |r| on_response(i, r));
            // Its answer says the worker has loaded (see `is_ready`).
            worker.send(Request::ping());
            self.workers.push(worker);
        }
    }

    /// Counts a worker's answer to its start-up ping.
    pub fn ready(&mut self) {
        self.ready += 1;
    }

    /// Every worker has started: a count begun now is timed without their loading
    /// (which a link with `count=1` would otherwise include, and a click would not).
    pub fn is_ready(&self) -> bool {
        !self.workers.is_empty() && self.ready >= self.workers.len()
    }

    pub fn size(&self) -> usize {
        self.workers.len()
    }

    /// The workers a count runs on: those running, or those it will start.
    pub fn planned(&self, requested: Option<u32>) -> usize {
        match self.workers.len() {
            0 => Self::resolve(requested),
            n => n,
        }
    }

    fn resolve(requested: Option<u32>) -> usize {
        requested
            .map_or_else(default_workers, |n| n as usize)
            .max(1)
    }

    /// Starts job `job` over `tasks`, handing a batch to every worker.
    pub fn start(&mut self, job: u32, tasks: impl IntoIterator<Item = T>) {
        self.job = job;
        self.queue = tasks.into_iter().collect();
        self.held = (0..self.workers.len()).map(|_| None).collect();
        self.done = 0;
        self.busy_ms = 0.0;
        self.timed = vec![false; self.workers.len()];
        self.answered_tasks = 0;
        self.batches = 0;
        self.held_ms = vec![0.0; self.workers.len()];
        self.first_ms = vec![0.0; self.workers.len()];
        self.started = now();
        for i in 0..self.workers.len() {
            self.feed(i);
        }
    }

    /// Tasks in the next batch: enough for about [`BATCH_MS`] at the rate seen so far
    /// (one until a batch has been answered, then at least [`MIN_BATCH`]), and at most a quarter of each worker's
    /// share of the queue, so the last batches are small and end together.
    fn batch_size(&self) -> usize {
        let left = self.queue.len();
        let share = left.div_ceil(4 * self.workers.len().max(1));
        let timed = match self.answered_tasks {
            0 => 1,
            n => {
                let ms_per_task = (self.busy_ms / n as f64).max(1e-3);
                (BATCH_MS / ms_per_task) as usize
            }
        };
        timed
            .max(MIN_BATCH)
            .clamp(1, share.max(1))
            .min(self.max_batch)
    }

    /// Gives worker `i` the next batch, if any task is left.
    fn feed(&mut self, i: usize) {
        if self.queue.is_empty() {
            return;
        }
        let size = self.batch_size().min(self.queue.len());
        let tasks: Vec<T> = self.queue.drain(..size).collect();
        self.workers[i].send((self.request)(self.job, i as u32, &tasks));
        self.batches += 1;
        self.held[i] = Some(Held { tasks, sent: now() });
    }

    /// Worker `i` answered for `job`: the batch it held (`None` for a stale answer). Call
    /// `next` after adding any tasks the answer gives rise to.
    pub fn answered(&mut self, i: usize, job: u32) -> Option<Vec<T>> {
        if job != self.job {
            return None;
        }
        let held = self.held.get_mut(i).and_then(Option::take)?;
        let (t, ms) = (now(), now() - held.sent);
        self.held_ms[i] += ms;
        if std::mem::replace(&mut self.timed[i], true) {
            self.busy_ms += ms;
            self.answered_tasks += held.tasks.len();
        } else {
            self.first_ms[i] = t - self.started;
        }
        Some(held.tasks)
    }

    /// Counts `done` tasks of worker `i`'s batch as finished and gives it the next batch.
    pub fn next(&mut self, i: usize, done: usize) {
        self.done += done;
        self.feed(i);
    }

    /// Puts tasks at the front of the queue (a split task's children: depth first).
    pub fn push_front(&mut self, tasks: Vec<T>) {
        for task in tasks.into_iter().rev() {
            self.queue.push_front(task);
        }
    }

    /// Tasks answered so far.
    pub fn done(&self) -> usize {
        self.done
    }

    /// Batches handed out so far (each one a message to a worker and one back).
    pub fn batches(&self) -> usize {
        self.batches
    }

    /// Per worker, milliseconds spent holding a batch and until its first answer, as
    /// "held/first" pairs joined by commas (a measuring hook: held time well below the
    /// elapsed time means the worker waited on the page).
    pub fn timing(&self) -> String {
        self.held_ms
            .iter()
            .zip(&self.first_ms)
            .map(|(h, f)| format!("{h:.0}/{f:.0}"))
            .collect::<Vec<_>>()
            .join(",")
    }

    /// Tasks known so far: done, queued or being worked on.
    pub fn known(&self) -> usize {
        self.done
            + self.queue.len()
            + self
                .held
                .iter()
                .flatten()
                .map(|h| h.tasks.len())
                .sum::<usize>()
    }

    pub fn is_finished(&self) -> bool {
        self.queue.is_empty() && self.held.iter().all(Option::is_none)
    }

    /// Drops the queue; answers to batches still held are then stale and ignored.
    pub fn cancel(&mut self) {
        self.job = self.job.wrapping_add(1);
        self.queue.clear();
        self.held.iter_mut().for_each(|h| *h = None);
    }
}
