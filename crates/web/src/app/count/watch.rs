//! The notebook's counters on the board (boards of up to 16 squares): brute force's
//! odometer of move sequences walked on the board with the squares off it or visited
//! twice marked, backtracking's path growing and retreating, or both racing in lockstep —
//! at the notebook's verbose levels (0 counters only, 1 each tour, 2 every candidate), in
//! the shared search player. They are the counting machines themselves
//! (`solver::knight::naive_count`), so where they end is the count.

use yew::prelude::*;

use crate::app::code::{self, CodeView};
use crate::app::widgets::numbers::duration;
use crate::app::widgets::numbers::group;
use crate::app::widgets::search_player::SearchPlayer;
use crate::app::widgets::workbench::Slots;
use puzzlelab_links::CountWatch;
use puzzlelab_solver::board::{Board, KNIGHT_JUMPS};
use puzzlelab_solver::knight::count::CountSpec;
use puzzlelab_solver::knight::naive_count::{
    brute_force_log10, NaiveCounter, NaiveRace, WalkFailure,
};
use puzzlelab_solver::watch::{Level, Player, PlayerAction};
use puzzlelab_solver::{Status, StepMachine};

const DEFAULT_SPEED: u32 = 10;

/// What the watch puts in the link.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WatchLink {
    pub watch: CountWatch,
    pub level: Level,
    pub speed: Option<u32>,
    pub step: u64,
}

#[derive(Properties, PartialEq)]
pub struct WatchProps {
    pub board: Board,
    pub start: u32,
    /// Where to begin (from the link); later changes come from the watch itself.
    pub link: WatchLink,
    pub onchange: Callback<WatchLink>,
    /// The page's stage (shown while nothing is watched) and dock, for the workbench's
    /// slots: watching, the race takes the stage (the page shows its own elsewhere).
    #[prop_or_default]
    pub stage: Html,
    #[prop_or_default]
    pub dock: Html,
    /// Listen to the page-wide playback keys (a lesson keeps its arrows for its steps).
    #[prop_or(true)]
    pub keys: bool,
}

pub enum Msg {
    Player(PlayerAction),
    Watch(CountWatch),
    Level(Level),
}

pub struct NaiveWatch {
    player: Player<NaiveRace>,
    watch: CountWatch,
    speed_set: bool,
}

fn machine(board: Board, start: u32, watch: CountWatch) -> NaiveRace {
    let spec = CountSpec {
        width: board.width(),
        height: board.height(),
        start: Some(start),
        closed: false,
    };
    let (brute, back) = match watch {
        CountWatch::BruteForce => (true, false),
        CountWatch::Backtracking => (false, true),
        CountWatch::Race => (true, true),
    };
    NaiveRace::new(spec, brute, back).unwrap_or_else(|_| {
        NaiveRace::new(
            CountSpec {
                width: 3,
                height: 3,
                start: Some(0),
                closed: false,
            },
            brute,
            back,
        )
        .expect("3x3 from a1 is valid")
    })
}

impl NaiveWatch {
    fn link(&self) -> WatchLink {
        WatchLink {
            watch: self.watch,
            level: self.player.level(),
            speed: self.speed_set.then_some(self.player.speed()),
            step: self.player.step(),
        }
    }

    fn restart(&mut self, ctx: &Context<Self>) {
        let (speed, level) = (self.player.speed(), self.player.level());
        let p = ctx.props();
        self.player = Player::new(machine(p.board, p.start, self.watch), (), speed, level);
    }

    fn caption(&self) -> Html {
        let race = self.player.machine();
        let board = ctx_board(race);
        let text = match self.player.recording.event() {
            "start" => "nothing checked yet.".to_string(),
            "tour" => "a tour!".to_string(),
            "finished" => "every candidate has been checked.".to_string(),
            "check" => match &race.brute {
                Some(b) => match b.walk(&b.checked()).failure {
                    Some(WalkFailure::OffBoard { index, .. }) => {
                        format!("sequence checked: move {} leaves the board.", index + 1)
                    }
                    Some(WalkFailure::Revisit { index, square }) => format!(
                        "sequence checked: move {} lands on {} a second time.",
                        index + 1,
                        board.map(|b| b.name(square)).unwrap_or_default()
                    ),
                    None => "a tour!".to_string(),
                },
                None => String::new(),
            },
            "move" => "backtracking moves on.".to_string(),
            "backtrack" => "backtracking steps back.".to_string(),
            other => format!("{other}."),
        };
        html! { { text } }
    }
}

fn ctx_board(race: &NaiveRace) -> Option<Board> {
    race.brute
        .as_ref()
        .or(race.back.as_ref())
        .map(|c| c.board())
}

impl Component for NaiveWatch {
    type Message = Msg;
    type Properties = WatchProps;

    fn create(ctx: &Context<Self>) -> Self {
        let p = ctx.props();
        let mut w = NaiveWatch {
            player: Player::new(
                machine(p.board, p.start, p.link.watch),
                (),
                p.link.speed.unwrap_or(DEFAULT_SPEED),
                p.link.level,
            ),
            watch: p.link.watch,
            speed_set: p.link.speed.is_some(),
        };
        if p.link.level != Level::Counters && p.link.step > 0 {
            // A budget of work per frame, as the queens page does: a far `step=` shows the
            // machine running there (and can be paused) instead of freezing the page.
            w.player.go_to(p.link.step);
        }
        w
    }

    fn changed(&mut self, ctx: &Context<Self>, old: &WatchProps) -> bool {
        let p = ctx.props();
        if (p.board, p.start) != (old.board, old.start) {
            self.restart(ctx);
        }
        true
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        let report = match msg {
            Msg::Player(action) => {
                if self.player.level() == Level::Counters {
                    return false;
                }
                if let PlayerAction::Speed(_) = action {
                    self.speed_set = true;
                }
                self.player.apply(action) || matches!(action, PlayerAction::Speed(_))
            }
            Msg::Watch(watch) => {
                self.watch = watch;
                self.restart(ctx);
                true
            }
            Msg::Level(level) => {
                self.player.apply(PlayerAction::Pause);
                self.player.set_level(level);
                true
            }
        };
        if report {
            ctx.props().onchange.emit(self.link());
        }
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let level = self.player.level();
        let race = self.player.machine();
        let board = ctx.props().board;
        let choice = |w: CountWatch, label: &'static str| {
            let pressed = self.watch == w;
            html! {
                <button type="button" aria-pressed={pressed.to_string()} data-watch={w.as_str()}
                    onclick={link.callback(move |_| Msg::Watch(w))}>{ label }</button>
            }
        };
        let on_level = link.callback(|e: Event| {
            let v = e
                .target_unchecked_into::<web_sys::HtmlSelectElement>()
                .value();
            Msg::Level(
                v.parse::<u8>()
                    .ok()
                    .and_then(Level::from_number)
                    .unwrap_or(Level::Counters),
            )
        });
        let level_option = |l: Level, label: &'static str| {
            html! { <option value={l.number().to_string()} selected={l == level}>{ label }</option> }
        };
        let props = ctx.props();
        let panel = html! {
            <div class="count-panel naive-watch" data-watch-level={level.number().to_string()}>
                <h3>{ format!("Watch them on the board, from {}", board.name(props.start)) }</h3>
                <div class="rules">
                    <div class="watch" role="group" aria-label="Which counter">
                        { choice(CountWatch::BruteForce, "Brute force") }
                        { choice(CountWatch::Backtracking, "Backtracking") }
                        { choice(CountWatch::Race, "Race both") }
                    </div>
                    <label>{"Verbose level "}
                        <select name="level" onchange={on_level}>
                            { level_option(Level::Counters, "0 — counters only") }
                            { level_option(Level::Solutions, "1 — each tour as it is found") }
                            { level_option(Level::Every, "2 — every candidate") }
                        </select>
                    </label>
                </div>
                if level == Level::Counters {
                    <p class="hint">{ "Level 0 shows counters only: run the counters. Choose level 1 or 2 to watch the search on the board, as the notebook's verbose levels print it." }</p>
                } else {
                    <p class="hint">{ "Step and play move one candidate (level 2) or one tour (level 1) at a time. End runs flat out: brute force then counts each block of sequences that share a failing first moves at once — the same count, so it finishes here; at one sequence at a time it would take the time below." }</p>
                }
            </div>
        };
        if level == Level::Counters {
            return html! {
                <Slots stage={props.stage.clone()}
                    player={html! { <p class="event hint">{"Choose a verbose level of 1 or 2 (in the dock) to watch the counters step by step."}</p> }}
                    dock={html! { <>{ panel }{ props.dock.clone() }</> }} />
            };
        }
        let stage = html! {
            <div class="naive-watch-stage" tabindex="0">
                <div class="race-columns">
                    if let Some(b) = &race.brute { { brute_view(b) } }
                    if let Some(b) = &race.back { { back_view(b) } }
                </div>
                { race_line(race, self.player.speed()) }
            </div>
        };
        // One counter's listing sits under its panel; the race's two are too tall for
        // that, so they go under the count, which stays in view at 1366×768.
        let both = race.brute.is_some() && race.back.is_some();
        html! {
            <SearchPlayer name={self.watch.as_str()} view={self.player.view()} keys={ctx.props().keys}
                onaction={link.callback(Msg::Player)} caption={self.caption()} slotted=true {stage}>
                { panel }
                if !both { { code_views(race) } }
                { props.dock.clone() }
                if both { { code_views(race) } }
            </SearchPlayer>
        }
    }
}

/// Each counter's listing, its line and variables read from the counter.
fn code_views(race: &NaiveRace) -> Html {
    html! {
        <>
            if let Some(b) = &race.brute {
                <CodeView name="count-brute" listing={code::COUNT_BRUTE}
                    line={Some(b.brute_line().number())} vars={code::brute_vars(b)} />
            }
            if let Some(b) = &race.back {
                <CodeView name="count-backtrack" listing={code::COUNT_BACKTRACK}
                    line={Some(b.back_line().number())} vars={code::back_vars(b)} />
            }
        </>
    }
}

/// A small board: on each square the moves that land there (0 is the start), the current
/// square outlined, squares visited twice marked.
fn walk_board(
    board: Board,
    visits: &[Vec<u32>],
    current: Option<u32>,
    method: &'static str,
) -> Html {
    let (w, h) = (board.width(), board.height());
    let style = format!("--cols: {w}; --rows: {h};");
    let walked = visits.iter().filter(|v| !v.is_empty()).count();
    html! {
        <div class="board-frame watch-board" {style}>
            <div class="ranks" aria-hidden="true">
                { for (0..h).rev().map(|y| html! { <span>{ y + 1 }</span> }) }
            </div>
            <div class="board" role="img" aria-label={format!("{method}: {walked} squares walked")}>
                { for (0..h).rev().flat_map(|y| (0..w).map(move |x| (x, y))).map(|(x, y)| {
                    let sq = board.index(x, y);
                    let here = visits.get(sq as usize).map_or(&[][..], |v| v.as_slice());
                    let twice = here.len() > 1;
                    let mut class = classes!("square", if (x + y) % 2 == 0 { "dark" } else { "light" });
                    if !here.is_empty() { class.push("visited"); }
                    if current == Some(sq) { class.push("current"); }
                    if twice { class.push("twice"); }
                    let label = here.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(",");
                    html! {
                        <div {class} data-at={board.name(sq)} data-visit={(!here.is_empty()).then(|| label.clone())}
                            data-twice={twice.then_some("true")}>
                            if !here.is_empty() { <span class="num">{ label }</span> }
                        </div>
                    }
                }) }
            </div>
            <div class="files" aria-hidden="true">
                { for (0..w).map(|x| html! { <span>{ ((b'a' + x as u8) as char).to_string() }</span> }) }
            </div>
        </div>
    }
}

fn arrow(direction: u8) -> String {
    let (dx, dy) = KNIGHT_JUMPS[direction as usize % 8];
    format!("({dx:+}, {dy:+})")
}

fn brute_view(b: &NaiveCounter) -> Html {
    let board = b.board();
    let digits = b.checked();
    let walk = b.walk(&digits);
    let trace = b.trace(&digits);
    let failed_at = match walk.failure {
        Some(WalkFailure::OffBoard { index, .. } | WalkFailure::Revisit { index, .. }) => {
            Some(index)
        }
        None => None,
    };
    let verdict = match walk.failure {
        Some(WalkFailure::OffBoard {
            index,
            from,
            direction,
        }) => format!(
            "Fails at move {}: {} from {} leaves the board.",
            index + 1,
            arrow(direction),
            board.name(from)
        ),
        Some(WalkFailure::Revisit { index, square }) => format!(
            "Fails at move {}: {} a second time.",
            index + 1,
            board.name(square)
        ),
        None if b.stats().nodes > 0 => {
            "Every move stays on the board on a new square: a tour.".to_string()
        }
        None => "The first sequence: every move in direction 0.".to_string(),
    };
    let list = |moves: &[u32]| {
        moves
            .iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let off = (!trace.off_board.is_empty())
        .then(|| format!("Off the board: move {}.", list(&trace.off_board)));
    let again = (!trace.again.is_empty())
        .then(|| format!("On a square already visited: move {}.", list(&trace.again)));
    let candidates = 10f64.powf(brute_force_log10(board.squares()));
    let checked = b.stats().nodes;
    let sequence: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
    html! {
        <div class="naive-live" data-live="brute" data-checked={checked.to_string()}
            data-tours={b.found().tours.to_string()} data-state={state(b)}>
            <h4>{"Brute force"}</h4>
            <p class="odometer" role="group" data-sequence={sequence} aria-label="The move sequence checked last, one direction 0 to 7 per move">
                { for digits.iter().enumerate().map(|(i, d)| {
                    let number = i as u32 + 1;
                    let class = classes!(
                        "digit",
                        (failed_at == Some(i)).then_some("bad"),
                        trace.off_board.contains(&number).then_some("off"),
                        trace.again.contains(&number).then_some("again"),
                    );
                    html! { <span {class} title={format!("move {number}: {}", arrow(*d))}>{ d }</span> }
                }) }
            </p>
            { walk_board(board, &trace.visits, None, "brute force, every move of the sequence") }
            <p class="verdict">{ verdict }</p>
            <p class="off-board" data-off-board={off.as_ref().map(|_| "true")} data-off-moves={list(&trace.off_board)}>
                { off.unwrap_or_default() }{" "}{ again.unwrap_or_default() }</p>
            <p>{ format!("{} of 8^{} sequences checked ({:.2e} %), {} tours, {} closed.",
                group(checked), board.squares().saturating_sub(1),
                100.0 * checked as f64 / candidates, group(b.found().tours), group(b.found().closed)) }</p>
        </div>
    }
}

fn back_view(b: &NaiveCounter) -> Html {
    html! {
        <div class="naive-live" data-live="backtrack" data-nodes={b.stats().nodes.to_string()}
            data-tours={b.found().tours.to_string()} data-state={state(b)}>
            <h4>{"Backtracking"}</h4>
            <p class="odometer path-len">{ format!("Path of {} squares", b.path().len()) }</p>
            { walk_board(b.board(), &path_visits(b), b.path().last().copied(), "backtracking") }
            <p>{ format!("{} nodes, {} backtracks, {} moves refused, {} tours, {} closed.",
                group(b.stats().nodes), group(b.stats().backtracks), group(b.cuts()),
                group(b.found().tours), group(b.found().closed)) }</p>
        </div>
    }
}

/// The path as visits: square → its number on the path.
fn path_visits(b: &NaiveCounter) -> Vec<Vec<u32>> {
    let mut v = vec![Vec::new(); b.board().squares() as usize];
    for (i, &sq) in b.path().iter().enumerate() {
        v[sq as usize].push(i as u32);
    }
    v
}

fn state(c: &NaiveCounter) -> &'static str {
    if c.status() == Status::Running {
        "running"
    } else {
        "done"
    }
}

/// The race in one line: sequences checked against nodes visited, and how long brute force
/// would need at the speed chosen.
fn race_line(race: &NaiveRace, speed: u32) -> Html {
    let (Some(brute), Some(back)) = (&race.brute, &race.back) else {
        return html! {};
    };
    let squares = brute.board().squares();
    let log = brute_force_log10(squares);
    let at_speed = long_time(log - (speed.max(1) as f64).log10());
    let ratio = race
        .ratio()
        .map(|r| {
            format!(
                " Backtracking finished after {} nodes: brute force checks {} times as many.",
                group(back.stats().nodes),
                if r < 1e15 {
                    group(r.round() as u64)
                } else {
                    format!("{r:.2e}")
                }
            )
        })
        .unwrap_or_default();
    html! {
        <p class="race-line" data-race-brute={brute.stats().nodes.to_string()} data-race-back={back.stats().nodes.to_string()}>
            { format!("{} sequences checked against {} nodes visited.{ratio} At {speed} sequences a second, brute force would need {at_speed} for all 8^{}.",
                group(brute.stats().nodes), group(back.stats().nodes), squares.saturating_sub(1)) }
        </p>
    }
}

/// A time that may be astronomically long, from its log10 in seconds.
fn long_time(log10_seconds: f64) -> String {
    const YEAR: f64 = 365.2422 * 86_400.0;
    if log10_seconds < (2.0 * YEAR).log10() {
        duration(10f64.powf(log10_seconds))
    } else {
        let years = log10_seconds - YEAR.log10();
        if years < 6.0 {
            format!("{} years", group(10f64.powf(years).round() as u64))
        } else {
            format!("10^{years:.1} years")
        }
    }
}
