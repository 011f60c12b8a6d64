//! A lesson's knight workbench: the tour machine in the shared search player on the
//! knight page's board, with the rule's settings, the figures the lesson quotes
//! (`[data-readout]`) and a link to the full knight page in the same state.

use yew::prelude::*;

use super::bench_common::{action_name, open_link, settle};
use super::try_it::Signal;
use crate::app::knight::board_view::BoardView;
use crate::app::widgets::search_player::SearchPlayer;
use puzzlelab_links::{encode_route, BenchLink, KnightLink, Route};
use puzzlelab_solver::knight::candidates::candidates;
use puzzlelab_solver::knight::{Heuristic, Rule, TieBreak, TourConfig};
use puzzlelab_solver::lessons::knight_graph::{edges, ties_along};
use puzzlelab_solver::lessons::starts::same_tours;
use puzzlelab_solver::lessons::tour_watch::TourWatch;
use puzzlelab_solver::lessons::At;
use puzzlelab_solver::watch::{Level, Player, PlayerAction};
use puzzlelab_solver::{Status, StepMachine};

#[derive(Properties, PartialEq)]
pub struct KnightBenchProps {
    pub config: TourConfig,
    pub at: At,
    pub link: BenchLink,
    pub onsignal: Callback<Signal>,
    pub onlink: Callback<BenchLink>,
}

pub enum Msg {
    Player(PlayerAction),
    Start(u32),
    Heuristic(Heuristic),
    Tie(TieBreak),
    Backtrack(bool),
    ForwardCheck(bool),
    FastBacktrack(bool),
}

pub struct KnightBench {
    config: TourConfig,
    player: Player<TourWatch>,
    /// The link's fields the reader changed.
    link: BenchLink,
    /// Starts where Pohl's and Roth's ties walk the same tour (shown with either rule).
    same: Option<u64>,
}

fn same_pohl_roth(c: TourConfig) -> Option<u64> {
    let with_ties = |tie_break| TourConfig {
        rule: Rule {
            tie_break,
            ..c.rule
        },
        ..c
    };
    matches!(c.rule.tie_break, TieBreak::Pohl | TieBreak::Roth)
        .then(|| same_tours(with_ties(TieBreak::Pohl), with_ties(TieBreak::Roth)))
}

const SPEED: u32 = 12;

fn player(config: TourConfig) -> Player<TourWatch> {
    let machine = TourWatch::new(config)
        .or_else(|_| TourWatch::new(TourConfig { start: 0, ..config }))
        .expect("a1 is on every board");
    Player::new(machine, (), SPEED, Level::Every)
}

impl KnightBench {
    fn restart(&mut self, ctx: &Context<Self>) {
        self.player = player(self.config);
        self.same = same_pohl_roth(self.config);
        settle(&mut self.player, ctx.props().at);
        self.link.at = None;
        ctx.props().onlink.emit(self.link.clone());
    }
}

impl Component for KnightBench {
    type Message = Msg;
    type Properties = KnightBenchProps;

    fn create(ctx: &Context<Self>) -> Self {
        let p = ctx.props();
        let mut config = p.config;
        let board = config.board().expect("a lesson's board is valid");
        if let Some(sq) = p
            .link
            .start
            .as_deref()
            .and_then(|s| board.parse_square(s).ok())
        {
            config.start = sq;
        }
        config.rule.heuristic = p.link.heuristic.unwrap_or(config.rule.heuristic);
        config.rule.tie_break = p.link.tie.unwrap_or(config.rule.tie_break);
        let mut player = player(config);
        match p.link.at {
            Some(k) => player.jump_to(k),
            None => settle(&mut player, p.at),
        }
        KnightBench {
            config,
            player,
            link: p.link.clone(),
            same: same_pohl_roth(config),
        }
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        let p = ctx.props();
        let board = self.config.board().expect("valid");
        match msg {
            Msg::Player(action) => {
                let rest = self.player.apply(action);
                if !self.player.playing() && (rest || action_name(action).is_some()) {
                    p.onsignal
                        .emit(Signal::Event(self.player.recording.event().to_string()));
                    self.link.at = Some(self.player.step());
                    p.onlink.emit(self.link.clone());
                }
            }
            Msg::Start(sq) => {
                self.config.start = sq;
                self.link.start = Some(board.name(sq));
                p.onsignal.emit(Signal::Click(board.name(sq)));
                p.onsignal.emit(Signal::Click("*".into()));
                self.restart(ctx);
            }
            Msg::Heuristic(h) => {
                self.config.rule.heuristic = h;
                self.link.heuristic = Some(h);
                p.onsignal
                    .emit(Signal::Choose("heuristic", h.as_str().into()));
                self.restart(ctx);
            }
            Msg::Tie(t) => {
                self.config.rule.tie_break = t;
                self.link.tie = Some(t);
                p.onsignal.emit(Signal::Choose("tie", t.as_str().into()));
                self.restart(ctx);
            }
            Msg::Backtrack(on) => {
                self.config.rule.backtrack = on;
                p.onsignal.emit(Signal::Choose("backtrack", on_off(on)));
                self.restart(ctx);
            }
            Msg::ForwardCheck(on) => {
                self.config.rule.forward_check = on;
                p.onsignal.emit(Signal::Choose("forward-check", on_off(on)));
                self.restart(ctx);
            }
            Msg::FastBacktrack(on) => {
                self.config.rule.fast_backtrack = on;
                p.onsignal
                    .emit(Signal::Choose("fast-backtrack", on_off(on)));
                self.restart(ctx);
            }
        }
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let tour = &self.player.machine().tour;
        let board = tour.board();
        let path = tour.path().to_vec();
        let status = tour.status();
        let at_end = self.player.recording.at_end();
        let stranded = at_end && status == Status::Failed;
        let near = if status == Status::Running || self.player.step() == 0 {
            candidates(board, &path, None)
        } else {
            Vec::new()
        };
        let caption = self.caption();
        html! {
            <div class="bench knight-bench">
                { self.settings(ctx) }
                <p class="status" data-status={status.as_str()}>{ format!("Status: {}", status.as_str()) }</p>
                <SearchPlayer name="tour" view={self.player.view()} keys={false}
                    onaction={link.callback(Msg::Player)} caption={html! { { caption } }}>
                    <BoardView {board} {path} onclick={link.callback(Msg::Start)} {stranded}
                        candidates={near} ties={tour.tie_points()} tried={tour.tried_here().to_vec()} />
                </SearchPlayer>
                { self.readout() }
                { open_link(&encode_route(&Route::Knight(self.knight_link())), "knight's tour") }
            </div>
        }
    }
}

impl KnightBench {
    /// The rule's settings: heuristic, tie-break and the backtracking switches.
    fn settings(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let c = self.config;
        let on_heuristic = link.callback(|e: Event| {
            let v = e
                .target_unchecked_into::<web_sys::HtmlSelectElement>()
                .value();
            Msg::Heuristic(Heuristic::parse(&v).unwrap_or_default())
        });
        let on_tie = link.callback(|e: Event| {
            let v = e
                .target_unchecked_into::<web_sys::HtmlSelectElement>()
                .value();
            Msg::Tie(TieBreak::parse(&v).unwrap_or_default())
        });
        let check = |label: &'static str, on: bool, name: &'static str, msg: fn(bool) -> Msg| {
            let onchange = link.callback(move |e: Event| {
                msg(e
                    .target_unchecked_into::<web_sys::HtmlInputElement>()
                    .checked())
            });
            html! { <label><input type="checkbox" {name} checked={on} {onchange} />{ label }</label> }
        };
        html! {
            <div class="bench-settings" role="group" aria-label="The rule">
                <label>{"Rule "}
                    <select name="heuristic" onchange={on_heuristic}>
                        { for [Heuristic::Warnsdorff, Heuristic::Bottom, Heuristic::Center].into_iter().map(|h| html! {
                            <option value={h.as_str()} selected={h == c.rule.heuristic}>{ heuristic_label(h) }</option>
                        }) }
                    </select>
                </label>
                if c.rule.heuristic == Heuristic::Warnsdorff {
                    <label>{"Ties "}
                        <select name="tie" onchange={on_tie}>
                            { for TieBreak::ALL.into_iter().map(|t| html! {
                                <option value={t.as_str()} selected={t == c.rule.tie_break}>{ tie_label(t) }</option>
                            }) }
                        </select>
                    </label>
                }
                { check("Backtracking", c.rule.backtrack, "backtrack", Msg::Backtrack) }
                if c.rule.backtrack {
                    { check("Forward checking", c.rule.forward_check, "forward-check", Msg::ForwardCheck) }
                    { check("Fast backtracking", c.rule.fast_backtrack, "fast-backtrack", Msg::FastBacktrack) }
                }
            </div>
        }
    }

    /// What the step just shown did.
    fn caption(&self) -> String {
        let tour = &self.player.machine().tour;
        let board = tour.board();
        let last = || board.name(*tour.path().last().unwrap_or(&0));
        match self.player.recording.event() {
            "start" => format!("the knight on {}.", board.name(self.config.start)),
            "move" => format!("to {}.", last()),
            "backtrack" => "one move taken back.".to_string(),
            "jump" => "back to the last tie point.".to_string(),
            "stuck" => format!(
                "stuck on {}: no unvisited square a knight's move away.",
                last()
            ),
            "solved" => "every square visited.".to_string(),
            "failed" => "no tour from here.".to_string(),
            other => format!("{other}."),
        }
    }

    /// The numbers beside the board.
    fn readout(&self) -> Html {
        let c = self.config;
        let w = self.player.machine();
        let tour = &w.tour;
        let board = tour.board();
        let edges = edges(board);
        let ties = ties_along(board, tour.path());
        let same = self.same;
        html! {
            <dl class="bench-readout">
                <div><dt>{"squares visited"}</dt><dd data-readout="visited">{ w.visited() }</dd></div>
                <div><dt>{"not reached"}</dt><dd data-readout="left">{ w.left() }</dd></div>
                <div><dt>{"backtracks"}</dt><dd data-readout="backtracks">{ tour.stats().backtracks }</dd></div>
                if c.rule.heuristic == Heuristic::Warnsdorff {
                    <div><dt>{"moves that met a tie"}</dt><dd data-readout="ties">{ ties }</dd></div>
                }
                <div><dt>{"knight moves on the board"}</dt><dd data-readout="edges">{ edges }</dd></div>
                if let Some(same) = same {
                    <div><dt>{"starts where Pohl's and Roth's ties walk the same tour"}</dt><dd data-readout="same-pohl-roth">{ same }</dd></div>
                }
            </dl>
        }
    }

    /// The knight's tour page at this rule and step.
    fn knight_link(&self) -> KnightLink {
        let c = self.config;
        KnightLink {
            board: self.player.machine().tour.board(),
            start: Some(c.start),
            rule: c.rule,
            search: Some(self.player.step()),
            ..KnightLink::default()
        }
    }
}

fn on_off(on: bool) -> String {
    if on { "on" } else { "off" }.to_string()
}

fn heuristic_label(h: Heuristic) -> &'static str {
    match h {
        Heuristic::Warnsdorff => "Warnsdorff: fewest onward moves",
        Heuristic::Bottom => "Bottom rows first",
        Heuristic::Center => "Nearest the centre",
        Heuristic::Construct => "Divide and conquer",
    }
}

fn tie_label(t: TieBreak) -> &'static str {
    match t {
        TieBreak::First => "first (clockwise)",
        TieBreak::Random => "random",
        TieBreak::Pohl => "Pohl's",
        TieBreak::Roth => "Roth's",
    }
}
