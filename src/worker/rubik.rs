//! Rubik's cube jobs: the two-phase search tables built once per session (the first
//! request waits for them, with a progress report before), the anytime solve reporting
//! every shorter solution, and the moves of a random-state scramble.

use std::sync::Arc;

use super::protocol::{Response, RubikEnd, RubikImprovement, RubikReport};
use super::run::{BatchJob, Batched, Cache, Handled};
use crate::solver::cube3::{
    format_moves, invert_moves, random_cube, solve, Cube, SearchOptions, Tables, TwoPhaseSearch,
};
use crate::solver::{Stats, Status, StepMachine};

/// Search steps between looks at the clock.
const STEPS_PER_SLICE: u64 = 2_000;
/// A batch ends after this long, so a Stop gets through and progress shows.
const BATCH_MS: f64 = 40.0;

fn now() -> f64 {
    js_sys::Date::now()
}

/// What a Rubik's cube request asks for once the tables are there.
enum Task {
    Solve { cube: Cube, max_length: u8 },
    Scramble { seed: u64 },
}

pub(super) fn solve_request(job: u32, state: &str, max_length: u8) -> Handled {
    match Cube::parse(state) {
        Ok(cube) => Handled::Start(Box::new(RubikJob::new(Task::Solve {
            cube,
            max_length: max_length.clamp(1, 30),
        }))),
        Err(e) => Handled::Answer(Response::Error {
            job,
            message: e.to_string(),
        }),
    }
}

pub(super) fn scramble_request(seed: u64) -> Handled {
    Handled::Start(Box::new(RubikJob::new(Task::Scramble { seed })))
}

struct RubikJob {
    task: Task,
    /// The progress report on the tables has been sent (the next batch builds them).
    announced: bool,
    tables_ms: f64,
    search: Option<TwoPhaseSearch>,
    /// When the search started, and when each improvement came.
    began: f64,
    times: Vec<f64>,
}

impl RubikJob {
    fn new(task: Task) -> RubikJob {
        RubikJob {
            task,
            announced: false,
            tables_ms: 0.0,
            search: None,
            began: 0.0,
            times: Vec::new(),
        }
    }

    fn report(&self, end: Option<RubikEnd>) -> RubikReport {
        let Some(search) = &self.search else {
            return RubikReport {
                tables_ms: self.tables_ms,
                improvements: Vec::new(),
                nodes: 0,
                lower_bound: 0,
                elapsed_ms: 0.0,
                end,
            };
        };
        RubikReport {
            tables_ms: self.tables_ms,
            improvements: search
                .improvements()
                .iter()
                .zip(&self.times)
                .map(|(s, &ms)| RubikImprovement {
                    moves: format_moves(&s.moves),
                    length: s.length,
                    ms,
                })
                .collect(),
            nodes: search.stats().nodes,
            lower_bound: search.lower_bound(),
            elapsed_ms: now() - self.began,
            end,
        }
    }

    /// Runs the search for about one batch, ending early at a new solution so each one
    /// shows the moment it is found.
    fn search_batch(&mut self, job: u32) -> Batched {
        let Some(search) = self.search.as_mut() else {
            return failed(job, "the search was not started");
        };
        let start = now();
        let known = search.improvements().len();
        let mut status = search.status();
        while status == Status::Running
            && search.improvements().len() == known
            && now() - start < BATCH_MS
        {
            status = search.run(STEPS_PER_SLICE);
        }
        while self.times.len() < search.improvements().len() {
            self.times.push(now() - self.began);
        }
        let end = match status {
            Status::Running => None,
            Status::Solved => Some(RubikEnd::Optimal),
            Status::Cancelled => Some(RubikEnd::Stopped),
            Status::Exhausted | Status::Failed => Some(RubikEnd::NoneThatShort),
        };
        Batched {
            answer: Response::RubikSearch {
                job,
                report: self.report(end),
            },
            finished: end.is_some(),
        }
    }
}

fn failed(job: u32, message: &str) -> Batched {
    Batched {
        answer: Response::Error {
            job,
            message: message.into(),
        },
        finished: true,
    }
}

impl BatchJob for RubikJob {
    fn batch(&mut self, job: u32, cache: &mut Cache) -> Batched {
        if cache.rubik.is_none() && !self.announced {
            // Tell the page the tables are being built before the batch that builds them.
            self.announced = true;
            return Batched {
                answer: Response::Progress {
                    job,
                    stats: Stats::default(),
                    depth: 0,
                },
                finished: false,
            };
        }
        let tables = match &cache.rubik {
            Some(t) => t.clone(),
            None => {
                let start = now();
                let t = Arc::new(Tables::new());
                self.tables_ms = now() - start;
                cache.rubik = Some(t.clone());
                t
            }
        };
        match &self.task {
            Task::Scramble { seed } => {
                let cube = random_cube(*seed);
                let moves = solve(&tables, &cube, 20, u64::MAX).unwrap_or_default();
                Batched {
                    answer: Response::RubikScramble {
                        job,
                        seed: *seed,
                        state: cube.to_string(),
                        moves: format_moves(&invert_moves(&moves)),
                    },
                    finished: true,
                }
            }
            Task::Solve { cube, max_length } => {
                if self.search.is_none() {
                    let options = SearchOptions {
                        max_length: *max_length,
                        ..SearchOptions::default()
                    };
                    self.search = Some(TwoPhaseSearch::new(tables, cube, options));
                    self.began = now();
                }
                self.search_batch(job)
            }
        }
    }

    fn cancel(&mut self, job: u32) -> Response {
        match self.search.as_mut() {
            Some(search) => {
                search.cancel();
                Response::RubikSearch {
                    job,
                    report: self.report(Some(RubikEnd::Stopped)),
                }
            }
            None => Response::Cancelled { job },
        }
    }
}
