//! The path-structure (frontier) count on every worker: one independent part per start
//! class (see `solver::knight::frontier::parts`), biggest first, each swept in a worker
//! with progress; the page adds the parts up. The workers are started for the count and
//! ended after it (or on cancel), since a sweep leaves its worker's memory grown.

use gloo_timers::callback::Interval;
use yew::prelude::*;

use crate::app::count::depth_first::duration;
use crate::app::widgets::numbers::group;
use crate::app::widgets::worker_pool::WorkerPool;
use crate::share::CountRun;
use crate::solver::board::Board;
use crate::solver::knight::count::{CountResult, CountSpec};
use crate::solver::knight::frontier::parts::{overall, work_of};
use crate::solver::knight::frontier::{FrontierParts, FrontierProgress, FrontierResult};
use crate::worker::{Answer, Ask, Request, Response};

/// Memory a part's layers may take in a worker: a wasm32 worker has at most 4 GiB, and
/// the worker's own code, the relaxed count and the allocator need some of it.
const MAX_BYTES: u64 = 3 << 30;

#[derive(Properties, PartialEq)]
pub struct FrontierProps {
    pub spec: CountSpec,
    /// The finished count (for the heatmap), or `None` when a new count starts.
    pub onresult: Callback<Option<CountResult>>,
    #[prop_or_default]
    pub run: CountRun,
}

pub enum Msg {
    Start,
    Cancel,
    Worker(usize, Response),
    Tick,
}

/// A part as the pool hands it out: its index among the parts, and its spec.
type Part = (u32, CountSpec);

fn part_request(job: u32, _worker: u32, parts: &[Part]) -> Request {
    Request::new(
        job,
        Ask::FrontierCount {
            parts: parts.iter().map(|&(_, spec)| spec).collect(),
            max_bytes: MAX_BYTES,
        },
    )
}

struct Run {
    split: FrontierParts,
    results: Vec<Option<FrontierResult>>,
    /// Work of each finished part, and each worker's part in hand.
    finished: Vec<u64>,
    running: Vec<Option<FrontierProgress>>,
    started: f64,
}

struct Outcome {
    spec: CountSpec,
    result: CountResult,
    parts: usize,
    peak: u64,
    seconds: f64,
    workers: usize,
}

pub struct FrontierCount {
    pool: Option<WorkerPool<Part>>,
    job: u32,
    run: Option<Run>,
    outcome: Option<Outcome>,
    message: Option<String>,
    cancelled: bool,
    clock: Option<Interval>,
}

fn now() -> f64 {
    js_sys::Date::now()
}

/// Parts farthest from the centre first: starts near the edge keep the most structures
/// alive (6x6: a1 four times c3), and the longest parts should not come last.
fn biggest_first(board: Board, split: &FrontierParts) -> Vec<Part> {
    let (w, h) = (board.width() as i64, board.height() as i64);
    let off_centre = |s: u32| {
        let (x, y) = board.coords(s);
        (2 * x as i64 - (w - 1)).pow(2) + (2 * y as i64 - (h - 1)).pow(2)
    };
    let mut parts: Vec<Part> = split
        .parts
        .iter()
        .enumerate()
        .map(|(i, &p)| (i as u32, p))
        .collect();
    parts.sort_by_key(|&(_, p)| std::cmp::Reverse(p.start.map_or(0, off_centre)));
    parts
}

impl FrontierCount {
    /// Ends the count's workers (and the memory their sweeps grew).
    fn stop(&mut self) {
        self.pool = None;
        self.clock = None;
    }

    fn finish(&mut self, ctx: &Context<Self>) {
        let Some(run) = self.run.take() else { return };
        let workers = self.pool.as_ref().map_or(0, WorkerPool::size);
        self.stop();
        let results: Vec<FrontierResult> = run.results.into_iter().flatten().collect();
        match run.split.combine(&results) {
            Ok(result) => {
                ctx.props().onresult.emit(Some(result.clone()));
                self.outcome = Some(Outcome {
                    spec: run.split.spec,
                    result,
                    parts: run.split.parts.len(),
                    peak: results.iter().map(|r| r.peak_states).max().unwrap_or(0),
                    seconds: (now() - run.started) / 1000.0,
                    workers,
                });
            }
            Err(message) => self.message = Some(message),
        }
    }

    fn progress(&self, run: &Run) -> Html {
        let parts = run.split.parts.len();
        let in_hand: Vec<FrontierProgress> = run.running.iter().flatten().copied().collect();
        let queued = parts.saturating_sub(run.finished.len() + in_hand.len());
        let (done, total) = overall(&run.finished, &in_hand, queued);
        let elapsed = (now() - run.started) / 1000.0;
        let eta = (done > 0 && total >= done)
            .then(|| elapsed * (total - done) as f64 / done as f64)
            .map_or("—".to_string(), duration);
        // The relaxed count comes first in each part (no work counted yet): its layers.
        let preparing = in_hand
            .iter()
            .filter(|p| p.preparing)
            .map(|p| {
                format!(
                    " (building the relaxed count first: {} of {} layers)",
                    p.oracle_steps_done, p.oracle_steps
                )
            })
            .next()
            .unwrap_or_default();
        let layer: u64 = in_hand.iter().map(|p| p.layer_states).sum();
        html! {
            <>
                <progress max={total.max(1).to_string()} value={done.to_string()} aria-label="Counting progress"></progress>
                <p data-progress={run.finished.len().to_string()} data-work={done.to_string()} data-work-estimate={total.to_string()}
                    data-preparing={in_hand.iter().map(|p| p.oracle_steps_done).max().unwrap_or(0).to_string()}>{ format!(
                    "{} of {parts} parts done, {} running{}; {} structures in the layers being swept; {}; about {eta} to go{}",
                    run.finished.len(), in_hand.len(), preparing,
                    group(layer), duration(elapsed),
                    // Layers grow faster than the step machine guesses until the middle rows.
                    if run.finished.is_empty() { " (a rough guess until a part is done)" } else { "" }) }</p>
            </>
        }
    }

    fn outcome(&self, o: &Outcome) -> Html {
        let what = if o.spec.closed {
            "closed tours"
        } else {
            "open tours"
        };
        let undirected = match o.result.undirected {
            Some(u) if o.spec.closed => format!("{} cycles (no start, no direction); ", group(u)),
            Some(u) => format!("{} undirected (a path and its reverse once); ", group(u)),
            None => String::new(),
        };
        html! {
            <p class="count-result" data-directed={o.result.directed.to_string()}
                data-undirected={o.result.undirected.map(|u| u.to_string())}
                data-seconds={format!("{:.3}", o.seconds)} data-parts={o.parts.to_string()}>
                { format!("{}x{} {what}: {} directed (move sequences", o.spec.width, o.spec.height, group(o.result.directed)) }
                { if o.spec.start.is_some() { " from the chosen start); " } else { "); " } }
                { undirected }
                { format!("{} part{}, at most {} path structures in a layer, {} on {} workers.",
                    o.parts, if o.parts == 1 { "" } else { "s" }, group(o.peak), duration(o.seconds), o.workers.max(1)) }
            </p>
        }
    }
}

impl Component for FrontierCount {
    type Message = Msg;
    type Properties = FrontierProps;

    fn create(ctx: &Context<Self>) -> Self {
        if ctx.props().run.autostart {
            ctx.link().send_message(Msg::Start);
        }
        FrontierCount {
            pool: None,
            job: 0,
            run: None,
            outcome: None,
            message: None,
            cancelled: false,
            clock: None,
        }
    }

    fn changed(&mut self, ctx: &Context<Self>, old: &FrontierProps) -> bool {
        if ctx.props().spec != old.spec {
            self.job += 1;
            self.stop();
            self.run = None;
            self.outcome = None;
        }
        true
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Start => {
                self.job += 1;
                self.cancelled = false;
                self.message = None;
                self.outcome = None;
                ctx.props().onresult.emit(None);
                let spec = ctx.props().spec;
                let split = match FrontierParts::new(spec) {
                    Ok(split) => split,
                    Err(message) => {
                        self.message = Some(message);
                        return true;
                    }
                };
                let parts = match spec.board() {
                    Ok(board) => biggest_first(board, &split),
                    Err(message) => {
                        self.message = Some(message);
                        return true;
                    }
                };
                let mut pool = WorkerPool::new(part_request);
                let link = ctx.link().clone();
                pool.ensure(ctx.props().run.workers, move |i, r| {
                    link.send_message(Msg::Worker(i, r))
                });
                self.run = Some(Run {
                    results: vec![None; split.parts.len()],
                    finished: Vec::new(),
                    running: vec![None; pool.size()],
                    split,
                    started: now(),
                });
                if parts.is_empty() {
                    self.finish(ctx);
                    return true;
                }
                pool.start(self.job, parts);
                self.pool = Some(pool);
                let link = ctx.link().clone();
                self.clock = Some(Interval::new(250, move || link.send_message(Msg::Tick)));
            }
            Msg::Cancel => {
                if let Some(run) = self.run.take() {
                    self.message = Some(format!(
                        "Cancelled after {} of {} parts ({}).",
                        run.finished.len(),
                        run.split.parts.len(),
                        duration((now() - run.started) / 1000.0)
                    ));
                    self.cancelled = true;
                }
                self.job += 1;
                self.stop();
            }
            Msg::Worker(
                i,
                Response {
                    job,
                    body: Answer::FrontierProgress { progress, .. },
                },
            ) => {
                let Some(run) = self.run.as_mut().filter(|_| job == self.job) else {
                    return false;
                };
                if let Some(slot) = run.running.get_mut(i) {
                    *slot = Some(progress);
                }
                // The clock redraws.
                return false;
            }
            Msg::Worker(
                i,
                Response {
                    job,
                    body: Answer::FrontierCount { results },
                },
            ) => {
                let (Some(run), Some(pool)) = (self.run.as_mut(), self.pool.as_mut()) else {
                    return false;
                };
                let Some(held) = pool.answered(i, job) else {
                    return false;
                };
                for (&(index, _), result) in held.iter().zip(results) {
                    run.finished.push(work_of(&result));
                    if let Some(slot) = run.results.get_mut(index as usize) {
                        *slot = Some(result);
                    }
                }
                if let Some(slot) = run.running.get_mut(i) {
                    *slot = None;
                }
                pool.next(i, held.len());
                if pool.is_finished() {
                    self.finish(ctx);
                }
            }
            Msg::Worker(
                _,
                Response {
                    job,
                    body: Answer::Error { message },
                },
            ) if job == self.job => {
                self.job += 1;
                self.stop();
                self.run = None;
                self.message = Some(message);
            }
            Msg::Worker(..) => return false,
            Msg::Tick => {}
        }
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let state = if self.run.is_some() {
            "running"
        } else if self.outcome.is_some() {
            "done"
        } else if self.cancelled {
            "cancelled"
        } else {
            "idle"
        };
        let workers = match &self.pool {
            Some(pool) => pool.size(),
            None => WorkerPool::<Part>::new(part_request).planned(ctx.props().run.workers),
        };
        let elapsed = self
            .outcome
            .as_ref()
            .map(|o| format!("{:.0}", o.seconds * 1000.0));
        html! {
            <div class="count-panel" data-count="knight" data-method="frontier" data-count-state={state} data-state={state}
                data-elapsed-ms={elapsed} data-workers={workers.to_string()}>
                <h3>{"Count by path structures"}</h3>
                <p class="hint">{ format!(
                    "The board is covered cell by cell; instead of each partial tour, only how the path pieces at the edge of the covered part pair up is kept, with a count for each. One independent part per start class, shared by {workers} worker{}.",
                    if workers == 1 { "" } else { "s" }) }</p>
                if let Some(run) = &self.run {
                    { self.progress(run) }
                    <button type="button" onclick={link.callback(|_| Msg::Cancel)} data-action="cancel-count">{"Cancel"}</button>
                } else {
                    <button type="button" class="primary" onclick={link.callback(|_| Msg::Start)} data-action="count">{"Count all tours"}</button>
                }
                if let Some(message) = &self.message {
                    <p class="hint" role="status">{ message }</p>
                }
                if let Some(o) = &self.outcome {
                    { self.outcome(o) }
                }
            </div>
        }
    }
}
