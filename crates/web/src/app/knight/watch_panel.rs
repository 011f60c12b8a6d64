//! Watching a knight search: the choice between the search and its result, the search
//! player with the tree beside it, the node clicked, why the next move, the counters.

use yew::html::Scope;
use yew::prelude::*;

use crate::app::code::{self, CodeView};
use crate::app::knight::search_tree_view::tree_panel;
use crate::app::knight::search_view;
use crate::app::knight::state::{KnightState, Search, Setting, Watch};
use crate::app::knight::update::Msg;
use crate::app::knight::{drawn_as_squares, KnightPage};
use crate::app::widgets::predict;
use crate::app::widgets::search_player::SearchPlayer;
use crate::app::widgets::workbench::Group;
use puzzlelab_solver::knight::candidates::why_chosen;
use puzzlelab_solver::knight::tree_search::MAX_TREE_SQUARES;
use puzzlelab_solver::watch::PlayerAction;

/// Choose between watching the search and replaying the tour it found, and whether the
/// search tree is drawn beside the board.
pub fn watch_choice(state: &KnightState, link: &Scope<KnightPage>) -> Html {
    let Search::Done { stats, path, .. } = &state.search else {
        return html! {};
    };
    if stats.backtracks == 0 || !drawn_as_squares(state.link.board) {
        return html! {};
    }
    let pressed = |w: Watch| (state.watch == w).to_string();
    let small = state.link.board.squares() <= MAX_TREE_SQUARES;
    let predict = state.link.predict;
    html! {
        <Group legend="Watch">
            <div class="watch" role="group" aria-label="Watch">
                <button type="button" aria-pressed={pressed(Watch::Search)} data-action="watch-search"
                    onclick={link.callback(|_| Msg::Watch(Watch::Search))}>
                    { format!("The search ({} steps, {} backtracks)", stats.steps, stats.backtracks) }</button>
                <button type="button" aria-pressed={pressed(Watch::Tour)} data-action="watch-tour"
                    onclick={link.callback(|_| Msg::Watch(Watch::Tour))}>
                    { format!("The result ({} moves)", path.len().saturating_sub(1)) }</button>
            </div>
            if state.watch == Watch::Search {
                <div class="watch" role="group" aria-label="Show">
                    <button type="button" data-action="view-board" aria-pressed={(!state.link.tree && !state.link.code).to_string()}
                        onclick={link.callback(|_| Msg::Setting(Setting::Tree(false)))}>{"Board"}</button>
                    <button type="button" data-action="view-tree" aria-pressed={state.link.tree.to_string()}
                        disabled={!small} onclick={link.callback(|_| Msg::Setting(Setting::Tree(true)))}>{"Board and search tree"}</button>
                    <button type="button" data-action="view-code" aria-pressed={state.link.code.to_string()}
                        onclick={link.callback(|_| Msg::Setting(Setting::Code(true)))}>{"Board and code"}</button>
                </div>
                <button type="button" data-action="predict" aria-pressed={state.link.predict.to_string()}
                    onclick={link.callback(move |_| Msg::Predict(!predict))}>{"What would it do next?"}</button>
            }
        </Group>
    }
}

/// The search player: the shared controls over the worker's timeline under the board,
/// the depth chart and the tree (`view=tree`) in the dock beside it.
pub fn search_player(
    state: &KnightState,
    link: &Scope<KnightPage>,
    stage: Html,
    extras: Html,
) -> Html {
    let Search::Done { chart, .. } = &state.search else {
        return html! {};
    };
    let board = state.link.board;
    let event = state.frame.as_ref().map_or("start", |f| f.kind.as_str());
    let view = state.remote.view(event, chart.to_vec(), board.squares());
    let small = board.squares() <= MAX_TREE_SQUARES;
    html! {
        <SearchPlayer name="knight" {view} onaction={link.callback(Msg::Search)} slotted=true stage={stage}
            caption={search_view::caption(board, state.frame.as_ref())}>
            if state.link.tree && !small {
                <p class="hint tree-limit">{ format!("The search tree is drawn for boards of up to {MAX_TREE_SQUARES} squares: {}x{} has {}.", board.width(), board.height(), board.squares()) }</p>
            }
            { predict_panel(state) }
            { selection_note(state, link) }
            if state.link.code {
                { code_panel(state) }
            }
            if let Some(tree) = state.tree.as_ref().filter(|_| state.tree_shown()) {
                { tree_panel(tree, board, state.remote.step(), state.selected, link.callback(|id| Msg::Select(Some(id)))) }
            }
            { extras }
        </SearchPlayer>
    }
}

/// "What would it do next?": the question or the last verdict, and the score.
fn predict_panel(state: &KnightState) -> Html {
    if !state.predicting() {
        return html! {};
    }
    let Some(p) = state.prediction.as_ref() else {
        let steps = state.search_steps();
        let why = predict::refusal(steps)
            .unwrap_or_else(|| "Guessing starts once the search has been run.".to_string());
        return predict::refused(&why);
    };
    let board = state.link.board;
    let ask = if p.waiting() {
        "Where does the knight go next? Click the square the rule will choose."
    } else {
        "The search is over."
    };
    let note = p.play_waits.then_some(predict::PLAY_WAITS);
    predict::panel(&p.tally, ask, note, |&s| board.name(s))
}

/// The search's listing, lit at the line the step shown ran, and its variables.
fn code_panel(state: &KnightState) -> Html {
    let frame = state.frame.as_ref();
    let vars = frame.map_or_else(Vec::new, |f| code::knight_vars(state.link.board, f));
    html! {
        <CodeView name="knight" listing={code::KNIGHT} line={frame.map(|f| f.line.number())} {vars} />
    }
}

/// The walk of the tree node clicked, and the way back to the search.
fn selection_note(state: &KnightState, link: &Scope<KnightPage>) -> Html {
    let (Some(id), Some(tree)) = (state.selected, state.tree.as_ref()) else {
        return html! {};
    };
    if !state.tree_shown() {
        return html! {};
    }
    let board = state.link.board;
    let walk = tree.walk(id);
    let names = walk
        .iter()
        .map(|&s| board.name(s))
        .collect::<Vec<_>>()
        .join(" ");
    let entered = tree.tree().entered(id).unwrap_or(0);
    html! {
        <p class="selection" data-selected={id.to_string()} data-selected-walk={names.clone()}>
            { format!("Node {id}: {names} ({} jumps, entered at step {entered}). ", walk.len() - 1) }
            <button type="button" data-action="goto-node"
                onclick={link.callback(move |_| Msg::Search(PlayerAction::Seek(entered)))}>{ format!("Go to step {entered}") }</button>
            {" "}
            <button type="button" data-action="unselect" onclick={link.callback(|_| Msg::Select(None))}>{"Back to the search"}</button>
        </p>
    }
}

pub fn next_move_text(state: &KnightState) -> Html {
    let Some((_, chosen)) = state.paused_path() else {
        return html! {};
    };
    let board = state.link.board;
    let Some(why) = why_chosen(
        board,
        state.link.rule.heuristic,
        state.link.rule.tie_break,
        &state.candidates(),
    ) else {
        return html! {};
    };
    html! {
        <p class="next-move" data-next={board.name(chosen)}>
            { format!("Next: {} — {why}.", board.name(chosen)) }
        </p>
    }
}

pub fn stats_view(state: &KnightState) -> Html {
    let Search::Done { stats, .. } = &state.search else {
        return html! {};
    };
    html! {
        <dl class="stats">
            <dt>{"steps"}</dt><dd data-stat="steps">{ stats.steps }</dd>
            <dt>{"nodes"}</dt><dd data-stat="nodes">{ stats.nodes }</dd>
            <dt>{"backtracks"}</dt><dd data-stat="backtracks">{ stats.backtracks }</dd>
        </dl>
    }
}
