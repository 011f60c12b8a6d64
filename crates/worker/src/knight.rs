//! Knight's tour jobs: one tour, the rules run from every start square, and a tour's run
//! or its search's run as an animated GIF.

use std::cell::RefCell;
use std::rc::Rc;

use super::animation;
use super::batch::{BatchJob, Handled};
use super::protocol::Answer;
use crate::protocol::{KnightAnswer, KnightAsk, TourAnimation};
use puzzlelab_pictures::animation::Recording;
use puzzlelab_pictures::search_film::Searched;
use puzzlelab_solver::board::Board;
use puzzlelab_solver::knight::all_starts::AllStarts;
use puzzlelab_solver::knight::timeline::Timeline;
use puzzlelab_solver::knight::TourConfig;
use puzzlelab_solver::{Stats, StepMachine};

/// Tour steps per batch: small enough that a cancel is seen within a few milliseconds.
const BATCH_STEPS: u64 = 100_000;

/// Steps one start of the all-starts map may take: a bounded budget so the map finishes.
const ALL_STARTS_BUDGET: u64 = 2_000_000;

/// The last finished tour's timeline, by job, for `TourFrame` requests.
type LastTimeline = Rc<RefCell<Option<(u32, Timeline)>>>;

#[derive(Default)]
pub(super) struct Knight {
    last: LastTimeline,
}

impl Knight {
    pub(super) fn handle(&self, job: u32, ask: KnightAsk) -> Handled {
        match ask {
            KnightAsk::Tour { config } => self.tour(config),
            KnightAsk::Frame { step } => self.frame(job, step),
            KnightAsk::AllStarts { config } => all_starts(config),
            KnightAsk::Animation { animation } => animate(animation),
            KnightAsk::SearchAnimation { config, animation } => {
                animation::search(&Searched::Knight(config), animation, |gif, frames| {
                    Answer::Knight(KnightAnswer::Animation { gif, frames })
                })
            }
        }
    }

    fn tour(&self, config: TourConfig) -> Handled {
        match Timeline::new(config) {
            Ok(timeline) => Handled::Start(Box::new(TourJob {
                timeline: Some(timeline),
                last: self.last.clone(),
            })),
            Err(message) => Handled::Answer(Answer::Error { message }),
        }
    }

    /// The board at `step` of the last finished tour (re-run from its nearest checkpoint).
    fn frame(&self, job: u32, step: u64) -> Handled {
        match &*self.last.borrow() {
            Some((id, timeline)) if *id == job => {
                Handled::Answer(Answer::Knight(KnightAnswer::Frame {
                    frame: timeline.frame(step),
                }))
            }
            _ => Handled::Answer(Answer::Error {
                message: "that search is no longer kept: search again".into(),
            }),
        }
    }
}

fn all_starts(config: TourConfig) -> Handled {
    match AllStarts::new(config, ALL_STARTS_BUDGET) {
        Ok(all) => Handled::Start(Box::new(AllStartsJob(all))),
        Err(message) => Handled::Answer(Answer::Error { message }),
    }
}

/// A tour search recorded as a timeline; when done, the timeline goes to the handler so
/// the page can ask for the board at any step.
struct TourJob {
    timeline: Option<Timeline>,
    last: LastTimeline,
}

fn finished(timeline: &Timeline) -> Answer {
    let tour = timeline.machine();
    Answer::Knight(KnightAnswer::Tour {
        status: tour.status(),
        path: tour.path().to_vec(),
        stats: *tour.stats(),
        // A solved tour's note says how it was found, if not by the rule asked for.
        reason: tour
            .impossible_reason()
            .or(tour.construction_note())
            .map(String::from),
        chart: timeline.chart().to_vec(),
    })
}

impl BatchJob for TourJob {
    fn batch(&mut self, job: u32) -> Answer {
        let Some(timeline) = self.timeline.as_mut() else {
            return Answer::Cancelled;
        };
        if timeline.run(BATCH_STEPS).is_finished() {
            let answer = finished(timeline);
            *self.last.borrow_mut() = self.timeline.take().map(|t| (job, t));
            return answer;
        }
        Answer::Progress {
            stats: *timeline.machine().stats(),
            depth: timeline.machine().path().len() as u32,
        }
    }

    fn cancel(&mut self, _job: u32) -> Answer {
        match self.timeline.take() {
            Some(mut timeline) => {
                timeline.cancel();
                finished(&timeline)
            }
            None => Answer::Cancelled,
        }
    }
}

fn animate(a: TourAnimation) -> Handled {
    let steps = (a.from as usize, a.to as usize);
    let (theme, budget) = (animation::theme(a.dark), a.budget as usize);
    let recording = Board::new(a.width, a.height)
        .map_err(|e| e.to_string())
        .and_then(|board| Recording::knight(board, a.path, steps, theme, budget, a.delay_cs));
    animation::start(recording, |gif, frames| {
        Answer::Knight(KnightAnswer::Animation { gif, frames })
    })
}

struct AllStartsJob(AllStarts);

impl BatchJob for AllStartsJob {
    fn batch(&mut self, _job: u32) -> Answer {
        if self.0.run(BATCH_STEPS).is_finished() {
            let outcomes = self.0.outcomes().to_vec();
            return Answer::Knight(KnightAnswer::AllStarts { outcomes });
        }
        Answer::Progress {
            stats: Stats::default(),
            depth: self.0.done() as u32,
        }
    }
}
