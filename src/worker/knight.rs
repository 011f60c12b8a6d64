//! Knight's tour jobs: one tour, and the rules run from every start square.

use super::protocol::Response;
use super::run::{BatchJob, Batched, Cache, Handled};
use crate::solver::knight::all_starts::AllStarts;
use crate::solver::knight::timeline::Timeline;
use crate::solver::knight::TourConfig;
use crate::solver::{Stats, StepMachine};

/// Tour steps per batch: small enough that a cancel is seen within a few milliseconds.
const BATCH_STEPS: u64 = 100_000;

/// Steps one start of the all-starts map may take: a bounded budget so the map finishes.
const ALL_STARTS_BUDGET: u64 = 2_000_000;

pub(super) fn tour(job: u32, config: TourConfig) -> Handled {
    match Timeline::new(config) {
        Ok(timeline) => Handled::Start(Box::new(TourJob(Some(timeline)))),
        Err(message) => Handled::Answer(Response::Error { job, message }),
    }
}

/// The board at `step` of the last finished tour (re-run from its nearest checkpoint).
pub(super) fn frame(cache: &Cache, job: u32, step: u64) -> Handled {
    match &cache.timeline {
        Some((id, timeline)) if *id == job => Handled::Answer(Response::TourFrame {
            job,
            frame: timeline.frame(step),
        }),
        _ => Handled::Answer(Response::Error {
            job,
            message: "that search is no longer kept: search again".into(),
        }),
    }
}

pub(super) fn all_starts(job: u32, config: TourConfig) -> Handled {
    match AllStarts::new(config, ALL_STARTS_BUDGET) {
        Ok(all) => Handled::Start(Box::new(AllStartsJob(all))),
        Err(message) => Handled::Answer(Response::Error { job, message }),
    }
}

/// A tour search recorded as a timeline; when done, the timeline moves to the cache so
/// the page can ask for the board at any step.
struct TourJob(Option<Timeline>);

fn finished(job: u32, timeline: &Timeline) -> Response {
    let tour = timeline.machine();
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
        chart: timeline.chart().to_vec(),
    }
}

impl BatchJob for TourJob {
    fn batch(&mut self, job: u32, cache: &mut Cache) -> Batched {
        let Some(timeline) = self.0.as_mut() else {
            return Batched {
                answer: Response::Cancelled { job },
                finished: true,
            };
        };
        if timeline.run(BATCH_STEPS).is_finished() {
            let answer = finished(job, timeline);
            cache.timeline = self.0.take().map(|t| (job, t));
            return Batched {
                answer,
                finished: true,
            };
        }
        Batched {
            answer: Response::Progress {
                job,
                stats: *timeline.machine().stats(),
                depth: timeline.machine().path().len() as u32,
            },
            finished: false,
        }
    }

    fn cancel(&mut self, job: u32) -> Response {
        match self.0.take() {
            Some(mut timeline) => {
                timeline.cancel();
                finished(job, &timeline)
            }
            None => Response::Cancelled { job },
        }
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
