//! The N-queens workbench: place queens by hand, watch backtracking place them with its
//! counters, browse every solution with its symmetry class, and count them all.

pub mod board;
pub mod count;

use gloo_timers::callback::Interval;
use yew::prelude::*;

use crate::app::queens::board::QueensBoard;
use crate::app::queens::count::QueensCount;
use crate::app::shell::alert::Alert;
use crate::app::shell::location;
use crate::app::widgets::draft_input::DraftInput;
use crate::app::widgets::keyboard::{KeyAction, KeyListener};
use crate::app::widgets::playback::{Playback, PlaybackAction};
use crate::share::{encode_route, CountRun, QueensLink, QueensMode, Route};
use crate::solver::queens::symmetry::{classify, NAMES};
use crate::solver::queens::{placement_names, QueensEvent, QueensSearch, MAX_N};
use crate::solver::{Status, StepMachine};

const DEFAULT_SPEED: u32 = 20;
/// Steps per frame when running to the end or to the next solution.
const SEEK_STEPS_PER_TICK: u64 = 50_000;

#[derive(Properties, PartialEq)]
pub struct QueensProps {
    pub link: QueensLink,
    #[prop_or_default]
    pub problems: Vec<String>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Seek {
    /// Animate at `speed` steps per second.
    Play,
    /// Run flat out (a frame at a time) until the next solution.
    NextSolution,
    /// Run flat out to the end.
    End,
}

pub enum Msg {
    N(String),
    Mode(QueensMode),
    Square((u32, u32)),
    ClearHand,
    Playback(PlaybackAction),
    Speed(u32),
    Tick,
    NextSolution,
    PreviousSolution,
    Dismiss,
    Scrub(usize),
    Key(KeyAction),
}

pub struct QueensPage {
    n: u32,
    mode: QueensMode,
    hand: Vec<(u32, u32)>,
    search: QueensSearch,
    last: Option<QueensEvent>,
    /// Steps at which solutions were met, in order (for "previous solution").
    solution_steps: Vec<u64>,
    seek: Option<Seek>,
    /// The furthest step reached, the timeline's end.
    furthest: u64,
    speed: u32,
    timer: Option<Interval>,
    problems: Vec<String>,
    /// Workers for counts, kept in the link (the one-off `count=1` is not written back).
    run: CountRun,
    _keys: Option<KeyListener>,
}

fn fresh(n: u32) -> QueensSearch {
    QueensSearch::new(n, false).unwrap_or_else(|_| QueensSearch::new(8, false).expect("8 is valid"))
}

impl Component for QueensPage {
    type Message = Msg;
    type Properties = QueensProps;

    fn create(ctx: &Context<Self>) -> Self {
        let link = &ctx.props().link;
        let mut page = QueensPage {
            n: link.n,
            mode: link.mode,
            hand: link.queens.clone(),
            search: fresh(link.n),
            run: CountRun {
                autostart: false,
                ..link.run
            },
            last: None,
            solution_steps: Vec::new(),
            seek: None,
            furthest: 0,
            speed: DEFAULT_SPEED,
            timer: None,
            problems: ctx.props().problems.clone(),
            _keys: {
                let link = ctx.link().clone();
                KeyListener::new(move |k| link.send_message(Msg::Key(k)))
            },
        };
        if link.step > 0 {
            page.replay_to(link.step);
        }
        if !page.problems.is_empty() {
            page.write_url();
        }
        page
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::N(text) => match text.trim().parse::<u32>() {
                Ok(n) if (1..=MAX_N).contains(&n) => {
                    if n != self.n {
                        self.n = n;
                        self.hand.clear();
                        self.restart();
                        self.write_url();
                    }
                }
                _ => self.problems = vec![format!("N must be 1 to {MAX_N}, not '{text}'")],
            },
            Msg::Mode(mode) => {
                self.mode = mode;
                self.stop();
                self.write_url();
            }
            Msg::Square(sq) => {
                if self.mode != QueensMode::Hand {
                    self.mode = QueensMode::Hand;
                    self.stop();
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
            Msg::Playback(action) => self.on_playback(ctx, action),
            Msg::Speed(speed) => {
                self.speed = speed;
                if self.seek == Some(Seek::Play) {
                    self.start(ctx, Seek::Play);
                }
            }
            Msg::Tick => self.tick(),
            Msg::NextSolution => {
                self.mode = QueensMode::Search;
                self.start(ctx, Seek::NextSolution);
            }
            Msg::PreviousSolution => {
                let here = self.search.stats().steps;
                if let Some(&step) = self.solution_steps.iter().rev().find(|&&s| s < here) {
                    self.stop();
                    self.replay_to(step);
                    self.write_url();
                }
            }
            Msg::Dismiss => self.problems.clear(),
            Msg::Scrub(k) => {
                self.stop();
                self.replay_to(k as u64);
                self.write_url();
            }
            // Playback keys drive the backtracking search, and only when it is showing.
            Msg::Key(_) if self.mode != QueensMode::Search => return false,
            Msg::Key(key) => self.on_playback(ctx, key.resolve(self.seek.is_some())),
        }
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let searching = self.mode == QueensMode::Search;
        let queens: Vec<(u32, u32)> = if searching {
            self.search
                .rows()
                .iter()
                .enumerate()
                .map(|(c, &r)| (c as u32, r))
                .collect()
        } else {
            self.hand.clone()
        };
        let focus = match (searching, self.last) {
            (true, Some(QueensEvent::Place { col, row } | QueensEvent::Solution { col, row })) => {
                Some((col, row))
            }
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
        html! {
            <section class="workbench queens" aria-labelledby="queens-title">
                <h2 id="queens-title">{"N queens"}</h2>
                <details class="how"><summary>{"How it works"}</summary><p>{ "Place N queens so that none attacks another. Trying every board is hopeless (8⁸ boards for N = 8); backtracking puts one queen per column, tries the rows bottom to top, and gives up on a partial board the moment a queen is attacked, so N = 8 needs only 2,057 partial boards." }</p><p>{ "Counting uses bitmasks for the attacked columns and diagonals, searches only half of the first row (the other half is its mirror image), and splits the work into small tasks that your browser's workers take as they finish. Fundamental solutions, up to rotation and reflection, follow from Burnside's lemma." }</p></details>
                <Alert problems={self.problems.clone()} ondismiss={link.callback(|_| Msg::Dismiss)} />
                <div class="rules">
                    <label>{"N "}<DraftInput kind="number" name="n" min="1" max={MAX_N.to_string()}
                        value={self.n.to_string()} onchange={link.callback(Msg::N)} /></label>
                    <div role="tablist" aria-label="Mode">
                        { tab(QueensMode::Hand, "Place by hand") }
                        { tab(QueensMode::Search, "Backtracking") }
                    </div>
                </div>
                <p class="status" data-status={self.status_attr()} role="status" aria-live="polite">{ self.status_text() }</p>
                <QueensBoard n={self.n} {queens} {focus} onclick={link.callback(Msg::Square)} />
                if searching {
                    <Playback playing={self.seek.is_some()} position={self.search.stats().steps as usize}
                        length={None::<usize>} finished={self.search.status().is_finished()} speed={self.speed}
                        onaction={link.callback(Msg::Playback)} onspeed={link.callback(Msg::Speed)}
                        scrub_max={Some(self.furthest.max(self.search.stats().steps) as usize)}
                        onscrub={link.callback(Msg::Scrub)} />
                    <div class="row">
                        <button type="button" onclick={link.callback(|_| Msg::PreviousSolution)} data-action="previous-solution"
                            disabled={!self.solution_steps.iter().any(|&s| s < self.search.stats().steps)}>{"◀ Previous solution"}</button>
                        <button type="button" onclick={link.callback(|_| Msg::NextSolution)} data-action="next-solution"
                            disabled={self.search.status().is_finished()}>{"Next solution ▶"}</button>
                    </div>
                    { self.counters() }
                    { self.symmetry() }
                } else {
                    <div class="row">
                        <button type="button" onclick={link.callback(|_| Msg::ClearHand)} data-action="clear">{"Clear the board"}</button>
                    </div>
                }
                <QueensCount n={self.n} workers={ctx.props().link.run.workers.map(|w| w as usize)}
                        autostart={ctx.props().link.run.autostart} />
            </section>
        }
    }
}

impl QueensPage {
    fn restart(&mut self) {
        self.stop();
        self.furthest = 0;
        self.search = fresh(self.n);
        self.last = None;
        self.solution_steps.clear();
    }

    /// Runs a fresh search to exactly `step` steps (stepping back is replaying).
    fn replay_to(&mut self, step: u64) {
        let known = std::mem::take(&mut self.solution_steps);
        self.search = fresh(self.n);
        self.last = None;
        while self.search.stats().steps < step {
            match self.search.step() {
                Some(event) => self.record(event),
                None => break,
            }
        }
        if known.len() > self.solution_steps.len() {
            self.solution_steps = known;
        }
    }

    fn record(&mut self, event: QueensEvent) {
        self.furthest = self.furthest.max(self.search.stats().steps);
        if let QueensEvent::Solution { .. } = event {
            let step = self.search.stats().steps;
            if !self.solution_steps.contains(&step) {
                self.solution_steps.push(step);
            }
        }
        self.last = Some(event);
    }

    fn start(&mut self, ctx: &Context<Self>, seek: Seek) {
        self.seek = Some(seek);
        let link = ctx.link().clone();
        let period = match seek {
            Seek::Play => (1000 / self.speed.max(1)).max(16),
            _ => 16,
        };
        self.timer = Some(Interval::new(period, move || link.send_message(Msg::Tick)));
    }

    fn stop(&mut self) {
        self.seek = None;
        self.timer = None;
    }

    fn tick(&mut self) {
        let Some(seek) = self.seek else { return };
        // Faster than one step a frame: several steps per tick.
        let budget = match seek {
            Seek::Play => (self.speed as u64 / 60).max(1),
            _ => SEEK_STEPS_PER_TICK,
        };
        for _ in 0..budget {
            match self.search.step() {
                Some(event) => {
                    self.record(event);
                    if seek == Seek::NextSolution && matches!(event, QueensEvent::Solution { .. }) {
                        self.stop();
                        break;
                    }
                }
                None => {
                    self.stop();
                    break;
                }
            }
        }
        if self.seek.is_none() {
            self.write_url();
        }
    }

    fn on_playback(&mut self, ctx: &Context<Self>, action: PlaybackAction) {
        self.mode = QueensMode::Search;
        match action {
            PlaybackAction::Play => {
                if !self.search.status().is_finished() {
                    self.start(ctx, Seek::Play);
                }
                return;
            }
            PlaybackAction::Pause => self.stop(),
            PlaybackAction::StepForward => {
                self.stop();
                if let Some(event) = self.search.step() {
                    self.record(event);
                }
            }
            PlaybackAction::StepBack => {
                self.stop();
                let steps = self.search.stats().steps;
                self.replay_to(steps.saturating_sub(1));
            }
            PlaybackAction::Reset => {
                self.stop();
                self.replay_to(0);
            }
            PlaybackAction::End => {
                self.start(ctx, Seek::End);
                return;
            }
        }
        self.write_url();
    }

    fn write_url(&self) {
        let link = QueensLink {
            n: self.n,
            mode: self.mode,
            queens: self.hand.clone(),
            step: self.search.stats().steps,
            run: self.run,
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
            QueensMode::Search if self.seek.is_some() => "running",
            QueensMode::Search => match self.search.status() {
                Status::Solved => "solved",
                Status::Exhausted => "impossible",
                _ if self.search.rows().len() as u32 == self.n => "solved",
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
                let c = self.search.counters();
                match self.search.status() {
                    Status::Solved | Status::Exhausted => format!(
                        "Search finished: {} solution{} for N = {n}.",
                        c.solutions,
                        if c.solutions == 1 { "" } else { "s" }
                    ),
                    _ if self.search.rows().len() as u32 == n => {
                        format!(
                            "Solution {} found: {}.",
                            c.solutions,
                            placement_names(self.search.rows())
                        )
                    }
                    _ => format!(
                        "Backtracking: column {} of {n}. Press play or step.",
                        self.search.rows().len() + 1
                    ),
                }
            }
        }
    }

    fn counters(&self) -> Html {
        let c = self.search.counters();
        let row = |label: &'static str, key: &'static str, value: u64| {
            html! { <><dt>{ label }</dt><dd data-stat={key}>{ value }</dd></> }
        };
        html! {
            <dl class="stats queens-stats">
                { row("steps", "steps", self.search.stats().steps) }
                { row("depth (queens placed)", "depth", self.search.rows().len() as u64) }
                { row("tree nodes (root included)", "nodes", c.nodes) }
                { row("squares tested, all rows", "tested-all", c.tested_all_rows) }
                { row("squares tested, free rows only", "tested-free", c.tested_free_rows) }
                { row("dead ends", "dead-ends", c.dead_ends) }
                { row("solutions found", "solutions", c.solutions) }
            </dl>
        }
    }

    fn symmetry(&self) -> Html {
        let rows = self.search.rows();
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
