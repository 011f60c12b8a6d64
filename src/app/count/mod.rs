//! The counting lab: how many knight's tours a small board has, found three ways — the
//! notebook's brute force, its backtracking, and a fast pruned counter on all workers.

pub mod depth_first;
pub mod frontier;
pub mod heatmap;
pub mod naive;
pub mod watch;

use yew::prelude::*;

use crate::app::count::depth_first::DepthFirstCount;
use crate::app::count::frontier::FrontierCount;
use crate::app::count::heatmap::CountHeatmap;
use crate::app::count::naive::NaiveRun;
use crate::app::count::watch::{NaiveWatch, WatchLink};
use crate::app::shell::alert::Alert;
use crate::app::shell::location;
use crate::app::widgets::workbench::{how_it_works, Group, Slots, Workbench};
use crate::share::{encode_route, CountLink, CountMethod, Route, MAX_WATCH_SQUARES};
use crate::solver::board::Board;
use crate::solver::knight::count::{CountResult, CountSpec, MAX_COUNT_SQUARES};
use crate::solver::knight::naive_count::NaiveMethod;
use crate::solver::watch::Level;

/// Sides offered in the size pickers (the product must stay within 64 squares).
const MAX_PICK_SIDE: u32 = 16;

#[derive(Properties, PartialEq)]
pub struct CountProps {
    pub link: CountLink,
    pub problems: Vec<String>,
}

pub enum Msg {
    Width(String),
    Height(String),
    Square(u32),
    AllStarts(bool),
    Closed(bool),
    Method(String),
    Result(Option<CountResult>),
    Watch(WatchLink),
    Dismiss,
}

pub struct CountPage {
    link: CountLink,
    problems: Vec<String>,
    /// Tours from each square once counted (`None` for squares a one-start count skipped).
    counts: Vec<Option<u64>>,
    /// Bumped when a size is refused, so the pickers are redrawn showing the kept size.
    refusals: u32,
}

impl CountPage {
    fn spec(&self) -> CountSpec {
        CountSpec {
            width: self.link.board.width(),
            height: self.link.board.height(),
            start: self.link.start,
            closed: self.link.closed,
        }
    }

    /// The notebook's counters always walk from one square: the chosen one, or a1.
    fn naive_spec(&self) -> CountSpec {
        CountSpec {
            start: Some(self.link.start.unwrap_or(0)),
            closed: false,
            ..self.spec()
        }
    }

    fn resize(&mut self, width: Option<u32>, height: Option<u32>) {
        let (w, h) = (
            width.unwrap_or(self.link.board.width()),
            height.unwrap_or(self.link.board.height()),
        );
        match Board::new(w, h) {
            Ok(board) if board.squares() <= MAX_COUNT_SQUARES => {
                self.link.board = board;
                self.link.start = self.link.start.map(|_| 0);
                self.link.step = 0;
                if board.squares() > MAX_WATCH_SQUARES {
                    self.link.level = Level::Counters;
                }
                self.counts.clear();
                self.problems.clear();
            }
            refused => {
                self.refusals += 1;
                self.problems = vec![match refused {
                    Ok(_) => format!(
                        "{w}x{h} has {} squares: counting goes up to {MAX_COUNT_SQUARES} (8x8); keeping {}x{}",
                        w * h,
                        self.link.board.width(),
                        self.link.board.height()
                    ),
                    Err(e) => e.to_string(),
                }];
            }
        }
    }

    fn save(&self) {
        location::replace_hash(&encode_route(&Route::Count(self.link.clone())));
    }
}

impl Component for CountPage {
    type Message = Msg;
    type Properties = CountProps;

    fn create(ctx: &Context<Self>) -> Self {
        CountPage {
            link: ctx.props().link.clone(),
            problems: ctx.props().problems.clone(),
            counts: Vec::new(),
            refusals: 0,
        }
    }

    fn update(&mut self, _ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Width(text) => self.resize(text.parse().ok(), None),
            Msg::Height(text) => self.resize(None, text.parse().ok()),
            Msg::Square(sq) => {
                self.link.start = Some(sq);
                self.link.step = 0;
                if !self.link.closed {
                    self.counts.clear();
                }
            }
            Msg::AllStarts(all) => {
                self.link.start = if all {
                    None
                } else {
                    Some(self.link.start.unwrap_or(0))
                };
                self.counts.clear();
            }
            Msg::Closed(closed) => {
                self.link.closed = closed;
                self.counts.clear();
            }
            Msg::Method(name) => {
                self.link.method = match name.as_str() {
                    "frontier" => CountMethod::Frontier,
                    _ => CountMethod::DepthFirst,
                };
                self.counts.clear();
            }
            Msg::Result(result) => {
                // A count from one start only knows that square; show the others blank.
                self.counts = result.map_or(Vec::new(), |r| match self.link.start {
                    Some(s) if !self.link.closed => (0..r.per_start.len())
                        .map(|i| (i == s as usize).then_some(r.directed))
                        .collect(),
                    _ => r.per_start.into_iter().map(Some).collect(),
                });
                return true;
            }
            Msg::Watch(w) => {
                self.link.watch = w.watch;
                self.link.level = w.level;
                self.link.speed = w.speed;
                self.link.step = w.step;
            }
            Msg::Dismiss => self.problems.clear(),
        }
        self.save();
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let (w, h) = (self.link.board.width(), self.link.board.height());
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
        let start_name = self
            .link
            .start
            .map_or("every square".to_string(), |s| self.link.board.name(s));
        let naive = self.naive_spec();
        let head = html! {
            <>
                <Alert problems={self.problems.clone()} ondismiss={link.callback(|_| Msg::Dismiss)} />
                <p class="status" role="status" aria-live="polite" data-status="ready" data-start={start_name.clone()}>{ format!(
                    "Counting {} tours of the {w}x{h} board from {start_name}. Click a square to count from it.",
                    if self.link.closed { "closed" } else { "open" }) }</p>
            </>
        };
        let settings = html! {
            <Group legend="Board" more="Directed counts treat a tour and its reverse as two; undirected counts them once; closed tours are counted as cycles. Path structures count by the shape of the partial paths, row by row, instead of walking every tour.">
                <div class="rules">
                    <label>{"Width "}<select key={format!("w{w}-{}", self.refusals)} name="width" onchange={on_select(Msg::Width)}>{ options(w) }</select></label>
                    <label>{"Height "}<select key={format!("h{h}-{}", self.refusals)} name="height" onchange={on_select(Msg::Height)}>{ options(h) }</select></label>
                    <label><input type="checkbox" name="all-starts" checked={self.link.start.is_none()}
                        onchange={on_check(Msg::AllStarts)} />{" All starts"}</label>
                    <label><input type="checkbox" name="closed" checked={self.link.closed}
                        onchange={on_check(Msg::Closed)} />{" Closed tours"}</label>
                    <label>{"Method "}<select name="method" onchange={on_select(Msg::Method)}>
                        { for [CountMethod::DepthFirst, CountMethod::Frontier].map(|m| html! {
                            <option value={m.as_str()} selected={m == self.link.method}>{ match m {
                                CountMethod::DepthFirst => "depth-first",
                                CountMethod::Frontier => "path structures",
                            } }</option>
                        }) }
                    </select></label>
                </div>
            </Group>
        };
        let stage = html! {
            <CountHeatmap board={self.link.board} start={self.link.start} counts={self.counts.clone()}
                onclick={link.callback(Msg::Square)} />
        };
        let dock = html! {
            <>
                if self.link.method == CountMethod::Frontier {
                    <FrontierCount spec={self.spec()} onresult={link.callback(Msg::Result)}
                        run={self.link.run} />
                } else {
                    <DepthFirstCount spec={self.spec()} onresult={link.callback(Msg::Result)}
                        run={self.link.run} />
                }
                <div class="count-panel race">
                    <h3>{ format!("Brute force against backtracking, from {}", self.link.board.name(naive.start.unwrap_or(0))) }</h3>
                    <div class="race-columns">
                        <NaiveRun method={NaiveMethod::BruteForce} spec={naive} />
                        <NaiveRun method={NaiveMethod::Backtracking} spec={naive} />
                    </div>
                </div>
                { how_it_works(html! {
                    <>
                        <p>{ "Brute force writes down every possible sequence of moves — each of the N − 1 moves one of 8 directions — and only then checks whether it stays on the board and covers it. Backtracking walks the same tree but gives a walk up the moment it leaves the board or lands on a square it has seen: the same answers, with astronomically fewer nodes." }</p>
                        <p>{ "The fast counter prunes further: it stops as soon as some square can no longer be reached, or two squares each have only one way in (both would have to be last). It counts from one start square per symmetry class of the board, and shares small tasks among your browser's workers; a task that runs long is split into smaller ones. Directed counts treat a tour and its reverse as two; undirected counts them once; closed tours are counted as cycles." }</p>
                    </>
                }) }
            </>
        };
        let main = if self.link.board.squares() <= MAX_WATCH_SQUARES {
            html! {
                <NaiveWatch board={self.link.board} start={naive.start.unwrap_or(0)}
                    link={WatchLink { watch: self.link.watch, level: self.link.level, speed: self.link.speed, step: self.link.step }}
                    onchange={link.callback(Msg::Watch)} {stage} {dock} />
            }
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
}
