//! The pocket cube's dock: the distance chart (its frame there before the table), the
//! graph's farthest positions and its search to watch, "How it works", and the way
//! through the optimal solutions.

use yew::html::Scope;
use yew::prelude::*;

use crate::app::code::{self, CodeView};
use crate::app::cube::state::{Busy, CubeState, Msg, Solved};
use crate::app::cube::CubePage;
use crate::app::widgets::bar_chart::DistanceChart;
use crate::app::widgets::predict as guessing;
use crate::app::widgets::save_animation::save_animation;
use crate::app::widgets::workbench::how_it_works;
use puzzlelab_solver::cube::table::generators;

pub fn dock(state: &CubeState, link: &Scope<CubePage>) -> Html {
    let how = how_it_works(html! {
        <>
            <p>{ "Holding one corner still, a 2×2×2 cube has 3,674,160 positions. A breadth-first search from the solved cube visits them all once, layer by layer, and stores each position's distance in four bits; the table fits in under 2 MB and takes a fraction of a second to build." }</p>
            <p>{ "Solving is then a walk downhill: from any position, some turn leads to a position one move closer, until the cube is solved. In the weighted mode each kind of turn has a price, and Dijkstra's algorithm finds the cheapest way instead of the shortest." }</p>
        </>
    });
    html! {
        <>
            { predict_panel(state, link) }
            { chart(state) }
            { graph_row(state, link) }
            if !state.solution.is_empty() {
                { save_animation(&state.recorder, state.animation_plan(), state.play.speed(), link.callback(Msg::Record)) }
            }
            { solve_code(state, link) }
            { how }
            // Last: it comes with a solution from the worker, and moves nothing above.
            { paths_row(state, link) }
        </>
    }
}

/// The optimal solve's listing, stepped with the solution a turn at a time, or here a
/// step of the walk at a time (the turns tried and left too); only the walk's own
/// solution (another optimal one was not found by walking).
fn solve_code(state: &CubeState, link: &Scope<CubePage>) -> Html {
    let c = state.walk_cursor();
    let Some((line, vars)) = code::cube_solve_at(&state.walk, c) else {
        return html! {};
    };
    let total = state.walk.len();
    // Guessing, the tries would tell the answer: the player alone moves on.
    let off = state.predicting();
    let controls = html! {
        <p class="code-steps" role="group" aria-label="Step through the walk, a turn tried at a time"
            data-walk-step={c.to_string()} data-walk-steps={total.to_string()}>
            <button type="button" data-action="walk-back" aria-label="The walk a step back" title="The walk a step back"
                disabled={off || c == 0} onclick={link.callback(|_| Msg::Walk(false))}>{"◀"}</button>
            <button type="button" data-action="walk-next" aria-label="The walk a step on: the next turn tried"
                title="The walk a step on: the next turn tried"
                disabled={off || c == total} onclick={link.callback(|_| Msg::Walk(true))}>{"▶"}</button>
            <span title={format!("the walk's step {c} of {total}")}>{ format!("{c}/{total}") }</span>
        </p>
    };
    html! { <CodeView name="cube-solve" listing={code::CUBE_SOLVE} line={Some(line)} {vars} {controls} /> }
}

/// "What would it do next?": the question with the turns to guess among, the last
/// verdict and the score (or why the solution shown is not guessed along).
fn predict_panel(state: &CubeState, link: &Scope<CubePage>) -> Html {
    if !state.predict {
        return html! {};
    }
    if let Some(why) = state.predict_refused() {
        return guessing::refused(&why);
    }
    let p = &state.prediction;
    let ask = if state.at_decision() {
        "Which turn does the solve take next? Click it (here or among the face turns)."
    } else if state.predicting() {
        "The solve is over: step back or reset the player to guess again."
    } else {
        "Solve the cube: the solution player then stops before each turn for your guess."
    };
    let note = if p.queued.is_some() {
        Some("Reading the table for this position…")
    } else {
        p.play_waits.then_some(guessing::PLAY_WAITS)
    };
    let gens = generators();
    let turns = state.metric().generators().iter().map(|&g| {
        let m = gens[g];
        html! {
            <button type="button" class="turn" data-predict-turn={m.to_string()}
                aria-label={format!("Guess {m}")} onclick={link.callback(move |_| Msg::Turn(m))}>{ m.to_string() }</button>
        }
    });
    html! {
        <>
            { guessing::panel(&p.tally, ask, note, |m| m.to_string()) }
            if state.at_decision() {
                <div class="turns predict-turns" role="group" aria-label="Guess the next turn">{ for turns }</div>
            }
        </>
    }
}

/// Until the table is built an empty frame holds the chart's place: its arrival from the
/// worker must not push the dock down.
fn chart(state: &CubeState) -> Html {
    let metric = state.metric().as_str();
    match state.counts_for(state.metric()) {
        Some(counts) => {
            html! { <DistanceChart counts={counts.to_vec()} current={state.chart_marker()} {metric} /> }
        }
        None => html! { <DistanceChart counts={Vec::new()} current={None} {metric} /> },
    }
}

/// The graph as a whole: its farthest positions, and its search to watch. The button is
/// there before the table is: its arrival fills the figures in and moves nothing.
fn graph_row(state: &CubeState, link: &Scope<CubePage>) -> Html {
    html! {
        <div class="row graph-row">
            <button type="button" data-action="antipode" disabled={state.farthest().is_none() || state.busy != Busy::Idle}
                onclick={link.callback(|_| Msg::Antipode)}>{ state.antipode_label() }</button>
            if state.bfs.is_none() {
                <button type="button" data-action="watch-bfs" onclick={link.callback(|_| Msg::WatchBfs)}>
                    {"Watch the breadth-first search"}
                </button>
            }
        </div>
    }
}

/// How many optimal solutions, which one is shown, and the way to the others.
fn paths_row(state: &CubeState, link: &Scope<CubePage>) -> Html {
    let Some(Solved {
        paths: Some((count, index)),
        ..
    }) = state.solved_by
    else {
        return html! {};
    };
    let idle = state.busy == Busy::Idle;
    html! {
        <div class="row paths" data-paths={count.to_string()} data-path={index.to_string()}>
            <button type="button" data-action="path-prev" disabled={index == 0 || !idle}
                onclick={link.callback(move |_| Msg::Path(index.saturating_sub(1)))}>{"◀ Previous"}</button>
            <span>{ state.paths_text(count, index) }</span>
            <button type="button" data-action="path-next" disabled={index + 1 >= count || !idle}
                onclick={link.callback(move |_| Msg::Path(index + 1))}>{"Next ▶"}</button>
        </div>
    }
}
