//! What the queens count's worker answers mean: the symmetry classes' tasks handed out,
//! each batch's solutions added, the total once every task is in; cancel, errors, and a
//! link's `count=1` once the workers have loaded. Plain Rust: `count.rs` forwards its
//! messages here, sends what comes back and draws.

use crate::app::contract::Out;
use crate::app::widgets::pool_count::{Heard, PoolCount, TaskCounting};
use puzzlelab_solver::queens::classes::{class_tasks, ClassTask};
use puzzlelab_solver::queens::count::MAX_COUNT_N;
use puzzlelab_worker::protocol::{QueensAnswer, QueensAsk};
use puzzlelab_worker::{Answer, Ask, Request, Response};

/// A count under way.
pub struct Run {
    pub n: u32,
    pub tasks: usize,
    pub total: u64,
    /// Symmetry classes found so far: each class is searched once and weighted.
    pub unique: u64,
    pub started: f64,
}

/// A finished count.
#[derive(Clone, Debug, PartialEq)]
pub struct Counted {
    pub n: u32,
    pub total: u64,
    pub unique: Option<u64>,
    pub seconds: f64,
}

/// Hands worker `index` a batch of tasks.
fn task_request(job: u32, index: u32, tasks: &[ClassTask]) -> Request {
    let tasks = tasks.to_vec();
    Request::new(job, Ask::Queens(QueensAsk::Task { index, tasks }))
}

pub struct QueensCountState {
    pub tasks: PoolCount<ClassTask>,
    pub run: Option<Run>,
    pub result: Option<Counted>,
    /// The N a count is for (the page's).
    pub n: u32,
}

impl QueensCountState {
    pub fn new(n: u32, autostart: bool) -> Self {
        QueensCountState {
            tasks: PoolCount::new(task_request, autostart),
            run: None,
            result: None,
            n,
        }
    }

    /// Whether a count runs (the page draws its progress on a beat meanwhile).
    pub fn running(&self) -> bool {
        self.run.is_some()
    }
}

impl TaskCounting for QueensCountState {
    /// Count: the symmetry classes' tasks, a batch for each of the workers started.
    fn start(&mut self, now_ms: f64) -> Out {
        let n = self.n;
        if !(1..=MAX_COUNT_N).contains(&n) {
            self.tasks.count.refuse(format!(
                "N must be 1 to {MAX_COUNT_N} for a count (N = {n} is outside that range)"
            ));
            return Out::redraw();
        }
        self.result = None;
        let tasks = class_tasks(n);
        self.run = Some(Run {
            n,
            tasks: tasks.len(),
            total: 0,
            unique: 0,
            started: now_ms,
        });
        let sends = self.tasks.begin(tasks, now_ms);
        if self.tasks.pool.is_finished() {
            // No task at all (N = 2 or 3): nothing to wait for.
            self.finish(now_ms);
        }
        sends
    }

    /// The user cancels: workers finish the small task they hold, whose answer is then
    /// ignored.
    fn cancel(&mut self, now_ms: f64) -> Out {
        let (of, seconds) = self
            .run
            .take()
            .map_or((0, 0.0), |run| (run.tasks, (now_ms - run.started) / 1000.0));
        self.tasks.cancel(of, seconds);
        Out::redraw()
    }

    /// Worker `i` answered.
    fn answer(&mut self, i: usize, response: Response, now_ms: f64) -> Out {
        let Response { job, body } = response;
        match body {
            Answer::Queens(QueensAnswer::Task { count, unique, .. }) => {
                self.counted(i, job, count, unique, now_ms)
            }
            Answer::Queens(QueensAnswer::Unique { unique }) if job == self.tasks.count.job() => {
                match self.result.as_mut() {
                    Some(result) => {
                        result.unique = Some(unique);
                        Out::redraw()
                    }
                    None => Out::nothing(),
                }
            }
            Answer::Queens(QueensAnswer::Unique { .. }) => Out::nothing(),
            other => match self.tasks.heard(job, other) {
                Heard::Start => self.start(now_ms),
                Heard::Failed => self.stopped(),
                Heard::Nothing => Out::nothing(),
            },
        }
    }
}

impl QueensCountState {
    /// Worker `i` counted a batch: add it and hand it the next; the total once every
    /// task is in.
    fn counted(&mut self, i: usize, job: u32, count: u64, unique: u64, now_ms: f64) -> Out {
        let Some(run) = self.run.as_mut() else {
            return Out::nothing();
        };
        let Some(tasks) = self.tasks.pool.answered(i, job, now_ms) else {
            return Out::nothing();
        };
        run.total += count;
        run.unique += unique;
        let (next, finished) = self.tasks.next(i, tasks.len(), now_ms);
        if !finished {
            // The clock redraws the progress; redrawing on every answer would take the
            // page's thread (and a core) from the workers.
            return next;
        }
        self.finish(now_ms);
        next.and(Out::redraw())
    }

    /// The count failed: nothing runs.
    fn stopped(&mut self) -> Out {
        self.run = None;
        Out::redraw()
    }

    /// Every task is in: the total.
    fn finish(&mut self, now_ms: f64) {
        let Some(run) = self.run.take() else { return };
        self.tasks.count.finish();
        self.result = Some(Counted {
            n: run.n,
            total: run.total,
            unique: Some(run.unique),
            seconds: (now_ms - run.started) / 1000.0,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::widgets::pool_served::{error, queens_reference as reference, PoolServed};
    use crate::app::widgets::task_count::Phase;

    fn counted(n: u32, workers: usize) -> QueensCountState {
        let mut state = QueensCountState::new(n, false);
        state.tasks.pool.set_workers(workers);
        let mut served = PoolServed::default();
        served.send(&state.start(0.0));
        served.drain(|i, r| state.answer(i, r, 1.0));
        state
    }

    #[test]
    fn counting_n_8_on_two_workers_finds_the_published_numbers() {
        let state = counted(8, 2);
        let result = state.result.clone().expect("finished");
        assert_eq!(result.total, reference("solutions", 8));
        assert_eq!(result.total, 92);
        assert_eq!(result.unique, Some(12));
        assert_eq!(state.tasks.count.phase(true), Phase::Done);
        assert_eq!(state.tasks.pool.done(), class_tasks(8).len());
    }

    #[test]
    fn every_small_n_matches_the_reference() {
        for n in 1..=10 {
            let result = counted(n, 3).result.expect("finished");
            assert_eq!(result.total, reference("solutions", n), "N = {n}");
            assert_eq!(result.unique, Some(reference("unique", n)), "N = {n}");
        }
    }

    #[test]
    fn a_cancel_mid_count_ignores_later_answers() {
        let mut state = QueensCountState::new(10, false);
        state.tasks.pool.set_workers(2);
        let mut served = PoolServed::default();
        served.send(&state.start(0.0));
        assert!(served.step(&mut |i, r| state.answer(i, r, 1.0)));
        assert!(state.running());
        let done = state.tasks.pool.done();
        assert!(done > 0);
        assert!(state.cancel(2.0).draws());
        assert_eq!(state.tasks.count.phase(false), Phase::Cancelled);
        assert!(served.all_ignored(|i, r| state.answer(i, r, 1.0)));
        assert!(state.result.is_none() && state.run.is_none());
        let said = format!("Cancelled after {done} of {} tasks", class_tasks(10).len());
        assert!(state.tasks.count.message().unwrap().starts_with(&said));
    }

    #[test]
    fn a_link_starts_the_count_once_every_worker_has_loaded() {
        let mut state = QueensCountState::new(6, true);
        state.tasks.pool.set_workers(2);
        let mut served = PoolServed::default();
        let pings = served.pings(2);
        let outs: Vec<Out> = pings
            .into_iter()
            .map(|(i, r)| state.answer(i, r, 0.0))
            .collect();
        assert!(outs[0].send_to.is_empty(), "one worker is still loading");
        assert_eq!(outs[1].send_to.len(), 2, "a batch for each worker");
        served.send(&outs[1]);
        served.drain(|i, r| state.answer(i, r, 1.0));
        assert_eq!(state.result.expect("counted").total, 4);
    }

    #[test]
    fn an_n_out_of_range_is_refused_and_an_error_ends_the_count() {
        let mut state = QueensCountState::new(MAX_COUNT_N + 1, false);
        state.tasks.pool.set_workers(1);
        assert!(state.start(0.0).send_to.is_empty());
        assert!(state
            .tasks
            .count
            .message()
            .unwrap()
            .starts_with("N must be 1 to"));
        state.n = 8;
        let out = state.start(0.0);
        let job = out.send_to[0].1.job;
        assert_eq!(state.answer(0, error(job - 1, "old"), 1.0), Out::nothing());
        assert!(state.answer(0, error(job, "died"), 1.0).draws());
        assert!(!state.running());
        assert_eq!(state.tasks.count.message(), Some("died"));
    }
}
