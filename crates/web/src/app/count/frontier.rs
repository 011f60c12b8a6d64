//! The path-structure (frontier) count on every worker, in the command line's parts
//! (`knight-count --method frontier --part I/K`): each part a sweep in a worker with
//! progress, each finished part saved in the browser under the count's fingerprint
//! (`saved_parts.rs`), the total once the last part is in. "Export parts" downloads the
//! parts as `puzzlelab merge` reads them; "Import parts" adds parts the command line (or
//! another browser) counted. The state is `parts_state.rs`, what the workers' answers
//! mean is decided in `frontier_state.rs`, and `lab.rs` says which of the page's workers
//! run it (ended after a count, since a sweep leaves its worker's memory grown); this
//! draws the panel.

use yew::html::Scope;
use yew::prelude::*;

use crate::app::count::bars::bars_view;
use crate::app::count::frontier_state::FrontierState;
use crate::app::count::lab::{FrontierMsg, LabMsg};
use crate::app::count::parts_state::{PartsState, Phase};
use crate::app::count::totals_text::totals_text;
use crate::app::count::CountPage;
use crate::app::shell::clock::now_ms;
use crate::app::widgets::numbers::duration;
use crate::app::widgets::numbers::group;

fn progress(state: &PartsState) -> Html {
    let t = now_ms();
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

/// The frontier count's panel, on `workers` workers unless a run says otherwise.
pub fn frontier_panel(frontier: &FrontierState, workers: usize, link: &Scope<CountPage>) -> Html {
    let state = match &frontier.parts {
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
    let workers = frontier.running_on().unwrap_or(workers);
    let elapsed = (phase == Phase::Done).then(|| format!("{:.0}", state.elapsed_ms));
    let parts = &state.parts;
    let missing = parts.of as usize - parts.done.len();
    let on_file = link.callback_future(|e: Event| async move {
        let input: web_sys::HtmlInputElement = e.target_unchecked_into();
        let file = input.files().and_then(|files| files.get(0));
        input.set_value("");
        let Some(file) = file else {
            return LabMsg::Frontier(FrontierMsg::Import(Err("no file was chosen".to_string())));
        };
        let name = file.name();
        let file = gloo_file::File::from(file);
        match gloo_file::futures::read_as_text(&file).await {
            Ok(text) => LabMsg::Frontier(FrontierMsg::Import(Ok((name, text)))),
            Err(e) => LabMsg::Frontier(FrontierMsg::Import(Err(format!(
                "{name} could not be read: {e}"
            )))),
        }
    });
    let saved = match &frontier.saved {
        Some(Ok(n)) => format!("{n} of {} parts saved in this browser.", parts.of),
        Some(Err(why)) => format!("Parts are not saved in this browser ({why})."),
        None => "Finished parts are saved in this browser as they come.".to_string(),
    };
    html! {
        <div class="count-panel parts-panel" data-count="knight" data-method="frontier" data-count-state={phase.as_str()} data-state={phase.as_str()}
            data-elapsed-ms={elapsed} data-workers={workers.to_string()} data-parts={parts.of.to_string()}
            data-parts-done={parts.done.len().to_string()} data-fingerprint={parts.fingerprint.clone()}
            data-resumed={state.resumed.to_string()}
            data-saved={match &frontier.saved { Some(Ok(n)) => n.to_string(), _ => String::new() }}>
            <h3>{"Count by path structures"}</h3>
            <p class="hint">{ format!(
                "The board is covered cell by cell; instead of each partial tour, only how the path pieces at the edge of the covered part pair up is kept, with a count for each. The count is split into {} parts (the command line's --part I/K), shared by {workers} worker{}.",
                parts.of, if workers == 1 { "" } else { "s" }) }</p>
            if phase == Phase::Running {
                { progress(state) }
                <button type="button" onclick={link.callback(|_| LabMsg::Frontier(FrontierMsg::Cancel))} data-action="cancel-count">{"Cancel"}</button>
            } else {
                <button type="button" class="primary" disabled={phase == Phase::Loading || phase == Phase::Done}
                    onclick={link.callback(|_| LabMsg::Frontier(FrontierMsg::Start))} data-action="count">{
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
                    onclick={link.callback(|_| LabMsg::Frontier(FrontierMsg::Export))}>{"Export parts"}</button>
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
                    <button type="button" onclick={link.callback(|_| LabMsg::Frontier(FrontierMsg::Dismiss))}>{"Dismiss"}</button>
                </div>
            }
            if let Some(news) = &state.notice {
                <p class="hint" role="status" data-parts-notice="">{ news }</p>
            }
            { outcome(state) }
            if let Some(bars) = state.bars() {
                { bars_view(&bars) }
            }
        </div>
    }
}
