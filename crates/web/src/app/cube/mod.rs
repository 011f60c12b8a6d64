//! The pocket-cube workbench: turn, scramble or paint a cube on its net, then solve it
//! optimally (or most cheaply) in the worker and play the solution back. The cube is a
//! graph: any goal can be set, every optimal solution walked through, each turn shows
//! what it does to the distance from the goal, and the distance table's breadth-first
//! search can be watched layer by layer.
//!
//! The page's state and what it asks of the worker are `state.rs` (plain Rust); this
//! component draws it (`settings.rs`, `goal_panel.rs`, `dock.rs` draw their parts) and
//! forwards messages and worker answers to it, and its requests to the worker.

pub mod bfs;
mod dock;
mod goal_panel;
pub mod keys;
pub mod net;
mod settings;
pub mod state;
mod text;

use yew::html::Scope;
use yew::prelude::*;

use crate::app::cube::bfs::BfsPlayer;
use crate::app::cube::keys::HintKey;
use crate::app::cube::net::CubeNet;
use crate::app::cube::state::{CubeState, Msg, Out};
use crate::app::shell::alert::Alert;
use crate::app::shell::location;
use crate::app::widgets::clock::Clock;
use crate::app::widgets::cube3d::Cube3d;
use crate::app::widgets::keyboard::{KeyAction, KeyListener};
use crate::app::widgets::playback::Playback;
use crate::app::widgets::workbench::{Slots, Workbench};
use crate::app::widgets::worker_bridge::{spawn, Supervised};
use puzzlelab_links::{encode_route, CubeLink, Route};
use puzzlelab_solver::cube::corners::analyse;
use puzzlelab_solver::cube::format_moves;
use puzzlelab_solver::cube_common::colours::{colour_name, css_colour, text_colour, COLOURS};
use puzzlelab_solver::cube_view::Kind;
use puzzlelab_worker::Response;

#[derive(Properties, PartialEq)]
pub struct CubeProps {
    pub link: CubeLink,
    #[prop_or_default]
    pub problems: Vec<String>,
}

/// The component's messages: the state's, plus the keys it resolves first.
pub enum PageMsg {
    State(Msg),
    Key(KeyAction),
}

impl From<Msg> for PageMsg {
    fn from(msg: Msg) -> Self {
        PageMsg::State(msg)
    }
}

pub struct CubePage {
    state: CubeState,
    bridge: Supervised,
    /// The solution's beat, following `state.play`.
    clock: Clock,
    _keys: Option<KeyListener>,
    _hint_key: Option<HintKey>,
}

impl Component for CubePage {
    type Message = PageMsg;
    type Properties = CubeProps;

    fn create(ctx: &Context<Self>) -> Self {
        let props = ctx.props();
        let (state, out) = CubeState::new(props.link.clone(), props.problems.clone());
        let scope = ctx.link().clone();
        let mut page = CubePage {
            state,
            bridge: spawn(move |r: Response| scope.send_message(Msg::Worker(r))),
            clock: Clock::default(),
            _keys: {
                let link = ctx.link().clone();
                KeyListener::new(move |k| link.send_message(PageMsg::Key(k)))
            },
            _hint_key: {
                let link = ctx.link().clone();
                HintKey::new(move || link.send_message(Msg::Hint))
            },
        };
        page.apply(ctx, out);
        page
    }

    fn update(&mut self, ctx: &Context<Self>, msg: PageMsg) -> bool {
        let msg = match msg {
            // The breadth-first search's player takes the playback keys while it is open.
            PageMsg::Key(_) if self.state.bfs.is_some() => return false,
            PageMsg::Key(key) => Msg::Playback(key.resolve(self.state.play.playing())),
            PageMsg::State(msg) => msg,
        };
        let out = self.state.update(msg);
        self.apply(ctx, out)
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        self.render(ctx.link())
    }
}

impl CubePage {
    /// Does what the state asks: forwards its requests, keeps the clock on its timeline,
    /// writes the link; says whether to draw.
    fn apply(&mut self, ctx: &Context<Self>, out: Out) -> bool {
        let draws = out.draws();
        for request in out.send {
            self.bridge.send(request);
        }
        let link = ctx.link().clone();
        self.clock
            .follow(&self.state.play, move || link.send_message(Msg::Tick));
        if out.write_link {
            location::replace_hash(&encode_route(&Route::Cube(self.state.link_out())));
        }
        draws
    }

    fn render(&self, link: &Scope<Self>) -> Html {
        let state = &self.state;
        let shown = state.shown();
        let validity = analyse(&shown).err();
        let paint_action = state
            .paint
            .map(|c| AttrValue::from(format!("click to paint {}", colour_name(Kind::Pocket, c))));
        let head = html! {
            <>
                <Alert problems={state.problems.clone()} ondismiss={link.callback(|_| Msg::Dismiss)} />
                <p class="status" data-status={state.status_attr(validity.is_some())} role="status" aria-live="polite">
                    { state.status_text(validity.is_some()) }
                    if state.busy != state::Busy::Idle {
                        {" "}<button type="button" onclick={link.callback(|_| Msg::Cancel)} data-action="cancel">{"Cancel"}</button>
                    }
                </p>
            </>
        };
        let stage = html! {
            <>
                if let Some(message) = &validity {
                    <p class="invalid" role="alert" data-validity="invalid">{ format!("Not a real cube: {message}.") }</p>
                }
                <div class="cube-views">
                    <Cube3d kind={Kind::Pocket} colours={shown.0.to_vec()} onsticker={link.callback(Msg::Sticker)}
                        speed={state.play.speed()} orbit={state.view3d.unwrap_or_default()} onorbit={link.callback(Msg::View3d)}
                        hint={state.hint_turn().map(|m| AttrValue::from(m.to_string()))} action={paint_action.clone()} />
                    <CubeNet stickers={shown} onclick={link.callback(Msg::Sticker)} action={paint_action} />
                </div>
                { palette(state, link) }
            </>
        };
        let solved = !state.solution.is_empty() || state.solved_by.is_some();
        let solution_player = html! {
            if solved {
                <p class="solution event" data-solution={format_moves(&state.solution)}>
                    { state.solution_text() }
                </p>
                <Playback playing={state.play.playing()} position={state.play.position()} length={Some(state.solution.len())}
                    speed={state.play.speed()} onaction={link.callback(Msg::Playback)} onspeed={link.callback(Msg::Speed)}
                    onscrub={link.callback(Msg::Scrub)} />
            } else {
                <p class="event hint">{"Solve, or press Hint, and the solution plays here."}</p>
            }
        };
        let dock = dock::dock(state, link);
        let main = if state.bfs.is_some() {
            // The breadth-first search owns the player bar; the solution plays in the dock.
            html! {
                <>
                    <div class="wb-stage">{ stage }</div>
                    <BfsPlayer metric={state.metric()} start_step={state.bfs_start}
                        distribution={state.counts_for(state.metric()).map(<[u64]>::to_vec)}
                        onstep={link.callback(Msg::BfsStep)} onclose={link.callback(|_| Msg::CloseBfs)}
                        onantipode={link.callback(|_| Msg::Antipode)}
                        dock={html! { <>if solved { <div class="solution-playback">{ solution_player }</div> }{ dock }</> }} />
                </>
            }
        } else {
            html! { <Slots {stage} player={solution_player} {dock} /> }
        };
        html! {
            <Workbench name="cube" title="Pocket cube (2×2×2)" {head} settings={settings::settings(state, link, validity.is_some())}
                first={AttrValue::Static("Start here: press Random position, then Solve — or turn the cube with the buttons.")}>
                { main }
            </Workbench>
        }
    }
}

/// The paint colours: no paint, the cube's and the goal's colours, then the usual six.
fn palette(state: &CubeState, link: &Scope<CubePage>) -> Html {
    let mut colours: Vec<u8> = Vec::new();
    let seen = state.shown().0.into_iter();
    for c in seen
        .chain(state.target.iter().flat_map(|g| g.0))
        .chain(COLOURS.map(|c| c.letter))
    {
        if !colours.contains(&c) {
            colours.push(c);
        }
    }
    html! {
        <div class="palette" role="group" aria-label="Paint colours">
            <button type="button" class={classes!("brush", state.paint.is_none().then_some("chosen"))}
                aria-pressed={state.paint.is_none().to_string()} onclick={link.callback(|_| Msg::Palette(None))}>{"no paint"}</button>
            { for colours.iter().map(|&c| html! {
                <button type="button" class={classes!("brush", (state.paint == Some(c)).then_some("chosen"))}
                    style={format!("background: {}; color: {}", css_colour(Kind::Pocket, c), text_colour(Kind::Pocket, c))} data-paint={(c as char).to_string()}
                    aria-label={format!("Paint {}", colour_name(Kind::Pocket, c))} aria-pressed={(state.paint == Some(c)).to_string()}
                    onclick={link.callback(move |_| Msg::Palette(Some(c)))}>{ c as char }</button>
            }) }
        </div>
    }
}
