//! The distance table's breadth-first search, watched: `LayerBfs` stepped in this page in
//! bounded slices (a step expands at most `BATCH` frontier positions; seeking runs steps
//! for at most a few milliseconds per turn of the event loop), the bars growing as
//! positions are reached, with the frontier and the SQL article's "not yet processed".
//!
//! Page hooks, the same as the shared search player's: `[data-search]` with
//! `data-search-step`, `data-search-steps` (when the distribution is known),
//! `data-event` (`start`, `expand`, `layer`, `solved`), and the playback controls
//! (`data-action` = `reset`, `step-back`, `play`, `pause`, `step`, `end`, `scrub`), plus
//! `layer` (to the end of the layer being expanded).

use gloo_timers::callback::{Interval, Timeout};
use yew::prelude::*;

use crate::app::widgets::bar_chart::group;
use crate::app::widgets::playback::{Playback, PlaybackAction};
use crate::solver::cube::corners::POSITIONS_COUNT;
use crate::solver::cube::goal::bfs_steps;
use crate::solver::cube::{BfsStep, LayerBfs, Metric};
use crate::solver::{Status, StepMachine};

/// Frontier positions expanded per step: the first layers take a step each, the biggest
/// about a hundred, the whole search a couple of hundred (a few seconds at full speed).
pub const BATCH: usize = 16_384;
/// Milliseconds of stepping per turn of the event loop while seeking.
const SLICE_MS: f64 = 12.0;
const DEFAULT_SPEED: u32 = 30;

#[derive(Properties, PartialEq)]
pub struct BfsProps {
    pub metric: Metric,
    /// The step to open at (from the link).
    pub start_step: u64,
    /// The finished distribution, when the worker has built the table (gives the step
    /// count and the bars' scale in advance).
    pub distribution: Option<Vec<u64>>,
    /// The step shown, whenever the player comes to rest (for the link).
    pub onstep: Callback<u64>,
    pub onclose: Callback<()>,
    /// Open a random position from the last bar.
    pub onantipode: Callback<()>,
}

/// Where a seek stops.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Target {
    Step(u64),
    /// The end of the layer being expanded when the seek began at this step.
    LayerEnd(u64),
    End,
}

pub enum Msg {
    Playback(PlaybackAction),
    Layer,
    Scrub(usize),
    Speed(u32),
    Tick,
    Work,
}

pub struct BfsPlayer {
    bfs: LayerBfs,
    metric: Metric,
    step: u64,
    last: Option<BfsStep>,
    target: Option<Target>,
    playing: bool,
    speed: u32,
    timer: Option<Interval>,
    work: Option<Timeout>,
}

impl Component for BfsPlayer {
    type Message = Msg;
    type Properties = BfsProps;

    fn create(ctx: &Context<Self>) -> Self {
        let metric = ctx.props().metric;
        let mut player = BfsPlayer {
            bfs: LayerBfs::new(metric, BATCH),
            metric,
            step: 0,
            last: None,
            target: None,
            playing: false,
            speed: DEFAULT_SPEED,
            timer: None,
            work: None,
        };
        if ctx.props().start_step > 0 {
            player.seek(ctx, Target::Step(ctx.props().start_step));
        }
        player
    }

    fn changed(&mut self, ctx: &Context<Self>, _old: &Self::Properties) -> bool {
        if ctx.props().metric != self.metric {
            self.metric = ctx.props().metric;
            self.restart();
            self.stop(ctx);
        }
        true
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Playback(PlaybackAction::Play) => {
                if self.finished() {
                    return false;
                }
                self.target = None;
                self.work = None;
                self.playing = true;
                self.start_timer(ctx);
            }
            Msg::Playback(PlaybackAction::Pause) => self.stop(ctx),
            Msg::Playback(PlaybackAction::StepForward) => {
                self.halt();
                self.advance();
                ctx.props().onstep.emit(self.step);
            }
            Msg::Playback(PlaybackAction::StepBack) => {
                self.halt();
                self.seek(ctx, Target::Step(self.step.saturating_sub(1)));
            }
            Msg::Playback(PlaybackAction::Reset) => {
                self.halt();
                self.restart();
                ctx.props().onstep.emit(0);
            }
            Msg::Playback(PlaybackAction::End) => {
                self.halt();
                self.seek(ctx, Target::End);
            }
            Msg::Layer => {
                self.halt();
                self.seek(ctx, Target::LayerEnd(self.step));
            }
            Msg::Scrub(step) => {
                self.halt();
                self.seek(ctx, Target::Step(step as u64));
            }
            Msg::Speed(speed) => {
                self.speed = speed.max(1);
                if self.playing {
                    self.start_timer(ctx);
                }
            }
            Msg::Tick => {
                self.advance();
                if self.finished() {
                    self.stop(ctx);
                }
            }
            Msg::Work => self.work_slice(ctx),
        }
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let props = ctx.props();
        let p = self.bfs.progress();
        let steps = props.distribution.as_ref().map(|d| bfs_steps(d, BATCH));
        let finished = self.finished();
        let event = match (self.last, finished) {
            (_, true) => "solved",
            (None, _) => "start",
            (Some(e), _) if e.layer_done => "layer",
            _ => "expand",
        };
        let layers = props
            .distribution
            .as_ref()
            .map(|d| d.len())
            .unwrap_or(0)
            .max(p.layer_counts.len());
        let scale = props
            .distribution
            .as_ref()
            .and_then(|d| d.iter().copied().max())
            .unwrap_or_else(|| p.layer_counts.iter().copied().max().unwrap_or(1))
            .max(1) as f64;
        let what = match (self.last, finished) {
            (_, true) => format!(
                "Done: every one of the {} positions is reached; the last layer, at distance {}, found nothing new.",
                group(POSITIONS_COUNT as u64),
                p.layer_counts.len() - 1
            ),
            (None, _) => "The search starts from the solved cube: layer 0 is one position.".to_string(),
            (Some(e), _) if e.layer_done => format!(
                "Layer {} is expanded: the {} new positions form layer {}, the next frontier.",
                e.depth,
                group(p.layer_counts.get(e.depth as usize + 1).copied().unwrap_or(0)),
                e.depth + 1
            ),
            (Some(e), _) => format!(
                "Expanded {} positions of layer {}, finding {} new ones.",
                group(e.expanded as u64),
                e.depth,
                group(e.found as u64)
            ),
        };
        let antipodes = p.layer_counts.last().copied().unwrap_or(0);
        let (w, h) = (100.0 / layers.max(1) as f64, 34.0);
        html! {
            <section class="bfs-player search-player" aria-labelledby="bfs-title" data-search="cube-bfs"
                data-search-step={self.step.to_string()}
                data-search-steps={steps.map(|s| s.to_string())}
                data-event={event} data-metric={self.metric.as_str()}>
                <h3 id="bfs-title">{ format!("The breadth-first search, layer by layer ({})", self.metric.as_str()) }</h3>
                <p class="event" aria-live="polite">
                    { match steps {
                        Some(s) => format!("Step {} of {s}: ", self.step),
                        None => format!("Step {}: ", self.step),
                    } }{ what }
                </p>
                <Playback playing={self.playing} position={self.step as usize}
                    length={steps.map(|s| s as usize)} finished={finished}
                    speed={self.speed} onaction={link.callback(Msg::Playback)}
                    onspeed={link.callback(Msg::Speed)} onscrub={link.callback(Msg::Scrub)} />
                <div class="row">
                    <button type="button" data-action="layer" disabled={finished}
                        onclick={link.callback(|_| Msg::Layer)}>{"To the end of the layer"}</button>
                    if self.target.is_some() {
                        <span class="seeking" data-seeking="">{"searching…"}</span>
                    }
                    <button type="button" data-action="close-bfs"
                        onclick={props.onclose.reform(|_| ())}>{"Close the search"}</button>
                </div>
                <dl class="bfs-stats">
                    <div><dt>{"layer being expanded"}</dt><dd data-bfs="depth">{ if finished { "—".to_string() } else { p.depth.to_string() } }</dd></div>
                    <div><dt>{"frontier"}</dt><dd data-bfs="frontier">{ group(if finished { 0 } else { p.frontier }) }</dd></div>
                    <div><dt>{"not yet processed"}</dt><dd data-bfs="not-yet-processed">{ group(if finished { 0 } else { p.not_yet_processed }) }</dd></div>
                    <div><dt>{"reached"}</dt><dd data-bfs="reached">{ group(p.reached) }</dd></div>
                    <div><dt>{"not yet reached"}</dt><dd data-bfs="unreached">{ group(p.unreached) }</dd></div>
                </dl>
                <figure class="distance-chart bfs-chart">
                    <svg viewBox="0 -9 100 50" role="img"
                        aria-label={format!("Positions found at each distance so far: {} of {}", group(p.reached), group(POSITIONS_COUNT as u64))}>
                        { for (0..layers).map(|d| {
                            let count = p.layer_counts.get(d).copied().unwrap_or(0);
                            let bar = if count == 0 { 0.0 } else { (count as f64 / scale * h).max(0.6) };
                            let x = d as f64 * w;
                            let frontier = !finished && d == p.depth as usize;
                            let growing = !finished && d == p.depth as usize + 1;
                            let last = finished && d + 1 == p.layer_counts.len();
                            let onclick = last.then(|| props.onantipode.reform(|_: MouseEvent| ()));
                            html! {
                                <g class={classes!("bar", frontier.then_some("frontier"), growing.then_some("growing"), last.then_some("antipodes"))}
                                    data-distance={d.to_string()} data-count={count.to_string()} {onclick}>
                                    if last { <title>{"Open a random one of these positions"}</title> }
                                    <rect x={format!("{:.2}", x + w * 0.1)} y={format!("{:.2}", h - bar)}
                                        width={format!("{:.2}", w * 0.8)} height={format!("{bar:.2}")} />
                                    <text x={format!("{:.2}", x + w / 2.0)} y="39" text-anchor="middle">{ d }</text>
                                    if count > 0 {
                                        <text class="count" x={format!("{:.2}", x + w / 2.0)} y={format!("{:.2}", h - bar - 1.5)} text-anchor="middle">{ short(count) }</text>
                                    }
                                </g>
                            }
                        }) }
                    </svg>
                    <figcaption>
                        { "Bars: positions found at each distance so far. " }
                        <span class="key frontier">{"■"}</span>{" the frontier being expanded, "}
                        <span class="key growing">{"■"}</span>{" the layer it fills."}
                    </figcaption>
                </figure>
                if finished {
                    <p>
                        <button type="button" data-action="bfs-antipode" onclick={props.onantipode.reform(|_| ())}>
                            { format!("Open a random one of the {} positions at distance {}", group(antipodes), p.layer_counts.len() - 1) }
                        </button>
                    </p>
                }
            </section>
        }
    }
}

/// 1847 → "1.8k", 870072 → "870k", 1887748 → "1.9M".
fn short(n: u64) -> String {
    match n {
        0..=999 => n.to_string(),
        1_000..=9_999 => format!("{:.1}k", n as f64 / 1e3),
        10_000..=999_999 => format!("{}k", n / 1_000),
        _ => format!("{:.1}M", n as f64 / 1e6),
    }
}

impl BfsPlayer {
    fn finished(&self) -> bool {
        self.bfs.status() == Status::Solved
    }

    fn restart(&mut self) {
        self.bfs = LayerBfs::new(self.metric, BATCH);
        self.step = 0;
        self.last = None;
    }

    /// One step of the search (bounded: at most `BATCH` positions expanded).
    fn advance(&mut self) -> bool {
        match self.bfs.step() {
            Some(event) => {
                self.step += 1;
                self.last = Some(event);
                true
            }
            None => false,
        }
    }

    /// Stops playing and seeking.
    fn halt(&mut self) {
        self.playing = false;
        self.timer = None;
        self.target = None;
        self.work = None;
    }

    fn stop(&mut self, ctx: &Context<Self>) {
        self.halt();
        ctx.props().onstep.emit(self.step);
    }

    fn start_timer(&mut self, ctx: &Context<Self>) {
        let link = ctx.link().clone();
        let period = (1000 / self.speed.max(1)).max(1);
        self.timer = Some(Interval::new(period, move || link.send_message(Msg::Tick)));
    }

    fn seek(&mut self, ctx: &Context<Self>, target: Target) {
        if let Target::Step(n) = target {
            if n < self.step {
                self.restart();
            }
        }
        self.target = Some(target);
        self.schedule(ctx);
    }

    fn schedule(&mut self, ctx: &Context<Self>) {
        let link = ctx.link().clone();
        self.work = Some(Timeout::new(0, move || link.send_message(Msg::Work)));
    }

    /// Steps toward the target for at most `SLICE_MS`, then yields to the page.
    fn work_slice(&mut self, ctx: &Context<Self>) {
        let Some(target) = self.target else {
            return;
        };
        let begun = js_sys::Date::now();
        loop {
            let reached = match target {
                Target::Step(n) => self.step >= n,
                Target::LayerEnd(from) => {
                    self.step > from && self.last.is_some_and(|e| e.layer_done)
                }
                Target::End => false,
            };
            if reached || !self.advance() {
                self.target = None;
                self.work = None;
                ctx.props().onstep.emit(self.step);
                return;
            }
            if js_sys::Date::now() - begun > SLICE_MS {
                break;
            }
        }
        self.schedule(ctx);
    }
}
