//! "What would it do next?" (`predict=1`) on the knight's search player: the player
//! stops before each move the search decides; the square clicked is judged against the
//! machine's own next step (`solver::knight::predict`), scored, and the search goes on to
//! its next decision. Plain Rust beside `state.rs`; the page only draws it.

use crate::app::contract::Out;
use crate::app::knight::state::KnightState;
use puzzlelab_solver::knight::predict::{judge, next_choice, to_next_decision};
use puzzlelab_solver::knight::{KnightTour, TourConfig};
use puzzlelab_solver::predict::{Score, MAX_PREDICT_STEPS};
use puzzlelab_solver::watch::PlayerAction;
use puzzlelab_solver::StepMachine;

/// The machine at the decision shown, and the score so far.
#[derive(Clone)]
pub struct Prediction {
    start: KnightTour,
    machine: KnightTour,
    pub tally: Score<u32>,
    /// Play was pressed at a decision: the page says it waits for the guess.
    pub play_waits: bool,
}

impl Prediction {
    pub fn new(config: TourConfig) -> Option<Prediction> {
        let start = KnightTour::new(config).ok()?;
        let mut machine = start.clone();
        to_next_decision(&mut machine);
        Some(Prediction {
            start,
            machine,
            tally: Score::default(),
            play_waits: false,
        })
    }

    /// The step the machine stands at (the player shows it).
    pub fn step(&self) -> u64 {
        self.machine.stats().steps
    }

    /// Whether a guess is asked for (the search has a move left).
    pub fn waiting(&self) -> bool {
        self.next().is_some()
    }

    /// The square the search moves to at the decision shown.
    pub fn next(&self) -> Option<u32> {
        next_choice(&self.machine)
    }

    /// The player moved to `step`: the machine follows, then on to the next decision.
    pub fn sync(&mut self, step: u64) {
        if step < self.step() {
            self.machine = self.start.clone();
        }
        while self.step() < step && self.machine.step().is_some() {}
        to_next_decision(&mut self.machine);
    }

    /// A square clicked: judged, scored, the move taken and on to the next decision.
    pub fn guess(&mut self, square: u32) -> Option<()> {
        let verdict = judge(&self.machine, square)?;
        self.tally.add(verdict);
        self.play_waits = false;
        self.machine.step();
        to_next_decision(&mut self.machine);
        Some(())
    }
}

impl KnightState {
    /// Guessing along the search: `predict=1` while watching it.
    pub fn predicting(&self) -> bool {
        self.link.predict && self.watching_search()
    }

    /// Turns the guessing on or off (on: the player stops at the next decision).
    pub fn set_predict(&mut self, on: bool) -> Out {
        self.link.predict = on;
        self.prediction = None;
        if !on || !self.watching_search() {
            return Out::link();
        }
        self.start_predicting(self.remote.step())
    }

    /// The search arrived or the mode was turned on: the machine at `step`'s next
    /// decision, and the player there, paused.
    pub fn start_predicting(&mut self, step: u64) -> Out {
        self.remote.apply(PlayerAction::Pause);
        if self.search_steps() > MAX_PREDICT_STEPS {
            return Out::link();
        }
        let Some(mut prediction) = self.config().and_then(Prediction::new) else {
            return Out::link();
        };
        prediction.sync(step);
        let shown = prediction.step();
        self.prediction = Some(prediction);
        Out::link().send(self.fetch(shown))
    }

    /// The player's controls while guessing: Play runs on to the next decision and stops
    /// there (at one, it waits for the guess and says so); the rest as without guessing.
    pub fn predicting_action(&mut self, action: PlayerAction) -> Out {
        let shown = self.remote.step();
        let Some(prediction) = self.prediction.as_mut() else {
            return self.search_action(action);
        };
        let play = match action {
            PlayerAction::Toggle => !self.remote.playing(),
            other => other == PlayerAction::Play,
        };
        if play {
            prediction.sync(shown);
        }
        let decision = prediction.step();
        if play && shown >= decision {
            prediction.play_waits = prediction.waiting();
            return Out::redraw();
        }
        let action = match action {
            // The next tick would pass the decision: stop on it.
            PlayerAction::Tick
                if self.remote.playing() && shown + self.remote.stride() >= decision =>
            {
                PlayerAction::Seek(decision)
            }
            other => other,
        };
        self.search_action(action)
    }

    /// A square clicked while guessing: judged, and the player moved to the next decision.
    pub fn guess(&mut self, square: u32) -> Out {
        let step = self.remote.step();
        let Some(prediction) = self.prediction.as_mut() else {
            return Out::nothing();
        };
        if prediction.step() != step {
            prediction.sync(step);
        }
        if prediction.guess(square).is_none() {
            return Out::redraw();
        }
        let shown = prediction.step();
        Out::link().send(self.fetch(shown))
    }
}
