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
pub mod net;
pub mod predict;
pub mod recording;
mod settings;
pub mod state;
mod text;
mod walk_steps;

use yew::html::Scope;
use yew::prelude::*;

use crate::app::contract::Out;
use crate::app::cube::bfs::BfsPlayer;
use crate::app::cube::net::CubeNet;
use crate::app::cube::state::{CubeState, Msg};
use crate::app::page::{Page, Task, Workbench as Contract, Worker};
use crate::app::shell::alert::Alert;
use crate::app::widgets::cube3d::Cube3d;
use crate::app::widgets::keyboard::{KeyAction, Keys};
use crate::app::widgets::playback::Playback;
use crate::app::widgets::save_animation;
use crate::app::widgets::timeline::Timeline;
use crate::app::widgets::workbench::{Slots, Workbench};
use puzzlelab_links::{CubeLink, Route};
use puzzlelab_solver::cube::corners::analyse;
use puzzlelab_solver::cube::format_moves;
use puzzlelab_solver::cube_common::colours::{colour_name, css_colour, text_colour, COLOURS};
use puzzlelab_solver::cube_view::Kind;
use puzzlelab_worker::Response;

/// The pocket cube's page.
pub type CubePage = Page<CubeState>;

impl Contract for CubeState {
    type Link = CubeLink;
    type Msg = Msg;
    const KEYS: Keys = Keys::Playback;
    /// `h` plays one optimal move toward the goal.
    const LETTERS: &'static str = "h";

    fn open(link: CubeLink, problems: Vec<String>) -> (Self, Out) {
        let (mut state, out) = CubeState::new(link, problems);
        state.recorder.run_of(state.solution.len());
        (state, out)
    }

    fn update(&mut self, msg: Msg) -> Out {
        CubeState::update(self, msg)
    }

    fn answer(&mut self, from: Worker, response: Response) -> Out {
        match from {
            from if self.recorder.serves(from) => self.recorder.answer(response),
            _ => CubeState::update(self, Msg::Worker(response)),
        }
    }

    fn tasks(&mut self) -> Vec<Task<Msg>> {
        save_animation::save_task(&mut self.recorder, Msg::Record)
    }

    fn route(&self) -> Route {
        Route::Cube(self.link_out())
    }

    fn report(&self) -> crate::app::page::Report {
        crate::app::report::cube(self)
    }

    fn timeline(&self) -> Option<&Timeline> {
        Some(&self.play)
    }

    fn tick(&mut self) -> Out {
        CubeState::update(self, Msg::Tick)
    }

    fn key(&self, key: KeyAction) -> Option<Msg> {
        match key {
            KeyAction::Letter(_) => Some(Msg::Hint),
            // The breadth-first search's player takes the playback keys while it is open.
            _ if self.bfs.is_some() => None,
            _ => key.resolve(self.play.playing()).map(Msg::Playback),
        }
    }

    fn scene(&self) -> Option<puzzlelab_pictures::Scene> {
        let played = !self.solution.is_empty();
        Some(puzzlelab_pictures::Scene::Net {
            kind: puzzlelab_pictures::Kind::Pocket,
            letters: self.shown().0.to_vec(),
            step: played.then(|| (self.play.position(), self.solution.len())),
        })
    }

    fn figures(&self) -> Vec<puzzlelab_pictures::Scene> {
        // The 3D view at the angle shown (always there: first, so that the rows arriving
        // later go below it), the distance chart once the table is built (the dock shows
        // it then), and the breadth-first search's bars while it is open.
        let view = puzzlelab_pictures::Scene::View3d {
            kind: puzzlelab_pictures::Kind::Pocket,
            letters: self.shown().0.to_vec(),
            orbit: self.view3d.unwrap_or_default(),
        };
        let metric = self.metric();
        let chart = self
            .counts_for(metric)
            .map(|counts| puzzlelab_pictures::Scene::Distances {
                metric: metric.as_str().to_string(),
                counts: counts.to_vec(),
                current: self.chart_marker(),
            });
        let layers = self
            .bfs_layers
            .clone()
            .map(puzzlelab_pictures::Scene::Layers);
        std::iter::once(view).chain(chart).chain(layers).collect()
    }

    fn view(&self, link: &Scope<CubePage>) -> Html {
        render(self, link)
    }
}

fn render(state: &CubeState, link: &Scope<CubePage>) -> Html {
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
                    onstep={link.callback(Msg::BfsStep)} onlayers={link.callback(Msg::BfsLayers)} onclose={link.callback(|_| Msg::CloseBfs)}
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
