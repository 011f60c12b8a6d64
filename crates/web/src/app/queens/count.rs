//! Counting all N-queens solutions on every core: the count is split into small prefix
//! tasks that idle workers take a batch at a time, with progress, elapsed time and cancel.
//! What the workers' answers mean is decided in `count_state.rs`; this component starts
//! the workers, sends what the state asks, redraws the progress and draws.

use gloo_timers::callback::Interval;
use yew::prelude::*;

use crate::app::contract::Out;
use crate::app::queens::count_state::{Counted, QueensCountState};
use crate::app::widgets::numbers::group;
use crate::app::widgets::pool_count::{counting, CountMsg as Msg};
use crate::app::widgets::redraw_clock::keep;
use crate::app::widgets::worker_pool::WorkerPool;
use puzzlelab_links::CountRun;

#[derive(Properties, PartialEq)]
pub struct CountProps {
    pub n: u32,
    /// Workers (`workers=`) and whether to start at once (`count=1`), from the link.
    #[prop_or_default]
    pub run: CountRun,
}

pub struct QueensCount {
    state: QueensCountState,
    workers: WorkerPool,
    /// Redraws the elapsed time while counting.
    clock: Option<Interval>,
}

fn now() -> f64 {
    js_sys::Date::now()
}

impl QueensCount {
    fn ensure_workers(&mut self, ctx: &Context<Self>) {
        let started = self.workers.ensure_for(ctx.props().run.workers, ctx.link());
        self.state.tasks.pool.set_workers(started);
    }

    /// Sends what the state asked, keeps the clock while a count runs; whether to draw.
    fn carry(&mut self, ctx: &Context<Self>, out: Out) -> bool {
        self.workers.send(out.send_to);
        let link = ctx.link().clone();
        let beat = move || link.send_message(Msg::Tick);
        keep(&mut self.clock, self.state.running(), 200, beat);
        out.redraw
    }
}

impl Component for QueensCount {
    type Message = Msg;
    type Properties = CountProps;

    fn create(ctx: &Context<Self>) -> Self {
        let props = ctx.props();
        let mut count = QueensCount {
            state: QueensCountState::new(props.n, props.run.autostart),
            workers: WorkerPool::default(),
            clock: None,
        };
        // Workers start loading with the page, so a count does not wait for them.
        count.ensure_workers(ctx);
        count
    }

    fn changed(&mut self, ctx: &Context<Self>, _old: &CountProps) -> bool {
        self.state.n = ctx.props().n;
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
        let n = ctx.props().n;
        let workers = self.workers.planned(ctx.props().run.workers);
        let (count, pool, result) = (
            &self.state.tasks.count,
            &self.state.tasks.pool,
            &self.state.result,
        );
        let state = count.phase(result.is_some()).name();
        let elapsed = result
            .as_ref()
            .map(|r| format!("{:.0}", r.seconds * 1000.0));
        // Batches handed to workers (each a message there and one back), once done.
        let batches = result.as_ref().map(|_| pool.batches().to_string());
        let timing = result.as_ref().map(|_| pool.timing());
        html! {
            <div class="count-panel" data-count="queens" data-count-state={state} data-state={state}
                data-elapsed-ms={elapsed} data-batches={batches} data-timing={timing} data-workers={workers.to_string()}>
                <h3>{ format!("Count every solution for N = {n}") }</h3>
                <p class="hint">{ format!(
                    "Each symmetry class of solutions searched once (the first queen's place relative to the corners) and weighted by its class size, on {} worker{} taking small tasks as they finish.",
                    workers, if workers == 1 { "" } else { "s" }) }</p>
                if let Some(run) = &self.state.run {
                    <progress max={run.tasks.to_string()} value={pool.done().to_string()}
                        aria-label="Counting progress"></progress>
                    <p data-progress={pool.done().to_string()}>{ format!(
                        "{} of {} tasks, {} solutions so far, {:.1} s",
                        pool.done(), run.tasks, group(run.total), (now() - run.started) / 1000.0) }</p>
                    <button type="button" onclick={link.callback(|_| Msg::Cancel)} data-action="cancel-count">{"Cancel"}</button>
                } else {
                    <button type="button" class="primary" onclick={link.callback(|_| Msg::Start)} data-action="count">{"Count"}</button>
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
}
