//! The counting lab as the page hosts it: its settings (`state.rs`) and the counts they
//! run — the depth-first or the frontier count on a pool of the page's workers, and the
//! notebook's two counters on one worker each. The page owns every worker; the lab says
//! which of them each count's requests go to, and a change of settings restarts what
//! runs on them, as a new board would. Plain Rust, tested natively.

use crate::app::contract::Out;
use crate::app::count::depth_first_state::DepthFirstState;
use crate::app::count::frontier_state::{FrontierOut, FrontierState};
use crate::app::count::naive_runs::NaiveRuns;
use crate::app::count::saved_parts;
use crate::app::count::state::{CountState, Msg};
use crate::app::page::{Task, Worker};
use crate::app::shell::clock::now_ms;
use crate::app::widgets::pool_count::{counting, resolve, CountMsg, TaskCounting};
use puzzlelab_links::{CountLink, CountMethod, MAX_WORKERS};
use puzzlelab_solver::knight::count::CountSpec;
use puzzlelab_worker::Response;

/// The page's workers, by count: each count's worker 0 is the page's `*_FROM`.
const DEPTH_FIRST_FROM: usize = 0;
const FRONTIER_FROM: usize = MAX_WORKERS as usize;
/// The notebook's counters' (brute force's, then backtracking's).
const NAIVE_FROM: usize = 2 * MAX_WORKERS as usize;

/// The frontier count's own messages (its buttons, and what the browser kept).
pub enum FrontierMsg {
    Start,
    Cancel,
    /// The saved parts read for the state of generation `.0`.
    Loaded(u32, Result<Option<String>, String>),
    /// The parts saved (how many), or why not.
    Saved(u32, Result<usize, String>),
    Export,
    /// A file chosen to import (its name and text), or why it could not be read.
    Import(Result<(String, String), String>),
    Dismiss,
}

pub enum LabMsg {
    Settings(Msg),
    /// The depth-first count's buttons.
    DepthFirst(CountMsg),
    Frontier(FrontierMsg),
    /// The notebook counter `naive_runs::NAIVE[.0]`'s buttons.
    Naive(usize, CountMsg),
}

/// What the counts were last set up for: a change restarts the ones it touches.
#[derive(Clone, Copy, PartialEq)]
struct Setup {
    method: CountMethod,
    spec: CountSpec,
    parts: u32,
    naive: CountSpec,
}

pub struct CountLab {
    pub settings: CountState,
    pub depth_first: DepthFirstState,
    pub frontier: FrontierState,
    pub naive: NaiveRuns,
    setup: Setup,
    tasks: Vec<Task<LabMsg>>,
}

impl CountLab {
    /// The lab a link opens, and what to do first (warm the count's workers, or read
    /// the frontier count's saved parts).
    pub fn open(link: CountLink, problems: Vec<String>) -> (Self, Out) {
        let settings = CountState::new(link, problems);
        let setup = setup(&settings);
        let mut lab = CountLab {
            depth_first: DepthFirstState::new(setup.spec, settings.link.run.autostart),
            frontier: FrontierState::new(settings.link.run.autostart),
            naive: NaiveRuns::default(),
            settings,
            setup,
            tasks: Vec::new(),
        };
        let out = lab.begin(setup.method);
        (lab, out)
    }

    pub fn update(&mut self, msg: LabMsg) -> Out {
        let now = now_ms();
        match msg {
            LabMsg::Settings(msg) => {
                let out = self.settings.update(msg);
                out.and(self.follow_settings())
            }
            LabMsg::DepthFirst(msg) => {
                let warm = self.warm_depth_first();
                let out = warm.and(counting(&mut self.depth_first, msg, now));
                self.depth_first_out(out)
            }
            LabMsg::Frontier(msg) => self.frontier_msg(msg, now),
            LabMsg::Naive(i, msg) => {
                let out = self.naive.update(i, msg, self.setup.naive, now);
                out.workers_from(NAIVE_FROM)
            }
        }
    }

    /// Worker `from` of the page answered: the count it belongs to hears it.
    pub fn answer(&mut self, from: Worker, response: Response) -> Out {
        let Worker::Helper(i) = from else {
            return Out::nothing();
        };
        let now = now_ms();
        match i {
            _ if i >= NAIVE_FROM => self.naive.answer(i - NAIVE_FROM, response, now),
            _ if i >= FRONTIER_FROM => {
                let fx = self.frontier.answer(i - FRONTIER_FROM, response, now);
                self.frontier_out(fx)
            }
            _ => {
                let out = self.depth_first.answer(i - DEPTH_FIRST_FROM, response, now);
                self.depth_first_out(out)
            }
        }
    }

    /// Whether a count runs whose progress the page draws on a clock.
    pub fn counting(&self) -> bool {
        self.depth_first.running() || self.frontier.running_on().is_some()
    }

    /// The work the page is to run for the lab (reading and writing saved parts).
    pub fn take_tasks(&mut self) -> Vec<Task<LabMsg>> {
        std::mem::take(&mut self.tasks)
    }

    /// The settings changed: the counts they touch start over, as on a new board.
    fn follow_settings(&mut self) -> Out {
        let (old, new) = (self.setup, setup(&self.settings));
        self.setup = new;
        let autostart = self.settings.link.run.autostart;
        let mut out = Out::nothing();
        if new.naive != old.naive {
            out = out.and(self.naive.settings().workers_from(NAIVE_FROM));
        }
        if new.method != old.method {
            // The old count's workers end with it, as when its panel went away.
            let first = match old.method {
                CountMethod::DepthFirst => DEPTH_FIRST_FROM,
                CountMethod::Frontier => FRONTIER_FROM,
            };
            out = out.and(
                Out::nothing()
                    .end(0..MAX_WORKERS as usize)
                    .workers_from(first),
            );
            self.depth_first = DepthFirstState::new(new.spec, autostart);
            self.frontier = FrontierState::new(autostart);
            return out.and(self.begin(new.method));
        }
        match new.method {
            CountMethod::DepthFirst if new.spec != old.spec => self.depth_first.settings(new.spec),
            CountMethod::Frontier if (new.spec, new.parts) != (old.spec, old.parts) => {
                let fx = self.frontier.open(new.spec, new.parts);
                out = out.and(self.frontier_out(fx));
            }
            _ => {}
        }
        out
    }

    /// What the count for `method` does first.
    fn begin(&mut self, method: CountMethod) -> Out {
        match method {
            // Workers start loading with the page, so a count does not wait for them.
            CountMethod::DepthFirst => {
                let warm = self.warm_depth_first();
                self.depth_first_out(warm)
            }
            CountMethod::Frontier => {
                let fx = self.frontier.open(self.setup.spec, self.setup.parts);
                self.frontier_out(fx)
            }
        }
    }

    fn warm_depth_first(&mut self) -> Out {
        let workers = resolve(self.settings.link.run.workers);
        self.depth_first.tasks.warm(workers)
    }

    /// The depth-first count's outcome among the page's workers; its news for the
    /// heatmap.
    fn depth_first_out(&mut self, out: Out) -> Out {
        let out = out.workers_from(DEPTH_FIRST_FROM);
        match self.depth_first.news.take() {
            Some(news) => out.and(self.settings.update(Msg::Result(news))),
            None => out,
        }
    }

    fn frontier_msg(&mut self, msg: FrontierMsg, now: f64) -> Out {
        let workers = resolve(self.settings.link.run.workers);
        let fx = match msg {
            FrontierMsg::Start => self.frontier.start(now, workers),
            FrontierMsg::Cancel => self.frontier.cancel(now),
            FrontierMsg::Loaded(generation, found) => {
                self.frontier.loaded(generation, found, now, workers)
            }
            FrontierMsg::Saved(generation, saved) => {
                return match self.frontier.saved(generation, saved) {
                    true => Out::redraw(),
                    false => Out::nothing(),
                };
            }
            FrontierMsg::Export => {
                self.export();
                return Out::nothing();
            }
            FrontierMsg::Import(file) => self.frontier.import(file, now),
            FrontierMsg::Dismiss => self.frontier.dismiss(now),
        };
        self.frontier_out(fx)
    }

    /// The frontier count's outcome: its workers among the page's, the saved parts to
    /// read or write as tasks, its news for the heatmap.
    fn frontier_out(&mut self, fx: FrontierOut) -> Out {
        let mut out = fx.out;
        if fx.stop {
            out = out.end(0..MAX_WORKERS as usize);
        }
        if let Some(fingerprint) = fx.load {
            let generation = self.frontier.generation;
            self.tasks.push(Box::pin(async move {
                let found = saved_parts::load(&fingerprint).await;
                LabMsg::Frontier(FrontierMsg::Loaded(generation, found))
            }));
        }
        if let Some(saving) = fx.save {
            self.tasks.push(Box::pin(async move {
                let saved = saved_parts::save(&saving.fingerprint, &saving.text).await;
                let saved = saved.map(|()| saving.count);
                LabMsg::Frontier(FrontierMsg::Saved(saving.generation, saved))
            }));
        }
        let out = out.workers_from(FRONTIER_FROM);
        match fx.news {
            Some(news) => out.and(self.settings.update(Msg::Result(news))),
            None => out,
        }
    }

    /// Downloads the finished parts as `puzzlelab merge` reads them.
    fn export(&self) {
        let Ok(state) = &self.frontier.parts else {
            return;
        };
        let spec = state.parts.spec;
        let name = format!(
            "knight-count-{}x{}{}-parts-of-{}.jsonl",
            spec.width,
            spec.height,
            if spec.closed { "-closed" } else { "" },
            state.parts.of
        );
        crate::app::shell::download::download(&name, "application/json", &state.parts.export());
    }
}

fn setup(settings: &CountState) -> Setup {
    Setup {
        method: settings.method().0,
        spec: settings.spec(),
        parts: settings.link.parts_or_default(),
        naive: settings.naive_spec(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::page_tests::{opened, Served};
    use crate::app::widgets::pool_served::knight_reference;

    fn open(link: &str) -> (CountLab, Out) {
        let (route, problems) = opened(link);
        let puzzlelab_links::Route::Count(link) = route else {
            panic!("a count link")
        };
        CountLab::open(link, problems)
    }

    fn helpers(out: &Out) -> Vec<usize> {
        out.send_to.iter().map(|(i, _)| *i).collect()
    }

    #[test]
    fn a_depth_first_count_runs_on_the_pages_workers_and_fills_the_heatmap() {
        let (mut lab, out) = open("#/count?board=5x5&start=all&closed=0&workers=2");
        assert_eq!(
            helpers(&out),
            [0, 1],
            "both workers pinged as the page opens"
        );
        let mut served = Served::default();
        served.run(&mut lab, out);
        assert!(lab.depth_first.tasks.pool.is_ready());
        served.update(&mut lab, LabMsg::DepthFirst(CountMsg::Start));
        assert!(!lab.counting(), "finished");
        let outcome = lab.depth_first.outcome.as_ref().expect("a count");
        assert_eq!(
            outcome.result.directed,
            knight_reference("5x5", None).0,
            "the published 5x5 count"
        );
        let counts = &lab.settings.counts;
        assert_eq!(counts.len(), 25, "the heatmap has every square");
        assert_eq!(
            counts.iter().flatten().sum::<u64>(),
            outcome.result.directed
        );
        assert!(
            served.outs.iter().all(|o| o.send.is_empty()),
            "the page's own worker unused"
        );
    }

    #[test]
    fn save_picture_draws_the_counting_board_with_the_counts_the_page_shows() {
        use crate::app::page::Workbench;
        use puzzlelab_pictures::{Scene, Theme};
        let (mut lab, out) = open("#/count?board=5x5&start=all&closed=0&workers=2");
        let mut served = Served::default();
        served.run(&mut lab, out);
        served.update(&mut lab, LabMsg::DepthFirst(CountMsg::Start));
        let Some(Scene::Heatmap(heat)) = lab.scene() else {
            panic!("the counting board")
        };
        assert_eq!(
            heat.counts, lab.settings.counts,
            "the numbers the page shows"
        );
        let svg = Scene::Heatmap(heat.clone()).svg(Theme::Light, "").unwrap();
        let doc = puzzlelab_checkers::svg::read(&svg).unwrap();
        let counted: Vec<u64> = doc
            .iter()
            .filter_map(|e| e.attr("data-count"))
            .map(|n| n.parse().unwrap())
            .collect();
        assert_eq!(counted.len(), 25);
        assert_eq!(counted.iter().sum::<u64>(), knight_reference("5x5", None).0);
    }

    #[test]
    fn a_new_method_ends_the_old_counts_workers_and_starts_the_new_one() {
        let (mut lab, out) = open("#/count?board=5x5&start=all&closed=0&workers=2");
        let mut served = Served::default();
        served.run(&mut lab, out);
        let out = lab.update(LabMsg::Settings(Msg::Method("frontier".into())));
        assert!(
            (0..MAX_WORKERS as usize).all(|i| out.end.contains(&i)),
            "depth-first's workers end"
        );
        assert_eq!(
            lab.take_tasks().len(),
            1,
            "the frontier count's saved parts are read"
        );
        let back = lab.update(LabMsg::Settings(Msg::Method("depth-first".into())));
        let frontier: Vec<usize> = (FRONTIER_FROM..FRONTIER_FROM + MAX_WORKERS as usize).collect();
        assert_eq!(back.end, frontier, "and the frontier's end in turn");
        assert_eq!(helpers(&back), [0, 1], "depth-first's workers warmed again");
    }

    #[test]
    fn the_frontier_counts_on_its_own_workers_and_ends_them_after() {
        let (mut lab, out) = open("#/count?board=3x4&start=all&closed=0&method=frontier&workers=2");
        let mut served = Served::default();
        served.run(&mut lab, out);
        assert_eq!(lab.take_tasks().len(), 1, "the saved parts are read first");
        let generation = lab.frontier.generation;
        served.update(
            &mut lab,
            LabMsg::Frontier(FrontierMsg::Loaded(generation, Ok(None))),
        );
        let out = served.update(&mut lab, LabMsg::Frontier(FrontierMsg::Start));
        assert!(helpers(&out).iter().all(|&i| i >= FRONTIER_FROM));
        let total = lab
            .frontier
            .parts
            .as_ref()
            .ok()
            .and_then(|p| p.total.clone());
        assert_eq!(
            total.map(|t| t.directed),
            Some(u128::from(knight_reference("3x4", None).0))
        );
        assert!(
            served.outs.iter().any(|o| o.end.contains(&FRONTIER_FROM)),
            "the workers end with the count"
        );
        let saves = lab.take_tasks();
        assert!(!saves.is_empty(), "finished parts are saved");
    }

    #[test]
    fn the_notebooks_counters_run_on_the_last_two_workers() {
        let (mut lab, out) = open("#/count?board=5x5&start=a1&closed=0&workers=1");
        let mut served = Served::default();
        served.run(&mut lab, out);
        let out = served.update(&mut lab, LabMsg::Naive(1, CountMsg::Start));
        assert_eq!(helpers(&out), [NAIVE_FROM + 1]);
        assert!(lab.naive.runs[1].finished, "backtracking finished");
        let tours = lab.naive.runs[1].found.tours;
        assert_eq!(tours, knight_reference("5x5", Some("a1")).0);
        let resized = lab.update(LabMsg::Settings(Msg::Width("4".into())));
        assert_eq!(
            helpers(&resized),
            [NAIVE_FROM + 1],
            "only the started one hears the stop"
        );
        assert_eq!(
            lab.naive.runs[1].found.tours, 0,
            "what it found no longer applies"
        );
    }
}
