//! The lessons (`#/learn`, `#/learn/<lesson>?step=k`): a step's text beside its live
//! workbench. Each lesson's words and page hooks are a text file in `lessons/`; what each
//! step's workbench runs and every figure it states come from `solver::lessons`. This
//! folder joins them, draws them and wires the workbenches' widgets in.
//!
//! Page hooks: `[data-lesson]` (slug) with `data-step` (from 1) and `data-steps`; the
//! step's heading `h2[data-step-title]`; numbers in the text are `<data data-fact=name
//! value=… data-hook=…>` (`data-pending` until the worker has answered); the try-it
//! `[data-try]` with `data-done`; navigation `[data-action="previous-step|next-step"]`;
//! `a[data-open-workbench]`; the live region `[data-announce]`.

mod bench;
mod bench_common;
mod cube_benches;
mod index;
mod knight_bench;
mod lessons;
mod naive_benches;
mod queens_bench;
mod starts_bench;
pub mod state;
mod template;
mod text;
mod try_it;

pub use index::LessonIndex;

use yew::html::Scope;
use yew::prelude::*;

use crate::app::contract::Out;
use crate::app::page::{Page, Workbench as Contract, Worker};
use crate::app::widgets::keyboard::{KeyAction, Keys};
use puzzlelab_links::{encode_route, BenchLink, LearnLink, Route};
use puzzlelab_worker::Response;
use state::{KeyNav, LearnState, Msg};
use try_it::{Signal, TryIt};

/// The lessons' page.
pub type LearnPage = Page<LearnState>;

impl Contract for LearnState {
    type Link = LearnLink;
    type Msg = Msg;
    const KEYS: Keys = Keys::Steps;

    fn open(link: LearnLink, problems: Vec<String>) -> (Self, Out) {
        LearnState::open(link, problems)
    }

    fn update(&mut self, msg: Msg) -> Out {
        LearnState::update(self, msg)
    }

    fn answer(&mut self, from: Worker, response: Response) -> Out {
        LearnState::answer(self, from, response)
    }

    fn route(&self) -> Route {
        LearnState::route(self)
    }

    fn key(&self, key: KeyAction) -> Option<Msg> {
        // No keys on the index of lessons.
        self.lesson.as_ref().and(LearnState::key(self, key))
    }

    fn view(&self, link: &Scope<LearnPage>) -> Html {
        render(self, link)
    }
}

fn render(state: &LearnState, link: &Scope<LearnPage>) -> Html {
    let problems = html! { <crate::app::shell::alert::Alert problems={state.problems.clone()} /> };
    let Some(lesson) = &state.lesson else {
        return html! {
            <section class="learn-index" aria-labelledby="learn-title">
                { problems }
                <h2 id="learn-title">{"Lessons"}</h2>
                <p class="hint">{"Five short lessons, one for each article PuzzleLab grew from. Every step puts a few sentences next to a live workbench; every number in the text is computed by the machine beside it."}</p>
                <LessonIndex />
            </section>
        };
    };
    let step = &lesson.steps[state.step];
    let n = lesson.steps.len();
    let done = step.try_it.as_ref().map(|t| t.is_done(&state.observed));
    let onsignal = link.callback(Msg::Signal);
    let onlink = link.callback(Msg::Bench);
    let heading_id = "step-title";
    html! {
        <article class="lesson" data-lesson={lesson.slug.clone()} data-step={(state.step + 1).to_string()}
            data-steps={n.to_string()} aria-labelledby={heading_id}>
            { problems }
            <nav class="lesson-nav" aria-label="Lesson steps">
                <a href="#/learn">{"All lessons"}</a>
                <span class="lesson-name">{ &lesson.title }</span>
                <ol class="step-dots">
                    { for (0..n).map(|k| {
                        let current = (k == state.step).then_some("step");
                        let href = encode_route(&Route::Learn(LearnLink {
                            lesson: Some(lesson.slug.clone()),
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
                    <p class="step-count">{ format!("Step {} of {n} · {}", state.step + 1, lesson.source) }</p>
                    <h2 id={heading_id} data-step-title="" tabindex="-1">{ &step.title }</h2>
                    <text::StepText text={step.text.clone()} facts={state.facts.clone()} late={lesson.late.clone()} />
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
                    if let Some((href, line)) = &step.code {
                        <p class="code-link"><a href={href.clone()} data-action="open-code" data-code-link-line={line.to_string()}>
                            { format!("See it in the code: line {line} lit as the machine runs it →") }</a></p>
                    }
                    <div class="step-buttons">
                        <button type="button" data-action="previous-step" disabled={state.step == 0}
                            onclick={link.callback(|_| Msg::Key(KeyNav::Previous))}>{"← Previous"}</button>
                        <button type="button" data-action="next-step" disabled={state.step + 1 == n}
                            onclick={link.callback(|_| Msg::Key(KeyNav::Next))}>{"Next →"}</button>
                    </div>
                    <p class="hint keys-hint">{"Keys: ← → or Page Up / Page Down change the step."}</p>
                </div>
                <div class="lesson-bench" key={format!("{}-{}", lesson.slug, state.step)}
                    onclick={link.batch_callback(|e: MouseEvent| pressed_action(&e).map(|a| Msg::Signal(Signal::Press(a)).into()))}>
                    <bench::BenchView bench={step.bench.clone()} link={state.bench.clone()}
                        {onsignal} {onlink}
                        path={state.path.clone()} paths={state.inputs.cube_paths}
                        onpath={link.callback(Msg::Path)}
                        cube_counts={(state.inputs.cube_qtm.clone(), state.inputs.cube_htm.clone())}
                        naive={state.naive.clone()}
                        onnaive={link.callback(|(i, msg, spec)| Msg::Naive(i, msg, spec))} />
                </div>
            </div>
            <p class="visually-hidden" aria-live="polite" data-announce="">{ state.announce.clone() }</p>
        </article>
    }
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
