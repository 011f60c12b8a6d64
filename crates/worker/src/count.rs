//! The counting lab's jobs: one slice of the fast count, and the notebook's brute force or
//! plain backtracking run in batches.

use super::batch::{BatchJob, Handled};
use super::protocol::{Answer, FrontierTask};
use crate::protocol::{CountAnswer, CountAsk};
use puzzlelab_solver::knight::count::{run_task, CountSpec, CountTask};
use puzzlelab_solver::knight::frontier::{FrontierCounter, FrontierResult};
use puzzlelab_solver::knight::naive_count::{NaiveCounter, NaiveMethod};
use puzzlelab_solver::{Status, StepMachine};

/// Counter steps per batch: small enough that a cancel is seen within a few milliseconds.
const BATCH_STEPS: u64 = 100_000;

pub(super) fn handle(ask: CountAsk) -> Handled {
    match ask {
        CountAsk::DepthFirst {
            index,
            tasks: slices,
            limit,
        } => tasks(index, &slices, limit),
        CountAsk::Naive { method, spec } => naive(method, spec),
        CountAsk::Frontier { parts, max_bytes } => frontier(parts, max_bytes),
    }
}

/// A batch of slices, answered together; past `limit` search nodes a slice is handed
/// back for the page to split.
fn tasks(index: u32, tasks: &[CountTask], limit: u64) -> Handled {
    let results = tasks.iter().map(|t| run_task(t, limit)).collect();
    Handled::Answer(Answer::Count(CountAnswer::DepthFirst { index, results }))
}

fn naive(method: NaiveMethod, spec: CountSpec) -> Handled {
    match NaiveCounter::new(method, spec) {
        Ok(counter) => Handled::Start(Box::new(NaiveJob(counter))),
        Err(message) => Handled::Answer(Answer::Error { message }),
    }
}

struct NaiveJob(NaiveCounter);

impl BatchJob for NaiveJob {
    fn batch(&mut self, _job: u32) -> Answer {
        let finished = self.0.run(BATCH_STEPS).is_finished();
        Answer::Count(CountAnswer::Naive {
            found: self.0.found(),
            stats: *self.0.stats(),
            finished,
        })
    }
}

/// Time a frontier batch runs before the worker reports and looks at its messages.
const FRONTIER_BATCH_MS: f64 = 50.0;

/// Parts of a path-structure count, swept in turn.
fn frontier(parts: Vec<FrontierTask>, max_bytes: u64) -> Handled {
    match FrontierJob::next_counter(&parts, 0) {
        Ok(counter) => Handled::Start(Box::new(FrontierJob {
            parts,
            part: 0,
            counter,
            results: Vec::new(),
            max_bytes,
        })),
        Err(message) => Handled::Answer(Answer::Error { message }),
    }
}

struct FrontierJob {
    parts: Vec<FrontierTask>,
    part: usize,
    counter: Option<FrontierCounter>,
    results: Vec<FrontierResult>,
    max_bytes: u64,
}

impl FrontierJob {
    fn next_counter(parts: &[FrontierTask], i: usize) -> Result<Option<FrontierCounter>, String> {
        parts
            .get(i)
            .map(|t| match t.part {
                Some(part) => FrontierCounter::for_part(t.spec, part),
                None => FrontierCounter::new(t.spec),
            })
            .transpose()
    }

    fn error(message: String) -> Answer {
        Answer::Error { message }
    }
}

impl BatchJob for FrontierJob {
    fn batch(&mut self, _job: u32) -> Answer {
        let until = super::now_ms() + FRONTIER_BATCH_MS;
        while let Some(counter) = self.counter.as_mut() {
            counter.step();
            let progress = counter.progress();
            // Refused before the layers grow past what a worker can hold: the layer in
            // hand, the table being built (a third empty) and a copy while it is packed.
            let biggest = progress.layer_states.max(progress.next_states);
            let bytes = biggest * counter.bytes_per_state() as u64 * 4;
            if bytes > self.max_bytes {
                return Self::error(format!(
                    "this part of the count needs more than {} MB, more than a browser worker can hold ({} path structures in one layer); the command line counts it (puzzlelab knight-count --method frontier)",
                    self.max_bytes >> 20,
                    biggest
                ));
            }
            match counter.status() {
                Status::Exhausted => {
                    let Some(result) = counter.result() else {
                        return Self::error("a finished part has no result".into());
                    };
                    self.results.push(result);
                    self.part += 1;
                    match Self::next_counter(&self.parts, self.part) {
                        Ok(next) => self.counter = next,
                        Err(message) => return Self::error(message),
                    }
                }
                Status::Failed => {
                    let why = counter.error().unwrap_or("the count failed").to_string();
                    return Self::error(why);
                }
                _ if super::now_ms() >= until => {
                    return Answer::Count(CountAnswer::FrontierProgress {
                        part: self.part as u32,
                        progress,
                    });
                }
                _ => {}
            }
        }
        Answer::Count(CountAnswer::Frontier {
            results: std::mem::take(&mut self.results),
        })
    }
}
