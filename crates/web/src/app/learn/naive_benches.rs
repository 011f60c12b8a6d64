//! The C notebook's counters in a lesson: the counting lab's own widgets — the race
//! watched on the board (`NaiveWatch`) and the two counters run in the worker with the
//! estimate of years (`naive_panel`, run by the lesson's page) — plus the figures the lesson quotes (`[data-readout]`).

use yew::prelude::*;

use super::bench_common::{open_link, report_event, start_step};
use super::try_it::Signal;
use crate::app::count::naive::naive_panel;
use crate::app::count::naive_runs::{NaiveRuns, NAIVE};
use crate::app::count::race_state::WatchLink;
use crate::app::count::watch::NaiveWatch;
use crate::app::widgets::numbers::group_big;
use crate::app::widgets::pool_count::CountMsg;
use puzzlelab_links::{encode_route, CountLink, CountWatch, Route};
use puzzlelab_solver::board::Board;
use puzzlelab_solver::knight::count::CountSpec;
use puzzlelab_solver::knight::naive_count::brute_force_log10;
use puzzlelab_solver::lessons::brute_force::{bits, imagined_years_log10, sequences};
use puzzlelab_solver::lessons::At;
use puzzlelab_solver::watch::Level;

#[derive(Properties, PartialEq)]
pub struct RaceBenchProps {
    pub width: u32,
    pub height: u32,
    pub start: u32,
    pub brute: bool,
    pub back: bool,
    pub at: At,
    pub onsignal: Callback<Signal>,
}

fn board_of(width: u32, height: u32) -> Board {
    Board::new(width, height).unwrap_or_else(|_| Board::new(3, 3).expect("3x3 is valid"))
}

#[component]
pub fn RaceBench(props: &RaceBenchProps) -> Html {
    let board = board_of(props.width, props.height);
    let watch = match (props.brute, props.back) {
        (true, false) => CountWatch::BruteForce,
        (false, true) => CountWatch::Backtracking,
        _ => CountWatch::Race,
    };
    let step = start_step(props.at);
    let link = WatchLink {
        watch,
        level: Level::Every,
        speed: None,
        step,
    };
    let onchange = {
        let onsignal = props.onsignal.clone();
        Callback::from(move |_: WatchLink| report_event(onsignal.clone()))
    };
    let count_link = CountLink {
        board,
        start: Some(props.start),
        watch,
        level: Level::Every,
        ..CountLink::default()
    };
    html! {
        <div class="bench race-bench">
            <NaiveWatch {board} start={props.start} {link} {onchange} keys={false} />
            <dl class="bench-readout">
                <div><dt>{ format!("move sequences on {}×{} (8 to the power {})", board.width(), board.height(), board.squares() - 1) }</dt>
                    <dd data-readout="sequences">{ group_big(sequences(board.squares())) }</dd></div>
            </dl>
            { open_link(&encode_route(&Route::Count(count_link)), "counting lab") }
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct CountBenchProps {
    pub width: u32,
    pub height: u32,
    pub start: u32,
    pub onsignal: Callback<Signal>,
    /// The counters as the lesson's page runs them, and their buttons.
    pub naive: NaiveRuns,
    pub onnaive: Callback<(usize, CountMsg, CountSpec)>,
}

#[component]
pub fn CountBench(props: &CountBenchProps) -> Html {
    let board = board_of(props.width, props.height);
    let spec = CountSpec {
        width: board.width(),
        height: board.height(),
        start: Some(props.start),
        closed: false,
    };
    let count_link = CountLink {
        board,
        start: Some(props.start),
        ..CountLink::default()
    };
    let on = props.onnaive.reform(move |(i, msg)| (i, msg, spec));
    html! {
        <div class="bench count-bench">
            <p class="hint">{ format!("Both counters on {}×{} from {}, in a background worker.", board.width(), board.height(), board.name(props.start)) }</p>
            <div class="naive-runs">
                { for (0..NAIVE.len()).map(|i| naive_panel(&props.naive.runs[i], i, spec, &on)) }
            </div>
            <dl class="bench-readout">
                <div><dt>{"8×8: log10 of the 8^63 sequences"}</dt><dd data-readout="log10-8x8">{ format!("{:.1}", brute_force_log10(64)) }</dd></div>
                <div><dt>{"the notebook's machine: log10 of the years"}</dt><dd data-readout="years-imagined">{ format!("{:.1}", imagined_years_log10(64)) }</dd></div>
                <div><dt>{"bits to count 8^63"}</dt><dd data-readout="bits-8x8">{ bits(64) }</dd></div>
            </dl>
            { open_link(&encode_route(&Route::Count(count_link)), "counting lab") }
        </div>
    }
}
