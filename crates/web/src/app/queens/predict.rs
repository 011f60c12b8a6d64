//! "What would it do next?" (`predict=1`) on the queens search player: the player stops
//! before each placement; the square clicked is judged against the machine's own next
//! step (`solver::queens::predict`), scored, and the search goes on to its next
//! placement. Play runs on to the next placement and stops there. Plain Rust beside
//! `state.rs`; the page only draws it.

use crate::app::contract::Out;
use crate::app::queens::state::QueensState;
use crate::app::widgets::predict::refusal;
use puzzlelab_links::QueensMode;
use puzzlelab_solver::predict::Score;
use puzzlelab_solver::queens::predict::{judge, next_placement};
use puzzlelab_solver::watch::PlayerAction;

/// Steps a tick takes at most while playing towards a decision.
const TICK_STEPS: u64 = 10_000;

/// The guesses of this run.
#[derive(Clone, Debug, Default)]
pub struct QueensPrediction {
    pub tally: Score<(u32, u32)>,
    /// Play was pressed at a decision: the page says it waits for the guess.
    pub play_waits: bool,
}

impl QueensState {
    /// Guessing along the search: `predict=1` while backtracking is shown.
    pub fn predicting(&self) -> bool {
        self.predict && self.mode == QueensMode::Search
    }

    /// Why guessing is off here (the search shown, or the step a link seeks, is too far
    /// in), if it is.
    pub fn predict_refused(&self) -> Option<String> {
        refusal(self.player.step().max(self.player.seeking().unwrap_or(0)))
    }

    /// Whether the machine's next step places a queen (a guess is asked for).
    pub fn at_decision(&self) -> bool {
        matches!(next_placement(self.player.machine()), Some((0, _)))
    }

    /// Turns guessing on or off; on, the player stops at the next placement.
    pub fn set_predict(&mut self, on: bool) -> Out {
        self.predict = on;
        self.prediction = QueensPrediction::default();
        if on {
            self.mode = QueensMode::Search;
            self.selected = None;
            self.wait_at_decision();
        }
        Out::link()
    }

    /// The player paused at the search's next placement (where it is if it is at one).
    pub fn wait_at_decision(&mut self) {
        self.player.apply(PlayerAction::Pause);
        if self.predict_refused().is_some() {
            return;
        }
        if let Some((before, _)) = next_placement(self.player.machine()) {
            self.player.jump_to(self.player.step() + before);
        }
    }

    /// A square clicked while guessing: judged, scored, and the player on to the next
    /// placement.
    pub fn guess(&mut self, square: (u32, u32)) -> Out {
        if self.predict_refused().is_some() {
            return Out::nothing();
        }
        let Some(verdict) = judge(self.player.machine(), square) else {
            return Out::nothing();
        };
        self.prediction.tally.add(verdict);
        self.prediction.play_waits = false;
        self.selected = None;
        self.player.jump_to(self.player.step() + 1);
        self.wait_at_decision();
        Out::link()
    }

    /// The player's controls while guessing: Play runs on to the next placement and stops
    /// there (at one, it waits for the guess and says so); the rest as without guessing.
    pub fn predicting_action(&mut self, action: PlayerAction) -> Option<Out> {
        if self.predict_refused().is_some() {
            return None;
        }
        let play = match action {
            PlayerAction::Toggle => !self.player.playing(),
            other => other == PlayerAction::Play,
        };
        let at = self.at_decision();
        if play && at {
            self.prediction.play_waits = true;
            return Some(Out::redraw());
        }
        if action != PlayerAction::Tick || !self.player.playing() {
            return None;
        }
        // Playing: one step a tick, never past the next placement.
        if at {
            self.player.apply(PlayerAction::Pause);
            return Some(Out::link());
        }
        let step = self.player.step();
        self.player.recording.seek(step + 1, TICK_STEPS);
        Some(Out::redraw())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::queens::state::Msg;
    use puzzlelab_links::{decode_route, encode_route, Route};
    use puzzlelab_solver::queens::square_name_on;

    fn open(link: &str) -> QueensState {
        let decoded = decode_route(link);
        let Route::Queens(link) = decoded.value else {
            panic!("{link} is a queens link");
        };
        QueensState::new(&link, decoded.problems)
    }

    fn name(s: &QueensState, sq: (u32, u32)) -> String {
        square_name_on(s.n, sq.0, sq.1)
    }

    #[test]
    fn guesses_score_against_the_search_and_the_link_reopens_the_mode() {
        let mut s = open("#/queens?n=5&mode=search&predict=1");
        assert!(s.predicting() && s.at_decision());
        // a1 first, then b3 (b1 and b2 attacked by a1): right, right, then a wrong c1.
        assert_eq!(s.update(Msg::Square((0, 0))), Out::link());
        s.update(Msg::Square((1, 2)));
        assert_eq!(
            s.mode,
            QueensMode::Search,
            "a click while guessing is a guess"
        );
        s.update(Msg::Square((2, 0)));
        let t = &s.prediction.tally;
        assert_eq!((t.right, t.asked), (2, 3));
        let wrong = t.last.as_ref().unwrap();
        assert_eq!(name(&s, wrong.chosen), "c5");
        assert!(
            wrong
                .reason
                .starts_with("c1 is attacked by the queen on a1"),
            "{}",
            wrong.reason
        );
        assert_eq!(s.player.machine().rows(), [0, 2, 4], "the search placed c5");
        assert!(s.at_decision());
        let link = encode_route(&Route::Queens(s.link_out()));
        assert!(
            link.contains("predict=1") && link.contains("step=3"),
            "{link}"
        );
        let again = open(&link);
        assert!(again.predicting() && again.at_decision());
        assert_eq!(again.player.machine().rows(), [0, 2, 4]);
        assert_eq!(again.prediction.tally.asked, 0, "a fresh score");
    }

    #[test]
    fn play_runs_to_the_next_placement_and_waits_at_one() {
        let mut s = open("#/queens?n=4&mode=search&predict=1");
        s.update(Msg::Player(PlayerAction::Play));
        assert!(
            !s.player.playing() && s.prediction.play_waits,
            "waits for a guess"
        );
        // a1 b3 is a dead end: after the guesses, stepping off a decision and playing runs
        // through the backtracks and stops at the next placement.
        s.update(Msg::Square((0, 0)));
        s.update(Msg::Square((1, 2)));
        assert!(!s.prediction.play_waits);
        let before = s.player.step();
        s.update(Msg::Player(PlayerAction::StepBack));
        assert_eq!(s.player.step(), before - 1);
        s.update(Msg::Player(PlayerAction::Play));
        assert!(s.player.playing());
        for _ in 0..20 {
            s.update(Msg::Player(PlayerAction::Tick));
        }
        assert!(!s.player.playing() && s.at_decision());
        assert_eq!(s.player.step(), before, "stopped at the same placement");
    }

    #[test]
    fn far_into_a_long_search_guessing_is_refused_in_words() {
        let s = open("#/queens?n=20&mode=search&step=200001&predict=1");
        let said = s.predict_refused().unwrap_or_default();
        assert!(said.contains("200,001 steps"), "{said}");
        let mut s = s;
        let step = s.player.step();
        assert_eq!(s.guess((0, 0)), Out::nothing());
        assert_eq!(s.player.step(), step, "the search kept");
    }
}
