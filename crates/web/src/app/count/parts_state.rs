//! A path-structure count in parts, as plain Rust: the split (`share::count_parts`, the
//! command line's `--part I/K` parts), which parts are done (saved in the browser, read
//! back when the page opens), which the workers hold and how far they are, and the total
//! once the last part is in. Messages go in; what the page must do comes out
//! ([`Effects`]: hand parts to the workers, save the parts, end the workers), carried
//! out by `frontier_state.rs` and `lab.rs`; `frontier.rs` only draws this state.

use puzzlelab_links::count_parts::{CountParts, PartDone};
use puzzlelab_pictures::count_bars::CountBars;
use puzzlelab_solver::knight::count::{CountResult, CountSpec};
use puzzlelab_solver::knight::frontier::parts::{overall, work_of};
use puzzlelab_solver::knight::frontier::{FrontierProgress, FrontierResult};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Reading the saved parts.
    Loading,
    Idle,
    Running,
    Done,
    Cancelled,
    Failed,
}

impl Phase {
    /// The panel's `data-state`.
    pub fn as_str(self) -> &'static str {
        match self {
            Phase::Loading => "loading",
            Phase::Idle => "idle",
            Phase::Running => "running",
            Phase::Done => "done",
            Phase::Cancelled => "cancelled",
            Phase::Failed => "error",
        }
    }
}

pub enum Msg {
    /// The saved parts of this count (their export text), none, or why they could not be
    /// read.
    Loaded(Result<Option<String>, String>),
    /// Count the parts not yet done on `workers` workers.
    Start {
        now_ms: f64,
        workers: usize,
    },
    Progress {
        worker: usize,
        progress: FrontierProgress,
    },
    /// A worker finished parts (index from 1, result), in `seconds` for the lot.
    Finished {
        worker: usize,
        results: Vec<(u32, FrontierResult)>,
        seconds: f64,
        now_ms: f64,
    },
    Failed(String),
    Cancel {
        now_ms: f64,
    },
    /// A file of parts to add (its name, its text).
    Import {
        name: String,
        text: String,
    },
    Dismiss,
}

/// What the page does after a message.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Effects {
    /// Hand these parts (from 1) to the workers, as a new job.
    pub run: Option<Vec<u32>>,
    /// Write the done parts to the browser's storage.
    pub save: bool,
    /// End the workers (the count is over, cancelled or failed).
    pub stop: bool,
}

/// The answer, once every part is in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Total {
    pub directed: u128,
    pub undirected: Option<u128>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct PartsState {
    pub parts: CountParts,
    pub phase: Phase,
    /// Each worker's part in hand and where it stands.
    pub in_hand: Vec<Option<FrontierProgress>>,
    /// Work of the parts finished in this run (for the estimate).
    pub finished_work: Vec<u64>,
    /// Parts of this run not yet finished.
    pub left: usize,
    pub started_ms: f64,
    pub elapsed_ms: f64,
    /// Parts read from the browser when the page opened.
    pub resumed: usize,
    /// The most path structures one layer held in this run's parts.
    pub peak: u64,
    pub total: Option<Total>,
    /// A line of news (role="status").
    pub notice: Option<String>,
    /// What went wrong (role="alert"): a refused import, a failed part.
    pub alert: Option<String>,
}

impl PartsState {
    pub fn new(spec: CountSpec, of: u32) -> Result<PartsState, String> {
        Ok(PartsState {
            parts: CountParts::new(spec, of)?,
            phase: Phase::Loading,
            in_hand: Vec::new(),
            finished_work: Vec::new(),
            left: 0,
            started_ms: 0.0,
            elapsed_ms: 0.0,
            resumed: 0,
            peak: 0,
            total: None,
            notice: None,
            alert: None,
        })
    }

    /// `(work done, estimated total work)` of this run, and the estimated seconds left
    /// (`None` until a part is done).
    ///
    /// The time left is counted in parts, not in states: the parts of one count take
    /// about as long as each other (8x8 closed in 32: 448 M and 505 M states for two of
    /// them), while a running part's own guess of its work is poor until it is past the
    /// cut (8x8 in 64: 1 to 9 billion states before it, where the part does some 0.3).
    /// So the time left is the parts still to do at the mean time of the finished ones
    /// (of this run, or saved with their times), less what the running parts have done,
    /// shared among the workers.
    pub fn estimate(&self, _now_ms: f64) -> (u64, u64, Option<f64>) {
        let running: Vec<FrontierProgress> = self.in_hand.iter().flatten().copied().collect();
        let queued = self.left.saturating_sub(running.len());
        let (done, total) = overall(&self.finished_work, &running, queued);
        let times: Vec<f64> = (self.parts.done.values().map(|p| p.seconds))
            .filter(|&t| t > 0.0)
            .collect();
        let eta = (!times.is_empty()).then(|| {
            let per_part = times.iter().sum::<f64>() / times.len() as f64;
            let running_left: f64 = running
                .iter()
                .map(|p| {
                    let f = if p.preparing { 0.0 } else { p.fraction() };
                    per_part * (1.0 - f.clamp(0.0, 1.0))
                })
                .sum();
            let workers = self.in_hand.len().max(1) as f64;
            (per_part * queued as f64 + running_left) / workers
        });
        (done, total, eta)
    }

    /// The parts as bars: what each finished part counted (the figures the parts add up
    /// to), none yet for the others; no bars before a part is done or past
    /// [`MAX_BARS`](puzzlelab_pictures::count_bars::MAX_BARS)
    /// parts.
    pub fn bars(&self) -> Option<CountBars> {
        let spec = self.parts.spec;
        CountBars::parts(
            spec.board().ok()?,
            spec.start,
            spec.closed,
            self.parts.of,
            |i| self.parts.done.get(&i).map(|p| p.tours),
        )
    }

    /// The answer as the heatmap takes it (every square's tours where they are known: a
    /// closed count has as many from every square).
    pub fn count_result(&self) -> Option<CountResult> {
        let total = self.total.as_ref()?;
        let spec = self.parts.spec;
        let squares = (spec.width * spec.height) as usize;
        let directed = u64::try_from(total.directed).ok()?;
        let undirected = total.undirected.map(u64::try_from).transpose().ok()?;
        let per_start = match (spec.closed, spec.start, undirected) {
            (true, _, Some(cycles)) => vec![cycles.checked_mul(2)?; squares],
            (false, Some(s), _) => (0..squares)
                .map(|i| if i == s as usize { directed } else { 0 })
                .collect(),
            _ => Vec::new(),
        };
        Some(CountResult {
            directed,
            undirected,
            per_start,
        })
    }

    fn finish_if_complete(&mut self, fx: &mut Effects) {
        match self.parts.total() {
            None => {}
            Some(Ok((directed, undirected))) => {
                self.total = Some(Total {
                    directed,
                    undirected,
                });
                self.phase = Phase::Done;
                self.in_hand.clear();
                fx.stop = true;
            }
            Some(Err(why)) => {
                self.alert = Some(why);
                self.phase = Phase::Failed;
                fx.stop = true;
            }
        }
    }

    pub fn update(&mut self, msg: Msg) -> Effects {
        let mut fx = Effects::default();
        match msg {
            Msg::Loaded(Ok(Some(text))) => self.loaded(&text, &mut fx),
            Msg::Loaded(Ok(None)) => self.phase = Phase::Idle,
            Msg::Loaded(Err(why)) => {
                self.phase = Phase::Idle;
                self.notice = Some(format!(
                    "This browser does not keep parts ({why}): the count runs, but a closed tab starts again."
                ));
            }
            Msg::Start { now_ms, workers } => self.start(now_ms, workers, &mut fx),
            Msg::Progress { worker, progress } => {
                if self.phase == Phase::Running {
                    if let Some(slot) = self.in_hand.get_mut(worker) {
                        *slot = Some(progress);
                    }
                }
            }
            Msg::Finished {
                worker,
                results,
                seconds,
                now_ms,
            } => self.finished(worker, &results, seconds, now_ms, &mut fx),
            Msg::Failed(why) => {
                if self.phase == Phase::Running {
                    self.phase = Phase::Failed;
                    self.alert = Some(why);
                    self.in_hand.clear();
                    fx.stop = true;
                }
            }
            Msg::Cancel { now_ms } => self.cancel(now_ms, &mut fx),
            Msg::Import { name, text } => self.import(&name, &text, &mut fx),
            Msg::Dismiss => {
                self.alert = None;
                self.notice = None;
            }
        }
        fx
    }

    /// The parts saved in this browser, read at load. What is saved was written by this
    /// page; a count split another way (another `parts=`) is resumed in that split.
    fn loaded(&mut self, text: &str, fx: &mut Effects) {
        match self.parts.read(text) {
            Ok((of, read)) => {
                if of != self.parts.of {
                    if let Ok(parts) = self.parts.resplit(of) {
                        self.parts = parts;
                    }
                }
                if let Ok(added) = self.parts.add(&read) {
                    self.resumed = added;
                    let of = self.parts.of;
                    self.notice = match added {
                        0 => None,
                        n if n as u32 == of => Some(format!(
                            "All {of} parts were saved in this browser: the total is theirs."
                        )),
                        n => Some(format!(
                            "{n} of {of} parts were saved in this browser: counting goes on from there."
                        )),
                    };
                }
            }
            Err(why) => {
                self.alert = Some(format!("The parts saved in this browser could not be read ({why}); they are kept, and the count starts afresh."));
            }
        }
        self.phase = Phase::Idle;
        self.finish_if_complete(fx);
        fx.stop = false;
    }

    /// Count: hand the missing parts to `workers` workers (unless already counting).
    fn start(&mut self, now_ms: f64, workers: usize, fx: &mut Effects) {
        if self.phase == Phase::Running || self.phase == Phase::Loading {
            return;
        }
        self.alert = None;
        self.notice = None;
        self.finished_work.clear();
        self.peak = 0;
        self.started_ms = now_ms;
        self.elapsed_ms = 0.0;
        let missing = self.parts.missing();
        self.left = missing.len();
        if missing.is_empty() {
            self.finish_if_complete(fx);
            return;
        }
        self.in_hand = vec![None; workers.max(1)];
        self.phase = Phase::Running;
        fx.run = Some(missing);
    }

    /// A worker's parts are counted: add and save them, then finish if none is missing.
    fn finished(
        &mut self,
        worker: usize,
        results: &[(u32, FrontierResult)],
        seconds: f64,
        now_ms: f64,
        fx: &mut Effects,
    ) {
        if self.phase != Phase::Running {
            return;
        }
        let each = seconds / results.len().max(1) as f64;
        let mut done = Vec::new();
        for (index, r) in results {
            let Ok(tours) = u64::try_from(puzzlelab_solver::knight::frontier::tours_of(
                self.parts.spec,
                r,
            )) else {
                self.alert = Some(format!("part {index}'s count passes 64 bits"));
                self.phase = Phase::Failed;
                fx.stop = true;
                return;
            };
            self.finished_work.push(work_of(r));
            self.peak = self.peak.max(r.peak_states);
            done.push((
                *index,
                PartDone {
                    tours,
                    nodes: work_of(r),
                    seconds: each,
                },
            ));
        }
        if let Err(why) = self.parts.add(&done) {
            self.alert = Some(why);
        }
        self.left = self.left.saturating_sub(results.len());
        if let Some(slot) = self.in_hand.get_mut(worker) {
            *slot = None;
        }
        self.elapsed_ms = now_ms - self.started_ms;
        fx.save = true;
        self.finish_if_complete(fx);
    }

    /// Stop counting: what is done stays saved.
    fn cancel(&mut self, now_ms: f64, fx: &mut Effects) {
        if self.phase == Phase::Running {
            self.phase = Phase::Cancelled;
            self.in_hand.clear();
            self.notice = Some(format!(
                "Cancelled after {:.1} s: {} of {} parts are done and saved; Count goes on from there.",
                (now_ms - self.started_ms) / 1000.0,
                self.parts.done.len(),
                self.parts.of
            ));
            fx.stop = true;
        }
    }

    fn import(&mut self, name: &str, text: &str, fx: &mut Effects) {
        let refused =
            |why: String| format!("{name} was not imported: {why}. Nothing saved was changed.");
        let (of, read) = match self.parts.read(text) {
            Ok(read) => read,
            Err(why) => {
                self.alert = Some(refused(why));
                return;
            }
        };
        let mut parts = self.parts.clone();
        if of != parts.of {
            if !parts.done.is_empty() || self.phase == Phase::Running {
                self.alert = Some(refused(format!(
                    "its parts split the count into {of}, and this count is split into {} with {} done (open the link with parts={of} to count in that split)",
                    parts.of,
                    parts.done.len()
                )));
                return;
            }
            match parts.resplit(of) {
                Ok(p) => parts = p,
                Err(why) => {
                    self.alert = Some(refused(why));
                    return;
                }
            }
        }
        match parts.add(&read) {
            Ok(added) => {
                self.parts = parts;
                self.alert = None;
                self.notice = Some(format!(
                    "{name}: {added} new part{} of {} imported ({} of {} done).",
                    if added == 1 { "" } else { "s" },
                    self.parts.of,
                    self.parts.done.len(),
                    self.parts.of
                ));
                fx.save = added > 0;
                if self.phase != Phase::Running {
                    self.finish_if_complete(fx);
                    fx.stop = false;
                } else {
                    // The workers may be on parts now done; they finish them again and
                    // the first answer stays.
                    self.finish_if_complete(fx);
                }
            }
            Err(why) => self.alert = Some(refused(why)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzlelab_solver::knight::frontier::{self, PartOf};

    fn six_closed() -> CountSpec {
        CountSpec {
            width: 6,
            height: 6,
            start: None,
            closed: true,
        }
    }

    /// Part `index` (from 1) of `of`, counted by the solver as the worker counts it.
    fn part(spec: CountSpec, index: u32, of: u32) -> (u32, FrontierResult) {
        let sweep = frontier::Sweep::part(
            spec,
            PartOf {
                index: index - 1,
                of,
            },
        )
        .unwrap();
        (
            index,
            frontier::run_watched(sweep, 1, &mut |_| true).unwrap(),
        )
    }

    fn started(of: u32) -> PartsState {
        let mut s = PartsState::new(six_closed(), of).unwrap();
        s.update(Msg::Loaded(Ok(None)));
        let fx = s.update(Msg::Start {
            now_ms: 0.0,
            workers: 2,
        });
        assert_eq!(fx.run, Some((1..=of).collect()));
        s
    }

    #[test]
    fn parts_finish_into_the_whole_count_and_are_saved_as_they_come() {
        let mut s = started(3);
        let whole = frontier::count(six_closed(), 1).unwrap();
        let fx = s.update(Msg::Finished {
            worker: 0,
            results: vec![part(six_closed(), 2, 3)],
            seconds: 1.0,
            now_ms: 1000.0,
        });
        assert!(fx.save && !fx.stop);
        assert_eq!(s.parts.missing(), vec![1, 3]);
        let (done, total, eta) = s.estimate(1000.0);
        assert!(done > 0 && total >= done);
        // One part took a second; two are left for two workers, about a second more.
        assert_eq!(eta, Some(1.0));
        s.update(Msg::Finished {
            worker: 1,
            results: vec![part(six_closed(), 1, 3), part(six_closed(), 3, 3)],
            seconds: 1.0,
            now_ms: 2000.0,
        });
        assert_eq!(s.phase, Phase::Done);
        let total = s.total.clone().unwrap();
        assert_eq!(total.directed, whole.directed);
        assert_eq!(total.undirected, whole.undirected);
        let r = s.count_result().unwrap();
        assert_eq!(r.per_start.len(), 36);
    }

    #[test]
    fn a_reopened_page_resumes_from_what_was_saved() {
        let mut s = started(4);
        s.update(Msg::Finished {
            worker: 0,
            results: vec![part(six_closed(), 1, 4), part(six_closed(), 4, 4)],
            seconds: 1.0,
            now_ms: 10.0,
        });
        let saved = s.parts.export();
        // The tab closes; a new page with the default split opens the same count.
        let mut again = PartsState::new(six_closed(), 8).unwrap();
        again.update(Msg::Loaded(Ok(Some(saved))));
        assert_eq!(again.parts.of, 4, "the saved split is kept");
        assert_eq!(again.resumed, 2);
        let fx = again.update(Msg::Start {
            now_ms: 0.0,
            workers: 1,
        });
        assert_eq!(fx.run, Some(vec![2, 3]));
        // The saved parts' times (half a second each) give the time left at once: two
        // parts for one worker.
        assert_eq!(again.estimate(0.0).2, Some(1.0));
        again.update(Msg::Finished {
            worker: 0,
            results: vec![part(six_closed(), 2, 4), part(six_closed(), 3, 4)],
            seconds: 1.0,
            now_ms: 10.0,
        });
        let whole = frontier::count(six_closed(), 1).unwrap();
        assert_eq!(again.total.unwrap().directed, whole.directed);
    }

    #[test]
    fn imports_add_parts_or_are_refused_without_losing_any() {
        let mut s = started(2);
        s.update(Msg::Cancel { now_ms: 5.0 });
        assert_eq!(s.phase, Phase::Cancelled);
        let mut other = PartsState::new(
            CountSpec {
                width: 5,
                ..six_closed()
            },
            2,
        )
        .unwrap();
        other
            .parts
            .add(&[(
                1,
                PartDone {
                    tours: 1,
                    nodes: 1,
                    seconds: 0.0,
                },
            )])
            .unwrap();
        let fx = s.update(Msg::Import {
            name: "parts.jsonl".into(),
            text: other.parts.export(),
        });
        assert!(!fx.save);
        let alert = s.alert.clone().unwrap();
        assert!(
            alert.contains("parts.jsonl") && alert.contains("part 1 of 2"),
            "{alert}"
        );
        assert!(s.parts.done.is_empty());
        // Parts of the same count in another split, with nothing done here: adopted.
        let mut four = PartsState::new(six_closed(), 4).unwrap();
        let (i, r) = part(six_closed(), 3, 4);
        let tours = frontier::tours_of(six_closed(), &r) as u64;
        four.parts
            .add(&[(
                i,
                PartDone {
                    tours,
                    nodes: 1,
                    seconds: 0.0,
                },
            )])
            .unwrap();
        let fx = s.update(Msg::Import {
            name: "cli.json".into(),
            text: four.parts.export(),
        });
        assert!(fx.save, "{:?}", s.alert);
        assert_eq!(s.parts.of, 4);
        assert_eq!(s.parts.missing(), vec![1, 2, 4]);
        // Now a third split is refused: parts are done in this one.
        let fx = s.update(Msg::Import {
            name: "other.json".into(),
            text: other.parts.export().replace("5x6", "6x6"),
        });
        assert!(!fx.save);
        assert!(s.alert.is_some());
        assert_eq!(s.parts.done.len(), 1);
    }
}
