//! The search player: one set of controls for every step machine — play, pause, step
//! back, step, back to the start, to the end, the timeline to scrub, the speed, the
//! page-wide keys (space, ← →, Home, End) and the depth chart to click or drag — around
//! whatever the page draws for the state shown (its children).
//!
//! It only draws and listens: the state is a `PlayerView` (plain data from
//! `solver::watch`), every control sends a `PlayerAction` to the page, and while playing
//! a clock sends `PlayerAction::Tick` every `tick_ms`. A page with a `solver::watch::Player`
//! hands the actions to `Player::apply`; a page with its own timeline (the knight's, fed
//! by the worker) can build the `PlayerView` itself and map the actions.
//!
//! Page hooks: `[data-search]` (the machine's name) with `data-search-step`,
//! `data-search-steps` (the total, once known), `data-event` (what the step did) and
//! `data-level`; the controls' `data-action`s (`play`, `pause`, `step-back`, `step`,
//! `reset`, `end`, `scrub`) and the depth chart `[data-chart="depth"]`.

use gloo_timers::callback::Interval;
use yew::prelude::*;

use crate::app::shell::host::Host;

use crate::app::widgets::numbers::group;

use crate::app::widgets::depth_chart::DepthChart;
use crate::app::widgets::keyboard::{KeyAction, KeyListener, Keys};
use crate::app::widgets::workbench::dock;
use crate::app::widgets::{playback::Playback, timeline::PlaybackAction};
use puzzlelab_solver::watch::{PlayerAction, PlayerView};

#[derive(Properties, PartialEq)]
pub struct SearchPlayerProps {
    /// The machine's name (`data-search`): `queens`, `brute`, `backtrack`, `race`, …
    pub name: AttrValue,
    pub view: PlayerView,
    pub onaction: Callback<PlayerAction>,
    /// Listen to the page-wide playback keys (one player per page should).
    #[prop_or(true)]
    pub keys: bool,
    /// What the step shown did, in words (after "Step k of n: ").
    #[prop_or_default]
    pub caption: Html,
    /// Show the depth chart (a search whose depth means nothing can leave it out).
    #[prop_or(true)]
    pub chart: bool,
    /// The state shown: a board, a tree, counters (in a workbench: the dock, under the
    /// chart).
    #[prop_or_default]
    pub children: Html,
    /// Fill the workbench's slots (`widgets::workbench`): the stage (if the player has
    /// one), the player bar, the dock.
    #[prop_or(false)]
    pub slotted: bool,
    #[prop_or_default]
    pub stage: Option<Html>,
    /// More buttons on the player bar (next solution, …).
    #[prop_or_default]
    pub controls: Html,
}

/// What a playback button or key asks of a search player.
pub fn player_action(action: PlaybackAction) -> PlayerAction {
    match action {
        PlaybackAction::Play => PlayerAction::Play,
        PlaybackAction::Pause => PlayerAction::Pause,
        PlaybackAction::StepBack => PlayerAction::StepBack,
        PlaybackAction::StepForward => PlayerAction::Step,
        PlaybackAction::Reset => PlayerAction::Reset,
        PlaybackAction::End => PlayerAction::End,
    }
}

#[component]
pub fn SearchPlayer(props: &SearchPlayerProps) -> Html {
    let v = &props.view;
    // Keys: while the player is on the page (and asked to listen).
    let host = use_context::<Host>();
    {
        let onaction = props.onaction.clone();
        use_effect_with((props.keys, host), move |(keys, host)| {
            let listener = keys
                .then(|| {
                    KeyListener::new(Keys::Playback, "", host.as_ref(), move |k| match k {
                        KeyAction::Toggle => onaction.emit(PlayerAction::Toggle),
                        KeyAction::Do(a) => onaction.emit(player_action(a)),
                        KeyAction::Letter(_) => {}
                    })
                })
                .flatten();
            move || drop(listener)
        });
    }
    // The clock, while playing.
    {
        let onaction = props.onaction.clone();
        use_effect_with((v.playing, v.tick_ms), move |&(playing, ms)| {
            let timer = playing
                .then(|| Interval::new(ms.max(1), move || onaction.emit(PlayerAction::Tick)));
            move || drop(timer)
        });
    }
    let of = v
        .total
        .map_or(String::new(), |t| format!(" of {}", group(t)));
    let onaction = props.onaction.reform(player_action);
    let onspeed = props.onaction.reform(PlayerAction::Speed);
    let onscrub = props
        .onaction
        .reform(|k: usize| PlayerAction::Seek(k as u64));
    let onseek = props.onaction.reform(PlayerAction::Seek);
    let event = html! {
        <p class="event" aria-live="polite" tabindex="0">
            { format!("Step {}{of}: ", group(v.step)) }{ props.caption.clone() }
        </p>
    };
    let playback = html! {
        <Playback playing={v.playing} position={v.step as usize} length={None::<usize>}
            finished={v.at_end} speed={v.speed} {onaction} {onspeed}
            scrub_max={Some(v.total.unwrap_or(v.furthest).max(v.step) as usize)} onscrub={Some(onscrub)} />
    };
    let chart = if props.chart {
        html! {
            <DepthChart buckets={v.chart.clone()} max_depth={v.max_depth} step={v.step} {onseek}
                depth_label={depth_label(&props.name)} />
        }
    } else {
        html! {}
    };
    let class = classes!("search-player", props.slotted.then_some("slotted"));
    html! {
        <div {class} data-search={props.name.clone()}
            data-search-step={v.step.to_string()} data-search-steps={v.total.map(|t| t.to_string())}
            data-event={v.event} data-level={v.level.number().to_string()}
            data-playing={v.playing.to_string()}>
            if props.slotted {
                if let Some(stage) = props.stage.clone() {
                    <div class="wb-stage">{ stage }</div>
                }
                <div class="wb-player">{ event }{ playback }{ props.controls.clone() }</div>
                { dock(html! { <>{ chart }{ props.children.clone() }</> }) }
            } else {
                { event }
                { props.children.clone() }
                { playback }
                { props.controls.clone() }
                { chart }
            }
        </div>
    }
}

/// What a machine's depth counts, for the depth chart's caption.
fn depth_label(name: &str) -> AttrValue {
    AttrValue::Static(match name {
        "queens" => "queens placed",
        "brute" => "moves made before the sequence fails",
        "construct" => "pieces not yet joined",
        _ => "moves on the path",
    })
}
