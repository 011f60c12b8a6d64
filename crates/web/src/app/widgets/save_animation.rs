//! "Save animation" drawn: the steps and frame budget asked, what the recording will be
//! (frames, length, estimated size, or why it is refused) stated before it starts, then a
//! progress bar and Cancel while the worker encodes it. State in `recorder.rs`; the plan
//! comes from the workbench (`puzzlelab_pictures::animation::Plan`).

use yew::prelude::*;

use crate::app::page::Task;
use crate::app::widgets::recorder::{Outcome, RecordMsg, Recorder};
use crate::app::widgets::save_picture::shown_theme;
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

/// The panel: `plan` for the steps asked (or why not), the player's `speed`.
pub fn save_animation(
    recorder: &Recorder,
    plan: Result<Plan, String>,
    speed: u32,
    on: Callback<RecordMsg>,
) -> Html {
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
            <summary data-action="save-animation">{"Save animation (GIF)"}</summary>
            <div class="row record-fields">
                { field("From step", "from", recorder.from, busy, emit(RecordMsg::From)) }
                { field("to step", "to", recorder.to, busy, emit(RecordMsg::To)) }
                { field("Frames at most", "budget", recorder.budget, busy, emit(RecordMsg::Budget)) }
            </div>
            { said }
            if let Some((done, frames)) = recorder.progress {
                <div class="row" data-recording="">
                    <progress max={frames.to_string()} value={done.to_string()} aria-label="Frames encoded">{ format!("{done} of {frames}") }</progress>
                    <span>{ format!("{done} of {frames} frames") }</span>
                    <button type="button" onclick={cancel} data-action="cancel-recording">{"Cancel"}</button>
                </div>
            } else {
                <button type="button" onclick={start} disabled={plan.is_err()} data-action="record">{"Record GIF"}</button>
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

/// A finished recording's file handed to the browser, then `saved` for the workbench.
pub fn save_task<M: 'static>(recorder: &mut Recorder, saved: M) -> Vec<Task<M>> {
    let Some((name, gif)) = recorder.take_file() else {
        return Vec::new();
    };
    vec![Box::pin(async move {
        download_gif(&name, &gif);
        saved
    })]
}

/// Hands a finished GIF to the browser as a download named `name`.
fn download_gif(name: &str, bytes: &[u8]) {
    let blob = gloo_file::Blob::new_with_options(bytes, Some("image/gif"));
    crate::app::widgets::save_picture::download(&gloo_file::ObjectUrl::from(blob), name);
}
