//! The N-queens workbench: place queens by hand, watch backtracking place them with its
//! counters, browse every solution with its symmetry class, and count them all.

pub mod board;
pub mod count;
pub mod count_state;
pub mod predict;
pub mod recording;
pub mod state;

use yew::html::Scope;
use yew::prelude::*;

use crate::app::contract::Out;
use crate::app::page::{Page, Task, Workbench as Contract, Worker};
use crate::app::widgets::save_animation::{self, save_animation};
use puzzlelab_worker::Response;

use crate::app::code::{self, CodeView};
use crate::app::queens::board::QueensBoard;
use crate::app::queens::count::count_panel;
use crate::app::shell::alert::Alert;
use crate::app::shell::clock::now_ms;
use crate::app::widgets::draft_input::DraftInput;
use crate::app::widgets::numbers::group;
use crate::app::widgets::pool_count::{TaskCounting, PROGRESS_MS};
use crate::app::widgets::predict as guessing;
use crate::app::widgets::search_player::SearchPlayer;
use crate::app::widgets::search_tree::{cut_formula, SearchTree as TreeView};
use crate::app::widgets::workbench::{how_it_works, Group, Slots, Workbench};
use puzzlelab_links::{QueensLink, QueensMode, QueensView, Route};
use puzzlelab_solver::queens::search::{boards, permutations, MAX_TREE_N};
use puzzlelab_solver::queens::symmetry::{classify, NAMES};
use puzzlelab_solver::queens::{placement_names, square_name, square_name_on, MAX_N};
use puzzlelab_solver::tree::{CellKind, Icicle};
use puzzlelab_solver::watch::PlayerAction;
use puzzlelab_solver::StepMachine;
use state::QueensState;

pub use state::Msg;

/// Tree cells narrower than this share of the width are folded into their parent (keeps
/// the drawing to a few thousand elements for N = 10).
const MIN_CELL: f64 = 1.0 / 1500.0;

/// The N queens' page.
pub type QueensPage = Page<QueensState>;

impl Contract for QueensState {
    type Link = QueensLink;
    type Msg = Msg;

    fn open(link: QueensLink, problems: Vec<String>) -> (Self, Out) {
        let mut state = QueensState::new(&link, problems);
        state.follow_player(); // a linked step may be reached at once
        let out = if state.problems.is_empty() {
            Out::nothing()
        } else {
            Out::link()
        };
        // The count's workers start loading with the page, so a count does not wait.
        let warm = state.warm_count();
        (state, out.and(warm))
    }

    fn update(&mut self, msg: Msg) -> Out {
        let out = QueensState::update(self, msg);
        self.follow_player();
        out
    }

    /// The page's own worker records; the count runs on the others.
    fn answer(&mut self, from: Worker, response: Response) -> Out {
        match from {
            Worker::Helper(i) => self.count.answer(i, response, now_ms()),
            Worker::Main => self.recorder.answer(response),
        }
    }

    fn tasks(&mut self) -> Vec<Task<Msg>> {
        save_animation::save_task(&mut self.recorder, Msg::Record)
    }

    fn progress_every(&self) -> Option<u32> {
        self.count.running().then_some(PROGRESS_MS)
    }

    fn route(&self) -> Route {
        Route::Queens(self.link_out())
    }

    fn report(&self) -> crate::app::page::Report {
        crate::app::report::queens(self)
    }

    fn scene(&self) -> Option<puzzlelab_pictures::Scene> {
        Some(puzzlelab_pictures::Scene::Queens {
            n: self.n,
            queens: self.queens_shown(),
        })
    }

    fn figures(&self) -> Vec<puzzlelab_pictures::Scene> {
        // The search tree, while the page shows it.
        let shown = self.mode == QueensMode::Search
            && self.view == QueensView::Tree
            && self.n <= MAX_TREE_N;
        if !shown {
            return Vec::new();
        }
        vec![puzzlelab_pictures::Scene::Tree {
            of: puzzlelab_pictures::tree::TreeOf::Queens(self.n),
            step: self.player.step(),
            icicle: icicle_shown(self),
        }]
    }

    fn view(&self, link: &Scope<QueensPage>) -> Html {
        render(self, link)
    }
}

fn render(state: &QueensState, link: &Scope<QueensPage>) -> Html {
    let searching = state.mode == QueensMode::Search;
    let queens = state.queens_shown();
    let focus = state.focus_square();
    let tab = |mode: QueensMode, label: &'static str| {
        html! {
            <button type="button" role="tab" aria-selected={(state.mode == mode).to_string()}
                class={classes!("tab", (state.mode == mode).then_some("chosen"))}
                data-mode={if mode == QueensMode::Hand { "hand" } else { "search" }}
                onclick={link.callback(move |_| Msg::Mode(mode))}>{ label }</button>
        }
    };
    let board = html! {
        <QueensBoard n={state.n} {queens} {focus} onclick={link.callback(Msg::Square)} />
    };
    let head = html! {
        <>
            <Alert problems={state.problems.clone()} ondismiss={link.callback(|_| Msg::Dismiss)} />
            <p class="status" data-status={state.status_attr()} role="status" aria-live="polite">{ state.status_text() }</p>
        </>
    };
    let settings = html! {
        <>
            <Group legend="Board" more="N queens on an N×N board, none attacking another (no two in a row, a column or a diagonal).">
                <label>{"N "}<DraftInput kind="number" name="n" min="1" max={MAX_N.to_string()}
                    value={state.n.to_string()} onchange={link.callback(Msg::N)} /></label>
                <div role="tablist" aria-label="Mode">
                    { tab(QueensMode::Hand, "Place by hand") }
                    { tab(QueensMode::Search, "Backtracking") }
                </div>
                if !searching {
                    <button type="button" onclick={link.callback(|_| Msg::ClearHand)} data-action="clear">{"Clear the board"}</button>
                }
            </Group>
            if searching {
                { watch_group(state, link) }
            }
        </>
    };
    let how = how_it_works(html! {
        <>
            <p>{ "Place N queens so that none attacks another. Trying every board is hopeless (8⁸ boards for N = 8); backtracking puts one queen per column, tries the rows bottom to top, and gives up on a partial board the moment a queen is attacked, so N = 8 needs only 2,057 partial boards." }</p>
            <p>{ "The search tree shows it: each node a partial board, as wide as the part of the search below it; red slivers are queens a check refused, each standing for every board that would have completed it (a queen refused in the second column of 8 stands for 8⁶ boards). Green nodes lead to a solution." }</p>
            <p>{ "Counting uses bitmasks for the attacked columns and diagonals, searches only half of the first row (the other half is its mirror image), and splits the work into small tasks that your browser's workers take as they finish. Fundamental solutions, up to rotation and reflection, follow from Burnside's lemma." }</p>
        </>
    });
    let count = count_panel(&state.count, link);
    let main = if searching {
        let stage = html! {
            <div class="search-board">
                { board }
                { selection_note(state, link) }
            </div>
        };
        html! {
            <SearchPlayer name="queens" view={state.player.view()} onaction={link.callback(Msg::Player)}
                caption={caption(state)} slotted=true {stage}>
                { predict_panel(state) }
                if state.view == QueensView::Tree {
                    { tree_view(state, link) }
                }
                if state.view == QueensView::Code {
                    <CodeView name="queens" listing={code::QUEENS} line={Some(state.player.machine().line().number())}
                        vars={code::queens_vars(state.player.machine())} />
                }
                { symmetry(state) }
                { counters(state) }
                { save_animation(&state.recorder, state.animation_plan(), state.player.speed(), link.callback(Msg::Record)) }
                { count }
                { how }
            </SearchPlayer>
        }
    } else {
        html! {
            <Slots stage={board} dock={html! { <>{ count }{ how }</> }} />
        }
    };
    html! {
        <Workbench name="queens" title="N queens" {head} {settings}
            first={AttrValue::Static("Start here: click a square to place a queen, or choose Backtracking and press play.")}>
            { main }
        </Workbench>
    }
}

/// How the search is watched: board, tree or code; solution by solution; guessing.
fn watch_group(state: &QueensState, link: &Scope<QueensPage>) -> Html {
    let predict = state.predict;
    html! {
        <Group legend="Watch">
            <div class="watch" role="group" aria-label="Show">
                <button type="button" data-action="view-board" aria-pressed={(state.view == QueensView::Board).to_string()}
                    onclick={link.callback(|_| Msg::View(QueensView::Board))}>{"Board"}</button>
                <button type="button" data-action="view-tree" aria-pressed={(state.view == QueensView::Tree).to_string()}
                    onclick={link.callback(|_| Msg::View(QueensView::Tree))}>{"Board and search tree"}</button>
                <button type="button" data-action="view-code" aria-pressed={(state.view == QueensView::Code).to_string()}
                    onclick={link.callback(|_| Msg::View(QueensView::Code))}>{"Board and code"}</button>
            </div>
            <div class="row">
                <button type="button" onclick={link.callback(|_| Msg::Player(PlayerAction::PreviousSolution))} data-action="previous-solution"
                    disabled={!state.player.view().solutions_before}>{"◀ Previous solution"}</button>
                <button type="button" onclick={link.callback(|_| Msg::Player(PlayerAction::NextSolution))} data-action="next-solution"
                    disabled={state.player.recording.at_end()}>{"Next solution ▶"}</button>
            </div>
            <button type="button" data-action="predict" aria-pressed={state.predict.to_string()}
                onclick={link.callback(move |_| Msg::Predict(!predict))}>{"What would it do next?"}</button>
        </Group>
    }
}

/// "What would it do next?": the question or the last verdict, and the score.
fn predict_panel(state: &QueensState) -> Html {
    if !state.predicting() {
        return html! {};
    }
    if let Some(why) = state.predict_refused() {
        return guessing::refused(&why);
    }
    let p = &state.prediction;
    let ask = if state.at_decision() {
        "Where does the next queen go? Click the square backtracking will place it on."
    } else if state.player.machine().status().is_finished() {
        "The search is over."
    } else {
        "Press Play: the search runs on to its next placement and stops there."
    };
    let note = p.play_waits.then_some(guessing::PLAY_WAITS);
    let n = state.n;
    guessing::panel(&p.tally, ask, note, |&(c, r)| square_name_on(n, c, r))
}

/// What the step shown did, in words.
fn caption(state: &QueensState) -> Html {
    let search = state.player.machine();
    let rows = search.rows();
    let last = rows.last().map(|&r| square_name(rows.len() as u32 - 1, r));
    let text = match (state.player.recording.event(), last) {
        ("start", _) => "the empty board.".to_string(),
        ("place", Some(sq)) => format!("a queen on {sq}, safe so far."),
        ("solution", Some(sq)) => format!("a queen on {sq} completes a solution."),
        ("remove", _) => format!(
            "a queen is taken back; column {} tries its next row.",
            rows.len() + 1
        ),
        ("finished", _) => "every branch has been tried.".to_string(),
        _ => format!("{} queens on the board.", rows.len()),
    };
    html! { { text } }
}

/// The partial board of the tree node clicked, and the way back to the search.
fn selection_note(state: &QueensState, link: &Scope<QueensPage>) -> Html {
    let Some(id) = state.selected else {
        return html! {};
    };
    let tree = state.player.recording.observer();
    let rows = tree.choices(id);
    let entered = tree.entered(id).unwrap_or(0);
    html! {
        <p class="selection" data-selected={id.to_string()} data-selected-queens={placement_names(&rows)}>
            { if rows.is_empty() { "The root: the empty board. ".to_string() }
              else { format!("Node {id}: {} (entered at step {entered}). ", placement_names(&rows)) } }
            <button type="button" data-action="goto-node"
                onclick={link.callback(move |_| Msg::Player(PlayerAction::Seek(entered)))}>{ format!("Go to step {entered}") }</button>
            {" "}
            <button type="button" data-action="unselect" onclick={link.callback(|_| Msg::Unselect)}>{"Back to the search"}</button>
        </p>
    }
}

/// The search tree's icicle at the step shown: the view's and the saved picture's.
fn icicle_shown(state: &QueensState) -> Icicle {
    let tree = state.player.recording.observer();
    tree.icicle(state.player.step(), MIN_CELL)
}

/// The search tree at the step shown, with the story in numbers.
fn tree_view(state: &QueensState, link: &Scope<QueensPage>) -> Html {
    let n = state.n;
    if n > MAX_TREE_N {
        return html! {
            <p class="hint tree-limit">{ format!("The search tree is drawn for N up to {MAX_TREE_N}: for N = {n} it would have too many nodes to see.") }</p>
        };
    }
    let ice = icicle_shown(state);
    let c = state.player.machine().counters();
    let big = |v: u128| {
        if v <= u64::MAX as u128 {
            group(v as u64)
        } else {
            v.to_string()
        }
    };
    let first_cut = ice.cells.iter().find_map(|cell| match cell.kind {
        CellKind::Cut {
            count,
            exponent,
            eliminated,
            ..
        } if cell.depth >= 2 => Some(cut_formula(count, n, exponent, eliminated)),
        _ => None,
    });
    html! {
        <div class="tree-panel">
            <p class="story" data-boards={boards(n).to_string()} data-nodes={c.nodes.to_string()}
                data-eliminated={ice.eliminated.to_string()}>
                { format!("{n}^{n} = {} boards, {n}! = {} permutations; {} nodes, {} rows and {} diagonals checked, {} solution{}{}.",
                    big(boards(n)), big(permutations(n)), group(c.nodes), group(c.tested_all_rows),
                    group(c.tested_free_rows), group(c.solutions), if c.solutions == 1 { "" } else { "s" },
                    if state.player.recording.at_end() { "" } else { " so far" }) }
                { format!(" {} checks cut off {} of the boards", group(ice.cuts), big(ice.eliminated)) }
                { match first_cut { Some(f) => format!(" (the first: {f})."), None => ".".to_string() } }
            </p>
            <TreeView icicle={ice} base={n} candidates="boards" selected={state.selected}
                label={Callback::from(|(depth, row): (u32, u32)| square_name(depth - 1, row))}
                onselect={link.callback(Msg::Select)} />
        </div>
    }
}

fn counters(state: &QueensState) -> Html {
    let c = state.player.machine().counters();
    let row = |label: &'static str, key: &'static str, value: u64| {
        html! { <><dt>{ label }</dt><dd data-stat={key}>{ value }</dd></> }
    };
    html! {
        <dl class="stats queens-stats">
            { row("steps", "steps", state.player.machine().stats().steps) }
            { row("depth (queens placed)", "depth", state.player.machine().rows().len() as u64) }
            { row("tree nodes (root included)", "nodes", c.nodes) }
            { row("squares tested, all rows", "tested-all", c.tested_all_rows) }
            { row("squares tested, free rows only", "tested-free", c.tested_free_rows) }
            { row("dead ends", "dead-ends", c.dead_ends) }
            { row("solutions found", "solutions", c.solutions) }
        </dl>
    }
}

fn symmetry(state: &QueensState) -> Html {
    let rows = state.player.machine().rows();
    if rows.len() as u32 != state.n {
        return html! {};
    }
    let class = classify(rows);
    html! {
        <p class="symmetry" data-fundamental={placement_names(&class.fundamental)} data-class-size={class.size.to_string()}>
            { format!(
                "Fundamental solution {}; this one is {}. Its class has {} distinct solution{}.",
                placement_names(&class.fundamental),
                NAMES[class.from_fundamental],
                class.size,
                if class.size == 1 { "" } else { "s" }
            ) }
        </p>
    }
}
