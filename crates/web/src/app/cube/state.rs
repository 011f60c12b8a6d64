//! The pocket-cube workbench's state as plain Rust (no yew, no web-sys), as yew's
//! `function_todomvc` keeps its state: the cube and its undo history, the goal, the
//! solution and its playback, the hints, what the worker is doing. A message goes in —
//! a click, a key, or a worker's answer — and out come what the page must do (`Out`):
//! draw, write the link (`link_out`), and the requests to forward to the worker. The
//! component (`mod.rs`) only draws this state and forwards; the tests drive it natively,
//! answering its requests as the worker would.

pub use crate::app::contract::Out;
use crate::app::widgets::numbers::group;
use crate::app::widgets::timeline::{PlaybackAction, Timeline};
use puzzlelab_links::CubeLink;
use puzzlelab_solver::cube::corners::{analyse, POSITIONS_COUNT};
use puzzlelab_solver::cube::geometry::NET_ORDER;
use puzzlelab_solver::cube::goal::hint_move;
use puzzlelab_solver::cube::graph::Hint;
use puzzlelab_solver::cube::moves::{face_turns, Move};
use puzzlelab_solver::cube::scramble::{random_moves, random_position};
use puzzlelab_solver::cube::solve::Costs;
use puzzlelab_solver::cube::walk::TraceStep;
use puzzlelab_solver::cube::{format_moves, parse_moves, Metric, Stickers};
use puzzlelab_solver::cube_view::Orbit;
use puzzlelab_worker::protocol::{CubeAnswer, CubeAsk};
use puzzlelab_worker::protocol::{GraphAnswer, GraphQuery};
use puzzlelab_worker::{Answer, Ask, Request, Response};

pub const DEFAULT_SPEED: u32 = 3;

/// How the next solve is measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    Fewest(Metric),
    Cheapest,
}

/// What the worker is doing for this page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Busy {
    Idle,
    Table {
        metric: Metric,
        filled: u64,
    },
    /// A solve; the solution plays from `from`, and `walk` says it is another of the
    /// optimal solutions (asked for by index) rather than a fresh solve.
    Solving {
        filled: u64,
        from: Stickers,
        walk: Option<u64>,
    },
    Antipode,
}

/// The cube, goal and metric a hint answer belongs to.
pub type HintKeyed = (Stickers, Option<Stickers>, Metric);

/// What each face turn does to the distance from the goal.
#[derive(Clone, Debug)]
pub struct Hints {
    pub key: HintKeyed,
    pub distance: u8,
    /// In `face_turns` order.
    pub list: Vec<Hint>,
}

/// How the solution shown was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solved {
    pub how: Goal,
    /// The optimal distance start → goal.
    pub distance: u32,
    pub cost: Option<u32>,
    /// How many optimal solutions there are, and which this is.
    pub paths: Option<(u64, u64)>,
    /// Trailing whole-cube turns that hold the cube as the goal.
    pub hold: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Msg {
    Sticker(usize),
    /// A face turn: the cube turned, or while guessing at a decision, the guess.
    Turn(Move),
    /// "What would it do next?" on or off.
    Predict(bool),
    MovesText(String),
    ApplyText,
    Undo,
    Redo,
    Seed(String),
    ScrambleLength(String),
    ScramblePosition,
    ScrambleMoves,
    Palette(Option<u8>),
    Reset,
    /// "htm", "qtm" or "weighted".
    Goal(String),
    /// Which turn (0 clockwise, 1 counter-clockwise, 2 half) and its typed cost.
    Cost(usize, String),
    Solve,
    Cancel,
    Worker(Response),
    Playback(PlaybackAction),
    Speed(u32),
    Tick,
    Dismiss,
    Scrub(usize),
    /// The solve's listing a step of the walk forward (`true`) or back.
    Walk(bool),
    GoalSticker(usize),
    GoalText(String),
    ApplyGoalText,
    GoalFromCube,
    PaintGoal,
    ClearGoal,
    Path(u64),
    Hint,
    Antipode,
    WatchBfs,
    CloseBfs,
    BfsStep(u64),
    /// What the search's chart shows now, for "Save picture".
    BfsLayers(puzzlelab_pictures::chart::Layers),
    View3d(Orbit),
    /// "Save animation": its fields, Record and Cancel.
    Record(crate::app::widgets::recorder::RecordMsg),
}

pub struct CubeState {
    /// The cube as turned or painted; a solution plays from here.
    pub cube: Stickers,
    pub undo: Vec<Stickers>,
    pub redo: Vec<Stickers>,
    pub solution: Vec<Move>,
    /// How the solution was found, and the cube's distance then.
    pub solved_by: Option<Solved>,
    /// The optimal solve's walk down the table, when the solution shown is the walk's
    /// (the code view steps it with the solution).
    pub walk: Vec<TraceStep>,
    /// The walk's steps done as the listing's own stepper left them (`walk_steps.rs`);
    /// the solution player's turns move it to the step that took the turn.
    pub walk_at: Option<usize>,
    /// The cube to reach (`None`: solved, however held).
    pub target: Option<Stickers>,
    pub target_text: String,
    /// Which optimal solution is shown (the link's `path`).
    pub path: u64,
    /// A solution from the link, to be matched with its index once the table is there.
    restore: Option<u32>,
    pub hints: Option<Hints>,
    /// The hint request in flight (job, what it asks about).
    hints_asked: Option<(u32, HintKeyed)>,
    pub hints_error: Option<String>,
    /// The hint key was pressed before the hints for this cube arrived.
    hint_queued: bool,
    /// The search player: open at this step (the link's `bfs`), and where it opened.
    pub bfs: Option<u64>,
    pub bfs_start: u64,
    /// The search's chart as last at rest (a figure of "Save picture").
    pub bfs_layers: Option<puzzlelab_pictures::chart::Layers>,
    /// Job numbers handed out so far (long jobs, hints and link restores share them).
    jobs: u32,
    pub goal: Goal,
    pub costs: Costs,
    pub moves_text: String,
    pub scramble_text: Option<String>,
    /// A random position whose scramble moves are being worked out (job, cube).
    scramble_job: Option<(u32, Stickers)>,
    /// A random position waits for the worker to finish building the table.
    scramble_pending: bool,
    pub seed: u64,
    pub scramble_length: usize,
    pub paint: Option<u8>,
    pub problems: Vec<String>,
    /// The long job in hand (table, solve, antipode); its answers are the ones awaited.
    job: u32,
    pub busy: Busy,
    /// Each built table's count of positions by distance.
    pub counts: Vec<(Metric, Vec<u64>)>,
    /// The solution's playback: the move shown, playing or not.
    pub play: Timeline,
    /// The 3D view's angle (`None`: the default), for the link.
    pub view3d: Option<Orbit>,
    /// "Save animation": the run asked and a recording on its helper worker.
    pub recorder: crate::app::widgets::recorder::Recorder,
    /// "What would it do next?" (`predict=1`) and this run's guesses.
    pub predict: bool,
    pub prediction: crate::app::cube::predict::CubePrediction,
    /// Requests made while handling the message in hand.
    outbox: Vec<Request>,
    /// The link changed while handling the message in hand.
    link_changed: bool,
}

impl CubeState {
    /// The state an opened link describes, and its first requests (the distance table).
    pub fn new(link: CubeLink, problems: Vec<String>) -> (CubeState, Out) {
        let mut play = Timeline::new(link.solution.len(), DEFAULT_SPEED);
        play.load(link.solution.len(), link.step as usize);
        let mut state = CubeState {
            cube: link.state,
            undo: Vec::new(),
            redo: Vec::new(),
            play,
            solved_by: None,
            walk: Vec::new(),
            walk_at: None,
            restore: None,
            target: link.goal,
            target_text: link.goal.map(|g| g.to_string()).unwrap_or_default(),
            path: link.path,
            hints: None,
            hints_asked: None,
            hints_error: None,
            hint_queued: false,
            bfs: link.bfs,
            view3d: link.view3d,
            recorder: crate::app::widgets::recorder::Recorder::new(
                crate::app::page::Worker::Helper(crate::app::cube::recording::RECORDER),
            ),
            bfs_start: link.bfs.unwrap_or(0),
            bfs_layers: None,
            jobs: 0,
            solution: link.solution,
            goal: Goal::Fewest(link.metric),
            costs: Costs {
                clockwise: 1,
                counter_clockwise: 2,
                half: 2,
            },
            moves_text: String::new(),
            scramble_text: None,
            scramble_job: None,
            scramble_pending: false,
            seed: 1,
            scramble_length: 12,
            paint: None,
            problems,
            job: 0,
            busy: Busy::Idle,
            counts: Vec::new(),
            predict: link.predict,
            prediction: Default::default(),
            outbox: Vec::new(),
            link_changed: false,
        };
        // First use builds the distance table in the worker, with progress.
        state.request_table(link.metric);
        // A link with problems is written back as what is shown.
        let out = if state.problems.is_empty() {
            Out::redraw()
        } else {
            Out::link()
        };
        let send = std::mem::take(&mut state.outbox);
        (state, out.send(send))
    }

    /// A message in; what to draw and what to send out.
    pub fn update(&mut self, msg: Msg) -> Out {
        if let Msg::Record(msg) = msg {
            return self.record(msg); // its asks go to the recorder's helper
        }
        self.link_changed = false;
        let draw = self.handle(msg);
        self.refresh_hints();
        self.recorder.run_of(self.solution.len());
        let out = match (self.link_changed, draw) {
            (true, _) => Out::link(),
            (false, true) => Out::redraw(),
            (false, false) => Out::nothing(),
        };
        out.send(std::mem::take(&mut self.outbox))
    }

    /// The link that describes what is shown.
    pub fn link_out(&self) -> CubeLink {
        CubeLink {
            state: self.cube,
            solution: self.solution.clone(),
            step: self.play.position() as u32,
            metric: self.metric(),
            goal: self.target,
            path: if self.solution.is_empty() {
                0
            } else {
                self.path
            },
            bfs: self.bfs,
            view3d: self.view3d,
            predict: self.predict,
        }
    }

    fn handle(&mut self, msg: Msg) -> bool {
        match msg {
            Msg::Record(_) => return false, // `update` takes it
            Msg::Sticker(i) => return self.paint_sticker(i),
            Msg::Turn(m) if self.at_decision() => self.link_changed |= self.guess(m),
            Msg::Predict(on) => {
                self.set_predict(on);
                self.link_changed = true;
            }
            Msg::Turn(m) => {
                self.hint_queued = false;
                self.change(self.shown().apply(m));
            }
            Msg::MovesText(text) => {
                self.moves_text = text;
                return false;
            }
            Msg::ApplyText => return self.apply_moves_text(),
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
                    self.problems = vec![format!("the seed must be a whole number, not '{text}'")]
                }
            },
            Msg::ScrambleLength(text) => match text.trim().parse() {
                Ok(n) if n <= 100 => self.scramble_length = n,
                _ => self.problems = vec![format!("a scramble is 0 to 100 moves, not '{text}'")],
            },
            Msg::ScramblePosition => self.scramble_position(),
            Msg::ScrambleMoves => self.scramble_moves(),
            Msg::Palette(colour) => self.paint = colour,
            Msg::Reset => {
                self.change(Stickers::solved());
                self.scramble_text = None;
            }
            Msg::Goal(text) => self.choose_goal(&text),
            Msg::Cost(kind, text) => self.set_cost(kind, &text),
            Msg::Solve => self.solve(),
            Msg::Cancel => {
                if self.busy != Busy::Idle {
                    self.outbox.push(Request::new(self.job, Ask::Cancel));
                }
            }
            Msg::Worker(response) => self.on_worker(response),
            Msg::Playback(action) => {
                self.walk_at = None;
                match self.predicting_playback(action) {
                    Some(changed) => self.link_changed |= changed,
                    None => self.link_changed |= self.play.apply(action),
                }
            }
            Msg::Speed(speed) => self.play.set_speed(speed),
            Msg::Tick => self.link_changed |= self.play.tick(),
            Msg::Dismiss => self.problems.clear(),
            Msg::Scrub(k) => {
                self.walk_at = None;
                self.play.scrub(k);
                self.link_changed = true;
            }
            Msg::Walk(forward) => self.link_changed |= self.step_walk(forward),
            Msg::GoalSticker(i) => return self.paint_goal_sticker(i),
            Msg::GoalText(text) => {
                self.target_text = text;
                return false;
            }
            Msg::ApplyGoalText => self.apply_goal_text(),
            Msg::GoalFromCube => self.set_target(Some(self.shown())),
            Msg::PaintGoal => {
                if self.target.is_none() {
                    self.set_target(Some(Stickers::solved()));
                }
            }
            Msg::ClearGoal => self.set_target(None),
            Msg::Path(index) => self.walk(index),
            // Guessing: the hint would play the answer.
            Msg::Hint if self.at_decision() => return false,
            Msg::Hint => self.hint(),
            Msg::Antipode => self.antipode(),
            Msg::WatchBfs => {
                self.bfs_start = 0;
                self.bfs = Some(0);
                self.link_changed = true;
            }
            Msg::CloseBfs => {
                self.bfs = None;
                self.bfs_layers = None;
                self.link_changed = true;
            }
            Msg::BfsStep(step) => {
                if self.bfs.is_some() {
                    self.bfs = Some(step);
                    self.link_changed = true;
                }
                return false;
            }
            Msg::BfsLayers(layers) => self.bfs_layers = self.bfs.and(Some(layers)),
            Msg::View3d(view) => {
                self.view3d = (view != Orbit::default()).then_some(view);
                self.link_changed = true;
                return false;
            }
        }
        true
    }

    /// Paints sticker `i` in the palette's colour; false if it has that colour already.
    fn paint_sticker(&mut self, i: usize) -> bool {
        match self.paint {
            Some(colour) if self.shown().0[i] != colour => {
                let mut painted = self.shown();
                painted.0[i] = colour;
                self.change(painted);
            }
            Some(_) => return false,
            None => {
                self.problems = vec![format!(
                    "to recolour {}, pick a colour in the palette first",
                    NET_ORDER[i]
                )]
            }
        }
        true
    }

    /// Turns the cube by the moves typed; false if none are typed.
    fn apply_moves_text(&mut self) -> bool {
        match parse_moves(&self.moves_text) {
            Ok(moves) if moves.is_empty() => return false,
            Ok(moves) => {
                self.change(self.shown().apply_all(&moves));
                self.problems.clear();
            }
            Err(e) => self.problems = vec![e],
        }
        true
    }

    /// A random position by the seed; the moves that reach it are asked for.
    fn scramble_position(&mut self) {
        let (position, cube) = random_position(self.seed);
        self.change(cube);
        self.scramble_text = Some(format!(
            "Random position #{} of {} (seed {})",
            group(position as u64),
            group(POSITIONS_COUNT as u64),
            self.seed
        ));
        self.seed = self.seed.wrapping_add(1);
        self.scramble_pending = true;
        self.request_scramble_moves();
    }

    /// Random moves by the seed, from the solved cube.
    fn scramble_moves(&mut self) {
        let moves = random_moves(self.seed, self.scramble_length);
        self.change(Stickers::solved().apply_all(&moves));
        self.scramble_text = Some(format!(
            "Scramble (seed {}): {}",
            self.seed,
            format_moves(&moves)
        ));
        self.seed = self.seed.wrapping_add(1);
    }

    /// "htm", "qtm" or "weighted"; a metric's table is asked for.
    fn choose_goal(&mut self, text: &str) {
        self.goal = match text {
            "weighted" => Goal::Cheapest,
            other => Goal::Fewest(Metric::parse(other).unwrap_or(Metric::Htm)),
        };
        if let Goal::Fewest(metric) = self.goal {
            self.request_table(metric);
        }
        self.link_changed = true;
    }

    /// A turn's cost (0 clockwise, 1 counter-clockwise, 2 half) as typed.
    fn set_cost(&mut self, kind: usize, text: &str) {
        match text.trim().parse::<u8>() {
            Ok(c) if (1..=9).contains(&c) => match kind {
                0 => self.costs.clockwise = c,
                1 => self.costs.counter_clockwise = c,
                _ => self.costs.half = c,
            },
            _ => self.problems = vec![format!("a turn costs 1 to 9, not '{text}'")],
        }
    }

    /// Paints the goal's sticker `i`; false if it has that colour already or there is no
    /// goal to paint.
    fn paint_goal_sticker(&mut self, i: usize) -> bool {
        match (self.paint, self.target) {
            (Some(colour), Some(mut goal)) if goal.0[i] != colour => {
                goal.0[i] = colour;
                self.set_target(Some(goal));
            }
            (Some(_), _) => return false,
            (None, _) => {
                self.problems = vec![format!(
                    "to recolour the goal's {}, pick a colour in the palette first",
                    NET_ORDER[i]
                )]
            }
        }
        true
    }

    /// The goal typed as sticker letters.
    fn apply_goal_text(&mut self) {
        match Stickers::parse(&self.target_text) {
            Ok(goal) => {
                self.problems.clear();
                self.set_target(Some(goal));
            }
            Err(e) => self.problems = vec![format!("goal: {e}")],
        }
    }

    /// The cube as displayed: the solution played up to the timeline's position.
    pub fn shown(&self) -> Stickers {
        let played = &self.solution[..self.play.position().min(self.solution.len())];
        self.cube.apply_all(played)
    }

    /// The metric of the table the page reads (the weighted mode reads the turn table).
    pub fn metric(&self) -> Metric {
        match self.goal {
            Goal::Fewest(m) => m,
            Goal::Cheapest => Metric::Htm,
        }
    }

    pub fn counts_for(&self, metric: Metric) -> Option<&[u64]> {
        self.counts
            .iter()
            .find(|(m, _)| *m == metric)
            .map(|(_, c)| c.as_slice())
    }

    /// Whether the worker holds this metric's table (so graph questions answer at once).
    pub fn table_ready(&self, metric: Metric) -> bool {
        self.counts_for(metric).is_some()
    }

    /// Hints for the cube shown, if they are for it.
    pub fn fresh_hints(&self) -> Option<&Hints> {
        self.hints
            .as_ref()
            .filter(|h| h.key == (self.shown(), self.target, self.metric()))
    }

    /// The turn the hint key would play (for the 3D view's arrow).
    pub fn hint_turn(&self) -> Option<Move> {
        if self.at_decision() {
            return None; // guessing: the arrow would give the answer away
        }
        let hints = self.fresh_hints().filter(|h| h.distance > 0)?;
        hint_move(&hints.list, self.metric())
    }

    /// A turn, paint or scramble: the new cube replaces the solution being played.
    fn change(&mut self, next: Stickers) {
        self.undo.push(self.shown());
        self.redo.clear();
        self.set_cube(next);
    }

    fn set_cube(&mut self, next: Stickers) {
        self.cube = next;
        self.solution.clear();
        self.solved_by = None;
        self.walk.clear();
        self.prediction = Default::default();
        self.restore = None;
        self.path = 0;
        self.play.load(0, 0);
        self.link_changed = true;
    }

    fn next_job(&mut self) -> u32 {
        self.jobs += 1;
        self.jobs
    }

    fn request_table(&mut self, metric: Metric) {
        if self.table_ready(metric) || self.busy != Busy::Idle {
            return;
        }
        self.job = self.next_job();
        self.busy = Busy::Table { metric, filled: 0 };
        self.outbox
            .push(Request::new(self.job, Ask::Cube(CubeAsk::Table { metric })));
    }

    /// Shows moves that reach a random position: its optimal solution, reversed.
    fn request_scramble_moves(&mut self) {
        if !self.scramble_pending || self.busy != Busy::Idle {
            return;
        }
        self.scramble_pending = false;
        self.job = self.next_job();
        self.scramble_job = Some((self.job, self.cube));
        self.outbox.push(Request::new(
            self.job,
            Ask::Cube(CubeAsk::Solve {
                state: self.cube,
                metric: Metric::Htm,
                costs: None,
            }),
        ));
    }

    fn solve(&mut self) {
        let cube = self.shown();
        if let Err(e) = analyse(&cube) {
            self.problems = vec![e];
            return;
        }
        if let Some(Err(e)) = self.target.map(|g| analyse(&g)) {
            self.problems = vec![format!("the goal is not a real cube: {e}")];
            return;
        }
        self.send_solve(cube, 0, None);
    }

    /// Asks for the `index`-th optimal solution from `from` to the goal (or the cheapest).
    fn send_solve(&mut self, from: Stickers, index: u64, walk: Option<u64>) {
        self.job = self.next_job();
        self.busy = Busy::Solving {
            filled: 0,
            from,
            walk,
        };
        let query = GraphQuery::Solve {
            start: from,
            goal: self.target,
            costs: (self.goal == Goal::Cheapest).then_some(self.costs),
            index,
        };
        self.outbox.push(Request::new(
            self.job,
            Ask::Cube(CubeAsk::Graph {
                metric: self.metric(),
                query,
            }),
        ));
    }

    /// A new goal: the solution (toward the old one) goes, the cube shown stays.
    fn set_target(&mut self, goal: Option<Stickers>) {
        self.target = goal;
        if let Some(g) = goal {
            self.target_text = g.to_string();
        }
        let shown = self.shown();
        self.set_cube(shown);
    }

    /// Another optimal solution of the one shown: from the same start, by index.
    fn walk(&mut self, index: u64) {
        let Some(Solved {
            paths: Some((count, _)),
            ..
        }) = self.solved_by
        else {
            return;
        };
        if index >= count || self.busy != Busy::Idle {
            return;
        }
        self.send_solve(self.cube, index, Some(index));
    }

    /// A solution from the link, matched with its index (and the count) once the table is
    /// there; a solution that is not that optimal one stays as it is, uncounted.
    fn send_restore(&mut self) {
        let Goal::Fewest(metric) = self.goal else {
            return;
        };
        if self.solution.is_empty() || self.solved_by.is_some() || !self.table_ready(metric) {
            return;
        }
        let job = self.next_job();
        self.restore = Some(job);
        self.outbox.push(Request::new(
            job,
            Ask::Cube(CubeAsk::Graph {
                metric,
                query: GraphQuery::Solve {
                    start: self.cube,
                    goal: self.target,
                    costs: None,
                    index: self.path,
                },
            }),
        ));
    }

    /// Asks the worker for the hints of the cube shown when they are missing (only once
    /// the table is there: the answer is then immediate and leaves a running job alone).
    fn refresh_hints(&mut self) {
        let metric = self.metric();
        let key = (self.shown(), self.target, metric);
        if !self.table_ready(metric)
            || self.fresh_hints().is_some()
            || self.hints_asked.is_some_and(|(_, k)| k == key)
        {
            return;
        }
        let real = |c: &Stickers| analyse(c).is_ok();
        if !real(&key.0) || !self.target.as_ref().is_none_or(real) {
            self.hints_error = None;
            return;
        }
        let job = self.next_job();
        self.hints_asked = Some((job, key));
        self.hints_error = None;
        self.outbox.push(Request::new(
            job,
            Ask::Cube(CubeAsk::Graph {
                metric,
                query: GraphQuery::Hints {
                    state: key.0,
                    goal: key.1,
                },
            }),
        ));
    }

    /// The hint key: one optimal move toward the goal (as soon as the hints are there).
    fn hint(&mut self) {
        let Some(hints) = self.fresh_hints() else {
            self.hint_queued = true;
            return;
        };
        let best = hint_move(&hints.list, self.metric());
        self.hint_queued = false;
        if let Some(m) = best {
            let next = self.shown().apply(m);
            self.change(next);
            self.scramble_text = None;
        }
    }

    fn antipode(&mut self) {
        let metric = self.metric();
        if !self.table_ready(metric) || self.busy != Busy::Idle {
            return;
        }
        self.job = self.next_job();
        self.busy = Busy::Antipode;
        self.outbox.push(Request::new(
            self.job,
            Ask::Cube(CubeAsk::Graph {
                metric,
                query: GraphQuery::Antipode { seed: self.seed },
            }),
        ));
    }

    fn on_worker(&mut self, response: Response) {
        if let (
            Some((job, cube)),
            Response {
                job: answered,
                body: Answer::Cube(CubeAnswer::Solve { moves, .. }),
            },
        ) = (self.scramble_job, &response)
        {
            if job == *answered {
                self.scramble_job = None;
                if cube == self.cube && self.solution.is_empty() {
                    let scramble: Vec<Move> = moves.iter().rev().map(|m| m.inverse()).collect();
                    if let Some(text) = &mut self.scramble_text {
                        text.push_str(&format!(": {}", format_moves(&scramble)));
                    }
                }
                return;
            }
        }
        match response {
            Response {
                job,
                body: Answer::Cube(CubeAnswer::Graph { answer }),
            } => self.on_graph(job, answer),
            Response {
                job,
                body: Answer::Error { message },
            } if self.hints_asked.is_some_and(|(j, _)| j == job) => {
                self.hints = None;
                self.hints_error = Some(message);
            }
            Response {
                job,
                body: Answer::Error { message },
            } if self.restore == Some(job) => {
                self.restore = None;
                self.problems = vec![message];
            }
            Response {
                job,
                body: Answer::Progress { stats, .. },
            } if job == self.job => match &mut self.busy {
                Busy::Table { filled, .. } | Busy::Solving { filled, .. } => *filled = stats.nodes,
                Busy::Idle | Busy::Antipode => {}
            },
            Response {
                job,
                body: Answer::Cube(CubeAnswer::Table { metric, counts }),
            } if job == self.job => {
                self.busy = Busy::Idle;
                self.counts.push((metric, counts));
                if let Goal::Fewest(m) = self.goal {
                    self.request_table(m);
                }
                self.request_scramble_moves();
                self.send_restore();
            }
            Response {
                job,
                body: Answer::Cancelled,
            } if job == self.job => {
                self.busy = Busy::Idle;
                self.problems = vec!["cancelled; press Solve to start again".into()];
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

    fn on_graph(&mut self, job: u32, answer: GraphAnswer) {
        match answer {
            GraphAnswer::Hints {
                distance, after, ..
            } => {
                let Some((_, key)) = self.hints_asked.filter(|(j, _)| *j == job) else {
                    return;
                };
                let list = face_turns()
                    .zip(after)
                    .map(|(turn, d)| Hint {
                        turn,
                        distance: d,
                        change: d as i8 - distance as i8,
                    })
                    .collect();
                self.hints = Some(Hints {
                    key,
                    distance,
                    list,
                });
                if self.hint_queued && self.fresh_hints().is_some() {
                    self.hint();
                }
                self.link_changed |= self.guess_queued();
            }
            GraphAnswer::Solution {
                moves,
                hold,
                distance,
                count,
                index,
                cost,
                walk,
                ..
            } => {
                let solved = Solved {
                    how: self.goal,
                    distance,
                    cost,
                    paths: count.map(|c| (c, index)),
                    hold: hold.len(),
                };
                self.on_solution(job, moves, hold, solved, walk)
            }
            GraphAnswer::Antipode { state, distance } => {
                if job != self.job {
                    return;
                }
                self.busy = Busy::Idle;
                {
                    self.change(state);
                    let count = self
                        .counts_for(self.metric())
                        .and_then(|c| c.get(distance as usize).copied())
                        .unwrap_or(0);
                    self.scramble_text = Some(format!(
                        "Random antipode (seed {}): {distance} {} from solved, as far as any position is; one of {}",
                        self.seed,
                        self.unit(),
                        group(count)
                    ));
                    self.seed = self.seed.wrapping_add(1);
                }
            }
        }
    }

    fn on_solution(
        &mut self,
        job: u32,
        turns: Vec<Move>,
        held: Vec<Move>,
        solved: Solved,
        steps: Vec<TraceStep>,
    ) {
        let (count, index) = match solved.paths {
            Some((count, index)) => (Some(count), index),
            None => (None, 0),
        };
        let mut solution = turns;
        solution.extend(held);
        if self.restore == Some(job) {
            self.restore = None;
            if solution == self.solution {
                self.solved_by = Some(solved);
                self.walk = steps;
                self.walk_at = None;
            } else if self.path > 0 {
                self.problems = vec![format!(
                    "the link's solution is not optimal solution {} toward this goal; showing it as it is",
                    self.path
                )];
                self.path = 0;
                self.link_changed = true;
            }
            return;
        }
        if job != self.job {
            return;
        }
        let Busy::Solving { from, walk, .. } = std::mem::replace(&mut self.busy, Busy::Idle) else {
            return;
        };
        if walk.is_none() {
            self.undo.push(from);
            self.redo.clear();
        }
        if let (Some(asked), Some(count)) = (walk, count) {
            if asked > index {
                self.problems = vec![format!(
                    "there are only {count} optimal solutions; showing the last"
                )];
            }
        }
        self.cube = from;
        self.play.load(solution.len(), 0);
        self.solution = solution;
        self.solved_by = Some(solved);
        self.walk = steps;
        self.walk_at = None;
        self.prediction = Default::default();
        self.path = index;
        self.link_changed = true;
        // A solve may have taken over the table build: fetch its chart now.
        self.request_table(self.metric());
    }

    /// The metric's unit in words.
    pub fn unit(&self) -> &'static str {
        match self.metric() {
            Metric::Htm => "turns",
            Metric::Qtm => "quarter turns",
        }
    }
}

#[cfg(test)]
#[path = "state_tests.rs"]
mod tests;
