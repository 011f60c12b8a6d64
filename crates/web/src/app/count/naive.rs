//! The C course notebook's two counters side by side on the user's board: brute force
//! (every sequence of moves, checked afterwards) and backtracking (give up a walk the
//! moment it leaves the board or revisits a square), with their node counts and rates,
//! and how long brute force would take to finish at the rate measured.

use yew::prelude::*;

use crate::app::widgets::numbers::duration;
use crate::app::widgets::numbers::group;
use puzzlelab_solver::knight::count::CountSpec;
use puzzlelab_solver::knight::naive_count::{brute_force_log10, Found, NaiveMethod};
use puzzlelab_solver::Stats;
use puzzlelab_worker::protocol::{CountAnswer, CountAsk};
use puzzlelab_worker::{Answer, Ask, Request, Response};

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
    worker: Option<crate::app::widgets::worker_bridge::Supervised>,
    job: u32,
    running: bool,
    started: f64,
    seconds: f64,
    found: Found,
    stats: Stats,
    finished: bool,
    message: Option<String>,
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
    fn reset(&mut self) {
        self.job += 1;
        self.running = false;
        self.found = Found::default();
        self.stats = Stats::default();
        self.finished = false;
        self.seconds = 0.0;
        self.message = None;
    }

    fn rate(&self) -> Option<f64> {
        (self.seconds > 0.2 && self.stats.nodes > 0).then(|| self.stats.nodes as f64 / self.seconds)
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
        let Some(rate) = self.rate() else {
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
            job: 0,
            running: false,
            started: 0.0,
            seconds: 0.0,
            found: Found::default(),
            stats: Stats::default(),
            finished: false,
            message: None,
        }
    }

    fn changed(&mut self, ctx: &Context<Self>, old: &NaiveProps) -> bool {
        if ctx.props() != old {
            if let Some(w) = &self.worker {
                w.send(Request::new(self.job, Ask::Cancel));
            }
            self.reset();
        }
        true
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Start => {
                self.reset();
                let link = ctx.link().clone();
                let worker = self.worker.get_or_insert_with(|| {
                    crate::app::widgets::worker_bridge::spawn(move |r| {
                        link.send_message(Msg::Worker(r))
                    })
                });
                worker.send(Request::new(
                    self.job,
                    Ask::Count(CountAsk::Naive {
                        method: ctx.props().method,
                        spec: ctx.props().spec,
                    }),
                ));
                self.running = true;
                self.started = js_sys::Date::now();
            }
            Msg::Cancel => {
                if let Some(w) = &self.worker {
                    w.send(Request::new(self.job, Ask::Cancel));
                }
                self.running = false;
            }
            Msg::Worker(Response {
                job,
                body:
                    Answer::Count(CountAnswer::Naive {
                        found,
                        stats,
                        finished,
                    }),
            }) if job == self.job => {
                self.found = found;
                self.stats = stats;
                self.finished = finished;
                self.running = self.running && !finished;
                self.seconds = (js_sys::Date::now() - self.started) / 1000.0;
            }
            Msg::Worker(Response {
                job,
                body: Answer::Error { message },
            }) if job == self.job => {
                self.running = false;
                self.message = Some(message);
            }
            Msg::Worker(_) => return false,
        }
        true
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
        let state = if self.running {
            "running"
        } else if self.finished {
            "done"
        } else {
            "idle"
        };
        let nodes = if brute { "sequences checked" } else { "nodes" };
        html! {
            <div class="naive-run" data-method={key} data-state={state}
                data-nodes={self.stats.nodes.to_string()} data-tours={self.found.tours.to_string()}
                data-closed={self.found.closed.to_string()}>
                <h4>{ title }</h4>
                <p>{ format!("{} {nodes}, {} tours, {} closed", group(self.stats.nodes), group(self.found.tours), group(self.found.closed)) }
                    if !brute { { format!(", {} backtracks", group(self.stats.backtracks)) } }
                    { format!(" — {}", duration(self.seconds)) }
                    { if self.finished { ", finished." } else { "." } }</p>
                if let Some(rate) = self.rate() {
                    <p class="hint">{ format!("{}/s", group(rate as u64)) }</p>
                }
                if brute { { self.estimate(&spec) } }
                if self.running {
                    <button type="button" onclick={link.callback(|_| Msg::Cancel)} data-action={format!("cancel-{key}")}>{"Stop"}</button>
                } else {
                    <button type="button" onclick={link.callback(|_| Msg::Start)} data-action={format!("run-{key}")}>{ format!("Run {}", title.to_lowercase()) }</button>
                }
                if let Some(m) = &self.message { <p class="hint" role="status">{ m }</p> }
            </div>
        }
    }
}
