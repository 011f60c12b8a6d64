//! The notebook's two counters (brute force, then backtracking) as a page runs them: one
//! worker each, the page's workers 0 and 1 of the part of the page they belong to (the
//! counting lab's dock, a lesson's bench). Plain Rust.

use crate::app::contract::Out;
use crate::app::count::naive_state::NaiveState;
use crate::app::widgets::pool_count::CountMsg;
use puzzlelab_solver::knight::count::CountSpec;
use puzzlelab_solver::knight::naive_count::NaiveMethod;
use puzzlelab_worker::Response;

/// The counters, in the order the page shows them.
pub const NAIVE: [NaiveMethod; 2] = [NaiveMethod::BruteForce, NaiveMethod::Backtracking];

#[derive(Clone, Debug, Default, PartialEq)]
pub struct NaiveRuns {
    pub runs: [NaiveState; 2],
    /// Whether each counter's worker has started (a Stop for one that has not would only
    /// start it).
    started: [bool; 2],
}

impl NaiveRuns {
    /// Counter `i`'s buttons, counting on `spec` at `now_ms`.
    pub fn update(&mut self, i: usize, msg: CountMsg, spec: CountSpec, now_ms: f64) -> Out {
        let Some(run) = self.runs.get_mut(i) else {
            return Out::nothing();
        };
        let out = match msg {
            CountMsg::Start => run.start(NAIVE[i], spec, now_ms),
            CountMsg::Cancel => run.cancel(),
        };
        self.on_worker(i, out)
    }

    /// Counter `i`'s worker answered.
    pub fn answer(&mut self, i: usize, response: Response, now_ms: f64) -> Out {
        match self.runs.get_mut(i) {
            Some(run) => run.answer(response, now_ms),
            None => Out::nothing(),
        }
    }

    /// New settings: both stop, and what they found no longer applies.
    pub fn settings(&mut self) -> Out {
        (0..NAIVE.len()).fold(Out::nothing(), |out, i| {
            let stop = self.runs[i].settings();
            out.and(self.on_worker(i, stop))
        })
    }

    /// What counter `i` sends goes to its worker, `i`.
    fn on_worker(&mut self, i: usize, mut out: Out) -> Out {
        let requests = std::mem::take(&mut out.send);
        if self.started[i] || self.runs[i].running {
            self.started[i] = true;
            out = out.send_to(requests.into_iter().map(|r| (i, r)));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::widgets::pool_served::PoolServed;
    use puzzlelab_solver::knight::count::CountSpec;

    #[test]
    fn each_counter_runs_on_its_own_worker_and_a_stop_starts_none() {
        let mut runs = NaiveRuns::default();
        assert_eq!(
            runs.settings().send_to,
            [],
            "no worker is started to be told to stop"
        );
        let spec = CountSpec::new(3, 4, Some(0), false);
        let out = runs.update(1, CountMsg::Start, spec, 0.0);
        assert_eq!(out.send_to.iter().map(|(i, _)| *i).collect::<Vec<_>>(), [1]);
        let mut served = PoolServed::default();
        served.send(&out);
        served.drain(|i, r| runs.answer(i, r, 1.0));
        let back = &runs.runs[1];
        assert!(back.finished && !back.running, "{back:?}");
        let brute = &runs.runs[0];
        assert!(
            brute.stats.nodes == 0 && !brute.finished,
            "brute force was not run"
        );
        assert_eq!(
            runs.settings().send_to.len(),
            1,
            "only the started worker hears the stop"
        );
    }
}
