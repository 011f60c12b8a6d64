//! "Save animation" drawn: the steps, frame budget and format asked (GIF, or WebM where
//! the browser records it), what the recording will be (frames, length, estimated size,
//! or why it is refused) stated before it starts, then a progress bar and Cancel while
//! the worker draws it (and the page films it, for a WebM). State in `recorder.rs`; the
//! plan comes from the workbench (`puzzlelab_pictures::animation::Plan`).

use yew::prelude::*;

use crate::app::page::Task;
use crate::app::widgets::recorder::{Format, Outcome, RecordMsg, Recorder};
use crate::app::widgets::save_picture::shown_theme;
use crate::app::widgets::webm;
use puzzlelab_pictures::animation::Plan;
use puzzlelab_pictures::Theme;

/// What the plan says, as a person reads it.
pub fn plan_text(plan: &Plan, speed: u32) -> String {
    let sampled = if plan.sampled() {
        format!(" (the {} steps sampled to the budget)", plan.steps)
    } else {
        String::new()
    };
    format!(
        "{} frames{sampled}, {:.1} s at {speed} steps a second, about {}",
        plan.frames,
        plan.seconds,
        size_text(plan.bytes)
    )
}

/// A size in bytes, KB or MB.
pub fn size_text(bytes: usize) -> String {
    match bytes {
        b if b < 1024 => format!("{b} bytes"),
        b if b < 1 << 20 => format!("{} KB", b.div_ceil(1024)),
        b => format!("{:.1} MB", b as f64 / (1 << 20) as f64),
    }
}

fn field(
    label: &'static str,
    key: &'static str,
    value: usize,
    busy: bool,
    on: Callback<String>,
) -> Html {
    let oninput = Callback::from(move |e: InputEvent| {
        let input: web_sys::HtmlInputElement = e.target_unchecked_into();
        on.emit(input.value());
    });
    html! {
        <label>{ label }
            <input type="number" min="0" inputmode="numeric" data-record={key}
                value={value.to_string()} disabled={busy} {oninput} />
        </label>
    }
}

/// GIF or WebM: offered only where the browser records WebM.
fn format_choice(recorder: &Recorder, busy: bool, on: &Callback<RecordMsg>) -> Html {
    if webm::webm_type().is_none() {
        return html! {};
    }
    let onchange = on.reform(|e: Event| {
        let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
        RecordMsg::Format(match select.value().as_str() {
            "webm" => Format::Webm,
            _ => Format::Gif,
        })
    });
    let option = |format: Format, label: &'static str| {
        let value = format.extension();
        html! { <option {value} selected={recorder.format == format}>{ label }</option> }
    };
    html! {
        <label>{"Format"}
            <select data-record="format" disabled={busy} {onchange}>
                { option(Format::Gif, "GIF") }
                { option(Format::Webm, "WebM video") }
            </select>
        </label>
    }
}

/// The progress while recording: the worker's frames, then (a WebM) the page's filming.
fn progress(recorder: &Recorder, done: u32, frames: u32, cancel: Callback<MouseEvent>) -> Html {
    let (stage, what) = match recorder.filming() {
        true => ("filming", "frames filmed"),
        false => ("drawing", "frames drawn"),
    };
    html! {
        <div class="row" data-recording={stage}>
            <progress max={frames.to_string()} value={done.to_string()} aria-label="Frames recorded">{ format!("{done} of {frames}") }</progress>
            <span>{ format!("{done} of {frames} {what}") }</span>
            <button type="button" onclick={cancel} data-action="cancel-recording">{"Cancel"}</button>
        </div>
    }
}

/// The panel: `plan` for the steps asked as a GIF (or why not), the player's `speed`.
pub fn save_animation(
    recorder: &Recorder,
    plan: Result<Plan, String>,
    speed: u32,
    on: Callback<RecordMsg>,
) -> Html {
    let plan = plan.and_then(|plan| recorder.planned(plan));
    let busy = recorder.progress.is_some();
    let emit = |make: fn(String) -> RecordMsg| on.reform(make);
    let start = on.reform(|_: MouseEvent| RecordMsg::Start {
        dark: shown_theme() == Theme::Dark,
    });
    let cancel = on.reform(|_: MouseEvent| RecordMsg::Cancel);
    let said = match &plan {
        Ok(plan) => html! {
            <p data-plan="" data-frames={plan.frames.to_string()} data-bytes={plan.bytes.to_string()}>
                { plan_text(plan, speed) }
            </p>
        },
        Err(why) => {
            html! { <p role="alert" class="invalid" data-plan="refused">{ format!("Too big to record: {why}.") }</p> }
        }
    };
    html! {
        <details class="save-animation">
            <summary data-action="save-animation">{"Save animation"}</summary>
            <div class="row record-fields">
                { field("From step", "from", recorder.from, busy, emit(RecordMsg::From)) }
                { field("to step", "to", recorder.to, busy, emit(RecordMsg::To)) }
                { field("Frames at most", "budget", recorder.budget, busy, emit(RecordMsg::Budget)) }
                { format_choice(recorder, busy, &on) }
            </div>
            if let Some(note) = &recorder.run_note {
                <p data-run-cap="">{ note }</p>
            }
            { said }
            if let Some((done, frames)) = recorder.progress {
                { progress(recorder, done, frames, cancel) }
            } else {
                <button type="button" onclick={start} disabled={plan.is_err()} data-action="record">
                    { match recorder.format { Format::Gif => "Record GIF", Format::Webm => "Record WebM" } }
                </button>
            }
            { outcome(recorder.outcome.as_ref()) }
        </details>
    }
}

fn outcome(outcome: Option<&Outcome>) -> Html {
    match outcome {
        Some(Outcome::Saved {
            name,
            bytes,
            frames,
        }) => html! {
            <p role="status" data-saved={name.clone()}>{ format!("Saved {name}: {frames} frames, {}.", size_text(*bytes)) }</p>
        },
        Some(Outcome::Failed(why)) => {
            html! { <p role="alert" class="invalid">{ format!("No animation: {why}.") }</p> }
        }
        Some(Outcome::Cancelled) => {
            html! { <p role="status" data-cancelled="">{"Recording cancelled."}</p> }
        }
        None => html! {},
    }
}

/// The recorder's work for the page, each ending in a message `to_msg` makes: a
/// WebM's next stretch of filming, a finished file handed to the browser.
pub fn save_task<M: 'static>(recorder: &mut Recorder, to_msg: fn(RecordMsg) -> M) -> Vec<Task<M>> {
    let mut tasks: Vec<Task<M>> = Vec::new();
    if let Some(work) = recorder.take_film_work() {
        tasks.push(Box::pin(async move { to_msg(webm::run(work).await) }));
    }
    if let Some((name, file)) = recorder.take_file() {
        tasks.push(Box::pin(async move {
            download(&name, &file);
            to_msg(RecordMsg::Saved)
        }));
    }
    tasks
}

/// Hands a finished file to the browser as a download named `name`.
fn download(name: &str, bytes: &[u8]) {
    let format = match name.ends_with(".webm") {
        true => Format::Webm,
        false => Format::Gif,
    };
    let blob = gloo_file::Blob::new_with_options(bytes, Some(format.mime()));
    crate::app::widgets::save_picture::download(&gloo_file::ObjectUrl::from(blob), name);
}
