//! The Rubik's cube workbench: turn, scramble (a uniformly random state from a seed) or
//! paint a 3×3×3 cube on its net; the fault is named when a colouring cannot be a cube;
//! the anytime two-phase search runs in the worker, each shorter solution replacing the
//! last; the best plays back on the net.

pub mod colours;
pub mod net;
pub mod search_view;
pub mod turns;

use gloo_timers::callback::Interval;
use yew::prelude::*;

use crate::app::rubik::colours::{colour_name, css_colour, text_colour};
use crate::app::rubik::net::RubikNet;
use crate::app::rubik::search_view::SearchView;
use crate::app::rubik::turns::TurnButtons;
use crate::app::shell::alert::Alert;
use crate::app::shell::location;
use crate::app::widgets::draft_input::DraftInput;
use crate::app::widgets::keyboard::{KeyAction, KeyListener};
use crate::app::widgets::playback::{Playback, PlaybackAction};
use crate::app::widgets::worker_bridge::{spawn, Supervised};
use crate::share::{encode_route, parse_rubik_state, Route, RubikLink};
use crate::solver::cube3::culprit::culprit;
use crate::solver::cube3::facelets::facelet_name;
use crate::solver::cube3::{format_moves, parse_moves, random_cube, Cube, Facelets, Move};
use crate::worker::protocol::{RubikEnd, RubikReport};
use crate::worker::{Answer, Ask, Request, Response};

const DEFAULT_SPEED: u32 = 3;
/// Palette letters offered besides those on the cube: the face letters.
const FACE_LETTERS: &[u8; 6] = b"URFDLB";

#[derive(Properties, PartialEq)]
pub struct RubikProps {
    pub link: RubikLink,
    #[prop_or_default]
    pub problems: Vec<String>,
}

/// What the worker is doing for this page.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Busy {
    Idle,
    /// The search; `tables` while the worker builds its tables first.
    Searching {
        tables: bool,
    },
    /// Working out the moves of a scramble.
    Scramble {
        tables: bool,
    },
}

pub enum Msg {
    Sticker(usize),
    Turn(Move),
    MovesText(String),
    ApplyText,
    StateText(String),
    LoadState,
    Copy,
    Undo,
    Redo,
    Seed(String),
    Scramble,
    Palette(Option<u8>),
    Reset,
    MaxLength(String),
    Solve,
    Stop,
    Worker(Response),
    Playback(PlaybackAction),
    Speed(u32),
    Tick,
    Scrub(usize),
    Key(KeyAction),
    Dismiss,
}

pub struct RubikPage {
    /// The cube as turned or painted; a solution plays from here.
    cube: Facelets,
    undo: Vec<Facelets>,
    redo: Vec<Facelets>,
    solution: Vec<Move>,
    step: usize,
    /// The search whose best solution is shown (none for a solution from a link).
    report: Option<RubikReport>,
    /// The seed of the scramble that made `cube`, and its moves once the worker has them.
    scrambled: Option<(u64, Option<String>)>,
    /// The seed the next scramble uses.
    seed: u64,
    max_length: u8,
    paint: Option<u8>,
    moves_text: String,
    /// The facelet field being edited (`None`: it shows the cube).
    state_draft: Option<String>,
    copied: bool,
    problems: Vec<String>,
    bridge: Supervised,
    /// Job numbers handed out (answers to older ones are ignored).
    job: u32,
    busy: Busy,
    playing: bool,
    speed: u32,
    timer: Option<Interval>,
    _keys: Option<KeyListener>,
}

impl Component for RubikPage {
    type Message = Msg;
    type Properties = RubikProps;

    fn create(ctx: &Context<Self>) -> Self {
        let link = ctx.props().link.clone();
        let scope = ctx.link().clone();
        let bridge = spawn(move |r| scope.send_message(Msg::Worker(r)));
        // The link's seed counts only if it made the link's cube.
        let scrambled = link
            .seed
            .filter(|&s| random_cube(s).to_string() == link.state.to_string())
            .map(|s| (s, None));
        let mut problems = ctx.props().problems.clone();
        if let (Some(seed), None) = (link.seed, &scrambled) {
            problems.push(format!(
                "seed {seed} scrambles to a different cube than this state; the seed is left out"
            ));
        }
        let mut page = RubikPage {
            cube: link.state,
            undo: Vec::new(),
            redo: Vec::new(),
            step: link.step as usize,
            solution: link.solution,
            report: None,
            scrambled,
            seed: link.seed.map_or(1, |s| s.wrapping_add(1)),
            max_length: link.max_length,
            paint: None,
            moves_text: String::new(),
            state_draft: None,
            copied: false,
            problems,
            bridge,
            job: 0,
            busy: Busy::Idle,
            playing: false,
            speed: DEFAULT_SPEED,
            timer: None,
            _keys: {
                let link = ctx.link().clone();
                KeyListener::new(move |k| link.send_message(Msg::Key(k)))
            },
        };
        if let Some((seed, _)) = page.scrambled {
            page.request_scramble_moves(seed);
        }
        if !page.problems.is_empty() {
            page.write_url();
        }
        page
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        self.handle(ctx, msg)
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        self.render(ctx)
    }
}

impl RubikPage {
    fn handle(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Sticker(i) => match self.paint {
                Some(colour) if self.shown().0[i] != colour => {
                    let mut painted = self.shown();
                    painted.0[i] = colour;
                    self.change(painted);
                }
                Some(_) => return false,
                None => {
                    self.problems = vec![format!(
                        "to recolour {}, pick a colour in the palette first",
                        facelet_name(i)
                    )]
                }
            },
            Msg::Turn(m) => self.change(self.shown().apply(m)),
            Msg::MovesText(text) => {
                self.moves_text = text;
                return false;
            }
            Msg::ApplyText => match parse_moves(&self.moves_text) {
                Ok(moves) if moves.is_empty() => return false,
                Ok(moves) => {
                    self.change(self.shown().apply_all(&moves));
                    self.problems.clear();
                }
                Err(e) => self.problems = vec![format!("moves: {e}")],
            },
            Msg::StateText(text) => {
                self.state_draft = Some(text);
                return false;
            }
            Msg::LoadState => {
                let text = self.state_draft.clone().unwrap_or_default();
                match parse_rubik_state(&text) {
                    Ok(state) => {
                        self.problems.clear();
                        self.change(state);
                    }
                    Err(e) => self.problems = vec![format!("facelets: {e}")],
                }
            }
            Msg::Copy => {
                let text = self.shown().to_string();
                let navigator = web_sys::window().map(|w| w.navigator());
                // Only secure pages have a clipboard; calling it elsewhere would throw.
                match navigator.filter(|n| {
                    js_sys::Reflect::get(n, &"clipboard".into()).is_ok_and(|c| !c.is_undefined())
                }) {
                    Some(n) => {
                        let _ = n.clipboard().write_text(&text);
                        self.copied = true;
                    }
                    None => {
                        self.problems = vec![
                            "this page has no clipboard (it needs https): select the facelets and copy them".into(),
                        ]
                    }
                }
            }
            Msg::Undo => {
                if let Some(previous) = self.undo.pop() {
                    self.redo.push(self.shown());
                    self.set_cube(previous);
                }
            }
            Msg::Redo => {
                if let Some(next) = self.redo.pop() {
                    self.undo.push(self.shown());
                    self.set_cube(next);
                }
            }
            Msg::Seed(text) => match text.trim().parse() {
                Ok(seed) => self.seed = seed,
                Err(_) => {
                    self.problems = vec![format!(
                        "the seed must be a whole number from 0 to {}, not '{text}'",
                        u64::MAX
                    )]
                }
            },
            Msg::Scramble => {
                let seed = self.seed;
                self.change(random_cube(seed).facelets());
                self.scrambled = Some((seed, None));
                self.seed = seed.wrapping_add(1);
                self.write_url();
                self.request_scramble_moves(seed);
            }
            Msg::Palette(colour) => self.paint = colour,
            Msg::Reset => self.change(Facelets::solved()),
            Msg::MaxLength(text) => match text.trim().parse::<u8>() {
                Ok(n) if (1..=30).contains(&n) => {
                    self.max_length = n;
                    self.write_url();
                }
                _ => {
                    self.problems = vec![format!(
                        "the longest solution to accept is 1 to 30 moves, not '{text}'"
                    )]
                }
            },
            Msg::Solve => self.solve(),
            Msg::Stop => {
                if matches!(self.busy, Busy::Searching { .. }) {
                    self.bridge.send(Request::new(self.job, Ask::Cancel));
                }
            }
            Msg::Worker(response) => self.on_worker(response),
            Msg::Playback(action) => self.on_playback(ctx, action),
            Msg::Speed(speed) => {
                self.speed = speed;
                if self.playing {
                    self.start_timer(ctx);
                }
            }
            Msg::Tick => {
                self.step += 1;
                if self.step >= self.solution.len() {
                    self.step = self.solution.len();
                    self.stop();
                }
            }
            Msg::Scrub(k) => {
                self.step = k.min(self.solution.len());
                self.stop();
            }
            Msg::Key(key) => self.on_playback(ctx, key.resolve(self.playing)),
            Msg::Dismiss => self.problems.clear(),
        }
        true
    }

    /// The cube as displayed: the solution played up to `step`.
    fn shown(&self) -> Facelets {
        self.cube
            .apply_all(&self.solution[..self.step.min(self.solution.len())])
    }

    /// A turn, paint, scramble or load: the new cube replaces the solution (and stops a
    /// search for the old cube).
    fn change(&mut self, next: Facelets) {
        self.undo.push(self.shown());
        self.redo.clear();
        self.set_cube(next);
    }

    fn set_cube(&mut self, next: Facelets) {
        if !matches!(self.busy, Busy::Idle) {
            self.bridge.send(Request::new(self.job, Ask::Cancel));
            self.job += 1; // its last answer is stale now
            self.busy = Busy::Idle;
        }
        self.cube = next;
        self.scrambled = None;
        self.solution.clear();
        self.report = None;
        self.step = 0;
        self.state_draft = None;
        self.copied = false;
        self.stop_timer();
        self.write_url();
    }

    fn request_scramble_moves(&mut self, seed: u64) {
        self.job += 1;
        self.busy = Busy::Scramble { tables: false };
        self.bridge
            .send(Request::new(self.job, Ask::RubikScramble { seed }));
    }

    fn solve(&mut self) {
        let cube = self.shown();
        if let Err(e) = Cube::from_facelets(&cube) {
            self.problems = vec![format!("not a real cube: {e}")];
            return;
        }
        // The solution will play from the cube as it is now.
        self.cube = cube;
        self.solution.clear();
        self.step = 0;
        self.stop_timer();
        self.job += 1;
        self.busy = Busy::Searching { tables: false };
        self.report = None;
        self.bridge.send(Request::new(
            self.job,
            Ask::RubikSolve {
                state: cube.to_string(),
                max_length: self.max_length,
            },
        ));
        self.write_url();
    }

    fn on_worker(&mut self, response: Response) {
        match response {
            Response {
                job,
                body: Answer::Progress { .. },
            } if job == self.job => match &mut self.busy {
                Busy::Searching { tables } | Busy::Scramble { tables } => *tables = true,
                Busy::Idle => {}
            },
            Response {
                job,
                body: Answer::RubikSearch { mut report },
            } if job == self.job => {
                // A search resent to a fresh worker starts over: until it finds its own,
                // the solutions found before the crash still stand.
                if let Some(before) = self
                    .report
                    .as_ref()
                    .filter(|_| report.improvements.is_empty())
                {
                    report.improvements = before.improvements.clone();
                }
                let mut changed = report.end.is_some();
                if let Some(best) = report.improvements.last() {
                    let moves = parse_moves(&best.moves).unwrap_or_default();
                    if moves != self.solution {
                        self.solution = moves;
                        self.step = 0;
                        self.stop_timer();
                        changed = true; // a new best goes into the link at once
                    }
                }
                let ended = report.end.is_some();
                self.busy = if ended {
                    Busy::Idle
                } else {
                    Busy::Searching { tables: false }
                };
                self.report = Some(report);
                if changed {
                    self.write_url();
                }
            }
            Response {
                job,
                body: Answer::RubikScramble { seed, moves, .. },
            } if job == self.job => {
                self.busy = Busy::Idle;
                if let Some((s, known)) = &mut self.scrambled {
                    if *s == seed {
                        *known = Some(moves);
                    }
                }
            }
            Response {
                job,
                body: Answer::Cancelled,
            } if job == self.job => {
                // A search stopped before its worker reported (the worker crashed with the
                // Stop on its way): the search has ended all the same.
                if matches!(self.busy, Busy::Searching { .. }) {
                    if let Some(report) = &mut self.report {
                        report.end.get_or_insert(RubikEnd::Stopped);
                    }
                }
                self.busy = Busy::Idle;
            }
            Response {
                job,
                body: Answer::Error { message },
            } if job == self.job => {
                self.busy = Busy::Idle;
                self.problems = vec![message];
            }
            _ => {}
        }
    }

    fn on_playback(&mut self, ctx: &Context<Self>, action: PlaybackAction) {
        let end = self.solution.len();
        match action {
            PlaybackAction::Play if self.step < end => {
                self.playing = true;
                self.start_timer(ctx);
                return;
            }
            PlaybackAction::Play => return,
            other => {
                if let Some(step) = other.target(self.step, end) {
                    self.step = step;
                }
            }
        }
        self.stop();
    }

    fn start_timer(&mut self, ctx: &Context<Self>) {
        let link = ctx.link().clone();
        let period = 1000 / self.speed.max(1);
        self.timer = Some(Interval::new(period, move || link.send_message(Msg::Tick)));
    }

    fn stop_timer(&mut self) {
        self.playing = false;
        self.timer = None;
    }

    fn stop(&mut self) {
        self.stop_timer();
        self.write_url();
    }

    fn write_url(&self) {
        let link = RubikLink {
            state: self.cube,
            solution: self.solution.clone(),
            step: self.step as u32,
            seed: self.scrambled.as_ref().map(|(s, _)| *s),
            max_length: self.max_length,
        };
        location::replace_hash(&encode_route(&Route::Rubik(link)));
    }

    fn status(&self, fault: Option<&str>) -> (&'static str, String) {
        match self.busy {
            Busy::Searching { tables: true } | Busy::Scramble { tables: true } => {
                return (
                    "running",
                    "Building the search tables (about 5 MB, once per session)…".into(),
                )
            }
            Busy::Searching { .. } => {
                let text = match self.report.as_ref().and_then(|r| r.improvements.last()) {
                    Some(b) => format!("Searching for shorter than {} moves…", b.length),
                    None => "Searching…".into(),
                };
                return ("running", text);
            }
            Busy::Scramble { .. } => {
                return (
                    "running",
                    "Working out moves that reach the scramble…".into(),
                )
            }
            Busy::Idle => {}
        }
        let shown = self.shown();
        if self.playing {
            ("running", "Playing the solution…".into())
        } else if fault.is_some() {
            (
                "error",
                "This colouring is not a real cube: paint it to match yours.".into(),
            )
        } else if shown.is_solved() {
            ("solved", "Solved: every face is one colour.".into())
        } else if let Some((end, best)) = self.report.as_ref().and_then(|r| {
            r.end
                .filter(|e| *e != RubikEnd::NoneThatShort)
                .zip(r.improvements.last())
        }) {
            let how = if end == RubikEnd::Optimal {
                "An optimal solution"
            } else {
                "Stopped with a solution"
            };
            (
                "idle",
                format!(
                    "{how} of {} moves: play it back below, or turn the cube for another.",
                    best.length
                ),
            )
        } else if self.report.as_ref().and_then(|r| r.end) == Some(RubikEnd::NoneThatShort) {
            (
                "impossible",
                format!(
                    "No solution of at most {} moves: raise the limit.",
                    self.max_length
                ),
            )
        } else {
            (
                "idle",
                "Turn, scramble or paint the cube, then press Solve.".into(),
            )
        }
    }

    fn palette(&self, shown: &Facelets) -> Vec<u8> {
        let mut seen = Vec::new();
        for &c in [4, 13, 22, 31, 40, 49]
            .iter()
            .map(|&i| &shown.0[i])
            .chain(shown.0.iter())
            .chain(FACE_LETTERS.iter())
        {
            if !seen.contains(&c) {
                seen.push(c);
            }
        }
        seen
    }

    fn render(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let shown = self.shown();
        let fault = Cube::from_facelets(&shown).err();
        let (status, status_text) = self.status(fault.as_ref().map(|e| e.message.as_str()));
        let searching = matches!(self.busy, Busy::Searching { .. });
        let on_moves = link.callback(|e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            Msg::MovesText(input.value())
        });
        let on_state = link.callback(|e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            Msg::StateText(input.value())
        });
        let paint_action = self
            .paint
            .map(|c| AttrValue::from(format!("click to paint {}", colour_name(c))));
        html! {
            <section class="workbench rubik" aria-labelledby="rubik-title">
                <h2 id="rubik-title">{"Rubik's cube (3×3×3)"}</h2>
                <details class="how"><summary>{"How it works"}</summary>
                    <p>{ "A 3×3×3 cube has 43,252,003,274,489,856,000 positions: far too many for a table. Kociemba's two-phase search splits the job. Phase 1 turns the cube into the positions that U, D and half turns of the other faces can solve (no twisted corners, no flipped edges, the middle-layer edges in the middle layer); phase 2 solves it with those turns only. Each phase has tables of exact distances for parts of the cube, built once in the worker, that prune hopeless branches." }</p>
                    <p>{ "The search is anytime: it tries phase-1 sequences of growing length, and each one completed more briefly than the best so far gives a shorter solution. It stops when it proves nothing shorter exists, when no solution is within the length limit, or when you press Stop." }</p>
                </details>
                <Alert problems={self.problems.clone()} ondismiss={link.callback(|_| Msg::Dismiss)} />
                <p class="status" data-status={status} role="status" aria-live="polite">
                    { status_text }
                    if matches!(self.busy, Busy::Searching { tables: true } | Busy::Scramble { tables: true }) {
                        {" "}<progress class="tables-progress" aria-label="Building the search tables"></progress>
                    }
                    if searching {
                        {" "}<button type="button" onclick={link.callback(|_| Msg::Stop)} data-action="stop">{"Stop"}</button>
                    }
                </p>
                if let Some(e) = &fault {
                    <p class="invalid" role="alert" data-validity="invalid" data-fault={format!("{:?}", e.fault)}>
                        { match culprit(&shown, e.fault) {
                            Some(who) => format!("Not a real cube: {who} — {}.", e.message.trim_end_matches('.')),
                            None => format!("Not a real cube: {}.", e.message.trim_end_matches('.')),
                        } }
                    </p>
                }
                <div class="cube-layout">
                    <div>
                        <RubikNet facelets={shown} onclick={link.callback(Msg::Sticker)} action={paint_action} />
                        <div class="palette" role="group" aria-label="Paint colours">
                            <button type="button" class={classes!("brush", self.paint.is_none().then_some("chosen"))}
                                aria-pressed={self.paint.is_none().to_string()} onclick={link.callback(|_| Msg::Palette(None))}>{"no paint"}</button>
                            { for self.palette(&shown).into_iter().map(|c| html! {
                                <button type="button" class={classes!("brush", (self.paint == Some(c)).then_some("chosen"))}
                                    style={format!("background: {}; color: {}", css_colour(c), text_colour(c))} data-paint={(c as char).to_string()}
                                    aria-label={format!("Paint {} ({})", colour_name(c), c as char)} aria-pressed={(self.paint == Some(c)).to_string()}
                                    onclick={link.callback(move |_| Msg::Palette(Some(c)))}>{ c as char }</button>
                            }) }
                        </div>
                        <form class="row facelets-row" onsubmit={link.callback(|e: SubmitEvent| { e.prevent_default(); Msg::LoadState })}>
                            <label>{"Facelets "}<input name="facelets" class="facelets" spellcheck="false" autocomplete="off"
                                value={self.state_draft.clone().unwrap_or_else(|| shown.to_string())} oninput={on_state}
                                aria-label="54 facelets in URFDLB order (U1..U9, R1..R9, F1..F9, D1..D9, L1..L9, B1..B9)"
                                data-facelets={shown.to_string()} /></label>
                            <button type="submit" data-action="load-state">{"Load"}</button>
                            <button type="button" data-action="copy-state" onclick={link.callback(|_| Msg::Copy)}>
                                { if self.copied { "Copied" } else { "Copy" } }
                            </button>
                        </form>
                    </div>
                    <div class="cube-controls">
                        <TurnButtons onturn={link.callback(Msg::Turn)} />
                        <form class="row" onsubmit={link.callback(|e: SubmitEvent| { e.prevent_default(); Msg::ApplyText })}>
                            <label>{"Moves "}<input name="moves" value={self.moves_text.clone()} oninput={on_moves}
                                placeholder="R U R' U' Rw M2 x" aria-label="Moves to apply" spellcheck="false" autocomplete="off" /></label>
                            <button type="submit" data-action="apply">{"Apply"}</button>
                            <button type="button" onclick={link.callback(|_| Msg::Undo)} disabled={self.undo.is_empty()} data-action="undo">{"Undo"}</button>
                            <button type="button" onclick={link.callback(|_| Msg::Redo)} disabled={self.redo.is_empty()} data-action="redo">{"Redo"}</button>
                            <button type="button" onclick={link.callback(|_| Msg::Reset)} data-action="reset-cube">{"Solved cube"}</button>
                        </form>
                        <div class="row">
                            <label>{"Seed "}<DraftInput kind="number" name="seed" min="0" value={self.seed.to_string()} onchange={link.callback(Msg::Seed)} /></label>
                            <button type="button" onclick={link.callback(|_| Msg::Scramble)} data-action="scramble">{"Random state"}</button>
                        </div>
                        if let Some((seed, moves)) = &self.scrambled {
                            <p class="scramble" data-scramble={seed.to_string()} data-scramble-moves={moves.clone().unwrap_or_default()}>
                                { format!("Random state (seed {seed}), every position equally likely: ") }
                                { moves.clone().unwrap_or_else(|| "working out moves that reach it…".into()) }
                            </p>
                        }
                        <div class="row">
                            <label>{"Longest solution "}<DraftInput kind="number" name="max-length" min="1" max="30"
                                value={self.max_length.to_string()} onchange={link.callback(Msg::MaxLength)} />{" moves"}</label>
                            <button type="button" class="primary" onclick={link.callback(|_| Msg::Solve)}
                                disabled={fault.is_some() || self.busy != Busy::Idle} data-action="solve">{"Solve"}</button>
                        </div>
                        if let Some(report) = &self.report {
                            <SearchView report={report.clone()} max_length={self.max_length} running={searching} />
                        }
                        if !self.solution.is_empty() {
                            <p class="solution" data-solution={format_moves(&self.solution)} data-length={self.solution.len().to_string()}>
                                { format!("Solution ({} moves): {}", self.solution.len(), format_moves(&self.solution)) }
                            </p>
                            <Playback playing={self.playing} position={self.step} length={Some(self.solution.len())}
                                speed={self.speed} onaction={link.callback(Msg::Playback)} onspeed={link.callback(Msg::Speed)}
                                onscrub={link.callback(Msg::Scrub)} />
                        }
                    </div>
                </div>
            </section>
        }
    }
}
