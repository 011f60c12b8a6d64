//! "Compare rules": the same board and start under two to four greedy rules, boards side
//! by side in lockstep, each with its status, the move where it got stuck and the squares
//! it left. The runs come from the solver (`knight::compare`); they are at most one step
//! per square each, so they run here on the page.

use yew::prelude::*;

use crate::app::knight::board_view::BoardView;
use crate::app::knight::state::DEFAULT_SPEED;
use crate::app::widgets::clock::Clock;
use crate::app::widgets::timeline::Timeline;
use crate::app::widgets::workbench::Slots;
use crate::app::widgets::{playback::Playback, timeline::PlaybackAction};
use puzzlelab_solver::board::Board;
use puzzlelab_solver::knight::compare::{run_rules, RuleRun};
use puzzlelab_solver::knight::Rule;
use puzzlelab_solver::Status;

#[derive(Properties, PartialEq)]
pub struct CompareProps {
    pub board: Board,
    pub start: Option<u32>,
    pub closed: bool,
    pub rules: Vec<Rule>,
    pub onclick: Callback<u32>,
    /// What the workbench's dock shows beside the boards.
    #[prop_or_default]
    pub dock: Html,
}

pub enum Msg {
    Playback(PlaybackAction),
    Scrub(usize),
    Speed(u32),
    Tick,
}

pub struct Compare {
    runs: Result<Vec<RuleRun>, String>,
    /// Moves shown on every board (lockstep), up to the longest run.
    play: Timeline,
    clock: Clock,
}

impl Compare {
    fn longest(runs: &Result<Vec<RuleRun>, String>) -> usize {
        match runs {
            Ok(runs) => runs.iter().map(|r| r.path.len() - 1).max().unwrap_or(0),
            Err(_) => 0,
        }
    }

    fn run(props: &CompareProps) -> Result<Vec<RuleRun>, String> {
        match props.start {
            Some(start) => run_rules(props.board, start, props.closed, &props.rules),
            None => Ok(Vec::new()),
        }
    }

    /// New runs: played from the start (or shown at their ends, for reduced motion).
    fn load(&mut self, ctx: &Context<Self>, runs: Result<Vec<RuleRun>, String>) {
        let longest = Self::longest(&runs);
        self.runs = runs;
        if crate::app::reduced_motion() {
            self.play.load(longest, longest);
        } else {
            self.play.load(longest, 0);
            self.play.play();
        }
        self.follow_clock(ctx);
    }

    fn follow_clock(&mut self, ctx: &Context<Self>) {
        let link = ctx.link().clone();
        self.clock
            .follow(&self.play, move || link.send_message(Msg::Tick));
    }
}

impl Component for Compare {
    type Message = Msg;
    type Properties = CompareProps;

    fn create(ctx: &Context<Self>) -> Self {
        let mut compare = Compare {
            runs: Ok(Vec::new()),
            play: Timeline::new(0, DEFAULT_SPEED),
            clock: Clock::default(),
        };
        compare.load(ctx, Self::run(ctx.props()));
        compare
    }

    fn changed(&mut self, ctx: &Context<Self>, _old: &CompareProps) -> bool {
        self.load(ctx, Self::run(ctx.props()));
        true
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Tick => {
                self.play.tick();
            }
            Msg::Playback(action) => {
                self.play.apply(action);
            }
            Msg::Scrub(k) => {
                self.play.scrub(k);
            }
            Msg::Speed(speed) => self.play.set_speed(speed),
        }
        self.follow_clock(ctx);
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let props = ctx.props();
        let link = ctx.link();
        let board = props.board;
        let runs = match &self.runs {
            Ok(runs) => runs,
            Err(message) => {
                return html! { <Slots stage={html! { <p role="alert">{ message }</p> }} dock={props.dock.clone()} /> }
            }
        };
        let stage = html! {
            <div class="compare">
                <div class="compare-boards">
                    { for props.rules.iter().enumerate().map(|(i, &rule)| {
                        let run = runs.get(i);
                        let path = match run {
                            Some(r) => r.path[..=self.play.position().min(r.path.len() - 1)].to_vec(),
                            None => props.start.into_iter().collect(),
                        };
                        let ended = run.is_some_and(|r| self.play.position() >= r.path.len() - 1);
                        let status = match run {
                            Some(r) if ended => r.status.as_str(),
                            Some(_) => "running",
                            None => "idle",
                        };
                        let text = match run {
                            None => "Waiting for a start square.".to_string(),
                            Some(_) if !ended => format!("Move {} …", self.play.position()),
                            Some(r) => match r.status {
                                Status::Solved => format!("Tour: all {} squares.", board.squares()),
                                Status::Failed => format!(
                                    "Stuck after move {} on {}: {} squares left.",
                                    r.stuck_at().unwrap_or(0),
                                    board.name(*r.path.last().expect("the start")),
                                    r.left.len()
                                ),
                                other => capital(other.as_str()),
                            },
                        };
                        html! {
                            <section class="compared" data-compare={rule.name()}>
                                <h3>{ rule_label(rule) }</h3>
                                <p class="status" data-status={status} data-stuck-at={run.and_then(|r| r.stuck_at()).map(|m| m.to_string())}
                                    data-left={run.map(|r| r.left.len().to_string())}>{ text }</p>
                                <BoardView {board} {path} onclick={props.onclick.clone()}
                                    stranded={ended && run.is_some_and(|r| r.status == Status::Failed)} />
                            </section>
                        }
                    }) }
                </div>
            </div>
        };
        let player = html! {
            <>
                <p class="next-move hint">{ if runs.is_empty() {
                    "Click a square on any board to start every rule there."
                } else {
                    "Every board moves together: one move per step."
                } }</p>
                <Playback playing={self.play.playing()} position={self.play.position()} length={Some(self.play.length())}
                    speed={self.play.speed()} onaction={link.callback(Msg::Playback)} onspeed={link.callback(Msg::Speed)}
                    onscrub={link.callback(Msg::Scrub)} />
            </>
        };
        html! { <Slots {stage} {player} dock={props.dock.clone()} /> }
    }
}

fn capital(text: &str) -> String {
    let mut c = text.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

/// The rule as a person reads it.
fn rule_label(rule: Rule) -> String {
    use puzzlelab_solver::knight::{Heuristic, TieBreak};
    match (rule.heuristic, rule.tie_break) {
        (Heuristic::Bottom, _) => "Lowest row first".into(),
        (Heuristic::Center, _) => "Nearest the centre".into(),
        (Heuristic::Construct, _) => "Divide and conquer".into(),
        (Heuristic::Warnsdorff, t) => format!(
            "Warnsdorff, {} ties",
            match t {
                TieBreak::First => "clockwise",
                TieBreak::Random => "random",
                TieBreak::Pohl => "Pohl's",
                TieBreak::Roth => "Roth's",
            }
        ),
    }
}
