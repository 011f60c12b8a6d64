//! The N-queens workbench: place queens by hand, watch backtracking place them with its
//! counters, browse every solution with its symmetry class, and count them all.

pub mod board;
pub mod count;

use yew::prelude::*;

use crate::app::queens::board::QueensBoard;
use crate::app::queens::count::QueensCount;
use crate::app::shell::alert::Alert;
use crate::app::shell::location;
use crate::app::widgets::bar_chart::group;
use crate::app::widgets::draft_input::DraftInput;
use crate::app::widgets::search_player::SearchPlayer;
use crate::app::widgets::search_tree::{cut_formula, SearchTree as TreeView};
use crate::share::{encode_route, CountRun, QueensLink, QueensMode, QueensView, Route};
use crate::solver::queens::search::{boards, permutations, queens_tree, MAX_TREE_N};
use crate::solver::queens::symmetry::{classify, NAMES};
use crate::solver::queens::{placement_names, square_name, QueensSearch, MAX_N};
use crate::solver::tree::{CellKind, SearchTree};
use crate::solver::watch::{Level, Player, PlayerAction};
use crate::solver::{Status, StepMachine};

const DEFAULT_SPEED: u32 = 20;
/// Tree cells narrower than this share of the width are folded into their parent (keeps
/// the drawing to a few thousand elements for N = 10).
const MIN_CELL: f64 = 1.0 / 1500.0;

#[derive(Properties, PartialEq)]
pub struct QueensProps {
    pub link: QueensLink,
    #[prop_or_default]
    pub problems: Vec<String>,
}

pub enum Msg {
    N(String),
    Mode(QueensMode),
    View(QueensView),
    Square((u32, u32)),
    ClearHand,
    Player(PlayerAction),
    /// A tree node clicked: show its partial board.
    Select(u32),
    Unselect,
    Dismiss,
}

type QueensPlayer = Player<QueensSearch, SearchTree>;

pub struct QueensPage {
    n: u32,
    mode: QueensMode,
    view: QueensView,
    hand: Vec<(u32, u32)>,
    player: QueensPlayer,
    /// The tree node whose partial board is shown instead of the search's.
    selected: Option<u32>,
    problems: Vec<String>,
    /// Workers for counts, kept in the link (the one-off `count=1` is not written back).
    run: CountRun,
    /// Speed from the link (written back only once chosen).
    speed_in_link: bool,
}

fn fresh(n: u32, speed: u32) -> QueensPlayer {
    let search = QueensSearch::new(n, false)
        .unwrap_or_else(|_| QueensSearch::new(8, false).expect("8 is valid"));
    // The tree is recorded for the boards it is drawn for; bigger ones stop at once.
    let tree = if search.n() <= MAX_TREE_N {
        queens_tree(search.n())
    } else {
        queens_tree(search.n()).with_max_nodes(1)
    };
    Player::new(search, tree, speed, Level::Every)
}

impl Component for QueensPage {
    type Message = Msg;
    type Properties = QueensProps;

    fn create(ctx: &Context<Self>) -> Self {
        let link = &ctx.props().link;
        let mut page = QueensPage {
            n: link.n,
            mode: link.mode,
            view: link.view,
            hand: link.queens.clone(),
            player: fresh(link.n, link.speed.unwrap_or(DEFAULT_SPEED)),
            selected: None,
            run: CountRun {
                autostart: false,
                ..link.run
            },
            speed_in_link: link.speed.is_some(),
            problems: ctx.props().problems.clone(),
        };
        if link.step > 0 {
            // A budget of work per frame: a huge `step=` on a large N shows the search
            // running there (and can be paused) instead of freezing the page.
            page.player.go_to(link.step);
        }
        if !page.problems.is_empty() {
            page.write_url();
        }
        page
    }

    fn update(&mut self, _ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::N(text) => match text.trim().parse::<u32>() {
                Ok(n) if (1..=MAX_N).contains(&n) => {
                    if n != self.n {
                        self.n = n;
                        self.hand.clear();
                        self.player = fresh(n, self.player.speed());
                        self.selected = None;
                        self.write_url();
                    }
                }
                _ => self.problems = vec![format!("N must be 1 to {MAX_N}, not '{text}'")],
            },
            Msg::Mode(mode) => {
                self.mode = mode;
                self.player.apply(PlayerAction::Pause);
                self.write_url();
            }
            Msg::View(view) => {
                self.view = view;
                self.selected = None;
                self.write_url();
            }
            Msg::Square(sq) => {
                if self.mode != QueensMode::Hand {
                    self.mode = QueensMode::Hand;
                    self.player.apply(PlayerAction::Pause);
                }
                if let Some(i) = self.hand.iter().position(|&q| q == sq) {
                    self.hand.remove(i);
                } else {
                    self.hand.push(sq);
                }
                self.write_url();
            }
            Msg::ClearHand => {
                self.hand.clear();
                self.write_url();
            }
            Msg::Player(action) => {
                if self.mode != QueensMode::Search {
                    return false;
                }
                if action != PlayerAction::Tick {
                    self.selected = None;
                }
                if let PlayerAction::Speed(_) = action {
                    self.speed_in_link = true;
                }
                let rest = self.player.apply(action);
                if rest || matches!(action, PlayerAction::Speed(_)) {
                    self.write_url();
                }
            }
            Msg::Select(id) => self.selected = Some(id),
            Msg::Unselect => self.selected = None,
            Msg::Dismiss => self.problems.clear(),
        }
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let searching = self.mode == QueensMode::Search;
        let search = self.player.machine();
        let tree = self.player.recording.observer();
        let shown_rows: Option<Vec<u32>> = self.selected.map(|id| tree.choices(id));
        let queens: Vec<(u32, u32)> = match (&shown_rows, searching) {
            (Some(rows), true) => rows
                .iter()
                .enumerate()
                .map(|(c, &r)| (c as u32, r))
                .collect(),
            (None, true) => search
                .rows()
                .iter()
                .enumerate()
                .map(|(c, &r)| (c as u32, r))
                .collect(),
            (_, false) => self.hand.clone(),
        };
        let focus = match (searching, self.player.recording.event()) {
            (true, "place" | "solution") if self.selected.is_none() => search
                .rows()
                .last()
                .map(|&r| (search.rows().len() as u32 - 1, r)),
            _ => None,
        };
        let tab = |mode: QueensMode, label: &'static str| {
            html! {
                <button type="button" role="tab" aria-selected={(self.mode == mode).to_string()}
                    class={classes!("tab", (self.mode == mode).then_some("chosen"))}
                    data-mode={if mode == QueensMode::Hand { "hand" } else { "search" }}
                    onclick={link.callback(move |_| Msg::Mode(mode))}>{ label }</button>
            }
        };
        let board = html! {
            <QueensBoard n={self.n} {queens} {focus} onclick={link.callback(Msg::Square)} />
        };
        html! {
            <section class="workbench queens" aria-labelledby="queens-title">
                <h2 id="queens-title">{"N queens"}</h2>
                <details class="how"><summary>{"How it works"}</summary><p>{ "Place N queens so that none attacks another. Trying every board is hopeless (8⁸ boards for N = 8); backtracking puts one queen per column, tries the rows bottom to top, and gives up on a partial board the moment a queen is attacked, so N = 8 needs only 2,057 partial boards." }</p><p>{ "The search tree shows it: each node a partial board, as wide as the part of the search below it; red slivers are queens a check refused, each standing for every board that would have completed it (a queen refused in the second column of 8 stands for 8⁶ boards). Green nodes lead to a solution." }</p><p>{ "Counting uses bitmasks for the attacked columns and diagonals, searches only half of the first row (the other half is its mirror image), and splits the work into small tasks that your browser's workers take as they finish. Fundamental solutions, up to rotation and reflection, follow from Burnside's lemma." }</p></details>
                <Alert problems={self.problems.clone()} ondismiss={link.callback(|_| Msg::Dismiss)} />
                <div class="rules">
                    <label>{"N "}<DraftInput kind="number" name="n" min="1" max={MAX_N.to_string()}
                        value={self.n.to_string()} onchange={link.callback(Msg::N)} /></label>
                    <div role="tablist" aria-label="Mode">
                        { tab(QueensMode::Hand, "Place by hand") }
                        { tab(QueensMode::Search, "Backtracking") }
                    </div>
                    if searching {
                        <div class="watch" role="group" aria-label="Show">
                            <button type="button" data-action="view-board" aria-pressed={(self.view == QueensView::Board).to_string()}
                                onclick={link.callback(|_| Msg::View(QueensView::Board))}>{"Board"}</button>
                            <button type="button" data-action="view-tree" aria-pressed={(self.view == QueensView::Tree).to_string()}
                                onclick={link.callback(|_| Msg::View(QueensView::Tree))}>{"Board and search tree"}</button>
                        </div>
                    }
                </div>
                <p class="status" data-status={self.status_attr()} role="status" aria-live="polite">{ self.status_text() }</p>
                if searching {
                    <SearchPlayer name="queens" view={self.player.view()} onaction={link.callback(Msg::Player)}
                        caption={self.caption()}>
                        <div class={classes!("search-views", (self.view == QueensView::Tree).then_some("with-tree"))}>
                            <div class="search-board">
                                { board }
                                { self.selection_note(ctx) }
                            </div>
                            if self.view == QueensView::Tree {
                                { self.tree_view(ctx) }
                            }
                        </div>
                    </SearchPlayer>
                    <div class="row">
                        <button type="button" onclick={link.callback(|_| Msg::Player(PlayerAction::PreviousSolution))} data-action="previous-solution"
                            disabled={!self.player.view().solutions_before}>{"◀ Previous solution"}</button>
                        <button type="button" onclick={link.callback(|_| Msg::Player(PlayerAction::NextSolution))} data-action="next-solution"
                            disabled={self.player.recording.at_end()}>{"Next solution ▶"}</button>
                    </div>
                    { self.counters() }
                    { self.symmetry() }
                } else {
                    { board }
                    <div class="row">
                        <button type="button" onclick={link.callback(|_| Msg::ClearHand)} data-action="clear">{"Clear the board"}</button>
                    </div>
                }
                <QueensCount n={self.n} run={ctx.props().link.run} />
            </section>
        }
    }
}

impl QueensPage {
    /// What the step shown did, in words.
    fn caption(&self) -> Html {
        let search = self.player.machine();
        let rows = search.rows();
        let last = rows.last().map(|&r| square_name(rows.len() as u32 - 1, r));
        let text = match (self.player.recording.event(), last) {
            ("start", _) => "the empty board.".to_string(),
            ("place", Some(sq)) => format!("a queen on {sq}, safe so far."),
            ("solution", Some(sq)) => format!("a queen on {sq} completes a solution."),
            ("remove", _) => format!(
                "a queen is taken back; column {} tries its next row.",
                rows.len() + 1
            ),
            ("finished", _) => "every branch has been tried.".to_string(),
            _ => format!("{} queens on the board.", rows.len()),
        };
        html! { { text } }
    }

    /// The partial board of the tree node clicked, and the way back to the search.
    fn selection_note(&self, ctx: &Context<Self>) -> Html {
        let Some(id) = self.selected else {
            return html! {};
        };
        let tree = self.player.recording.observer();
        let rows = tree.choices(id);
        let entered = tree.entered(id).unwrap_or(0);
        let link = ctx.link();
        html! {
            <p class="selection" data-selected={id.to_string()} data-selected-queens={placement_names(&rows)}>
                { if rows.is_empty() { "The root: the empty board. ".to_string() }
                  else { format!("Node {id}: {} (entered at step {entered}). ", placement_names(&rows)) } }
                <button type="button" data-action="goto-node"
                    onclick={link.callback(move |_| Msg::Player(PlayerAction::Seek(entered)))}>{ format!("Go to step {entered}") }</button>
                {" "}
                <button type="button" data-action="unselect" onclick={link.callback(|_| Msg::Unselect)}>{"Back to the search"}</button>
            </p>
        }
    }

    /// The search tree at the step shown, with the story in numbers.
    fn tree_view(&self, ctx: &Context<Self>) -> Html {
        let n = self.n;
        if n > MAX_TREE_N {
            return html! {
                <p class="hint tree-limit">{ format!("The search tree is drawn for N up to {MAX_TREE_N}: for N = {n} it would have too many nodes to see.") }</p>
            };
        }
        let tree = self.player.recording.observer();
        let step = self.player.step();
        let ice = tree.icicle(step, MIN_CELL);
        let c = self.player.machine().counters();
        let big = |v: u128| {
            if v <= u64::MAX as u128 {
                group(v as u64)
            } else {
                v.to_string()
            }
        };
        let first_cut = ice.cells.iter().find_map(|cell| match cell.kind {
            CellKind::Cut {
                count,
                exponent,
                eliminated,
                ..
            } if cell.depth >= 2 => Some(cut_formula(count, n, exponent, eliminated)),
            _ => None,
        });
        html! {
            <div class="tree-panel">
                <p class="story" data-boards={boards(n).to_string()} data-nodes={c.nodes.to_string()}
                    data-eliminated={ice.eliminated.to_string()}>
                    { format!("{n}^{n} = {} boards, {n}! = {} permutations; {} nodes, {} rows and {} diagonals checked, {} solution{}{}.",
                        big(boards(n)), big(permutations(n)), group(c.nodes), group(c.tested_all_rows),
                        group(c.tested_free_rows), group(c.solutions), if c.solutions == 1 { "" } else { "s" },
                        if self.player.recording.at_end() { "" } else { " so far" }) }
                    { format!(" {} checks cut off {} of the boards", group(ice.cuts), big(ice.eliminated)) }
                    { match first_cut { Some(f) => format!(" (the first: {f})."), None => ".".to_string() } }
                </p>
                <TreeView icicle={ice} base={n} candidates="boards" selected={self.selected}
                    label={Callback::from(|(depth, row): (u32, u32)| square_name(depth - 1, row))}
                    onselect={ctx.link().callback(Msg::Select)} />
            </div>
        }
    }

    fn write_url(&self) {
        let link = QueensLink {
            n: self.n,
            mode: self.mode,
            queens: self.hand.clone(),
            step: self.player.step(),
            run: self.run,
            view: self.view,
            speed: self.speed_in_link.then_some(self.player.speed()),
        };
        location::replace_hash(&encode_route(&Route::Queens(link)));
    }

    fn hand_solved(&self) -> bool {
        let q = &self.hand;
        q.len() as u32 == self.n
            && q.iter().enumerate().all(|(i, &a)| {
                q[i + 1..]
                    .iter()
                    .all(|&b| a.0 != b.0 && a.1 != b.1 && a.0.abs_diff(b.0) != a.1.abs_diff(b.1))
            })
    }

    fn status_attr(&self) -> &'static str {
        match self.mode {
            QueensMode::Hand if self.hand_solved() => "solved",
            QueensMode::Hand => "idle",
            QueensMode::Search if self.player.playing() => "running",
            QueensMode::Search => match self.player.machine().status() {
                Status::Solved => "solved",
                Status::Exhausted => "impossible",
                _ if self.player.machine().rows().len() as u32 == self.n => "solved",
                _ => "idle",
            },
        }
    }

    fn status_text(&self) -> String {
        let n = self.n;
        match self.mode {
            QueensMode::Hand => {
                let placed = self.hand.len();
                if self.hand_solved() {
                    format!("Solved: {n} queens, none attacking another.")
                } else {
                    let clashes = self
                        .hand
                        .iter()
                        .enumerate()
                        .flat_map(|(i, &a)| self.hand[i + 1..].iter().map(move |&b| (a, b)))
                        .filter(|(a, b)| {
                            a.0 == b.0 || a.1 == b.1 || a.0.abs_diff(b.0) == a.1.abs_diff(b.1)
                        })
                        .count();
                    format!(
                        "{placed} of {n} queens placed; {clashes} attacking pair{}. Click a square to place or remove a queen.",
                        if clashes == 1 { "" } else { "s" }
                    )
                }
            }
            QueensMode::Search => {
                let c = self.player.machine().counters();
                match self.player.machine().status() {
                    Status::Solved | Status::Exhausted => format!(
                        "Search finished: {} solution{} for N = {n}.",
                        c.solutions,
                        if c.solutions == 1 { "" } else { "s" }
                    ),
                    _ if self.player.machine().rows().len() as u32 == n => {
                        format!(
                            "Solution {} found: {}.",
                            c.solutions,
                            placement_names(self.player.machine().rows())
                        )
                    }
                    _ => format!(
                        "Backtracking: column {} of {n}. Press play or step.",
                        self.player.machine().rows().len() + 1
                    ),
                }
            }
        }
    }

    fn counters(&self) -> Html {
        let c = self.player.machine().counters();
        let row = |label: &'static str, key: &'static str, value: u64| {
            html! { <><dt>{ label }</dt><dd data-stat={key}>{ value }</dd></> }
        };
        html! {
            <dl class="stats queens-stats">
                { row("steps", "steps", self.player.machine().stats().steps) }
                { row("depth (queens placed)", "depth", self.player.machine().rows().len() as u64) }
                { row("tree nodes (root included)", "nodes", c.nodes) }
                { row("squares tested, all rows", "tested-all", c.tested_all_rows) }
                { row("squares tested, free rows only", "tested-free", c.tested_free_rows) }
                { row("dead ends", "dead-ends", c.dead_ends) }
                { row("solutions found", "solutions", c.solutions) }
            </dl>
        }
    }

    fn symmetry(&self) -> Html {
        let rows = self.player.machine().rows();
        if rows.len() as u32 != self.n {
            return html! {};
        }
        let class = classify(rows);
        html! {
            <p class="symmetry" data-fundamental={placement_names(&class.fundamental)} data-class-size={class.size.to_string()}>
                { format!(
                    "Fundamental solution {}; this one is {}. Its class has {} distinct solution{}.",
                    placement_names(&class.fundamental),
                    NAMES[class.from_fundamental],
                    class.size,
                    if class.size == 1 { "" } else { "s" }
                ) }
            </p>
        }
    }
}
