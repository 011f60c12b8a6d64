//! The pocket cube's side panel: scrambles and how to solve first (the start hint names
//! their buttons, so they sit above the fold), then turns (each showing the distance after
//! it, once the table is there) and the hint key, and the goal.

use yew::html::Scope;
use yew::prelude::*;

use crate::app::cube::goal_panel::goal_panel;
use crate::app::cube::state::{CubeState, Goal, Msg};
use crate::app::cube::CubePage;
use crate::app::widgets::draft_input::DraftInput;
use crate::app::widgets::workbench::Group;
use puzzlelab_solver::cube::corners::analyse;
use puzzlelab_solver::cube::moves::{Move, Turn};
use puzzlelab_solver::cube::parse_moves;

const TURN_FACES: [char; 6] = ['U', 'D', 'L', 'R', 'F', 'B'];

pub fn settings(state: &CubeState, link: &Scope<CubePage>, invalid: bool) -> Html {
    let faces = TURN_FACES
        .iter()
        .flat_map(|&f| (1..=3).map(move |a| Move::face(f, a)));
    let rotations = parse_moves("x x' x2 y y' y2 z z' z2").unwrap_or_default();
    let turn = |m: Move| turn_button(state, link, m);
    let on_text = link.callback(|e: InputEvent| {
        let input: web_sys::HtmlInputElement = e.target_unchecked_into();
        Msg::MovesText(input.value())
    });
    html! {
        <>
            <Group legend="Scramble">
                <div class="row">
                    <label>{"Seed "}<DraftInput kind="number" name="seed" min="0" value={state.seed.to_string()} onchange={link.callback(Msg::Seed)} /></label>
                    <button type="button" onclick={link.callback(|_| Msg::ScramblePosition)} data-action="scramble-position">{"Random position"}</button>
                </div>
                <div class="row">
                    <label>{"Length "}<DraftInput kind="number" name="scramble-length" min="0" max="100" value={state.scramble_length.to_string()} onchange={link.callback(Msg::ScrambleLength)} /></label>
                    <button type="button" onclick={link.callback(|_| Msg::ScrambleMoves)} data-action="scramble-moves">{"Random moves"}</button>
                </div>
                <div class="scramble-slot">
                    if let Some(text) = &state.scramble_text {
                        <p class="scramble" data-scramble="">{ text }</p>
                    }
                </div>
            </Group>
            { solve_group(state, link, invalid) }
            <Group legend="Turn" more="Click a turn, or type moves in standard notation. Once the distance table is built, each turn shows the distance to the goal after it.">
                <div class="turns" role="group" aria-label="Face turns"
                    data-hints={if state.fresh_hints().is_some() { "ready" } else { "pending" }}>{ for faces.map(turn) }</div>
                <div class="turns" role="group" aria-label="Whole-cube rotations">{ for rotations.into_iter().map(turn) }</div>
                { hint_row(state, link) }
                <form class="row" onsubmit={link.callback(|e: SubmitEvent| { e.prevent_default(); Msg::ApplyText })}>
                    <label>{"Moves "}<input name="moves" value={state.moves_text.clone()} oninput={on_text}
                        placeholder="R U R' U'" aria-label="Moves to apply" /></label>
                    <button type="submit" data-action="apply">{"Apply"}</button>
                    <button type="button" onclick={link.callback(|_| Msg::Undo)} disabled={state.undo.is_empty()} data-action="undo">{"Undo"}</button>
                    <button type="button" onclick={link.callback(|_| Msg::Redo)} disabled={state.redo.is_empty()} data-action="redo">{"Redo"}</button>
                    <button type="button" onclick={link.callback(|_| Msg::Reset)} data-action="reset-cube">{"Solved cube"}</button>
                </form>
            </Group>
            { goal_panel(state, link) }
        </>
    }
}

/// A turn button; with hints, the distance after it and whether it comes closer.
fn turn_button(state: &CubeState, link: &Scope<CubePage>, m: Move) -> Html {
    let label = m.to_string();
    let hint = match m.turn {
        // Guessing: the distances would give the answer away.
        Turn::Face(_) if state.at_decision() => None,
        Turn::Face(f) => state
            .fresh_hints()
            .and_then(|h| h.list.get(f as usize * 3 + m.amount as usize - 1)),
        Turn::Whole(_) => None,
    };
    let Some(hint) = hint else {
        return html! {
            <button type="button" class="turn" data-move={label.clone()}
                aria-label={format!("Turn {label}")} onclick={link.callback(move |_| Msg::Turn(m))}>{ label }</button>
        };
    };
    let (class, sign, words) = match hint.change {
        c if c < 0 => (
            "closer",
            "↓",
            if c == -1 {
                "one closer".to_string()
            } else {
                format!("{} closer", -c)
            },
        ),
        0 => ("same", "=", "no closer".to_string()),
        c => (
            "farther",
            "↑",
            if c == 1 {
                "one farther".to_string()
            } else {
                format!("{c} farther")
            },
        ),
    };
    html! {
        <button type="button" class={classes!("turn", class)} data-move={label.clone()}
            data-distance-after={hint.distance.to_string()}
            aria-label={format!("Turn {label}: {} from the goal, {words}", hint.distance)}
            title={format!("{} from the goal after {label} ({words})", hint.distance)}
            onclick={link.callback(move |_| Msg::Turn(m))}>
            { label }<span class="after" aria-hidden="true">{ format!("{sign}{}", hint.distance) }</span>
        </button>
    }
}

/// The hint key, and how far the goal is. The line's room is kept whatever it says, so
/// the table's or the hints' arrival moves nothing under it.
fn hint_row(state: &CubeState, link: &Scope<CubePage>) -> Html {
    let hints = state.fresh_hints();
    let ready = state.table_ready(state.metric());
    html! {
        <div class="row hint-row">
            <button type="button" data-action="hint" disabled={!ready || hints.is_some_and(|h| h.distance == 0) || state.at_decision()}
                title="Play one optimal move (key h)" onclick={link.callback(|_| Msg::Hint)}>{"Hint "}<kbd>{"h"}</kbd></button>
            <span class="goal-distance" data-goal-distance={hints.map(|h| h.distance.to_string())}>
                { state.hint_text().unwrap_or_default() }
            </span>
        </div>
    }
}

fn solve_group(state: &CubeState, link: &Scope<CubePage>, invalid: bool) -> Html {
    let on_goal = link.callback(|e: Event| {
        let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
        Msg::Goal(select.value())
    });
    let cost_input = |kind: usize, label: &'static str, value: u8| {
        let onchange = link.callback(move |text: String| Msg::Cost(kind, text));
        html! {
            <label>{ label }
                <DraftInput kind="number" name={format!("cost-{kind}")} min="1" max="9"
                    value={value.to_string()} {onchange} />
            </label>
        }
    };
    let goal_value = match state.goal {
        Goal::Fewest(m) => m.as_str(),
        Goal::Cheapest => "weighted",
    };
    let predict = state.predict;
    html! {
        <Group legend="Solve">
            <label>{"Solve for "}
                <select name="goal" onchange={on_goal}>
                    <option value="htm" selected={goal_value == "htm"}>{"fewest turns (half turn = 1)"}</option>
                    <option value="qtm" selected={goal_value == "qtm"}>{"fewest quarter turns (half turn = 2)"}</option>
                    <option value="weighted" selected={goal_value == "weighted"}>{"lowest cost"}</option>
                </select>
            </label>
            if state.goal == Goal::Cheapest {
                <div class="row">
                    { cost_input(0, "clockwise ", state.costs.clockwise) }
                    { cost_input(1, "counter-clockwise ", state.costs.counter_clockwise) }
                    { cost_input(2, "half ", state.costs.half) }
                </div>
            }
            <button type="button" class="primary" onclick={link.callback(|_| Msg::Solve)}
                disabled={invalid || state.target.is_some_and(|g| analyse(&g).is_err())}
                data-action="solve">{"Solve"}</button>
            <button type="button" data-action="predict" aria-pressed={state.predict.to_string()}
                onclick={link.callback(move |_| Msg::Predict(!predict))}>{"What would it do next?"}</button>
        </Group>
    }
}
