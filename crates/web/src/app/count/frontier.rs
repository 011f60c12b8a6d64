//! The path-structure (frontier) count on every worker, in the command line's parts
//! (`knight-count --method frontier --part I/K`): each part a sweep in a worker with
//! progress, each finished part saved in the browser under the count's fingerprint
//! (`saved_parts.rs`), the total once the last part is in. "Export parts" downloads the
//! parts as `puzzlelab merge` reads them; "Import parts" adds parts the command line (or
//! another browser) counted. The state is `parts_state.rs`, and what the workers' answers
//! mean is decided in `frontier_state.rs`; this component draws them and carries out what
//! they ask. The workers are started for the count and ended after it (or
//! on cancel), since a sweep leaves its worker's memory grown.

use gloo_timers::callback::Interval;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::app::count::frontier_state::{FrontierOut, FrontierState, Saving};
use crate::app::count::parts_state::{PartsState, Phase};
use crate::app::count::saved_parts;
use crate::app::count::totals_text::totals_text;
use crate::app::widgets::numbers::duration;
use crate::app::widgets::numbers::group;
use crate::app::widgets::redraw_clock::keep;
use crate::app::widgets::worker_pool::{resolve, WorkerPool};
use puzzlelab_links::CountRun;
use puzzlelab_solver::knight::count::{CountResult, CountSpec};
use puzzlelab_worker::Response;

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

pub struct FrontierCount {
    state: FrontierState,
    /// The run's workers: started for a run and ended after it (or on cancel), since a
    /// sweep leaves its worker's memory grown.
    workers: Option<WorkerPool>,
    clock: Option<Interval>,
    /// The last export's download link (revoked when replaced).
    export: Option<gloo_file::ObjectUrl>,
}

fn now() -> f64 {
    js_sys::Date::now()
}

impl FrontierCount {
    /// Does what the state asked: ends or starts the workers and sends to them, reads or
    /// writes the saved parts, tells the heatmap, keeps the clock; whether to draw.
    fn carry(&mut self, ctx: &Context<Self>, fx: FrontierOut) -> bool {
        if fx.stop {
            self.workers = None;
        }
        if let Some(fingerprint) = fx.load {
            let generation = self.state.generation;
            let link = ctx.link().clone();
            yew::platform::spawn_local(async move {
                let found = saved_parts::load(&fingerprint).await;
                link.send_message(Msg::Loaded(generation, found));
            });
        }
        if let Some(saving) = fx.save {
            Self::save(ctx, saving);
        }
        if let Some(news) = fx.news {
            ctx.props().onresult.emit(news);
        }
        if !fx.out.send_to.is_empty() {
            let link = ctx.link().clone();
            let workers = self.workers.get_or_insert_with(WorkerPool::default);
            workers.ensure(ctx.props().run.workers, move |i, r| {
                link.send_message(Msg::Worker(i, r))
            });
            workers.send(fx.out.send_to);
        }
        let link = ctx.link().clone();
        let beat = move || link.send_message(Msg::Tick);
        keep(
            &mut self.clock,
            self.state.running_on().is_some(),
            250,
            beat,
        );
        fx.out.redraw
    }

    fn save(ctx: &Context<Self>, saving: Saving) {
        let link = ctx.link().clone();
        yew::platform::spawn_local(async move {
            let saved = saved_parts::save(&saving.fingerprint, &saving.text).await;
            let count = saving.count;
            link.send_message(Msg::Saved(saving.generation, saved.map(|()| count)));
        });
    }

    fn download(&mut self) {
        let Ok(state) = &self.state.parts else { return };
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
        let props = ctx.props();
        let mut page = FrontierCount {
            state: FrontierState::new(props.run.autostart),
            workers: None,
            clock: None,
            export: None,
        };
        let fx = page.state.open(props.spec, props.parts);
        page.carry(ctx, fx);
        page
    }

    fn changed(&mut self, ctx: &Context<Self>, old: &FrontierProps) -> bool {
        let props = ctx.props();
        if props.spec != old.spec || props.parts != old.parts {
            let fx = self.state.open(props.spec, props.parts);
            self.carry(ctx, fx);
        }
        true
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        let workers = resolve(ctx.props().run.workers);
        let fx = match msg {
            Msg::Saved(generation, saved) => return self.state.saved(generation, saved),
            Msg::Loaded(generation, found) => self.state.loaded(generation, found, now(), workers),
            Msg::Start => self.state.start(now(), workers),
            Msg::Cancel => self.state.cancel(now()),
            Msg::Worker(i, response) => self.state.answer(i, response, now()),
            Msg::Export => {
                self.download();
                return true;
            }
            Msg::Import(file) => self.state.import(file, now()),
            Msg::Dismiss => self.state.dismiss(now()),
            Msg::Tick => return true,
        };
        self.carry(ctx, fx)
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let state = match &self.state.parts {
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
        let workers = self
            .state
            .running_on()
            .unwrap_or_else(|| resolve(ctx.props().run.workers));
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
        let saved = match &self.state.saved {
            Some(Ok(n)) => format!("{n} of {} parts saved in this browser.", parts.of),
            Some(Err(why)) => format!("Parts are not saved in this browser ({why})."),
            None => "Finished parts are saved in this browser as they come.".to_string(),
        };
        html! {
            <div class="count-panel parts-panel" data-count="knight" data-method="frontier" data-count-state={phase.as_str()} data-state={phase.as_str()}
                data-elapsed-ms={elapsed} data-workers={workers.to_string()} data-parts={parts.of.to_string()}
                data-parts-done={parts.done.len().to_string()} data-fingerprint={parts.fingerprint.clone()}
                data-resumed={state.resumed.to_string()}
                data-saved={match &self.state.saved { Some(Ok(n)) => n.to_string(), _ => String::new() }}>
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
