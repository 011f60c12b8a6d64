//! The depth-first tour counter (method `depth-first`) on every core: prefix tasks handed
//! to idle workers a batch at a time; a task that runs past its node limit comes back and
//! is split into its children, so no worker is ever stuck for long and cancel takes effect
//! at once. What the workers' answers mean is decided in `depth_first_state.rs`, which
//! workers it runs on in `lab.rs`; this draws the panel.

use yew::html::Scope;
use yew::prelude::*;

use crate::app::count::bars::bars_view;
use crate::app::count::depth_first_state::{DepthFirstState, Outcome, Run};
use crate::app::count::lab::LabMsg;
use crate::app::count::totals_text::totals_text;
use crate::app::count::CountPage;
use crate::app::shell::clock::now_ms;
use crate::app::widgets::numbers::{duration, group};
use crate::app::widgets::pool_count::CountMsg;

fn progress(state: &DepthFirstState, run: &Run) -> Html {
    let (done, known) = (state.tasks.pool.done(), state.tasks.pool.known());
    let elapsed = (now_ms() - run.started) / 1000.0;
    let eta = (done > 0)
        .then(|| elapsed * (known - done) as f64 / done as f64)
        .map_or("—".to_string(), duration);
    html! {
        <>
            <progress max={known.to_string()} value={done.to_string()} aria-label="Counting progress"></progress>
            <p data-progress={done.to_string()} data-counted={run.counted().to_string()}>{ format!(
                "{} of {} tasks ({} split further), {} tours so far, {} nodes, {}; about {} to go",
                done, known, run.splits, group(run.counted()), group(run.nodes), duration(elapsed), eta) }</p>
        </>
    }
}

fn outcome(state: &DepthFirstState, o: &Outcome) -> Html {
    html! {
        <p class="count-result" data-directed={o.result.directed.to_string()}
            data-undirected={o.result.undirected.map(|u| u.to_string())}
            data-seconds={format!("{:.3}", o.seconds)}>
            { totals_text(o.spec.width, o.spec.height, o.spec.closed, o.spec.start.is_some(), o.result.directed.into(), o.result.undirected.map(u128::from)) }
            { format!("{} tasks in {} batches, {} nodes, {} on {} workers.", o.tasks, o.batches, group(o.nodes), duration(o.seconds), state.tasks.pool.size().max(1)) }
            if let Some(reason) = &o.reason {
                <br /><span class="reason">{ format!("No search needed: {reason}.") }</span>
            }
        </p>
    }
}

/// The depth-first count's panel.
pub fn depth_first_panel(state: &DepthFirstState, link: &Scope<CountPage>) -> Html {
    let phase = state.tasks.count.phase(state.outcome.is_some()).name();
    let workers = state.tasks.pool.size();
    let elapsed = state
        .outcome
        .as_ref()
        .map(|o| format!("{:.0}", o.seconds * 1000.0));
    let batches = state.outcome.as_ref().map(|o| o.batches.to_string());
    let timing = state.outcome.as_ref().map(|_| state.tasks.pool.timing());
    html! {
        <div class="count-panel" data-count="knight" data-count-state={phase} data-state={phase}
            data-elapsed-ms={elapsed} data-batches={batches} data-timing={timing} data-workers={workers.to_string()}>
            <h3>{"Fast exhaustive count"}</h3>
            <p class="hint">{ format!(
                "Backtracking that abandons a walk as soon as a square can no longer be reached or two squares would both have to be last; one start per symmetry class; small tasks shared by {workers} worker{}.",
                if workers == 1 { "" } else { "s" }) }</p>
            if let Some(run) = &state.run {
                { progress(state, run) }
                <button type="button" onclick={link.callback(|_| LabMsg::DepthFirst(CountMsg::Cancel))} data-action="cancel-count">{"Cancel"}</button>
            } else {
                <button type="button" class="primary" onclick={link.callback(|_| LabMsg::DepthFirst(CountMsg::Start))} data-action="count">{"Count all tours"}</button>
            }
            if let Some(message) = state.tasks.count.message() {
                <p class="hint" role="status">{ message }</p>
            }
            if let Some(o) = &state.outcome {
                { outcome(state, o) }
            }
            if let Some(bars) = state.bars() {
                { bars_view(&bars) }
            }
        </div>
    }
}
