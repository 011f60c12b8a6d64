//! The counting lab's jobs: one slice of the fast count, and the notebook's brute force or
//! plain backtracking run in batches.

use super::protocol::Response;
use super::run::{BatchJob, Batched, Cache, Handled};
use crate::solver::knight::count::{run_task, CountSpec, CountTask};
use crate::solver::knight::frontier::{FrontierCounter, FrontierResult};
use crate::solver::knight::naive_count::{NaiveCounter, NaiveMethod};
use crate::solver::{Status, StepMachine};

/// Counter steps per batch: small enough that a cancel is seen within a few milliseconds.
const BATCH_STEPS: u64 = 100_000;

/// A batch of slices, answered together; past `limit` search nodes a slice is handed
/// back for the page to split.
pub(super) fn tasks(job: u32, index: u32, tasks: &[CountTask], limit: u64) -> Handled {
    let results = tasks.iter().map(|t| run_task(t, limit)).collect();
    Handled::Answer(Response::KnightCountTask {
        job,
        index,
        results,
    })
}

pub(super) fn naive(job: u32, method: NaiveMethod, spec: CountSpec) -> Handled {
    match NaiveCounter::new(method, spec) {
        Ok(counter) => Handled::Start(Box::new(NaiveJob(counter))),
        Err(message) => Handled::Answer(Response::Error { job, message }),
    }
}

struct NaiveJob(NaiveCounter);

impl BatchJob for NaiveJob {
    fn batch(&mut self, job: u32, _cache: &mut Cache) -> Batched {
        let finished = self.0.run(BATCH_STEPS).is_finished();
        Batched {
            answer: Response::NaiveCount {
                job,
                found: self.0.found(),
                stats: *self.0.stats(),
                finished,
            },
            finished,
        }
    }
}

/// Time a frontier batch runs before the worker reports and looks at its messages.
const FRONTIER_BATCH_MS: f64 = 50.0;

/// Parts of a path-structure count, swept in turn.
pub(super) fn frontier(job: u32, parts: Vec<CountSpec>, max_bytes: u64) -> Handled {
    match FrontierJob::next_counter(&parts, 0) {
        Ok(counter) => Handled::Start(Box::new(FrontierJob {
            parts,
            part: 0,
            counter,
            results: Vec::new(),
            max_bytes,
        })),
        Err(message) => Handled::Answer(Response::Error { job, message }),
    }
}

struct FrontierJob {
    parts: Vec<CountSpec>,
    part: usize,
    counter: Option<FrontierCounter>,
    results: Vec<FrontierResult>,
    max_bytes: u64,
}

impl FrontierJob {
    fn next_counter(parts: &[CountSpec], i: usize) -> Result<Option<FrontierCounter>, String> {
        parts.get(i).map(|&p| FrontierCounter::new(p)).transpose()
    }

    fn error(job: u32, message: String) -> Batched {
        Batched {
            answer: Response::Error { job, message },
            finished: true,
        }
    }
}

impl BatchJob for FrontierJob {
    fn batch(&mut self, job: u32, _cache: &mut Cache) -> Batched {
        let until = js_sys::Date::now() + FRONTIER_BATCH_MS;
        while let Some(counter) = self.counter.as_mut() {
            counter.step();
            let progress = counter.progress();
            // Refused before the layers grow past what a worker can hold: the layer in
            // hand, the table being built (a third empty) and a copy while it is packed.
            let biggest = progress.layer_states.max(progress.next_states);
            let bytes = biggest * counter.bytes_per_state() as u64 * 4;
            if bytes > self.max_bytes {
                return Self::error(job, format!(
                    "this part of the count needs more than {} MB, more than a browser worker can hold ({} path structures in one layer); the command line counts it (puzzlelab knight-count --method frontier)",
                    self.max_bytes >> 20,
                    biggest
                ));
            }
            match counter.status() {
                Status::Exhausted => {
                    let Some(result) = counter.result() else {
                        return Self::error(job, "a finished part has no result".into());
                    };
                    self.results.push(result);
                    self.part += 1;
                    match Self::next_counter(&self.parts, self.part) {
                        Ok(next) => self.counter = next,
                        Err(message) => return Self::error(job, message),
                    }
                }
                Status::Failed => {
                    let why = counter.error().unwrap_or("the count failed").to_string();
                    return Self::error(job, why);
                }
                _ if js_sys::Date::now() >= until => {
                    return Batched {
                        answer: Response::FrontierProgress {
                            job,
                            part: self.part as u32,
                            progress,
                        },
                        finished: false,
                    };
                }
                _ => {}
            }
        }
        Batched {
            answer: Response::FrontierCount {
                job,
                results: std::mem::take(&mut self.results),
            },
            finished: true,
        }
    }
}
