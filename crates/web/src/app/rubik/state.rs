//! The Rubik's cube workbench's state as plain Rust (no yew, no web-sys), as yew's
//! `function_todomvc` keeps its state: the cube and its undo/redo, the paint brush, the
//! typed moves and facelets, the scramble, the solution with its playback, and what the
//! worker is doing. An edit goes in; the new state comes out with what the page must do
//! (draw, write `link_out`, cancel the worker's job for the cube that was replaced). The
//! component (`mod.rs`) draws this state and talks to the worker and the clipboard.

use super::proof_run::ProofRun;
use crate::app::contract::Out;
use crate::app::widgets::timeline::Timeline;
use puzzlelab_links::{parse_rubik_state, RubikLink};
use puzzlelab_solver::cube_view::Orbit;
use puzzlelab_solver::rubik::facelets::facelet_name;
use puzzlelab_solver::rubik::{parse_moves, random_cube, Facelets, Move};
use puzzlelab_worker::protocol::Ask;
use puzzlelab_worker::protocol::ProofTable;
use puzzlelab_worker::protocol::{ProofEnd, ProofReport, RubikEnd, RubikReport, TablesStage};
use puzzlelab_worker::Request;

pub const DEFAULT_SPEED: u32 = 3;
/// Palette letters offered besides those on the cube: the face letters.
const FACE_LETTERS: &[u8; 6] = b"URFDLB";

/// What the worker is doing for this page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Busy {
    Idle,
    /// The search; `tables` while the worker builds its tables first.
    Searching {
        tables: bool,
    },
    /// Working out the moves of a scramble.
    Scramble {
        tables: bool,
    },
    /// Proving the solution optimal (`prove.rs`).
    Proving,
}

/// A change made on the page, without the worker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Edit {
    Sticker(usize),
    Turn(Move),
    MovesText(String),
    ApplyText,
    StateText(String),
    LoadState,
    Undo,
    Redo,
    Seed(String),
    Palette(Option<u8>),
    Reset,
    MaxLength(String),
    Dismiss,
    /// The 3D view was turned to this angle.
    View3d(Orbit),
    /// The table "Prove optimal" reads (`small-table` or `h16` in the link).
    Table(ProofTable),
}

pub struct RubikState {
    /// The cube as turned or painted; a solution plays from here.
    pub cube: Facelets,
    pub undo: Vec<Facelets>,
    pub redo: Vec<Facelets>,
    pub solution: Vec<Move>,
    /// The solution's playback: the move shown, playing or not.
    pub play: Timeline,
    /// The search whose best solution is shown (none for a solution from a link).
    pub report: Option<RubikReport>,
    /// The optimal proof for this cube, running or ended, as shown.
    pub proof: Option<ProofReport>,
    /// That proof's shares and the two-phase search beside it (`proof_run.rs`).
    pub run: Option<ProofRun>,
    /// Requests for the workers, sent by the page after each change (`take_outbox`).
    pub outbox: Out,
    /// The seed of the scramble that made `cube`, and its moves once the worker has them.
    pub scrambled: Option<(u64, Option<String>)>,
    /// The seed the next scramble uses.
    pub seed: u64,
    pub max_length: u8,
    pub paint: Option<u8>,
    pub moves_text: String,
    /// The facelet field being edited (`None`: it shows the cube).
    pub state_draft: Option<String>,
    pub copied: bool,
    pub problems: Vec<String>,
    /// Job numbers handed out (answers to older ones are ignored).
    pub job: u32,
    pub busy: Busy,
    /// The 3D view's angle (`None`: the default), for the link.
    pub view3d: Option<Orbit>,
    /// The table proofs read beside the corner table (`prove.rs`).
    pub table: ProofTable,
    /// "Save animation": the run asked and a recording on its helper worker.
    pub recorder: crate::app::widgets::recorder::Recorder,
    /// The code view of the search's phases is shown in the dock, and the recorded step
    /// it shows (`code_steps.rs`).
    pub code_shown: bool,
    pub code_step: usize,
}

impl RubikState {
    /// The state an opened link describes. The link's seed counts only if it made the
    /// link's cube.
    pub fn new(link: RubikLink, mut problems: Vec<String>) -> RubikState {
        let scrambled = link
            .seed
            .filter(|&s| random_cube(s).to_string() == link.state.to_string())
            .map(|s| (s, None));
        if let (Some(seed), None) = (link.seed, &scrambled) {
            problems.push(format!(
                "seed {seed} scrambles to a different cube than this state; the seed is left out"
            ));
        }
        let mut play = Timeline::new(0, DEFAULT_SPEED);
        play.load(link.solution.len(), link.step as usize);
        RubikState {
            cube: link.state,
            undo: Vec::new(),
            redo: Vec::new(),
            solution: link.solution,
            play,
            report: None,
            code_shown: link.code,
            code_step: 0,
            proof: None,
            run: None,
            outbox: Out::default(),
            scrambled,
            seed: link.seed.map_or(1, |s| s.wrapping_add(1)),
            max_length: link.max_length,
            paint: None,
            moves_text: String::new(),
            state_draft: None,
            copied: false,
            problems,
            job: 0,
            busy: Busy::Idle,
            view3d: link.view3d,
            table: link.table,
            recorder: crate::app::widgets::recorder::Recorder::new(
                crate::app::page::Worker::Helper(crate::app::rubik::recording::RECORDER),
            ),
        }
    }

    /// An edit: the new cube, brush or limits, and what the page must do.
    pub fn edit(&mut self, edit: Edit) -> Out {
        match edit {
            Edit::Sticker(i) => match self.paint {
                Some(colour) if self.shown().0[i] != colour => {
                    let mut painted = self.shown();
                    painted.0[i] = colour;
                    self.change(painted)
                }
                Some(_) => Out::nothing(),
                None => self.problem(format!(
                    "to recolour {}, pick a colour in the palette first",
                    facelet_name(i)
                )),
            },
            Edit::Turn(m) => self.change(self.shown().apply(m)),
            Edit::MovesText(text) => {
                self.moves_text = text;
                Out::nothing()
            }
            Edit::ApplyText => match parse_moves(&self.moves_text) {
                Ok(moves) if moves.is_empty() => Out::nothing(),
                Ok(moves) => {
                    self.problems.clear();
                    self.change(self.shown().apply_all(&moves))
                }
                Err(e) => self.problem(format!("moves: {e}")),
            },
            Edit::StateText(text) => {
                self.state_draft = Some(text);
                Out::nothing()
            }
            Edit::LoadState => {
                let text = self.state_draft.clone().unwrap_or_default();
                match parse_rubik_state(&text) {
                    Ok(state) => {
                        self.problems.clear();
                        self.change(state)
                    }
                    Err(e) => self.problem(format!("facelets: {e}")),
                }
            }
            Edit::Undo => match self.undo.pop() {
                Some(previous) => {
                    self.redo.push(self.shown());
                    self.set_cube(previous)
                }
                None => Out::nothing(),
            },
            Edit::Redo => match self.redo.pop() {
                Some(next) => {
                    self.undo.push(self.shown());
                    self.set_cube(next)
                }
                None => Out::nothing(),
            },
            Edit::Seed(text) => match text.trim().parse() {
                Ok(seed) => {
                    self.seed = seed;
                    Out::redraw()
                }
                Err(_) => self.problem(format!(
                    "the seed must be a whole number from 0 to {}, not '{text}'",
                    u64::MAX
                )),
            },
            Edit::Palette(colour) => {
                self.paint = colour;
                Out::redraw()
            }
            Edit::Reset => self.change(Facelets::solved()),
            Edit::MaxLength(text) => match text.trim().parse::<u8>() {
                Ok(n) if (1..=30).contains(&n) => {
                    self.max_length = n;
                    Out::link()
                }
                _ => self.problem(format!(
                    "the longest solution to accept is 1 to 30 moves, not '{text}'"
                )),
            },
            Edit::Dismiss => {
                self.problems.clear();
                Out::redraw()
            }
            Edit::View3d(view) => {
                self.view3d = (view != Orbit::default()).then_some(view);
                Out {
                    write_link: true,
                    ..Out::nothing()
                }
            }
            Edit::Table(table) => {
                self.table = table;
                Out::link()
            }
        }
    }

    fn problem(&mut self, message: String) -> Out {
        self.problems = vec![message];
        Out::redraw()
    }

    /// A random state from the next seed, and the worker asked for its moves.
    pub fn scramble(&mut self) -> Out {
        let seed = self.seed;
        let out = self.change(random_cube(seed).facelets());
        self.scrambled = Some((seed, None));
        self.seed = seed.wrapping_add(1);
        out.send([self.scramble_moves(seed)])
    }

    /// The cube as displayed: the solution played up to the move shown.
    pub fn shown(&self) -> Facelets {
        self.cube
            .apply_all(&self.solution[..self.play.position().min(self.solution.len())])
    }

    /// A turn, paint, scramble or load: the new cube replaces the solution (and stops a
    /// search for the old cube); the old one can be had back with Undo.
    fn change(&mut self, next: Facelets) -> Out {
        self.undo.push(self.shown());
        self.redo.clear();
        self.set_cube(next)
    }

    fn set_cube(&mut self, next: Facelets) -> Out {
        // A proof's workers are told to stop through the outbox.
        self.end_proof(ProofEnd::Stopped);
        self.stop_keeping();
        let cancel = (self.busy != Busy::Idle).then(|| {
            let stale = self.job;
            self.job += 1; // its last answer is stale now
            self.busy = Busy::Idle;
            stale
        });
        self.cube = next;
        self.scrambled = None;
        self.solution.clear();
        self.report = None;
        self.proof = None;
        self.run = None;
        self.play.load(0, 0);
        self.state_draft = None;
        self.copied = false;
        Out::link().send(cancel.map(|job| Request::new(job, Ask::Cancel)))
    }

    /// A new best solution from the search: it plays from the start.
    pub fn set_solution(&mut self, moves: Vec<Move>) {
        self.play.load(moves.len(), 0);
        self.solution = moves;
    }

    /// The link that describes what is shown.
    pub fn link_out(&self) -> RubikLink {
        RubikLink {
            state: self.cube,
            solution: self.solution.clone(),
            step: self.play.position() as u32,
            seed: self.scrambled.as_ref().map(|(s, _)| *s),
            max_length: self.max_length,
            view3d: self.view3d,
            table: self.table,
            code: self.code_shown,
        }
    }

    /// The page hook `data-status` and the state line, given what is wrong with the
    /// colouring (if anything).
    pub fn status(&self, fault: Option<&str>) -> (&'static str, String) {
        match self.busy {
            Busy::Searching { tables: true } | Busy::Scramble { tables: true } => {
                return (
                    "running",
                    "Building the search tables (about 14 MB, once per session)…".into(),
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
            Busy::Proving => return ("running", self.proving_text()),
            Busy::Idle => {}
        }
        let shown = self.shown();
        if self.play.playing() {
            ("running", "Playing the solution…".into())
        } else if fault.is_some() {
            (
                "error",
                "This colouring is not a real cube: paint it to match yours.".into(),
            )
        } else if shown.is_solved() {
            ("solved", "Solved: every face is one colour.".into())
        } else if let Some(p) = self
            .proof
            .as_ref()
            .filter(|p| p.length > 0 && p.end.is_some())
        {
            let text = if p.end == Some(ProofEnd::Optimal) {
                format!(
                    "Proven optimal: {} moves, and nothing shorter exists.",
                    p.length
                )
            } else {
                format!(
                    "Best found: {} moves; nothing shorter than {} exists.",
                    p.length, p.proven
                )
            };
            ("idle", text)
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

    fn proving_text(&self) -> String {
        let Some(p) = &self.proof else {
            return "Proving optimal: starting…".into();
        };
        match &p.tables.stage {
            TablesStage::Reading => {
                "Proving optimal: looking for its tables in this browser…".into()
            }
            TablesStage::Building { table, .. } => format!(
                "Proving optimal: building the {table} table (once; {} MB in all)…",
                p.tables.bytes.div_ceil(1_000_000)
            ),
            TablesStage::Keeping | TablesStage::Ready => format!(
                "Proving optimal: searching depth {} (best {} moves)…",
                p.depth, p.length
            ),
        }
    }

    /// The brushes: the centres' colours first, then any other letter on the cube, then
    /// the face letters.
    pub fn palette(&self, shown: &Facelets) -> Vec<u8> {
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::widgets::timeline::PlaybackAction;
    use puzzlelab_links::{decode_route, encode_route, Route};
    use puzzlelab_solver::rubik::{format_moves, Cube};

    fn state(link: &str) -> RubikState {
        let decoded = decode_route(link);
        let Route::Rubik(link) = decoded.value else {
            panic!("{link} is a Rubik's cube link");
        };
        RubikState::new(link, decoded.problems)
    }

    fn reopened(s: &RubikState) -> RubikState {
        state(&encode_route(&Route::Rubik(s.link_out())))
    }

    #[test]
    fn the_3d_view_angle_goes_into_the_link_and_the_default_stays_out() {
        let mut s = state("#/rubik?view3d=100,-20");
        assert_eq!(s.view3d, Some(Orbit::new(100, -20)));
        let e = s.edit(Edit::View3d(Orbit::new(10, 5)));
        assert!(e.write_link && !e.redraw);
        assert_eq!(reopened(&s).view3d, Some(Orbit::new(10, 5)));
        s.edit(Edit::View3d(Orbit::default()));
        assert_eq!(s.link_out().view3d, None);
    }

    #[test]
    fn typed_moves_turn_the_cube_and_undo_takes_them_back() {
        let mut s = state("#/rubik");
        s.edit(Edit::MovesText("R U R' U'".into()));
        let e = s.edit(Edit::ApplyText);
        assert!(e.write_link && e.redraw);
        let turned = Facelets::solved().apply_all(&parse_moves("R U R' U'").unwrap());
        assert_eq!(s.shown(), turned);
        assert_eq!(reopened(&s).shown(), turned, "the link carries the cube");
        s.edit(Edit::Undo);
        assert!(s.shown().is_solved());
        s.edit(Edit::Redo);
        assert_eq!(s.shown(), turned);
        assert_eq!(s.edit(Edit::Redo), Out::nothing(), "nothing left to redo");
    }

    #[test]
    fn bad_text_says_why_and_keeps_the_cube() {
        let mut s = state("#/rubik");
        s.edit(Edit::MovesText("R Q".into()));
        s.edit(Edit::ApplyText);
        assert!(s.problems[0].starts_with("moves:"), "{:?}", s.problems);
        assert!(s.shown().is_solved());
        s.edit(Edit::StateText("UUU".into()));
        s.edit(Edit::LoadState);
        assert!(s.problems[0].starts_with("facelets:"), "{:?}", s.problems);
        s.edit(Edit::MaxLength("31".into()));
        assert_eq!(s.max_length, state("#/rubik").max_length);
        s.edit(Edit::Seed("-1".into()));
        assert!(s.problems[0].contains("whole number"));
    }

    #[test]
    fn painting_needs_a_brush_and_can_make_an_impossible_cube() {
        let mut s = state("#/rubik");
        s.edit(Edit::Sticker(0));
        assert!(s.problems[0].contains("pick a colour"), "{:?}", s.problems);
        s.edit(Edit::Palette(Some(b'R')));
        assert!(s.edit(Edit::Sticker(0)).write_link);
        assert_eq!(s.shown().0[0], b'R');
        assert!(
            Cube::from_facelets(&s.shown()).is_err(),
            "one red sticker on U is no cube"
        );
        assert_eq!(s.edit(Edit::Sticker(0)), Out::nothing(), "already red");
    }

    #[test]
    fn a_new_cube_cancels_the_search_for_the_old_one() {
        let mut s = state("#/rubik");
        s.job = 4;
        s.busy = Busy::Searching { tables: false };
        let e = s.edit(Edit::Turn(parse_moves("F").unwrap()[0]));
        assert!(
            matches!(&e.send[..], [r] if r.job == 4 && matches!(r.body, Ask::Cancel)),
            "{e:?}"
        );
        assert!(s.job > 4, "the old search's answers are ignored");
        assert_eq!(s.busy, Busy::Idle);
        assert!(
            s.edit(Edit::Reset).send.is_empty(),
            "nothing to cancel when idle"
        );
    }

    #[test]
    fn a_scramble_is_the_seeded_random_state_and_the_seed_moves_on() {
        let mut s = state("#/rubik");
        let first = s.seed;
        let out = s.scramble();
        let seed = first;
        assert!(out.write_link);
        assert!(
            out.send
                .iter()
                .any(|r| r.body
                    == Ask::Rubik(puzzlelab_worker::protocol::RubikAsk::Scramble { seed }))
        );
        assert_eq!(s.shown().to_string(), random_cube(seed).to_string());
        assert_eq!(s.seed, first + 1);
        assert_eq!(reopened(&s).scrambled.map(|(s, _)| s), Some(seed));
    }

    #[test]
    fn a_solution_plays_from_its_start_and_the_link_keeps_the_move() {
        let mut s = state("#/rubik");
        s.edit(Edit::MovesText("R U".into()));
        s.edit(Edit::ApplyText);
        let solution = parse_moves("U' R'").unwrap();
        s.set_solution(solution.clone());
        assert_eq!(s.play.position(), 0);
        s.play.apply(PlaybackAction::StepForward);
        let back = reopened(&s);
        assert_eq!(format_moves(&back.solution), format_moves(&solution));
        assert_eq!(back.play.position(), 1);
        assert_eq!(back.shown(), s.shown());
        s.play.apply(PlaybackAction::End);
        assert!(s.shown().is_solved());
        assert_eq!(s.status(None).0, "solved");
    }
}
