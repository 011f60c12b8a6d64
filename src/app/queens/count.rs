//! Counting all N-queens solutions on every core: the count is split into small prefix
//! tasks that idle workers take one at a time, with progress, elapsed time and cancel.

use gloo_timers::callback::Interval;
use yew::prelude::*;

use crate::app::widgets::bar_chart::group;
use crate::solver::queens::count::{tasks, Task, MAX_COUNT_N};
use crate::worker::{Request, Response};

#[derive(Properties, PartialEq)]
pub struct CountProps {
    pub n: u32,
}

pub enum Msg {
    Start,
    Cancel,
    Worker(usize, Response),
    Tick,
}

struct Run {
    job: u32,
    n: u32,
    tasks: Vec<Task>,
    next: usize,
    done: usize,
    total: u64,
    started: f64,
}

pub struct QueensCount {
    workers: Vec<crate::app::widgets::worker_bridge::Supervised>,
    job: u32,
    run: Option<Run>,
    result: Option<(u32, u64, Option<u64>, f64)>,
    message: Option<String>,
    /// Redraws the elapsed time while counting.
    clock: Option<Interval>,
}

/// Workers to use: one per core the browser reports, at most 16.
pub fn cores() -> usize {
    web_sys::window()
        .map(|w| w.navigator().hardware_concurrency() as usize)
        .unwrap_or(2)
        .clamp(1, 16)
}

fn now() -> f64 {
    js_sys::Date::now()
}

/// Rows fixed per task: enough tasks to share out, each a few milliseconds or more.
fn prefix_rows(n: u32) -> u32 {
    match n {
        0..=9 => 1,
        10..=15 => 2,
        _ => 3,
    }
}

impl QueensCount {
    fn ensure_workers(&mut self, ctx: &Context<Self>) {
        if !self.workers.is_empty() {
            return;
        }
        for i in 0..cores() {
            let link = ctx.link().clone();
            self.workers
                .push(crate::app::widgets::worker_bridge::spawn(move |r| {
                    link.send_message(Msg::Worker(i, r))
                }));
        }
    }

    /// Gives worker `i` the next task, if any is left.
    fn feed(&mut self, i: usize) {
        let Some(run) = self.run.as_mut() else { return };
        if run.next < run.tasks.len() {
            let index = run.next as u32;
            self.workers[i].send(Request::QueensTask {
                job: run.job,
                index,
                task: run.tasks[run.next],
            });
            run.next += 1;
        }
    }
}

impl Component for QueensCount {
    type Message = Msg;
    type Properties = CountProps;

    fn create(_ctx: &Context<Self>) -> Self {
        QueensCount {
            workers: Vec::new(),
            job: 0,
            run: None,
            result: None,
            message: None,
            clock: None,
        }
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Start => {
                let n = ctx.props().n;
                if !(1..=MAX_COUNT_N).contains(&n) {
                    self.message = Some(format!(
                        "counting is limited to N = 1 to {MAX_COUNT_N} here: N = {n} would take far too long"
                    ));
                    return true;
                }
                self.ensure_workers(ctx);
                self.job += 1;
                self.message = None;
                self.result = None;
                self.run = Some(Run {
                    job: self.job,
                    n,
                    tasks: tasks(n, prefix_rows(n)),
                    next: 0,
                    done: 0,
                    total: 0,
                    started: now(),
                });
                for i in 0..self.workers.len() {
                    self.feed(i);
                }
                let link = ctx.link().clone();
                self.clock = Some(Interval::new(200, move || link.send_message(Msg::Tick)));
            }
            Msg::Cancel => {
                // Workers finish the small task they hold; its answer is then ignored.
                if let Some(run) = self.run.take() {
                    self.message = Some(format!(
                        "Cancelled after {} of {} tasks ({:.1} s).",
                        run.done,
                        run.tasks.len(),
                        (now() - run.started) / 1000.0
                    ));
                }
                self.job += 1;
                self.clock = None;
            }
            Msg::Worker(i, Response::QueensTask { job, count, .. }) => {
                let Some(run) = self.run.as_mut().filter(|r| r.job == job) else {
                    return false;
                };
                run.total += count;
                run.done += 1;
                if run.done == run.tasks.len() {
                    let run = self.run.take().expect("checked");
                    let elapsed = (now() - run.started) / 1000.0;
                    self.result = Some((run.n, run.total, None, elapsed));
                    self.clock = None;
                    self.workers[i].send(Request::QueensUnique {
                        job: run.job,
                        n: run.n,
                        total: run.total,
                    });
                } else {
                    self.feed(i);
                }
            }
            Msg::Worker(_, Response::QueensUnique { job, unique }) => {
                if job != self.job {
                    return false;
                }
                if let Some(result) = self.result.as_mut() {
                    result.2 = Some(unique);
                }
            }
            Msg::Worker(_, Response::Error { job, message }) if job == self.job => {
                self.run = None;
                self.clock = None;
                self.message = Some(message);
            }
            Msg::Worker(..) => return false,
            Msg::Tick => {}
        }
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let n = ctx.props().n;
        let workers = if self.workers.is_empty() {
            cores()
        } else {
            self.workers.len()
        };
        html! {
            <div class="count-panel" data-count-state={
                if self.run.is_some() { "running" } else if self.result.is_some() { "done" } else { "idle" }
            }>
                <h3>{ format!("Count every solution for N = {n}") }</h3>
                <p class="hint">{ format!(
                    "Bitboards, mirror symmetry, and {} worker{} taking small tasks as they finish.",
                    workers, if workers == 1 { "" } else { "s" }) }</p>
                if let Some(run) = &self.run {
                    <progress max={run.tasks.len().to_string()} value={run.done.to_string()}
                        aria-label="Counting progress"></progress>
                    <p data-progress={run.done.to_string()}>{ format!(
                        "{} of {} tasks, {} solutions so far, {:.1} s",
                        run.done, run.tasks.len(), group(run.total), (now() - run.started) / 1000.0) }</p>
                    <button type="button" onclick={link.callback(|_| Msg::Cancel)} data-action="cancel-count">{"Cancel"}</button>
                } else {
                    <button type="button" class="primary" onclick={link.callback(|_| Msg::Start)} data-action="count">{"Count"}</button>
                }
                if let Some(message) = &self.message {
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
                        { format!(" — {seconds:.2} s on {} workers.", self.workers.len()) }
                    </p>
                }
            </div>
        }
    }
}
