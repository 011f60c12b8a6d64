//! "Save animation" as plain state: the run asked for (from a step to another, at most a
//! budget of frames), a recording on one of the page's workers with its progress,
//! and what came of it. The workbench says what the run shows (the ask, the plan); this
//! keeps the rest, so every player records alike. A Cancel stops the worker's job and
//! leaves the page as it was: the recorder is all a recording touches.
//!
//! A WebM is the same GIF played onto a canvas the page records (`webm.rs`): the worker
//! draws the frames as for a GIF, then the page plays them in real time, a stretch of
//! frames a task, each task's end a [`RecordMsg::Played`] that moves the progress on.

use crate::app::contract::Out;
use crate::app::page::Worker;
use crate::app::widgets::webm::Reel;
use puzzlelab_pictures::animation::{net_plan, webm_plan, Plan, DEFAULT_BUDGET};
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
    Format(Format),
    /// Record, in the theme shown (dark or not).
    Start {
        dark: bool,
    },
    Cancel,
    /// The file was handed to the browser.
    Saved,
    /// A cancelled film is stopped.
    Stopped,
    /// The page has played `done` of a WebM's frames onto its canvas.
    Played {
        job: u32,
        done: u32,
    },
    /// The page's WebM of the recording `job`, or why there is none.
    Filmed {
        job: u32,
        film: Result<Vec<u8>, String>,
    },
}

/// The file a recording makes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// Encoded in the worker; plays in every slide program.
    #[default]
    Gif,
    /// The GIF's frames filmed by the browser (where it can record WebM).
    Webm,
}

impl Format {
    pub fn extension(self) -> &'static str {
        match self {
            Format::Gif => "gif",
            Format::Webm => "webm",
        }
    }

    /// The file's type, as a download says it.
    pub fn mime(self) -> &'static str {
        match self {
            Format::Gif => "image/gif",
            Format::Webm => "video/webm",
        }
    }
}

/// What the page is to do next for a WebM: play the next frames (the GIF with the
/// first), or stop a film that was cancelled.
#[derive(Clone, Debug, PartialEq)]
pub enum FilmWork {
    Play {
        job: u32,
        reel: Reel,
        gif: Option<Vec<u8>>,
    },
    Stop(Reel),
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
    pub format: Format,
    /// The last step there is (the run's steps are 0 to it).
    pub last: usize,
    /// Whether the person typed "from" and "to" (each kept while it fits the run).
    typed: (bool, bool),
    /// What the menu says of the run offered (a search cut to its first steps).
    pub run_note: Option<String>,
    /// A field that did not read as a number, and what it said.
    pub problem: Option<String>,
    job: u32,
    /// While recording: frames drawn and frames in all.
    pub progress: Option<(u32, u32)>,
    /// The file's name, given as the recording starts.
    name: String,
    /// While the page films a WebM: its film (the worker's part is done).
    pub reel: Option<Reel>,
    /// The film's next piece of work, for the page to run.
    film_work: Option<FilmWork>,
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
            format: Format::Gif,
            last: 0,
            typed: (false, false),
            run_note: None,
            problem: None,
            job: 0,
            progress: None,
            name: String::new(),
            reel: None,
            film_work: None,
            outcome: None,
            file: None,
        }
    }

    /// The run to record is steps 0 to `last`: the whole run is asked, except a field
    /// the person typed, kept while it is still in the run (whether the run grows as it
    /// is played or is another one).
    pub fn run_of(&mut self, last: usize) {
        if last == self.last {
            return;
        }
        self.last = last;
        let (from_typed, to_typed) = self.typed;
        let to = if to_typed && self.to <= last {
            self.to
        } else {
            last
        };
        let from = if from_typed && self.from <= to {
            self.from
        } else {
            0
        };
        self.typed = (from_typed && from == self.from, to_typed && to == self.to);
        if (from, to) != (self.from, self.to) {
            self.problem = None;
        }
        (self.from, self.to) = (from, to);
    }

    /// A control of "Save animation": the recorder's own, or the start for the workbench.
    pub fn control(&mut self, msg: RecordMsg) -> Control {
        Control::Done(match msg {
            RecordMsg::Start { dark } => return Control::Start { dark },
            RecordMsg::Cancel => self.cancel(),
            RecordMsg::Saved | RecordMsg::Stopped => Out::nothing(),
            RecordMsg::Format(format) => {
                self.format = format;
                Out::redraw()
            }
            RecordMsg::Played { job, done } => self.played(job, done),
            RecordMsg::Filmed { job, film } => self.filmed(job, film),
            input => self.input(&input),
        })
    }

    /// What the format asked makes of the GIF's `plan` (a WebM is filmed in real time).
    pub fn planned(&self, plan: Plan) -> Result<Plan, String> {
        match self.format {
            Format::Gif => Ok(plan),
            Format::Webm => webm_plan(plan),
        }
    }

    /// What a replay of nets would make: steps asked, at most the budget's frames.
    pub fn net_plan(&self, kind: Kind, delay_cs: u16) -> Result<Plan, String> {
        let (from, to) = self.steps_checked()?;
        net_plan(kind, to - from + 1, self.budget, delay_cs)
    }

    /// Starts recording a replay of nets (either cube's solution): `state_at(k)` is the
    /// cube after `k` of its `moves` moves, `ask` the worker's ask for the states and the
    /// budget; the file is named `{name}-steps-{from}-{to}-of-{moves}` and its format's
    /// extension.
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
        let stem = format!("{name}-steps-{from}-{to}-of-{moves}");
        self.start(ask, plan, stem)
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
                match msg {
                    RecordMsg::From(_) => self.typed.0 = true,
                    RecordMsg::To(_) => self.typed.1 = true,
                    _ => {}
                }
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

    /// Starts recording what `plan` says into the file `stem` (the format's extension
    /// added): the ask to send; nothing when the format refuses the plan.
    pub fn start(&mut self, ask: Ask, plan: Plan, stem: String) -> Out {
        if self.planned(plan).is_err() {
            return Out::redraw(); // the panel says why
        }
        self.job += 1;
        self.progress = Some((0, plan.frames as u32));
        self.outcome = None;
        self.name = format!("{stem}.{}", self.format.extension());
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
        if let Some(reel) = self.reel.take() {
            self.film_work = Some(FilmWork::Stop(reel)); // the worker is done already
            return Out::redraw();
        }
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
                if self.format == Format::Webm {
                    return self.film(gif, frames);
                }
                self.saved(gif, frames);
            }
            Answer::Error { message } | Answer::Crashed { message } => {
                self.outcome = Some(Outcome::Failed(message));
            }
            _ => return Out::nothing(),
        }
        self.progress = None;
        Out::redraw()
    }

    fn saved(&mut self, file: Vec<u8>, frames: u32) {
        self.outcome = Some(Outcome::Saved {
            name: self.name.clone(),
            bytes: file.len(),
            frames,
        });
        self.file = Some((self.name.clone(), file));
    }

    /// The worker's GIF is to be filmed: the page plays it from its first frame.
    fn film(&mut self, gif: Vec<u8>, frames: u32) -> Out {
        let reel = Reel::default();
        self.reel = Some(reel.clone());
        self.progress = Some((0, frames));
        let (job, gif) = (self.job, Some(gif));
        self.film_work = Some(FilmWork::Play { job, reel, gif });
        Out::redraw()
    }

    /// The page played `done` frames of the film `job`: the next stretch.
    fn played(&mut self, job: u32, done: u32) -> Out {
        let (Some(reel), Some((_, frames))) = (&self.reel, self.progress) else {
            return Out::nothing();
        };
        if job != self.job {
            return Out::nothing();
        }
        self.progress = Some((done.min(frames), frames));
        let reel = reel.clone();
        self.film_work = Some(FilmWork::Play {
            job,
            reel,
            gif: None,
        });
        Out::redraw()
    }

    /// The page's film of `job` is finished (or failed).
    fn filmed(&mut self, job: u32, film: Result<Vec<u8>, String>) -> Out {
        if job != self.job || self.reel.take().is_none() {
            return Out::nothing();
        }
        let frames = self.progress.take().map_or(0, |(_, frames)| frames);
        match film {
            Ok(webm) => self.saved(webm, frames),
            Err(why) => self.outcome = Some(Outcome::Failed(why)),
        }
        Out::redraw()
    }

    /// Whether the page is filming (the worker's frames are drawn).
    pub fn filming(&self) -> bool {
        self.reel.is_some()
    }

    /// The finished file, once, for the page to hand to the browser.
    pub fn take_file(&mut self) -> Option<(String, Vec<u8>)> {
        self.file.take()
    }

    /// The film's next piece of work, once, for the page to run.
    pub fn take_film_work(&mut self) -> Option<FilmWork> {
        self.film_work.take()
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
    fn steps_typed_are_kept_while_they_fit_the_run_and_the_others_follow_it() {
        let mut r = Recorder::new(Worker::Main);
        r.run_of(10);
        r.input(&RecordMsg::Budget("50".into()));
        r.run_of(11);
        assert_eq!((r.from, r.to), (0, 11), "not typed: the whole run follows");
        r.input(&RecordMsg::To("5".into()));
        r.run_of(20);
        r.input(&RecordMsg::From("2".into()));
        r.run_of(30);
        assert_eq!((r.from, r.to, r.last), (2, 5, 30), "what was typed stays");
        r.run_of(6);
        assert_eq!(
            (r.from, r.to),
            (2, 5),
            "a shorter run that holds them keeps them"
        );
        r.run_of(3);
        assert_eq!(
            (r.from, r.to),
            (2, 3),
            "a \"to\" past the run's end is the end"
        );
        r.run_of(8);
        assert_eq!((r.from, r.to), (2, 8), "and follows the end from then on");
        r.run_of(1);
        assert_eq!(
            (r.from, r.to),
            (0, 1),
            "a \"from\" past the end goes back to 0"
        );
        // Only "from" typed: "to" still follows the end as the run grows.
        let mut r = Recorder::new(Worker::Main);
        r.run_of(10);
        r.input(&RecordMsg::From("4".into()));
        r.run_of(40);
        assert_eq!((r.from, r.to), (4, 40));
    }

    fn gif_answer(job: u32, frames: u32) -> Response {
        let gif = vec![7; 30];
        Response::new(job, Answer::Cube(CubeAnswer::Animation { gif, frames }))
    }

    #[test]
    fn a_webm_is_filmed_by_the_page_once_the_worker_has_drawn_its_frames() {
        let mut r = Recorder::new(Worker::Helper(1));
        r.run_of(9);
        assert!(matches!(
            r.control(RecordMsg::Format(Format::Webm)),
            Control::Done(_)
        ));
        let plan = r.net_plan(Kind::Pocket, 3).unwrap();
        let webm = r.planned(plan).unwrap();
        assert_eq!((webm.frames, webm.seconds), (plan.frames, plan.seconds));
        let job = r
            .start(Ask::Ping, plan, "cube-steps-0-9-of-9".into())
            .send_to[0]
            .1
            .job;
        assert_eq!(r.name, "cube-steps-0-9-of-9.webm");
        r.answer(gif_answer(job, 10));
        assert!(
            r.filming() && r.take_file().is_none(),
            "filmed, not saved yet"
        );
        assert_eq!(r.progress, Some((0, 10)));
        let Some(FilmWork::Play {
            job: played,
            reel,
            gif: Some(gif),
        }) = r.take_film_work()
        else {
            panic!("the page plays the GIF");
        };
        assert_eq!((played, gif.len()), (job, 30));
        r.control(RecordMsg::Played { job, done: 4 });
        assert_eq!(r.progress, Some((4, 10)));
        let next = r.take_film_work();
        assert_eq!(
            next,
            Some(FilmWork::Play {
                job,
                reel,
                gif: None
            }),
            "the same film goes on"
        );
        r.control(RecordMsg::Played {
            job: job + 1,
            done: 9,
        });
        assert_eq!(r.progress, Some((4, 10)), "another job's news is not heard");
        let film = Ok(vec![0x1A, 0x45, 0xDF, 0xA3]);
        r.control(RecordMsg::Filmed { job, film });
        assert_eq!(
            r.take_file(),
            Some((r.name.clone(), vec![0x1A, 0x45, 0xDF, 0xA3]))
        );
        assert_eq!((r.filming(), r.progress), (false, None));
        assert!(matches!(
            r.outcome,
            Some(Outcome::Saved {
                frames: 10,
                bytes: 4,
                ..
            })
        ));
    }

    #[test]
    fn a_film_cancelled_is_stopped_and_a_too_long_one_is_refused_before_it_starts() {
        let mut r = Recorder::new(Worker::Helper(0));
        r.run_of(9);
        r.control(RecordMsg::Format(Format::Webm));
        let plan = r.net_plan(Kind::Pocket, 3).unwrap();
        let job = r.start(Ask::Ping, plan, "a".into()).send_to[0].1.job;
        r.answer(gif_answer(job, 10));
        let Some(FilmWork::Play { reel, .. }) = r.take_film_work() else {
            panic!("filming");
        };
        let out = r.cancel();
        assert!(out.send_to.is_empty(), "the worker's part was done");
        assert_eq!(r.take_film_work(), Some(FilmWork::Stop(reel)));
        assert_eq!(
            (r.outcome.clone(), r.progress),
            (Some(Outcome::Cancelled), None)
        );
        r.control(RecordMsg::Filmed {
            job,
            film: Ok(vec![1]),
        });
        assert_eq!(r.take_file(), None, "a late film is dropped");
        // 1000 frames at 3 a second: five and a half minutes to film.
        r.run_of(999);
        r.input(&RecordMsg::Budget("1000".into()));
        let plan = r.net_plan(Kind::Pocket, 33).unwrap();
        assert!(r.planned(plan).unwrap_err().contains("filmed as it plays"));
        assert!(r.start(Ask::Ping, plan, "b".into()).send_to.is_empty());
        r.control(RecordMsg::Format(Format::Gif));
        assert_eq!(r.planned(plan), Ok(plan), "a GIF of it is fine");
    }

    #[test]
    fn a_cancel_forgets_the_job_and_later_answers_of_it_change_nothing() {
        let mut r = Recorder::new(Worker::Helper(2));
        r.run_of(9);
        let plan = r.net_plan(Kind::Pocket, 3).unwrap();
        let out = r.start(Ask::Ping, plan, "a".into());
        assert_eq!(out.send_to[0].0, 2);
        let job = out.send_to[0].1.job;
        r.answer(progress(job, 4));
        assert_eq!(r.progress, Some((4, 10)));
        assert_eq!(r.name, "a.gif");
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
