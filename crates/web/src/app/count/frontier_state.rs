//! What the frontier count's worker answers mean, around its parts (`parts_state.rs`):
//! the missing parts handed out a part a batch, a part's answer (with the time it took)
//! passed on only if it is the current run's, progress and errors likewise, a late read
//! or save of the browser's parts ignored, and a link's `count=1` once they are read.
//! Plain Rust: `frontier.rs` forwards its messages here and carries out a [`FrontierOut`]
//! (sends, saves, ends the workers, tells the heatmap), and draws.

use crate::app::contract::Out;
use crate::app::count::parts_state::{Msg as PartsMsg, PartsState};
use crate::app::widgets::task_pool::{sending, TaskPool};
use puzzlelab_solver::knight::count::{CountResult, CountSpec};
use puzzlelab_solver::knight::frontier::FrontierResult;
use puzzlelab_worker::protocol::{CountAnswer, CountAsk, FrontierTask};
use puzzlelab_worker::{Answer, Ask, Request, Response};

/// Memory a part's layers may take in a worker: a wasm32 worker has at most 4 GiB, and
/// the worker's own code, the relaxed count and the allocator need some of it.
const MAX_BYTES: u64 = 3 << 30;

/// A part as the pool hands it out: its index (from 1), and the sweep.
type Part = (u32, FrontierTask);

fn part_request(job: u32, _worker: u32, parts: &[Part]) -> Request {
    Request::new(
        job,
        Ask::Count(CountAsk::Frontier {
            parts: parts.iter().map(|&(_, task)| task).collect(),
            max_bytes: MAX_BYTES,
        }),
    )
}

/// Parts to write to the browser's storage, for the state of generation `generation`.
#[derive(Debug, PartialEq)]
pub struct Saving {
    pub generation: u32,
    pub fingerprint: String,
    pub text: String,
    pub count: usize,
}

/// What the page does after a message (carried out by `lab.rs`).
#[derive(Debug, Default, PartialEq)]
pub struct FrontierOut {
    /// Draw, and the requests for the workers (started if not yet).
    pub out: Out,
    /// Read the saved parts of the count with this fingerprint.
    pub load: Option<String>,
    pub save: Option<Saving>,
    /// End the workers (and the memory their sweeps grew).
    pub stop: bool,
    /// For the page's heatmap: the finished count, or `None` as a new one starts.
    pub news: Option<Option<CountResult>>,
}

impl FrontierOut {
    fn redraw() -> Self {
        FrontierOut {
            out: Out::redraw(),
            ..FrontierOut::default()
        }
    }
}

pub struct FrontierState {
    pub parts: Result<PartsState, String>,
    /// Bumped for each new state, so a late read or save of the saved parts is ignored.
    pub generation: u32,
    pool: Option<TaskPool<Part>>,
    job: u32,
    /// When each worker was last handed parts or answered (for a part's seconds).
    since: Vec<f64>,
    /// Where saving stands: parts saved, or why not.
    pub saved: Option<Result<usize, String>>,
    /// `count=1`: count once the saved parts are read (for any settings opened).
    autostart: bool,
}

impl FrontierState {
    pub fn new(autostart: bool) -> Self {
        FrontierState {
            parts: Err(String::new()),
            generation: 0,
            pool: None,
            job: 0,
            since: Vec::new(),
            saved: None,
            autostart,
        }
    }

    /// The workers a run is shared by, while one runs (the page draws on a beat
    /// meanwhile).
    pub fn running_on(&self) -> Option<usize> {
        self.pool.as_ref().map(TaskPool::size)
    }

    /// A fresh state for the settings: the old run ends, the saved parts are asked for.
    pub fn open(&mut self, spec: CountSpec, of: u32) -> FrontierOut {
        self.stop();
        self.generation += 1;
        self.saved = None;
        self.parts = PartsState::new(spec, of);
        FrontierOut {
            load: self
                .parts
                .as_ref()
                .ok()
                .map(|p| p.parts.fingerprint.clone()),
            stop: true,
            ..FrontierOut::redraw()
        }
    }

    /// The saved parts (or none) were read for generation `generation`: hand them to the
    /// parts, then count on `workers` if the link asks to.
    pub fn loaded(
        &mut self,
        generation: u32,
        found: Result<Option<String>, String>,
        now_ms: f64,
        workers: usize,
    ) -> FrontierOut {
        if generation != self.generation {
            return FrontierOut::default();
        }
        if let Err(why) = &found {
            self.saved = Some(Err(why.clone()));
        }
        let resumed = matches!(found, Ok(Some(_)));
        let mut fx = self.send(PartsMsg::Loaded(found), now_ms);
        if let (true, Ok(parts)) = (resumed, &self.parts) {
            self.saved = Some(Ok(parts.parts.done.len()));
        }
        if self.autostart {
            fx = fx.and(self.start(now_ms, workers));
        }
        fx
    }

    /// The parts were saved (how many) for generation `generation`, or why not; whether
    /// to draw.
    pub fn saved(&mut self, generation: u32, saved: Result<usize, String>) -> bool {
        if generation != self.generation {
            return false;
        }
        self.saved = Some(saved);
        true
    }

    /// Count the parts not yet done on `workers` workers.
    pub fn start(&mut self, now_ms: f64, workers: usize) -> FrontierOut {
        self.send(PartsMsg::Start { now_ms, workers }, now_ms)
    }

    pub fn cancel(&mut self, now_ms: f64) -> FrontierOut {
        self.send(PartsMsg::Cancel { now_ms }, now_ms)
    }

    /// A file chosen to import (its name and text), or why it could not be read.
    pub fn import(&mut self, file: Result<(String, String), String>, now_ms: f64) -> FrontierOut {
        match file {
            Ok((name, text)) => self.send(PartsMsg::Import { name, text }, now_ms),
            Err(why) => {
                if let Ok(parts) = self.parts.as_mut() {
                    parts.alert = Some(why);
                }
                FrontierOut::redraw()
            }
        }
    }

    pub fn dismiss(&mut self, now_ms: f64) -> FrontierOut {
        self.send(PartsMsg::Dismiss, now_ms)
    }

    /// Worker `i` answered.
    pub fn answer(&mut self, i: usize, response: Response, now_ms: f64) -> FrontierOut {
        let Response { job, body } = response;
        match body {
            Answer::Count(CountAnswer::Frontier { results }) => {
                self.counted(i, job, results, now_ms)
            }
            Answer::Count(CountAnswer::FrontierProgress { progress, .. }) if job == self.job => {
                let worker = i;
                // The clock redraws.
                let fx = self.send(PartsMsg::Progress { worker, progress }, now_ms);
                FrontierOut {
                    out: Out {
                        redraw: false,
                        ..fx.out
                    },
                    ..fx
                }
            }
            Answer::Error { message } if job == self.job => {
                self.send(PartsMsg::Failed(message), now_ms)
            }
            _ => FrontierOut::default(),
        }
    }

    /// Worker `i` counted the parts it held: hand them, with the time they took, to the
    /// parts, and the worker its next part.
    fn counted(
        &mut self,
        i: usize,
        job: u32,
        results: Vec<FrontierResult>,
        now_ms: f64,
    ) -> FrontierOut {
        let Some(pool) = self.pool.as_mut() else {
            return FrontierOut::default();
        };
        let Some(held) = pool.answered(i, job, now_ms) else {
            return FrontierOut::default();
        };
        let next = sending(pool.next(i, held.len(), now_ms));
        let seconds = self
            .since
            .get_mut(i)
            .map_or(0.0, |s| (now_ms - std::mem::replace(s, now_ms)) / 1000.0);
        let results = held.iter().map(|&(index, _)| index).zip(results).collect();
        let finished = PartsMsg::Finished {
            worker: i,
            results,
            seconds,
            now_ms,
        };
        let fx = self.send(finished, now_ms);
        // A finished count ends the workers: nothing more goes to them.
        let next = if fx.stop { Out::nothing() } else { next };
        FrontierOut {
            out: next.and(fx.out),
            ..fx
        }
    }

    /// Ends the run: answers still on their way are stale.
    fn stop(&mut self) {
        self.job += 1;
        self.pool = None;
    }

    /// Hands `msg` to the parts and turns their effects into what the page does.
    fn send(&mut self, msg: PartsMsg, now_ms: f64) -> FrontierOut {
        let Ok(state) = self.parts.as_mut() else {
            return FrontierOut::default();
        };
        let had_total = state.total.is_some();
        let fx = state.update(msg);
        let mut out = FrontierOut::redraw();
        out.save = fx.save.then(|| Saving {
            generation: self.generation,
            fingerprint: state.parts.fingerprint.clone(),
            text: state.parts.export(),
            count: state.parts.done.len(),
        });
        let spec = state.parts.spec;
        let tasks: Option<Vec<Part>> = fx.run.as_ref().map(|indices| {
            let task = |i| FrontierTask {
                spec,
                part: Some(state.parts.part_of(i)),
            };
            indices.iter().map(|&i| (i, task(i))).collect()
        });
        let workers = state.in_hand.len();
        let finished = (!had_total && state.total.is_some()).then(|| state.count_result());
        if fx.stop {
            self.stop();
            out.stop = true;
        }
        if let Some(tasks) = tasks {
            out.news = Some(None);
            // One part a batch: a part is a whole sweep (an 8x8 part is half an hour in a
            // worker), and its answer is what gets saved, so each is answered when done.
            let mut pool = TaskPool::new(part_request).with_max_batch(1);
            pool.set_workers(workers);
            self.job += 1;
            self.since = vec![now_ms; workers];
            out.out = out.out.and(sending(pool.start(self.job, tasks, now_ms)));
            self.pool = Some(pool);
        }
        if finished.is_some() {
            out.news = finished;
        }
        out
    }
}

impl FrontierOut {
    /// Both outcomes, this one's first.
    fn and(self, other: FrontierOut) -> FrontierOut {
        FrontierOut {
            out: self.out.and(other.out),
            load: other.load.or(self.load),
            save: other.save.or(self.save),
            stop: self.stop || other.stop,
            news: other.news.or(self.news),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::count::parts_state::Phase;
    use crate::app::widgets::pool_served::{error, PoolServed};

    fn five() -> CountSpec {
        CountSpec::new(5, 5, None, false)
    }

    /// A state opened for 5x5 in `of` parts, with nothing saved.
    fn opened(of: u32) -> FrontierState {
        let mut state = FrontierState::new(false);
        let fx = state.open(five(), of);
        assert!(fx.load.is_some() && fx.stop);
        state.loaded(state.generation, Ok(None), 0.0, 2);
        state
    }

    /// Serves `fx`'s requests until none is left; every outcome on the way.
    fn drain(state: &mut FrontierState, fx: &FrontierOut) -> Vec<FrontierOut> {
        let mut served = PoolServed::default();
        served.send(&fx.out);
        let mut seen = Vec::new();
        served.drain(|i, r| {
            let fx = state.answer(i, r, 10.0);
            let out = fx.out.clone();
            seen.push(fx);
            out
        });
        seen
    }

    #[test]
    fn a_5x5_count_in_three_parts_finds_the_published_tours_and_saves_each() {
        let mut state = opened(3);
        let fx = state.start(0.0, 2);
        assert_eq!(fx.out.send_to.len(), 2, "a part for each worker");
        assert_eq!(fx.news, Some(None), "the heatmap is cleared");
        let seen = drain(&mut state, &fx);
        let parts = state.parts.as_ref().unwrap();
        assert_eq!(parts.phase, Phase::Done);
        let total = parts.total.as_ref().expect("every part is in");
        assert_eq!((total.directed, total.undirected), (1728, Some(864)));
        assert_eq!(seen.iter().filter(|fx| fx.save.is_some()).count(), 3);
        let last = seen.iter().rev().find(|fx| fx.news.is_some()).unwrap();
        assert_eq!(last.news.as_ref().unwrap().as_ref().unwrap().directed, 1728);
        assert!(last.stop && state.running_on().is_none());
    }

    #[test]
    fn a_page_reopened_on_the_saved_parts_has_the_total_without_counting() {
        let mut state = opened(2);
        let fx = state.start(0.0, 2);
        let seen = drain(&mut state, &fx);
        let saving = seen
            .into_iter()
            .filter_map(|fx| fx.save)
            .next_back()
            .unwrap();
        let mut again = FrontierState::new(true);
        again.open(five(), 2);
        assert_eq!(
            again.loaded(again.generation - 1, Ok(None), 0.0, 2),
            FrontierOut::default()
        );
        let fx = again.loaded(again.generation, Ok(Some(saving.text)), 0.0, 2);
        assert!(fx.out.send_to.is_empty(), "nothing is left to count");
        assert_eq!(again.saved, Some(Ok(2)));
        assert_eq!(again.parts.unwrap().total.unwrap().directed, 1728);
    }

    #[test]
    fn a_cancel_mid_count_ignores_later_answers() {
        let mut state = opened(4);
        let fx = state.start(0.0, 2);
        let mut served = PoolServed::default();
        served.send(&fx.out);
        assert!(served.step(&mut |i, r| state.answer(i, r, 5.0).out));
        assert!(state.cancel(6.0).stop);
        let done = state.parts.as_ref().unwrap().parts.done.len();
        assert_eq!(state.parts.as_ref().unwrap().phase, Phase::Cancelled);
        assert!(served.all_ignored(|i, r| state.answer(i, r, 7.0).out));
        assert_eq!(state.parts.as_ref().unwrap().parts.done.len(), done);
        assert!(
            !state.saved(state.generation + 1, Ok(9)),
            "a late save is ignored"
        );
    }

    #[test]
    fn an_error_of_the_run_fails_it_and_a_bad_file_is_an_alert() {
        let mut state = opened(2);
        let fx = state.start(0.0, 1);
        let job = fx.out.send_to[0].1.job;
        let old = state.answer(0, error(job - 1, "old"), 1.0);
        assert_eq!(old, FrontierOut::default());
        assert!(state.answer(0, error(job, "too big"), 1.0).stop);
        let parts = state.parts.as_ref().unwrap();
        assert_eq!(
            (parts.phase, parts.alert.as_deref()),
            (Phase::Failed, Some("too big"))
        );
        state.import(Err("unreadable".into()), 2.0);
        assert_eq!(state.parts.unwrap().alert.as_deref(), Some("unreadable"));
    }
}
