//! What the depth-first count's worker answers mean: the plan's slices handed out, each
//! counted slice added to its symmetry class, a slice that ran past its node limit split
//! into its children (queued first, so the queue drains depth first), the total once none
//! is left; cancel, errors, new settings, and a link's `count=1` once the workers have
//! loaded. Plain Rust: `depth_first.rs` forwards its messages here, sends what comes back
//! and draws.

use crate::app::contract::Out;
use crate::app::widgets::task_count::TaskCount;
use crate::app::widgets::task_pool::{sending, TaskPool};
use puzzlelab_solver::knight::count::{children, CountPlan, CountResult, CountSpec, CountTask};
use puzzlelab_worker::protocol::{CountAnswer, CountAsk};
use puzzlelab_worker::{Answer, Ask, Request, Response};

/// Search nodes a worker spends on one task before handing it back to be split (a few
/// tenths of a second in the browser).
pub const TASK_NODE_LIMIT: u64 = 20_000_000;

/// A count under way.
pub struct Run {
    pub plan: CountPlan,
    pub per_class: Vec<u64>,
    pub splits: usize,
    pub nodes: u64,
    pub started: f64,
}

impl Run {
    /// Directed tours counted so far.
    pub fn counted(&self) -> u64 {
        self.plan.result(&self.per_class).directed
    }
}

/// What the last count found.
pub struct Outcome {
    pub spec: CountSpec,
    pub result: CountResult,
    pub reason: Option<String>,
    pub seconds: f64,
    pub nodes: u64,
    pub tasks: usize,
    /// Batches handed to workers (each a message there and one back).
    pub batches: usize,
}

fn task_request(job: u32, worker: u32, tasks: &[CountTask]) -> Request {
    Request::new(
        job,
        Ask::Count(CountAsk::DepthFirst {
            index: worker,
            tasks: tasks.to_vec(),
            limit: TASK_NODE_LIMIT,
        }),
    )
}

pub struct DepthFirstState {
    pub pool: TaskPool<CountTask>,
    pub count: TaskCount,
    pub run: Option<Run>,
    pub outcome: Option<Outcome>,
    /// The settings a count is for (the page's).
    pub spec: CountSpec,
    /// For the page's heatmap: the finished count, or `None` when a new one starts
    /// (taken by the component after each call).
    pub news: Option<Option<CountResult>>,
}

impl DepthFirstState {
    pub fn new(spec: CountSpec, autostart: bool) -> Self {
        DepthFirstState {
            pool: TaskPool::new(task_request),
            count: TaskCount::new(autostart),
            run: None,
            outcome: None,
            spec,
            news: None,
        }
    }

    /// Whether a count runs (the component's clock redraws its progress meanwhile).
    pub fn running(&self) -> bool {
        self.run.is_some()
    }

    /// New settings: what is running or shown no longer applies.
    pub fn settings(&mut self, spec: CountSpec) {
        self.spec = spec;
        self.count.reset();
        self.pool.cancel();
        self.run = None;
        self.outcome = None;
    }

    /// Count: plan the slices for the settings and hand them to the workers.
    pub fn start(&mut self, now_ms: f64) -> Out {
        self.outcome = None;
        self.news = Some(None);
        let plan = match CountPlan::new(self.spec) {
            Ok(plan) => plan,
            Err(message) => {
                self.count.refuse(message);
                return Out::redraw();
            }
        };
        let job = self.count.start();
        let tasks = plan.tasks.clone();
        self.run = Some(Run {
            per_class: vec![0; plan.classes.len()],
            plan,
            splits: 0,
            nodes: 0,
            started: now_ms,
        });
        let sends = sending(self.pool.start(job, tasks, now_ms));
        if self.pool.is_finished() {
            // Nothing to search (a board with no tour, say).
            self.finish(now_ms);
        }
        sends.and(Out::redraw())
    }

    /// The user cancels: workers finish the slice they hold (bounded by the node limit),
    /// whose answer is then ignored.
    pub fn cancel(&mut self, now_ms: f64) -> Out {
        let seconds = self
            .run
            .take()
            .map_or(0.0, |run| (now_ms - run.started) / 1000.0);
        self.count
            .cancel(self.pool.done(), self.pool.known(), seconds);
        self.pool.cancel();
        Out::redraw()
    }

    /// Worker `i` answered.
    pub fn answer(&mut self, i: usize, response: Response, now_ms: f64) -> Out {
        let Response { job, body } = response;
        match body {
            Answer::Count(CountAnswer::DepthFirst { results, .. }) => {
                self.counted(i, job, results, now_ms)
            }
            Answer::Ready => {
                self.pool.ready();
                match self.count.take_autostart(self.pool.is_ready()) {
                    true => self.start(now_ms),
                    false => Out::nothing(),
                }
            }
            Answer::Error { message } => {
                if !self.count.fail(job, message) {
                    return Out::nothing();
                }
                self.pool.cancel();
                self.run = None;
                Out::redraw()
            }
            _ => Out::nothing(),
        }
    }

    /// Worker `i` answered a batch: add the counted slices, queue the split ones first,
    /// hand it the next batch, and finish when none is left.
    fn counted(
        &mut self,
        i: usize,
        job: u32,
        results: Vec<Option<(u64, u64)>>,
        now_ms: f64,
    ) -> Out {
        let Some(run) = self.run.as_mut() else {
            return Out::nothing();
        };
        let Some(tasks) = self.pool.answered(i, job, now_ms) else {
            return Out::nothing();
        };
        let mut done = 0;
        let mut split = Vec::new();
        for (task, result) in tasks.iter().zip(results) {
            match result {
                Some((count, nodes)) => {
                    run.per_class[task.class as usize] += count * task.weight;
                    run.nodes += nodes;
                    done += 1;
                }
                None => {
                    run.nodes += TASK_NODE_LIMIT;
                    run.splits += 1;
                    split.extend(children(task));
                }
            }
        }
        self.pool.push_front(split);
        let next = sending(self.pool.next(i, done, now_ms));
        if !self.pool.is_finished() {
            // The clock redraws the progress; redrawing on every answer would take the
            // page's thread (and a core) from the workers.
            return next;
        }
        self.finish(now_ms);
        next.and(Out::redraw())
    }

    fn finish(&mut self, now_ms: f64) {
        let Some(run) = self.run.take() else { return };
        self.count.finish();
        let result = run.plan.result(&run.per_class);
        self.news = Some(Some(result.clone()));
        self.outcome = Some(Outcome {
            spec: run.plan.spec,
            result,
            reason: run.plan.impossible.clone(),
            seconds: (now_ms - run.started) / 1000.0,
            nodes: run.nodes,
            tasks: self.pool.done(),
            batches: self.pool.batches(),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::widgets::pool_served::PoolServed;
    use crate::app::widgets::task_count::Phase;

    /// The published directed and undirected counts for a board (and start).
    fn reference(board: &str, start: Option<&str>) -> (u64, Option<u64>) {
        let facts: serde_json::Value =
            serde_json::from_str(include_str!("../../../../../tests/reference/knight.json"))
                .unwrap();
        let rows = facts
            .as_object()
            .unwrap()
            .values()
            .filter_map(|v| v.as_array());
        let row = rows
            .flatten()
            .find(|r| r["board"] == board && r["start"].as_str() == start && r["directed"].is_u64())
            .expect("a reference row");
        (
            row["directed"].as_u64().unwrap(),
            row["undirected"].as_u64(),
        )
    }

    fn spec(side: u32, start: Option<&str>) -> CountSpec {
        let open = CountSpec::new(side, side, None, false);
        let board = open.board().unwrap();
        let start = start.map(|s| board.parse_square(s).unwrap());
        CountSpec { start, ..open }
    }

    fn counted(spec: CountSpec, workers: usize) -> DepthFirstState {
        let mut state = DepthFirstState::new(spec, false);
        state.pool.set_workers(workers);
        let mut served = PoolServed::default();
        served.send(&state.start(0.0));
        assert_eq!(
            state.news.take(),
            Some(None),
            "a new count clears the heatmap"
        );
        served.drain(|i, r| state.answer(i, r, 5.0));
        state
    }

    #[test]
    fn a_5x5_count_from_every_square_finds_the_published_tours() {
        let mut state = counted(spec(5, None), 2);
        let outcome = state.outcome.as_ref().expect("finished");
        let (directed, undirected) = reference("5x5", None);
        assert_eq!(outcome.result.directed, 1728);
        assert_eq!(outcome.result.directed, directed);
        assert_eq!(outcome.result.undirected, undirected);
        assert_eq!(outcome.tasks, state.pool.done());
        assert_eq!(state.count.phase(true), Phase::Done);
        let news = state.news.take().expect("the heatmap's news");
        assert_eq!(news.map(|r| r.directed), Some(1728));
    }

    #[test]
    fn a_5x5_count_from_a_corner_finds_the_published_tours() {
        let state = counted(spec(5, Some("a1")), 3);
        let (directed, _) = reference("5x5", Some("a1"));
        assert_eq!(state.outcome.expect("finished").result.directed, directed);
    }

    #[test]
    fn a_cancel_mid_count_ignores_later_answers_and_new_settings_clear_it() {
        let mut state = DepthFirstState::new(spec(5, None), false);
        state.pool.set_workers(2);
        let mut served = PoolServed::default();
        served.send(&state.start(0.0));
        assert!(served.step(&mut |i, r| state.answer(i, r, 1.0)));
        assert!(state.running());
        assert!(state.cancel(2.0).draws());
        assert_eq!(state.count.phase(false), Phase::Cancelled);
        served.outs.clear();
        served.drain(|i, r| state.answer(i, r, 3.0));
        assert!(!served.outs.is_empty(), "answers came after the cancel");
        assert!(served.outs.iter().all(|o| o == &Out::nothing()), "ignored");
        assert!(state.outcome.is_none());
        state.settings(spec(6, None));
        assert_eq!(state.count.phase(false), Phase::Idle);
    }

    #[test]
    fn a_link_starts_the_count_once_every_worker_has_loaded() {
        let mut state = DepthFirstState::new(spec(5, Some("a1")), true);
        state.pool.set_workers(2);
        let mut served = PoolServed::default();
        let outs: Vec<Out> = served
            .pings(2)
            .into_iter()
            .map(|(i, r)| state.answer(i, r, 0.0))
            .collect();
        assert!(outs[0].send_to.is_empty(), "one worker is still loading");
        assert!(!outs[1].send_to.is_empty(), "then the count starts");
        served.send(&outs[1]);
        served.drain(|i, r| state.answer(i, r, 1.0));
        assert_eq!(state.outcome.expect("counted").result.directed, 304);
    }

    #[test]
    fn a_slice_past_its_limit_is_split_and_an_error_ends_the_count() {
        let mut state = DepthFirstState::new(spec(5, None), false);
        state.pool.set_workers(1);
        let out = state.start(0.0);
        let job = out.send_to[0].1.job;
        let Ask::Count(CountAsk::DepthFirst { tasks, .. }) = &out.send_to[0].1.body else {
            panic!("a batch of slices");
        };
        let known = state.pool.known();
        let gave_up = Answer::Count(CountAnswer::DepthFirst {
            index: 0,
            results: vec![None; tasks.len()],
        });
        let next = state.answer(0, Response::new(job, gave_up), 1.0);
        assert_eq!(next.send_to.len(), 1, "the worker gets its next batch");
        let children: usize = tasks.iter().map(|t| children(t).len()).sum();
        assert!(children > 0);
        let known = known - tasks.len() + children;
        assert_eq!(state.pool.known(), known, "the slices' children are queued");
        assert_eq!(state.run.as_ref().unwrap().splits, tasks.len());
        let stale = Response::new(
            job + 1,
            Answer::Error {
                message: "x".into(),
            },
        );
        assert_eq!(state.answer(0, stale, 1.0), Out::nothing());
        let failed = Response::new(
            job,
            Answer::Error {
                message: "died".into(),
            },
        );
        assert!(state.answer(0, failed, 1.0).draws());
        assert!(!state.running());
        assert_eq!(state.count.message(), Some("died"));
    }
}
