//! A queue of small tasks shared out to a page's workers: each idle worker takes the next
//! batch as soon as it answers, so all of them stay busy until the queue is empty. Plain
//! Rust (time comes in as milliseconds), so what it hands out is tested natively; it
//! returns the requests to send as (worker, request), and `worker_pool.rs` sends them.
//!
//! Why batches: a task is often well under a millisecond of work, and each hand-out is a
//! round trip through the page's thread (which, on a two-core machine, shares the cores
//! with two workers). Handing out one task at a time left the workers waiting on the page
//! more than counting. Batches are sized from the time tasks have taken so far, to about
//! [`BATCH_MS`] each, and shrink as the queue drains so the workers finish together.

use std::collections::VecDeque;

use crate::app::contract::Out;
use puzzlelab_worker::Request;

/// Wanted time per batch: long against a round trip through the page (about a
/// millisecond), short enough that progress moves and a cancel is seen soon.
const BATCH_MS: f64 = 60.0;

/// Tasks in a batch however slow they have been (while the queue's share allows): on a
/// loaded machine the measured rate alone shrank batches to one task, a message each.
const MIN_BATCH: usize = 4;

/// Requests for the workers, by worker index.
pub type Sends = Vec<(usize, Request)>;

/// An outcome that sends `sends` to the workers (and draws nothing).
pub fn sending(sends: Sends) -> Out {
    Out {
        send_to: sends,
        ..Out::nothing()
    }
}

/// The tasks a worker holds and when they were sent.
struct Held<T> {
    tasks: Vec<T>,
    sent: f64,
}

pub struct TaskPool<T> {
    /// Workers started (tasks go to workers `0..workers`).
    workers: usize,
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

impl<T: Clone> TaskPool<T> {
    pub fn new(request: fn(u32, u32, &[T]) -> Request) -> Self {
        TaskPool {
            workers: 0,
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

    /// `n` workers are running (more are only ever added).
    pub fn set_workers(&mut self, n: usize) {
        self.workers = self.workers.max(n);
    }

    /// Workers the tasks are shared by.
    pub fn size(&self) -> usize {
        self.workers
    }

    /// Counts a worker's answer to its start-up ping.
    pub fn ready(&mut self) {
        self.ready += 1;
    }

    /// Every worker has started: a count begun now is timed without their loading
    /// (which a link with `count=1` would otherwise include, and a click would not).
    pub fn is_ready(&self) -> bool {
        self.workers > 0 && self.ready >= self.workers
    }

    /// Starts job `job` over `tasks` at `now_ms`: a batch for every worker.
    pub fn start(&mut self, job: u32, tasks: impl IntoIterator<Item = T>, now_ms: f64) -> Sends {
        let n = self.workers;
        self.job = job;
        self.queue = tasks.into_iter().collect();
        self.held = (0..n).map(|_| None).collect();
        self.done = 0;
        self.busy_ms = 0.0;
        self.timed = vec![false; n];
        self.answered_tasks = 0;
        self.batches = 0;
        self.held_ms = vec![0.0; n];
        self.first_ms = vec![0.0; n];
        self.started = now_ms;
        (0..n).filter_map(|i| self.feed(i, now_ms)).collect()
    }

    /// Tasks in the next batch: enough for about [`BATCH_MS`] at the rate seen so far, at
    /// least [`MIN_BATCH`] (before any rate is known too), and at most a quarter of each
    /// worker's share of the queue, so the last batches are small and end together.
    fn batch_size(&self) -> usize {
        let left = self.queue.len();
        let share = left.div_ceil(4 * self.workers.max(1));
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

    /// The next batch for worker `i`, if any task is left.
    fn feed(&mut self, i: usize, now_ms: f64) -> Option<(usize, Request)> {
        if self.queue.is_empty() {
            return None;
        }
        let size = self.batch_size().min(self.queue.len());
        let tasks: Vec<T> = self.queue.drain(..size).collect();
        let request = (self.request)(self.job, i as u32, &tasks);
        self.batches += 1;
        self.held[i] = Some(Held {
            tasks,
            sent: now_ms,
        });
        Some((i, request))
    }

    /// Worker `i` answered for `job` at `now_ms`: the batch it held (`None` for a stale
    /// answer). Call `next` after adding any tasks the answer gives rise to.
    pub fn answered(&mut self, i: usize, job: u32, now_ms: f64) -> Option<Vec<T>> {
        if job != self.job {
            return None;
        }
        let held = self.held.get_mut(i).and_then(Option::take)?;
        let ms = now_ms - held.sent;
        self.held_ms[i] += ms;
        if std::mem::replace(&mut self.timed[i], true) {
            self.busy_ms += ms;
            self.answered_tasks += held.tasks.len();
        } else {
            self.first_ms[i] = now_ms - self.started;
        }
        Some(held.tasks)
    }

    /// Counts `done` tasks of worker `i`'s batch as finished: its next batch, if any.
    pub fn next(&mut self, i: usize, done: usize, now_ms: f64) -> Sends {
        self.done += done;
        self.feed(i, now_ms).into_iter().collect()
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

#[cfg(test)]
mod tests {
    use super::*;
    use puzzlelab_worker::protocol::{Ask, QueensAsk};

    fn request(job: u32, worker: u32, tasks: &[u32]) -> Request {
        // Any ask carries the batch: its size is what the tests read back.
        Request::new(
            job,
            Ask::Queens(QueensAsk::Unique {
                n: worker,
                total: tasks.len() as u64,
            }),
        )
    }

    /// The batch size a request carries (see `request`).
    fn size(send: &(usize, Request)) -> u64 {
        match &send.1.body {
            Ask::Queens(QueensAsk::Unique { total, .. }) => *total,
            other => panic!("not a batch: {other:?}"),
        }
    }

    fn pool(workers: usize) -> TaskPool<u32> {
        let mut pool = TaskPool::new(request);
        pool.set_workers(workers);
        pool
    }

    #[test]
    fn every_worker_gets_a_batch_and_the_next_when_it_answers() {
        let mut p = pool(2);
        let sends = p.start(7, 0..100, 0.0);
        assert_eq!(sends.iter().map(|s| s.0).collect::<Vec<_>>(), [0, 1]);
        assert!(sends
            .iter()
            .all(|s| s.1.job == 7 && size(s) == MIN_BATCH as u64));
        assert_eq!(p.answered(1, 7, 5.0), Some(vec![4, 5, 6, 7]));
        let next = p.next(1, 4, 5.0);
        assert_eq!(next.len(), 1);
        assert_eq!(next[0].0, 1);
        assert_eq!((p.done(), p.known(), p.batches()), (4, 100, 3));
        assert!(!p.is_finished());
    }

    #[test]
    fn answers_from_an_old_job_or_a_cancelled_count_are_ignored() {
        let mut p = pool(2);
        p.start(1, 0..10, 0.0);
        assert_eq!(p.answered(0, 0, 1.0), None, "another job's answer");
        p.cancel();
        assert_eq!(p.answered(0, 1, 1.0), None, "answered after the cancel");
        assert!(p.is_finished());
        assert!(p.next(0, 0, 1.0).is_empty(), "nothing left to hand out");
        p.start(2, 0..10, 2.0);
        // A quarter of each worker's share of 10 tasks: 2.
        assert_eq!(p.answered(0, 2, 3.0), Some(vec![0, 1]));
        assert_eq!(p.answered(0, 2, 3.0), None, "a batch is answered once");
    }

    #[test]
    fn batches_grow_with_the_rate_then_shrink_as_the_queue_drains() {
        let mut p = pool(1);
        let first = p.start(1, 0..1000, 0.0);
        assert_eq!(size(&first[0]), MIN_BATCH as u64, "no rate known yet");
        // The first answer may include start-up: it is not timed.
        let batch = p.answered(0, 1, 500.0).expect("held");
        let second = p.next(0, batch.len(), 500.0);
        assert_eq!(size(&second[0]), MIN_BATCH as u64);
        // Four tasks in 4 ms: 1 ms a task, so 60 a batch.
        let batch = p.answered(0, 1, 504.0).expect("held");
        let mut sizes = vec![size(&p.next(0, batch.len(), 504.0)[0])];
        assert_eq!(sizes[0], 60);
        let mut t = 504.0;
        while let Some(batch) = p.answered(0, 1, t + 60.0) {
            t += 60.0;
            if let Some(send) = p.next(0, batch.len(), t).first() {
                sizes.push(size(send));
            }
        }
        assert!(p.is_finished());
        assert_eq!(p.done(), 1000);
        assert!(sizes.windows(2).all(|w| w[1] <= w[0]), "{sizes:?}");
        assert_eq!(sizes.last(), Some(&1), "the last batches are single tasks");
        let timing = p.timing();
        assert!(
            timing.ends_with("/500"),
            "the first answer came at 500: {timing}"
        );
    }

    #[test]
    fn a_max_batch_caps_every_batch() {
        let mut p = TaskPool::new(request).with_max_batch(1);
        p.set_workers(3);
        let sends = p.start(1, 0..5, 0.0);
        assert_eq!(sends.len(), 3);
        assert!(sends.iter().all(|s| size(s) == 1));
        assert_eq!(p.known(), 5);
    }

    #[test]
    fn ready_once_every_worker_has_answered_its_ping() {
        let mut p = pool(0);
        assert!(!p.is_ready(), "no worker yet");
        p.set_workers(2);
        p.ready();
        assert!(!p.is_ready());
        p.ready();
        assert!(p.is_ready());
        p.set_workers(1);
        assert_eq!(p.size(), 2, "workers are only added");
    }
}
