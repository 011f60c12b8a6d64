//! The pocket-cube workbench: turn, scramble or paint a cube on its net, then solve it
//! optimally (or most cheaply) in the worker and play the solution back.

pub mod net;

use gloo_timers::callback::Interval;
use yew::prelude::*;

use crate::app::cube::net::{colour_name, css_colour, text_colour, CubeNet};
use crate::app::shell::alert::Alert;
use crate::app::shell::location;
use crate::app::widgets::bar_chart::{group, DistanceChart};
use crate::app::widgets::draft_input::DraftInput;
use crate::app::widgets::keyboard::{KeyAction, KeyListener};
use crate::app::widgets::playback::{Playback, PlaybackAction};
use crate::share::{encode_route, CubeLink, Route};
use crate::solver::cube::corners::{analyse, POSITIONS_COUNT};
use crate::solver::cube::moves::Move;
use crate::solver::cube::scramble::{random_moves, random_position};
use crate::solver::cube::solve::{length, Costs};
use crate::solver::cube::{format_moves, parse_moves, Metric, Stickers};
use crate::worker::{Request, Response};

const DEFAULT_SPEED: u32 = 3;
const TURN_FACES: [char; 6] = ['U', 'D', 'L', 'R', 'F', 'B'];

#[derive(Properties, PartialEq)]
pub struct CubeProps {
    pub link: CubeLink,
    #[prop_or_default]
    pub problems: Vec<String>,
}

/// How the next solve is measured.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Goal {
    Fewest(Metric),
    Cheapest,
}

/// What the worker is doing for this page.
enum Busy {
    Idle,
    Table { metric: Metric, filled: u64 },
    Solving { filled: u64 },
}

pub enum Msg {
    Sticker(usize),
    Turn(Move),
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
    Goal(String),
    Cost(usize, String),
    Solve,
    Cancel,
    Worker(Response),
    Playback(PlaybackAction),
    Speed(u32),
    Tick,
    Dismiss,
    Scrub(usize),
    Key(KeyAction),
}

pub struct CubePage {
    /// The cube as turned or painted; a solution plays from here.
    cube: Stickers,
    undo: Vec<Stickers>,
    redo: Vec<Stickers>,
    solution: Vec<Move>,
    /// How the solution was found, and the cube's distance then.
    solved_by: Option<(Goal, u32, Option<u32>)>,
    step: usize,
    goal: Goal,
    costs: Costs,
    moves_text: String,
    scramble_text: Option<String>,
    /// A random position whose scramble moves are being worked out (job, cube).
    scramble_job: Option<(u32, Stickers)>,
    /// A random position waits for the worker to finish building the table.
    scramble_pending: bool,
    seed: u64,
    scramble_length: usize,
    paint: Option<u8>,
    problems: Vec<String>,
    bridge: crate::app::widgets::worker_bridge::Supervised,
    job: u32,
    busy: Busy,
    counts: Vec<(Metric, Vec<u64>)>,
    playing: bool,
    speed: u32,
    timer: Option<Interval>,
    _keys: Option<KeyListener>,
}

impl Component for CubePage {
    type Message = Msg;
    type Properties = CubeProps;

    fn create(ctx: &Context<Self>) -> Self {
        let link = ctx.props().link.clone();
        let scope = ctx.link().clone();
        let bridge =
            crate::app::widgets::worker_bridge::spawn(move |r| scope.send_message(Msg::Worker(r)));
        let mut page = CubePage {
            cube: link.state,
            undo: Vec::new(),
            redo: Vec::new(),
            step: link.step as usize,
            solved_by: None,
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
            problems: ctx.props().problems.clone(),
            bridge,
            job: 0,
            busy: Busy::Idle,
            counts: Vec::new(),
            playing: false,
            speed: DEFAULT_SPEED,
            timer: None,
            _keys: {
                let link = ctx.link().clone();
                KeyListener::new(move |k| link.send_message(Msg::Key(k)))
            },
        };
        // First use builds the distance table in the worker, with progress.
        page.request_table(link.metric);
        if !page.problems.is_empty() {
            page.write_url();
        }
        page
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
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
                        crate::solver::cube::geometry::NET_ORDER[i]
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
                Err(e) => self.problems = vec![e],
            },
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
            Msg::ScramblePosition => {
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
            Msg::ScrambleMoves => {
                let moves = random_moves(self.seed, self.scramble_length);
                self.change(Stickers::solved().apply_all(&moves));
                self.scramble_text = Some(format!(
                    "Scramble (seed {}): {}",
                    self.seed,
                    format_moves(&moves)
                ));
                self.seed = self.seed.wrapping_add(1);
            }
            Msg::Palette(colour) => self.paint = colour,
            Msg::Reset => {
                self.change(Stickers::solved());
                self.scramble_text = None;
            }
            Msg::Goal(text) => {
                self.goal = match text.as_str() {
                    "weighted" => Goal::Cheapest,
                    other => Goal::Fewest(Metric::parse(other).unwrap_or(Metric::Htm)),
                };
                if let Goal::Fewest(metric) = self.goal {
                    self.request_table(metric);
                }
                self.write_url();
            }
            Msg::Cost(kind, text) => match text.trim().parse::<u8>() {
                Ok(c) if (1..=9).contains(&c) => match kind {
                    0 => self.costs.clockwise = c,
                    1 => self.costs.counter_clockwise = c,
                    _ => self.costs.half = c,
                },
                _ => self.problems = vec![format!("a turn costs 1 to 9, not '{text}'")],
            },
            Msg::Solve => self.solve(),
            Msg::Cancel => {
                if !matches!(self.busy, Busy::Idle) {
                    self.bridge.send(Request::Cancel { job: self.job });
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
            Msg::Dismiss => self.problems.clear(),
            Msg::Scrub(k) => {
                self.step = k.min(self.solution.len());
                self.stop();
            }
            Msg::Key(key) => self.on_playback(ctx, key.resolve(self.playing)),
        }
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let shown = self.shown();
        let validity = analyse(&shown).err();
        let turn_button = |m: Move| {
            let label = m.to_string();
            html! {
                <button type="button" class="turn" data-move={label.clone()}
                    aria-label={format!("Turn {label}")} onclick={link.callback(move |_| Msg::Turn(m))}>{ label }</button>
            }
        };
        let faces = TURN_FACES
            .iter()
            .flat_map(|&f| (1..=3).map(move |a| Move::face(f, a)));
        let rotations = parse_moves("x x' x2 y y' y2 z z' z2").unwrap_or_default();
        let on_text = link.callback(|e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            Msg::MovesText(input.value())
        });
        let on_goal = link.callback(|e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            Msg::Goal(select.value())
        });
        let cost_input = |kind: usize, label: &'static str, value: u8| {
            let onchange = link.callback(move |text: String| Msg::Cost(kind, text));
            html! {
                <label>{ label }
                    <DraftInput kind="number" name={format!("cost-{kind}")} min="1" max="9"
                        value={value.to_string()} {onchange} />
                </label>
            }
        };
        let palette: Vec<u8> = {
            let mut colours: Vec<u8> = shown.0.to_vec();
            colours.extend_from_slice(b"WYGBRO");
            let mut seen = Vec::new();
            for c in colours {
                if !seen.contains(&c) {
                    seen.push(c);
                }
            }
            seen
        };
        let goal_value = match self.goal {
            Goal::Fewest(m) => m.as_str(),
            Goal::Cheapest => "weighted",
        };
        html! {
            <section class="workbench cube" aria-labelledby="cube-title">
                <h2 id="cube-title">{"Pocket cube (2×2×2)"}</h2>
                <details class="how"><summary>{"How it works"}</summary><p>{ "Holding one corner still, a 2×2×2 cube has 3,674,160 positions. A breadth-first search from the solved cube visits them all once, layer by layer, and stores each position's distance in four bits; the table fits in under 2 MB and takes a fraction of a second to build." }</p><p>{ "Solving is then a walk downhill: from any position, some turn leads to a position one move closer, until the cube is solved. In the weighted mode each kind of turn has a price, and Dijkstra's algorithm finds the cheapest way instead of the shortest." }</p></details>
                <Alert problems={self.problems.clone()} ondismiss={link.callback(|_| Msg::Dismiss)} />
                <p class="status" data-status={self.status_attr(&validity)} role="status" aria-live="polite">
                    { self.status_text(&validity) }
                    if !matches!(self.busy, Busy::Idle) {
                        {" "}<button type="button" onclick={link.callback(|_| Msg::Cancel)} data-action="cancel">{"Cancel"}</button>
                    }
                </p>
                if let Some(message) = &validity {
                    <p class="invalid" role="alert" data-validity="invalid">{ format!("Not a real cube: {message}.") }</p>
                }
                <div class="cube-layout">
                    <div>
                        <CubeNet stickers={shown} onclick={link.callback(Msg::Sticker)}
                            action={self.paint.map(|c| AttrValue::from(format!("click to paint {}", colour_name(c))))} />
                        <div class="palette" role="group" aria-label="Paint colours">
                            <button type="button" class={classes!("brush", self.paint.is_none().then_some("chosen"))}
                                aria-pressed={self.paint.is_none().to_string()} onclick={link.callback(|_| Msg::Palette(None))}>{"no paint"}</button>
                            { for palette.iter().map(|&c| html! {
                                <button type="button" class={classes!("brush", (self.paint == Some(c)).then_some("chosen"))}
                                    style={format!("background: {}; color: {}", css_colour(c), text_colour(c))} data-paint={(c as char).to_string()}
                                    aria-label={format!("Paint {}", colour_name(c))} aria-pressed={(self.paint == Some(c)).to_string()}
                                    onclick={link.callback(move |_| Msg::Palette(Some(c)))}>{ c as char }</button>
                            }) }
                        </div>
                    </div>
                    <div class="cube-controls">
                        <div class="turns" role="group" aria-label="Face turns">{ for faces.map(turn_button) }</div>
                        <div class="turns" role="group" aria-label="Whole-cube rotations">{ for rotations.into_iter().map(turn_button) }</div>
                        <form class="row" onsubmit={link.callback(|e: SubmitEvent| { e.prevent_default(); Msg::ApplyText })}>
                            <label>{"Moves "}<input name="moves" value={self.moves_text.clone()} oninput={on_text}
                                placeholder="R U R' U'" aria-label="Moves to apply" /></label>
                            <button type="submit" data-action="apply">{"Apply"}</button>
                            <button type="button" onclick={link.callback(|_| Msg::Undo)} disabled={self.undo.is_empty()} data-action="undo">{"Undo"}</button>
                            <button type="button" onclick={link.callback(|_| Msg::Redo)} disabled={self.redo.is_empty()} data-action="redo">{"Redo"}</button>
                            <button type="button" onclick={link.callback(|_| Msg::Reset)} data-action="reset-cube">{"Solved cube"}</button>
                        </form>
                        <div class="row">
                            <label>{"Seed "}<DraftInput kind="number" name="seed" min="0" value={self.seed.to_string()} onchange={link.callback(Msg::Seed)} /></label>
                            <button type="button" onclick={link.callback(|_| Msg::ScramblePosition)} data-action="scramble-position">{"Random position"}</button>
                            <label>{"Length "}<DraftInput kind="number" name="scramble-length" min="0" max="100" value={self.scramble_length.to_string()} onchange={link.callback(Msg::ScrambleLength)} /></label>
                            <button type="button" onclick={link.callback(|_| Msg::ScrambleMoves)} data-action="scramble-moves">{"Random moves"}</button>
                        </div>
                        if let Some(text) = &self.scramble_text {
                            <p class="scramble" data-scramble="">{ text }</p>
                        }
                        <div class="row">
                            <label>{"Solve for "}
                                <select name="goal" onchange={on_goal}>
                                    <option value="htm" selected={goal_value == "htm"}>{"fewest turns (half turn = 1)"}</option>
                                    <option value="qtm" selected={goal_value == "qtm"}>{"fewest quarter turns (half turn = 2)"}</option>
                                    <option value="weighted" selected={goal_value == "weighted"}>{"lowest cost"}</option>
                                </select>
                            </label>
                            if self.goal == Goal::Cheapest {
                                { cost_input(0, "clockwise ", self.costs.clockwise) }
                                { cost_input(1, "counter-clockwise ", self.costs.counter_clockwise) }
                                { cost_input(2, "half ", self.costs.half) }
                            }
                            <button type="button" class="primary" onclick={link.callback(|_| Msg::Solve)}
                                disabled={validity.is_some()} data-action="solve">{"Solve"}</button>
                        </div>
                        if !self.solution.is_empty() || self.solved_by.is_some() {
                            <p class="solution" data-solution={format_moves(&self.solution)}>
                                { self.solution_text() }
                            </p>
                            <Playback playing={self.playing} position={self.step} length={Some(self.solution.len())}
                                speed={self.speed} onaction={link.callback(Msg::Playback)} onspeed={link.callback(Msg::Speed)}
                                onscrub={link.callback(Msg::Scrub)} />
                        }
                    </div>
                </div>
                { self.chart() }
            </section>
        }
    }
}

impl CubePage {
    /// The cube as displayed: the solution played up to `step`.
    fn shown(&self) -> Stickers {
        let played = &self.solution[..self.step.min(self.solution.len())];
        self.cube.apply_all(played)
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
        self.step = 0;
        self.stop_timer();
        self.write_url();
    }

    fn metric(&self) -> Metric {
        match self.goal {
            Goal::Fewest(m) => m,
            Goal::Cheapest => Metric::Htm,
        }
    }

    fn request_table(&mut self, metric: Metric) {
        if self.counts.iter().any(|(m, _)| *m == metric) || !matches!(self.busy, Busy::Idle) {
            return;
        }
        self.job += 1;
        self.busy = Busy::Table { metric, filled: 0 };
        self.bridge.send(Request::CubeTable {
            job: self.job,
            metric,
        });
    }

    /// Shows moves that reach a random position: its optimal solution, reversed.
    fn request_scramble_moves(&mut self) {
        if !self.scramble_pending || !matches!(self.busy, Busy::Idle) {
            return;
        }
        self.scramble_pending = false;
        self.job += 1;
        self.scramble_job = Some((self.job, self.cube));
        self.bridge.send(Request::CubeSolve {
            job: self.job,
            state: self.cube.to_string(),
            metric: Metric::Htm,
            costs: None,
        });
    }

    fn solve(&mut self) {
        let cube = self.shown();
        if let Err(e) = analyse(&cube) {
            self.problems = vec![e];
            return;
        }
        self.job += 1;
        self.busy = Busy::Solving { filled: 0 };
        self.bridge.send(Request::CubeSolve {
            job: self.job,
            state: cube.to_string(),
            metric: self.metric(),
            costs: (self.goal == Goal::Cheapest).then_some(self.costs),
        });
    }

    fn on_worker(&mut self, response: Response) {
        if let (
            Some((job, cube)),
            Response::CubeSolution {
                job: answered,
                moves,
                ..
            },
        ) = (self.scramble_job, &response)
        {
            if job == *answered {
                self.scramble_job = None;
                if cube == self.cube && self.solution.is_empty() {
                    let undo = parse_moves(moves).unwrap_or_default();
                    let scramble: Vec<Move> = undo.iter().rev().map(|m| m.inverse()).collect();
                    if let Some(text) = &mut self.scramble_text {
                        text.push_str(&format!(": {}", format_moves(&scramble)));
                    }
                }
                return;
            }
        }
        match response {
            Response::Progress { job, stats, .. } if job == self.job => match &mut self.busy {
                Busy::Table { filled, .. } | Busy::Solving { filled, .. } => *filled = stats.nodes,
                Busy::Idle => {}
            },
            Response::CubeTable {
                job,
                metric,
                counts,
            } if job == self.job => {
                self.busy = Busy::Idle;
                self.counts.push((metric, counts));
                if let Goal::Fewest(m) = self.goal {
                    self.request_table(m);
                }
                self.request_scramble_moves();
            }
            Response::CubeSolution {
                job,
                moves,
                distance,
                cost,
                ..
            } if job == self.job => {
                self.busy = Busy::Idle;
                // Play from the cube as it was when Solve was pressed.
                let from = self.shown();
                self.cube = from;
                self.solution = parse_moves(&moves).unwrap_or_default();
                self.solved_by = Some((self.goal, distance, cost));
                self.step = 0;
                self.undo.push(from);
                self.redo.clear();
                self.write_url();
                // A solve may have taken over the table build: fetch its chart now.
                self.request_table(self.metric());
            }
            Response::Cancelled { job } if job == self.job => {
                self.busy = Busy::Idle;
                self.problems = vec!["cancelled; press Solve to start again".into()];
            }
            Response::Error { job, message } if job == self.job => {
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
        let link = CubeLink {
            state: self.cube,
            solution: self.solution.clone(),
            step: self.step as u32,
            metric: self.metric(),
        };
        location::replace_hash(&encode_route(&Route::Cube(link)));
    }

    fn status_attr(&self, validity: &Option<String>) -> &'static str {
        if !matches!(self.busy, Busy::Idle) || self.playing {
            "running"
        } else if validity.is_some() {
            "error"
        } else if self.shown().is_solved() {
            "solved"
        } else {
            "idle"
        }
    }

    fn status_text(&self, validity: &Option<String>) -> String {
        let progress = |filled: u64| {
            format!(
                "{}% of {} positions",
                filled * 100 / POSITIONS_COUNT as u64,
                group(POSITIONS_COUNT as u64)
            )
        };
        match &self.busy {
            Busy::Table { metric, filled, .. } => {
                return format!(
                    "Building the distance table ({}): {}…",
                    metric.as_str(),
                    progress(*filled)
                )
            }
            Busy::Solving { filled, .. } => return format!("Solving… table {}", progress(*filled)),
            Busy::Idle => {}
        }
        if validity.is_some() {
            "This colouring is not a real cube: paint it to match yours.".into()
        } else if self.shown().is_solved() {
            "Solved: every face is one colour.".into()
        } else {
            "Turn, scramble or paint the cube, then press Solve.".into()
        }
    }

    fn solution_text(&self) -> String {
        let Some((goal, distance, cost)) = self.solved_by else {
            return format!("Solution: {}", format_moves(&self.solution));
        };
        let moves = if self.solution.is_empty() {
            "already solved".to_string()
        } else {
            format_moves(&self.solution)
        };
        match (goal, cost) {
            (Goal::Cheapest, Some(cost)) => format!(
                "Cheapest solution: {moves} — {} turns, cost {cost} (clockwise {}, counter-clockwise {}, half {}); optimal is {distance} turns.",
                self.solution.len(),
                self.costs.clockwise,
                self.costs.counter_clockwise,
                self.costs.half
            ),
            (_, _) => format!(
                "Optimal solution: {moves} — {} {} (the fewest possible).",
                length(&self.solution, self.metric()),
                match self.metric() {
                    Metric::Htm => "turns",
                    Metric::Qtm => "quarter turns",
                }
            ),
        }
    }

    fn chart(&self) -> Html {
        let metric = self.metric();
        let Some((_, counts)) = self.counts.iter().find(|(m, _)| *m == metric) else {
            return html! {};
        };
        // The marker follows playback: an optimal solution comes one metric step closer per move.
        let current = match self.solved_by {
            Some((Goal::Fewest(m), distance, _)) if m == metric => {
                let played = &self.solution[..self.step.min(self.solution.len())];
                Some(distance.saturating_sub(length(played, metric)))
            }
            Some((_, distance, _)) if self.step == 0 && metric == Metric::Htm => Some(distance),
            _ => None,
        };
        html! { <DistanceChart counts={counts.clone()} {current} metric={metric.as_str()} /> }
    }
}
