//! The knight's-tour workbench: pick a board and rules, click a start square, and watch the
//! tour the worker found play back move by move.
//!
//! What a control or an answer means is decided in plain Rust (`state.rs`, `requests.rs`,
//! `update.rs`); this file says how the page hosts it and draws the stage, the player and
//! the dock (`settings.rs` the settings column, `watch_panel.rs` the search player).

pub mod board_view;
pub mod canvas_board;
pub mod compare;
pub mod huge;
pub mod predict;
pub mod recording;
pub mod requests;
pub mod search_tree_view;
pub mod search_view;
mod settings;
pub mod state;
pub mod tour_export;
pub mod tree;
pub mod update;
mod watch_panel;

use yew::html::Scope;
use yew::prelude::*;

use crate::app::contract::Out;
use crate::app::knight::board_view::BoardView;
use crate::app::knight::canvas_board::CanvasBoard;
use crate::app::knight::tour_export::TourExport;
use crate::app::page::{Page, Task, Workbench as Contract, Worker};
use crate::app::shell::alert::Alert;
use crate::app::widgets::keyboard::{KeyAction, Keys};
use crate::app::widgets::playback::Playback;
use crate::app::widgets::save_animation::{self, save_animation};
use crate::app::widgets::timeline::Timeline;
use crate::app::widgets::workbench::{how_it_works, Slots, Workbench};
use puzzlelab_links::{KnightLink, Route};
use puzzlelab_solver::Status;
use puzzlelab_worker::Response;
use state::{KnightState, Search};
use update::Msg;

pub use state::{drawn_as_squares, Watch, MAX_DRAWN_SIDE};

/// The knight's tour's page.
pub type KnightPage = Page<KnightState>;

impl Contract for KnightState {
    type Link = KnightLink;
    type Msg = Msg;
    const KEYS: Keys = Keys::Playback;
    const WARM_WORKER: bool = true;

    fn open(link: KnightLink, problems: Vec<String>) -> (Self, Out) {
        KnightState::open(link, problems)
    }

    fn update(&mut self, msg: Msg) -> Out {
        let out = KnightState::update(self, msg);
        self.follow_player();
        out
    }

    fn answer(&mut self, from: Worker, response: Response) -> Out {
        let out = match from {
            from if self.recorder.serves(from) => self.recorder.answer(response),
            _ => self.take_answer(response, crate::app::reduced_motion()),
        };
        self.follow_player();
        out
    }

    fn tasks(&mut self) -> Vec<Task<Msg>> {
        save_animation::save_task(&mut self.recorder, Msg::Record)
    }

    fn route(&self) -> Route {
        Route::Knight(self.link_out())
    }

    fn report(&self) -> crate::app::page::Report {
        crate::app::report::knight(self)
    }

    fn timeline(&self) -> Option<&Timeline> {
        Some(&self.tour)
    }

    fn tick(&mut self) -> Out {
        KnightState::tick(self)
    }

    fn key(&self, key: KeyAction) -> Option<Msg> {
        KnightState::key(self, key)
    }

    fn next_frame(&mut self) -> Option<Msg> {
        self.grow_tree()
    }

    fn scene(&self) -> Option<puzzlelab_pictures::Scene> {
        // A big board's is its canvas: one pixel a square, with the blocks overlay if shown.
        Some(
            puzzlelab_pictures::Scene::tour(self.link.board, stage_path(self))
                .with_blocks(self.link.canvas.blocks),
        )
    }

    fn figures(&self) -> Vec<puzzlelab_pictures::Scene> {
        // The search tree, while the page shows it.
        let tree = self.tree.as_ref().filter(|_| self.tree_shown());
        let (Some(tree), Some(start)) = (tree, self.link.start) else {
            return Vec::new();
        };
        let (step, icicle) = search_tree_view::icicle_shown(tree, self.remote.step());
        vec![puzzlelab_pictures::Scene::Tree {
            of: puzzlelab_pictures::tree::TreeOf::Knight(self.link.board, start),
            step,
            icicle,
        }]
    }

    fn view(&self, link: &Scope<KnightPage>) -> Html {
        render(self, link)
    }
}

/// The tree's chosen node's path, when the tree is shown and a node chosen.
fn tree_walk(state: &KnightState) -> Option<Vec<u32>> {
    state
        .selected
        .zip(state.tree.as_ref())
        .filter(|_| state.tree_shown())
        .map(|(id, tree)| tree.walk(id))
}

/// The path the board shows: the tree's chosen node's, or the tour's up to the step.
fn stage_path(state: &KnightState) -> Vec<u32> {
    tree_walk(state).unwrap_or_else(|| state.path_shown())
}

fn render(state: &KnightState, link: &Scope<KnightPage>) -> Html {
    let board = state.link.board;
    let frame = state
        .frame
        .as_ref()
        .filter(|_| state.watch == Watch::Search);
    let (ties, tried, cleared) = match frame {
        Some(f) if tree_walk(state).is_none() => {
            (f.ties.clone(), f.tried.clone(), f.cleared.clone())
        }
        _ => Default::default(),
    };
    let path = stage_path(state);
    let running = state.running();
    let outcomes = state.outcomes();
    let head = html! {
        <>
            <Alert problems={state.problems.clone()} ondismiss={link.callback(|_| Msg::Dismiss)} />
            <p class="status" data-status={state.status_attr()} role="status" aria-live="polite">
                { state.status_text() }
                if running {
                    {" "}<button type="button" onclick={link.callback(|_| Msg::Cancel)} data-action="cancel">{"Cancel"}</button>
                }
            </p>
        </>
    };
    let settings = settings::settings(state, link);
    let comparing = !state.link.compare.is_empty() && drawn_as_squares(board);
    let how = how_it_works(html! {
        <>
            <p>{ "A knight must visit every square exactly once. Warnsdorff's rule (1823) always jumps to the square with the fewest onward moves, so the awkward squares are used up before they are stranded. When several squares tie, the tie-break decides: the first in a fixed clockwise order, a seeded random pick, Pohl's rule (look one level deeper), or Roth's rule (the square farthest from the centre)." }</p>
            <p>{ "Greedy rules can still get stuck. Backtracking undoes the last moves and tries the next candidate; forward checking spots a dead end early (a square nobody can reach, or two squares that could only be last). Before any search a theorem says whether a tour can exist at all: Schwenk for closed tours, Cull–De Curtins and Conrad for open ones, and a colouring argument on odd boards." }</p>
        </>
    });
    let stage = if drawn_as_squares(board) {
        html! {
            <BoardView {board} {path} onclick={link.callback(Msg::Square)}
                stranded={state.stranded()} candidates={state.candidates()} {outcomes}
                {ties} {tried} {cleared} />
        }
    } else {
        html! {
            <CanvasBoard {board} {path} onclick={link.callback(Msg::Square)} {outcomes}
                candidates={state.candidates()} view={state.link.canvas} onview={link.callback(Msg::CanvasView)} />
        }
    };
    let extras = html! {
        <>
            { watch_panel::stats_view(state) }
            if let Search::Done { path, status: Status::Solved, .. } = &state.search {
                <TourExport {board} path={path.to_vec()} />
            }
            if matches!(state.search, Search::Done { .. }) && drawn_as_squares(board) {
                { save_animation(&state.recorder, state.animation_plan(), state.recording_speed(), link.callback(Msg::Record)) }
            }
            if let (Search::Done { path, status: Status::Solved, .. }, false) = (&state.search, drawn_as_squares(board)) {
                <huge::construction_panel::ConstructionPanel {board} path={path.clone()} />
            }
        </>
    };
    let main = if comparing {
        html! {
            <compare::Compare {board} start={state.link.start} closed={state.link.closed}
                rules={state.link.compare.clone()} onclick={link.callback(Msg::Square)} dock={how} />
        }
    } else if state.watch == Watch::Search && matches!(state.search, Search::Done { .. }) {
        watch_panel::search_player(state, link, stage, html! { <>{ extras }{ how }</> })
    } else {
        html! {
            <Slots {stage}
                player={html! {
                    <>
                        { watch_panel::next_move_text(state) }
                        <Playback playing={state.tour.playing()} position={state.tour.position()} length={Some(state.moves())}
                            speed={state.tour.speed()} onaction={link.callback(Msg::Playback)} onspeed={link.callback(Msg::Speed)}
                            onscrub={link.callback(Msg::Scrub)} />
                    </>
                }}
                dock={html! { <>{ extras }{ how }</> }} />
        }
    };
    html! {
        <Workbench name="knight" title="Knight's tour" {head} {settings}
            first={state.link.start.is_none().then_some(AttrValue::Static("Start here: click any square of the board."))}>
            { main }
        </Workbench>
    }
}
