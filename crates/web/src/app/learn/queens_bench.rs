//! A lesson's N-queens workbench: the queens page's backtracking search in the shared
//! search player, its board and its search tree, with the figures the lesson quotes
//! (`[data-readout]`) and a link to the full queens page in the same state.

use yew::prelude::*;

use super::bench_common::{open_link, settle};
use super::try_it::Signal;
use crate::app::queens::board::QueensBoard;
use crate::app::widgets::numbers::{group, group_big};
use crate::app::widgets::search_player::SearchPlayer;
use crate::app::widgets::search_tree::SearchTree as TreeView;
use puzzlelab_links::{encode_route, BenchLink, QueensLink, QueensMode, QueensView, Route};
use puzzlelab_solver::lessons::queens::{summary, Summary};
use puzzlelab_solver::lessons::At;
use puzzlelab_solver::queens::search::{boards, permutations, queens_tree, MAX_TREE_N};
use puzzlelab_solver::queens::{placement_names, square_name, QueensSearch};
use puzzlelab_solver::tree::SearchTree;
use puzzlelab_solver::watch::{Level, Player, PlayerAction};

/// Narrowest tree node drawn (the queens page's).
const MIN_CELL: f64 = 1.0 / 1500.0;
const SPEED: u32 = 20;

#[derive(Properties, PartialEq)]
pub struct QueensBenchProps {
    pub n: u32,
    pub at: At,
    pub tree: bool,
    pub link: BenchLink,
    pub onsignal: Callback<Signal>,
    pub onlink: Callback<BenchLink>,
}

pub enum Msg {
    Player(PlayerAction),
    N(u32),
    Select(u32),
}

type QueensPlayer = Player<QueensSearch, SearchTree>;

pub struct QueensBench {
    n: u32,
    player: QueensPlayer,
    summary: Summary,
    selected: Option<u32>,
    link: BenchLink,
}

fn fresh(n: u32, at: At) -> QueensPlayer {
    let search =
        QueensSearch::new(n, false).unwrap_or_else(|_| QueensSearch::new(8, false).expect("8"));
    let mut p = Player::new(search, queens_tree(n), SPEED, Level::Every);
    settle(&mut p, at);
    p
}

impl Component for QueensBench {
    type Message = Msg;
    type Properties = QueensBenchProps;

    fn create(ctx: &Context<Self>) -> Self {
        let p = ctx.props();
        let n = p.link.n.unwrap_or(p.n);
        let at = p.link.at.map_or(p.at, At::Step);
        QueensBench {
            n,
            player: fresh(n, at),
            summary: summary(n),
            selected: None,
            link: p.link.clone(),
        }
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        let p = ctx.props();
        match msg {
            Msg::Player(action) => {
                let rest = self.player.apply(action);
                if !self.player.playing() && (rest || action != PlayerAction::Tick) {
                    p.onsignal
                        .emit(Signal::Event(self.player.recording.event().to_string()));
                    self.link.at = Some(self.player.step());
                    p.onlink.emit(self.link.clone());
                }
            }
            Msg::N(n) => {
                self.n = n;
                self.player = fresh(n, At::Start);
                self.summary = summary(n);
                self.selected = None;
                self.link = BenchLink {
                    n: Some(n),
                    ..BenchLink::default()
                };
                p.onsignal.emit(Signal::Choose("n", n.to_string()));
                p.onlink.emit(self.link.clone());
            }
            Msg::Select(id) => {
                self.selected = Some(id);
                p.onsignal.emit(Signal::Press("select-node".into()));
            }
        }
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let n = self.n;
        let search = self.player.machine();
        let rows = search.rows();
        let queens: Vec<(u32, u32)> = rows
            .iter()
            .enumerate()
            .map(|(c, &r)| (c as u32, r))
            .collect();
        let step = self.player.step();
        let tree = self.player.recording.observer();
        let ice = tree.icicle(step, MIN_CELL);
        let eliminated = ice.eliminated;
        let at_end = self.player.recording.at_end();
        let on_n = link.callback(|e: Event| {
            let v = e
                .target_unchecked_into::<web_sys::HtmlSelectElement>()
                .value();
            Msg::N(v.parse().unwrap_or(8))
        });
        let caption = self.caption();
        html! {
            <div class="bench queens-bench">
                <div class="bench-settings">
                    <label>{"Board "}
                        <select name="n" onchange={on_n}>
                            { for (4..=MAX_TREE_N).map(|k| html! {
                                <option value={k.to_string()} selected={k == n}>{ format!("{k}×{k}") }</option>
                            }) }
                        </select>
                    </label>
                </div>
                <SearchPlayer name="queens" view={self.player.view()} keys={false}
                    onaction={link.callback(Msg::Player)} caption={html! { { caption } }}>
                    <div class={classes!("search-views", ctx.props().tree.then_some("with-tree"))}>
                        <div class="search-board">
                            <QueensBoard {n} {queens} onclick={Callback::from(|_| ())} />
                        </div>
                        if ctx.props().tree {
                            <div class="tree-panel">
                                <TreeView icicle={ice} base={n} candidates="boards" selected={self.selected}
                                    label={Callback::from(|(depth, row): (u32, u32)| square_name(depth - 1, row))}
                                    onselect={link.callback(Msg::Select)} />
                            </div>
                        }
                    </div>
                </SearchPlayer>
                <div class="row">
                    <button type="button" data-action="previous-solution" disabled={!self.player.view().solutions_before}
                        onclick={link.callback(|_| Msg::Player(PlayerAction::PreviousSolution))}>{"◀ Previous solution"}</button>
                    <button type="button" data-action="next-solution" disabled={at_end}
                        onclick={link.callback(|_| Msg::Player(PlayerAction::NextSolution))}>{"Next solution ▶"}</button>
                </div>
                { self.readout(eliminated) }
                { open_link(&encode_route(&Route::Queens(self.queens_link(ctx))), "N queens") }
            </div>
        }
    }
}

impl QueensBench {
    /// What the step just shown did.
    fn caption(&self) -> String {
        let rows = self.player.machine().rows();
        match (self.player.recording.event(), rows.last()) {
            ("start", _) => "the empty board.".to_string(),
            ("place", Some(&r)) => format!(
                "a queen on {}, safe so far.",
                square_name(rows.len() as u32 - 1, r)
            ),
            ("solution", Some(&r)) => format!(
                "a queen on {} completes a solution.",
                square_name(rows.len() as u32 - 1, r)
            ),
            ("remove", _) => format!(
                "a queen is taken back; column {} tries its next row.",
                rows.len() + 1
            ),
            ("finished", _) => "every branch has been tried.".to_string(),
            _ => format!("{} queens on the board.", rows.len()),
        }
    }

    /// The numbers beside the board: the search space, the search so far and the whole
    /// search's summary.
    fn readout(&self, eliminated: u128) -> Html {
        let n = self.n;
        let search = self.player.machine();
        let rows = search.rows();
        let c = search.counters();
        html! {
            <dl class="bench-readout">
                <div><dt>{ format!("boards with a queen per column, {n}^{n}") }</dt><dd data-readout="boards">{ big(boards(n)) }</dd></div>
                <div><dt>{ format!("boards with a queen per row too, {n}!") }</dt><dd data-readout="perms">{ big(permutations(n)) }</dd></div>
                <div><dt>{"times fewer"}</dt><dd data-readout="factor">{ big(boards(n) / permutations(n).max(1)) }</dd></div>
                <div><dt>{"nodes so far"}</dt><dd data-readout="nodes">{ group(c.nodes) }</dd></div>
                <div><dt>{"rows checked"}</dt><dd data-readout="rows-checked">{ group(c.tested_all_rows) }</dd></div>
                <div><dt>{"diagonal checks"}</dt><dd data-readout="diagonals-checked">{ group(c.tested_free_rows) }</dd></div>
                <div><dt>{"solutions so far"}</dt><dd data-readout="solutions">{ c.solutions }</dd></div>
                <div><dt>{"boards cut off by the checks"}</dt><dd data-readout="eliminated">{ big(eliminated) }</dd></div>
                <div><dt>{"queens now"}</dt><dd data-readout="placement" data-placement={placement_names(rows)}>{ if rows.is_empty() { "none".to_string() } else { placement_names(rows) } }</dd></div>
                <div><dt>{"solutions with the first queen in the lower half (whole search)"}</dt><dd data-readout="lower-half">{ self.summary.lower_half }</dd></div>
                <div><dt>{"families under the square's symmetries (whole search)"}</dt><dd data-readout="families">{ self.summary.families }</dd></div>
            </dl>
        }
    }

    /// The N queens page at this board and step.
    fn queens_link(&self, ctx: &Context<Self>) -> QueensLink {
        let (n, step) = (self.n, self.player.step());
        QueensLink {
            n,
            mode: QueensMode::Search,
            step,
            view: if ctx.props().tree {
                QueensView::Tree
            } else {
                QueensView::Board
            },
            ..QueensLink::default()
        }
    }
}

/// A count with thousands grouped, if it fits 64 bits.
fn big(v: u128) -> String {
    if v <= u64::MAX as u128 {
        group_big(v)
    } else {
        v.to_string()
    }
}
