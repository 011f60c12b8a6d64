//! Knight's tour jobs: one tour, and the rules run from every start square.

use super::protocol::Response;
use super::run::{BatchJob, Batched, Cache, Handled};
use crate::solver::knight::all_starts::AllStarts;
use crate::solver::knight::{KnightTour, TourConfig};
use crate::solver::{Stats, StepMachine};

/// Tour steps per batch: small enough that a cancel is seen within a few milliseconds.
const BATCH_STEPS: u64 = 100_000;

/// Steps one start of the all-starts map may take: a bounded budget so the map finishes.
const ALL_STARTS_BUDGET: u64 = 2_000_000;

pub(super) fn tour(job: u32, config: TourConfig) -> Handled {
    match KnightTour::new(config) {
        Ok(tour) => Handled::Start(Box::new(TourJob(tour))),
        Err(message) => Handled::Answer(Response::Error { job, message }),
    }
}

pub(super) fn all_starts(job: u32, config: TourConfig) -> Handled {
    match AllStarts::new(config, ALL_STARTS_BUDGET) {
        Ok(all) => Handled::Start(Box::new(AllStartsJob(all))),
        Err(message) => Handled::Answer(Response::Error { job, message }),
    }
}

struct TourJob(KnightTour);

impl TourJob {
    fn finished(&self, job: u32) -> Response {
        let tour = &self.0;
        Response::Tour {
            job,
            status: tour.status(),
            path: tour.path().to_vec(),
            stats: *tour.stats(),
            // A solved tour's note says how it was found, if not by the rule asked for.
            reason: tour
                .impossible_reason()
                .or(tour.construction_note())
                .map(String::from),
        }
    }
}

impl BatchJob for TourJob {
    fn batch(&mut self, job: u32, _cache: &mut Cache) -> Batched {
        if self.0.run(BATCH_STEPS).is_finished() {
            return Batched {
                answer: self.finished(job),
                finished: true,
            };
        }
        Batched {
            answer: Response::Progress {
                job,
                stats: *self.0.stats(),
                depth: self.0.path().len() as u32,
            },
            finished: false,
        }
    }

    fn cancel(&mut self, job: u32) -> Response {
        self.0.cancel();
        self.finished(job)
    }
}

struct AllStartsJob(AllStarts);

impl BatchJob for AllStartsJob {
    fn batch(&mut self, job: u32, _cache: &mut Cache) -> Batched {
        if self.0.run(BATCH_STEPS).is_finished() {
            let outcomes = self.0.outcomes().to_vec();
            return Batched {
                answer: Response::AllStarts { job, outcomes },
                finished: true,
            };
        }
        Batched {
            answer: Response::Progress {
                job,
                stats: Stats::default(),
                depth: self.0.done() as u32,
            },
            finished: false,
        }
    }
}
