//! The path-structure (frontier) count on every worker, in the command line's parts
//! (`knight-count --method frontier --part I/K`): each part a sweep in a worker with
//! progress, each finished part saved in the browser under the count's fingerprint
//! (`saved_parts.rs`), the total once the last part is in. "Export parts" downloads the
//! parts as `puzzlelab merge` reads them; "Import parts" adds parts the command line (or
//! another browser) counted. The state is `parts_state.rs`; this component draws it and
//! carries out its effects. The workers are started for the count and ended after it (or
//! on cancel), since a sweep leaves its worker's memory grown.

use gloo_timers::callback::Interval;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::app::count::parts_state::{Msg as PartsMsg, PartsState, Phase};
use crate::app::count::saved_parts;
use crate::app::count::totals_text::totals_text;
use crate::app::widgets::numbers::duration;
use crate::app::widgets::numbers::group;
use crate::app::widgets::task_pool::TaskPool;
use crate::app::widgets::worker_pool::{resolve, WorkerPool};
use puzzlelab_links::CountRun;
use puzzlelab_solver::knight::count::{CountResult, CountSpec};
use puzzlelab_solver::knight::frontier::FrontierResult;
use puzzlelab_worker::protocol::FrontierTask;
use puzzlelab_worker::protocol::{CountAnswer, CountAsk};
use puzzlelab_worker::{Answer, Ask, Request, Response};

/// Memory a part's layers may take in a worker: a wasm32 worker has at most 4 GiB, and
/// the worker's own code, the relaxed count and the allocator need some of it.
const MAX_BYTES: u64 = 3 << 30;

#[derive(Properties, PartialEq)]
pub struct FrontierProps {
    pub spec: CountSpec,
    /// Parts the count is split into (K).
    pub parts: u32,
    /// The finished count (for the heatmap), or `None` when a new count starts.
    pub onresult: Callback<Option<CountResult>>,
    #[prop_or_default]
    pub run: CountRun,
}

pub enum Msg {
    /// The saved parts read for the state of generation `.0`.
    Loaded(u32, Result<Option<String>, String>),
    /// The parts saved (how many), or why not.
    Saved(u32, Result<usize, String>),
    Start,
    Cancel,
    Worker(usize, Response),
    Export,
    /// A file chosen to import (its name and text), or why it could not be read.
    Import(Result<(String, String), String>),
    Dismiss,
    Tick,
}

/// A part as the pool hands it out: its index (from 1), and the sweep.
type Part = (u32, FrontierTask);

fn part_request(job: u32, _worker: u32, parts: &[Part]) -> Request {
    Request::new(
        job,
        Ask::Count(CountAsk::Frontier {
            parts: parts.iter().map(|&(_, task)| task).collect(),
            max_bytes: MAX_BYTES,
        }),
    )
}

pub struct FrontierCount {
    state: Result<PartsState, String>,
    /// Bumped for each new state, so a late read of the saved parts is ignored.
    generation: u32,
    pool: Option<(TaskPool<Part>, WorkerPool)>,
    job: u32,
    /// When each worker was last handed parts or answered (for a part's seconds).
    since: Vec<f64>,
    clock: Option<Interval>,
    /// The last export's download link (revoked when replaced).
    export: Option<gloo_file::ObjectUrl>,
    /// Where saving stands: parts saved, or why not.
    saved: Option<Result<usize, String>>,
}

fn now() -> f64 {
    js_sys::Date::now()
}

impl FrontierCount {
    /// The parts saved in this browser (or none) have been read: hand them to the state,
    /// then count if the link asks to.
    fn loaded(&mut self, ctx: &Context<Self>, found: Result<Option<String>, String>) {
        if let Err(why) = &found {
            self.saved = Some(Err(why.clone()));
        }
        let resumed = matches!(found, Ok(Some(_)));
        self.send(ctx, PartsMsg::Loaded(found));
        if resumed {
            if let Ok(state) = &self.state {
                self.saved = Some(Ok(state.parts.done.len()));
            }
        }
        if ctx.props().run.autostart {
            ctx.link().send_message(Msg::Start);
        }
    }

    /// Worker `i` counted the parts it held: hand them, with the time they took, to the
    /// state. Whether to redraw.
    fn parts_counted(
        &mut self,
        ctx: &Context<Self>,
        i: usize,
        job: u32,
        results: Vec<FrontierResult>,
    ) -> bool {
        let Some((pool, workers)) = self.pool.as_mut() else {
            return false;
        };
        let t = now();
        let Some(held) = pool.answered(i, job, t) else {
            return false;
        };
        workers.send(pool.next(i, held.len(), t));
        let seconds = self
            .since
            .get_mut(i)
            .map_or(0.0, |s| (t - std::mem::replace(s, t)) / 1000.0);
        let results = held.iter().map(|&(index, _)| index).zip(results).collect();
        self.send(
            ctx,
            PartsMsg::Finished {
                worker: i,
                results,
                seconds,
                now_ms: t,
            },
        );
        true
    }
    /// A fresh state for the props, and its saved parts asked for.
    fn open(&mut self, ctx: &Context<Self>) {
        self.stop();
        self.generation += 1;
        self.saved = None;
        let props = ctx.props();
        self.state = PartsState::new(props.spec, props.parts);
        if let Ok(state) = &self.state {
            let fingerprint = state.parts.fingerprint.clone();
            let generation = self.generation;
            let link = ctx.link().clone();
            yew::platform::spawn_local(async move {
                let found = saved_parts::load(&fingerprint).await;
                link.send_message(Msg::Loaded(generation, found));
            });
        }
    }

    /// Ends the count's workers (and the memory their sweeps grew).
    fn stop(&mut self) {
        self.job += 1;
        self.pool = None;
        self.clock = None;
    }

    fn send(&mut self, ctx: &Context<Self>, msg: PartsMsg) {
        let Ok(state) = self.state.as_mut() else {
            return;
        };
        let had_total = state.total.is_some();
        let fx = state.update(msg);
        let spec = state.parts.spec;
        let save = fx.save.then(|| {
            (
                state.parts.fingerprint.clone(),
                state.parts.export(),
                state.parts.done.len(),
            )
        });
        let tasks: Option<Vec<Part>> = fx.run.as_ref().map(|indices| {
            indices
                .iter()
                .map(|&i| {
                    (
                        i,
                        FrontierTask {
                            spec,
                            part: Some(state.parts.part_of(i)),
                        },
                    )
                })
                .collect()
        });
        let finished = (!had_total && state.total.is_some()).then(|| state.count_result());
        if fx.stop {
            self.stop();
        }
        if let Some((fingerprint, text, count)) = save {
            let link = ctx.link().clone();
            let generation = self.generation;
            yew::platform::spawn_local(async move {
                let saved = saved_parts::save(&fingerprint, &text).await;
                link.send_message(Msg::Saved(generation, saved.map(|()| count)));
            });
        }
        if let Some(tasks) = tasks {
            ctx.props().onresult.emit(None);
            // One part a batch: a part is a whole sweep (an 8x8 part is half an hour in a
            // worker), and its answer is what gets saved, so each is answered when done.
            let mut pool = TaskPool::new(part_request).with_max_batch(1);
            let mut workers = WorkerPool::default();
            let link = ctx.link().clone();
            pool.set_workers(workers.ensure(ctx.props().run.workers, move |i, r| {
                link.send_message(Msg::Worker(i, r))
            }));
            self.job += 1;
            self.since = vec![now(); pool.size()];
            workers.send(pool.start(self.job, tasks, now()));
            self.pool = Some((pool, workers));
            let link = ctx.link().clone();
            self.clock = Some(Interval::new(250, move || link.send_message(Msg::Tick)));
        }
        if let Some(result) = finished {
            ctx.props().onresult.emit(result);
        }
    }

    fn download(&mut self) {
        let Ok(state) = &self.state else { return };
        let text = state.parts.export();
        let blob = gloo_file::Blob::new_with_options(text.as_str(), Some("application/json"));
        let url = gloo_file::ObjectUrl::from(blob);
        let spec = state.parts.spec;
        let name = format!(
            "knight-count-{}x{}{}-parts-of-{}.jsonl",
            spec.width,
            spec.height,
            if spec.closed { "-closed" } else { "" },
            state.parts.of
        );
        let anchor = gloo_utils_document()
            .and_then(|d| d.create_element("a").ok())
            .and_then(|a| a.dyn_into::<web_sys::HtmlElement>().ok());
        if let Some(a) = anchor {
            let _ = a.set_attribute("href", &url);
            let _ = a.set_attribute("download", &name);
            a.click();
        }
        self.export = Some(url);
    }

    fn progress(&self, state: &PartsState) -> Html {
        let t = now();
        let (done, total, eta) = state.estimate(t);
        // Parts take about as long as each other; until one is done nothing says how long.
        let eta = eta.map_or(
            "the time left is known once a part is done".to_string(),
            |s| format!("about {} to go", duration(s)),
        );
        let in_hand: Vec<_> = state.in_hand.iter().flatten().collect();
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
        let elapsed = (t - state.started_ms) / 1000.0;
        html! {
            <>
                <progress max={total.max(1).to_string()} value={done.to_string()} aria-label="Counting progress"></progress>
                <p data-progress={state.parts.done.len().to_string()} data-work={done.to_string()} data-work-estimate={total.to_string()}
                    data-preparing={in_hand.iter().map(|p| p.oracle_steps_done).max().unwrap_or(0).to_string()}>{ format!(
                    "{} of {} parts done, {} running{}; {} structures in the layers being swept; {}; {}",
                    state.parts.done.len(), state.parts.of, in_hand.len(), preparing,
                    group(layer), duration(elapsed), eta) }</p>
            </>
        }
    }

    fn outcome(state: &PartsState) -> Html {
        let Some(total) = &state.total else {
            return html! {};
        };
        let spec = state.parts.spec;
        let seconds: f64 = state.parts.done.values().map(|p| p.seconds).sum();
        html! {
            <p class="count-result" data-directed={total.directed.to_string()}
                data-undirected={total.undirected.map(|u| u.to_string())}
                data-seconds={format!("{seconds:.3}")} data-parts={state.parts.of.to_string()}
                data-run-parts={state.finished_work.len().to_string()}>
                { totals_text(spec.width, spec.height, spec.closed, spec.start.is_some(), total.directed, total.undirected) }
                { format!("the sum of {} parts ({} counted here in this run, {} brought back from this browser or a file), {} of worker time in all{}.",
                    state.parts.of, state.finished_work.len(),
                    state.parts.of as usize - state.finished_work.len().min(state.parts.of as usize),
                    duration(seconds),
                    if state.peak > 0 { format!(", at most {} path structures in a layer", group(state.peak)) } else { String::new() }) }
            </p>
        }
    }
}

fn gloo_utils_document() -> Option<web_sys::Document> {
    web_sys::window().and_then(|w| w.document())
}

impl Component for FrontierCount {
    type Message = Msg;
    type Properties = FrontierProps;

    fn create(ctx: &Context<Self>) -> Self {
        let mut page = FrontierCount {
            state: Err(String::new()),
            generation: 0,
            pool: None,
            job: 0,
            since: Vec::new(),
            clock: None,
            export: None,
            saved: None,
        };
        page.open(ctx);
        page
    }

    fn changed(&mut self, ctx: &Context<Self>, old: &FrontierProps) -> bool {
        if ctx.props().spec != old.spec || ctx.props().parts != old.parts {
            self.open(ctx);
        }
        true
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Loaded(generation, _) | Msg::Saved(generation, _)
                if generation != self.generation =>
            {
                return false
            }
            Msg::Saved(_, saved) => self.saved = Some(saved),
            Msg::Loaded(_, found) => self.loaded(ctx, found),
            Msg::Start => {
                let workers = resolve(ctx.props().run.workers);
                self.send(
                    ctx,
                    PartsMsg::Start {
                        now_ms: now(),
                        workers,
                    },
                );
            }
            Msg::Cancel => self.send(ctx, PartsMsg::Cancel { now_ms: now() }),
            Msg::Worker(
                i,
                Response {
                    job,
                    body: Answer::Count(CountAnswer::FrontierProgress { progress, .. }),
                },
            ) => {
                if job != self.job {
                    return false;
                }
                self.send(
                    ctx,
                    PartsMsg::Progress {
                        worker: i,
                        progress,
                    },
                );
                // The clock redraws.
                return false;
            }
            Msg::Worker(
                i,
                Response {
                    job,
                    body: Answer::Count(CountAnswer::Frontier { results }),
                },
            ) => return self.parts_counted(ctx, i, job, results),
            Msg::Worker(
                _,
                Response {
                    job,
                    body: Answer::Error { message },
                },
            ) if job == self.job => self.send(ctx, PartsMsg::Failed(message)),
            Msg::Worker(..) => return false,
            Msg::Export => self.download(),
            Msg::Import(Ok((name, text))) => self.send(ctx, PartsMsg::Import { name, text }),
            Msg::Import(Err(why)) => {
                if let Ok(state) = self.state.as_mut() {
                    state.alert = Some(why);
                }
            }
            Msg::Dismiss => self.send(ctx, PartsMsg::Dismiss),
            Msg::Tick => {}
        }
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let state = match &self.state {
            Ok(state) => state,
            Err(why) => {
                return html! {
                    <div class="count-panel" data-count="knight" data-method="frontier" data-state="error" data-count-state="error">
                        <h3>{"Count by path structures"}</h3>
                        <p class="alert" role="alert">{ why }</p>
                    </div>
                };
            }
        };
        let phase = state.phase;
        let workers = match &self.pool {
            Some((pool, _)) => pool.size(),
            None => resolve(ctx.props().run.workers),
        };
        let elapsed = (phase == Phase::Done).then(|| format!("{:.0}", state.elapsed_ms));
        let parts = &state.parts;
        let missing = parts.of as usize - parts.done.len();
        let on_file = link.callback_future(|e: Event| async move {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            let file = input.files().and_then(|files| files.get(0));
            input.set_value("");
            let Some(file) = file else {
                return Msg::Import(Err("no file was chosen".to_string()));
            };
            let name = file.name();
            let file = gloo_file::File::from(file);
            match gloo_file::futures::read_as_text(&file).await {
                Ok(text) => Msg::Import(Ok((name, text))),
                Err(e) => Msg::Import(Err(format!("{name} could not be read: {e}"))),
            }
        });
        let saved = match &self.saved {
            Some(Ok(n)) => format!("{n} of {} parts saved in this browser.", parts.of),
            Some(Err(why)) => format!("Parts are not saved in this browser ({why})."),
            None => "Finished parts are saved in this browser as they come.".to_string(),
        };
        html! {
            <div class="count-panel parts-panel" data-count="knight" data-method="frontier" data-count-state={phase.as_str()} data-state={phase.as_str()}
                data-elapsed-ms={elapsed} data-workers={workers.to_string()} data-parts={parts.of.to_string()}
                data-parts-done={parts.done.len().to_string()} data-fingerprint={parts.fingerprint.clone()}
                data-resumed={state.resumed.to_string()}
                data-saved={match &self.saved { Some(Ok(n)) => n.to_string(), _ => String::new() }}>
                <h3>{"Count by path structures"}</h3>
                <p class="hint">{ format!(
                    "The board is covered cell by cell; instead of each partial tour, only how the path pieces at the edge of the covered part pair up is kept, with a count for each. The count is split into {} parts (the command line's --part I/K), shared by {workers} worker{}.",
                    parts.of, if workers == 1 { "" } else { "s" }) }</p>
                if phase == Phase::Running {
                    { self.progress(state) }
                    <button type="button" onclick={link.callback(|_| Msg::Cancel)} data-action="cancel-count">{"Cancel"}</button>
                } else {
                    <button type="button" class="primary" disabled={phase == Phase::Loading || phase == Phase::Done}
                        onclick={link.callback(|_| Msg::Start)} data-action="count">{
                        if phase == Phase::Done {
                            "Counted".to_string()
                        } else if parts.done.is_empty() {
                            "Count all tours".to_string()
                        } else {
                            format!("Count the {missing} parts left")
                        }
                    }</button>
                }
                <p class="parts-line" data-parts-line="">
                    <span>{ format!("{} of {} parts done. ", parts.done.len(), parts.of) }</span>
                    <span data-saved-line="">{ saved }</span>
                </p>
                <div class="parts-actions">
                    <button type="button" data-action="export-parts" disabled={parts.done.is_empty()}
                        onclick={link.callback(|_| Msg::Export)}>{"Export parts"}</button>
                    <label class="button import">{"Import parts"}
                        <input type="file" name="import-parts" accept=".json,.jsonl,application/json,text/plain"
                            data-action="import-parts" onchange={on_file} />
                    </label>
                </div>
                <p class="hint">{ format!(
                    "Exported parts are what `puzzlelab merge` reads; parts from `puzzlelab knight-count --board {}x{}{}{} --method frontier --part I/{}` can be imported here. Fingerprint {}.",
                    parts.spec.width, parts.spec.height,
                    parts.spec.start.and_then(|s| parts.spec.board().ok().map(|b| format!(" --start {}", b.name(s)))).unwrap_or_default(),
                    if parts.spec.closed { " --closed" } else { "" },
                    parts.of, parts.fingerprint) }</p>
                if let Some(why) = &state.alert {
                    <div class="alert" role="alert" data-parts-alert="">
                        <p>{ why }</p>
                        <button type="button" onclick={link.callback(|_| Msg::Dismiss)}>{"Dismiss"}</button>
                    </div>
                }
                if let Some(news) = &state.notice {
                    <p class="hint" role="status" data-parts-notice="">{ news }</p>
                }
                { Self::outcome(state) }
            </div>
        }
    }
}
