//! A pool of supervised solver workers sharing out a queue of small tasks: each idle
//! worker takes the next task as soon as it answers, so all of them stay busy until the
//! queue is empty. The queens count and the counting lab both run on it.

use std::collections::VecDeque;

use super::worker_bridge::{spawn, Supervised};
use crate::share::MAX_WORKERS;
use crate::worker::{Request, Response};

/// Workers to use by default: one per core the browser reports, at most 16.
pub fn default_workers() -> usize {
    web_sys::window()
        .map(|w| w.navigator().hardware_concurrency() as usize)
        .unwrap_or(2)
        .clamp(1, MAX_WORKERS as usize)
}

pub struct WorkerPool<T> {
    workers: Vec<Supervised>,
    queue: VecDeque<T>,
    /// The task each worker holds.
    held: Vec<Option<T>>,
    /// Tasks answered since `start`.
    done: usize,
    job: u32,
    /// The request that hands a task to a worker: (job, worker, task).
    request: fn(u32, u32, &T) -> Request,
}

impl<T: Clone> WorkerPool<T> {
    pub fn new(request: fn(u32, u32, &T) -> Request) -> Self {
        WorkerPool {
            workers: Vec::new(),
            queue: VecDeque::new(),
            held: Vec::new(),
            done: 0,
            job: 0,
            request,
        }
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
            self.workers.push(spawn(move |r| on_response(i, r)));
        }
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

    /// Starts job `job` over `tasks`, handing one to every worker.
    pub fn start(&mut self, job: u32, tasks: impl IntoIterator<Item = T>) {
        self.job = job;
        self.queue = tasks.into_iter().collect();
        self.held = vec![None; self.workers.len()];
        self.done = 0;
        for i in 0..self.workers.len() {
            self.feed(i);
        }
    }

    /// Gives worker `i` the next task, if any is left.
    fn feed(&mut self, i: usize) {
        if let Some(task) = self.queue.pop_front() {
            self.workers[i].send((self.request)(self.job, i as u32, &task));
            self.held[i] = Some(task);
        }
    }

    /// Worker `i` answered for `job`: the task it held (`None` for a stale answer). Call
    /// `next` after adding any tasks the answer gives rise to.
    pub fn answered(&mut self, i: usize, job: u32) -> Option<T> {
        if job != self.job {
            return None;
        }
        self.held.get_mut(i).and_then(Option::take)
    }

    /// Counts the task worker `i` answered as done and gives it the next one.
    pub fn next(&mut self, i: usize, done: bool) {
        if done {
            self.done += 1;
        }
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

    /// Tasks known so far: done, queued or being worked on.
    pub fn known(&self) -> usize {
        self.done + self.queue.len() + self.held.iter().flatten().count()
    }

    pub fn is_finished(&self) -> bool {
        self.queue.is_empty() && self.held.iter().all(Option::is_none)
    }

    /// Drops the queue; answers to tasks still held are then stale and ignored.
    pub fn cancel(&mut self) {
        self.job = self.job.wrapping_add(1);
        self.queue.clear();
        self.held.iter_mut().for_each(|h| *h = None);
    }
}
