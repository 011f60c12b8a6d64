//! The Rubik's cube workbench: turn, scramble (a uniformly random state from a seed) or
//! paint a 3×3×3 cube on its net; the fault is named when a colouring cannot be a cube;
//! the anytime two-phase search runs in the worker, each shorter solution replacing the
//! last; the best plays back on the net.

mod answers;
pub mod net;
pub mod proof_run;
pub mod proof_view;
pub mod prove;
pub mod search_view;
pub mod state;
pub mod turns;

use yew::prelude::*;

use crate::app::contract::Out;
use crate::app::rubik::net::RubikNet;
use crate::app::rubik::proof_view::ProofView;
use crate::app::rubik::search_view::SearchView;
use crate::app::rubik::turns::TurnButtons;
use crate::app::shell::alert::Alert;
use crate::app::shell::location;
use crate::app::widgets::clock::Clock;
use crate::app::widgets::cube3d::Cube3d;
use crate::app::widgets::draft_input::DraftInput;
use crate::app::widgets::keyboard::{KeyAction, KeyListener};
use crate::app::widgets::workbench::{how_it_works, Group, Slots, Workbench};
use crate::app::widgets::worker_bridge::{spawn, Supervised};
use crate::app::widgets::{playback::Playback, timeline::PlaybackAction};
use puzzlelab_links::{encode_route, Route, RubikLink};
use puzzlelab_solver::cube_common::colours::{colour_name, css_colour, text_colour};
use puzzlelab_solver::cube_view::Kind;
use puzzlelab_solver::rubik::culprit::culprit;
use puzzlelab_solver::rubik::{format_moves, Cube};
use puzzlelab_worker::Response;
use state::{Busy, Edit, RubikState};

#[derive(Properties, PartialEq)]
pub struct RubikProps {
    pub link: RubikLink,
    #[prop_or_default]
    pub problems: Vec<String>,
}

pub enum Msg {
    /// A change to the cube, the brush or the limits (`state::Edit`).
    Edit(Edit),
    Copy,
    Scramble,
    Solve,
    /// "Prove optimal": the optimal proof from the cube shown (`prove.rs`).
    Prove,
    Stop,
    Worker(Response),
    /// An answer from proof worker `i`.
    ProofWorker(usize, Response),
    Playback(PlaybackAction),
    Speed(u32),
    Tick,
    Scrub(usize),
    Key(KeyAction),
}

pub struct RubikPage {
    /// Everything the page shows, as plain Rust (`state.rs`).
    state: RubikState,
    bridge: Supervised,
    /// The proof workers, started at the first "Prove optimal" and kept (each holds its
    /// tables for the next proof).
    proof_workers: Vec<Supervised>,
    /// The beat of the solution's playback.
    clock: Clock,
    _keys: Option<KeyListener>,
}

impl Component for RubikPage {
    type Message = Msg;
    type Properties = RubikProps;

    fn create(ctx: &Context<Self>) -> Self {
        let props = ctx.props();
        let scope = ctx.link().clone();
        let bridge = spawn(move |r| scope.send_message(Msg::Worker(r)));
        let mut page = RubikPage {
            state: RubikState::new(props.link.clone(), props.problems.clone()),
            bridge,
            proof_workers: Vec::new(),
            clock: Clock::default(),
            _keys: {
                let link = ctx.link().clone();
                KeyListener::new(move |k| link.send_message(Msg::Key(k)))
            },
        };
        if let Some((seed, _)) = page.state.scrambled {
            let request = page.state.scramble_moves(seed);
            page.bridge.send(request);
        }
        if !page.state.problems.is_empty() {
            page.write_url();
        }
        page
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        let out = self.handle(ctx, msg);
        self.apply(ctx, out)
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        self.render(ctx)
    }
}

impl RubikPage {
    /// What a message means, in the state where it can be (`state.rs`, `answers.rs`,
    /// `prove.rs`); the page itself only reaches the clipboard and starts proof workers.
    fn handle(&mut self, ctx: &Context<Self>, msg: Msg) -> Out {
        match msg {
            Msg::Edit(edit) => self.state.edit(edit),
            Msg::Copy => {
                self.copy();
                Out::redraw()
            }
            Msg::Scramble => self.state.scramble(),
            Msg::Solve => self.state.solve(),
            Msg::Prove => {
                let workers = proof_workers();
                self.start_proof_workers(ctx, workers);
                if self.state.prove(memory_limit_for_testing(), workers) {
                    Out::link().fresh()
                } else {
                    Out::redraw()
                }
            }
            Msg::Stop => {
                self.state.stop();
                Out::redraw()
            }
            Msg::Worker(response) => self.state.answer(response),
            Msg::ProofWorker(i, response) => self.state.proof_answer(i, response),
            Msg::Playback(action) => self.playback(action),
            Msg::Speed(speed) => {
                self.state.play.set_speed(speed);
                Out::redraw()
            }
            Msg::Tick if self.state.play.tick() => Out::link(),
            Msg::Tick => Out::redraw(),
            Msg::Scrub(k) => {
                self.state.play.scrub(k);
                Out::link()
            }
            Msg::Key(key) => self.playback(key.resolve(self.state.play.playing())),
        }
    }

    /// Carries out what the state asked (with what it left in its outbox): the replay's
    /// clock stopped for a new solution, the requests to the page's worker and to the
    /// proof workers, the clock kept on the timeline, the link written; says whether to
    /// draw.
    fn apply(&mut self, ctx: &Context<Self>, out: Out) -> bool {
        let out = out.and(self.state.take_outbox());
        let draws = out.draws();
        if out.fresh {
            self.clock.stop();
        }
        for request in out.send {
            self.bridge.send(request);
        }
        for (i, request) in out.send_to {
            if let Some(worker) = self.proof_workers.get(i) {
                worker.send(request);
            }
        }
        self.follow_clock(ctx);
        if out.write_link {
            self.write_url();
        }
        draws
    }

    /// The facelets to the clipboard, where the page has one.
    fn copy(&mut self) {
        let text = self.state.shown().to_string();
        let navigator = web_sys::window().map(|w| w.navigator());
        // Only secure pages have a clipboard; calling it elsewhere would throw.
        match navigator.filter(|n| {
            js_sys::Reflect::get(n, &"clipboard".into()).is_ok_and(|c| !c.is_undefined())
        }) {
            Some(n) => {
                let _ = n.clipboard().write_text(&text);
                self.state.copied = true;
            }
            None => {
                self.state.problems = vec![
                "this page has no clipboard (it needs https): select the facelets and copy them"
                    .into(),
            ]
            }
        }
    }

    /// Starts proof workers until there are `n` (each supervised: one that crashes is
    /// replaced and its share sent again).
    fn start_proof_workers(&mut self, ctx: &Context<Self>, n: usize) {
        while self.proof_workers.len() < n {
            let i = self.proof_workers.len();
            let scope = ctx.link().clone();
            self.proof_workers
                .push(spawn(move |r| scope.send_message(Msg::ProofWorker(i, r))));
        }
    }

    fn playback(&mut self, action: PlaybackAction) -> Out {
        if self.state.play.apply(action) {
            Out::link()
        } else {
            Out::redraw()
        }
    }

    /// The solution's beat follows its timeline.
    fn follow_clock(&mut self, ctx: &Context<Self>) {
        let link = ctx.link().clone();
        self.clock
            .follow(&self.state.play, move || link.send_message(Msg::Tick));
    }

    fn write_url(&self) {
        location::replace_hash(&encode_route(&Route::Rubik(self.state.link_out())));
    }

    fn render(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let shown = self.state.shown();
        let fault = Cube::from_facelets(&shown).err();
        let (status, status_text) = self
            .state
            .status(fault.as_ref().map(|e| e.message.as_str()));
        let searching = matches!(self.state.busy, Busy::Searching { .. });
        let proving = self.state.busy == Busy::Proving;
        let on_moves = link.callback(|e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            Msg::Edit(Edit::MovesText(input.value()))
        });
        let on_state = link.callback(|e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            Msg::Edit(Edit::StateText(input.value()))
        });
        let paint_action = self
            .state
            .paint
            .map(|c| AttrValue::from(format!("click to paint {}", colour_name(Kind::Rubik, c))));
        let head = html! {
            <>
                <Alert problems={self.state.problems.clone()} ondismiss={link.callback(|_| Msg::Edit(Edit::Dismiss))} />
                <p class="status" data-status={status} role="status" aria-live="polite">
                    { status_text }
                    if matches!(self.state.busy, Busy::Searching { tables: true } | Busy::Scramble { tables: true }) {
                        {" "}<progress class="tables-progress" aria-label="Building the search tables"></progress>
                    }
                    if searching || proving {
                        {" "}<button type="button" onclick={link.callback(|_| Msg::Stop)} data-action="stop">{"Stop"}</button>
                    }
                </p>
            </>
        };
        let stage = html! {
            <>
                if let Some(e) = &fault {
                    <p class="invalid" role="alert" data-validity="invalid" data-fault={format!("{:?}", e.fault)}>
                        { match culprit(&shown, e.fault) {
                            Some(who) => format!("Not a real cube: {who} — {}.", e.message.trim_end_matches('.')),
                            None => format!("Not a real cube: {}.", e.message.trim_end_matches('.')),
                        } }
                    </p>
                }
                // The 3D cube has the stage to itself; the net, as big, heads the dock.
                <div class="cube-views cube3d-only">
                    <Cube3d kind={Kind::Rubik} colours={shown.0.to_vec()} onsticker={link.callback(|i| Msg::Edit(Edit::Sticker(i)))}
                        speed={self.state.play.speed()} orbit={self.state.view3d.unwrap_or_default()}
                        onorbit={link.callback(|v| Msg::Edit(Edit::View3d(v)))} action={paint_action.clone()} />
                </div>
                <div class="palette" role="group" aria-label="Paint colours">
                    <button type="button" class={classes!("brush", self.state.paint.is_none().then_some("chosen"))}
                        aria-pressed={self.state.paint.is_none().to_string()} onclick={link.callback(|_| Msg::Edit(Edit::Palette(None)))}>{"no paint"}</button>
                    { for self.state.palette(&shown).into_iter().map(|c| html! {
                        <button type="button" class={classes!("brush", (self.state.paint == Some(c)).then_some("chosen"))}
                            style={format!("background: {}; color: {}", css_colour(Kind::Rubik, c), text_colour(Kind::Rubik, c))} data-paint={(c as char).to_string()}
                            aria-label={format!("Paint {} ({})", colour_name(Kind::Rubik, c), c as char)} aria-pressed={(self.state.paint == Some(c)).to_string()}
                            onclick={link.callback(move |_| Msg::Edit(Edit::Palette(Some(c))))}>{ c as char }</button>
                    }) }
                </div>
            </>
        };
        let settings = html! {
            <>
                // Scramble and Solve first: the start hint names their buttons.
                <Group legend="Scramble">
                    <div class="row">
                        <label>{"Seed "}<DraftInput kind="number" name="seed" min="0" value={self.state.seed.to_string()} onchange={link.callback(|t| Msg::Edit(Edit::Seed(t)))} /></label>
                        <button type="button" onclick={link.callback(|_| Msg::Scramble)} data-action="scramble">{"Random state"}</button>
                    </div>
                    <div class="scramble-slot">
                    if let Some((seed, moves)) = &self.state.scrambled {
                        <p class="scramble" data-scramble={seed.to_string()} data-scramble-moves={moves.clone().unwrap_or_default()}>
                            { format!("Random state (seed {seed}), every position equally likely: ") }
                            { moves.clone().unwrap_or_else(|| "working out moves that reach it…".into()) }
                        </p>
                    }
                    </div>
                </Group>
                <Group legend="Solve">
                    <label>{"Longest solution "}<DraftInput kind="number" name="max-length" min="1" max="30"
                        value={self.state.max_length.to_string()} onchange={link.callback(|t| Msg::Edit(Edit::MaxLength(t)))} />{" moves"}</label>
                    <div class="row">
                        <button type="button" class="primary" onclick={link.callback(|_| Msg::Solve)}
                            disabled={fault.is_some() || self.state.busy != Busy::Idle} data-action="solve">{"Solve"}</button>
                        <button type="button" onclick={link.callback(|_| Msg::Prove)}
                            disabled={fault.is_some() || self.state.busy != Busy::Idle} data-action="prove"
                            aria-describedby="prove-note">{"Prove optimal"}</button>
                    </div>
                    <label><input type="checkbox" name="small-table" checked={self.state.small_table} disabled={self.state.busy != Busy::Idle}
                        onchange={link.callback(|e: Event| Msg::Edit(Edit::SmallTable(e.target_unchecked_into::<web_sys::HtmlInputElement>().checked())))} />
                        {" Small table (35 MB, slower proofs)"}</label>
                    <p class="hint" id="prove-note" data-tables-bytes={puzzlelab_worker::rubik_optimal::tables_bytes(self.state.small_table).to_string()}>{ self.state.tables_note() }</p>
                </Group>
                <Group legend="Turn" more="Face turns, wide turns, slices and whole-cube rotations in WCA notation; type several moves to apply them at once.">
                    <TurnButtons onturn={link.callback(|m| Msg::Edit(Edit::Turn(m)))} />
                    <form class="row" onsubmit={link.callback(|e: SubmitEvent| { e.prevent_default(); Msg::Edit(Edit::ApplyText) })}>
                        <label>{"Moves "}<input name="moves" value={self.state.moves_text.clone()} oninput={on_moves}
                            placeholder="R U R' U' Rw M2 x" aria-label="Moves to apply" spellcheck="false" autocomplete="off" /></label>
                        <button type="submit" data-action="apply">{"Apply"}</button>
                        <button type="button" onclick={link.callback(|_| Msg::Edit(Edit::Undo))} disabled={self.state.undo.is_empty()} data-action="undo">{"Undo"}</button>
                        <button type="button" onclick={link.callback(|_| Msg::Edit(Edit::Redo))} disabled={self.state.redo.is_empty()} data-action="redo">{"Redo"}</button>
                        <button type="button" onclick={link.callback(|_| Msg::Edit(Edit::Reset))} data-action="reset-cube">{"Solved cube"}</button>
                    </form>
                </Group>
                <Group legend="Facelets" more="54 letters in URFDLB order, each face row by row as seen from outside (Kociemba's order).">
                    <form class="row facelets-row" onsubmit={link.callback(|e: SubmitEvent| { e.prevent_default(); Msg::Edit(Edit::LoadState) })}>
                        <input name="facelets" class="facelets" spellcheck="false" autocomplete="off"
                            value={self.state.state_draft.clone().unwrap_or_else(|| shown.to_string())} oninput={on_state}
                            aria-label="54 facelets in URFDLB order (U1..U9, R1..R9, F1..F9, D1..D9, L1..L9, B1..B9)"
                            data-facelets={shown.to_string()} />
                        <button type="submit" data-action="load-state">{"Load"}</button>
                        <button type="button" data-action="copy-state" onclick={link.callback(|_| Msg::Copy)}>
                            { if self.state.copied { "Copied" } else { "Copy" } }
                        </button>
                    </form>
                </Group>
            </>
        };
        let player = html! {
            if !self.state.solution.is_empty() {
                <p class="solution event" data-solution={format_moves(&self.state.solution)} data-length={self.state.solution.len().to_string()}>
                    { format!("Solution ({} moves): {}", self.state.solution.len(), format_moves(&self.state.solution)) }
                </p>
                <Playback playing={self.state.play.playing()} position={self.state.play.position()} length={Some(self.state.solution.len())}
                    speed={self.state.play.speed()} onaction={link.callback(Msg::Playback)} onspeed={link.callback(Msg::Speed)}
                    onscrub={link.callback(Msg::Scrub)} />
            } else {
                <p class="event hint">{"Press Solve: the solution plays here, turn by turn."}</p>
            }
        };
        let dock = html! {
            <>
                <div class="dock-net">
                    <RubikNet facelets={shown} onclick={link.callback(|i| Msg::Edit(Edit::Sticker(i)))} action={paint_action} />
                </div>
                if let Some(report) = &self.state.proof {
                    <ProofView report={report.clone()} running={proving} run={self.state.run.clone()} />
                }
                if let Some(report) = &self.state.report {
                    <SearchView report={report.clone()} max_length={self.state.max_length} running={searching} />
                }
                { how_it_works(html! {
                    <>
                        <p>{ "A 3×3×3 cube has 43,252,003,274,489,856,000 positions: far too many for a table. Kociemba's two-phase search splits the job. Phase 1 turns the cube into the positions that U, D and half turns of the other faces can solve (no twisted corners, no flipped edges, the middle-layer edges in the middle layer); phase 2 solves it with those turns only. Each phase has tables of exact distances for parts of the cube, built once in the worker, that prune hopeless branches." }</p>
                        <p>{ "The search is anytime: it tries phase-1 sequences of growing length, and each one completed more briefly than the best so far gives a shorter solution. It stops when it proves nothing shorter exists, when no solution is within the length limit, or when you press Stop." }</p>
                    </>
                }) }
            </>
        };
        html! {
            <Workbench name="rubik" title="Rubik's cube (3×3×3)" {head} {settings}
                first={AttrValue::Static("Start here: press Random state, then Solve.")}>
                <Slots {stage} {player} {dock} />
            </Workbench>
        }
    }
}

/// Proof workers: one per core the browser reports, at most
/// [`prove::MAX_PROOF_WORKERS`] (each holds its own copy of the tables).
fn proof_workers() -> usize {
    crate::app::widgets::worker_pool::default_workers().min(prove::MAX_PROOF_WORKERS)
}

/// Browser tests stand in for a tab short of memory by setting
/// `window.puzzlelabMemoryLimitForTesting` (bytes) before the page loads.
fn memory_limit_for_testing() -> Option<u64> {
    let window = web_sys::window()?;
    js_sys::Reflect::get(&window, &"puzzlelabMemoryLimitForTesting".into())
        .ok()?
        .as_f64()
        .filter(|b| *b >= 0.0)
        .map(|b| b as u64)
}
