//! The Rubik's cube workbench: turn, scramble (a uniformly random state from a seed) or
//! paint a 3×3×3 cube on its net; the fault is named when a colouring cannot be a cube;
//! the anytime two-phase search runs in the worker, each shorter solution replacing the
//! last; the best plays back on the net.

mod answers;
pub mod code_steps;
pub mod net;
pub mod proof_run;
pub mod proof_view;
pub mod prove;
pub mod recording;
pub mod search_view;
mod settings;
pub mod state;
pub mod table_choice;
pub mod turns;

use yew::html::Scope;
use yew::prelude::*;

use crate::app::code::{phase_steps_text, rubik_phase_vars, CodeView, RUBIK_PHASES};
use crate::app::contract::Out;
use crate::app::page::{Page, Task, Workbench as Contract, Worker};
use crate::app::rubik::code_steps::CodeMsg;
use crate::app::rubik::net::RubikNet;
use crate::app::rubik::proof_view::ProofView;
use crate::app::rubik::search_view::SearchView;
use crate::app::shell::alert::Alert;
use crate::app::shell::clipboard;
use crate::app::widgets::cube3d::Cube3d;
use crate::app::widgets::keyboard::{KeyAction, Keys};
use crate::app::widgets::recorder::RecordMsg;
use crate::app::widgets::save_animation::{self, save_animation};
use crate::app::widgets::timeline::Timeline;
use crate::app::widgets::workbench::{how_it_works, Slots, Workbench};
use crate::app::widgets::{playback::Playback, timeline::PlaybackAction};
use puzzlelab_links::{Route, RubikLink};
use puzzlelab_solver::cube_common::colours::{colour_name, css_colour, text_colour};
use puzzlelab_solver::cube_view::Kind;
use puzzlelab_solver::rubik::culprit::culprit;
use puzzlelab_solver::rubik::{format_moves, Cube};
use puzzlelab_worker::Response;
use state::{Busy, Edit, RubikState};

/// The Rubik's cube's page.
pub type RubikPage = Page<RubikState>;

#[derive(Clone, Debug, PartialEq)]
pub enum Msg {
    /// A change to the cube, the brush or the limits (`state::Edit`).
    Edit(Edit),
    Copy,
    Scramble,
    Solve,
    /// "Prove optimal": the optimal proof from the cube shown (`prove.rs`).
    Prove,
    Stop,
    Playback(PlaybackAction),
    Speed(u32),
    Scrub(usize),
    /// "Save animation": its fields, Record and Cancel.
    Record(RecordMsg),
    /// The code view of the search's phases (`code_steps.rs`).
    Code(CodeMsg),
}

/// What a message means, in the state where it can be (`state.rs`, `answers.rs`,
/// `prove.rs`); the proof's shares go to the page's helper workers.
impl Contract for RubikState {
    type Link = RubikLink;
    type Msg = Msg;
    const KEYS: Keys = Keys::Playback;
    const WARM_WORKER: bool = true;

    fn open(link: RubikLink, problems: Vec<String>) -> (Self, Out) {
        let mut state = RubikState::new(link, problems);
        state.recorder.run_of(state.solution.len());
        let mut out = if state.problems.is_empty() {
            Out::redraw()
        } else {
            Out::link()
        };
        if let Some((seed, _)) = state.scrambled {
            out = out.send([state.scramble_moves(seed)]);
        }
        (state, out)
    }

    fn update(&mut self, msg: Msg) -> Out {
        let out = match msg {
            Msg::Edit(edit) => self.edit(edit),
            Msg::Copy => {
                self.copy();
                Out::redraw()
            }
            Msg::Scramble => self.scramble(),
            Msg::Solve => self.solve(),
            Msg::Prove if self.prove(memory_limit_for_testing(), proof_workers()) => {
                Out::link().fresh()
            }
            Msg::Prove => Out::redraw(),
            Msg::Stop => {
                self.stop();
                Out::redraw()
            }
            Msg::Playback(action) => self.playback(action),
            Msg::Speed(speed) => {
                self.play.set_speed(speed);
                Out::redraw()
            }
            Msg::Scrub(k) => {
                self.play.scrub(k);
                Out::link()
            }
            Msg::Record(msg) => self.record(msg),
            // Showing or hiding the code view changes the link (`view=code`).
            Msg::Code(msg @ CodeMsg::Toggle) => {
                self.code(msg);
                Out::link()
            }
            Msg::Code(msg) => {
                self.code(msg);
                Out::redraw()
            }
        };
        self.recorder.run_of(self.solution.len());
        out.and(self.take_outbox())
    }

    fn tasks(&mut self) -> Vec<Task<Msg>> {
        save_animation::save_task(&mut self.recorder, Msg::Record)
    }

    fn answer(&mut self, from: Worker, response: Response) -> Out {
        let out = match from {
            Worker::Main => RubikState::answer(self, response),
            from if self.recorder.serves(from) => self.recorder.answer(response),
            Worker::Helper(i) => self.proof_answer(i, response),
        };
        self.recorder.run_of(self.solution.len());
        out.and(self.take_outbox())
    }

    fn route(&self) -> Route {
        Route::Rubik(self.link_out())
    }

    fn report(&self) -> crate::app::page::Report {
        crate::app::report::rubik(self)
    }

    fn timeline(&self) -> Option<&Timeline> {
        Some(&self.play)
    }

    fn progress_every(&self) -> Option<u32> {
        (self.busy == Busy::Proving).then_some(RubikState::PROOF_DRAW_MS)
    }

    fn tick(&mut self) -> Out {
        if self.play.tick() {
            Out::link()
        } else {
            Out::redraw()
        }
    }

    fn key(&self, key: KeyAction) -> Option<Msg> {
        key.resolve(self.play.playing()).map(Msg::Playback)
    }

    fn scene(&self) -> Option<puzzlelab_pictures::Scene> {
        let played = !self.solution.is_empty();
        Some(puzzlelab_pictures::Scene::Net {
            kind: puzzlelab_pictures::Kind::Rubik,
            letters: self.shown().0.to_vec(),
            step: played.then(|| (self.play.position(), self.solution.len())),
        })
    }

    fn figures(&self) -> Vec<puzzlelab_pictures::Scene> {
        // The 3D view at the angle shown.
        vec![puzzlelab_pictures::Scene::View3d {
            kind: puzzlelab_pictures::Kind::Rubik,
            letters: self.shown().0.to_vec(),
            orbit: self.view3d.unwrap_or_default(),
        }]
    }

    fn view(&self, link: &Scope<RubikPage>) -> Html {
        render(self, link)
    }
}

impl RubikState {
    fn playback(&mut self, action: PlaybackAction) -> Out {
        if self.play.apply(action) {
            Out::link()
        } else {
            Out::redraw()
        }
    }

    /// The facelets to the clipboard, where the page has one.
    fn copy(&mut self) {
        if clipboard::write_text(&self.shown().to_string()) {
            self.copied = true;
        } else {
            self.problems = vec![
                "this page has no clipboard (it needs https): select the facelets and copy them"
                    .into(),
            ];
        }
    }
}

fn render(state: &RubikState, link: &Scope<RubikPage>) -> Html {
    let shown = state.shown();
    let fault = Cube::from_facelets(&shown).err();
    let (status, status_text) = state.status(fault.as_ref().map(|e| e.message.as_str()));
    let searching = matches!(state.busy, Busy::Searching { .. });
    let proving = state.busy == Busy::Proving;
    let paint_action = state
        .paint
        .map(|c| AttrValue::from(format!("click to paint {}", colour_name(Kind::Rubik, c))));
    let head = html! {
        <>
            <Alert problems={state.problems.clone()} ondismiss={link.callback(|_| Msg::Edit(Edit::Dismiss))} />
            <p class="status" data-status={status} role="status" aria-live="polite">
                { status_text }
                if matches!(state.busy, Busy::Searching { tables: true } | Busy::Scramble { tables: true }) {
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
                    speed={state.play.speed()} orbit={state.view3d.unwrap_or_default()}
                    onorbit={link.callback(|v| Msg::Edit(Edit::View3d(v)))} action={paint_action.clone()} />
            </div>
            <div class="palette" role="group" aria-label="Paint colours">
                <button type="button" class={classes!("brush", state.paint.is_none().then_some("chosen"))}
                    aria-pressed={state.paint.is_none().to_string()} onclick={link.callback(|_| Msg::Edit(Edit::Palette(None)))}>{"no paint"}</button>
                { for state.palette(&shown).into_iter().map(|c| html! {
                    <button type="button" class={classes!("brush", (state.paint == Some(c)).then_some("chosen"))}
                        style={format!("background: {}; color: {}", css_colour(Kind::Rubik, c), text_colour(Kind::Rubik, c))} data-paint={(c as char).to_string()}
                        aria-label={format!("Paint {} ({})", colour_name(Kind::Rubik, c), c as char)} aria-pressed={(state.paint == Some(c)).to_string()}
                        onclick={link.callback(move |_| Msg::Edit(Edit::Palette(Some(c))))}>{ c as char }</button>
                }) }
            </div>
        </>
    };
    let settings = settings::settings(state, link, &shown, fault.is_some());
    let player = html! {
        if !state.solution.is_empty() {
            <p class="solution event" data-solution={format_moves(&state.solution)} data-length={state.solution.len().to_string()}>
                { format!("Solution ({} moves): {}", state.solution.len(), format_moves(&state.solution)) }
            </p>
            <Playback playing={state.play.playing()} position={state.play.position()} length={Some(state.solution.len())}
                speed={state.play.speed()} onaction={link.callback(Msg::Playback)} onspeed={link.callback(Msg::Speed)}
                onscrub={link.callback(Msg::Scrub)} />
        } else {
            <p class="event hint">{"Press Solve: the solution plays here, turn by turn."}</p>
        }
    };
    // A link's `view=code` shows the listing before any search: Solve fills it in.
    let code_shown = state.code_shown;
    let dock = html! {
        <>
            if code_shown || state.phase_step().is_some() {
                <button type="button" class="view-code" data-action="view-code" aria-pressed={code_shown.to_string()}
                    onclick={link.callback(|_| Msg::Code(CodeMsg::Toggle))}>{"The search's code"}</button>
            }
            if code_shown {
                { code_panel(state, link) }
            } else {
                <div class="dock-net">
                    <RubikNet facelets={shown} onclick={link.callback(|i| Msg::Edit(Edit::Sticker(i)))} action={paint_action} />
                </div>
            }
            if !state.solution.is_empty() {
                { save_animation(&state.recorder, state.animation_plan(), state.play.speed(), link.callback(Msg::Record)) }
            }
            if let Some(report) = &state.proof {
                <ProofView report={report.clone()} running={proving} run={state.run.clone()} />
            }
            if let Some(report) = &state.report {
                <SearchView report={report.clone()} max_length={state.max_length} running={searching} />
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

/// The phases' listing at the recorded step shown, with its stepper.
fn code_panel(state: &RubikState, link: &Scope<RubikPage>) -> Html {
    let Some(step) = state.phase_step() else {
        return html! {
            <div class="rubik-code">
                <p class="code-steps hint" data-code-step="none">{"Press Solve: the search's steps show here, line by line."}</p>
                <CodeView name="rubik-phases" listing={RUBIK_PHASES} line={None} vars={Vec::new()} />
            </div>
        };
    };
    let total = state.phase_trace().len();
    let k = state.code_step.min(total - 1);
    let button = |action: &'static str, (label, name): (&'static str, &'static str), msg, off| {
        html! {
            <button type="button" data-action={action} disabled={off} aria-label={name}
                onclick={link.callback(move |_| Msg::Code(msg))}>{ label }</button>
        }
    };
    let last = k + 1 == total;
    // The search's own step count: the trace holds its first steps only.
    let steps = state.report.as_ref().map_or(0, |r| r.steps);
    html! {
        <div class="rubik-code">
            <p class="code-steps" role="group" aria-label="Step through the search"
                data-code-step={k.to_string()} data-code-steps={total.to_string()}>
                { button("code-start", ("|◀", "First step"), CodeMsg::Start, k == 0) }
                { button("code-back", ("◀", "Step back"), CodeMsg::Back, k == 0) }
                { button("code-next", ("▶", "Step"), CodeMsg::Next, last) }
                { button("code-phase", ("Next phase", "On to the next phase event"), CodeMsg::NextPhase, last) }
                { button("code-end", ("▶|", "Last step"), CodeMsg::End, last) }
                <span data-code-search-steps={steps.to_string()}>{ " " }{ phase_steps_text(state.phase_trace(), k, steps) }</span>
            </p>
            <CodeView name="rubik-phases" listing={RUBIK_PHASES} line={Some(step.line)} vars={rubik_phase_vars(step)} />
        </div>
    }
}

/// Proof workers: one per core the browser reports, at most
/// [`prove::MAX_PROOF_WORKERS`] (each holds its own copy of the tables).
fn proof_workers() -> usize {
    crate::app::widgets::pool_count::default_workers().min(prove::MAX_PROOF_WORKERS)
}

/// Browser tests stand in for a tab short of memory by setting
/// `window.puzzlelabMemoryLimitForTesting` (bytes) before the page loads.
fn memory_limit_for_testing() -> Option<u64> {
    let window = crate::app::shell::window::window()?;
    js_sys::Reflect::get(&window, &"puzzlelabMemoryLimitForTesting".into())
        .ok()?
        .as_f64()
        .filter(|b| *b >= 0.0)
        .map(|b| b as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::page_tests::{opened, Served};

    fn open(link: &str) -> (RubikState, Out) {
        let (Route::Rubik(link), problems) = opened(link) else {
            panic!("{link} is a Rubik's cube link");
        };
        <RubikState as Contract>::open(link, problems)
    }

    #[test]
    fn a_scrambled_link_asks_for_moves_that_reach_its_state() {
        let cube = puzzlelab_solver::rubik::scramble::random_cube(3);
        let (mut state, out) = open(&format!("#/rubik?state={cube}&seed=3"));
        assert_eq!(out.send.len(), 1);
        Served::default().run(&mut state, out);
        let (seed, moves) = state.scrambled.clone().expect("scrambled");
        assert_eq!(seed, 3);
        let moves = moves.expect("the moves arrived");
        let solved = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
        let reached = puzzlelab_checkers::sticker::checker_apply(solved, &moves);
        assert_eq!(reached, state.shown().to_string(), "{moves}");
    }

    #[test]
    fn copying_without_a_clipboard_says_how_to_copy_instead() {
        let (mut state, _) = open("#/rubik");
        let out = Contract::update(&mut state, Msg::Copy);
        assert!(out.redraw && !state.copied);
        assert!(state.problems[0].contains("select the facelets"));
    }
}
