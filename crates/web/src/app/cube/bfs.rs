//! The distance table's breadth-first search, watched in the shared search player: a
//! `solver::watch::Player` over `LayerBfs` (a step expands at most `BATCH` frontier
//! positions; every run — play, the end, a link's step, a step back replayed from the
//! start — takes one step per frame), the bars growing as positions are reached, with the
//! frontier and the SQL article's "not yet processed".
//!
//! Page hooks: the shared player's (`[data-search="cube-bfs"]` with `data-search-step`,
//! `data-search-steps` (known in advance from the distribution), `data-event` = `start`,
//! `expand`, `layer`, `solved`; the controls' `data-action`s and keys), plus `layer` (to
//! the end of the layer being expanded: the player's "next milestone") and the wrapper
//! `.bfs-player[data-metric]`.

use yew::prelude::*;

use crate::app::code::{self, CodeView};
use crate::app::widgets::numbers::short;

use crate::app::widgets::numbers::group;
use crate::app::widgets::search_player::SearchPlayer;
use puzzlelab_pictures::chart::Layers;
use puzzlelab_solver::cube::corners::POSITIONS_COUNT;
use puzzlelab_solver::cube::goal::bfs_steps;
use puzzlelab_solver::cube::{BfsProgress, LayerBfs, Metric};
use puzzlelab_solver::watch::{Level, Player, PlayerAction};
use puzzlelab_solver::{Status, StepMachine};

/// Frontier positions expanded per step: the first layers take a step each, the biggest
/// about a hundred, the whole search a couple of hundred (a few seconds at full speed).
pub const BATCH: usize = puzzlelab_solver::cube::code::BFS_BATCH;
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
    /// What the bars show then (and when opened), for "Save picture".
    #[prop_or_default]
    pub onlayers: Callback<Layers>,
    pub onclose: Callback<()>,
    /// Open a random position from the last bar.
    pub onantipode: Callback<()>,
    /// The rest of the workbench's dock, under the search's bars (the player fills the
    /// workbench's player bar and dock; the page draws the stage).
    #[prop_or_default]
    pub dock: Html,
    /// Listen to the page-wide playback keys (a lesson keeps its arrows for its steps).
    #[prop_or(true)]
    pub keys: bool,
}

pub enum Msg {
    Player(PlayerAction),
}

pub struct BfsPlayer {
    player: Player<LayerBfs>,
    metric: Metric,
}

/// A step of the search is a few milliseconds of work: one machine call per frame.
fn fresh(metric: Metric, speed: u32) -> Player<LayerBfs> {
    Player::new(LayerBfs::new(metric, BATCH), (), speed, Level::Every).with_budget(1)
}

impl Component for BfsPlayer {
    type Message = Msg;
    type Properties = BfsProps;

    fn create(ctx: &Context<Self>) -> Self {
        let metric = ctx.props().metric;
        let mut player = fresh(metric, DEFAULT_SPEED);
        if ctx.props().start_step > 0 {
            player.go_to(ctx.props().start_step);
        }
        BfsPlayer { player, metric }
    }

    fn changed(&mut self, ctx: &Context<Self>, _old: &Self::Properties) -> bool {
        if ctx.props().metric != self.metric {
            self.metric = ctx.props().metric;
            self.player = fresh(self.metric, self.player.speed());
            ctx.props().onstep.emit(0);
            ctx.props().onlayers.emit(self.layers(ctx.props()));
        }
        true
    }

    fn rendered(&mut self, ctx: &Context<Self>, first: bool) {
        if first {
            ctx.props().onlayers.emit(self.layers(ctx.props()));
        }
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        let Msg::Player(action) = msg;
        if self.player.apply(action) {
            ctx.props().onstep.emit(self.player.step());
            ctx.props().onlayers.emit(self.layers(ctx.props()));
        }
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let props = ctx.props();
        let bfs = self.player.machine();
        let p = bfs.progress();
        let steps = props.distribution.as_ref().map(|d| bfs_steps(d, BATCH));
        let finished = bfs.status() == Status::Solved;
        let mut view = self.player.view();
        view.total = view.total.or(steps);
        let what = caption(&p, self.player.recording.event(), finished);
        let antipodes = p.layer_counts.last().copied().unwrap_or(0);
        html! {
            <section class="bfs-player" aria-labelledby="bfs-title" data-metric={self.metric.as_str()}>
                <SearchPlayer name="cube-bfs" {view} keys={props.keys} onaction={link.callback(Msg::Player)}
                    caption={html! { { what } }} chart={false} slotted=true>
                <h3 id="bfs-title">{ format!("The breadth-first search, layer by layer ({})", self.metric.as_str()) }</h3>
                <div class="row">
                    // Done, the layer button gives its place to the farthest positions' (the
                    // dock keeps its height: the code view under the bars stays in view).
                    if finished {
                        <button type="button" data-action="bfs-antipode" onclick={props.onantipode.reform(|_| ())}
                            title={format!("Open a random one of the {} positions at distance {}", group(antipodes), p.layer_counts.len() - 1)}>
                            { format!("Open one at distance {}", p.layer_counts.len() - 1) }
                        </button>
                    } else {
                        <button type="button" data-action="layer"
                            onclick={link.callback(|_| Msg::Player(PlayerAction::NextSolution))}>{"To the end of the layer"}</button>
                    }
                    if self.player.seeking().is_some() {
                        <span class="seeking" data-seeking="">{"searching…"}</span>
                    }
                    <button type="button" data-action="close-bfs"
                        onclick={props.onclose.reform(|_| ())}>{"Close the search"}</button>
                </div>
                { stats(&p, finished) }
                { bars_chart(props, &p, finished) }
                <CodeView name="cube-bfs" listing={code::CUBE_BFS} line={Some(bfs.line().number())}
                    vars={code::cube_bfs_vars(bfs)} />
                { props.dock.clone() }
                </SearchPlayer>
            </section>
        }
    }
}

impl BfsPlayer {
    /// What the bars show at the step shown: the counts found so far (one bar per
    /// distance the finished table has), its scale, the frontier while searching.
    fn layers(&self, props: &BfsProps) -> Layers {
        let bfs = self.player.machine();
        let p = bfs.progress();
        let finished = bfs.status() == Status::Solved;
        let (layers, scale) = bars_extent(props, &p);
        let mut counts = p.layer_counts.clone();
        counts.resize(layers, 0);
        Layers {
            metric: self.metric.as_str().to_string(),
            step: self.player.step(),
            counts,
            scale: scale as u64,
            frontier: (!finished).then_some(p.depth as u32),
        }
    }
}

/// The bars drawn and the count a full bar stands for: the finished distribution's when
/// the table is known, else what is found so far.
fn bars_extent(props: &BfsProps, p: &BfsProgress) -> (usize, f64) {
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
    (layers, scale)
}

/// The player's caption: what the step just taken (the recording's `event`) did.
fn caption(p: &BfsProgress, event: &str, finished: bool) -> String {
    match event {
        _ if finished => format!(
            "Done: every one of the {} positions is reached; the last layer, at distance {}, found nothing new.",
            group(POSITIONS_COUNT as u64),
            p.layer_counts.len() - 1
        ),
        "start" => "The search starts from the solved cube: layer 0 is one position.".to_string(),
        "layer" => format!(
            "Layer {} is expanded: the {} new positions form layer {}, the next frontier.",
            p.depth.saturating_sub(1),
            group(p.layer_counts.get(p.depth as usize).copied().unwrap_or(0)),
            p.depth
        ),
        _ => format!(
            "Expanding layer {}: {} of its {} positions done, {} new ones found so far.",
            p.depth,
            group(p.frontier - p.not_yet_processed),
            group(p.frontier),
            group(p.layer_counts.get(p.depth as usize + 1).copied().unwrap_or(0))
        ),
    }
}

/// The search's numbers: the layer, its frontier, what is reached.
fn stats(p: &BfsProgress, finished: bool) -> Html {
    html! {
        <dl class="bfs-stats">
            <div><dt>{"layer being expanded"}</dt><dd data-bfs="depth">{ if finished { "—".to_string() } else { p.depth.to_string() } }</dd></div>
            <div><dt>{"frontier"}</dt><dd data-bfs="frontier">{ group(if finished { 0 } else { p.frontier }) }</dd></div>
            <div><dt>{"not yet processed"}</dt><dd data-bfs="not-yet-processed">{ group(if finished { 0 } else { p.not_yet_processed }) }</dd></div>
            <div><dt>{"reached"}</dt><dd data-bfs="reached">{ group(p.reached) }</dd></div>
            <div><dt>{"not yet reached"}</dt><dd data-bfs="unreached">{ group(p.unreached) }</dd></div>
        </dl>
    }
}

/// The bars: positions found at each distance so far, scaled to the finished
/// distribution when it is known; the last bar, once done, opens one of its positions.
fn bars_chart(props: &BfsProps, p: &BfsProgress, finished: bool) -> Html {
    let (layers, scale) = bars_extent(props, p);
    // Flat bars (20 of 100 wide): the chart, the numbers and the code view share a
    // laptop's dock.
    let (w, h) = (100.0 / layers.max(1) as f64, 20.0);
    html! {
        <figure class="distance-chart bfs-chart" data-bfs-chart="">
            <svg viewBox="0 -7 100 32" role="img"
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
                            <text x={format!("{:.2}", x + w / 2.0)} y={format!("{:.1}", h + 4.5)} text-anchor="middle">{ d }</text>
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
    }
}
