//! The counting lab: how many knight's tours a small board has, found three ways — the
//! notebook's brute force, its backtracking, and a fast pruned counter on all workers.

pub mod bars;
pub mod depth_first;
pub mod depth_first_state;
pub mod frontier;
pub mod frontier_state;
pub mod heatmap;
pub mod lab;
pub mod naive;
pub mod naive_runs;
pub mod naive_state;
pub mod parts_state;
pub mod race_state;
pub mod saved_parts;
pub mod state;
pub mod totals_text;
pub mod watch;

use yew::html::Scope;
use yew::prelude::*;

use crate::app::contract::Out;
use crate::app::page::{Page, PageMsg, Task, Workbench as Contract, Worker};
use crate::app::widgets::pool_count::{resolve, PROGRESS_MS};
use puzzlelab_worker::Response;

use crate::app::count::depth_first::depth_first_panel;
use crate::app::count::frontier::frontier_panel;
use crate::app::count::heatmap::CountHeatmap;
use crate::app::count::lab::{CountLab, LabMsg};
use crate::app::count::naive::naive_panel;
use crate::app::count::naive_runs::NAIVE;
use crate::app::count::state::Msg;
use crate::app::count::watch::race_view;
use crate::app::shell::alert::Alert;
use crate::app::widgets::workbench::{how_it_works, Group, Slots, Workbench};
use puzzlelab_links::{CountLink, CountMethod, Route, MAX_WATCH_SQUARES};
use puzzlelab_pictures::Scene;

/// Sides offered in the size pickers (the product must stay within 64 squares).
const MAX_PICK_SIDE: u32 = 16;

/// The counting lab's page.
pub type CountPage = Page<CountLab>;

/// The settings' controls send the settings' messages.
impl From<Msg> for PageMsg<LabMsg> {
    fn from(msg: Msg) -> Self {
        PageMsg::Own(LabMsg::Settings(msg))
    }
}

impl Contract for CountLab {
    type Link = CountLink;
    type Msg = LabMsg;

    fn open(link: CountLink, problems: Vec<String>) -> (Self, Out) {
        CountLab::open(link, problems)
    }

    fn update(&mut self, msg: LabMsg) -> Out {
        CountLab::update(self, msg)
    }

    /// The page's own worker is not used: each count runs on others (`lab.rs`).
    fn answer(&mut self, from: Worker, response: Response) -> Out {
        CountLab::answer(self, from, response)
    }

    fn route(&self) -> Route {
        Route::Count(self.settings.link.clone())
    }

    fn progress_every(&self) -> Option<u32> {
        self.counting().then_some(PROGRESS_MS)
    }

    fn tasks(&mut self) -> Vec<Task<LabMsg>> {
        self.take_tasks()
    }

    /// The stage: the race's boards while watched, else the counting board with the
    /// tours from each square once counted.
    fn scene(&self) -> Option<Scene> {
        let heat = Scene::Heatmap(self.settings.heat());
        match self.watching().then(|| self.race.picture()).flatten() {
            Some(race) => Some(Scene::Race(race)),
            None => Some(heat),
        }
    }

    /// The count's bars, and the counting board while the race has the stage.
    fn figures(&self) -> Vec<Scene> {
        let board = self
            .watching()
            .then(|| Scene::Heatmap(self.settings.heat()));
        board
            .into_iter()
            .chain(self.bars().map(Scene::CountBars))
            .collect()
    }

    fn view(&self, link: &Scope<CountPage>) -> Html {
        render(self, link)
    }
}

fn render(lab: &CountLab, link: &Scope<CountPage>) -> Html {
    let state = &lab.settings;
    let (method, chosen) = state.method();
    let (w, h) = (state.link.board.width(), state.link.board.height());
    let options = |current: u32| {
        (1..=MAX_PICK_SIDE)
            .map(|v| html! { <option value={v.to_string()} selected={v == current}>{ v }</option> })
            .collect::<Html>()
    };
    let on_select = |f: fn(String) -> Msg| {
        link.callback(move |e: Event| {
            f(e.target_unchecked_into::<web_sys::HtmlSelectElement>()
                .value())
        })
    };
    let on_check = |f: fn(bool) -> Msg| {
        link.callback(move |e: Event| {
            f(e.target_unchecked_into::<web_sys::HtmlInputElement>()
                .checked())
        })
    };
    let start_name = state
        .link
        .start
        .map_or("every square".to_string(), |s| state.link.board.name(s));
    let naive = state.naive_spec();
    let head = html! {
        <>
            <Alert problems={state.problems.clone()} ondismiss={link.callback(|_| Msg::Dismiss)} />
            <p class="status" role="status" aria-live="polite" data-status="ready" data-start={start_name.clone()}>{ format!(
                "Counting {} tours of the {w}x{h} board from {start_name}. Click a square to count from it.",
                if state.link.closed { "closed" } else { "open" }) }</p>
        </>
    };
    let stage = html! {
        <CountHeatmap heat={state.heat()}
            onclick={link.callback(Msg::Square)} />
    };
    // Watching the counters step by step, the race has the stage: the counting board
    // (click a square to count from it) joins the settings, under the board's size, where
    // it is seen whole rather than waiting half-cut at the foot of the dock.
    let watching = lab.watching();
    let settings = html! {
        <>
        <Group legend="Board" more="Directed counts treat a tour and its reverse as two; undirected counts them once; closed tours are counted as cycles. Path structures count by the shape of the partial paths, row by row, instead of walking every tour.">
            <div class="rules">
                <label>{"Width "}<select key={format!("w{w}-{}", state.refusals)} name="width" onchange={on_select(Msg::Width)}>{ options(w) }</select></label>
                <label>{"Height "}<select key={format!("h{h}-{}", state.refusals)} name="height" onchange={on_select(Msg::Height)}>{ options(h) }</select></label>
                <label><input type="checkbox" name="all-starts" checked={state.link.start.is_none()}
                    onchange={on_check(Msg::AllStarts)} />{" All starts"}</label>
                <label><input type="checkbox" name="closed" checked={state.link.closed}
                    onchange={on_check(Msg::Closed)} />{" Closed tours"}</label>
                <label>{"Method "}<select name="method" onchange={on_select(Msg::Method)}>
                    <option value="auto" selected={state.link.method.is_none()}>{ format!("fastest ({})", match method {
                        CountMethod::DepthFirst => "depth-first",
                        CountMethod::Frontier => "path structures",
                    }) }</option>
                    { for [CountMethod::DepthFirst, CountMethod::Frontier].map(|m| html! {
                        <option value={m.as_str()} selected={Some(m) == state.link.method}>{ match m {
                            CountMethod::DepthFirst => "depth-first",
                            CountMethod::Frontier => "path structures",
                        } }</option>
                    }) }
                </select></label>
            </div>
            <p class="hint" data-method-chosen={method.as_str()} data-method-auto={chosen.to_string()}>{ state.method_line() }</p>
        </Group>
        if watching {
            <Group legend="Count from"><div class="count-start">{ stage.clone() }</div></Group>
        }
        </>
    };
    let dock = dock(lab, link, method);
    let main = if state.link.board.squares() <= MAX_WATCH_SQUARES {
        race_view(
            &lab.race,
            naive.start.unwrap_or(0),
            &link.callback(LabMsg::Race),
            stage,
            dock,
            true,
        )
    } else {
        html! {
            <Slots {stage} player={html! { <p class="event hint">{ format!("Boards of up to {MAX_WATCH_SQUARES} squares can be watched step by step; this one is counted.") }</p> }} {dock} />
        }
    };
    html! {
        <Workbench name="counting" title="Counting lab" {head} {settings}
            first={AttrValue::Static("Start here: press Count in the dock, or click a square to count from it.")}>
            { main }
        </Workbench>
    }
}

/// The dock: the count with its workers, the race of brute force against backtracking,
/// and how it works.
fn dock(lab: &CountLab, link: &Scope<CountPage>, method: CountMethod) -> Html {
    let state = &lab.settings;
    let on_naive = link.callback(|(i, msg)| LabMsg::Naive(i, msg));
    let naive = state.naive_spec();
    html! {
        <>
            if method == CountMethod::Frontier {
                { frontier_panel(&lab.frontier, resolve(state.link.run.workers), link) }
            } else {
                { depth_first_panel(&lab.depth_first, link) }
            }
            <div class="count-panel race">
                <h3>{ format!("Brute force against backtracking, from {}", state.link.board.name(naive.start.unwrap_or(0))) }</h3>
                <div class="race-columns">
                    { for (0..NAIVE.len()).map(|i| naive_panel(&lab.naive.runs[i], i, naive, &on_naive)) }
                </div>
            </div>
            { how_it_works(html! {
                <>
                    <p>{ "Brute force writes down every possible sequence of moves — each of the N − 1 moves one of 8 directions — and only then checks whether it stays on the board and covers it. Backtracking walks the same tree but gives a walk up the moment it leaves the board or lands on a square it has seen: the same answers, with astronomically fewer nodes." }</p>
                    <p>{ "The fast counter prunes further: it stops as soon as some square can no longer be reached, or two squares each have only one way in (both would have to be last). It counts from one start square per symmetry class of the board, and shares small tasks among your browser's workers; a task that runs long is split into smaller ones. Directed counts treat a tour and its reverse as two; undirected counts them once; closed tours are counted as cycles." }</p>
                </>
            }) }
        </>
    }
}
