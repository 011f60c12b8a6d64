//! What the depth-first count's worker answers mean: the plan's slices handed out, each
//! counted slice added to its symmetry class, a slice that ran past its node limit split
//! into its children (queued first, so the queue drains depth first), the total once none
//! is left; cancel, errors, new settings, and a link's `count=1` once the workers have
//! loaded. Plain Rust: `depth_first.rs` forwards its messages here, sends what comes back
//! and draws.

use crate::app::contract::Out;
use crate::app::widgets::pool_count::{Heard, PoolCount, TaskCounting};
use puzzlelab_pictures::count_bars::CountBars;
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
    fn new(plan: CountPlan, started: f64) -> Run {
        Run {
            per_class: vec![0; plan.classes.len()],
            plan,
            splits: 0,
            nodes: 0,
            started,
        }
    }

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
    /// The start classes counted and the tours from each square of each (the bars).
    pub classes: Vec<Vec<u32>>,
    pub per_class: Vec<u64>,
}

/// Hands worker `index` a batch of slices, each to be given up past the node limit.
fn task_request(job: u32, index: u32, tasks: &[CountTask]) -> Request {
    let (tasks, limit) = (tasks.to_vec(), TASK_NODE_LIMIT);
    Request::new(
        job,
        Ask::Count(CountAsk::DepthFirst {
            index,
            tasks,
            limit,
        }),
    )
}

pub struct DepthFirstState {
    pub tasks: PoolCount<CountTask>,
    pub run: Option<Run>,
    pub outcome: Option<Outcome>,
    /// The settings a count is for (the page's).
    pub spec: CountSpec,
    /// For the page's heatmap: the finished count, or `None` when a new one starts
    /// (taken by the lab after each call).
    pub news: Option<Option<CountResult>>,
}

impl DepthFirstState {
    pub fn new(spec: CountSpec, autostart: bool) -> Self {
        DepthFirstState {
            tasks: PoolCount::new(task_request, autostart),
            run: None,
            outcome: None,
            spec,
            news: None,
        }
    }

    /// Whether a count runs (the page draws its progress on a beat meanwhile).
    pub fn running(&self) -> bool {
        self.run.is_some()
    }

    /// New settings: what is running or shown no longer applies.
    pub fn settings(&mut self, spec: CountSpec) {
        self.spec = spec;
        self.tasks.count.reset();
        self.tasks.pool.cancel();
        self.run = None;
        self.outcome = None;
    }
}

impl TaskCounting for DepthFirstState {
    /// Count: plan the slices for the settings and hand them to the workers.
    fn start(&mut self, now_ms: f64) -> Out {
        self.outcome = None;
        self.news = Some(None);
        let plan = match CountPlan::new(self.spec) {
            Ok(plan) => plan,
            Err(message) => {
                self.tasks.count.refuse(message);
                return Out::redraw();
            }
        };
        let sends = self.tasks.begin(plan.tasks.clone(), now_ms);
        self.run = Some(Run::new(plan, now_ms));
        // Nothing to search (a board with no tour, say): nothing to wait for.
        match self.tasks.pool.is_finished() {
            true => sends.and(self.finish(now_ms)),
            false => sends,
        }
    }

    /// The user cancels: workers finish the slice they hold (bounded by the node limit),
    /// whose answer is then ignored.
    fn cancel(&mut self, now_ms: f64) -> Out {
        let seconds = self
            .run
            .take()
            .map_or(0.0, |run| (now_ms - run.started) / 1000.0);
        self.tasks.cancel(self.tasks.pool.known(), seconds);
        Out::redraw()
    }

    /// Worker `i` answered.
    fn answer(&mut self, i: usize, response: Response, now_ms: f64) -> Out {
        let Response { job, body } = response;
        match body {
            Answer::Count(CountAnswer::DepthFirst { results, .. }) => {
                self.counted(i, job, results, now_ms)
            }
            other => match self.tasks.heard(job, other) {
                Heard::Start => self.start(now_ms),
                Heard::Failed => {
                    self.run = None;
                    Out::redraw()
                }
                Heard::Nothing => Out::nothing(),
            },
        }
    }
}

impl DepthFirstState {
    /// The count's bars: the tours from each square of each start class, so far while it
    /// runs (none before a count, or where a theorem says there is no tour).
    pub fn bars(&self) -> Option<CountBars> {
        let (classes, per_class, running) = match (&self.run, &self.outcome) {
            (Some(run), _) => (&run.plan.classes, &run.per_class, true),
            (None, Some(o)) => (&o.classes, &o.per_class, false),
            (None, None) => return None,
        };
        let board = self.spec.board().ok()?;
        CountBars::depth_first(
            board,
            self.spec.start,
            self.spec.closed,
            classes,
            per_class,
            running,
        )
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
        let Some(tasks) = self.tasks.pool.answered(i, job, now_ms) else {
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
        self.tasks.pool.push_front(split);
        let (next, finished) = self.tasks.next(i, done, now_ms);
        if !finished {
            // The clock redraws the progress; redrawing on every answer would take the
            // page's thread (and a core) from the workers.
            return next;
        }
        next.and(self.finish(now_ms))
    }

    /// Every slice is in: the total, drawn.
    fn finish(&mut self, now_ms: f64) -> Out {
        let Some(run) = self.run.take() else {
            return Out::nothing();
        };
        self.tasks.count.finish();
        let result = run.plan.result(&run.per_class);
        self.news = Some(Some(result.clone()));
        self.outcome = Some(Outcome {
            spec: run.plan.spec,
            result,
            reason: run.plan.impossible.clone(),
            seconds: (now_ms - run.started) / 1000.0,
            nodes: run.nodes,
            tasks: self.tasks.pool.done(),
            batches: self.tasks.pool.batches(),
            classes: run.plan.classes,
            per_class: run.per_class,
        });
        Out::redraw()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::widgets::pool_served::{error, knight_reference as reference, PoolServed};
    use crate::app::widgets::task_count::Phase;

    fn spec(side: u32, start: Option<&str>) -> CountSpec {
        let open = CountSpec::new(side, side, None, false);
        let board = open.board().unwrap();
        let start = start.map(|s| board.parse_square(s).unwrap());
        CountSpec { start, ..open }
    }

    fn counted(spec: CountSpec, workers: usize) -> DepthFirstState {
        let mut state = DepthFirstState::new(spec, false);
        state.tasks.pool.set_workers(workers);
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
        assert_eq!(outcome.tasks, state.tasks.pool.done());
        assert_eq!(state.tasks.count.phase(true), Phase::Done);
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
        state.tasks.pool.set_workers(2);
        let mut served = PoolServed::default();
        served.send(&state.start(0.0));
        assert!(served.step(&mut |i, r| state.answer(i, r, 1.0)));
        assert!(state.running());
        assert!(state.cancel(2.0).draws());
        assert_eq!(state.tasks.count.phase(false), Phase::Cancelled);
        assert!(served.all_ignored(|i, r| state.answer(i, r, 3.0)));
        assert!(state.outcome.is_none());
        state.settings(spec(6, None));
        assert_eq!(state.tasks.count.phase(false), Phase::Idle);
    }

    #[test]
    fn a_link_starts_the_count_once_every_worker_has_loaded() {
        let mut state = DepthFirstState::new(spec(5, Some("a1")), true);
        state.tasks.pool.set_workers(2);
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
        state.tasks.pool.set_workers(1);
        let out = state.start(0.0);
        let job = out.send_to[0].1.job;
        let Ask::Count(CountAsk::DepthFirst { tasks, .. }) = &out.send_to[0].1.body else {
            panic!("a batch of slices");
        };
        let known = state.tasks.pool.known();
        let gave_up = Answer::Count(CountAnswer::DepthFirst {
            index: 0,
            results: vec![None; tasks.len()],
        });
        let next = state.answer(0, Response::new(job, gave_up), 1.0);
        assert_eq!(next.send_to.len(), 1, "the worker gets its next batch");
        let children: usize = tasks.iter().map(|t| children(t).len()).sum();
        assert!(children > 0);
        let known = known - tasks.len() + children;
        assert_eq!(
            state.tasks.pool.known(),
            known,
            "the slices' children are queued"
        );
        assert_eq!(state.run.as_ref().unwrap().splits, tasks.len());
        // A failed worker ends the count, slices queued and all.
        assert!(state.answer(0, error(job, "died"), 1.0).draws());
        assert!(!state.running() && state.tasks.pool.is_finished());
    }
}
