//! "Compare rules": the same board and start under two to four greedy rules, boards side
//! by side in lockstep, each with its status, the move where it got stuck and the squares
//! it left. The runs come from the solver (`knight::compare`); they are at most one step
//! per square each, so they run here on the page.

use yew::prelude::*;

use crate::app::knight::board_view::BoardView;
use crate::app::widgets::playback::{Playback, PlaybackAction};
use crate::solver::board::Board;
use crate::solver::knight::compare::{run_rules, Rule, RuleRun};
use crate::solver::Status;

#[derive(Properties, PartialEq)]
pub struct CompareProps {
    pub board: Board,
    pub start: Option<u32>,
    pub closed: bool,
    pub rules: Vec<Rule>,
    pub onclick: Callback<u32>,
}

pub enum Msg {
    Playback(PlaybackAction),
    Scrub(usize),
    Speed(u32),
    Tick,
}

pub struct Compare {
    runs: Result<Vec<RuleRun>, String>,
    /// Moves shown on every board (lockstep).
    shown: usize,
    playing: bool,
    speed: u32,
    timer: Option<gloo_timers::callback::Interval>,
}

impl Compare {
    fn longest(&self) -> usize {
        match &self.runs {
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

    fn start_timer(&mut self, ctx: &Context<Self>) {
        let link = ctx.link().clone();
        let period = 1000 / self.speed.max(1);
        self.timer = Some(gloo_timers::callback::Interval::new(period, move || {
            link.send_message(Msg::Tick)
        }));
    }
}

impl Component for Compare {
    type Message = Msg;
    type Properties = CompareProps;

    fn create(ctx: &Context<Self>) -> Self {
        let mut compare = Compare {
            runs: Self::run(ctx.props()),
            shown: 0,
            playing: false,
            speed: 30,
            timer: None,
        };
        // Reduced motion, or nothing to play: show where each rule ends.
        compare.shown = if crate::app::reduced_motion() {
            compare.longest()
        } else {
            0
        };
        if compare.shown < compare.longest() {
            compare.playing = true;
            compare.start_timer(ctx);
        }
        compare
    }

    fn changed(&mut self, ctx: &Context<Self>, _old: &CompareProps) -> bool {
        self.runs = Self::run(ctx.props());
        self.shown = 0;
        self.playing = self.longest() > 0;
        if self.playing {
            self.start_timer(ctx);
        }
        true
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        let longest = self.longest();
        match msg {
            Msg::Tick => {
                self.shown = (self.shown + 1).min(longest);
                if self.shown == longest {
                    self.playing = false;
                    self.timer = None;
                }
            }
            Msg::Playback(PlaybackAction::Play) if self.shown < longest => {
                self.playing = true;
                self.start_timer(ctx);
            }
            Msg::Playback(action) => {
                self.playing = false;
                self.timer = None;
                if let Some(k) = action.target(self.shown, longest) {
                    self.shown = k;
                }
            }
            Msg::Scrub(k) => {
                self.playing = false;
                self.timer = None;
                self.shown = k.min(longest);
            }
            Msg::Speed(speed) => {
                self.speed = speed;
                if self.playing {
                    self.start_timer(ctx);
                }
            }
        }
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let props = ctx.props();
        let link = ctx.link();
        let board = props.board;
        let runs = match &self.runs {
            Ok(runs) => runs,
            Err(message) => return html! { <p role="alert">{ message }</p> },
        };
        html! {
            <div class="compare">
                if runs.is_empty() {
                    <p class="hint">{"Click a square on any board to start every rule there."}</p>
                }
                <div class="compare-boards">
                    { for props.rules.iter().enumerate().map(|(i, &rule)| {
                        let run = runs.get(i);
                        let path = match run {
                            Some(r) => r.path[..=self.shown.min(r.path.len() - 1)].to_vec(),
                            None => props.start.into_iter().collect(),
                        };
                        let ended = run.is_some_and(|r| self.shown >= r.path.len() - 1);
                        let status = match run {
                            Some(r) if ended => r.status.as_str(),
                            Some(_) => "running",
                            None => "idle",
                        };
                        let text = match run {
                            None => "Waiting for a start square.".to_string(),
                            Some(_) if !ended => format!("Move {} …", self.shown),
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
                <Playback playing={self.playing} position={self.shown} length={Some(self.longest())}
                    speed={self.speed} onaction={link.callback(Msg::Playback)} onspeed={link.callback(Msg::Speed)}
                    onscrub={link.callback(Msg::Scrub)} />
            </div>
        }
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
    use crate::solver::knight::{Heuristic, TieBreak};
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
