//! The notebook's counters on the board (boards of up to 16 squares): brute force's
//! odometer of move sequences walked on the board with the squares off it or visited
//! twice marked, backtracking's path growing and retreating, or both racing in lockstep —
//! at the notebook's verbose levels (0 counters only, 1 each tour, 2 every candidate), in
//! the shared search player. They are the counting machines themselves
//! (`solver::knight::naive_count`), so where they end is the count.

use yew::prelude::*;

use crate::app::code::{self, CodeView};
use crate::app::count::race_state::{
    arrow, back_counters, brute_counters, race_line, verdict, RaceMsg, RaceState, WatchLink,
};
use crate::app::widgets::search_player::SearchPlayer;
use crate::app::widgets::workbench::Slots;
use puzzlelab_links::CountWatch;
use puzzlelab_pictures::race::WalkBoard;
use puzzlelab_solver::board::Board;
use puzzlelab_solver::knight::naive_count::{NaiveCounter, NaiveRace, WalkFailure};
use puzzlelab_solver::watch::Level;
use puzzlelab_solver::{Status, StepMachine};

#[derive(Properties, PartialEq)]
pub struct WatchProps {
    pub board: Board,
    pub start: u32,
    /// Where to begin (from the link); later changes come from the watch itself.
    pub link: WatchLink,
    pub onchange: Callback<WatchLink>,
    /// Listen to the page-wide playback keys (a lesson keeps its arrows for its steps).
    #[prop_or(true)]
    pub keys: bool,
}

/// The race as a component of its own, holding its state (a lesson's bench); the
/// counting lab keeps the same [`RaceState`] in its own state and draws it with
/// [`race_view`], so "Save picture" can draw the boards shown.
pub struct NaiveWatch {
    state: RaceState,
}

impl Component for NaiveWatch {
    type Message = RaceMsg;
    type Properties = WatchProps;

    fn create(ctx: &Context<Self>) -> Self {
        let p = ctx.props();
        NaiveWatch {
            state: RaceState::new(p.board, p.start, p.link),
        }
    }

    fn changed(&mut self, ctx: &Context<Self>, _old: &WatchProps) -> bool {
        let p = ctx.props();
        self.state.follow(p.board, p.start);
        true
    }

    fn update(&mut self, ctx: &Context<Self>, msg: RaceMsg) -> bool {
        let (redraw, report) = self.state.update(msg);
        if let Some(link) = report {
            ctx.props().onchange.emit(link);
        }
        redraw
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let p = ctx.props();
        race_view(
            &self.state,
            p.start,
            &ctx.link().callback(|m| m),
            html! {},
            html! {},
            p.keys,
        )
    }
}

/// What the step shown did, in words.
fn caption(state: &RaceState) -> Html {
    let race = state.player.machine();
    let board = race
        .brute
        .as_ref()
        .or(race.back.as_ref())
        .map(|c| c.board());
    let text = match state.player.recording.event() {
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

/// The race's panel in the dock: which counter, the verbose level.
fn watch_panel(state: &RaceState, start: u32, on: &Callback<RaceMsg>) -> Html {
    let level = state.player.level();
    let board = state
        .player
        .machine()
        .brute
        .as_ref()
        .or(state.player.machine().back.as_ref())
        .map(|c| c.board());
    let choice = |w: CountWatch, label: &'static str| {
        let pressed = state.watch == w;
        html! {
            <button type="button" aria-pressed={pressed.to_string()} data-watch={w.as_str()}
                onclick={on.reform(move |_| RaceMsg::Watch(w))}>{ label }</button>
        }
    };
    let on_level = on.reform(|e: Event| {
        let v = e
            .target_unchecked_into::<web_sys::HtmlSelectElement>()
            .value();
        RaceMsg::Level(
            v.parse::<u8>()
                .ok()
                .and_then(Level::from_number)
                .unwrap_or(Level::Counters),
        )
    });
    let level_option = |l: Level, label: &'static str| {
        html! { <option value={l.number().to_string()} selected={l == level}>{ label }</option> }
    };
    html! {
        <div class="count-panel naive-watch" data-watch-level={level.number().to_string()}>
            <h3>{ format!("Watch them on the board, from {}", board.map(|b| b.name(start)).unwrap_or_default()) }</h3>
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
    }
}

/// The race in the workbench's slots: at level 0 the page's `stage` with the race's
/// panel over the `dock`; watching, the boards take the stage, the search player's bar
/// under them, the panel, the listings and the `dock` beside.
pub fn race_view(
    state: &RaceState,
    start: u32,
    on: &Callback<RaceMsg>,
    stage: Html,
    dock: Html,
    keys: bool,
) -> Html {
    let panel = watch_panel(state, start, on);
    if !state.watching() {
        return html! {
            <Slots {stage}
                player={html! { <p class="event hint">{"Choose a verbose level of 1 or 2 (in the dock) to watch the counters step by step."}</p> }}
                dock={html! { <>{ panel }{ dock }</> }} />
        };
    }
    let race = state.player.machine();
    let boards = state.boards();
    let stage = html! {
        <div class="naive-watch-stage" tabindex="0">
            <div class="race-columns">
                { for boards.iter().map(|b| match b.walker {
                    puzzlelab_pictures::race::Walker::BruteForce => race.brute.as_ref().map_or(html! {}, |c| brute_view(c, b)),
                    puzzlelab_pictures::race::Walker::Backtracking => race.back.as_ref().map_or(html! {}, |c| back_view(c, b)),
                }) }
            </div>
            if let Some(line) = race_line(race, state.player.speed()) {
                <p class="race-line" data-race-brute={race.brute.as_ref().map(|b| b.stats().nodes.to_string())}
                    data-race-back={race.back.as_ref().map(|b| b.stats().nodes.to_string())}>{ line }</p>
            }
        </div>
    };
    html! {
        <SearchPlayer name={state.watch.as_str()} view={state.player.view()} {keys}
            onaction={on.reform(RaceMsg::Player)} caption={caption(state)} slotted=true {stage}>
            { panel }
            { code_views(race) }
            { dock }
        </SearchPlayer>
    }
}

/// Each counter's listing, its line and variables read from the counter. The race's two
/// sit side by side, brute force left and backtracking right as their boards on the
/// stage, so both lit lines are seen as the counters step together.
fn code_views(race: &NaiveRace) -> Html {
    let both = race.brute.is_some() && race.back.is_some();
    let title = |t: &'static str| both.then_some(AttrValue::Static(t));
    let views = html! {
        <>
            if let Some(b) = &race.brute {
                <CodeView name="count-brute" listing={code::COUNT_BRUTE} title={title("Brute force")}
                    line={Some(b.brute_line().number())} vars={code::brute_vars(b)} />
            }
            if let Some(b) = &race.back {
                <CodeView name="count-backtrack" listing={code::COUNT_BACKTRACK} title={title("Backtracking")}
                    line={Some(b.back_line().number())} vars={code::back_vars(b)} />
            }
        </>
    };
    if both {
        html! { <div class="race-code"><div class="race-code-pair">{ views }</div></div> }
    } else {
        views
    }
}

/// A counter's board as [`WalkBoard`] has it (the saved picture's too): on each square
/// the moves that land there (0 is the start), the current square outlined, squares
/// visited twice marked.
fn walk_board(b: &WalkBoard, method: &'static str) -> Html {
    let board = b.board;
    let (w, h) = (board.width(), board.height());
    let style = format!("--cols: {w}; --rows: {h};");
    html! {
        <div class="board-frame watch-board" {style}>
            <div class="ranks" aria-hidden="true">
                { for (0..h).rev().map(|y| html! { <span>{ y + 1 }</span> }) }
            </div>
            <div class="board" role="img" aria-label={format!("{method}: {} squares walked", b.walked())}>
                { for (0..h).rev().flat_map(|y| (0..w).map(move |x| (x, y))).map(|(x, y)| {
                    let sq = board.index(x, y);
                    let label = b.label(sq);
                    let twice = b.twice(sq);
                    let mut class = classes!("square", if (x + y) % 2 == 0 { "dark" } else { "light" });
                    if label.is_some() { class.push("visited"); }
                    if b.current == Some(sq) { class.push("current"); }
                    if twice { class.push("twice"); }
                    html! {
                        <div {class} data-at={board.name(sq)} data-visit={label.clone()}
                            data-twice={twice.then_some("true")}>
                            if let Some(label) = label { <span class="num">{ label }</span> }
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

fn brute_view(b: &NaiveCounter, shown: &WalkBoard) -> Html {
    let digits = b.checked();
    let trace = b.trace(&digits);
    let failed_at = match b.walk(&digits).failure {
        Some(WalkFailure::OffBoard { index, .. } | WalkFailure::Revisit { index, .. }) => {
            Some(index)
        }
        None => None,
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
    let sequence: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
    html! {
        <div class="naive-live" data-live="brute" data-checked={b.stats().nodes.to_string()}
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
            { walk_board(shown, "brute force, every move of the sequence") }
            <p class="verdict">{ verdict(b) }</p>
            <p class="off-board" data-off-board={off.as_ref().map(|_| "true")} data-off-moves={list(&trace.off_board)}>
                { off.unwrap_or_default() }{" "}{ again.unwrap_or_default() }</p>
            <p data-counters="brute">{ brute_counters(b) }</p>
        </div>
    }
}

fn back_view(b: &NaiveCounter, shown: &WalkBoard) -> Html {
    html! {
        <div class="naive-live" data-live="backtrack" data-nodes={b.stats().nodes.to_string()}
            data-tours={b.found().tours.to_string()} data-state={state(b)}>
            <h4>{"Backtracking"}</h4>
            <p class="odometer path-len">{ format!("Path of {} squares", b.path().len()) }</p>
            { walk_board(shown, "backtracking") }
            <p data-counters="backtrack">{ back_counters(b) }</p>
        </div>
    }
}

fn state(c: &NaiveCounter) -> &'static str {
    if c.status() == Status::Running {
        "running"
    } else {
        "done"
    }
}
