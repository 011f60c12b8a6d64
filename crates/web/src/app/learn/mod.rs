//! The lessons (`#/learn`, `#/learn/<lesson>?step=k`): a step's text beside its live
//! workbench. The lessons themselves — steps, facts, try-its — are plain data from
//! `solver::lessons`; this folder draws them and wires the workbenches' widgets in.
//!
//! Page hooks: `[data-lesson]` (slug) with `data-step` (from 1) and `data-steps`; the
//! step's heading `h2[data-step-title]`; numbers in the text are `<data data-fact=name
//! value=… data-hook=…>` (`data-pending` until the worker has answered); the try-it
//! `[data-try]` with `data-done`; navigation `[data-action="previous-step|next-step"]`;
//! `a[data-open-workbench]`; the live region `[data-announce]`.

mod bench;
mod cube_benches;
mod index;
mod knight_bench;
mod naive_benches;
mod queens_bench;
mod starts_bench;
mod text;

pub use index::LessonIndex;

use yew::prelude::*;

use crate::app::shell::location;
use puzzlelab_links::{encode_route, BenchLink, LearnLink, Route};
use puzzlelab_solver::cube::Metric;
use puzzlelab_solver::lessons::{self, try_it::Signal, Inputs, Lesson, Observed, TryIt};
use puzzlelab_worker::protocol::{Answer, Ask, GraphAnswer, GraphQuery};
use puzzlelab_worker::protocol::{CubeAnswer, CubeAsk};
use puzzlelab_worker::{Request, Response};

#[derive(Properties, PartialEq)]
pub struct LearnProps {
    pub link: LearnLink,
    pub problems: Vec<String>,
}

pub enum Msg {
    Go(usize),
    Signal(Signal),
    Bench(BenchLink),
    Key(KeyNav),
    Worker(Response),
    /// The paths workbench asks for its `index`-th shortest path.
    Path(u64),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyNav {
    Previous,
    Next,
}

pub struct LearnPage {
    lesson: Option<Lesson>,
    step: usize,
    bench: BenchLink,
    observed: Observed,
    inputs: Inputs,
    facts: Vec<lessons::Fact>,
    /// What the live region says.
    announce: String,
    worker: Option<crate::app::widgets::worker_bridge::Supervised>,
    job: u32,
    /// The paths workbench's answer: moves, index.
    path: Option<(String, u64)>,
    _keys: Option<KeyNavListener>,
}

impl LearnPage {
    fn write_url(&self) {
        let link = LearnLink {
            lesson: self.lesson.as_ref().map(|l| l.slug.to_string()),
            step: self.step,
            bench: self.bench.clone(),
        };
        location::replace_hash(&encode_route(&Route::Learn(link)));
    }

    fn refresh_facts(&mut self) {
        if let Some(l) = &self.lesson {
            self.facts = lessons::facts(l.slug, &self.inputs);
        }
    }

    /// The cube lesson's last layers come from the worker: both tables, then the path the
    /// paths step shows (its count and length are known at once: see `solver::lessons::cube`).
    fn ask_worker(&mut self, ctx: &Context<Self>) {
        if self.lesson.as_ref().map(|l| l.slug) != Some(lessons::cube::SLUG) {
            return;
        }
        let link = ctx.link().clone();
        let worker = self.worker.get_or_insert_with(|| {
            crate::app::widgets::worker_bridge::spawn(move |r| link.send_message(Msg::Worker(r)))
        });
        self.job += 1;
        let job = self.job;
        let ask = if self.inputs.cube_qtm.is_none() {
            Ask::Cube(CubeAsk::Table {
                metric: Metric::Qtm,
            })
        } else if self.inputs.cube_htm.is_none() {
            Ask::Cube(CubeAsk::Table {
                metric: Metric::Htm,
            })
        } else {
            Ask::Cube(CubeAsk::Graph {
                metric: Metric::Qtm,
                query: GraphQuery::Solve {
                    start: lessons::cube::paths_start().to_string(),
                    goal: None,
                    costs: None,
                    index: self.path.as_ref().map_or(0, |p| p.1),
                },
            })
        };
        worker.send(Request::new(job, ask));
    }

    fn go(&mut self, step: usize) -> bool {
        let Some(lesson) = &self.lesson else {
            return false;
        };
        let step = step.min(lesson.steps.len() - 1);
        if step == self.step {
            return false;
        }
        self.step = step;
        self.bench = BenchLink::default();
        self.observed = Observed::default();
        self.announce = format!(
            "Step {} of {}: {}",
            step + 1,
            lesson.steps.len(),
            lesson.steps[step].title
        );
        self.write_url();
        focus_heading();
        true
    }
}

/// Moves focus to the step's heading, so a screen reader reads the new step.
fn focus_heading() {
    use wasm_bindgen::JsCast;
    gloo_timers::callback::Timeout::new(0, || {
        if let Some(h) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.query_selector("[data-step-title]").ok().flatten())
            .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
        {
            let _ = h.focus();
        }
    })
    .forget();
}

impl Component for LearnPage {
    type Message = Msg;
    type Properties = LearnProps;

    fn create(ctx: &Context<Self>) -> Self {
        let link = &ctx.props().link;
        let lesson = link.lesson.as_deref().and_then(lessons::find);
        let step = lesson
            .as_ref()
            .map_or(0, |l| link.step.min(l.steps.len() - 1));
        let keys = {
            let cb = ctx.link().callback(Msg::Key);
            lesson
                .is_some()
                .then(|| KeyNavListener::new(move |k| cb.emit(k)))
                .flatten()
        };
        let mut page = LearnPage {
            announce: String::new(),
            lesson,
            step,
            bench: link.bench.clone(),
            observed: Observed::default(),
            inputs: Inputs::default(),
            facts: Vec::new(),
            worker: None,
            job: 0,
            path: None,
            _keys: keys,
        };
        if page.lesson.as_ref().map(|l| l.slug) == Some(lessons::cube::SLUG) {
            page.inputs.cube_paths = Some(lessons::cube::paths_facts());
        }
        page.refresh_facts();
        page.ask_worker(ctx);
        page
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Go(step) => self.go(step),
            Msg::Key(KeyNav::Previous) => self.go(self.step.saturating_sub(1)),
            Msg::Key(KeyNav::Next) => self.go(self.step + 1),
            Msg::Signal(signal) => {
                let Some(lesson) = &self.lesson else {
                    return false;
                };
                let try_it = lesson.steps[self.step].try_it.clone();
                let was = try_it.as_ref().is_some_and(|t| t.is_done(&self.observed));
                if !self.observed.note(signal) {
                    return false;
                }
                if let Some(t) = try_it {
                    if !was && t.is_done(&self.observed) {
                        self.announce = format!("Done: {}", t.label());
                    }
                }
                true
            }
            Msg::Bench(link) => {
                if link == self.bench {
                    return false;
                }
                self.bench = link;
                self.write_url();
                false
            }
            Msg::Worker(Response { job, body }) if job == self.job => match body {
                Answer::Cube(CubeAnswer::Table { metric, counts }) => {
                    match metric {
                        Metric::Qtm => self.inputs.cube_qtm = Some(counts),
                        Metric::Htm => self.inputs.cube_htm = Some(counts),
                    }
                    self.refresh_facts();
                    self.ask_worker(ctx);
                    true
                }
                Answer::Cube(CubeAnswer::Graph {
                    answer:
                        GraphAnswer::Solution {
                            moves,
                            distance,
                            count,
                            index,
                            ..
                        },
                }) => {
                    self.inputs.cube_paths = Some((distance, count.unwrap_or(0)));
                    self.path = Some((moves, index));
                    self.refresh_facts();
                    true
                }
                Answer::Error { message } => {
                    self.announce = message;
                    true
                }
                _ => false,
            },
            Msg::Worker(_) => false,
            Msg::Path(index) => {
                self.path = Some((String::new(), index));
                // Before the tables are in, the worker asks for this path once they are.
                if self.inputs.cube_htm.is_some() {
                    self.ask_worker(ctx);
                }
                true
            }
        }
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let problems =
            html! { <crate::app::shell::alert::Alert problems={ctx.props().problems.clone()} /> };
        let Some(lesson) = &self.lesson else {
            return html! {
                <section class="learn-index" aria-labelledby="learn-title">
                    { problems }
                    <h2 id="learn-title">{"Lessons"}</h2>
                    <p class="hint">{"Five short lessons, one for each article PuzzleLab grew from. Every step puts a few sentences next to a live workbench; every number in the text is computed by the machine beside it."}</p>
                    <LessonIndex />
                </section>
            };
        };
        let link = ctx.link();
        let step = &lesson.steps[self.step];
        let n = lesson.steps.len();
        let done = step.try_it.as_ref().map(|t| t.is_done(&self.observed));
        let onsignal = link.callback(Msg::Signal);
        let onlink = link.callback(Msg::Bench);
        let heading_id = "step-title";
        html! {
            <article class="lesson" data-lesson={lesson.slug} data-step={(self.step + 1).to_string()}
                data-steps={n.to_string()} aria-labelledby={heading_id}>
                { problems }
                <nav class="lesson-nav" aria-label="Lesson steps">
                    <a href="#/learn">{"All lessons"}</a>
                    <span class="lesson-name">{ lesson.title }</span>
                    <ol class="step-dots">
                        { for (0..n).map(|k| {
                            let current = (k == self.step).then_some("step");
                            let href = encode_route(&Route::Learn(LearnLink {
                                lesson: Some(lesson.slug.to_string()),
                                step: k,
                                bench: BenchLink::default(),
                            }));
                            let onclick = link.callback(move |e: MouseEvent| { e.prevent_default(); Msg::Go(k) });
                            html! {
                                <li><a {href} aria-current={current} {onclick}
                                    aria-label={format!("Step {}: {}", k + 1, lesson.steps[k].title)}>{ k + 1 }</a></li>
                            }
                        }) }
                    </ol>
                </nav>
                <div class="lesson-columns">
                    <div class="lesson-text">
                        <p class="step-count">{ format!("Step {} of {n} · {}", self.step + 1, lesson.source) }</p>
                        <h2 id={heading_id} data-step-title="" tabindex="-1">{ step.title }</h2>
                        <text::StepText text={step.text} facts={self.facts.clone()} late={lessons::late_facts(lesson.slug)} />
                        if let Some(t) = &step.try_it {
                            <p class={classes!("try-it", done.unwrap_or(false).then_some("done"))}
                                data-try={try_kind(t)} data-try-target={try_target(t)} data-try-times={try_times(t)}
                                data-facts-after-try={step.facts_after_try.to_string()}
                                data-done={done.unwrap_or(false).to_string()}>
                                <strong>{ if done.unwrap_or(false) { "Done: " } else { "Try it: " } }</strong>
                                { t.label() }
                                if done.unwrap_or(false) { <span aria-hidden="true">{" ✓"}</span> }
                            </p>
                        }
                        <div class="step-buttons">
                            <button type="button" data-action="previous-step" disabled={self.step == 0}
                                onclick={link.callback(|_| Msg::Key(KeyNav::Previous))}>{"← Previous"}</button>
                            <button type="button" data-action="next-step" disabled={self.step + 1 == n}
                                onclick={link.callback(|_| Msg::Key(KeyNav::Next))}>{"Next →"}</button>
                        </div>
                        <p class="hint keys-hint">{"Keys: ← → or Page Up / Page Down change the step."}</p>
                    </div>
                    <div class="lesson-bench" key={format!("{}-{}", lesson.slug, self.step)}
                        onclick={link.batch_callback(|e: MouseEvent| pressed_action(&e).map(|a| Msg::Signal(Signal::Press(a))))}>
                        <bench::BenchView bench={step.bench.clone()} link={self.bench.clone()}
                            {onsignal} {onlink}
                            path={self.path.clone()} paths={self.inputs.cube_paths}
                            onpath={link.callback(Msg::Path)}
                            cube_counts={(self.inputs.cube_qtm.clone(), self.inputs.cube_htm.clone())} />
                    </div>
                </div>
                <p class="visually-hidden" aria-live="polite" data-announce="">{ self.announce.clone() }</p>
            </article>
        }
    }
}

/// The lesson's keys on the window: ← → and Page Up / Page Down change the step (not in
/// a field, on a range slider or in a search tree, which keep their own arrows).
pub struct KeyNavListener {
    closure: wasm_bindgen::closure::Closure<dyn FnMut(web_sys::KeyboardEvent)>,
}

impl KeyNavListener {
    fn new(on_key: impl Fn(KeyNav) + 'static) -> Option<KeyNavListener> {
        use wasm_bindgen::JsCast;
        let closure = wasm_bindgen::closure::Closure::<dyn FnMut(web_sys::KeyboardEvent)>::new(
            move |e: web_sys::KeyboardEvent| {
                if e.ctrl_key() || e.meta_key() || e.alt_key() || own_arrows(&e) {
                    return;
                }
                let nav = match e.key().as_str() {
                    "ArrowLeft" | "PageUp" => KeyNav::Previous,
                    "ArrowRight" | "PageDown" => KeyNav::Next,
                    _ => return,
                };
                e.prevent_default();
                on_key(nav);
            },
        );
        web_sys::window()?
            .add_event_listener_with_callback("keydown", closure.as_ref().unchecked_ref())
            .ok()?;
        Some(KeyNavListener { closure })
    }
}

impl Drop for KeyNavListener {
    fn drop(&mut self) {
        use wasm_bindgen::JsCast;
        if let Some(w) = web_sys::window() {
            let _ = w.remove_event_listener_with_callback(
                "keydown",
                self.closure.as_ref().unchecked_ref(),
            );
        }
    }
}

/// Keys that belong to the element they are pressed on: fields, sliders, the board's
/// squares (arrows move between them) and a search tree's nodes.
fn own_arrows(e: &web_sys::KeyboardEvent) -> bool {
    use wasm_bindgen::JsCast;
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .map(|el| {
            matches!(el.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA")
                || el
                    .closest("[data-node], [data-square]")
                    .ok()
                    .flatten()
                    .is_some()
        })
        .unwrap_or(false)
}

/// A try-it as page hooks, so a test can do it: its kind, target and count.
fn try_kind(t: &TryIt) -> &'static str {
    match t {
        TryIt::Click { .. } => "click",
        TryIt::Press { .. } => "press",
        TryIt::Choose { .. } => "choose",
        TryIt::Reach { .. } => "reach",
    }
}

fn try_target(t: &TryIt) -> String {
    match t {
        TryIt::Click { squares, .. } => squares.join(","),
        TryIt::Press { action, .. } => action.to_string(),
        TryIt::Choose { what, value, .. } => format!("{what}={value}"),
        TryIt::Reach { event, .. } => event.to_string(),
    }
}

fn try_times(t: &TryIt) -> String {
    match t {
        TryIt::Press { times, .. } => times.to_string(),
        _ => "1".to_string(),
    }
}

/// The `data-action` of the control a click landed on, if any: every workbench's buttons
/// name themselves so, which is how a try-it sees "press Step three times".
fn pressed_action(e: &MouseEvent) -> Option<String> {
    use wasm_bindgen::JsCast;
    let el = e.target()?.dyn_into::<web_sys::Element>().ok()?;
    let control = el.closest("[data-action]").ok().flatten()?;
    if control.has_attribute("disabled") {
        return None;
    }
    control.get_attribute("data-action")
}
