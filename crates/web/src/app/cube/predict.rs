//! "What would it do next?" (`predict=1`) on the pocket cube's optimal solve: the solve
//! player stops before each turn of the walk down the table; the turn clicked is judged
//! by the walk's rule (`solver::cube::predict::Choice`) on the distances the worker's
//! hints give for the cube shown, scored, and the solve plays its own turn. Every turn of
//! the walk is a decision, so Play waits at each one and says so. Plain Rust beside
//! `state.rs`; the page only draws it.

use crate::app::cube::state::{CubeState, Goal};
use crate::app::widgets::timeline::PlaybackAction;
use puzzlelab_solver::cube::moves::Move;
use puzzlelab_solver::cube::predict::Choice;
use puzzlelab_solver::cube::walk::TraceEvent;
use puzzlelab_solver::predict::Score;

/// The guesses of this run.
#[derive(Clone, Debug, Default)]
pub struct CubePrediction {
    pub tally: Score<Move>,
    /// Play was pressed at a decision: the page says it waits for the guess.
    pub play_waits: bool,
    /// A turn clicked before the hints for the cube shown came: judged when they do.
    pub queued: Option<Move>,
}

impl CubeState {
    /// Guessing along the solve: `predict=1` while the solution shown is the walk's.
    pub fn predicting(&self) -> bool {
        self.predict && !self.walk.is_empty()
    }

    /// Why guessing is off for the solution shown, if one is shown and it is not the
    /// walk's.
    pub fn predict_refused(&self) -> Option<String> {
        if !self.predict || self.solution.is_empty() || !self.walk.is_empty() {
            return None;
        }
        let which = if self.goal == Goal::Cheapest {
            "the cheapest solution is found by Dijkstra's algorithm, not by the walk"
        } else if self.target.is_some() {
            "this solution goes to a goal of your own"
        } else {
            "this is another of the optimal solutions"
        };
        Some(format!(
            "Guessing follows the solve's walk down the distance table, which finds the first optimal solution to the solved cube; {which}."
        ))
    }

    /// The walk's turns in the solution (the turns after them hold the cube as the goal).
    fn walk_turns(&self) -> usize {
        let take = |s: &&puzzlelab_solver::cube::walk::TraceStep| s.event == TraceEvent::Take;
        self.walk.iter().filter(take).count()
    }

    /// Whether the player stands before one of the walk's turns (a guess is asked for).
    pub fn at_decision(&self) -> bool {
        self.predicting() && self.play.position() < self.walk_turns()
    }

    /// The walk's choice for the cube shown, from its hints (`None` until they come).
    pub fn choice(&self) -> Option<Choice> {
        let hints = self.fresh_hints()?;
        let after = |m: Move| hints.list.iter().find(|h| h.turn == m).map(|h| h.distance);
        Some(Choice::from_hints(self.metric(), hints.distance, after))
    }

    /// Turns guessing on or off; either way the player stops and the score starts again.
    pub fn set_predict(&mut self, on: bool) {
        self.predict = on;
        self.prediction = CubePrediction::default();
        self.play.apply(PlaybackAction::Pause);
    }

    /// A turn clicked at a decision: judged, scored, and the solve's own turn played.
    /// Before the hints come it waits for them. Returns whether the link changed.
    pub fn guess(&mut self, turn: Move) -> bool {
        let Some(choice) = self.choice() else {
            self.prediction.queued = Some(turn);
            return false;
        };
        self.prediction.queued = None;
        let Some(verdict) = choice.judge(turn) else {
            return false;
        };
        self.prediction.tally.add(verdict);
        self.prediction.play_waits = false;
        self.play.apply(PlaybackAction::StepForward)
    }

    /// A guess made before the hints came, judged now they have (if they are for the
    /// cube shown). Returns whether the link changed.
    pub fn guess_queued(&mut self) -> bool {
        match self.prediction.queued {
            Some(turn) if self.at_decision() && self.choice().is_some() => self.guess(turn),
            _ => false,
        }
    }

    /// The player's controls while guessing: Play at a decision waits for the guess and
    /// says so, a tick never plays past one; `None` leaves the action as without guessing.
    pub fn predicting_playback(&mut self, action: PlaybackAction) -> Option<bool> {
        if !self.at_decision() {
            return None;
        }
        match action {
            PlaybackAction::Play => {
                self.prediction.play_waits = true;
                Some(false)
            }
            _ => {
                self.prediction.play_waits = false;
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::app::cube::state::{CubeState, Msg};
    use crate::app::page::Workbench;
    use crate::app::page_tests::{opened, Served};
    use crate::app::widgets::timeline::PlaybackAction;
    use puzzlelab_links::Route;
    use puzzlelab_solver::cube::moves::Move;
    use puzzlelab_solver::cube::parse_moves;

    fn turn(name: &str) -> Move {
        parse_moves(name).unwrap()[0]
    }

    /// The page on `link`, its first requests (the table, a restore, hints) served.
    fn open(link: &str) -> (CubeState, Served) {
        let (Route::Cube(link), problems) = opened(link) else {
            panic!("{link} is a cube link");
        };
        let (mut state, out) = CubeState::open(link, problems);
        let mut served = Served::default();
        served.run(&mut state, out);
        (state, served)
    }

    fn score(s: &CubeState) -> (u32, u32) {
        (s.prediction.tally.right, s.prediction.tally.asked)
    }

    #[test]
    fn turns_guessed_score_against_the_walk_and_the_link_reopens_the_mode() {
        let (mut s, mut served) = open("#/cube?predict=1");
        assert!(!s.predicting(), "nothing solved yet");
        for m in ["R", "U"] {
            served.update(&mut s, Msg::Turn(turn(m)));
        }
        served.update(&mut s, Msg::Solve);
        assert_eq!(s.solution, parse_moves("U' R'").unwrap());
        assert!(
            s.at_decision() && s.hint_turn().is_none(),
            "no arrow to give it away"
        );
        // Nor the walk's tries: the listing's stepper waits too.
        served.update(&mut s, Msg::Walk(true));
        assert_eq!((s.walk_cursor(), s.play.position()), (0, 0));
        // U' right; then R2 wrong, with the distances: the solve plays its own R'.
        served.update(&mut s, Msg::Turn(turn("U'")));
        assert_eq!((score(&s), s.play.position()), ((1, 1), 1));
        served.update(&mut s, Msg::Turn(turn("R2")));
        let wrong = s.prediction.tally.last.clone().unwrap();
        assert_eq!((wrong.guess, wrong.chosen), (turn("R2"), s.solution[1]));
        assert_eq!(
            wrong.reason,
            "R2 leads to a position 1 from solved, not 0; the solve takes R': the table puts \
             it 0 from solved, one closer than 1 (the turns before it lead to U 2, U2 2, U' 2, R 1, R2 1)"
        );
        assert_eq!(score(&s), (1, 2));
        assert!(s.shown().is_solved() && !s.at_decision());
        // A turn now turns the cube again (and ends the run).
        let link = served.link.clone().unwrap();
        assert!(
            link.contains("step=2") && link.ends_with("predict=1"),
            "{link}"
        );
        // The link one turn in reopens guessing there, with a fresh score.
        let (mut again, mut served) = open(&link.replace("step=2", "step=1"));
        assert!(again.predicting() && again.at_decision());
        assert_eq!((score(&again), again.play.position()), ((0, 0), 1));
        served.update(&mut again, Msg::Turn(turn("R'")));
        assert_eq!(score(&again), (1, 1));
        assert!(again.shown().is_solved());
    }

    #[test]
    fn play_waits_for_the_guess_and_a_turn_clicked_early_waits_for_the_table() {
        let (mut s, mut served) = open("#/cube?predict=1");
        for m in ["R", "U", "F"] {
            served.update(&mut s, Msg::Turn(turn(m)));
        }
        served.update(&mut s, Msg::Solve);
        assert_eq!(s.solution.len(), 3);
        assert!(s.at_decision());
        served.update(&mut s, Msg::Playback(PlaybackAction::Play));
        assert!(
            !s.play.playing() && s.prediction.play_waits,
            "waits for a guess"
        );
        assert_eq!(s.play.position(), 0);
        // Stepping on skips a guess; the hints for the new cube are not in yet when the
        // turn is clicked: it is judged when they come.
        let step = s.update(Msg::Playback(PlaybackAction::StepForward));
        assert!(!s.prediction.play_waits);
        let chosen = s.solution[1];
        assert_eq!(s.update(Msg::Turn(chosen)).send, Vec::new());
        assert_eq!((s.prediction.queued, s.play.position()), (Some(chosen), 1));
        served.run(&mut s, step);
        assert_eq!((score(&s), s.play.position()), ((1, 1), 2));
        assert_eq!(s.prediction.queued, None);
        // A turn the solve never makes.
        served.update(&mut s, Msg::Turn(turn("L")));
        let l = s.prediction.tally.last.clone().unwrap();
        assert!(!l.right && l.reason.starts_with("the solve turns only U, R and F"));
        assert_eq!(s.play.position(), 3);
    }

    #[test]
    fn a_solution_the_walk_did_not_find_is_not_guessed_along() {
        let (mut s, mut served) = open("#/cube?predict=1");
        served.update(&mut s, Msg::Antipode);
        served.update(&mut s, Msg::Solve);
        assert!(s.at_decision());
        let (count, _) = s.solved_by.and_then(|b| b.paths).unwrap();
        served.update(&mut s, Msg::Path(count - 1));
        let why = s.predict_refused().unwrap_or_default();
        assert!(why.contains("another of the optimal solutions"), "{why}");
        assert!(!s.at_decision());
        // A turn then turns the cube, as without guessing.
        let out = served.update(&mut s, Msg::Turn(turn("U")));
        assert!(out.write_link);
        assert!(s.solution.is_empty() && s.prediction.tally.asked == 0);
    }
}
