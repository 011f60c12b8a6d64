//! The C course notebook's two counters side by side on the user's board: brute force
//! (every sequence of moves, checked afterwards) and backtracking (give up a walk the
//! moment it leaves the board or revisits a square), with their node counts and rates,
//! and how long brute force would take to finish at the rate measured. What the worker's
//! answers mean is decided in `naive_state.rs`; this component sends and draws.

use yew::prelude::*;

use crate::app::contract::Out;
use crate::app::count::naive_state::NaiveState;
use crate::app::widgets::numbers::duration;
use crate::app::widgets::numbers::group;
use crate::app::widgets::worker_bridge::{spawn, Supervised};
use puzzlelab_solver::knight::count::CountSpec;
use puzzlelab_solver::knight::naive_count::{brute_force_log10, NaiveMethod};
use puzzlelab_worker::Response;

#[derive(Properties, PartialEq)]
pub struct NaiveProps {
    pub method: NaiveMethod,
    /// Board and start (a1 when counting from all starts).
    pub spec: CountSpec,
}

pub enum Msg {
    Start,
    Cancel,
    Worker(Response),
}

pub struct NaiveRun {
    /// Started with the first run.
    worker: Option<Supervised>,
    state: NaiveState,
}

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

impl NaiveRun {
    /// Sends what the state asked (a Stop only reaches a worker already started).
    fn carry(&mut self, ctx: &Context<Self>, out: Out) -> bool {
        if !out.send.is_empty() && (self.worker.is_some() || self.state.running) {
            let link = ctx.link().clone();
            let worker = self
                .worker
                .get_or_insert_with(|| spawn(move |r| link.send_message(Msg::Worker(r))));
            out.send.into_iter().for_each(|r| worker.send(r));
        }
        out.redraw
    }

    fn estimate(&self, spec: &CountSpec) -> Html {
        let squares = spec.width * spec.height;
        let log_candidates = brute_force_log10(squares);
        let here = format!(
            "Brute force checks 8^{} ≈ 10^{log_candidates:.1} move sequences on {}x{}",
            squares.saturating_sub(1),
            spec.width,
            spec.height
        );
        let Some(rate) = self.state.rate() else {
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
}

impl Component for NaiveRun {
    type Message = Msg;
    type Properties = NaiveProps;

    fn create(_ctx: &Context<Self>) -> Self {
        NaiveRun {
            worker: None,
            state: NaiveState::default(),
        }
    }

    fn changed(&mut self, ctx: &Context<Self>, old: &NaiveProps) -> bool {
        if ctx.props() != old {
            let out = self.state.settings();
            self.carry(ctx, out);
        }
        true
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        let out = match msg {
            Msg::Start => {
                let props = ctx.props();
                self.state
                    .start(props.method, props.spec, js_sys::Date::now())
            }
            Msg::Cancel => self.state.cancel(),
            Msg::Worker(response) => self.state.answer(response, js_sys::Date::now()),
        };
        self.carry(ctx, out)
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let spec = ctx.props().spec;
        let brute = ctx.props().method == NaiveMethod::BruteForce;
        let (title, key) = if brute {
            ("Brute force", "brute")
        } else {
            ("Backtracking", "backtrack")
        };
        let state = self.state.phase();
        let s = &self.state;
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
                if brute { { self.estimate(&spec) } }
                if s.running {
                    <button type="button" onclick={link.callback(|_| Msg::Cancel)} data-action={format!("cancel-{key}")}>{"Stop"}</button>
                } else {
                    <button type="button" onclick={link.callback(|_| Msg::Start)} data-action={format!("run-{key}")}>{ format!("Run {}", title.to_lowercase()) }</button>
                }
                if let Some(m) = &s.message { <p class="hint" role="status">{ m }</p> }
            </div>
        }
    }
}
