//! The N-queens workbench's state as plain Rust (no yew, no web-sys), as yew's
//! `function_todomvc` keeps its state: N, the mode, the queens placed by hand, the
//! backtracking search's player (with its tree) and the node selected in it. A message goes
//! in; the new state comes out, with whether the link (`link_out`) is to be written. The
//! component (`mod.rs`) only draws this state.

use crate::app::contract::Out;
use crate::app::queens::count_state::QueensCountState;
use crate::app::queens::predict::QueensPrediction;
use crate::app::shell::clock::now_ms;
use crate::app::widgets::pool_count::{counting, resolve, CountMsg};
use crate::app::widgets::predict::refusal;
use crate::app::widgets::recorder::{RecordMsg, Recorder};
use puzzlelab_links::{CountRun, QueensLink, QueensMode, QueensView};
use puzzlelab_solver::queens::search::{queens_tree, MAX_TREE_N};
use puzzlelab_solver::queens::{placement_names, QueensSearch, MAX_N};
use puzzlelab_solver::tree::SearchTree;
use puzzlelab_solver::watch::{Level, Player, PlayerAction};
use puzzlelab_solver::{Status, StepMachine};

pub const DEFAULT_SPEED: u32 = 20;

pub enum Msg {
    N(String),
    Mode(QueensMode),
    View(QueensView),
    Square((u32, u32)),
    ClearHand,
    Player(PlayerAction),
    /// A tree node clicked: show its partial board.
    Select(u32),
    Unselect,
    Dismiss,
    /// The count's buttons.
    Count(CountMsg),
    /// Guess each placement of the search (`predict=1`), or stop guessing.
    Predict(bool),
    /// "Save animation"'s controls.
    Record(RecordMsg),
}

pub type QueensPlayer = Player<QueensSearch, SearchTree>;

pub struct QueensState {
    pub n: u32,
    pub mode: QueensMode,
    pub view: QueensView,
    pub hand: Vec<(u32, u32)>,
    pub player: QueensPlayer,
    /// The tree node whose partial board is shown instead of the search's.
    pub selected: Option<u32>,
    pub problems: Vec<String>,
    /// Workers for counts, kept in the link (the one-off `count=1` is not written back).
    pub run: CountRun,
    /// Speed from the link (written back only once chosen).
    pub speed_in_link: bool,
    /// Every solution counted on the page's other workers.
    pub count: QueensCountState,
    /// "What would it do next?" (`predict=1`) and this run's guesses.
    pub predict: bool,
    pub prediction: QueensPrediction,
    /// "Save animation": the search's run asked, recorded on the page's own worker
    /// (the count uses the others).
    pub recorder: Recorder,
    /// The whole search's length for an N, as `run_length` said it (N 0 before any).
    pub search_run: (u32, (u64, bool)),
}

/// A search player for N (8 if N is refused), recording the tree where it is drawn.
pub fn fresh(n: u32, speed: u32) -> QueensPlayer {
    let search = QueensSearch::new(n, false)
        .unwrap_or_else(|_| QueensSearch::new(8, false).expect("8 is valid"));
    // The tree is recorded for the boards it is drawn for; bigger ones stop at once.
    let tree = if search.n() <= MAX_TREE_N {
        queens_tree(search.n())
    } else {
        queens_tree(search.n()).with_max_nodes(1)
    };
    Player::new(search, tree, speed, Level::Every)
}

impl QueensState {
    /// The state an opened link describes (a far `step=` is reached a budget per frame
    /// by the player, so it never freezes the page).
    pub fn new(link: &QueensLink, problems: Vec<String>) -> QueensState {
        let mut state = QueensState {
            n: link.n,
            mode: link.mode,
            view: link.view,
            hand: link.queens.clone(),
            player: fresh(link.n, link.speed.unwrap_or(DEFAULT_SPEED)),
            selected: None,
            run: CountRun {
                autostart: false,
                ..link.run
            },
            speed_in_link: link.speed.is_some(),
            count: QueensCountState::new(link.n, link.run.autostart),
            problems,
            predict: link.predict,
            prediction: QueensPrediction::default(),
            recorder: Recorder::new(crate::app::page::Worker::Main),
            search_run: (0, (0, true)),
        };
        if state.predicting() && refusal(link.step).is_none() {
            // Guessing goes on from the step shown: reached at once, then its placement.
            state.player.jump_to(link.step);
            state.wait_at_decision();
        } else if link.step > 0 {
            state.player.go_to(link.step);
        }
        state
    }

    /// A message in; whether the page draws again and writes the link out.
    pub fn update(&mut self, msg: Msg) -> Out {
        match msg {
            Msg::N(text) => match text.trim().parse::<u32>() {
                Ok(n) if n == self.n => Out::redraw(),
                Ok(n) if (1..=MAX_N).contains(&n) => {
                    self.n = n;
                    self.count.n = n;
                    self.hand.clear();
                    self.player = fresh(n, self.player.speed());
                    self.selected = None;
                    self.prediction = QueensPrediction::default();
                    if self.predicting() {
                        self.wait_at_decision();
                    }
                    Out::link()
                }
                _ => {
                    self.problems = vec![format!("N must be 1 to {MAX_N}, not '{text}'")];
                    Out::redraw()
                }
            },
            Msg::Mode(mode) => {
                self.mode = mode;
                self.player.apply(PlayerAction::Pause);
                if self.predicting() {
                    self.wait_at_decision();
                }
                Out::link()
            }
            Msg::View(view) => {
                self.view = view;
                self.selected = None;
                Out::link()
            }
            Msg::Square(sq) if self.predicting() => self.guess(sq),
            Msg::Square(sq) => {
                if self.mode != QueensMode::Hand {
                    self.mode = QueensMode::Hand;
                    self.player.apply(PlayerAction::Pause);
                }
                match self.hand.iter().position(|&q| q == sq) {
                    Some(i) => {
                        self.hand.remove(i);
                    }
                    None => self.hand.push(sq),
                }
                Out::link()
            }
            Msg::ClearHand => {
                self.hand.clear();
                Out::link()
            }
            Msg::Player(_) if self.mode != QueensMode::Search => Out::nothing(),
            Msg::Predict(on) => self.set_predict(on),
            Msg::Player(action) => {
                if let Some(out) = self
                    .predicting()
                    .then(|| self.predicting_action(action))
                    .flatten()
                {
                    return out;
                }
                if action != PlayerAction::Tick {
                    self.selected = None;
                }
                let speed = matches!(action, PlayerAction::Speed(_));
                self.speed_in_link |= speed;
                if self.player.apply(action) || speed {
                    Out::link()
                } else {
                    Out::redraw()
                }
            }
            Msg::Select(id) => {
                self.selected = Some(id);
                Out::redraw()
            }
            Msg::Unselect => {
                self.selected = None;
                Out::redraw()
            }
            Msg::Dismiss => {
                self.problems.clear();
                Out::redraw()
            }
            Msg::Record(msg) => self.record(msg),
            Msg::Count(msg) => {
                // A Start may find more workers asked for than were warmed.
                let warm = self.warm_count();
                warm.and(counting(&mut self.count, msg, now_ms()))
            }
        }
    }

    /// The count's workers pinged, so they load before a count needs them.
    pub fn warm_count(&mut self) -> Out {
        self.count.tasks.warm(resolve(self.run.workers))
    }

    /// The queens on the board shown (column, row): the tree node clicked, else the
    /// search's partial board, or those placed by hand.
    pub fn queens_shown(&self) -> Vec<(u32, u32)> {
        let rows = match (self.mode, self.selected) {
            (QueensMode::Hand, _) => return self.hand.clone(),
            (QueensMode::Search, Some(id)) => self.player.recording.observer().choices(id),
            (QueensMode::Search, None) => self.player.machine().rows().to_vec(),
        };
        rows.into_iter()
            .enumerate()
            .map(|(c, r)| (c as u32, r))
            .collect()
    }

    /// The square the search just placed a queen on, highlighted (not while a tree
    /// node's board is shown).
    pub fn focus_square(&self) -> Option<(u32, u32)> {
        let event = self.player.recording.event();
        if self.mode != QueensMode::Search
            || self.selected.is_some()
            || !matches!(event, "place" | "solution")
        {
            return None;
        }
        let rows = self.player.machine().rows();
        rows.last().map(|&r| (rows.len() as u32 - 1, r))
    }

    /// The link that describes what is shown.
    pub fn link_out(&self) -> QueensLink {
        QueensLink {
            n: self.n,
            mode: self.mode,
            queens: self.hand.clone(),
            step: self.player.step(),
            run: self.run,
            view: self.view,
            speed: self.speed_in_link.then_some(self.player.speed()),
            predict: self.predict,
        }
    }

    /// Every queen placed by hand, none attacking another.
    pub fn hand_solved(&self) -> bool {
        let q = &self.hand;
        q.len() as u32 == self.n
            && q.iter().enumerate().all(|(i, &a)| {
                q[i + 1..]
                    .iter()
                    .all(|&b| a.0 != b.0 && a.1 != b.1 && a.0.abs_diff(b.0) != a.1.abs_diff(b.1))
            })
    }

    /// The page hook `data-status`.
    pub fn status_attr(&self) -> &'static str {
        match self.mode {
            QueensMode::Hand if self.hand_solved() => "solved",
            QueensMode::Hand => "idle",
            QueensMode::Search if self.player.playing() => "running",
            QueensMode::Search => match self.player.machine().status() {
                Status::Solved => "solved",
                Status::Exhausted => "impossible",
                _ if self.player.machine().rows().len() as u32 == self.n => "solved",
                _ => "idle",
            },
        }
    }

    /// The state line, in words.
    pub fn status_text(&self) -> String {
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
                let c = self.player.machine().counters();
                match self.player.machine().status() {
                    Status::Solved | Status::Exhausted => format!(
                        "Search finished: {} solution{} for N = {n}.",
                        c.solutions,
                        if c.solutions == 1 { "" } else { "s" }
                    ),
                    _ if self.player.machine().rows().len() as u32 == n => {
                        format!(
                            "Solution {} found: {}.",
                            c.solutions,
                            placement_names(self.player.machine().rows())
                        )
                    }
                    _ => format!(
                        "Backtracking: column {} of {n}. Press play or step.",
                        self.player.machine().rows().len() + 1
                    ),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzlelab_links::{decode_route, encode_route, Route};

    #[test]
    fn a_linked_count_runs_on_the_pages_workers_once_they_have_loaded() {
        use crate::app::page::Workbench;
        use crate::app::page_tests::Served;
        use crate::app::widgets::pool_served::queens_reference;
        let Route::Queens(link) = decode_route("#/queens?n=8&workers=3&count=1").value else {
            panic!("a queens link")
        };
        let (mut state, out) = <QueensState as Workbench>::open(link, Vec::new());
        let pinged: Vec<usize> = out.send_to.iter().map(|(i, _)| *i).collect();
        assert_eq!(pinged, [0, 1, 2], "three workers warmed");
        assert!(
            state.count.result.is_none(),
            "nothing counted before they load"
        );
        let mut served = Served::default();
        served.run(&mut state, out);
        let result = state.count.result.clone().expect("counted once loaded");
        assert_eq!(result.total, queens_reference("solutions", 8));
        assert_eq!(result.unique, Some(queens_reference("unique", 8)));
        assert_eq!(state.progress_every(), None, "no clock once done");
        let again = served.update(&mut state, Msg::Count(CountMsg::Start));
        assert!(
            again.send_to.iter().all(|(i, _)| *i < 3),
            "the same workers count again"
        );
        assert_eq!(state.count.result.map(|r| r.total), Some(result.total));
    }

    fn state(link: &str) -> QueensState {
        let decoded = decode_route(link);
        let Route::Queens(link) = decoded.value else {
            panic!("{link} is a queens link");
        };
        QueensState::new(&link, decoded.problems)
    }

    #[test]
    fn the_board_shows_the_hand_the_search_or_the_tree_node_clicked() {
        let hand = state("#/queens?n=4&queens=a2,c1");
        assert_eq!(hand.queens_shown(), hand.hand);
        assert_eq!(hand.focus_square(), None);
        let mut search = state("#/queens?n=4&mode=search&step=2");
        let rows = search.player.machine().rows().to_vec();
        assert_eq!(rows.len(), 2, "two queens placed after two steps");
        let shown = search.queens_shown();
        assert_eq!(shown, vec![(0, rows[0]), (1, rows[1])]);
        assert_eq!(
            search.focus_square(),
            Some((1, rows[1])),
            "the queen just placed"
        );
        // A tree node clicked: its board, with nothing highlighted.
        search.update(Msg::Select(1));
        let node = search.player.recording.observer().choices(1);
        assert_eq!(search.queens_shown().len(), node.len());
        assert_eq!(search.focus_square(), None);
    }

    /// The link written out opens the same state.
    fn reopened(s: &QueensState) -> QueensState {
        state(&encode_route(&Route::Queens(s.link_out())))
    }

    #[test]
    fn placing_by_hand_toggles_queens_and_solves() {
        let mut s = state("#/queens?n=4&mode=hand");
        // 4 queens: b1 d2 a3 c4 (columns a..d = 0..3, rows 1..4 = 0..3).
        for sq in [(1, 0), (3, 1), (0, 2), (2, 3)] {
            assert_eq!(s.update(Msg::Square(sq)), Out::link());
        }
        assert!(s.hand_solved());
        assert_eq!(s.status_attr(), "solved");
        s.update(Msg::Square((2, 3)));
        assert_eq!(s.hand.len(), 3, "a second click takes the queen off");
        assert_eq!(s.status_attr(), "idle");
        assert_eq!(reopened(&s).hand, s.hand);
        s.update(Msg::ClearHand);
        s.update(Msg::Square((0, 0)));
        s.update(Msg::Square((1, 1)));
        assert!(
            s.status_text().contains("; 1 attacking pair."),
            "{}",
            s.status_text()
        );
    }

    #[test]
    fn a_click_on_the_board_while_searching_goes_back_to_the_hand() {
        let mut s = state("#/queens?n=6&mode=search");
        s.update(Msg::Square((0, 0)));
        assert_eq!(s.mode, QueensMode::Hand);
        assert_eq!(s.hand, vec![(0, 0)]);
    }

    #[test]
    fn steps_reach_the_link_and_back() {
        let mut s = state("#/queens?n=6&mode=search");
        for _ in 0..5 {
            assert_eq!(s.update(Msg::Player(PlayerAction::Step)), Out::link());
        }
        assert_eq!(s.player.step(), 5);
        let mut again = reopened(&s);
        // The link's step is reached a budget per frame: tick until it is there.
        for _ in 0..100 {
            if again.player.step() == 5 {
                break;
            }
            again.update(Msg::Player(PlayerAction::Tick));
        }
        assert_eq!(again.player.step(), 5);
        assert_eq!(again.player.machine().rows(), s.player.machine().rows());
    }

    #[test]
    fn the_player_is_deaf_by_hand_and_a_new_n_starts_afresh() {
        let mut s = state("#/queens?n=6&mode=hand");
        assert_eq!(s.update(Msg::Player(PlayerAction::Step)), Out::nothing());
        assert_eq!(s.player.step(), 0);
        s.update(Msg::Mode(QueensMode::Search));
        s.update(Msg::Player(PlayerAction::Step));
        s.update(Msg::Select(0));
        assert_eq!(s.update(Msg::N("8".into())), Out::link());
        assert_eq!((s.n, s.player.step(), s.selected), (8, 0, None));
        assert_eq!(
            s.update(Msg::N("8".into())),
            Out::redraw(),
            "the same N changes nothing"
        );
    }

    #[test]
    fn a_bad_n_says_why_and_keeps_the_board() {
        let mut s = state("#/queens?n=6");
        s.update(Msg::N("99".into()));
        assert_eq!(s.n, 6);
        assert!(s.problems[0].contains("N must be 1 to"), "{:?}", s.problems);
        s.update(Msg::Dismiss);
        assert!(s.problems.is_empty());
    }

    #[test]
    fn a_speed_chosen_goes_into_the_link() {
        let mut s = state("#/queens?n=6&mode=search");
        assert_eq!(s.link_out().speed, None);
        s.update(Msg::Player(PlayerAction::Speed(7)));
        assert_eq!(reopened(&s).player.speed(), 7);
    }
}
