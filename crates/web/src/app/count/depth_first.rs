//! The depth-first tour counter (method `depth-first`) on every core: prefix tasks handed
//! to idle workers a batch at a time; a task that runs past its node limit comes back and
//! is split into its children, so no worker is ever stuck for long and cancel takes effect
//! at once. What the workers' answers mean is decided in `depth_first_state.rs`; this
//! component starts the workers, sends what the state asks, redraws and draws.

use gloo_timers::callback::Interval;
use yew::prelude::*;

use crate::app::contract::Out;
use crate::app::count::depth_first_state::{DepthFirstState, Outcome, Run};
use crate::app::count::totals_text::totals_text;
use crate::app::widgets::numbers::{duration, group};
use crate::app::widgets::pool_count::{counting, CountMsg as Msg};
use crate::app::widgets::redraw_clock::keep;
use crate::app::widgets::worker_pool::WorkerPool;
use puzzlelab_links::CountRun;
use puzzlelab_solver::knight::count::{CountResult, CountSpec};

#[derive(Properties, PartialEq)]
pub struct DepthFirstProps {
    pub spec: CountSpec,
    /// The finished count (for the heatmap), or `None` when a new count starts.
    pub onresult: Callback<Option<CountResult>>,
    /// Workers (`workers=`) and whether to start at once (`count=1`), from the link.
    #[prop_or_default]
    pub run: CountRun,
}

pub struct DepthFirstCount {
    state: DepthFirstState,
    workers: WorkerPool,
    clock: Option<Interval>,
}

fn now() -> f64 {
    js_sys::Date::now()
}

impl DepthFirstCount {
    fn ensure_workers(&mut self, ctx: &Context<Self>) {
        let started = self.workers.ensure_for(ctx.props().run.workers, ctx.link());
        self.state.tasks.pool.set_workers(started);
    }

    /// Sends what the state asked, tells the heatmap its news, keeps the clock while a
    /// count runs; whether to draw.
    fn carry(&mut self, ctx: &Context<Self>, out: Out) -> bool {
        self.workers.send(out.send_to);
        if let Some(news) = self.state.news.take() {
            ctx.props().onresult.emit(news);
        }
        let link = ctx.link().clone();
        let beat = move || link.send_message(Msg::Tick);
        keep(&mut self.clock, self.state.running(), 250, beat);
        out.redraw
    }

    fn progress(&self, run: &Run) -> Html {
        let (done, known) = (self.state.tasks.pool.done(), self.state.tasks.pool.known());
        let elapsed = (now() - run.started) / 1000.0;
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

    fn outcome(&self, o: &Outcome) -> Html {
        html! {
            <p class="count-result" data-directed={o.result.directed.to_string()}
                data-undirected={o.result.undirected.map(|u| u.to_string())}
                data-seconds={format!("{:.3}", o.seconds)}>
                { totals_text(o.spec.width, o.spec.height, o.spec.closed, o.spec.start.is_some(), o.result.directed.into(), o.result.undirected.map(u128::from)) }
                { format!("{} tasks in {} batches, {} nodes, {} on {} workers.", o.tasks, o.batches, group(o.nodes), duration(o.seconds), self.state.tasks.pool.size().max(1)) }
                if let Some(reason) = &o.reason {
                    <br /><span class="reason">{ format!("No search needed: {reason}.") }</span>
                }
            </p>
        }
    }
}

impl Component for DepthFirstCount {
    type Message = Msg;
    type Properties = DepthFirstProps;

    fn create(ctx: &Context<Self>) -> Self {
        let props = ctx.props();
        let mut count = DepthFirstCount {
            state: DepthFirstState::new(props.spec, props.run.autostart),
            workers: WorkerPool::default(),
            clock: None,
        };
        // Workers start loading with the page, so a count does not wait for them.
        count.ensure_workers(ctx);
        count
    }

    fn changed(&mut self, ctx: &Context<Self>, old: &DepthFirstProps) -> bool {
        if ctx.props().spec != old.spec {
            self.state.settings(ctx.props().spec);
            self.clock = None;
        }
        true
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        if let Msg::Start = msg {
            self.ensure_workers(ctx);
        }
        let out = counting(&mut self.state, msg, now());
        self.carry(ctx, out)
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let state = self
            .state
            .tasks
            .count
            .phase(self.state.outcome.is_some())
            .name();
        let workers = self.workers.planned(ctx.props().run.workers);
        let elapsed = self
            .state
            .outcome
            .as_ref()
            .map(|o| format!("{:.0}", o.seconds * 1000.0));
        let batches = self.state.outcome.as_ref().map(|o| o.batches.to_string());
        let timing = self
            .state
            .outcome
            .as_ref()
            .map(|_| self.state.tasks.pool.timing());
        html! {
            <div class="count-panel" data-count="knight" data-count-state={state} data-state={state}
                data-elapsed-ms={elapsed} data-batches={batches} data-timing={timing} data-workers={workers.to_string()}>
                <h3>{"Fast exhaustive count"}</h3>
                <p class="hint">{ format!(
                    "Backtracking that abandons a walk as soon as a square can no longer be reached or two squares would both have to be last; one start per symmetry class; small tasks shared by {workers} worker{}.",
                    if workers == 1 { "" } else { "s" }) }</p>
                if let Some(run) = &self.state.run {
                    { self.progress(run) }
                    <button type="button" onclick={link.callback(|_| Msg::Cancel)} data-action="cancel-count">{"Cancel"}</button>
                } else {
                    <button type="button" class="primary" onclick={link.callback(|_| Msg::Start)} data-action="count">{"Count all tours"}</button>
                }
                if let Some(message) = self.state.tasks.count.message() {
                    <p class="hint" role="status">{ message }</p>
                }
                if let Some(o) = &self.state.outcome {
                    { self.outcome(o) }
                }
            </div>
        }
    }
}
