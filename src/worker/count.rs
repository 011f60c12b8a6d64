//! The counting lab's jobs: one slice of the fast count, and the notebook's brute force or
//! plain backtracking run in batches.

use super::protocol::Response;
use super::run::{BatchJob, Batched, Cache, Handled};
use crate::solver::knight::count::{run_task, CountSpec, CountTask};
use crate::solver::knight::naive_count::{NaiveCounter, NaiveMethod};
use crate::solver::StepMachine;

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
