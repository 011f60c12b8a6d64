//! Counting all N-queens solutions on every core: the count is split into small prefix
//! tasks that idle workers take one at a time, with progress, elapsed time and cancel.

use gloo_timers::callback::Interval;
use yew::prelude::*;

use crate::app::widgets::numbers::group;
use crate::app::widgets::task_count::TaskCount;
use crate::app::widgets::task_pool::TaskPool;
use crate::app::widgets::worker_pool::WorkerPool;
use puzzlelab_links::CountRun;
use puzzlelab_solver::queens::classes::{class_tasks, ClassTask};
use puzzlelab_solver::queens::count::MAX_COUNT_N;
use puzzlelab_worker::protocol::{QueensAnswer, QueensAsk};
use puzzlelab_worker::{Answer, Ask, Request, Response};

#[derive(Properties, PartialEq)]
pub struct CountProps {
    pub n: u32,
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
    n: u32,
    tasks: usize,
    total: u64,
    /// Symmetry classes found so far: each class is searched once and weighted.
    unique: u64,
    started: f64,
}

fn task_request(job: u32, worker: u32, tasks: &[ClassTask]) -> Request {
    Request::new(
        job,
        Ask::Queens(QueensAsk::Task {
            index: worker,
            tasks: tasks.to_vec(),
        }),
    )
}

pub struct QueensCount {
    pool: TaskPool<ClassTask>,
    workers: WorkerPool,
    count: TaskCount,
    run: Option<Run>,
    result: Option<(u32, u64, Option<u64>, f64)>,
    /// Redraws the elapsed time while counting.
    clock: Option<Interval>,
}

fn now() -> f64 {
    js_sys::Date::now()
}

impl QueensCount {
    fn ensure_workers(&mut self, ctx: &Context<Self>) {
        let link = ctx.link().clone();
        let started = self.workers.ensure(ctx.props().run.workers, move |i, r| {
            link.send_message(Msg::Worker(i, r))
        });
        self.pool.set_workers(started);
    }

    /// Count: hand the symmetry classes' tasks to the workers.
    fn start(&mut self, ctx: &Context<Self>) -> bool {
        let n = ctx.props().n;
        if !(1..=MAX_COUNT_N).contains(&n) {
            self.count.refuse(format!(
                "N must be 1 to {MAX_COUNT_N} for a count (N = {n} is outside that range)"
            ));
            return true;
        }
        self.ensure_workers(ctx);
        let job = self.count.start();
        self.result = None;
        let tasks = class_tasks(n);
        self.run = Some(Run {
            n,
            tasks: tasks.len(),
            total: 0,
            unique: 0,
            started: now(),
        });
        let sends = self.pool.start(job, tasks, now());
        self.workers.send(sends);
        let link = ctx.link().clone();
        self.clock = Some(Interval::new(200, move || link.send_message(Msg::Tick)));
        true
    }

    /// Worker `i` counted a batch: add it, and finish when every task is in. Whether to
    /// redraw.
    fn task_counted(&mut self, i: usize, job: u32, count: u64, unique: u64) -> bool {
        let Some(run) = self.run.as_mut() else {
            return false;
        };
        let Some(tasks) = self.pool.answered(i, job, now()) else {
            return false;
        };
        run.total += count;
        run.unique += unique;
        let sends = self.pool.next(i, tasks.len(), now());
        self.workers.send(sends);
        if !self.pool.is_finished() {
            // The clock redraws the progress; redrawing on every answer would
            // take the page's thread (and a core) from the workers.
            return false;
        }
        let run = self.run.take().expect("checked");
        self.count.finish();
        let elapsed = (now() - run.started) / 1000.0;
        self.result = Some((run.n, run.total, Some(run.unique), elapsed));
        self.clock = None;
        true
    }
}

impl Component for QueensCount {
    type Message = Msg;
    type Properties = CountProps;

    fn create(ctx: &Context<Self>) -> Self {
        let mut count = QueensCount {
            pool: TaskPool::new(task_request),
            workers: WorkerPool::default(),
            count: TaskCount::new(ctx.props().run.autostart),
            run: None,
            result: None,
            clock: None,
        };
        // Workers start loading with the page, so a count does not wait for them.
        count.ensure_workers(ctx);
        count
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Start => return self.start(ctx),
            Msg::Cancel => {
                // Workers finish the small task they hold; its answer is then ignored.
                let (of, seconds) = self
                    .run
                    .take()
                    .map_or((0, 0.0), |run| (run.tasks, (now() - run.started) / 1000.0));
                self.count.cancel(self.pool.done(), of, seconds);
                self.pool.cancel();
                self.clock = None;
            }
            Msg::Worker(
                i,
                Response {
                    job,
                    body: Answer::Queens(QueensAnswer::Task { count, unique, .. }),
                },
            ) => return self.task_counted(i, job, count, unique),
            Msg::Worker(
                _,
                Response {
                    job,
                    body: Answer::Queens(QueensAnswer::Unique { unique }),
                },
            ) => {
                if job != self.count.job() {
                    return false;
                }
                if let Some(result) = self.result.as_mut() {
                    result.2 = Some(unique);
                }
            }
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
                return false;
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
            }
            Msg::Worker(..) => return false,
            Msg::Tick => {}
        }
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let n = ctx.props().n;
        let workers = self.workers.planned(ctx.props().run.workers);
        let state = self.count.phase(self.result.is_some()).name();
        let elapsed = self.result.as_ref().map(|r| format!("{:.0}", r.3 * 1000.0));
        // Batches handed to workers (each a message there and one back), once done.
        let batches = self
            .result
            .as_ref()
            .map(|_| self.pool.batches().to_string());
        let timing = self.result.as_ref().map(|_| self.pool.timing());
        html! {
            <div class="count-panel" data-count="queens" data-count-state={state} data-state={state}
                data-elapsed-ms={elapsed} data-batches={batches} data-timing={timing} data-workers={workers.to_string()}>
                <h3>{ format!("Count every solution for N = {n}") }</h3>
                <p class="hint">{ format!(
                    "Each symmetry class of solutions searched once (the first queen's place relative to the corners) and weighted by its class size, on {} worker{} taking small tasks as they finish.",
                    workers, if workers == 1 { "" } else { "s" }) }</p>
                if let Some(run) = &self.run {
                    <progress max={run.tasks.to_string()} value={self.pool.done().to_string()}
                        aria-label="Counting progress"></progress>
                    <p data-progress={self.pool.done().to_string()}>{ format!(
                        "{} of {} tasks, {} solutions so far, {:.1} s",
                        self.pool.done(), run.tasks, group(run.total), (now() - run.started) / 1000.0) }</p>
                    <button type="button" onclick={link.callback(|_| Msg::Cancel)} data-action="cancel-count">{"Cancel"}</button>
                } else {
                    <button type="button" class="primary" onclick={link.callback(|_| Msg::Start)} data-action="count">{"Count"}</button>
                }
                if let Some(message) = self.count.message() {
                    <p class="hint" role="status">{ message }</p>
                }
                if let Some((rn, total, unique, seconds)) = &self.result {
                    <p class="count-result" data-n={rn.to_string()} data-solutions={total.to_string()}
                        data-seconds={format!("{seconds:.3}")}
                        data-unique={unique.map(|u| u.to_string())}>
                        { format!("N = {rn}: {} solutions", group(*total)) }
                        { match unique {
                            Some(u) => format!(", {} fundamental (up to rotation and reflection)", group(*u)),
                            None => ", fundamental ones being worked out…".to_string(),
                        } }
                        { format!(" — {seconds:.2} s on {} workers.", self.pool.size()) }
                    </p>
                }
            </div>
        }
    }
}
