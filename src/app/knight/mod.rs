//! The knight's-tour workbench: pick a board and rules, click a start square, and watch the
//! tour the worker found play back move by move.

pub mod board_view;
pub mod canvas_board;
pub mod compare;
pub mod huge;
pub mod search_tree_view;
pub mod search_view;
pub mod tour_export;

use std::rc::Rc;

use gloo_timers::callback::{Interval, Timeout};
use yew::prelude::*;

use crate::app::knight::board_view::BoardView;
use crate::app::knight::canvas_board::CanvasBoard;
use crate::app::knight::search_tree_view::{tree_panel, KnightTree};
use crate::app::knight::tour_export::TourExport;
use crate::app::shell::alert::Alert;
use crate::app::shell::location;
use crate::app::widgets::draft_input::DraftInput;
use crate::app::widgets::keyboard::{KeyAction, KeyListener};
use crate::app::widgets::playback::{Playback, PlaybackAction};
use crate::app::widgets::search_player::SearchPlayer;
use crate::share::CanvasView;
use crate::share::{encode_route, KnightLink, Route};
use crate::solver::board::{Board, MAX_SIDE};
use crate::solver::chart::Bucket;
use crate::solver::knight::all_starts::{versus, Outcome, Versus};
use crate::solver::knight::candidates::{candidates, why_chosen, Candidate};
use crate::solver::knight::existence::{closed_tour, open_tour};
use crate::solver::knight::timeline::Frame;
use crate::solver::knight::tree_search::MAX_TREE_SQUARES;
use crate::solver::knight::{Heuristic, TieBreak, TourConfig};
use crate::solver::watch::{PlayerAction, RemotePlayer};
use crate::solver::{Stats, Status};
use crate::worker::{Answer, Ask, Request, Response};

/// Boards drawn square by square; bigger ones go on a canvas.
pub const MAX_DRAWN_SIDE: u32 = 64;
const DEFAULT_SPEED: u32 = 30;

#[derive(Properties, PartialEq)]
pub struct KnightProps {
    pub link: KnightLink,
    #[prop_or_default]
    pub problems: Vec<String>,
}

enum Search {
    Idle,
    /// The rules run from every start: outcomes so far, by square. When the map compares
    /// two rules, `first` holds the page rule's outcomes and `outcomes` the other's.
    Map {
        done: u32,
        outcomes: Option<Vec<Outcome>>,
        first: Option<Vec<Outcome>>,
    },
    Running {
        progress: Stats,
    },
    Done {
        status: Status,
        path: Rc<Vec<u32>>,
        stats: Stats,
        reason: Option<String>,
        /// The depth of the path over the search (for the depth chart).
        chart: Rc<Vec<Bucket>>,
    },
    Error(String),
}

/// What the player walks through once a search is done.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Watch {
    /// The tour found, move by move.
    Tour,
    /// The search itself, step by step: moves, backtracks, jumps.
    Search,
}

pub enum Msg {
    Square(u32),
    Worker(Response),
    Tick,
    Playback(PlaybackAction),
    Speed(u32),
    BoardSize(String),
    Closed(bool),
    Backtrack(bool),
    Tie(String),
    Heuristic(String),
    AllStarts,
    Seed(String),
    Prune(bool),
    Fast(bool),
    Cancel,
    Dismiss,
    Scrub(usize),
    Key(KeyAction),
    Watch(Watch),
    /// The search player's controls, keys and clock.
    Search(PlayerAction),
    /// The search tree beside the player (`view=tree`), or not.
    Tree(bool),
    /// A tree node clicked: its walk on the board; `None` goes back to the search.
    Select(Option<u32>),
    /// Another budget of steps for the tree, towards the step shown.
    GrowTree,
    /// The big board's view changed (zoom, centre, blocks overlay): into the link.
    CanvasView(CanvasView),
    /// Start comparing rules (the classic four), or stop.
    Compare(bool),
    /// The rule the all-starts map is compared against ("" for none).
    Versus(String),
}

pub struct KnightPage {
    link: KnightLink,
    problems: Vec<String>,
    bridge: crate::app::widgets::worker_bridge::Supervised,
    job: u32,
    search: Search,
    /// Moves shown (0 = only the start square).
    shown: usize,
    /// A step asked for by an opened link, applied when the tour arrives.
    pending_step: Option<u32>,
    playing: bool,
    speed: u32,
    timer: Option<Interval>,
    /// Watching the tour or the search that found it.
    watch: Watch,
    /// The search player over the worker's timeline (the step shown and asked for), and
    /// the board at the step shown.
    remote: RemotePlayer,
    frame: Option<Frame>,
    /// A search step asked for by an opened link, applied when the search is done.
    pending_search: Option<u64>,
    _keys: Option<KeyListener>,
    /// The search re-run on this thread for its tree (boards up to 36 squares, `view=tree`).
    tree: Option<KnightTree>,
    /// The tree node whose walk is shown instead of the search's board.
    selected: Option<u32>,
    grow: Option<Timeout>,
}

impl Component for KnightPage {
    type Message = Msg;
    type Properties = KnightProps;

    fn create(ctx: &Context<Self>) -> Self {
        let link = ctx.props().link.clone();
        let problems = ctx.props().problems.clone();
        let mut page = KnightPage {
            pending_step: link.step,
            pending_search: link.search,
            watch: Watch::Tour,
            remote: RemotePlayer::new(0, DEFAULT_SPEED),
            frame: None,
            link,
            problems,
            bridge: spawn_worker(ctx),
            job: 0,
            search: Search::Idle,
            shown: 0,
            playing: false,
            speed: DEFAULT_SPEED,
            timer: None,
            _keys: {
                let link = ctx.link().clone();
                KeyListener::new(move |k| link.send_message(Msg::Key(k)))
            },
            tree: None,
            selected: None,
            grow: None,
        };
        if !page.link.compare.is_empty() {
            page.write_url();
        } else if page.link.start.is_some() {
            page.request_tour();
        } else if !page.problems.is_empty() {
            page.write_url(); // the link now says what is shown, not what was mistyped
        }
        page
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Square(sq) if !self.link.compare.is_empty() => {
                self.link.start = Some(sq);
                self.write_url();
            }
            Msg::Square(sq) => {
                self.link.start = Some(sq);
                self.pending_step = None;
                self.pending_search = None;
                self.request_tour();
            }
            Msg::Worker(response) => self.on_worker(ctx, response),
            // The search player keeps its own clock.
            Msg::Tick if self.watch == Watch::Search => return false,
            Msg::Tick => {
                self.shown += 1;
                if self.shown >= self.moves() {
                    self.shown = self.moves();
                    self.stop(true);
                }
            }
            Msg::Watch(watch) => {
                self.stop(false);
                self.remote.apply(PlayerAction::Pause);
                self.watch = watch;
                match watch {
                    Watch::Search => {
                        let step = self.remote.step();
                        self.fetch(step);
                    }
                    Watch::Tour => self.shown = self.moves(),
                }
                self.write_url();
            }
            Msg::Versus(text) => {
                self.link.versus = match text.as_str() {
                    "" => None,
                    name => match crate::solver::knight::compare::Rule::parse(name) {
                        Ok(rule) => Some(rule),
                        Err(message) => {
                            self.problems = vec![message];
                            return true;
                        }
                    },
                };
                self.write_url();
            }
            Msg::Compare(on) => {
                self.stop(false);
                self.link.compare = if on {
                    crate::solver::knight::compare::Rule::classic()
                } else {
                    Vec::new()
                };
                if on {
                    self.reset_search();
                } else if self.link.start.is_some() {
                    self.request_tour();
                }
                self.write_url();
            }
            Msg::Search(action) => {
                if action != PlayerAction::Tick {
                    self.selected = None;
                }
                let (fetch, rest) = self.remote.apply(action);
                if let Some(step) = fetch {
                    self.send_frame_request(step);
                }
                if rest {
                    self.write_url();
                }
            }
            Msg::Playback(action) => self.on_playback(ctx, action),
            Msg::Speed(speed) => {
                self.speed = speed;
                if self.playing {
                    self.start_timer(ctx);
                }
            }
            Msg::BoardSize(text) => match parse_drawn_board(&text) {
                Ok(board) if board != self.link.board => {
                    self.link.board = board;
                    self.link.start = None;
                    self.reset_search();
                    self.write_url();
                }
                Ok(_) => return false,
                Err(message) => self.problems = vec![message],
            },
            Msg::Closed(closed) => {
                self.link.closed = closed;
                self.rerun();
            }
            Msg::Backtrack(backtrack) => {
                self.link.backtrack = backtrack;
                self.rerun();
            }
            Msg::Tie(text) => match TieBreak::parse(&text) {
                Ok(tie) => {
                    self.link.tie_break = tie;
                    self.rerun();
                }
                Err(message) => self.problems = vec![message],
            },
            Msg::AllStarts => {
                let Some(config) = self.config_for(0) else {
                    return false;
                };
                self.link.start = None;
                self.job += 1;
                self.stop(false);
                self.shown = 0;
                self.search = Search::Map {
                    done: 0,
                    outcomes: None,
                    first: None,
                };
                self.bridge
                    .send(Request::new(self.job, Ask::AllStarts { config }));
                self.write_url();
            }
            Msg::Heuristic(text) => match Heuristic::parse(&text) {
                Ok(h) => {
                    self.link.heuristic = h;
                    self.rerun();
                }
                Err(message) => self.problems = vec![message],
            },
            Msg::Seed(text) => match text.trim().parse::<u64>() {
                Ok(seed) => {
                    self.link.seed = seed;
                    self.rerun();
                }
                Err(_) => {
                    self.problems = vec![format!("the seed must be a whole number, not '{text}'")]
                }
            },
            Msg::Prune(on) => {
                self.link.forward_check = on;
                self.rerun();
            }
            Msg::Fast(on) => {
                self.link.fast_backtrack = on;
                self.rerun();
            }
            Msg::Cancel => {
                if matches!(
                    self.search,
                    Search::Running { .. } | Search::Map { outcomes: None, .. }
                ) {
                    self.bridge.send(Request::new(self.job, Ask::Cancel));
                }
            }
            Msg::Tree(on) => {
                self.link.tree = on;
                self.selected = None;
                self.write_url();
            }
            Msg::Select(id) => self.selected = id,
            Msg::GrowTree => {
                self.grow = None;
                let step = self.remote.step();
                match &mut self.tree {
                    Some(tree) => {
                        tree.grow_towards(step);
                    }
                    None => return false,
                }
            }
            Msg::Dismiss => self.problems.clear(),
            Msg::Scrub(k) => {
                self.shown = k.min(self.moves());
                self.stop(true);
            }
            // The search player listens to the keys itself.
            Msg::Key(_) if self.watching_search() => return false,
            Msg::Key(key) => self.on_playback(ctx, key.resolve(self.playing)),
            Msg::CanvasView(view) => {
                self.link.canvas = view;
                self.write_url();
                return false;
            }
        }
        true
    }

    fn rendered(&mut self, ctx: &Context<Self>, _first: bool) {
        self.schedule_tree(ctx);
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let board = self.link.board;
        let frame = self.frame.as_ref().filter(|_| self.watch == Watch::Search);
        let path: Vec<u32> = match (&self.search, frame) {
            (Search::Done { .. }, Some(frame)) => frame.path.clone(),
            (Search::Done { path, .. }, None) => path[..=self.shown.min(path.len() - 1)].to_vec(),
            _ => self.link.start.into_iter().collect(),
        };
        let walk = self
            .selected
            .zip(self.tree.as_ref())
            .filter(|_| self.tree_shown())
            .map(|(id, tree)| tree.walk(id));
        let (ties, tried, cleared) = match frame {
            Some(f) if walk.is_none() => (f.ties.clone(), f.tried.clone(), f.cleared.clone()),
            _ => Default::default(),
        };
        let path = walk.unwrap_or(path);
        let running = matches!(
            self.search,
            Search::Running { .. } | Search::Map { outcomes: None, .. }
        );
        let outcomes = match &self.search {
            Search::Map {
                outcomes: Some(o),
                first: Some(f),
                ..
            } => versus(f, o).iter().map(|v| v.as_str()).collect(),
            Search::Map {
                outcomes: Some(o), ..
            } => o.iter().map(|o| o.as_str()).collect(),
            _ => Vec::new(),
        };
        let on_tie = link.callback(|e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            Msg::Tie(select.value())
        });
        let on_closed = link.callback(|e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            Msg::Closed(input.checked())
        });
        let on_backtrack = link.callback(|e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            Msg::Backtrack(input.checked())
        });
        let tie = self.link.tie_break;
        let heuristic = self.link.heuristic;
        let on_heuristic = link.callback(|e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            Msg::Heuristic(select.value())
        });
        let on_prune = link.callback(|e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            Msg::Prune(input.checked())
        });
        let on_fast = link.callback(|e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            Msg::Fast(input.checked())
        });
        let verdict = if self.link.closed {
            closed_tour(board)
        } else {
            open_tour(board)
        };
        html! {
            <section class="workbench knight" aria-labelledby="knight-title">
                <h2 id="knight-title">{"Knight's tour"}</h2>
                <details class="how"><summary>{"How it works"}</summary><p>{ "A knight must visit every square exactly once. Warnsdorff's rule (1823) always jumps to the square with the fewest onward moves, so the awkward squares are used up before they are stranded. When several squares tie, the tie-break decides: the first in a fixed clockwise order, a seeded random pick, Pohl's rule (look one level deeper), or Roth's rule (the square farthest from the centre)." }</p><p>{ "Greedy rules can still get stuck. Backtracking undoes the last moves and tries the next candidate; forward checking spots a dead end early (a square nobody can reach, or two squares that could only be last). Before any search a theorem says whether a tour can exist at all: Schwenk for closed tours, Cull–De Curtins and Conrad for open ones, and a colouring argument on odd boards." }</p></details>
                <Alert problems={self.problems.clone()} ondismiss={link.callback(|_| Msg::Dismiss)} />
                <form class="rules" onsubmit={Callback::from(|e: SubmitEvent| e.prevent_default())}>
                    <label>{"Board "}
                        <DraftInput name="board" value={format!("{}x{}", board.width(), board.height())}
                            onchange={link.callback(Msg::BoardSize)} describedby="board-hint" />
                    </label>
                    <span id="board-hint" class="hint">{ format!("width x height, up to {MAX_SIDE}x{MAX_SIDE} (above {MAX_DRAWN_SIDE} on a canvas)") }</span>
                    <label>{"Rule "}
                        <select name="heuristic" onchange={on_heuristic}>
                            <option value="warnsdorff" selected={heuristic == Heuristic::Warnsdorff}>{"Warnsdorff: fewest onward moves"}</option>
                            <option value="construct" selected={heuristic == Heuristic::Construct}>{"divide and conquer (any size, no search)"}</option>
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
                        <label>{"Seed "}<DraftInput kind="number" name="seed" min="0" value={self.link.seed.to_string()}
                            onchange={link.callback(Msg::Seed)} /></label>
                    }
                    <label><input type="checkbox" name="closed" checked={self.link.closed} onchange={on_closed} />{" closed tour"}</label>
                    <label><input type="checkbox" name="backtrack" checked={self.link.backtrack} onchange={on_backtrack} />{" backtracking"}</label>
                    if self.link.backtrack {
                        <label><input type="checkbox" name="prune" checked={self.link.forward_check} onchange={on_prune} />{" forward checking"}</label>
                        <label><input type="checkbox" name="fast" checked={self.link.fast_backtrack} onchange={on_fast} />{" fast backtrack to ties"}</label>
                    }
                </form>
                <p class="existence" data-exists={verdict.exists.to_string()}>{ capitalise(&verdict.reason) }{"."}</p>
                if !self.link.compare.is_empty() && drawn_as_squares(board) {
                    <div class="row">
                        <button type="button" onclick={link.callback(|_| Msg::Compare(false))} data-action="stop-compare">{"Back to one rule"}</button>
                    </div>
                    <compare::Compare {board} start={self.link.start} closed={self.link.closed}
                        rules={self.link.compare.clone()} onclick={link.callback(Msg::Square)} />
                } else {
                <p class="status" data-status={self.status_attr()} role="status" aria-live="polite">
                    { self.status_text() }
                    if running {
                        {" "}<button type="button" onclick={link.callback(|_| Msg::Cancel)} data-action="cancel">{"Cancel"}</button>
                    }
                </p>
                if drawn_as_squares(board) {
                    <BoardView {board} {path} onclick={link.callback(Msg::Square)}
                        stranded={self.stranded()} candidates={self.candidates()} {outcomes}
                        {ties} {tried} {cleared} />
                } else {
                    <CanvasBoard {board} {path} onclick={link.callback(Msg::Square)} {outcomes}
                        candidates={self.candidates()} view={self.link.canvas} onview={link.callback(Msg::CanvasView)} />
                }
                <div class="row">
                    <button type="button" onclick={link.callback(|_| Msg::AllStarts)} data-action="all-starts"
                        disabled={running}>{"Run from every square"}</button>
                    <label>{" against "}
                        <select name="versus" onchange={link.callback(|e: Event| {
                            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
                            Msg::Versus(select.value())
                        })}>
                            <option value="" selected={self.link.versus.is_none()}>{"no other rule"}</option>
                            { for ["bottom", "center", "warnsdorff/first", "warnsdorff/random", "warnsdorff/pohl", "warnsdorff/roth"].iter().map(|name| html! {
                                <option value={*name} selected={self.link.versus.is_some_and(|r| r.name() == *name)}>{ *name }</option>
                            }) }
                        </select>
                    </label>
                    if drawn_as_squares(board) {
                        <button type="button" onclick={link.callback(|_| Msg::Compare(true))} data-action="compare"
                            disabled={running}>{"Compare rules side by side"}</button>
                    }
                </div>
                { self.watch_choice(ctx) }
                if self.watch == Watch::Search {
                    { self.search_player(ctx) }
                } else {
                    { self.next_move_text() }
                    <Playback playing={self.playing} position={self.shown} length={Some(self.moves())}
                        speed={self.speed} onaction={link.callback(Msg::Playback)} onspeed={link.callback(Msg::Speed)}
                        onscrub={link.callback(Msg::Scrub)} />
                }
                { self.stats_view() }
                if let Search::Done { path, status: Status::Solved, .. } = &self.search {
                    <TourExport {board} path={path.to_vec()} />
                }
                if let (Search::Done { path, status: Status::Solved, .. }, false) = (&self.search, drawn_as_squares(board)) {
                    <huge::construction_panel::ConstructionPanel {board} path={path.clone()} />
                }
                }
            </section>
        }
    }
}

impl KnightPage {
    /// The tree is shown: watching the search, with `view=tree`, on a small board.
    fn tree_shown(&self) -> bool {
        self.link.tree && self.watching_search() && self.link.board.squares() <= MAX_TREE_SQUARES
    }

    /// Keeps the tree growing towards the step shown, a budget per frame.
    fn schedule_tree(&mut self, ctx: &Context<Self>) {
        if !self.tree_shown() {
            return;
        }
        if self.tree.is_none() {
            self.tree = self.config().and_then(KnightTree::new);
            // Drawn on the next render, which growing it asks for.
            ctx.link().send_message(Msg::GrowTree);
            return;
        }
        let behind = self
            .tree
            .as_ref()
            .is_some_and(|t| t.behind(self.remote.step()));
        if behind && self.grow.is_none() {
            let link = ctx.link().clone();
            self.grow = Some(Timeout::new(0, move || link.send_message(Msg::GrowTree)));
        }
    }

    fn config(&self) -> Option<TourConfig> {
        self.config_for(self.link.start?)
    }

    /// The page's rules from `start` (`Option` so callers can chain with `config`).
    fn config_for(&self, start: u32) -> Option<TourConfig> {
        let mut config = TourConfig::new(self.link.board, start);
        config.closed = self.link.closed;
        config.backtrack = self.link.backtrack;
        config.heuristic = self.link.heuristic;
        config.tie_break = self.link.tie_break;
        config.seed = self.link.seed;
        config.forward_check = self.link.forward_check;
        config.fast_backtrack = self.link.fast_backtrack;
        // Where a backtracking search would run long, the page finishes with divide and
        // conquer (and says so) rather than leave the user waiting.
        config.fallback = true;
        Some(config)
    }

    fn request_tour(&mut self) {
        let Some(config) = self.config() else { return };
        self.job += 1;
        self.stop(false);
        self.shown = 0;
        self.watch = Watch::Tour;
        self.frame = None;
        self.remote = RemotePlayer::new(0, self.remote.speed());
        self.tree = None;
        self.selected = None;
        self.search = Search::Running {
            progress: Stats::default(),
        };
        self.bridge
            .send(Request::new(self.job, Ask::Tour { config }));
        self.write_url();
    }

    /// A rule changed: search again from the same start, if there is one.
    fn rerun(&mut self) {
        self.pending_step = None;
        self.pending_search = None;
        if self.link.start.is_some() {
            self.request_tour();
        } else {
            self.write_url();
        }
    }

    fn reset_search(&mut self) {
        self.job += 1; // answers to older jobs are ignored
        self.stop(false);
        self.search = Search::Idle;
        self.shown = 0;
        self.watch = Watch::Tour;
        self.frame = None;
        self.remote = RemotePlayer::new(0, self.remote.speed());
        self.tree = None;
        self.selected = None;
    }

    fn on_worker(&mut self, ctx: &Context<Self>, response: Response) {
        match response {
            Response {
                job,
                body: Answer::Progress { depth, .. },
            } if job == self.job && matches!(self.search, Search::Map { .. }) => {
                if let Search::Map { done, .. } = &mut self.search {
                    *done = depth;
                }
            }
            Response {
                job,
                body: Answer::Progress { stats, .. },
            } if job == self.job => {
                self.search = Search::Running { progress: stats };
            }
            Response {
                job,
                body: Answer::AllStarts { outcomes },
            } if job == self.job => {
                let first = match &mut self.search {
                    Search::Map { first, .. } => first.take(),
                    _ => None,
                };
                match (first, self.versus_config()) {
                    // The page's rule is done: now the rule it is compared against.
                    (None, Some(config)) => {
                        self.job += 1;
                        self.search = Search::Map {
                            done: 0,
                            outcomes: None,
                            first: Some(outcomes),
                        };
                        self.bridge
                            .send(Request::new(self.job, Ask::AllStarts { config }));
                    }
                    (first, _) => {
                        self.search = Search::Map {
                            done: outcomes.len() as u32,
                            outcomes: Some(outcomes),
                            first,
                        };
                    }
                }
            }
            Response {
                job,
                body: Answer::Cancelled,
            } if job == self.job => {
                self.search = Search::Idle;
                self.problems = vec!["the run from every square was cancelled".into()];
            }
            Response {
                job,
                body: Answer::TourFrame { frame },
            } if job == self.job => {
                // The user moved on while this frame was on its way: fetch the newest.
                if let Some(step) = self.remote.arrived(frame.step) {
                    self.send_frame_request(step);
                }
                self.frame = Some(frame);
            }
            Response {
                job,
                body:
                    Answer::Tour {
                        status,
                        path,
                        stats,
                        reason,
                        chart,
                    },
            } if job == self.job => {
                let moves = path.len().saturating_sub(1);
                let searched = stats.backtracks > 0 && drawn_as_squares(self.link.board);
                self.search = Search::Done {
                    status,
                    path: Rc::new(path),
                    stats,
                    reason,
                    chart: Rc::new(chart),
                };
                self.remote = RemotePlayer::new(stats.steps, self.remote.speed());
                let wanted = self.pending_search.take();
                if let Some(step) = wanted.filter(|_| self.pending_step.is_none()) {
                    // A shared link into the search: the same board at the same step.
                    self.watch = Watch::Search;
                    self.fetch(step);
                    self.write_url();
                    return;
                }
                if searched && self.pending_step.is_none() {
                    // Watch the search itself: from the start, or at its end if the user
                    // asked for less motion.
                    self.watch = Watch::Search;
                    if crate::app::reduced_motion() {
                        self.fetch(stats.steps);
                        self.write_url();
                    } else {
                        self.fetch(0);
                        self.remote.apply(PlayerAction::Play);
                    }
                    return;
                }
                match self.pending_step.take() {
                    Some(step) => {
                        self.shown = (step as usize).min(moves);
                        self.write_url();
                    }
                    // Big boards and reduced motion: the whole tour at once.
                    None if moves > 0
                        && (crate::app::reduced_motion() || !drawn_as_squares(self.link.board)) =>
                    {
                        self.shown = moves;
                        self.write_url();
                    }
                    None if moves > 0 => {
                        self.shown = 0;
                        self.playing = true;
                        self.start_timer(ctx);
                    }
                    None => self.write_url(),
                }
            }
            Response {
                job,
                body: Answer::Error { message },
            } if job == self.job => {
                self.search = Search::Error(message);
            }
            _ => {} // an answer to a job that was replaced
        }
    }

    fn on_playback(&mut self, ctx: &Context<Self>, action: PlaybackAction) {
        if self.watching_search() {
            return; // the search player's own controls
        }
        if matches!(self.search, Search::Running { .. }) {
            // The tour is still being searched: remember where to show it when it comes.
            match action {
                PlaybackAction::End => self.pending_step = Some(u32::MAX),
                PlaybackAction::Reset => self.pending_step = Some(0),
                _ => {}
            }
            return;
        }
        let moves = self.moves();
        match action {
            PlaybackAction::Play if self.shown < moves => {
                self.playing = true;
                self.start_timer(ctx);
                return;
            }
            PlaybackAction::Play => return,
            other => {
                if let Some(shown) = other.target(self.shown, moves) {
                    self.shown = shown;
                }
            }
        }
        self.stop(true);
    }

    fn start_timer(&mut self, ctx: &Context<Self>) {
        let link = ctx.link().clone();
        let period = 1000 / self.speed.max(1);
        self.timer = Some(Interval::new(period, move || link.send_message(Msg::Tick)));
    }

    /// Stops playback; the URL then records where it stopped.
    fn stop(&mut self, record: bool) {
        self.playing = false;
        self.timer = None;
        if record {
            self.write_url();
        }
    }

    fn moves(&self) -> usize {
        match &self.search {
            Search::Done { path, .. } => path.len().saturating_sub(1),
            _ => 0,
        }
    }

    fn write_url(&self) {
        let mut link = self.link.clone();
        let done = matches!(self.search, Search::Done { .. }) && !self.playing;
        let searching = self.watch == Watch::Search;
        link.step = (done && !searching).then_some(self.shown as u32);
        link.search = (done && searching && !self.remote.playing()).then_some(self.remote.target());
        location::replace_hash(&encode_route(&Route::Knight(link)));
    }

    /// The page hook `data-status`.
    fn status_attr(&self) -> &'static str {
        match &self.search {
            Search::Idle => "idle",
            Search::Map { outcomes: None, .. } => "running",
            Search::Map { .. } => "idle",
            Search::Running { .. } => "running",
            Search::Error(_) => "error",
            Search::Done { .. } if self.playing || self.remote.playing() => "running",
            Search::Done { .. } if self.watch == Watch::Search => {
                if self.remote.step() < self.search_steps() {
                    "idle"
                } else {
                    match &self.search {
                        Search::Done { status, .. } => status.as_str(),
                        _ => "idle",
                    }
                }
            }
            Search::Done { .. } if self.shown < self.moves() => "idle",
            Search::Done { status, .. } => status.as_str(),
        }
    }

    fn status_text(&self) -> String {
        let board = self.link.board;
        let start = self.link.start.map(|s| board.name(s)).unwrap_or_default();
        match &self.search {
            Search::Idle => "Click a square to start a tour there.".into(),
            Search::Map {
                done,
                outcomes: None,
                first,
            } => format!(
                "Running {} from every square: {done} of {} starts…",
                if first.is_some() {
                    "the second rule"
                } else {
                    "the rules"
                },
                board.squares()
            ),
            Search::Map {
                outcomes: Some(second),
                first: Some(first),
                ..
            } => {
                let v = versus(first, second);
                let count = |x: Versus| v.iter().filter(|&&y| y == x).count();
                let other = self.link.versus.map(|r| r.name()).unwrap_or_default();
                format!(
                    "Against {other} on {}x{}: both find a tour from {}, only this page's rule from {}, only {other} from {}, neither from {}.",
                    board.width(),
                    board.height(),
                    count(Versus::Both),
                    count(Versus::FirstOnly),
                    count(Versus::SecondOnly),
                    count(Versus::Neither)
                )
            }
            Search::Map {
                outcomes: Some(outcomes),
                ..
            } => {
                let count = |o: Outcome| outcomes.iter().filter(|&&x| x == o).count();
                let mut text = format!(
                    "{} of {} starts on {}x{} give a tour",
                    count(Outcome::Solved),
                    outcomes.len(),
                    board.width(),
                    board.height()
                );
                for (o, what) in [
                    (Outcome::Failed, "the knight gets stuck from"),
                    (Outcome::Impossible, "no tour exists from"),
                    (Outcome::GaveUp, "backtracking ran out of steps from"),
                ] {
                    if count(o) > 0 {
                        text.push_str(&format!("; {what} {}", count(o)));
                    }
                }
                text + ". Click a square to watch its tour."
            }
            Search::Running { progress } => format!(
                "Searching from {start}… {} steps, {} backtracks",
                progress.steps, progress.backtracks
            ),
            Search::Error(message) => format!("Could not search: {message}"),
            Search::Done {
                status,
                path,
                reason,
                ..
            } => {
                let squares = board.squares() as usize;
                let outcome = match status {
                    Status::Solved if self.link.closed => {
                        format!("Closed tour from {start}: all {squares} squares, ending a knight's move from the start.{}", self.how_built(reason))
                    }
                    Status::Solved => format!("Tour from {start}: all {squares} squares visited.{}", self.how_built(reason)),
                    Status::Failed => format!(
                        "Stuck at {} after {} moves: {} squares never visited. Try backtracking or another tie-break.",
                        board.name(*path.last().unwrap_or(&0)),
                        path.len() - 1,
                        squares - path.len()
                    ),
                    Status::Exhausted => match &reason {
                        Some(why) => format!("No tour: {why}."),
                        None => format!("No tour from {start}: backtracking tried every path."),
                    },
                    Status::Cancelled => "Search cancelled.".into(),
                    Status::Running => String::new(),
                };
                let steps = self.search_steps();
                if self.watch == Watch::Search && self.remote.step() < steps {
                    let verb = if self.remote.playing() {
                        "Watching"
                    } else {
                        "Paused at"
                    };
                    format!(
                        "{verb} step {} of the search's {steps}. {outcome}",
                        self.remote.step()
                    )
                } else if self.watch == Watch::Tour && self.shown < self.moves() {
                    let verb = if self.playing { "Playing" } else { "Paused at" };
                    format!("{verb} move {} of {}. {outcome}", self.shown, self.moves())
                } else {
                    outcome
                }
            }
        }
    }

    /// For the construction: built by divide and conquer, or why it searched instead.
    fn how_built(&self, note: &Option<String>) -> String {
        match (self.link.heuristic, note) {
            (Heuristic::Construct, None) => {
                " Built by divide and conquer: small blocks joined into one tour.".into()
            }
            (Heuristic::Construct, Some(why)) => format!(" Not built by blocks: {why}."),
            // The search gave way (it would have run long): the note names the method.
            (_, Some(why)) => format!(" {}.", capitalise(why)),
            _ => String::new(),
        }
    }

    /// After a failed run has played to its end: the squares never reached.
    fn stranded(&self) -> bool {
        matches!(
            &self.search,
            Search::Done {
                status: Status::Failed,
                ..
            }
        ) && self.shown >= self.moves()
    }

    /// The path shown so far, when paused inside a finished search.
    fn paused_path(&self) -> Option<(&[u32], u32)> {
        if self.watch == Watch::Search {
            return None;
        }
        match &self.search {
            Search::Done { path, .. } if !self.playing && self.shown < self.moves() => {
                Some((&path[..=self.shown], path[self.shown + 1]))
            }
            _ => None,
        }
    }

    /// Each square the knight could jump to next, ranked by the solver.
    fn candidates(&self) -> Vec<Candidate> {
        if let Some(frame) = self.frame.as_ref().filter(|_| self.watch == Watch::Search) {
            if self.remote.playing() || frame.path.len() == self.link.board.squares() as usize {
                return Vec::new();
            }
            // The candidates left: squares already tried from here are marked instead.
            let mut list = candidates(self.link.board, &frame.path, None);
            list.retain(|c| !frame.tried.contains(&c.square));
            return list;
        }
        let Some((shown, chosen)) = self.paused_path() else {
            return Vec::new();
        };
        candidates(self.link.board, shown, Some(chosen))
    }

    /// The rule the all-starts map is compared against, as a configuration: the page's
    /// settings with that rule's heuristic and tie-break.
    fn versus_config(&self) -> Option<TourConfig> {
        let rule = self.link.versus?;
        let mut config = self.config_for(0)?;
        config.heuristic = rule.heuristic;
        config.tie_break = rule.tie_break;
        Some(config)
    }

    /// Steps of the finished search.
    fn search_steps(&self) -> u64 {
        match &self.search {
            Search::Done { stats, .. } => stats.steps,
            _ => 0,
        }
    }

    /// Watching the search's steps (rather than replaying the tour).
    fn watching_search(&self) -> bool {
        self.watch == Watch::Search && matches!(self.search, Search::Done { .. })
    }

    /// Shows `step` of the search (asked of the worker; one request at a time, the newest
    /// wins).
    fn fetch(&mut self, step: u64) {
        if let Some(step) = self.remote.fetch(step) {
            self.send_frame_request(step);
        }
    }

    fn send_frame_request(&self, step: u64) {
        self.bridge
            .send(Request::new(self.job, Ask::TourFrame { step }));
    }

    /// Choose between watching the search and replaying the tour it found.
    fn watch_choice(&self, ctx: &Context<Self>) -> Html {
        let Search::Done { stats, path, .. } = &self.search else {
            return html! {};
        };
        if stats.backtracks == 0 || !drawn_as_squares(self.link.board) {
            return html! {};
        }
        let pressed = |w: Watch| (self.watch == w).to_string();
        html! {
            <div class="watch" role="group" aria-label="Watch">
                <button type="button" aria-pressed={pressed(Watch::Search)} data-action="watch-search"
                    onclick={ctx.link().callback(|_| Msg::Watch(Watch::Search))}>
                    { format!("Watch the search ({} steps, {} backtracks)", stats.steps, stats.backtracks) }</button>
                <button type="button" aria-pressed={pressed(Watch::Tour)} data-action="watch-tour"
                    onclick={ctx.link().callback(|_| Msg::Watch(Watch::Tour))}>
                    { format!("Replay the result ({} moves)", path.len().saturating_sub(1)) }</button>
            </div>
        }
    }

    /// The search player: the shared controls over the worker's timeline, what the step
    /// did, and the depth chart.
    fn search_player(&self, ctx: &Context<Self>) -> Html {
        let Search::Done { chart, .. } = &self.search else {
            return html! {};
        };
        let board = self.link.board;
        let event = self.frame.as_ref().map_or("start", |f| f.kind.as_str());
        let view = self.remote.view(event, chart.to_vec(), board.squares());
        let link = ctx.link();
        let small = board.squares() <= MAX_TREE_SQUARES;
        html! {
            <>
            <div class="watch" role="group" aria-label="Show">
                <button type="button" data-action="view-board" aria-pressed={(!self.link.tree).to_string()}
                    onclick={link.callback(|_| Msg::Tree(false))}>{"Board"}</button>
                <button type="button" data-action="view-tree" aria-pressed={self.link.tree.to_string()}
                    disabled={!small} onclick={link.callback(|_| Msg::Tree(true))}>{"Board and search tree"}</button>
            </div>
            <SearchPlayer name="knight" {view} onaction={link.callback(Msg::Search)}
                caption={search_view::caption(board, self.frame.as_ref())}>
                if self.link.tree && !small {
                    <p class="hint tree-limit">{ format!("The search tree is drawn for boards of up to {MAX_TREE_SQUARES} squares: {}x{} has {}.", board.width(), board.height(), board.squares()) }</p>
                }
                { self.selection_note(ctx) }
                if let Some(tree) = self.tree.as_ref().filter(|_| self.tree_shown()) {
                    { tree_panel(tree, board, self.remote.step(), self.selected, link.callback(|id| Msg::Select(Some(id)))) }
                }
            </SearchPlayer>
            </>
        }
    }

    /// The walk of the tree node clicked, and the way back to the search.
    fn selection_note(&self, ctx: &Context<Self>) -> Html {
        let (Some(id), Some(tree)) = (self.selected, self.tree.as_ref()) else {
            return html! {};
        };
        if !self.tree_shown() {
            return html! {};
        }
        let board = self.link.board;
        let walk = tree.walk(id);
        let names = walk
            .iter()
            .map(|&s| board.name(s))
            .collect::<Vec<_>>()
            .join(" ");
        let entered = tree.tree().entered(id).unwrap_or(0);
        let link = ctx.link();
        html! {
            <p class="selection" data-selected={id.to_string()} data-selected-walk={names.clone()}>
                { format!("Node {id}: {names} ({} jumps, entered at step {entered}). ", walk.len() - 1) }
                <button type="button" data-action="goto-node"
                    onclick={link.callback(move |_| Msg::Search(PlayerAction::Seek(entered)))}>{ format!("Go to step {entered}") }</button>
                {" "}
                <button type="button" data-action="unselect" onclick={link.callback(|_| Msg::Select(None))}>{"Back to the search"}</button>
            </p>
        }
    }

    fn next_move_text(&self) -> Html {
        let Some((_, chosen)) = self.paused_path() else {
            return html! {};
        };
        let board = self.link.board;
        let Some(why) = why_chosen(
            board,
            self.link.heuristic,
            self.link.tie_break,
            &self.candidates(),
        ) else {
            return html! {};
        };
        html! {
            <p class="next-move" data-next={board.name(chosen)}>
                { format!("Next: {} — {why}.", board.name(chosen)) }
            </p>
        }
    }

    fn stats_view(&self) -> Html {
        let Search::Done { stats, .. } = &self.search else {
            return html! {};
        };
        html! {
            <dl class="stats">
                <dt>{"steps"}</dt><dd data-stat="steps">{ stats.steps }</dd>
                <dt>{"nodes"}</dt><dd data-stat="nodes">{ stats.nodes }</dd>
                <dt>{"backtracks"}</dt><dd data-stat="backtracks">{ stats.backtracks }</dd>
            </dl>
        }
    }
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Parses a size typed into the page (up to the solver's limit; big ones go on a canvas).
fn parse_drawn_board(text: &str) -> Result<Board, String> {
    Board::parse(text).map_err(|e| e.to_string())
}

/// Boards drawn square by square; bigger ones are drawn on a canvas.
fn drawn_as_squares(board: Board) -> bool {
    board.width() <= MAX_DRAWN_SIDE && board.height() <= MAX_DRAWN_SIDE
}

fn spawn_worker(ctx: &Context<KnightPage>) -> crate::app::widgets::worker_bridge::Supervised {
    let link = ctx.link().clone();
    crate::app::widgets::worker_bridge::spawn(move |response| {
        link.send_message(Msg::Worker(response))
    })
}
