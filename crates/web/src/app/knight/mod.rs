//! The knight's-tour workbench: pick a board and rules, click a start square, and watch the
//! tour the worker found play back move by move.

pub mod board_view;
pub mod canvas_board;
pub mod compare;
pub mod huge;
pub mod requests;
pub mod search_tree_view;
pub mod search_view;
pub mod state;
pub mod tour_export;

use gloo_timers::callback::Timeout;
use yew::prelude::*;

use crate::app::contract::Out;
use crate::app::knight::board_view::BoardView;
use crate::app::knight::canvas_board::CanvasBoard;
use crate::app::knight::search_tree_view::{tree_panel, KnightTree};
use crate::app::knight::tour_export::TourExport;
use crate::app::shell::alert::Alert;
use crate::app::shell::location;
use crate::app::widgets::clock::Clock;
use crate::app::widgets::draft_input::DraftInput;
use crate::app::widgets::keyboard::{KeyAction, KeyListener};
use crate::app::widgets::search_player::SearchPlayer;
use crate::app::widgets::workbench::{how_it_works, Group, Slots, Workbench};
use crate::app::widgets::{playback::Playback, timeline::PlaybackAction};
use puzzlelab_links::CanvasView;
use puzzlelab_links::{encode_route, KnightLink, Route};
use puzzlelab_solver::board::MAX_SIDE;
use puzzlelab_solver::knight::candidates::why_chosen;
use puzzlelab_solver::knight::existence::{closed_tour, open_tour};
use puzzlelab_solver::knight::tree_search::MAX_TREE_SQUARES;
use puzzlelab_solver::knight::{Heuristic, TieBreak};
use puzzlelab_solver::watch::PlayerAction;
use puzzlelab_solver::Status;
use puzzlelab_worker::Response;
use state::{capitalise, KnightState, RuleChange, Search, Setting};

pub use state::{drawn_as_squares, Watch, MAX_DRAWN_SIDE};

#[derive(Properties, PartialEq)]
pub struct KnightProps {
    pub link: KnightLink,
    #[prop_or_default]
    pub problems: Vec<String>,
}

pub enum Msg {
    Square(u32),
    Worker(Response),
    Tick,
    Playback(PlaybackAction),
    Speed(u32),
    /// A change in the side panel (board, rules, search options, the rule compared, the
    /// tree): `state::Setting`.
    Setting(Setting),
    AllStarts,
    Cancel,
    Dismiss,
    Scrub(usize),
    Key(KeyAction),
    Watch(Watch),
    /// The search player's controls, keys and clock.
    Search(PlayerAction),
    /// A tree node clicked: its walk on the board; `None` goes back to the search.
    Select(Option<u32>),
    /// Another budget of steps for the tree, towards the step shown.
    GrowTree,
    /// The big board's view changed (zoom, centre, blocks overlay): into the link.
    CanvasView(CanvasView),
    /// Start comparing rules (the classic four), or stop.
    Compare(bool),
}

pub struct KnightPage {
    /// Everything the page shows, as plain Rust (`state.rs`).
    state: KnightState,
    bridge: crate::app::widgets::worker_bridge::Supervised,
    /// The beat of the tour's replay.
    clock: Clock,
    _keys: Option<KeyListener>,
    /// The search re-run on this thread for its tree (boards up to 36 squares, `view=tree`).
    tree: Option<KnightTree>,
    grow: Option<Timeout>,
}

impl Component for KnightPage {
    type Message = Msg;
    type Properties = KnightProps;

    fn create(ctx: &Context<Self>) -> Self {
        let props = ctx.props();
        let mut page = KnightPage {
            state: KnightState::new(props.link.clone(), props.problems.clone()),
            bridge: spawn_worker(ctx),
            clock: Clock::default(),
            _keys: {
                let link = ctx.link().clone();
                KeyListener::new(move |k| link.send_message(Msg::Key(k)))
            },
            tree: None,
            grow: None,
        };
        if !page.state.link.compare.is_empty() {
            page.write_url();
        } else if page.state.link.start.is_some() {
            page.request_tour(ctx);
        } else if !page.state.problems.is_empty() {
            page.write_url(); // the link now says what is shown, not what was mistyped
        }
        page
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Square(sq) if !self.state.link.compare.is_empty() => {
                self.state.link.start = Some(sq);
                self.write_url();
            }
            Msg::Square(sq) => {
                self.state.link.start = Some(sq);
                self.state.pending_step = None;
                self.state.pending_search = None;
                self.request_tour(ctx);
            }
            Msg::Setting(setting) => {
                let out = self.state.setting(setting);
                return self.apply(ctx, out);
            }
            Msg::Worker(response) => {
                let out = self.state.answer(response, crate::app::reduced_motion());
                return self.apply(ctx, out);
            }
            // The search player keeps its own clock.
            Msg::Tick if self.state.watch == Watch::Search => return false,
            Msg::Tick => {
                if self.state.tour.tick() {
                    self.write_url();
                }
                self.follow_clock(ctx);
            }
            Msg::Watch(watch) => {
                let out = self.state.choose_watch(watch);
                return self.apply(ctx, out);
            }
            Msg::Compare(on) => {
                self.state.link.compare = if on {
                    puzzlelab_solver::knight::Rule::classic()
                } else {
                    Vec::new()
                };
                if on {
                    self.state.reset_search();
                    self.tree = None;
                } else if self.state.link.start.is_some() {
                    self.request_tour(ctx);
                }
                self.follow_clock(ctx);
                self.write_url();
            }
            Msg::Search(action) => {
                let out = self.state.search_action(action);
                return self.apply(ctx, out);
            }
            Msg::Playback(action) => self.on_playback(ctx, action),
            Msg::Speed(speed) => {
                self.state.tour.set_speed(speed);
                self.follow_clock(ctx);
            }
            Msg::AllStarts => {
                let Some(request) = self.state.all_starts_request() else {
                    return false;
                };
                self.tree = None;
                return self.apply(ctx, Out::link().send([request]));
            }
            Msg::Cancel => {
                if let Some(request) = self.state.cancel_request() {
                    self.bridge.send(request);
                }
            }
            Msg::Select(id) => self.state.selected = id,
            Msg::GrowTree => {
                self.grow = None;
                let step = self.state.remote.step();
                match &mut self.tree {
                    Some(tree) => {
                        tree.grow_towards(step);
                    }
                    None => return false,
                }
            }
            Msg::Dismiss => self.state.problems.clear(),
            Msg::Scrub(k) => {
                self.state.tour.scrub(k);
                self.follow_clock(ctx);
                self.write_url();
            }
            // The search player listens to the keys itself.
            Msg::Key(_) if self.state.watching_search() => return false,
            Msg::Key(key) => self.on_playback(ctx, key.resolve(self.state.tour.playing())),
            Msg::CanvasView(view) => {
                self.state.link.canvas = view;
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
        let state = &self.state;
        let board = state.link.board;
        let frame = state
            .frame
            .as_ref()
            .filter(|_| state.watch == Watch::Search);
        let walk = state
            .selected
            .zip(self.tree.as_ref())
            .filter(|_| self.tree_shown())
            .map(|(id, tree)| tree.walk(id));
        let (ties, tried, cleared) = match frame {
            Some(f) if walk.is_none() => (f.ties.clone(), f.tried.clone(), f.cleared.clone()),
            _ => Default::default(),
        };
        let path = walk.unwrap_or_else(|| state.path_shown());
        let running = state.running();
        let outcomes = state.outcomes();
        let setting = |f: fn(String) -> Setting| {
            link.callback(move |e: Event| {
                let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
                Msg::Setting(f(select.value()))
            })
        };
        let check = |f: fn(bool) -> Setting| {
            link.callback(move |e: Event| {
                let input: web_sys::HtmlInputElement = e.target_unchecked_into();
                Msg::Setting(f(input.checked()))
            })
        };
        let on_tie = setting(|text| Setting::Rule(RuleChange::Tie(text)));
        let on_heuristic = setting(|text| Setting::Rule(RuleChange::Heuristic(text)));
        let on_closed = check(Setting::Closed);
        let on_backtrack = check(|on| Setting::Rule(RuleChange::Backtrack(on)));
        let on_forward_check = check(|on| Setting::Rule(RuleChange::ForwardCheck(on)));
        let on_fast_backtrack = check(|on| Setting::Rule(RuleChange::FastBacktrack(on)));
        let rule = state.link.rule;
        let (tie, heuristic) = (rule.tie_break, rule.heuristic);
        let verdict = if self.state.link.closed {
            closed_tour(board)
        } else {
            open_tour(board)
        };
        let head = html! {
            <>
                <Alert problems={self.state.problems.clone()} ondismiss={link.callback(|_| Msg::Dismiss)} />
                <p class="status" data-status={self.state.status_attr()} role="status" aria-live="polite">
                    { self.state.status_text() }
                    if running {
                        {" "}<button type="button" onclick={link.callback(|_| Msg::Cancel)} data-action="cancel">{"Cancel"}</button>
                    }
                </p>
            </>
        };
        let comparing = !self.state.link.compare.is_empty() && drawn_as_squares(board);
        let settings = html! {
            <>
            <form class="rules" onsubmit={Callback::from(|e: SubmitEvent| e.prevent_default())}>
                <Group legend="Board" more={format!("Width x height, up to {MAX_SIDE}x{MAX_SIDE}; boards wider or taller than {MAX_DRAWN_SIDE} are drawn on a canvas.")}>
                    <label>{"Size "}
                        <DraftInput name="board" value={format!("{}x{}", board.width(), board.height())}
                            onchange={link.callback(|text| Msg::Setting(Setting::BoardSize(text)))} describedby="board-hint" />
                    </label>
                    <span id="board-hint" class="hint">{ format!("width x height, up to {MAX_SIDE}x{MAX_SIDE}") }</span>
                    <label><input type="checkbox" name="closed" checked={self.state.link.closed} onchange={on_closed} />{" closed tour"}</label>
                    <p class="existence" data-exists={verdict.exists.to_string()}>{ capitalise(&verdict.reason) }{"."}</p>
                </Group>
                <Group legend="Rule" more="Warnsdorff's rule (1823) jumps to the square with the fewest onward moves. When squares tie: the first in clockwise order, a seeded random pick, Pohl's rule (one level deeper) or Roth's rule (farthest from the centre).">
                    <label>{"Rule "}
                        <select name="heuristic" onchange={on_heuristic}>
                            <option value="warnsdorff" selected={heuristic == Heuristic::Warnsdorff}>{"Warnsdorff: fewest onward moves"}</option>
                            <option value="construct" selected={heuristic == Heuristic::Construct}>{"divide and conquer (no search)"}</option>
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
                        <label>{"Seed "}<DraftInput kind="number" name="seed" min="0" value={rule.seed.to_string()}
                            onchange={link.callback(|text| Msg::Setting(Setting::Rule(RuleChange::Seed(text))))} /></label>
                    }
                </Group>
                <Group legend="Search" more="Backtracking undoes the last moves when the knight is stuck and tries the next candidate. Forward checking spots a dead end early (a square nobody can reach, or two squares that could only be last); fast backtracking jumps straight back to the last tie.">
                    <label><input type="checkbox" name="backtrack" checked={rule.backtrack} onchange={on_backtrack} />{" backtracking"}</label>
                    if rule.backtrack {
                        <label><input type="checkbox" name="prune" checked={rule.forward_check} onchange={on_forward_check} />{" forward checking"}</label>
                        <label><input type="checkbox" name="fast" checked={rule.fast_backtrack} onchange={on_fast_backtrack} />{" fast backtrack to ties"}</label>
                    }
                </Group>
            </form>
            <Group legend="Every start" more="Runs the rules from every square and colours each start by its outcome; against another rule, by which of the two finds a tour.">
                <button type="button" onclick={link.callback(|_| Msg::AllStarts)} data-action="all-starts"
                    disabled={running}>{"Run from every square"}</button>
                <label>{"against "}
                    <select name="versus" onchange={link.callback(|e: Event| {
                        let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
                        Msg::Setting(Setting::Versus(select.value()))
                    })}>
                        <option value="" selected={self.state.link.versus.is_none()}>{"no other rule"}</option>
                        { for ["bottom", "center", "warnsdorff/first", "warnsdorff/random", "warnsdorff/pohl", "warnsdorff/roth"].iter().map(|name| html! {
                            <option value={*name} selected={self.state.link.versus.is_some_and(|r| r.name() == *name)}>{ *name }</option>
                        }) }
                    </select>
                </label>
                if comparing {
                    <button type="button" onclick={link.callback(|_| Msg::Compare(false))} data-action="stop-compare">{"Back to one rule"}</button>
                } else if drawn_as_squares(board) {
                    <button type="button" onclick={link.callback(|_| Msg::Compare(true))} data-action="compare"
                        disabled={running}>{"Compare rules side by side"}</button>
                }
            </Group>
            { self.watch_choice(ctx) }
            </>
        };
        let how = how_it_works(html! {
            <>
                <p>{ "A knight must visit every square exactly once. Warnsdorff's rule (1823) always jumps to the square with the fewest onward moves, so the awkward squares are used up before they are stranded. When several squares tie, the tie-break decides: the first in a fixed clockwise order, a seeded random pick, Pohl's rule (look one level deeper), or Roth's rule (the square farthest from the centre)." }</p>
                <p>{ "Greedy rules can still get stuck. Backtracking undoes the last moves and tries the next candidate; forward checking spots a dead end early (a square nobody can reach, or two squares that could only be last). Before any search a theorem says whether a tour can exist at all: Schwenk for closed tours, Cull–De Curtins and Conrad for open ones, and a colouring argument on odd boards." }</p>
            </>
        });
        let stage = if drawn_as_squares(board) {
            html! {
                <BoardView {board} {path} onclick={link.callback(Msg::Square)}
                    stranded={self.state.stranded()} candidates={self.state.candidates()} {outcomes}
                    {ties} {tried} {cleared} />
            }
        } else {
            html! {
                <CanvasBoard {board} {path} onclick={link.callback(Msg::Square)} {outcomes}
                    candidates={self.state.candidates()} view={self.state.link.canvas} onview={link.callback(Msg::CanvasView)} />
            }
        };
        let extras = html! {
            <>
                { self.stats_view() }
                if let Search::Done { path, status: Status::Solved, .. } = &self.state.search {
                    <TourExport {board} path={path.to_vec()} />
                }
                if let (Search::Done { path, status: Status::Solved, .. }, false) = (&self.state.search, drawn_as_squares(board)) {
                    <huge::construction_panel::ConstructionPanel {board} path={path.clone()} />
                }
            </>
        };
        let main = if comparing {
            html! {
                <compare::Compare {board} start={self.state.link.start} closed={self.state.link.closed}
                    rules={self.state.link.compare.clone()} onclick={link.callback(Msg::Square)} dock={how} />
            }
        } else if self.state.watch == Watch::Search
            && matches!(self.state.search, Search::Done { .. })
        {
            self.search_player(ctx, stage, html! { <>{ extras }{ how }</> })
        } else {
            html! {
                <Slots {stage}
                    player={html! {
                        <>
                            { self.next_move_text() }
                            <Playback playing={state.tour.playing()} position={state.tour.position()} length={Some(state.moves())}
                                speed={state.tour.speed()} onaction={link.callback(Msg::Playback)} onspeed={link.callback(Msg::Speed)}
                                onscrub={link.callback(Msg::Scrub)} />
                        </>
                    }}
                    dock={html! { <>{ extras }{ how }</> }} />
            }
        };
        html! {
            <Workbench name="knight" title="Knight's tour" {head} {settings}
                first={self.state.link.start.is_none().then_some(AttrValue::Static("Start here: click any square of the board."))}>
                { main }
            </Workbench>
        }
    }
}

impl KnightPage {
    /// The tree is shown: watching the search, with `view=tree`, on a small board.
    fn tree_shown(&self) -> bool {
        self.state.link.tree
            && self.state.watching_search()
            && self.state.link.board.squares() <= MAX_TREE_SQUARES
    }

    /// Keeps the tree growing towards the step shown, a budget per frame.
    fn schedule_tree(&mut self, ctx: &Context<Self>) {
        if !self.tree_shown() {
            return;
        }
        if self.tree.is_none() {
            self.tree = self.state.config().and_then(KnightTree::new);
            // Drawn on the next render, which growing it asks for.
            ctx.link().send_message(Msg::GrowTree);
            return;
        }
        let behind = self
            .tree
            .as_ref()
            .is_some_and(|t| t.behind(self.state.remote.step()));
        if behind && self.grow.is_none() {
            let link = ctx.link().clone();
            self.grow = Some(Timeout::new(0, move || link.send_message(Msg::GrowTree)));
        }
    }

    /// Searches from the start square in the worker (the tour plays when it comes).
    fn request_tour(&mut self, ctx: &Context<Self>) {
        let out = self.state.search();
        self.apply(ctx, out);
    }

    /// Does what the state asks: drops the old search's tree and clock for a new one,
    /// forwards its requests to the worker, keeps the tour's clock on its timeline,
    /// writes the link; says whether to draw.
    fn apply(&mut self, ctx: &Context<Self>, out: Out) -> bool {
        let draws = out.draws();
        if out.fresh {
            self.tree = None;
            self.clock = Clock::default();
        }
        for request in out.send {
            self.bridge.send(request);
        }
        self.follow_clock(ctx);
        if out.write_link {
            self.write_url();
        }
        draws
    }

    /// The tour's beat follows its timeline (started, restarted at a new speed, stopped).
    fn follow_clock(&mut self, ctx: &Context<Self>) {
        let link = ctx.link().clone();
        self.clock
            .follow(&self.state.tour, move || link.send_message(Msg::Tick));
    }

    fn on_playback(&mut self, ctx: &Context<Self>, action: PlaybackAction) {
        if self.state.watching_search() {
            return; // the search player's own controls
        }
        if matches!(self.state.search, Search::Running { .. }) {
            // The tour is still being searched: remember where to show it when it comes.
            match action {
                PlaybackAction::End => self.state.pending_step = Some(u32::MAX),
                PlaybackAction::Reset => self.state.pending_step = Some(0),
                _ => {}
            }
            return;
        }
        if self.state.tour.apply(action) {
            self.write_url();
        }
        self.follow_clock(ctx);
    }

    fn write_url(&self) {
        location::replace_hash(&encode_route(&Route::Knight(self.state.link_out())));
    }

    /// Choose between watching the search and replaying the tour it found, and whether the
    /// search tree is drawn beside the board.
    fn watch_choice(&self, ctx: &Context<Self>) -> Html {
        let Search::Done { stats, path, .. } = &self.state.search else {
            return html! {};
        };
        if stats.backtracks == 0 || !drawn_as_squares(self.state.link.board) {
            return html! {};
        }
        let pressed = |w: Watch| (self.state.watch == w).to_string();
        let link = ctx.link();
        let small = self.state.link.board.squares() <= MAX_TREE_SQUARES;
        html! {
            <Group legend="Watch">
                <div class="watch" role="group" aria-label="Watch">
                    <button type="button" aria-pressed={pressed(Watch::Search)} data-action="watch-search"
                        onclick={link.callback(|_| Msg::Watch(Watch::Search))}>
                        { format!("The search ({} steps, {} backtracks)", stats.steps, stats.backtracks) }</button>
                    <button type="button" aria-pressed={pressed(Watch::Tour)} data-action="watch-tour"
                        onclick={link.callback(|_| Msg::Watch(Watch::Tour))}>
                        { format!("The result ({} moves)", path.len().saturating_sub(1)) }</button>
                </div>
                if self.state.watch == Watch::Search {
                    <div class="watch" role="group" aria-label="Show">
                        <button type="button" data-action="view-board" aria-pressed={(!self.state.link.tree).to_string()}
                            onclick={link.callback(|_| Msg::Setting(Setting::Tree(false)))}>{"Board"}</button>
                        <button type="button" data-action="view-tree" aria-pressed={self.state.link.tree.to_string()}
                            disabled={!small} onclick={link.callback(|_| Msg::Setting(Setting::Tree(true)))}>{"Board and search tree"}</button>
                    </div>
                }
            </Group>
        }
    }

    /// The search player: the shared controls over the worker's timeline under the board,
    /// the depth chart and the tree (`view=tree`) in the dock beside it.
    fn search_player(&self, ctx: &Context<Self>, stage: Html, extras: Html) -> Html {
        let Search::Done { chart, .. } = &self.state.search else {
            return html! {};
        };
        let board = self.state.link.board;
        let event = self
            .state
            .frame
            .as_ref()
            .map_or("start", |f| f.kind.as_str());
        let view = self
            .state
            .remote
            .view(event, chart.to_vec(), board.squares());
        let link = ctx.link();
        let small = board.squares() <= MAX_TREE_SQUARES;
        html! {
            <SearchPlayer name="knight" {view} onaction={link.callback(Msg::Search)} slotted=true stage={stage}
                caption={search_view::caption(board, self.state.frame.as_ref())}>
                if self.state.link.tree && !small {
                    <p class="hint tree-limit">{ format!("The search tree is drawn for boards of up to {MAX_TREE_SQUARES} squares: {}x{} has {}.", board.width(), board.height(), board.squares()) }</p>
                }
                { self.selection_note(ctx) }
                if let Some(tree) = self.tree.as_ref().filter(|_| self.tree_shown()) {
                    { tree_panel(tree, board, self.state.remote.step(), self.state.selected, link.callback(|id| Msg::Select(Some(id)))) }
                }
                { extras }
            </SearchPlayer>
        }
    }

    /// The walk of the tree node clicked, and the way back to the search.
    fn selection_note(&self, ctx: &Context<Self>) -> Html {
        let (Some(id), Some(tree)) = (self.state.selected, self.tree.as_ref()) else {
            return html! {};
        };
        if !self.tree_shown() {
            return html! {};
        }
        let board = self.state.link.board;
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
        let Some((_, chosen)) = self.state.paused_path() else {
            return html! {};
        };
        let board = self.state.link.board;
        let Some(why) = why_chosen(
            board,
            self.state.link.rule.heuristic,
            self.state.link.rule.tie_break,
            &self.state.candidates(),
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
        let Search::Done { stats, .. } = &self.state.search else {
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

fn spawn_worker(ctx: &Context<KnightPage>) -> crate::app::widgets::worker_bridge::Supervised {
    let link = ctx.link().clone();
    crate::app::widgets::worker_bridge::spawn(move |response| {
        link.send_message(Msg::Worker(response))
    })
}
