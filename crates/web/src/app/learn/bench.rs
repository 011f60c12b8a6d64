//! Which workbench a step shows: the solver's [`Bench`] drawn by its lesson workbench.

use yew::prelude::*;

use super::cube_benches::{CubeBfsBench, CubeNetBench, CubePathsBench};
use super::knight_bench::KnightBench;
use super::naive_benches::{CountBench, RaceBench};
use super::queens_bench::QueensBench;
use super::starts_bench::StartsBench;
use super::try_it::Signal;
use crate::app::count::naive_runs::NaiveRuns;
use crate::app::widgets::pool_count::CountMsg;
use puzzlelab_links::BenchLink;
use puzzlelab_solver::knight::count::CountSpec;
use puzzlelab_solver::lessons::Bench;

#[derive(Properties, PartialEq)]
pub struct BenchViewProps {
    pub bench: Bench,
    pub link: BenchLink,
    pub onsignal: Callback<Signal>,
    pub onlink: Callback<BenchLink>,
    /// The paths workbench: the path shown (moves, index) and (distance, count).
    pub path: Option<(String, u64)>,
    pub paths: Option<(u32, u64)>,
    pub onpath: Callback<u64>,
    /// The worker's distance counts (quarter turns, half turns), for the BFS's scale.
    pub cube_counts: (Option<Vec<u64>>, Option<Vec<u64>>),
    /// The notebook's counters as they run, and their buttons (which counter, on which
    /// board).
    pub naive: NaiveRuns,
    pub onnaive: Callback<(usize, CountMsg, CountSpec)>,
}

#[component]
pub fn BenchView(props: &BenchViewProps) -> Html {
    let onsignal = props.onsignal.clone();
    let onlink = props.onlink.clone();
    let link = props.link.clone();
    match props.bench.clone() {
        Bench::Knight { config, at } => {
            html! { <KnightBench {config} {at} {link} {onsignal} {onlink} /> }
        }
        Bench::AllStarts { table, shown } => html! { <StartsBench {table} {shown} {onsignal} /> },
        Bench::Race {
            width,
            height,
            start,
            brute,
            back,
            at,
        } => html! {
            <RaceBench {width} {height} {start} {brute} {back} {at} {onsignal} />
        },
        Bench::Count {
            width,
            height,
            start,
        } => {
            let (naive, onnaive) = (props.naive.clone(), props.onnaive.clone());
            html! { <CountBench {width} {height} {start} {onsignal} {naive} {onnaive} /> }
        }
        Bench::Queens { n, at, tree } => {
            html! { <QueensBench {n} {at} {tree} {link} {onsignal} {onlink} /> }
        }
        Bench::CubeNet { moves } => html! { <CubeNetBench {moves} {onsignal} /> },
        Bench::CubeBfs { htm, at } => {
            let counts = if htm {
                props.cube_counts.1.clone()
            } else {
                props.cube_counts.0.clone()
            };
            html! { <CubeBfsBench {htm} {at} {counts} {onsignal} /> }
        }
        Bench::CubePaths { scramble } => html! {
            <CubePathsBench {scramble} path={props.path.clone()} paths={props.paths} onpath={props.onpath.clone()} {onsignal} />
        },
    }
}
