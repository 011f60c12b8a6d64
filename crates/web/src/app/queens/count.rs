//! Counting all N-queens solutions on every core: the count is split into small prefix
//! tasks that idle workers take a batch at a time, with progress, elapsed time and cancel.
//! What the workers' answers mean is decided in `count_state.rs`; the page owns the
//! workers; this draws the panel.

use yew::html::Scope;
use yew::prelude::*;

use crate::app::queens::count_state::{Counted, QueensCountState};
use crate::app::queens::state::Msg;
use crate::app::queens::QueensPage;
use crate::app::shell::clock::now_ms;
use crate::app::widgets::numbers::group;
use crate::app::widgets::pool_count::CountMsg;

/// The count's panel for N = `state.n`.
pub fn count_panel(state: &QueensCountState, link: &Scope<QueensPage>) -> Html {
    let n = state.n;
    let (count, pool, result) = (&state.tasks.count, &state.tasks.pool, &state.result);
    let workers = pool.size();
    let phase = count.phase(result.is_some()).name();
    let elapsed = result
        .as_ref()
        .map(|r| format!("{:.0}", r.seconds * 1000.0));
    // Batches handed to workers (each a message there and one back), once done.
    let batches = result.as_ref().map(|_| pool.batches().to_string());
    let timing = result.as_ref().map(|_| pool.timing());
    let button = |msg: CountMsg| link.callback(move |_| Msg::Count(msg));
    html! {
        <div class="count-panel" data-count="queens" data-count-state={phase} data-state={phase}
            data-elapsed-ms={elapsed} data-batches={batches} data-timing={timing} data-workers={workers.to_string()}>
            <h3>{ format!("Count every solution for N = {n}") }</h3>
            <p class="hint">{ format!(
                "Each symmetry class of solutions searched once (the first queen's place relative to the corners) and weighted by its class size, on {} worker{} taking small tasks as they finish.",
                workers, if workers == 1 { "" } else { "s" }) }</p>
            if let Some(run) = &state.run {
                <progress max={run.tasks.to_string()} value={pool.done().to_string()}
                    aria-label="Counting progress"></progress>
                <p data-progress={pool.done().to_string()}>{ format!(
                    "{} of {} tasks, {} solutions so far, {:.1} s",
                    pool.done(), run.tasks, group(run.total), (now_ms() - run.started) / 1000.0) }</p>
                <button type="button" onclick={button(CountMsg::Cancel)} data-action="cancel-count">{"Cancel"}</button>
            } else {
                <button type="button" class="primary" onclick={button(CountMsg::Start)} data-action="count">{"Count"}</button>
            }
            if let Some(message) = count.message() {
                <p class="hint" role="status">{ message }</p>
            }
            if let Some(Counted { n: rn, total, unique, seconds }) = result {
                <p class="count-result" data-n={rn.to_string()} data-solutions={total.to_string()}
                    data-seconds={format!("{seconds:.3}")}
                    data-unique={unique.map(|u| u.to_string())}>
                    { format!("N = {rn}: {} solutions", group(*total)) }
                    { match unique {
                        Some(u) => format!(", {} fundamental (up to rotation and reflection)", group(*u)),
                        None => ", fundamental ones being worked out…".to_string(),
                    } }
                    { format!(" — {seconds:.2} s on {} workers.", pool.size()) }
                </p>
            }
        </div>
    }
}
