//! The lessons' page state as plain Rust: the lesson and step shown, what the learner did
//! (for the try-its), the facts the text states, and the cube lesson's worker answers.

use super::lessons::{self, Inputs, Lesson};
use super::try_it::{Observed, Signal};
use crate::app::contract::Out;
use crate::app::count::naive_runs::NaiveRuns;
use crate::app::page::Worker;
use crate::app::shell::clock::now_ms;
use crate::app::widgets::keyboard::KeyAction;
use crate::app::widgets::pool_count::CountMsg;
use crate::app::widgets::timeline::PlaybackAction;
use puzzlelab_links::{BenchLink, LearnLink, Route};
use puzzlelab_solver::cube::{format_moves, Metric};
use puzzlelab_solver::knight::count::CountSpec;
use puzzlelab_solver::lessons::cube as cube_lesson;
use puzzlelab_worker::protocol::{Answer, Ask, GraphAnswer, GraphQuery};
use puzzlelab_worker::protocol::{CubeAnswer, CubeAsk};
use puzzlelab_worker::{Request, Response};

#[derive(Clone, Debug, PartialEq)]
pub enum Msg {
    Go(usize),
    Signal(Signal),
    Bench(BenchLink),
    Key(KeyNav),
    /// The paths workbench asks for its `index`-th shortest path.
    Path(u64),
    /// The notebook's counter `.0`'s buttons, on the bench's board.
    Naive(usize, CountMsg, CountSpec),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyNav {
    Previous,
    Next,
}

/// The step's heading, where focus goes on a new step (so a screen reader reads it).
const HEADING: &str = "[data-step-title]";

pub struct LearnState {
    pub lesson: Option<Lesson>,
    pub step: usize,
    pub bench: BenchLink,
    pub observed: Observed,
    pub inputs: Inputs,
    pub facts: Vec<lessons::Fact>,
    /// What the live region says.
    pub announce: String,
    pub problems: Vec<String>,
    job: u32,
    /// The paths workbench's answer: moves, index.
    pub path: Option<(String, u64)>,
    /// The notebook's counters, on the page's other workers 0 and 1.
    pub naive: NaiveRuns,
}

impl LearnState {
    /// The lesson and step a link opens, and the cube lesson's first worker request.
    pub fn open(link: LearnLink, problems: Vec<String>) -> (LearnState, Out) {
        let lesson = link.lesson.as_deref().and_then(lessons::find);
        let step = lesson
            .as_ref()
            .map_or(0, |l| link.step.min(l.steps.len() - 1));
        let mut state = LearnState {
            announce: String::new(),
            lesson,
            step,
            bench: link.bench.clone(),
            observed: Observed::default(),
            inputs: Inputs::default(),
            facts: Vec::new(),
            problems,
            job: 0,
            path: None,
            naive: NaiveRuns::default(),
        };
        if state.slug() == Some(cube_lesson::SLUG) {
            state.inputs.cube_paths = Some(cube_lesson::paths_facts());
        }
        state.refresh_facts();
        let out = Out::nothing().send(state.ask_worker());
        (state, out)
    }

    pub fn update(&mut self, msg: Msg) -> Out {
        match msg {
            Msg::Go(step) => self.go(step),
            Msg::Key(KeyNav::Previous) => self.go(self.step.saturating_sub(1)),
            Msg::Key(KeyNav::Next) => self.go(self.step + 1),
            Msg::Signal(signal) => self.signal(signal),
            Msg::Bench(link) if link == self.bench => Out::nothing(),
            Msg::Bench(link) => {
                self.bench = link;
                Out {
                    write_link: true,
                    ..Out::nothing()
                }
            }
            Msg::Naive(i, msg, spec) => self.naive.update(i, msg, spec, now_ms()),
            Msg::Path(index) => {
                self.path = Some((String::new(), index));
                // Before the tables are in, the worker asks for this path once they are.
                let send = if self.inputs.cube_htm.is_some() {
                    self.ask_worker()
                } else {
                    None
                };
                Out::redraw().send(send)
            }
        }
    }

    /// The lesson's keys: back and on.
    pub fn key(&self, key: KeyAction) -> Option<Msg> {
        match key {
            KeyAction::Do(PlaybackAction::StepBack) => Some(Msg::Key(KeyNav::Previous)),
            KeyAction::Do(PlaybackAction::StepForward) => Some(Msg::Key(KeyNav::Next)),
            _ => None,
        }
    }

    /// The cube lesson's worker: both tables, then the path the paths step shows.
    pub fn answer(&mut self, from: Worker, response: Response) -> Out {
        if let Worker::Helper(i) = from {
            return self.naive.answer(i, response, now_ms());
        }
        let Response { job, body } = response;
        if job != self.job {
            return Out::nothing();
        }
        match body {
            Answer::Cube(CubeAnswer::Table { metric, counts }) => {
                match metric {
                    Metric::Qtm => self.inputs.cube_qtm = Some(counts),
                    Metric::Htm => self.inputs.cube_htm = Some(counts),
                }
                self.refresh_facts();
                Out::redraw().send(self.ask_worker())
            }
            Answer::Cube(CubeAnswer::Graph {
                answer:
                    GraphAnswer::Solution {
                        moves,
                        distance,
                        count,
                        index,
                        ..
                    },
            }) => {
                self.inputs.cube_paths = Some((distance, count.unwrap_or(0)));
                self.path = Some((format_moves(&moves), index));
                self.refresh_facts();
                Out::redraw()
            }
            Answer::Error { message } => {
                self.announce = message;
                Out::redraw()
            }
            _ => Out::nothing(),
        }
    }

    pub fn route(&self) -> Route {
        Route::Learn(LearnLink {
            lesson: self.slug().map(str::to_string),
            step: self.step,
            bench: self.bench.clone(),
        })
    }

    fn slug(&self) -> Option<&str> {
        self.lesson.as_ref().map(|l| l.slug.as_str())
    }

    fn refresh_facts(&mut self) {
        if let Some(l) = &self.lesson {
            self.facts = l.facts(&self.inputs);
        }
    }

    /// The cube lesson's last layers come from the worker: both tables, then the path the
    /// paths step shows (its count and length are known at once: see `solver::lessons::cube`).
    fn ask_worker(&mut self) -> Option<Request> {
        if self.slug() != Some(cube_lesson::SLUG) {
            return None;
        }
        self.job += 1;
        let ask = if self.inputs.cube_qtm.is_none() {
            Ask::Cube(CubeAsk::Table {
                metric: Metric::Qtm,
            })
        } else if self.inputs.cube_htm.is_none() {
            Ask::Cube(CubeAsk::Table {
                metric: Metric::Htm,
            })
        } else {
            Ask::Cube(CubeAsk::Graph {
                metric: Metric::Qtm,
                query: GraphQuery::Solve {
                    start: cube_lesson::paths_start(),
                    goal: None,
                    costs: None,
                    index: self.path.as_ref().map_or(0, |p| p.1),
                },
            })
        };
        Some(Request::new(self.job, ask))
    }

    fn go(&mut self, step: usize) -> Out {
        let Some(lesson) = &self.lesson else {
            return Out::nothing();
        };
        let step = step.min(lesson.steps.len() - 1);
        if step == self.step {
            return Out::nothing();
        }
        self.step = step;
        self.bench = BenchLink::default();
        self.observed = Observed::default();
        // A new step's bench starts afresh: the counters' runs end.
        let stop = self.naive.settings();
        self.announce = format!(
            "Step {} of {}: {}",
            step + 1,
            lesson.steps.len(),
            lesson.steps[step].title
        );
        Out::link().focus(HEADING).and(stop)
    }

    /// Something the learner did on the workbench: a try-it may be done now.
    fn signal(&mut self, signal: Signal) -> Out {
        let Some(lesson) = &self.lesson else {
            return Out::nothing();
        };
        let try_it = lesson.steps[self.step].try_it.clone();
        let was = try_it.as_ref().is_some_and(|t| t.is_done(&self.observed));
        if !self.observed.note(signal) {
            return Out::nothing();
        }
        if let Some(t) = try_it {
            if !was && t.is_done(&self.observed) {
                self.announce = format!("Done: {}", t.label());
            }
        }
        Out::redraw()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::page::Workbench;
    use crate::app::page_tests::{opened, Served};

    fn open(link: &str) -> (LearnState, Out) {
        let (Route::Learn(link), problems) = opened(link) else {
            panic!("{link} is a lesson's link");
        };
        <LearnState as Workbench>::open(link, problems)
    }

    #[test]
    fn the_cube_lesson_fills_its_facts_from_the_worker() {
        let (mut state, out) = open("#/learn/pocket-cube?step=1");
        assert_eq!(out.send.len(), 1, "the quarter-turn table first");
        Served::default().run(&mut state, out);
        assert!(state.inputs.cube_qtm.is_some() && state.inputs.cube_htm.is_some());
        let (moves, index) = state.path.clone().expect("the first shortest path");
        assert_eq!(index, 0);
        assert!(!moves.is_empty());
        // Another lesson asks the worker nothing.
        let (_, out) = open("#/learn/eight-queens");
        assert!(out.send.is_empty());
    }

    #[test]
    fn keys_and_buttons_move_between_steps_and_focus_the_new_heading() {
        let (mut state, _) = open("#/learn/eight-queens");
        let next = state.key(KeyAction::Do(PlaybackAction::StepForward));
        assert_eq!(next, Some(Msg::Key(KeyNav::Next)));
        let out = state.update(next.unwrap());
        assert_eq!((state.step, out.write_link), (1, true));
        assert_eq!(out.focus, Some(HEADING));
        assert!(state.announce.starts_with("Step 2 of "));
        assert_eq!(state.key(KeyAction::Toggle), None);
        let back = state.update(Msg::Key(KeyNav::Previous));
        assert_eq!(state.step, 0);
        assert!(back.write_link);
        assert_eq!(state.update(Msg::Go(0)), Out::nothing(), "already there");
        // The index of lessons takes no keys.
        let (index, _) = open("#/learn");
        assert_eq!(
            Workbench::key(&index, KeyAction::Do(PlaybackAction::StepForward)),
            None
        );
    }
}
