//! The knight workbench's state as plain Rust (no yew, no web-sys), as yew's
//! `function_todomvc` keeps its state: the link (rules, start, position), the search's
//! progress and result, what is watched, and the tour's playback. A settings message goes
//! in; the new state and what the page must do come out (search again, write the link),
//! and `link_out` is the link that describes what is shown. The component (`mod.rs`) draws
//! this state and talks to the worker.

use crate::app::contract::Out;
use crate::app::knight::tree::KnightTree;
use std::rc::Rc;

use crate::app::widgets::timeline::Timeline;
use puzzlelab_links::KnightLink;
use puzzlelab_solver::board::Board;
use puzzlelab_solver::chart::Bucket;
use puzzlelab_solver::knight::all_starts::{versus, Outcome, Versus};
use puzzlelab_solver::knight::candidates::{candidates, Candidate};
use puzzlelab_solver::knight::timeline::Frame;
use puzzlelab_solver::knight::{Heuristic, Rule, RuleSpec, TieBreak, TourConfig};
use puzzlelab_solver::watch::RemotePlayer;
use puzzlelab_solver::{Stats, Status};

/// Boards drawn square by square; bigger ones go on a canvas.
pub const MAX_DRAWN_SIDE: u32 = puzzlelab_pictures::knight::MAX_SIDE;
/// Moves (or search steps) a second, until the user says otherwise.
pub const DEFAULT_SPEED: u32 = 30;

/// Where the search is.
pub enum Search {
    Idle,
    /// The rules run from every start: outcomes so far, by square. When the map compares
    /// two rules, `first` holds the page rule's outcomes and `outcomes` the other's.
    Map {
        done: u32,
        outcomes: Option<Vec<Outcome>>,
        first: Option<Vec<Outcome>>,
    },
    Running {
        progress: Stats,
    },
    Done {
        status: Status,
        path: Rc<Vec<u32>>,
        stats: Stats,
        reason: Option<String>,
        /// The depth of the path over the search (for the depth chart).
        chart: Rc<Vec<Bucket>>,
    },
    Error(String),
}

/// What the player walks through once a search is done.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Watch {
    /// The tour found, move by move.
    Tour,
    /// The search itself, step by step: moves, backtracks, jumps.
    Search,
}

/// A change in the side panel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Setting {
    BoardSize(String),
    Closed(bool),
    /// One of the rule's options, as its control gives it.
    Rule(RuleChange),
    /// The rule the all-starts map is compared against ("" for none).
    Versus(String),
    /// The search tree beside the board (`view=tree`), or not.
    Tree(bool),
    /// The search's code beside the board (`view=code`; the tree is put away).
    Code(bool),
}

/// A change to one of the rule's options, as the side panel's control gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleChange {
    Backtrack(bool),
    Tie(String),
    Heuristic(String),
    Seed(String),
    ForwardCheck(bool),
    FastBacktrack(bool),
}

impl RuleChange {
    /// The option given, read from the control's text (the page's one conversion).
    pub fn spec(self) -> Result<RuleSpec, String> {
        let none = RuleSpec::default();
        Ok(match self {
            RuleChange::Backtrack(on) => RuleSpec {
                backtrack: Some(on),
                ..none
            },
            RuleChange::ForwardCheck(on) => RuleSpec {
                forward_check: Some(on),
                ..none
            },
            RuleChange::FastBacktrack(on) => RuleSpec {
                fast_backtrack: Some(on),
                ..none
            },
            RuleChange::Tie(text) => RuleSpec {
                tie_break: Some(TieBreak::parse(&text)?),
                ..none
            },
            RuleChange::Heuristic(text) => RuleSpec {
                heuristic: Some(Heuristic::parse(&text)?),
                ..none
            },
            RuleChange::Seed(text) => match text.trim().parse::<u64>() {
                Ok(seed) => RuleSpec {
                    seed: Some(seed),
                    ..none
                },
                Err(_) => return Err(format!("the seed must be a whole number, not '{text}'")),
            },
        })
    }
}

pub struct KnightState {
    pub link: KnightLink,
    pub problems: Vec<String>,
    /// Answers to older jobs are ignored.
    pub job: u32,
    pub search: Search,
    /// Watching the tour or the search that found it.
    pub watch: Watch,
    /// The tour's replay: moves shown (0 = only the start square), playing or not.
    pub tour: Timeline,
    /// A move asked for by an opened link, applied when the tour arrives.
    pub pending_step: Option<u32>,
    /// The search player over the worker's timeline, and the board at the step shown.
    pub remote: RemotePlayer,
    pub frame: Option<Frame>,
    /// A search step asked for by an opened link, applied when the search is done.
    pub pending_search: Option<u64>,
    /// The tree node whose walk is shown instead of the search's board.
    pub selected: Option<u32>,
    /// The search re-run on the page's thread for its tree (`view=tree`, small boards).
    pub tree: Option<KnightTree>,
    /// Guessing the search's next move (`predict=1`): the machine at the decision shown.
    pub prediction: Option<crate::app::knight::predict::Prediction>,
    /// "Save animation": the run asked and a recording on the helper worker.
    pub recorder: crate::app::widgets::recorder::Recorder,
}

impl KnightState {
    pub fn new(link: KnightLink, problems: Vec<String>) -> KnightState {
        KnightState {
            tree: None,
            prediction: None,
            recorder: crate::app::widgets::recorder::Recorder::new(
                crate::app::page::Worker::Helper(crate::app::knight::recording::RECORDER),
            ),
            pending_step: link.step,
            pending_search: link.search,
            link,
            problems,
            job: 0,
            search: Search::Idle,
            watch: Watch::Tour,
            tour: Timeline::new(0, DEFAULT_SPEED),
            remote: RemotePlayer::new(0, DEFAULT_SPEED),
            frame: None,
            selected: None,
        }
    }

    /// A settings change: the new rules, and whether to search again.
    pub fn setting(&mut self, setting: Setting) -> Out {
        match setting {
            Setting::BoardSize(text) => match Board::parse(&text) {
                Ok(board) if board != self.link.board => {
                    self.link.board = board;
                    self.link.start = None;
                    self.reset_search();
                    Out::link()
                }
                Ok(_) => Out::nothing(),
                Err(e) => self.problem(e.to_string()),
            },
            Setting::Closed(closed) => {
                self.link.closed = closed;
                self.rerun()
            }
            Setting::Rule(change) => match change.spec() {
                Ok(spec) => {
                    self.link.rule = spec.over(self.link.rule);
                    self.rerun()
                }
                Err(message) => self.problem(message),
            },
            Setting::Versus(text) => {
                self.link.versus = match text.as_str() {
                    "" => None,
                    name => match Rule::parse(name) {
                        Ok(rule) => Some(rule),
                        Err(message) => return self.problem(message),
                    },
                };
                Out::link()
            }
            Setting::Tree(on) => {
                (self.link.tree, self.link.code) = (on, false);
                self.selected = None;
                Out::link()
            }
            Setting::Code(on) => {
                (self.link.tree, self.link.code) = (false, on);
                self.selected = None;
                Out::link()
            }
        }
    }

    fn problem(&mut self, message: String) -> Out {
        self.problems = vec![message];
        Out::redraw()
    }

    /// A rule changed: search again from the same start, if there is one.
    fn rerun(&mut self) -> Out {
        self.pending_step = None;
        self.pending_search = None;
        if self.link.start.is_some() {
            self.search()
        } else {
            Out::link()
        }
    }

    /// A new search from the start square: the job to send the worker (none without a
    /// start). Older answers are ignored from here on.
    pub fn begin_search(&mut self) -> Option<(u32, TourConfig)> {
        let config = self.config()?;
        self.reset_search();
        self.search = Search::Running {
            progress: Stats::default(),
        };
        Some((self.job, config))
    }

    /// Forgets the search (and ignores answers to it).
    pub fn reset_search(&mut self) {
        self.job += 1;
        self.search = Search::Idle;
        self.tour.load(0, 0);
        self.watch = Watch::Tour;
        self.frame = None;
        self.remote = RemotePlayer::new(0, self.remote.speed());
        self.selected = None;
        self.prediction = None;
    }

    /// The link that describes what is shown: the move or search step only once the
    /// player is at rest on a finished search.
    pub fn link_out(&self) -> KnightLink {
        let mut link = self.link.clone();
        let done = matches!(self.search, Search::Done { .. }) && !self.tour.playing();
        let searching = self.watch == Watch::Search;
        link.step = (done && !searching).then_some(self.tour.position() as u32);
        link.search = (done && searching && !self.remote.playing()).then_some(self.remote.target());
        link
    }

    pub fn config(&self) -> Option<TourConfig> {
        self.config_for(self.link.start?)
    }

    /// The page's rules from `start` (`Option` so callers can chain with `config`).
    pub fn config_for(&self, start: u32) -> Option<TourConfig> {
        // Where a backtracking search would run long, the page finishes with divide and
        // conquer (and says so) rather than leave the user waiting.
        let link = &self.link;
        Some(TourConfig::with_fallback(
            link.board,
            start,
            link.closed,
            link.rule,
        ))
    }

    /// The rule the all-starts map is compared against, as a configuration: the page's
    /// settings with that rule's heuristic and tie-break.
    pub fn versus_config(&self) -> Option<TourConfig> {
        let rule = self.link.versus?;
        let mut config = self.config_for(0)?;
        config.rule.heuristic = rule.heuristic;
        config.rule.tie_break = rule.tie_break;
        Some(config)
    }

    /// A search or an all-starts run is under way.
    pub fn running(&self) -> bool {
        matches!(
            self.search,
            Search::Running { .. } | Search::Map { outcomes: None, .. }
        )
    }

    /// Moves of the tour found.
    pub fn moves(&self) -> usize {
        match &self.search {
            Search::Done { path, .. } => path.len().saturating_sub(1),
            _ => 0,
        }
    }

    /// Steps of the finished search.
    pub fn search_steps(&self) -> u64 {
        match &self.search {
            Search::Done { stats, .. } => stats.steps,
            _ => 0,
        }
    }

    /// Watching the search's steps (rather than replaying the tour).
    pub fn watching_search(&self) -> bool {
        self.watch == Watch::Search && matches!(self.search, Search::Done { .. })
    }

    /// After a failed run has played to its end: the squares never reached.
    pub fn stranded(&self) -> bool {
        matches!(
            &self.search,
            Search::Done {
                status: Status::Failed,
                ..
            }
        ) && self.tour.at_end()
    }

    /// The path shown so far, and the next square, when paused inside a finished tour.
    pub fn paused_path(&self) -> Option<(&[u32], u32)> {
        if self.watch == Watch::Search {
            return None;
        }
        let shown = self.tour.position();
        match &self.search {
            Search::Done { path, .. } if !self.tour.playing() && shown < self.moves() => {
                Some((&path[..=shown], path[shown + 1]))
            }
            _ => None,
        }
    }

    /// Each square the knight could jump to next, ranked by the solver.
    pub fn candidates(&self) -> Vec<Candidate> {
        if let Some(frame) = self.frame.as_ref().filter(|_| self.watch == Watch::Search) {
            if self.remote.playing() || frame.path.len() == self.link.board.squares() as usize {
                return Vec::new();
            }
            // The candidates left: squares already tried from here are marked instead.
            let mut list = candidates(self.link.board, &frame.path, None);
            list.retain(|c| !frame.tried.contains(&c.square));
            return list;
        }
        let Some((shown, chosen)) = self.paused_path() else {
            return Vec::new();
        };
        candidates(self.link.board, shown, Some(chosen))
    }

    /// The squares shown on the board: the search's frame, the tour so far, or the start.
    pub fn path_shown(&self) -> Vec<u32> {
        let frame = self.frame.as_ref().filter(|_| self.watch == Watch::Search);
        match (&self.search, frame) {
            (Search::Done { .. }, Some(frame)) => frame.path.clone(),
            (Search::Done { path, .. }, None) => {
                path[..=self.tour.position().min(path.len() - 1)].to_vec()
            }
            _ => self.link.start.into_iter().collect(),
        }
    }

    /// The all-starts map's outcomes by square (or the two rules' comparison).
    pub fn outcomes(&self) -> Vec<&'static str> {
        match &self.search {
            Search::Map {
                outcomes: Some(o),
                first: Some(f),
                ..
            } => versus(f, o).iter().map(|v| v.as_str()).collect(),
            Search::Map {
                outcomes: Some(o), ..
            } => o.iter().map(|o| o.as_str()).collect(),
            _ => Vec::new(),
        }
    }

    /// The page hook `data-status`.
    pub fn status_attr(&self) -> &'static str {
        match &self.search {
            Search::Idle => "idle",
            Search::Map { outcomes: None, .. } => "running",
            Search::Map { .. } => "idle",
            Search::Running { .. } => "running",
            Search::Error(_) => "error",
            Search::Done { .. } if self.tour.playing() || self.remote.playing() => "running",
            Search::Done { .. } if self.watch == Watch::Search => {
                if self.remote.step() < self.search_steps() {
                    "idle"
                } else {
                    match &self.search {
                        Search::Done { status, .. } => status.as_str(),
                        _ => "idle",
                    }
                }
            }
            Search::Done { .. } if self.tour.position() < self.moves() => "idle",
            Search::Done { status, .. } => status.as_str(),
        }
    }

    /// The state line, in words.
    pub fn status_text(&self) -> String {
        let board = self.link.board;
        let start = self.link.start.map(|s| board.name(s)).unwrap_or_default();
        match &self.search {
            Search::Idle => "Click a square to start a tour there.".into(),
            Search::Map {
                done,
                outcomes: None,
                first,
            } => format!(
                "Running {} from every square: {done} of {} starts…",
                if first.is_some() {
                    "the second rule"
                } else {
                    "the rules"
                },
                board.squares()
            ),
            Search::Map {
                outcomes: Some(second),
                first: Some(first),
                ..
            } => self.versus_text(first, second),
            Search::Map {
                outcomes: Some(outcomes),
                ..
            } => self.map_text(outcomes),
            Search::Running { progress } => format!(
                "Searching from {start}… {} steps, {} backtracks",
                progress.steps, progress.backtracks
            ),
            Search::Error(message) => format!("Could not search: {message}"),
            Search::Done {
                status,
                path,
                reason,
                ..
            } => self.where_shown(self.outcome_text(*status, path, reason)),
        }
    }

    /// The all-starts map against another rule: how many starts each rule finds a tour
    /// from.
    fn versus_text(&self, first: &[Outcome], second: &[Outcome]) -> String {
        let board = self.link.board;
        let v = versus(first, second);
        let count = |x: Versus| v.iter().filter(|&&y| y == x).count();
        let other = self.link.versus.map(|r| r.name()).unwrap_or_default();
        format!(
            "Against {other} on {}x{}: both find a tour from {}, only this page's rule from {}, only {other} from {}, neither from {}.",
            board.width(),
            board.height(),
            count(Versus::Both),
            count(Versus::FirstOnly),
            count(Versus::SecondOnly),
            count(Versus::Neither)
        )
    }

    /// The all-starts map: how many starts give a tour, and why the others do not.
    fn map_text(&self, outcomes: &[Outcome]) -> String {
        let board = self.link.board;
        let count = |o: Outcome| outcomes.iter().filter(|&&x| x == o).count();
        let mut text = format!(
            "{} of {} starts on {}x{} give a tour",
            count(Outcome::Solved),
            outcomes.len(),
            board.width(),
            board.height()
        );
        for (o, what) in [
            (Outcome::Failed, "the knight gets stuck from"),
            (Outcome::Impossible, "no tour exists from"),
            (Outcome::GaveUp, "backtracking ran out of steps from"),
        ] {
            if count(o) > 0 {
                text.push_str(&format!("; {what} {}", count(o)));
            }
        }
        text + ". Click a square to watch its tour."
    }

    /// What a finished search found.
    fn outcome_text(&self, status: Status, path: &[u32], reason: &Option<String>) -> String {
        let board = self.link.board;
        let start = self.link.start.map(|s| board.name(s)).unwrap_or_default();
        let squares = board.squares() as usize;
        match status {
            Status::Solved if self.link.closed => {
                format!("Closed tour from {start}: all {squares} squares, ending a knight's move from the start.{}", self.how_built(reason))
            }
            Status::Solved => format!("Tour from {start}: all {squares} squares visited.{}", self.how_built(reason)),
            Status::Failed => format!(
                "Stuck at {} after {} moves: {} squares never visited. Try backtracking or another tie-break.",
                board.name(*path.last().unwrap_or(&0)),
                path.len() - 1,
                squares - path.len()
            ),
            Status::Exhausted => match &reason {
                Some(why) => format!("No tour: {why}."),
                None => format!("No tour from {start}: backtracking tried every path."),
            },
            Status::Cancelled => "Search cancelled.".into(),
            Status::Running => String::new(),
        }
    }

    /// `outcome` after where the player stands, while it has not reached the end of the
    /// search or tour it walks through.
    fn where_shown(&self, outcome: String) -> String {
        let steps = self.search_steps();
        let shown = self.tour.position();
        if self.watch == Watch::Search && self.remote.step() < steps {
            let verb = if self.remote.playing() {
                "Watching"
            } else {
                "Paused at"
            };
            format!(
                "{verb} step {} of the search's {steps}. {outcome}",
                self.remote.step()
            )
        } else if self.watch == Watch::Tour && shown < self.moves() {
            let verb = if self.tour.playing() {
                "Playing"
            } else {
                "Paused at"
            };
            format!("{verb} move {shown} of {}. {outcome}", self.moves())
        } else {
            outcome
        }
    }

    /// For the construction: built by divide and conquer, or why it searched instead.
    fn how_built(&self, note: &Option<String>) -> String {
        match (self.link.rule.heuristic, note) {
            (Heuristic::Construct, None) => {
                " Built by divide and conquer: small blocks joined into one tour.".into()
            }
            (Heuristic::Construct, Some(why)) => format!(" Not built by blocks: {why}."),
            // The search gave way (it would have run long): the note names the method.
            (_, Some(why)) => format!(" {}.", capitalise(why)),
            _ => String::new(),
        }
    }
}

pub fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Boards drawn square by square; bigger ones are drawn on a canvas.
pub fn drawn_as_squares(board: Board) -> bool {
    board.width() <= MAX_DRAWN_SIDE && board.height() <= MAX_DRAWN_SIDE
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::app::widgets::timeline::PlaybackAction;
    use puzzlelab_links::{decode_route, Route};

    /// The page's state as a link opens it (its problems kept).
    pub(in crate::app::knight) fn state(link: &str) -> KnightState {
        let decoded = decode_route(link);
        let Route::Knight(link) = decoded.value else {
            panic!("{link} is a knight link");
        };
        KnightState::new(link, decoded.problems)
    }

    fn finish(s: &mut KnightState, path: Vec<u32>, status: Status) {
        let moves = path.len() - 1;
        s.search = Search::Done {
            status,
            path: Rc::new(path),
            stats: Stats::default(),
            reason: None,
            chart: Rc::new(Vec::new()),
        };
        s.tour.load(moves, 0);
    }

    #[test]
    fn a_rule_change_searches_again_only_with_a_start() {
        let mut s = state("#/knight?board=5x5");
        assert_eq!(s.setting(Setting::Closed(true)), Out::link());
        assert!(s.link.closed);
        let mut s = state("#/knight?board=5x5&start=c3&step=4");
        assert_eq!(s.pending_step, Some(4));
        let checking = s.link.rule.forward_check;
        assert!(
            s.setting(Setting::Rule(RuleChange::ForwardCheck(!checking)))
                .fresh
        );
        assert_eq!(s.link.rule.forward_check, !checking);
        assert_eq!(
            s.pending_step, None,
            "a new rule forgets the step the link asked for"
        );
        assert!(
            s.setting(Setting::Rule(RuleChange::FastBacktrack(true)))
                .fresh
        );
        assert!(s.link_out().rule.fast_backtrack);
    }

    #[test]
    fn a_rule_change_changes_only_its_option() {
        let mut s = state("#/knight?board=5x5&tie=first&backtrack=0&seed=9");
        let before = s.link.rule;
        let center = Setting::Rule(RuleChange::Heuristic("centre".into()));
        assert_eq!(s.setting(center), Out::link());
        assert_eq!(
            s.link.rule,
            Rule {
                heuristic: Heuristic::Center,
                ..before
            }
        );
        s.setting(Setting::Rule(RuleChange::Seed(" 4 ".into())));
        assert_eq!(
            (s.link.rule.seed, s.link.rule.tie_break),
            (4, TieBreak::First)
        );
    }

    #[test]
    fn a_new_board_forgets_the_start_and_the_search() {
        let mut s = state("#/knight?board=5x5&start=c3");
        let (job, _) = s.begin_search().expect("a start square");
        assert_eq!(s.setting(Setting::BoardSize("6x6".into())), Out::link());
        assert_eq!(s.link.start, None);
        assert!(matches!(s.search, Search::Idle));
        assert!(s.job > job, "answers to the old search are ignored");
        assert_eq!(s.setting(Setting::BoardSize("6x6".into())), Out::nothing());
    }

    #[test]
    fn bad_settings_say_why_and_keep_the_rules() {
        let mut s = state("#/knight?board=5x5&start=c3");
        let seed = Setting::Rule(RuleChange::Seed("x".into()));
        assert_eq!(s.setting(seed), Out::redraw());
        assert!(s.problems[0].contains("whole number"), "{:?}", s.problems);
        assert_eq!(s.link.rule, state("#/knight?board=5x5").link.rule);
        assert_eq!(s.setting(Setting::BoardSize("0x0".into())), Out::redraw());
        assert_eq!(s.link.board.width(), 5);
        let tie = Setting::Rule(RuleChange::Tie("sideways".into()));
        assert_eq!(s.setting(tie), Out::redraw());
        assert_eq!(s.link.rule, state("#/knight?board=5x5").link.rule);
        assert_eq!(s.setting(Setting::Versus("nobody".into())), Out::redraw());
        assert_eq!(s.link.versus, None);
    }

    #[test]
    fn the_link_records_the_move_only_at_rest() {
        let mut s = state("#/knight?board=5x5&start=a1");
        s.begin_search();
        assert_eq!(s.status_attr(), "running");
        assert_eq!(s.link_out().step, None, "no step while searching");
        finish(&mut s, vec![0, 7, 14], Status::Failed);
        s.tour.apply(PlaybackAction::Play);
        assert_eq!(s.status_attr(), "running");
        assert_eq!(s.link_out().step, None, "no step while playing");
        s.tour.tick();
        s.tour.apply(PlaybackAction::Pause);
        assert_eq!(s.link_out().step, Some(1));
        assert_eq!(s.status_attr(), "idle");
        assert!(
            s.status_text().starts_with("Paused at move 1 of 2."),
            "{}",
            s.status_text()
        );
        assert_eq!(s.path_shown(), vec![0, 7]);
        assert!(!s.stranded());
        s.tour.apply(PlaybackAction::End);
        assert_eq!(s.status_attr(), "failed");
        assert!(
            s.stranded(),
            "a failed run played to its end marks what it missed"
        );
        let back = state(&puzzlelab_links::encode_route(&Route::Knight(s.link_out())));
        assert_eq!(
            back.pending_step,
            Some(2),
            "the link opens at the same move"
        );
    }

    #[test]
    fn paused_inside_a_tour_the_next_square_is_a_candidate() {
        let mut s = state("#/knight?board=5x5&start=a1");
        // a1 → b3 → c5 (indices: a1 = 0, b3 = 11, c5 = 22 on 5x5).
        finish(&mut s, vec![0, 11, 22], Status::Failed);
        s.tour.apply(PlaybackAction::StepForward);
        let (shown, next) = s.paused_path().expect("paused inside");
        assert_eq!((shown.len(), next), (2, 22));
        assert!(s.candidates().iter().any(|c| c.square == 22 && c.chosen));
    }

    #[test]
    fn the_link_out_opens_the_same_rules() {
        let mut s = state("#/knight?board=5x5&backtrack=1");
        let checking = s.link.rule.forward_check;
        s.setting(Setting::Rule(RuleChange::ForwardCheck(!checking)));
        s.setting(Setting::Tree(true));
        s.setting(Setting::Versus("warnsdorff/roth".into()));
        let back = state(&puzzlelab_links::encode_route(&Route::Knight(s.link_out())));
        assert_eq!(back.link.rule.forward_check, !checking);
        assert!(back.link.tree);
        assert_eq!(
            back.link.versus.map(|r| r.name()),
            Some("warnsdorff/roth".to_string())
        );
    }
}
