//! The pocket cube in a lesson: the cube page's net with the twelve quarter turns, its
//! breadth-first search player, and the shortest paths the worker enumerates.

use yew::prelude::*;

use super::bench_common::{open_link, report_event, start_step};
use super::try_it::Signal;
use crate::app::cube::bfs::BfsPlayer;
use crate::app::cube::net::CubeNet;
use crate::app::widgets::numbers::group;
use puzzlelab_links::{encode_route, CubeLink, Route};
use puzzlelab_solver::cube::corners::POSITIONS_COUNT;
use puzzlelab_solver::cube::graph::rotations;
use puzzlelab_solver::cube::{parse_moves, Metric, Stickers};
use puzzlelab_solver::lessons::cube::{paths_start, quarter_turns};
use puzzlelab_solver::lessons::At;

#[derive(Properties, PartialEq)]
pub struct CubeNetBenchProps {
    pub moves: &'static str,
    pub onsignal: Callback<Signal>,
}

#[component]
pub fn CubeNetBench(props: &CubeNetBenchProps) -> Html {
    let start = Stickers::solved().apply_all(&parse_moves(props.moves).unwrap_or_default());
    let cube = use_state(|| start);
    let holds = use_memo((), |_| rotations().len());
    let turn = |m: puzzlelab_solver::cube::Move| {
        let (cube, onsignal) = (cube.clone(), props.onsignal.clone());
        Callback::from(move |_: MouseEvent| {
            cube.set(cube.apply(m));
            onsignal.emit(Signal::Click(m.to_string()));
        })
    };
    let cube_link = CubeLink {
        state: *cube,
        metric: Metric::Qtm,
        ..CubeLink::default()
    };
    html! {
        <div class="bench cube-net-bench">
            <CubeNet stickers={*cube} onclick={Callback::from(|_| ())} />
            <div class="turns" role="group" aria-label="Quarter turns">
                { for quarter_turns().into_iter().map(|m| html! {
                    <button type="button" data-action="turn" data-turn={m.to_string()} onclick={turn(m)}
                        aria-label={format!("Turn {m}")}>{ m.to_string() }</button>
                }) }
            </div>
            <dl class="bench-readout">
                <div><dt>{"the cube as a string"}</dt><dd data-readout="state" data-state={cube.to_string()}><code>{ cube.to_string() }</code></dd></div>
                <div><dt>{"ways to hold a cube"}</dt><dd data-readout="holds">{ *holds }</dd></div>
                <div><dt>{"positions with one corner held still"}</dt><dd data-readout="positions">{ group(POSITIONS_COUNT as u64) }</dd></div>
            </dl>
            { open_link(&encode_route(&Route::Cube(cube_link)), "pocket cube") }
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct CubeBfsBenchProps {
    pub htm: bool,
    pub at: At,
    /// The worker's counts for this metric, once built (the player's step total and scale).
    pub counts: Option<Vec<u64>>,
    pub onsignal: Callback<Signal>,
}

#[component]
pub fn CubeBfsBench(props: &CubeBfsBenchProps) -> Html {
    let metric = if props.htm { Metric::Htm } else { Metric::Qtm };
    let start_step = start_step(props.at);
    let step = use_state(|| 0u64);
    let onstep = {
        let (onsignal, step) = (props.onsignal.clone(), step.clone());
        Callback::from(move |k: u64| {
            step.set(k);
            report_event(onsignal.clone());
        })
    };
    let cube_link = CubeLink {
        metric,
        bfs: Some(*step),
        ..CubeLink::default()
    };
    html! {
        <div class="bench cube-bfs-bench">
            <BfsPlayer {metric} {start_step} distribution={props.counts.clone()} {onstep}
                onclose={Callback::from(|_| ())} onantipode={Callback::from(|_| ())} keys={false} />
            { open_link(&encode_route(&Route::Cube(cube_link)), "pocket cube") }
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct CubePathsBenchProps {
    pub scramble: &'static str,
    /// The path shown: its moves and index (from 0).
    pub path: Option<(String, u64)>,
    /// (distance, how many shortest paths).
    pub paths: Option<(u32, u64)>,
    pub onpath: Callback<u64>,
    pub onsignal: Callback<Signal>,
}

#[component]
pub fn CubePathsBench(props: &CubePathsBenchProps) -> Html {
    let start = paths_start();
    let (moves, index) = props.path.clone().unwrap_or_default();
    let known = props.paths;
    let go = |to: u64| props.onpath.reform(move |_: MouseEvent| to);
    let cube_link = CubeLink {
        state: start,
        solution: parse_moves(&moves).unwrap_or_default(),
        metric: Metric::Qtm,
        path: index,
        ..CubeLink::default()
    };
    html! {
        <div class="bench cube-paths-bench">
            <p>{ format!("The cube after {}:", props.scramble) }</p>
            <CubeNet stickers={start} onclick={Callback::from(|_| ())} />
            if let Some((distance, count)) = known {
                <div class="paths" data-paths="" data-distance={distance.to_string()} data-count={count.to_string()}
                    data-index={index.to_string()} data-moves={moves.clone()}>
                    <p>{ format!("Shortest path {} of {}, {} quarter turns:", group(index + 1), group(count), distance) }</p>
                    <p class="path-moves"><code>{ if moves.is_empty() { "…".to_string() } else { moves.clone() } }</code></p>
                    <div class="row">
                        <button type="button" data-action="previous-path" disabled={index == 0} onclick={go(index.saturating_sub(1))}>{"◀ Previous path"}</button>
                        <button type="button" data-action="next-path" disabled={index + 1 >= count} onclick={go(index + 1)}>{"Next path ▶"}</button>
                    </div>
                </div>
            } else {
                <p class="hint" data-paths-pending="">{"The worker is building the distance table…"}</p>
            }
            { open_link(&encode_route(&Route::Cube(cube_link)), "pocket cube") }
        </div>
    }
}
