//! "Save animation" as plain state: the run asked for (from a step to another, at most a
//! budget of frames), a recording on one of the page's workers with its progress,
//! and what came of it. The workbench says what the run shows (the ask, the plan); this
//! keeps the rest, so every player records alike. A Cancel stops the worker's job and
//! leaves the page as it was: the recorder is all a recording touches.

use crate::app::contract::Out;
use crate::app::page::Worker;
use puzzlelab_pictures::animation::{net_plan, Plan, DEFAULT_BUDGET};
use puzzlelab_pictures::Kind;
use puzzlelab_worker::protocol::{Answer, Ask, CubeAnswer, KnightAnswer, QueensAnswer};
use puzzlelab_worker::protocol::{RubikAnswer, SearchAnimation};
use puzzlelab_worker::{Request, Response};

/// What the recorder's controls send.
#[derive(Clone, Debug, PartialEq)]
pub enum RecordMsg {
    From(String),
    To(String),
    Budget(String),
    /// Record, in the theme shown (dark or not).
    Start {
        dark: bool,
    },
    Cancel,
    /// The file was handed to the browser.
    Saved,
}

/// What a control of "Save animation" leaves to its workbench.
pub enum Control {
    /// The recorder dealt with it.
    Done(Out),
    /// Start, in this theme: only the workbench can say what the run shows.
    Start { dark: bool },
}

/// What came of the last recording.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    Saved {
        name: String,
        bytes: usize,
        frames: u32,
    },
    Failed(String),
    Cancelled,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Recorder {
    /// The worker the recordings run on (a helper, where the page's own is busy).
    worker: Worker,
    pub from: usize,
    pub to: usize,
    pub budget: usize,
    /// The last step there is (the run's steps are 0 to it).
    pub last: usize,
    /// A field that did not read as a number, and what it said.
    pub problem: Option<String>,
    job: u32,
    /// While recording: frames drawn and frames in all.
    pub progress: Option<(u32, u32)>,
    /// The file's name, given as the recording starts.
    name: String,
    pub outcome: Option<Outcome>,
    /// A finished file waiting to be handed to the browser.
    file: Option<(String, Vec<u8>)>,
}

impl Recorder {
    /// A recorder on the page's worker `worker`.
    pub fn new(worker: Worker) -> Recorder {
        Recorder {
            worker,
            from: 0,
            to: 0,
            budget: DEFAULT_BUDGET,
            last: 0,
            problem: None,
            job: 0,
            progress: None,
            name: String::new(),
            outcome: None,
            file: None,
        }
    }

    /// A new run to record (a tour found): steps 0 to `last`, the whole run asked.
    pub fn run_of(&mut self, last: usize) {
        if last != self.last {
            (self.from, self.to, self.last) = (0, last, last);
            self.problem = None;
        }
    }

    /// A control of "Save animation": the recorder's own, or the start for the workbench.
    pub fn control(&mut self, msg: RecordMsg) -> Control {
        Control::Done(match msg {
            RecordMsg::Start { dark } => return Control::Start { dark },
            RecordMsg::Cancel => self.cancel(),
            RecordMsg::Saved => Out::nothing(),
            input => self.input(&input),
        })
    }

    /// What a replay of nets would make: steps asked, at most the budget's frames.
    pub fn net_plan(&self, kind: Kind, delay_cs: u16) -> Result<Plan, String> {
        let (from, to) = self.steps_checked()?;
        net_plan(kind, to - from + 1, self.budget, delay_cs)
    }

    /// Starts recording a replay of nets (either cube's solution): `state_at(k)` is the
    /// cube after `k` of its `moves` moves, `ask` the worker's ask for the states and the
    /// budget; the file is named `{name}-steps-{from}-{to}-of-{moves}.gif`.
    pub fn start_nets<S>(
        &mut self,
        (kind, name, moves): (Kind, &str, usize),
        delay_cs: u16,
        state_at: impl Fn(usize) -> S,
        ask: impl FnOnce(Vec<S>, u32) -> Ask,
    ) -> Out {
        let Ok(plan) = self.net_plan(kind, delay_cs) else {
            return Out::redraw(); // the panel says why
        };
        let (from, to) = (self.from, self.to);
        let ask = ask((from..=to).map(state_at).collect(), self.budget as u32);
        let file = format!("{name}-steps-{from}-{to}-of-{moves}.gif");
        self.start(ask, plan.frames as u32, file)
    }

    /// A field changed.
    fn input(&mut self, msg: &RecordMsg) -> Out {
        let (field, text) = match msg {
            RecordMsg::From(t) => (&mut self.from, t),
            RecordMsg::To(t) => (&mut self.to, t),
            RecordMsg::Budget(t) => (&mut self.budget, t),
            _ => return Out::nothing(),
        };
        match text.trim().parse::<usize>() {
            Ok(v) => {
                *field = v;
                self.problem = None;
            }
            Err(_) => self.problem = Some(format!("\"{}\" is not a whole number", text.trim())),
        }
        Out::redraw()
    }

    /// The steps asked, the budget and the delay, for a search's recording.
    pub fn search_animation(&self, delay_cs: u16, dark: bool) -> SearchAnimation {
        SearchAnimation {
            from: self.from as u64,
            to: self.to as u64,
            budget: self.budget as u32,
            delay_cs,
            dark,
        }
    }

    /// Whether the steps asked are in the run (from before to, both in it).
    pub fn steps_checked(&self) -> Result<(usize, usize), String> {
        if let Some(problem) = &self.problem {
            return Err(problem.clone());
        }
        if self.from > self.to || self.to > self.last {
            return Err(format!(
                "steps {} to {}: the run has steps 0 to {}, from an earlier to a later",
                self.from, self.to, self.last
            ));
        }
        Ok((self.from, self.to))
    }

    /// Starts recording `frames` frames into the file `name`: the ask to send.
    pub fn start(&mut self, ask: Ask, frames: u32, name: String) -> Out {
        self.job += 1;
        self.progress = Some((0, frames));
        self.outcome = None;
        self.name = name;
        self.send(Request::new(self.job, ask))
    }

    fn send(&self, request: Request) -> Out {
        match self.worker {
            Worker::Main => Out::redraw().send([request]),
            Worker::Helper(i) => Out::redraw().send_to([(i, request)]),
        }
    }

    /// Stops the recording; nothing else on the page changes.
    pub fn cancel(&mut self) -> Out {
        if self.progress.take().is_none() {
            return Out::nothing();
        }
        self.outcome = Some(Outcome::Cancelled);
        let stop = Request::new(self.job, Ask::Cancel);
        self.job += 1; // whatever the old job still says is not heard
        self.send(stop)
    }

    /// Whether the worker `from` is this recorder's.
    pub fn serves(&self, from: Worker) -> bool {
        from == self.worker
    }

    /// The worker answered.
    pub fn answer(&mut self, response: Response) -> Out {
        if response.job != self.job || self.progress.is_none() {
            return Out::nothing();
        }
        match response.body {
            Answer::Progress { stats, depth } => {
                self.progress = Some((depth, stats.nodes as u32));
                return Out::redraw();
            }
            Answer::Knight(KnightAnswer::Animation { gif, frames })
            | Answer::Rubik(RubikAnswer::Animation { gif, frames })
            | Answer::Cube(CubeAnswer::Animation { gif, frames })
            | Answer::Queens(QueensAnswer::Animation { gif, frames }) => {
                self.outcome = Some(Outcome::Saved {
                    name: self.name.clone(),
                    bytes: gif.len(),
                    frames,
                });
                self.file = Some((self.name.clone(), gif));
            }
            Answer::Error { message } | Answer::Crashed { message } => {
                self.outcome = Some(Outcome::Failed(message));
            }
            _ => return Out::nothing(),
        }
        self.progress = None;
        Out::redraw()
    }

    /// The finished file, once, for the page to hand to the browser.
    pub fn take_file(&mut self) -> Option<(String, Vec<u8>)> {
        self.file.take()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzlelab_solver::Stats;

    fn progress(job: u32, done: u32) -> Response {
        let stats = Stats {
            nodes: 10,
            ..Stats::default()
        };
        Response::new(job, Answer::Progress { stats, depth: done })
    }

    #[test]
    fn fields_are_checked_and_a_bad_one_is_said_without_losing_the_others() {
        let mut r = Recorder::new(Worker::Helper(0));
        r.run_of(63);
        assert_eq!(r.steps_checked(), Ok((0, 63)));
        r.input(&RecordMsg::From("70".into()));
        assert!(r.steps_checked().unwrap_err().contains("0 to 63"));
        r.input(&RecordMsg::From("x".into()));
        assert!(r
            .steps_checked()
            .unwrap_err()
            .contains("not a whole number"));
        assert_eq!(r.from, 70, "the last number read is kept");
        r.input(&RecordMsg::From("10".into()));
        assert_eq!(r.steps_checked(), Ok((10, 63)));
    }

    #[test]
    fn a_cancel_forgets_the_job_and_later_answers_of_it_change_nothing() {
        let mut r = Recorder::new(Worker::Helper(2));
        r.run_of(9);
        let out = r.start(Ask::Ping, 10, "a.gif".into());
        assert_eq!(out.send_to[0].0, 2);
        let job = out.send_to[0].1.job;
        r.answer(progress(job, 4));
        assert_eq!(r.progress, Some((4, 10)));
        let out = r.cancel();
        assert_eq!(
            (out.send_to[0].1.job, &out.send_to[0].1.body),
            (job, &Ask::Cancel)
        );
        assert_eq!(
            (r.progress, r.outcome.clone()),
            (None, Some(Outcome::Cancelled))
        );
        let late = Answer::Knight(KnightAnswer::Animation {
            gif: vec![1],
            frames: 10,
        });
        assert!(!r.answer(Response::new(job, late)).draws());
        assert_eq!(r.take_file(), None);
        assert!(!r.cancel().draws(), "nothing left to cancel");
    }
}
