//! The depth-first tour counter (method `depth-first`) on every core: prefix tasks handed
//! to idle workers one at a time; a task that runs past its node limit comes back and is
//! split into its children, so no worker is ever stuck for long and cancel takes effect at
//! once.

use gloo_timers::callback::Interval;
use yew::prelude::*;

use crate::app::count::totals_text::totals_text;
use crate::app::widgets::numbers::{duration, group};
use crate::app::widgets::task_count::TaskCount;
use crate::app::widgets::task_pool::TaskPool;
use crate::app::widgets::worker_pool::WorkerPool;
use puzzlelab_links::CountRun;
use puzzlelab_solver::knight::count::{children, CountPlan, CountResult, CountSpec, CountTask};
use puzzlelab_worker::protocol::{CountAnswer, CountAsk};
use puzzlelab_worker::{Answer, Ask, Request, Response};

/// Search nodes a worker spends on one task before handing it back to be split (a few
/// tenths of a second in the browser).
const TASK_NODE_LIMIT: u64 = 20_000_000;

#[derive(Properties, PartialEq)]
pub struct DepthFirstProps {
    pub spec: CountSpec,
    /// The finished count (for the heatmap), or `None` when a new count starts.
    pub onresult: Callback<Option<CountResult>>,
    /// Workers (`workers=`) and whether to start at once (`count=1`), from the link.
    #[prop_or_default]
    pub run: CountRun,
}

pub enum Msg {
    Start,
    Cancel,
    Worker(usize, Response),
    Tick,
}

struct Run {
    plan: CountPlan,
    per_class: Vec<u64>,
    splits: usize,
    nodes: u64,
    started: f64,
}

impl Run {
    fn counted(&self) -> u64 {
        self.plan.result(&self.per_class).directed
    }
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

/// What the last count found.
struct Outcome {
    spec: CountSpec,
    result: CountResult,
    reason: Option<String>,
    seconds: f64,
    nodes: u64,
    tasks: usize,
    /// Batches handed to workers (each a message there and one back).
    batches: usize,
}

pub struct DepthFirstCount {
    pool: TaskPool<CountTask>,
    workers: WorkerPool,
    count: TaskCount,
    run: Option<Run>,
    outcome: Option<Outcome>,
    clock: Option<Interval>,
}

fn now() -> f64 {
    js_sys::Date::now()
}

impl DepthFirstCount {
    fn ensure_workers(&mut self, ctx: &Context<Self>) {
        let link = ctx.link().clone();
        let started = self.workers.ensure(ctx.props().run.workers, move |i, r| {
            link.send_message(Msg::Worker(i, r))
        });
        self.pool.set_workers(started);
    }

    /// Count: plan the tasks for the settings and hand them to the workers.
    fn start(&mut self, ctx: &Context<Self>) -> bool {
        self.outcome = None;
        ctx.props().onresult.emit(None);
        let plan = match CountPlan::new(ctx.props().spec) {
            Ok(plan) => plan,
            Err(message) => {
                self.count.refuse(message);
                return true;
            }
        };
        let job = self.count.start();
        self.ensure_workers(ctx);
        let classes = plan.classes.len();
        let tasks = plan.tasks.clone();
        self.run = Some(Run {
            plan,
            per_class: vec![0; classes],
            splits: 0,
            nodes: 0,
            started: now(),
        });
        if tasks.is_empty() {
            self.finish(ctx);
            return true;
        }
        let sends = self.pool.start(job, tasks, now());
        self.workers.send(sends);
        let link = ctx.link().clone();
        self.clock = Some(Interval::new(250, move || link.send_message(Msg::Tick)));
        true
    }

    /// Worker `i` answered a batch: add the counted slices, queue the split ones, and
    /// finish when none is left. Whether to redraw.
    fn answered(
        &mut self,
        ctx: &Context<Self>,
        i: usize,
        job: u32,
        results: Vec<Option<(u64, u64)>>,
    ) -> bool {
        let Some(run) = self.run.as_mut() else {
            return false;
        };
        let Some(tasks) = self.pool.answered(i, job, now()) else {
            return false;
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
        // Children go first so the queue drains depth first.
        self.pool.push_front(split);
        let sends = self.pool.next(i, done, now());
        self.workers.send(sends);
        if !self.pool.is_finished() {
            // The clock redraws the progress; redrawing on every answer would
            // take the page's thread (and a core) from the workers.
            return false;
        }
        self.finish(ctx);
        true
    }

    fn finish(&mut self, ctx: &Context<Self>) {
        let Some(run) = self.run.take() else { return };
        self.count.finish();
        let result = run.plan.result(&run.per_class);
        ctx.props().onresult.emit(Some(result.clone()));
        self.outcome = Some(Outcome {
            spec: run.plan.spec,
            result,
            reason: run.plan.impossible.clone(),
            seconds: (now() - run.started) / 1000.0,
            nodes: run.nodes,
            tasks: self.pool.done(),
            batches: self.pool.batches(),
        });
        self.clock = None;
    }

    fn progress(&self, run: &Run) -> Html {
        let (done, known) = (self.pool.done(), self.pool.known());
        let elapsed = (now() - run.started) / 1000.0;
        let eta = (done > 0)
            .then(|| elapsed * (known - done) as f64 / done as f64)
            .map_or("—".to_string(), duration);
        html! {
            <>
                <progress max={known.to_string()} value={done.to_string()} aria-label="Counting progress"></progress>
                <p data-progress={done.to_string()} data-counted={run.counted().to_string()}>{ format!(
                    "{} of {} tasks ({} split further), {} tours so far, {} nodes, {}; about {} to go",
                    done, known, run.splits, group(run.counted()), group(run.nodes), duration(elapsed), eta) }</p>
            </>
        }
    }

    fn outcome(&self, o: &Outcome) -> Html {
        html! {
            <p class="count-result" data-directed={o.result.directed.to_string()}
                data-undirected={o.result.undirected.map(|u| u.to_string())}
                data-seconds={format!("{:.3}", o.seconds)}>
                { totals_text(o.spec.width, o.spec.height, o.spec.closed, o.spec.start.is_some(), o.result.directed.into(), o.result.undirected.map(u128::from)) }
                { format!("{} tasks in {} batches, {} nodes, {} on {} workers.", o.tasks, o.batches, group(o.nodes), duration(o.seconds), self.pool.size().max(1)) }
                if let Some(reason) = &o.reason {
                    <br /><span class="reason">{ format!("No search needed: {reason}.") }</span>
                }
            </p>
        }
    }
}

impl Component for DepthFirstCount {
    type Message = Msg;
    type Properties = DepthFirstProps;

    fn create(ctx: &Context<Self>) -> Self {
        let mut count = DepthFirstCount {
            pool: TaskPool::new(task_request),
            workers: WorkerPool::default(),
            count: TaskCount::new(ctx.props().run.autostart),
            run: None,
            outcome: None,
            clock: None,
        };
        // Workers start loading with the page, so a count does not wait for them.
        count.ensure_workers(ctx);
        count
    }

    fn changed(&mut self, ctx: &Context<Self>, old: &DepthFirstProps) -> bool {
        if ctx.props().spec != old.spec {
            // New settings: what is running or shown no longer applies.
            self.count.reset();
            self.pool.cancel();
            self.run = None;
            self.outcome = None;
            self.clock = None;
        }
        true
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Start => self.start(ctx),
            Msg::Cancel => {
                // Workers finish the slice they hold (bounded by the node limit); its
                // answer is then ignored.
                let seconds = self
                    .run
                    .take()
                    .map_or(0.0, |run| (now() - run.started) / 1000.0);
                self.count
                    .cancel(self.pool.done(), self.pool.known(), seconds);
                self.pool.cancel();
                self.clock = None;
                true
            }
            Msg::Worker(
                i,
                Response {
                    job,
                    body: Answer::Count(CountAnswer::DepthFirst { results, .. }),
                },
            ) => self.answered(ctx, i, job, results),
            Msg::Worker(
                _,
                Response {
                    body: Answer::Ready,
                    ..
                },
            ) => {
                self.pool.ready();
                if self.count.take_autostart(self.pool.is_ready()) {
                    ctx.link().send_message(Msg::Start);
                }
                false
            }
            Msg::Worker(
                _,
                Response {
                    job,
                    body: Answer::Error { message },
                },
            ) => {
                if !self.count.fail(job, message) {
                    return false;
                }
                self.pool.cancel();
                self.run = None;
                self.clock = None;
                true
            }
            Msg::Worker(..) => false,
            Msg::Tick => true,
        }
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let state = self.count.phase(self.outcome.is_some()).name();
        let workers = self.workers.planned(ctx.props().run.workers);
        let elapsed = self
            .outcome
            .as_ref()
            .map(|o| format!("{:.0}", o.seconds * 1000.0));
        let batches = self.outcome.as_ref().map(|o| o.batches.to_string());
        let timing = self.outcome.as_ref().map(|_| self.pool.timing());
        html! {
            <div class="count-panel" data-count="knight" data-count-state={state} data-state={state}
                data-elapsed-ms={elapsed} data-batches={batches} data-timing={timing} data-workers={workers.to_string()}>
                <h3>{"Fast exhaustive count"}</h3>
                <p class="hint">{ format!(
                    "Backtracking that abandons a walk as soon as a square can no longer be reached or two squares would both have to be last; one start per symmetry class; small tasks shared by {workers} worker{}.",
                    if workers == 1 { "" } else { "s" }) }</p>
                if let Some(run) = &self.run {
                    { self.progress(run) }
                    <button type="button" onclick={link.callback(|_| Msg::Cancel)} data-action="cancel-count">{"Cancel"}</button>
                } else {
                    <button type="button" class="primary" onclick={link.callback(|_| Msg::Start)} data-action="count">{"Count all tours"}</button>
                }
                if let Some(message) = self.count.message() {
                    <p class="hint" role="status">{ message }</p>
                }
                if let Some(o) = &self.outcome {
                    { self.outcome(o) }
                }
            </div>
        }
    }
}
