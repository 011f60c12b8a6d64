//! Rubik's cube jobs: the two-phase search tables built once per session (the first
//! request waits for them, with a progress report before), the anytime solve reporting
//! every shorter solution, and the moves of a random-state scramble.

use std::rc::Rc;
use std::sync::Arc;

use super::animation;
use super::batch::{BatchJob, Handled};
use super::now_ms as now;
use super::protocol::{Answer, RubikEnd, RubikImprovement, RubikReport};
pub(super) use super::rubik_optimal::TablesKind;
use super::rubik_optimal::{
    ProofContext, ProveAsk, ProveJob, SharedShelf, SharedTables, TableStore,
};
use crate::protocol::{RubikAnswer, RubikAsk, TRACE_STEPS};
use puzzlelab_pictures::animation::Recording;
use puzzlelab_pictures::Kind;
use puzzlelab_solver::rubik::code::{phase_trace, PhaseStep};
use puzzlelab_solver::rubik::{
    invert_moves, random_cube, solve, Cube, Facelets, SearchOptions, Tables, TwoPhaseSearch,
};
use puzzlelab_solver::{Status, StepMachine};

/// Search steps between looks at the clock.
const STEPS_PER_SLICE: u64 = 2_000;
/// A batch ends after this long, so a Stop gets through and progress shows.
const BATCH_MS: f64 = 40.0;

/// What a Rubik's cube request asks for once the tables are there.
enum Task {
    Solve { cube: Cube, max_length: u8 },
    Scramble { seed: u64 },
}

/// The Rubik's cube's handler: its search tables outlive every job, and so do the optimal
/// solver's once read or built.
pub(super) struct Rubik {
    /// The two-phase tables (in `proofs.base`) and what the proofs keep.
    proofs: ProofContext,
}

impl Default for Rubik {
    fn default() -> Self {
        Rubik::new(TablesKind::Full, Rc::new(super::rubik_optimal::NoStore))
    }
}

impl Rubik {
    /// The handler with the optimal proof's `kind` of tables, kept in `store` between
    /// visits (the browser's storage in a page, none natively).
    pub(super) fn new(kind: TablesKind, store: Rc<dyn TableStore>) -> Rubik {
        Rubik {
            proofs: ProofContext {
                kind,
                base: SharedTables::default(),
                shelf: SharedShelf::default(),
                store,
            },
        }
    }

    /// Prove `known` optimal for `state` (or find shorter): tables first, then the search.
    pub(super) fn handle(&self, ask: RubikAsk) -> Handled {
        match ask {
            RubikAsk::Solve { state, max_length } => self.solve(&state, max_length),
            RubikAsk::Scramble { seed } => self.scramble(seed),
            RubikAsk::Animation {
                states,
                budget,
                delay_cs,
                dark,
            } => {
                let states = states.iter().map(|f| f.0.to_vec()).collect();
                let theme = animation::theme(dark);
                let recording =
                    Recording::net(Kind::Rubik, states, theme, budget as usize, delay_cs);
                animation::start(recording, |gif, frames| {
                    Answer::Rubik(RubikAnswer::Animation { gif, frames })
                })
            }
            RubikAsk::Prove {
                state,
                known,
                memory_limit,
                table,
                share,
            } => {
                let ask = ProveAsk {
                    state,
                    known,
                    memory_limit,
                    table,
                    share,
                };
                Handled::Start(Box::new(ProveJob::new(ask, self.proofs.clone())))
            }
        }
    }

    fn solve(&self, state: &Facelets, max_length: u8) -> Handled {
        match Cube::from_facelets(state) {
            Ok(cube) => self.start(Task::Solve {
                cube,
                max_length: max_length.clamp(1, 30),
            }),
            Err(e) => Handled::Answer(Answer::Error {
                message: e.to_string(),
            }),
        }
    }

    fn scramble(&self, seed: u64) -> Handled {
        self.start(Task::Scramble { seed })
    }

    fn start(&self, task: Task) -> Handled {
        Handled::Start(Box::new(RubikJob::new(task, self.proofs.base.clone())))
    }
}

struct RubikJob {
    task: Task,
    tables: SharedTables,
    /// The progress report on the tables has been sent (the next batch builds them).
    announced: bool,
    tables_ms: f64,
    search: Option<TwoPhaseSearch>,
    /// When the search started, and when each improvement came.
    began: f64,
    times: Vec<f64>,
    /// The search's first steps (`TRACE_STEPS`), sent with the report that ends it.
    trace: Vec<PhaseStep>,
}

impl RubikJob {
    fn new(task: Task, tables: SharedTables) -> RubikJob {
        RubikJob {
            task,
            tables,
            announced: false,
            tables_ms: 0.0,
            search: None,
            began: 0.0,
            times: Vec::new(),
            trace: Vec::new(),
        }
    }

    fn report(&self, end: Option<RubikEnd>) -> RubikReport {
        let Some(search) = &self.search else {
            return RubikReport {
                tables_ms: self.tables_ms,
                improvements: Vec::new(),
                nodes: 0,
                steps: 0,
                lower_bound: 0,
                elapsed_ms: 0.0,
                end,
                trace: Vec::new(),
            };
        };
        RubikReport {
            tables_ms: self.tables_ms,
            improvements: search
                .improvements()
                .iter()
                .zip(&self.times)
                .map(|(s, &ms)| RubikImprovement {
                    moves: s.moves.clone(),
                    length: s.length,
                    ms,
                })
                .collect(),
            nodes: search.stats().nodes,
            steps: search.stats().steps,
            lower_bound: search.lower_bound(),
            elapsed_ms: now() - self.began,
            trace: if end.is_some() {
                self.trace.clone()
            } else {
                Vec::new()
            },
            end,
        }
    }

    /// Runs the search for about one batch, ending early at a new solution so each one
    /// shows the moment it is found.
    fn search_batch(&mut self) -> Answer {
        let Some(search) = self.search.as_mut() else {
            return Answer::Error {
                message: "the search was not started".into(),
            };
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
        Answer::Rubik(RubikAnswer::Solve {
            report: self.report(end),
        })
    }
}

impl BatchJob for RubikJob {
    fn batch(&mut self, _job: u32) -> Answer {
        if self.tables.get().is_none() && !self.announced {
            // Tell the page the tables are being built before the batch that builds them.
            self.announced = true;
            return Answer::Progress {
                stats: Default::default(),
                depth: 0,
            };
        }
        let tables = self
            .tables
            .get_or_init(|| {
                let start = now();
                let t = Arc::new(Tables::new());
                self.tables_ms = now() - start;
                t
            })
            .clone();
        match &self.task {
            Task::Scramble { seed } => {
                let cube = random_cube(*seed);
                let moves = solve(&tables, &cube, 20, u64::MAX).unwrap_or_default();
                Answer::Rubik(RubikAnswer::Scramble {
                    seed: *seed,
                    state: cube.facelets(),
                    moves: invert_moves(&moves),
                })
            }
            Task::Solve { cube, max_length } => {
                if self.search.is_none() {
                    let options = SearchOptions {
                        max_length: *max_length,
                        ..SearchOptions::default()
                    };
                    let mut search = TwoPhaseSearch::new(tables, cube, options);
                    self.began = now();
                    self.trace = phase_trace(&mut search, TRACE_STEPS);
                    self.search = Some(search);
                }
                self.search_batch()
            }
        }
    }

    /// A stopped search always answers with its report marked stopped, even before the
    /// search has begun (the tables still building, or a resent request not yet run):
    /// the page's search ends only on a report that says how it ended.
    fn cancel(&mut self, _job: u32) -> Answer {
        match (&self.task, self.search.as_mut()) {
            (Task::Scramble { .. }, _) => Answer::Cancelled,
            (Task::Solve { .. }, Some(search)) => {
                search.cancel();
                Answer::Rubik(RubikAnswer::Solve {
                    report: self.report(Some(RubikEnd::Stopped)),
                })
            }
            (Task::Solve { .. }, None) => Answer::Rubik(RubikAnswer::Solve {
                report: self.report(Some(RubikEnd::Stopped)),
            }),
        }
    }
}
