//! The C course notebook's two counters side by side on the user's board: brute force
//! (every sequence of moves, checked afterwards) and backtracking (give up a walk the
//! moment it leaves the board or revisits a square), with their node counts and rates,
//! and how long brute force would take to finish at the rate measured. What the worker's
//! answers mean is decided in `naive_state.rs`, which worker runs each in `lab.rs`; this
//! draws them.

use yew::prelude::*;

use crate::app::count::naive_runs::NAIVE;
use crate::app::count::naive_state::NaiveState;
use crate::app::widgets::numbers::duration;
use crate::app::widgets::numbers::group;
use crate::app::widgets::pool_count::CountMsg;
use puzzlelab_solver::knight::count::CountSpec;
use puzzlelab_solver::knight::naive_count::{brute_force_log10, NaiveMethod};

const SECONDS_PER_YEAR: f64 = 365.2422 * 86_400.0;

/// "3.2 s" … "41 years" … "10^28.4 years": a time that may be astronomically long.
fn long_duration(log10_seconds: f64) -> String {
    if log10_seconds < (SECONDS_PER_YEAR * 2.0).log10() {
        return duration(10f64.powf(log10_seconds));
    }
    let years = log10_seconds - SECONDS_PER_YEAR.log10();
    if years < 6.0 {
        format!("{} years", group(10f64.powf(years).round() as u64))
    } else {
        format!("10^{years:.1} years")
    }
}

fn estimate(state: &NaiveState, spec: &CountSpec) -> Html {
    let squares = spec.width * spec.height;
    let log_candidates = brute_force_log10(squares);
    let here = format!(
        "Brute force checks 8^{} ≈ 10^{log_candidates:.1} move sequences on {}x{}",
        squares.saturating_sub(1),
        spec.width,
        spec.height
    );
    let Some(rate) = state.rate() else {
        return html! { <p class="hint">{ here }{"."}</p> };
    };
    let log_seconds = |log_work: f64| log_work - rate.log10();
    html! {
        <p class="hint" data-estimate={format!("{:.1}", log_seconds(log_candidates))}>
            { format!("{here}: at {}/s that is {}.", group(rate as u64), long_duration(log_seconds(log_candidates))) }
            { format!(" On 8x8 (8^63 ≈ 10^56.9) it would be {}; even the notebook's imagined machine (10^9 processors at 1 THz, 10^21 checks a second) needs {} — the notebook's point.",
                long_duration(log_seconds(brute_force_log10(64))),
                long_duration(brute_force_log10(64) - 21.0)) }
        </p>
    }
}

/// The notebook counter `NAIVE[i]`'s panel, counting on `spec`; its buttons send `on`.
pub fn naive_panel(
    s: &NaiveState,
    i: usize,
    spec: CountSpec,
    on: &Callback<(usize, CountMsg)>,
) -> Html {
    let brute = NAIVE[i] == NaiveMethod::BruteForce;
    let (title, key) = if brute {
        ("Brute force", "brute")
    } else {
        ("Backtracking", "backtrack")
    };
    let state = s.phase();
    let nodes = if brute { "sequences checked" } else { "nodes" };
    html! {
        <div class="naive-run" data-method={key} data-state={state}
            data-nodes={s.stats.nodes.to_string()} data-tours={s.found.tours.to_string()}
            data-closed={s.found.closed.to_string()}>
            <h4>{ title }</h4>
            <p>{ format!("{} {nodes}, {} tours, {} closed", group(s.stats.nodes), group(s.found.tours), group(s.found.closed)) }
                if !brute { { format!(", {} backtracks", group(s.stats.backtracks)) } }
                { format!(" — {}", duration(s.seconds)) }
                { if s.finished { ", finished." } else { "." } }</p>
            if let Some(rate) = s.rate() {
                <p class="hint">{ format!("{}/s", group(rate as u64)) }</p>
            }
            if brute { { estimate(s, &spec) } }
            if s.running {
                <button type="button" onclick={on.reform(move |_| (i, CountMsg::Cancel))} data-action={format!("cancel-{key}")}>{"Stop"}</button>
            } else {
                <button type="button" onclick={on.reform(move |_| (i, CountMsg::Start))} data-action={format!("run-{key}")}>{ format!("Run {}", title.to_lowercase()) }</button>
            }
            if let Some(m) = &s.message { <p class="hint" role="status">{ m }</p> }
        </div>
    }
}
