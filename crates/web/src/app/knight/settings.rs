//! The knight page's settings column: the board, the rule and its tie-break, the search
//! options, every start and the rules compared, then what to watch.

use yew::html::Scope;
use yew::prelude::*;

use crate::app::knight::state::{capitalise, KnightState, RuleChange, Setting};
use crate::app::knight::update::Msg;
use crate::app::knight::{drawn_as_squares, watch_panel, KnightPage, MAX_DRAWN_SIDE};
use crate::app::widgets::draft_input::DraftInput;
use crate::app::widgets::workbench::Group;
use puzzlelab_solver::board::MAX_SIDE;
use puzzlelab_solver::knight::existence::{closed_tour, open_tour};
use puzzlelab_solver::knight::{Heuristic, TieBreak};

/// The settings column.
pub fn settings(state: &KnightState, link: &Scope<KnightPage>) -> Html {
    let board = state.link.board;
    let running = state.running();
    let comparing = !state.link.compare.is_empty() && drawn_as_squares(board);
    let setting = |f: fn(String) -> Setting| {
        link.callback(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            Msg::Setting(f(select.value()))
        })
    };
    let check = |f: fn(bool) -> Setting| {
        link.callback(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            Msg::Setting(f(input.checked()))
        })
    };
    let on_tie = setting(|text| Setting::Rule(RuleChange::Tie(text)));
    let on_heuristic = setting(|text| Setting::Rule(RuleChange::Heuristic(text)));
    let on_closed = check(Setting::Closed);
    let on_backtrack = check(|on| Setting::Rule(RuleChange::Backtrack(on)));
    let on_forward_check = check(|on| Setting::Rule(RuleChange::ForwardCheck(on)));
    let on_fast_backtrack = check(|on| Setting::Rule(RuleChange::FastBacktrack(on)));
    let rule = state.link.rule;
    let (tie, heuristic) = (rule.tie_break, rule.heuristic);
    let verdict = if state.link.closed {
        closed_tour(board)
    } else {
        open_tour(board)
    };
    html! {
        <>
        <form class="rules" onsubmit={Callback::from(|e: SubmitEvent| e.prevent_default())}>
            <Group legend="Board" more={format!("Width x height, up to {MAX_SIDE}x{MAX_SIDE}; boards wider or taller than {MAX_DRAWN_SIDE} are drawn on a canvas.")}>
                <label>{"Size "}
                    <DraftInput name="board" value={format!("{}x{}", board.width(), board.height())}
                        onchange={link.callback(|text| Msg::Setting(Setting::BoardSize(text)))} describedby="board-hint" />
                </label>
                <span id="board-hint" class="hint">{ format!("width x height, up to {MAX_SIDE}x{MAX_SIDE}") }</span>
                <label><input type="checkbox" name="closed" checked={state.link.closed} onchange={on_closed} />{" closed tour"}</label>
                <p class="existence" data-exists={verdict.exists.to_string()}>{ capitalise(&verdict.reason) }{"."}</p>
            </Group>
            <Group legend="Rule" more="Warnsdorff's rule (1823) jumps to the square with the fewest onward moves. When squares tie: the first in clockwise order, a seeded random pick, Pohl's rule (one level deeper) or Roth's rule (farthest from the centre).">
                <label>{"Rule "}
                    <select name="heuristic" onchange={on_heuristic}>
                        <option value="warnsdorff" selected={heuristic == Heuristic::Warnsdorff}>{"Warnsdorff: fewest onward moves"}</option>
                        <option value="construct" selected={heuristic == Heuristic::Construct}>{"divide and conquer (no search)"}</option>
                        <option value="bottom" selected={heuristic == Heuristic::Bottom}>{"lowest row first (fails)"}</option>
                        <option value="center" selected={heuristic == Heuristic::Center}>{"nearest the centre (fails)"}</option>
                    </select>
                </label>
                <label>{"Ties "}
                    <select name="tie" onchange={on_tie} disabled={heuristic != Heuristic::Warnsdorff}>
                        <option value="first" selected={tie == TieBreak::First}>{"first in clockwise order"}</option>
                        <option value="random" selected={tie == TieBreak::Random}>{"random (seeded)"}</option>
                        <option value="pohl" selected={tie == TieBreak::Pohl}>{"Pohl: the rule one level deeper"}</option>
                        <option value="roth" selected={tie == TieBreak::Roth}>{"Roth: farthest from the centre"}</option>
                    </select>
                </label>
                if tie == TieBreak::Random && heuristic == Heuristic::Warnsdorff {
                    <label>{"Seed "}<DraftInput kind="number" name="seed" min="0" value={rule.seed.to_string()}
                        onchange={link.callback(|text| Msg::Setting(Setting::Rule(RuleChange::Seed(text))))} /></label>
                }
            </Group>
            <Group legend="Search" more="Backtracking undoes the last moves when the knight is stuck and tries the next candidate. Forward checking spots a dead end early (a square nobody can reach, or two squares that could only be last); fast backtracking jumps straight back to the last tie.">
                <label><input type="checkbox" name="backtrack" checked={rule.backtrack} onchange={on_backtrack} />{" backtracking"}</label>
                if rule.backtrack {
                    <label><input type="checkbox" name="prune" checked={rule.forward_check} onchange={on_forward_check} />{" forward checking"}</label>
                    <label><input type="checkbox" name="fast" checked={rule.fast_backtrack} onchange={on_fast_backtrack} />{" fast backtrack to ties"}</label>
                }
            </Group>
        </form>
        <Group legend="Every start" more="Runs the rules from every square and colours each start by its outcome; against another rule, by which of the two finds a tour.">
            <button type="button" onclick={link.callback(|_| Msg::AllStarts)} data-action="all-starts"
                disabled={running}>{"Run from every square"}</button>
            <label>{"against "}
                <select name="versus" onchange={link.callback(|e: Event| {
                    let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
                    Msg::Setting(Setting::Versus(select.value()))
                })}>
                    <option value="" selected={state.link.versus.is_none()}>{"no other rule"}</option>
                    { for ["bottom", "center", "warnsdorff/first", "warnsdorff/random", "warnsdorff/pohl", "warnsdorff/roth"].iter().map(|name| html! {
                        <option value={*name} selected={state.link.versus.is_some_and(|r| r.name() == *name)}>{ *name }</option>
                    }) }
                </select>
            </label>
            if comparing {
                <button type="button" onclick={link.callback(|_| Msg::Compare(false))} data-action="stop-compare">{"Back to one rule"}</button>
            } else if drawn_as_squares(board) {
                <button type="button" onclick={link.callback(|_| Msg::Compare(true))} data-action="compare"
                    disabled={running}>{"Compare rules side by side"}</button>
            }
        </Group>
        { watch_panel::watch_choice(state, link) }
        </>
    }
}
