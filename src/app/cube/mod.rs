//! The pocket-cube workbench: turn, scramble or paint a cube on its net, then solve it
//! optimally (or most cheaply) in the worker and play the solution back. The cube is a
//! graph: any goal can be set, every optimal solution walked through, each turn shows
//! what it does to the distance from the goal, and the distance table's breadth-first
//! search can be watched layer by layer.

pub mod bfs;
pub mod keys;
pub mod net;

use yew::prelude::*;

use crate::app::cube::bfs::BfsPlayer;
use crate::app::cube::keys::HintKey;
use crate::app::cube::net::{colour_name, css_colour, text_colour, CubeNet};
use crate::app::shell::alert::Alert;
use crate::app::shell::location;
use crate::app::widgets::clock::Clock;
use crate::app::widgets::cube3d::Cube3d;
use crate::app::widgets::draft_input::DraftInput;
use crate::app::widgets::keyboard::{KeyAction, KeyListener};
use crate::app::widgets::timeline::Timeline;
use crate::app::widgets::workbench::{how_it_works, Group, Slots, Workbench};
use crate::app::widgets::{bar_chart::DistanceChart, numbers::group};
use crate::app::widgets::{playback::Playback, timeline::PlaybackAction};
use crate::share::{encode_route, CubeLink, Route};
use crate::solver::cube::corners::{analyse, POSITIONS_COUNT};
use crate::solver::cube::goal::hint_move;
use crate::solver::cube::graph::Hint;
use crate::solver::cube::moves::{face_turns, Move, Turn};
use crate::solver::cube::scramble::{random_moves, random_position};
use crate::solver::cube::solve::{length, Costs};
use crate::solver::cube::{format_moves, parse_moves, Metric, Stickers};
use crate::solver::cube_view::{Kind, Orbit};
use crate::worker::protocol::{GraphAnswer, GraphQuery};
use crate::worker::{Answer, Ask, Request, Response};

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
type HintKeyed = (Stickers, Option<Stickers>, Metric);

/// What each face turn does to the distance from the goal.
struct Hints {
    key: HintKeyed,
    distance: u8,
    /// In `face_turns` order.
    list: Vec<Hint>,
}

/// How the solution shown was found.
#[derive(Clone, Copy)]
struct Solved {
    how: Goal,
    /// The optimal distance start → goal.
    distance: u32,
    cost: Option<u32>,
    /// How many optimal solutions there are, and which this is.
    paths: Option<(u64, u64)>,
    /// Trailing whole-cube turns that hold the cube as the goal.
    hold: usize,
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
    View3d(Orbit),
}

pub struct CubePage {
    /// The cube as turned or painted; a solution plays from here.
    cube: Stickers,
    undo: Vec<Stickers>,
    redo: Vec<Stickers>,
    solution: Vec<Move>,
    /// How the solution was found, and the cube's distance then.
    solved_by: Option<Solved>,
    /// The cube to reach (`None`: solved, however held).
    target: Option<Stickers>,
    target_text: String,
    /// Which optimal solution is shown (the link's `path`).
    path: u64,
    /// A solution from the link, to be matched with its index once the table is there.
    restore: Option<u32>,
    hints: Option<Hints>,
    /// The hint request in flight (job, what it asks about).
    hints_asked: Option<(u32, HintKeyed)>,
    hints_error: Option<String>,
    /// The hint key was pressed before the hints for this cube arrived.
    hint_queued: bool,
    /// The search player: open at this step (the link's `bfs`), and where it opened.
    bfs: Option<u64>,
    bfs_start: u64,
    /// Job numbers handed out so far (long jobs, hints and link restores share them).
    jobs: u32,
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
    /// The solution's playback: the move shown, playing or not (`widgets::timeline`).
    play: Timeline,
    clock: Clock,
    _keys: Option<KeyListener>,
    _hint_key: Option<HintKey>,
    /// The 3D view's angle (`None`: the default), for the link.
    view3d: Option<Orbit>,
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
            play: Timeline::new(link.solution.len(), DEFAULT_SPEED),
            solved_by: None,
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
            bfs_start: link.bfs.unwrap_or(0),
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
            problems: ctx.props().problems.clone(),
            bridge,
            job: 0,
            busy: Busy::Idle,
            counts: Vec::new(),
            clock: Clock::default(),
            _keys: {
                let link = ctx.link().clone();
                KeyListener::new(move |k| link.send_message(Msg::Key(k)))
            },
            _hint_key: {
                let link = ctx.link().clone();
                HintKey::new(move || link.send_message(Msg::Hint))
            },
        };
        page.play.load(page.solution.len(), link.step as usize);
        // First use builds the distance table in the worker, with progress.
        page.request_table(link.metric);
        if !page.problems.is_empty() {
            page.write_url();
        }
        page
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        let render = self.handle(ctx, msg);
        self.refresh_hints();
        render
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        self.render(ctx)
    }
}

impl CubePage {
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
                        crate::solver::cube::geometry::NET_ORDER[i]
                    )]
                }
            },
            Msg::Turn(m) => {
                self.hint_queued = false;
                self.change(self.shown().apply(m));
            }
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
                    self.bridge.send(Request::new(self.job, Ask::Cancel));
                }
            }
            Msg::Worker(response) => self.on_worker(response),
            Msg::Playback(action) => self.on_playback(ctx, action),
            Msg::Speed(speed) => {
                self.play.set_speed(speed);
                self.follow_clock(ctx);
            }
            Msg::Tick => {
                if self.play.tick() {
                    self.write_url();
                }
                self.follow_clock(ctx);
            }
            Msg::Dismiss => self.problems.clear(),
            Msg::Scrub(k) => {
                self.play.scrub(k);
                self.follow_clock(ctx);
                self.write_url();
            }
            // The breadth-first search's player takes the playback keys while it is open.
            Msg::Key(_) if self.bfs.is_some() => return false,
            Msg::Key(key) => self.on_playback(ctx, key.resolve(self.play.playing())),
            Msg::GoalSticker(i) => match (self.paint, self.target) {
                (Some(colour), Some(mut goal)) if goal.0[i] != colour => {
                    goal.0[i] = colour;
                    self.set_target(Some(goal));
                }
                (Some(_), _) => return false,
                (None, _) => {
                    self.problems = vec![format!(
                        "to recolour the goal's {}, pick a colour in the palette first",
                        crate::solver::cube::geometry::NET_ORDER[i]
                    )]
                }
            },
            Msg::GoalText(text) => {
                self.target_text = text;
                return false;
            }
            Msg::ApplyGoalText => match Stickers::parse(&self.target_text) {
                Ok(goal) => {
                    self.problems.clear();
                    self.set_target(Some(goal));
                }
                Err(e) => self.problems = vec![format!("goal: {e}")],
            },
            Msg::GoalFromCube => self.set_target(Some(self.shown())),
            Msg::PaintGoal => {
                if self.target.is_none() {
                    self.set_target(Some(Stickers::solved()));
                }
            }
            Msg::ClearGoal => self.set_target(None),
            Msg::Path(index) => self.walk(index),
            Msg::Hint => self.hint(),
            Msg::Antipode => self.antipode(),
            Msg::WatchBfs => {
                self.bfs_start = 0;
                self.bfs = Some(0);
                self.write_url();
            }
            Msg::CloseBfs => {
                self.bfs = None;
                self.write_url();
            }
            Msg::BfsStep(step) => {
                if self.bfs.is_some() {
                    self.bfs = Some(step);
                    self.write_url();
                }
                return false;
            }
            Msg::View3d(view) => {
                self.view3d = (view != Orbit::default()).then_some(view);
                self.write_url();
                return false;
            }
        }
        true
    }

    fn render(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let shown = self.shown();
        let validity = analyse(&shown).err();
        let hints = self.fresh_hints();
        let turn_button = |m: Move| {
            let label = m.to_string();
            let hint = match m.turn {
                Turn::Face(f) => {
                    hints.and_then(|h| h.list.get(f as usize * 3 + m.amount as usize - 1))
                }
                Turn::Whole(_) => None,
            };
            let Some(hint) = hint else {
                return html! {
                    <button type="button" class="turn" data-move={label.clone()}
                        aria-label={format!("Turn {label}")} onclick={link.callback(move |_| Msg::Turn(m))}>{ label }</button>
                };
            };
            let (class, sign, words) = match hint.change {
                c if c < 0 => (
                    "closer",
                    "↓",
                    if c == -1 {
                        "one closer".to_string()
                    } else {
                        format!("{} closer", -c)
                    },
                ),
                0 => ("same", "=", "no closer".to_string()),
                c => (
                    "farther",
                    "↑",
                    if c == 1 {
                        "one farther".to_string()
                    } else {
                        format!("{c} farther")
                    },
                ),
            };
            html! {
                <button type="button" class={classes!("turn", class)} data-move={label.clone()}
                    data-distance-after={hint.distance.to_string()}
                    aria-label={format!("Turn {label}: {} from the goal, {words}", hint.distance)}
                    title={format!("{} from the goal after {label} ({words})", hint.distance)}
                    onclick={link.callback(move |_| Msg::Turn(m))}>
                    { label }<span class="after" aria-hidden="true">{ format!("{sign}{}", hint.distance) }</span>
                </button>
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
            colours.extend(self.target.iter().flat_map(|g| g.0));
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
        let head = html! {
            <>
                <Alert problems={self.problems.clone()} ondismiss={link.callback(|_| Msg::Dismiss)} />
                <p class="status" data-status={self.status_attr(&validity)} role="status" aria-live="polite">
                    { self.status_text(&validity) }
                    if !matches!(self.busy, Busy::Idle) {
                        {" "}<button type="button" onclick={link.callback(|_| Msg::Cancel)} data-action="cancel">{"Cancel"}</button>
                    }
                </p>
            </>
        };
        let stage = html! {
            <>
                if let Some(message) = &validity {
                    <p class="invalid" role="alert" data-validity="invalid">{ format!("Not a real cube: {message}.") }</p>
                }
                <div class="cube-views">
                    <Cube3d kind={Kind::Pocket} colours={shown.0.to_vec()} onsticker={link.callback(Msg::Sticker)}
                        speed={self.play.speed()} orbit={self.view3d.unwrap_or_default()} onorbit={link.callback(Msg::View3d)}
                        hint={self.hint_turn()} action={self.paint.map(|c| AttrValue::from(format!("click to paint {}", colour_name(c))))} />
                    <CubeNet stickers={shown} onclick={link.callback(Msg::Sticker)}
                        action={self.paint.map(|c| AttrValue::from(format!("click to paint {}", colour_name(c))))} />
                </div>
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
            </>
        };
        let settings = html! {
            <>
                <Group legend="Turn" more="Click a turn, or type moves in standard notation. Once the distance table is built, each turn shows the distance to the goal after it.">
                    <div class="turns" role="group" aria-label="Face turns"
                        data-hints={if hints.is_some() { "ready" } else { "pending" }}>{ for faces.map(turn_button) }</div>
                    <div class="turns" role="group" aria-label="Whole-cube rotations">{ for rotations.into_iter().map(turn_button) }</div>
                    { self.hint_row(ctx) }
                    <form class="row" onsubmit={link.callback(|e: SubmitEvent| { e.prevent_default(); Msg::ApplyText })}>
                        <label>{"Moves "}<input name="moves" value={self.moves_text.clone()} oninput={on_text}
                            placeholder="R U R' U'" aria-label="Moves to apply" /></label>
                        <button type="submit" data-action="apply">{"Apply"}</button>
                        <button type="button" onclick={link.callback(|_| Msg::Undo)} disabled={self.undo.is_empty()} data-action="undo">{"Undo"}</button>
                        <button type="button" onclick={link.callback(|_| Msg::Redo)} disabled={self.redo.is_empty()} data-action="redo">{"Redo"}</button>
                        <button type="button" onclick={link.callback(|_| Msg::Reset)} data-action="reset-cube">{"Solved cube"}</button>
                    </form>
                </Group>
                <Group legend="Scramble">
                    <div class="row">
                        <label>{"Seed "}<DraftInput kind="number" name="seed" min="0" value={self.seed.to_string()} onchange={link.callback(Msg::Seed)} /></label>
                        <button type="button" onclick={link.callback(|_| Msg::ScramblePosition)} data-action="scramble-position">{"Random position"}</button>
                    </div>
                    <div class="row">
                        <label>{"Length "}<DraftInput kind="number" name="scramble-length" min="0" max="100" value={self.scramble_length.to_string()} onchange={link.callback(Msg::ScrambleLength)} /></label>
                        <button type="button" onclick={link.callback(|_| Msg::ScrambleMoves)} data-action="scramble-moves">{"Random moves"}</button>
                    </div>
                    <div class="scramble-slot">
                        if let Some(text) = &self.scramble_text {
                            <p class="scramble" data-scramble="">{ text }</p>
                        }
                    </div>
                </Group>
                <Group legend="Solve">
                    <label>{"Solve for "}
                        <select name="goal" onchange={on_goal}>
                            <option value="htm" selected={goal_value == "htm"}>{"fewest turns (half turn = 1)"}</option>
                            <option value="qtm" selected={goal_value == "qtm"}>{"fewest quarter turns (half turn = 2)"}</option>
                            <option value="weighted" selected={goal_value == "weighted"}>{"lowest cost"}</option>
                        </select>
                    </label>
                    if self.goal == Goal::Cheapest {
                        <div class="row">
                            { cost_input(0, "clockwise ", self.costs.clockwise) }
                            { cost_input(1, "counter-clockwise ", self.costs.counter_clockwise) }
                            { cost_input(2, "half ", self.costs.half) }
                        </div>
                    }
                    <button type="button" class="primary" onclick={link.callback(|_| Msg::Solve)}
                        disabled={validity.is_some() || self.target.is_some_and(|g| analyse(&g).is_err())}
                        data-action="solve">{"Solve"}</button>
                </Group>
                { self.goal_panel(ctx) }
            </>
        };
        let solved = !self.solution.is_empty() || self.solved_by.is_some();
        let solution_player = html! {
            if solved {
                <p class="solution event" data-solution={format_moves(&self.solution)}>
                    { self.solution_text() }
                </p>
                <Playback playing={self.play.playing()} position={self.play.position()} length={Some(self.solution.len())}
                    speed={self.play.speed()} onaction={link.callback(Msg::Playback)} onspeed={link.callback(Msg::Speed)}
                    onscrub={link.callback(Msg::Scrub)} />
            } else {
                <p class="event hint">{"Solve, or press Hint, and the solution plays here."}</p>
            }
        };
        let how = how_it_works(html! {
            <>
                <p>{ "Holding one corner still, a 2×2×2 cube has 3,674,160 positions. A breadth-first search from the solved cube visits them all once, layer by layer, and stores each position's distance in four bits; the table fits in under 2 MB and takes a fraction of a second to build." }</p>
                <p>{ "Solving is then a walk downhill: from any position, some turn leads to a position one move closer, until the cube is solved. In the weighted mode each kind of turn has a price, and Dijkstra's algorithm finds the cheapest way instead of the shortest." }</p>
            </>
        });
        let dock = html! {
            <>
                { self.chart() }
                { self.graph_row(ctx) }
                { how }
                // Last: it comes with a solution from the worker, and moves nothing above.
                { self.paths_row(ctx) }
            </>
        };
        let main = if self.bfs.is_some() {
            // The breadth-first search owns the player bar; the solution plays in the dock.
            html! {
                <>
                    <div class="wb-stage">{ stage }</div>
                    <BfsPlayer metric={self.metric()} start_step={self.bfs_start}
                        distribution={self.counts_for(self.metric())}
                        onstep={link.callback(Msg::BfsStep)} onclose={link.callback(|_| Msg::CloseBfs)}
                        onantipode={link.callback(|_| Msg::Antipode)}
                        dock={html! { <>if solved { <div class="solution-playback">{ solution_player }</div> }{ dock }</> }} />
                </>
            }
        } else {
            html! { <Slots {stage} player={solution_player} {dock} /> }
        };
        html! {
            <Workbench name="cube" title="Pocket cube (2×2×2)" {head} {settings}
                first={AttrValue::Static("Start here: press Random position, then Solve — or turn the cube with the buttons.")}>
                { main }
            </Workbench>
        }
    }
}

impl CubePage {
    /// The cube as displayed: the solution played up to `step`.
    fn shown(&self) -> Stickers {
        let played = &self.solution[..self.play.position().min(self.solution.len())];
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
        self.restore = None;
        self.path = 0;
        self.play.load(0, 0);
        self.clock.stop();
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
        self.job = self.next_job();
        self.busy = Busy::Table { metric, filled: 0 };
        self.bridge
            .send(Request::new(self.job, Ask::CubeTable { metric }));
    }

    /// Shows moves that reach a random position: its optimal solution, reversed.
    fn request_scramble_moves(&mut self) {
        if !self.scramble_pending || !matches!(self.busy, Busy::Idle) {
            return;
        }
        self.scramble_pending = false;
        self.job = self.next_job();
        self.scramble_job = Some((self.job, self.cube));
        self.bridge.send(Request::new(
            self.job,
            Ask::CubeSolve {
                state: self.cube.to_string(),
                metric: Metric::Htm,
                costs: None,
            },
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
            start: from.to_string(),
            goal: self.target.map(|g| g.to_string()),
            costs: (self.goal == Goal::Cheapest).then_some(self.costs),
            index,
        };
        self.bridge.send(Request::new(
            self.job,
            Ask::CubeGraph {
                metric: self.metric(),
                query,
            },
        ));
    }

    fn next_job(&mut self) -> u32 {
        self.jobs += 1;
        self.jobs
    }

    fn counts_for(&self, metric: Metric) -> Option<Vec<u64>> {
        self.counts
            .iter()
            .find(|(m, _)| *m == metric)
            .map(|(_, c)| c.clone())
    }

    /// Whether the worker holds this metric's table (so graph questions answer at once).
    fn table_ready(&self, metric: Metric) -> bool {
        self.counts.iter().any(|(m, _)| *m == metric)
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
        if index >= count || !matches!(self.busy, Busy::Idle) {
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
        self.bridge.send(Request::new(
            job,
            Ask::CubeGraph {
                metric,
                query: GraphQuery::Solve {
                    start: self.cube.to_string(),
                    goal: self.target.map(|g| g.to_string()),
                    costs: None,
                    index: self.path,
                },
            },
        ));
    }

    /// Hints for the cube shown, if they are for it.
    fn fresh_hints(&self) -> Option<&Hints> {
        self.hints
            .as_ref()
            .filter(|h| h.key == (self.shown(), self.target, self.metric()))
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
        self.bridge.send(Request::new(
            job,
            Ask::CubeGraph {
                metric,
                query: GraphQuery::Hints {
                    state: key.0.to_string(),
                    goal: key.1.map(|g| g.to_string()),
                },
            },
        ));
    }

    /// The turn the hint key would play, for the 3D view's arrow.
    fn hint_turn(&self) -> Option<AttrValue> {
        let hints = self.fresh_hints().filter(|h| h.distance > 0)?;
        hint_move(&hints.list, self.metric()).map(|m| AttrValue::from(m.to_string()))
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
        if !self.table_ready(metric) || !matches!(self.busy, Busy::Idle) {
            return;
        }
        self.job = self.next_job();
        self.busy = Busy::Antipode;
        self.bridge.send(Request::new(
            self.job,
            Ask::CubeGraph {
                metric,
                query: GraphQuery::Antipode { seed: self.seed },
            },
        ));
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
            }
            GraphAnswer::Solution {
                moves,
                hold,
                distance,
                count,
                index,
                cost,
                ..
            } => {
                let turns = parse_moves(&moves).unwrap_or_default();
                let held = parse_moves(&hold).unwrap_or_default();
                let solved = Solved {
                    how: self.goal,
                    distance,
                    cost,
                    paths: count.map(|c| (c, index)),
                    hold: held.len(),
                };
                let mut solution = turns;
                solution.extend(held);
                if self.restore == Some(job) {
                    self.restore = None;
                    if solution == self.solution {
                        self.solved_by = Some(solved);
                    } else if self.path > 0 {
                        self.problems = vec![format!(
                            "the link's solution is not optimal solution {} toward this goal; showing it as it is",
                            self.path
                        )];
                        self.path = 0;
                        self.write_url();
                    }
                    return;
                }
                if job != self.job {
                    return;
                }
                let Busy::Solving { from, walk, .. } =
                    std::mem::replace(&mut self.busy, Busy::Idle)
                else {
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
                self.clock.stop();
                self.solution = solution;
                self.solved_by = Some(solved);
                self.path = index;
                self.write_url();
                // A solve may have taken over the table build: fetch its chart now.
                self.request_table(self.metric());
            }
            GraphAnswer::Antipode { state, distance } => {
                if job != self.job {
                    return;
                }
                self.busy = Busy::Idle;
                if let Ok(cube) = Stickers::parse(&state) {
                    self.change(cube);
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

    fn unit(&self) -> &'static str {
        match self.metric() {
            Metric::Htm => "turns",
            Metric::Qtm => "quarter turns",
        }
    }

    fn on_worker(&mut self, response: Response) {
        if let (
            Some((job, cube)),
            Response {
                job: answered,
                body: Answer::CubeSolution { moves, .. },
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
            Response {
                job,
                body: Answer::CubeGraph { answer },
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
                body: Answer::CubeTable { metric, counts },
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

    fn on_playback(&mut self, ctx: &Context<Self>, action: PlaybackAction) {
        if self.play.apply(action) {
            self.write_url();
        }
        self.follow_clock(ctx);
    }

    /// The solution's beat follows its timeline.
    fn follow_clock(&mut self, ctx: &Context<Self>) {
        let link = ctx.link().clone();
        self.clock
            .follow(&self.play, move || link.send_message(Msg::Tick));
    }

    fn write_url(&self) {
        let link = CubeLink {
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
        };
        location::replace_hash(&encode_route(&Route::Cube(link)));
    }

    fn status_attr(&self, validity: &Option<String>) -> &'static str {
        if !matches!(self.busy, Busy::Idle) || self.play.playing() {
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
            Busy::Antipode => return "Picking a position as far from solved as any…".into(),
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
        let Some(solved) = self.solved_by else {
            return format!("Solution: {}", format_moves(&self.solution));
        };
        let split = self.solution.len() - solved.hold.min(self.solution.len());
        let (turns, hold) = self.solution.split_at(split);
        let toward = if self.target.is_some() {
            "the goal"
        } else {
            "solved"
        };
        let moves = if turns.is_empty() {
            match self.target {
                Some(_) => "none: this is the goal, however held".to_string(),
                None => "already solved".to_string(),
            }
        } else {
            format_moves(turns)
        };
        let then = if hold.is_empty() {
            String::new()
        } else {
            format!(
                " Then {} turns the whole cube to hold it exactly as the goal.",
                format_moves(hold)
            )
        };
        match (solved.how, solved.cost) {
            (Goal::Cheapest, Some(cost)) => format!(
                "Cheapest way to {toward}: {moves} — {} turns, cost {cost} (clockwise {}, counter-clockwise {}, half {}); optimal is {} turns.{then}",
                turns.len(),
                self.costs.clockwise,
                self.costs.counter_clockwise,
                self.costs.half,
                solved.distance
            ),
            (_, _) => format!(
                "Optimal solution: {moves} — {} {} to {toward} (the fewest possible).{then}",
                length(turns, self.metric()),
                self.unit()
            ),
        }
    }

    fn chart(&self) -> Html {
        let metric = self.metric();
        // Until the table is built an empty frame holds the chart's place: its arrival from
        // the worker must not push the dock down.
        let Some((_, counts)) = self.counts.iter().find(|(m, _)| *m == metric) else {
            return html! { <DistanceChart counts={Vec::new()} current={None} metric={metric.as_str()} /> };
        };
        // The marker follows playback: an optimal solution comes one metric step closer per
        // move. The chart counts distances from solved, so only a solve toward solved marks.
        let current = match self.solved_by {
            _ if self.target.is_some() => None,
            Some(Solved {
                how: Goal::Fewest(m),
                distance,
                ..
            }) if m == metric => {
                let played = &self.solution[..self.play.position().min(self.solution.len())];
                Some(distance.saturating_sub(length(played, metric)))
            }
            Some(Solved { distance, .. }) if self.play.position() == 0 && metric == Metric::Htm => {
                Some(distance)
            }
            _ => None,
        };
        html! { <DistanceChart counts={counts.clone()} {current} metric={metric.as_str()} /> }
    }

    /// The hint key, and how far the goal is.
    fn hint_row(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let hints = self.fresh_hints();
        let toward = if self.target.is_some() {
            "the goal"
        } else {
            "solved"
        };
        let ready = self.table_ready(self.metric());
        html! {
            <div class="row hint-row">
                <button type="button" data-action="hint" disabled={!ready || hints.is_some_and(|h| h.distance == 0)}
                    title="Play one optimal move (key h)" onclick={link.callback(|_| Msg::Hint)}>{"Hint "}<kbd>{"h"}</kbd></button>
                if let Some(h) = hints {
                    <span class="goal-distance" data-goal-distance={h.distance.to_string()}>
                        { if h.distance == 0 {
                            format!("At {toward}.")
                        } else {
                            format!("{} {} from {toward}; each turn shows the distance after it (↓ closer, = no closer, ↑ farther).", h.distance, if h.distance == 1 { self.unit().trim_end_matches('s') } else { self.unit() })
                        } }
                    </span>
                } else if !ready {
                    <span class="goal-distance">{"Hints appear once the distance table is built."}</span>
                }
            </div>
        }
    }

    /// The goal: solved (however held) or a cube of its own, painted, typed or copied.
    fn goal_panel(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let on_text = link.callback(|e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            Msg::GoalText(input.value())
        });
        let problem = self
            .target
            .and_then(|g| analyse(&g).err())
            .map(|e| format!("The goal is not a real cube: {e}."))
            .or_else(|| self.hints_error.clone());
        html! {
            <fieldset class="goal-panel" data-goal={self.target.map(|g| g.to_string()).unwrap_or_else(|| "solved".into())}>
                <legend>{"Goal"}</legend>
                if let Some(goal) = self.target {
                    <CubeNet goal={true} stickers={goal} onclick={link.callback(Msg::GoalSticker)}
                        action={self.paint.map(|c| AttrValue::from(format!("click to paint {}", colour_name(c))))} />
                } else {
                    <p class="goal-solved">{"Solved, however it is held. Set a goal to solve toward any other cube."}</p>
                }
                if let Some(message) = problem {
                    <p class="invalid" role="alert" data-goal-problem="">{ message }</p>
                }
                <form class="row" onsubmit={link.callback(|e: SubmitEvent| { e.prevent_default(); Msg::ApplyGoalText })}>
                    <label>{"Goal "}<input name="goal-state" value={self.target_text.clone()} oninput={on_text}
                        placeholder="24 letters, e.g. WWWWGGRRBBOOGGRRBBOOYYYY" aria-label="Goal stickers (24 letters)"
                        spellcheck="false" autocomplete="off" /></label>
                    <button type="submit" data-action="set-goal">{"Set goal"}</button>
                </form>
                <div class="row">
                    <button type="button" data-action="goal-from-cube" onclick={link.callback(|_| Msg::GoalFromCube)}>{"Use this cube as the goal"}</button>
                    if self.target.is_none() {
                        <button type="button" data-action="paint-goal" onclick={link.callback(|_| Msg::PaintGoal)}>{"Paint a goal"}</button>
                    } else {
                        <button type="button" data-action="clear-goal" onclick={link.callback(|_| Msg::ClearGoal)}>{"Back to solved"}</button>
                    }
                </div>
            </fieldset>
        }
    }

    /// How many optimal solutions, which one is shown, and the way to the others.
    fn paths_row(&self, ctx: &Context<Self>) -> Html {
        let Some(Solved {
            paths: Some((count, index)),
            ..
        }) = self.solved_by
        else {
            return html! {};
        };
        let link = ctx.link();
        let idle = matches!(self.busy, Busy::Idle);
        let over = match self.metric() {
            Metric::Htm => "the nine turns U, R, F (clockwise, counter-clockwise, half)",
            Metric::Qtm => "the six quarter turns of U, R, F (a half turn is two)",
        };
        html! {
            <div class="row paths" data-paths={count.to_string()} data-path={index.to_string()}>
                <button type="button" data-action="path-prev" disabled={index == 0 || !idle}
                    onclick={link.callback(move |_| Msg::Path(index.saturating_sub(1)))}>{"◀ Previous"}</button>
                <span>
                    { if count == 1 {
                        format!("The only optimal solution over {over}, which keep the down-back-left corner still.")
                    } else {
                        format!("Optimal solution {} of {} over {over}, which keep the down-back-left corner still.", group(index + 1), group(count))
                    } }
                </span>
                <button type="button" data-action="path-next" disabled={index + 1 >= count || !idle}
                    onclick={link.callback(move |_| Msg::Path(index + 1))}>{"Next ▶"}</button>
            </div>
        }
    }

    /// The graph as a whole: its farthest positions, and its search to watch.
    fn graph_row(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let far = self.counts_for(self.metric()).and_then(|c| {
            let d = c.len().checked_sub(1)?;
            Some((d, c[d]))
        });
        // The button is there before the table is: its arrival from the worker fills the
        // figures in and moves nothing.
        let label = match far {
            Some((d, count)) => format!(
                "Open a random antipode: one of the {} positions {d} {} from solved",
                group(count),
                self.unit()
            ),
            None => "Open a random antipode: the farthest positions, once the table is built"
                .to_string(),
        };
        html! {
            <div class="row graph-row">
                <button type="button" data-action="antipode" disabled={far.is_none() || !matches!(self.busy, Busy::Idle)}
                    onclick={link.callback(|_| Msg::Antipode)}>{ label }</button>
                if self.bfs.is_none() {
                    <button type="button" data-action="watch-bfs" onclick={link.callback(|_| Msg::WatchBfs)}>
                        {"Watch the breadth-first search"}
                    </button>
                }
            </div>
        }
    }
}
