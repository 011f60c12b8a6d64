//! What a notebook counter's worker answers mean (brute force or plain backtracking):
//! where the count stands, whether it finished, its rate; a Stop, errors, and new settings
//! (whose late answers are ignored). Plain Rust: `naive.rs` forwards its messages here,
//! sends what comes back to its worker and draws.

use crate::app::contract::Out;
use puzzlelab_solver::knight::count::CountSpec;
use puzzlelab_solver::knight::naive_count::{Found, NaiveMethod};
use puzzlelab_solver::Stats;
use puzzlelab_worker::protocol::{CountAnswer, CountAsk};
use puzzlelab_worker::{Answer, Ask, Request, Response};

#[derive(Clone, Debug, Default, PartialEq)]
pub struct NaiveState {
    /// The current run's job: answers carrying any other are an old run's.
    pub job: u32,
    pub running: bool,
    pub started: f64,
    pub seconds: f64,
    pub found: Found,
    pub stats: Stats,
    pub finished: bool,
    pub message: Option<String>,
}

impl NaiveState {
    /// Forgets the last run; its answers are then stale.
    fn reset(&mut self) {
        *self = NaiveState {
            job: self.job + 1,
            ..NaiveState::default()
        };
    }

    /// Runs `method` on `spec` at `now_ms`.
    pub fn start(&mut self, method: NaiveMethod, spec: CountSpec, now_ms: f64) -> Out {
        self.reset();
        self.running = true;
        self.started = now_ms;
        let ask = Ask::Count(CountAsk::Naive { method, spec });
        Out::redraw().send([Request::new(self.job, ask)])
    }

    /// Stop: the worker ends the run (what it last said stays shown).
    pub fn cancel(&mut self) -> Out {
        self.running = false;
        Out::redraw().send([Request::new(self.job, Ask::Cancel)])
    }

    /// New settings: the run stops and what it found no longer applies.
    pub fn settings(&mut self) -> Out {
        let stop = Request::new(self.job, Ask::Cancel);
        self.reset();
        Out::redraw().send([stop])
    }

    /// The worker answered at `now_ms`.
    pub fn answer(&mut self, response: Response, now_ms: f64) -> Out {
        if response.job != self.job {
            return Out::nothing();
        }
        match response.body {
            Answer::Count(CountAnswer::Naive {
                found,
                stats,
                finished,
            }) => {
                self.found = found;
                self.stats = stats;
                self.finished = finished;
                self.running = self.running && !finished;
                self.seconds = (now_ms - self.started) / 1000.0;
                Out::redraw()
            }
            Answer::Error { message } => {
                self.running = false;
                self.message = Some(message);
                Out::redraw()
            }
            _ => Out::nothing(),
        }
    }

    /// Nodes a second, once the run has gone long enough to say.
    pub fn rate(&self) -> Option<f64> {
        (self.seconds > 0.2 && self.stats.nodes > 0).then(|| self.stats.nodes as f64 / self.seconds)
    }

    /// What the panel shows (its `data-state`).
    pub fn phase(&self) -> &'static str {
        if self.running {
            "running"
        } else if self.finished {
            "done"
        } else {
            "idle"
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::widgets::pool_served::PoolServed;

    fn from_corner(side: u32) -> CountSpec {
        CountSpec::new(side, side, Some(0), false)
    }

    #[test]
    fn backtracking_from_a1_on_5x5_finds_the_published_304_tours() {
        let mut state = NaiveState::default();
        let mut served = PoolServed::default();
        let out = state.start(NaiveMethod::Backtracking, from_corner(5), 0.0);
        assert_eq!(state.phase(), "running");
        served.send(&out);
        served.drain(|_, r| state.answer(r, 1000.0));
        assert_eq!(state.phase(), "done");
        assert_eq!(state.found.tours, 304);
        assert!(state.stats.nodes > 304);
        assert_eq!(state.rate(), Some(state.stats.nodes as f64));
    }

    #[test]
    fn brute_force_checks_every_sequence_of_a_small_board() {
        let mut state = NaiveState::default();
        let mut served = PoolServed::default();
        served.send(&state.start(NaiveMethod::BruteForce, from_corner(3), 0.0));
        served.drain(|_, r| state.answer(r, 1.0));
        assert!(state.finished);
        assert_eq!(state.found.tours, 0, "3x3 has no tour");
        assert_eq!(state.rate(), None, "too short to say");
    }

    #[test]
    fn new_settings_stop_the_run_and_its_late_answers_are_ignored() {
        let mut state = NaiveState::default();
        let mut served = PoolServed::default();
        let first = state.start(NaiveMethod::Backtracking, from_corner(5), 0.0);
        let job = first.send[0].job;
        served.send(&first);
        let stop = state.settings();
        assert!(matches!(&stop.send[..], [r] if r.job == job && r.body == Ask::Cancel));
        served.drain(|_, r| state.answer(r, 1.0));
        assert!(served.outs.iter().all(|o| o == &Out::nothing()), "ignored");
        assert_eq!((state.found.tours, state.phase()), (0, "idle"));
        let cancel = state.cancel();
        assert_eq!(cancel.send[0].body, Ask::Cancel);
        let error = Response::new(
            state.job,
            Answer::Error {
                message: "died".into(),
            },
        );
        assert!(state.answer(error, 2.0).draws());
        assert_eq!(state.message.as_deref(), Some("died"));
    }
}
