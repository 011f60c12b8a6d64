//! A count shared out to the workers as small tasks: its life (`task_count.rs`) and its
//! queue (`task_pool.rs`) kept together, so the queens count and the depth-first count
//! start, hand out, cancel and read the worker loop's own answers (a worker has loaded,
//! an error) alike. Plain Rust: the page it is part of owns the workers and sends what
//! it asks.

use crate::app::contract::Out;
use crate::app::widgets::task_count::TaskCount;
use crate::app::widgets::task_pool::{sending, TaskPool};
use puzzlelab_links::MAX_WORKERS;
use puzzlelab_worker::{Answer, Request, Response};

/// A count panel's buttons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountMsg {
    Start,
    Cancel,
}

/// How often a running count's progress is drawn, in milliseconds.
pub const PROGRESS_MS: u32 = 250;

/// A count's plain state, as its page drives it.
pub trait TaskCounting {
    /// Count on the workers the state has warmed.
    fn start(&mut self, now_ms: f64) -> Out;
    fn cancel(&mut self, now_ms: f64) -> Out;
    /// Worker `i` answered.
    fn answer(&mut self, i: usize, response: Response, now_ms: f64) -> Out;
}

/// What `msg` means for `state` at `now_ms`.
pub fn counting(state: &mut impl TaskCounting, msg: CountMsg, now_ms: f64) -> Out {
    match msg {
        CountMsg::Start => state.start(now_ms),
        CountMsg::Cancel => state.cancel(now_ms),
    }
}

/// Workers to use by default: one per core the browser reports (two natively), at most
/// [`MAX_WORKERS`].
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

/// What one of the loop's own answers meant for the count.
#[derive(Debug, PartialEq, Eq)]
pub enum Heard {
    /// Every worker has loaded and the link asked to count: start now.
    Start,
    /// The current count failed (its message is kept): it no longer runs.
    Failed,
    /// Nothing that shows.
    Nothing,
}

pub struct PoolCount<T> {
    pub pool: TaskPool<T>,
    pub count: TaskCount,
}

impl<T: Clone> PoolCount<T> {
    /// `request` hands a batch to a worker; `autostart`: the link's `count=1`.
    pub fn new(request: fn(u32, u32, &[T]) -> Request, autostart: bool) -> Self {
        PoolCount {
            pool: TaskPool::new(request),
            count: TaskCount::new(autostart),
        }
    }

    /// The count is to run on `workers` workers: those not yet asked are pinged, so they
    /// start loading now (the page starts a worker with its first request) and say when
    /// they have (a linked count waits for them, so it is not timed with their loading).
    pub fn warm(&mut self, workers: usize) -> Out {
        let from = self.pool.size();
        self.pool.set_workers(workers);
        sending(
            (from..self.pool.size())
                .map(|i| (i, Request::ping()))
                .collect(),
        )
    }

    /// A new count over `tasks`: a batch for every worker, and a draw.
    pub fn begin(&mut self, tasks: impl IntoIterator<Item = T>, now_ms: f64) -> Out {
        let job = self.count.start();
        sending(self.pool.start(job, tasks, now_ms)).and(Out::redraw())
    }

    /// Worker `i`'s batch is in, `done` of its tasks finished: the worker's next batch,
    /// and whether the count is finished (then the count's life ends too).
    pub fn next(&mut self, i: usize, done: usize, now_ms: f64) -> (Out, bool) {
        let next = sending(self.pool.next(i, done, now_ms));
        let finished = self.pool.is_finished();
        if finished {
            self.count.finish();
        }
        (next, finished)
    }

    /// The user cancels a count of `of` tasks after `seconds`: the queue is dropped and
    /// answers still on their way are stale.
    pub fn cancel(&mut self, of: usize, seconds: f64) {
        self.count.cancel(self.pool.done(), of, seconds);
        self.pool.cancel();
    }

    /// One of the loop's own answers, for `job`.
    pub fn heard(&mut self, job: u32, answer: Answer) -> Heard {
        match answer {
            Answer::Ready => {
                self.pool.ready();
                match self.count.take_autostart(self.pool.is_ready()) {
                    true => Heard::Start,
                    false => Heard::Nothing,
                }
            }
            Answer::Error { message } if job == self.count.job() => {
                self.count.fail(job, message);
                self.pool.cancel();
                Heard::Failed
            }
            _ => Heard::Nothing,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::widgets::task_count::Phase;
    use puzzlelab_worker::protocol::Ask;

    fn request(job: u32, _worker: u32, _tasks: &[u8]) -> Request {
        Request::new(job, Ask::Ping)
    }

    #[test]
    fn a_count_finishes_when_its_last_batch_is_in() {
        let mut c = PoolCount::new(request, false);
        c.pool.set_workers(1);
        let out = c.begin([1, 2], 0.0);
        assert!(out.draws());
        let job = out.send_to[0].1.job;
        assert_eq!(c.pool.answered(0, job, 1.0), Some(vec![1]));
        let (next, finished) = c.next(0, 1, 1.0);
        assert!(!finished && next.send_to.len() == 1);
        c.pool.answered(0, job, 2.0);
        assert!(c.next(0, 1, 2.0).1);
        assert_eq!(c.count.phase(true), Phase::Done);
    }

    #[test]
    fn warming_pings_each_worker_once() {
        let mut c = PoolCount::new(request, false);
        let pinged = |out: Out| out.send_to.iter().map(|(i, _)| *i).collect::<Vec<_>>();
        assert_eq!(pinged(c.warm(2)), [0, 1]);
        assert_eq!(pinged(c.warm(2)), Vec::<usize>::new());
        assert_eq!(pinged(c.warm(3)), [2]);
        assert_eq!(c.pool.size(), 3);
        assert_eq!(resolve(Some(0)), 1);
        assert_eq!(resolve(Some(5)), 5);
        assert_eq!(resolve(None), 2, "natively the page has no cores to ask");
    }

    #[test]
    fn the_loops_own_answers_start_a_linked_count_or_end_a_failed_one() {
        let mut c = PoolCount::new(request, true);
        c.pool.set_workers(2);
        assert_eq!(c.heard(0, Answer::Ready), Heard::Nothing);
        assert_eq!(c.heard(0, Answer::Ready), Heard::Start);
        let job = c.begin([1, 2, 3], 0.0).send_to[0].1.job;
        let error = |m: &str| Answer::Error { message: m.into() };
        assert_eq!(c.heard(job + 1, error("stale")), Heard::Nothing);
        assert_eq!(c.heard(job, error("died")), Heard::Failed);
        assert_eq!(
            (c.count.phase(false), c.count.message()),
            (Phase::Idle, Some("died"))
        );
        assert!(c.pool.is_finished(), "the queue is dropped");
    }
}
