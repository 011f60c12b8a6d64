//! The counting lab as the page hosts it: its settings (`state.rs`) and the counts they
//! run — the depth-first or the frontier count on a pool of the page's workers, and the
//! notebook's two counters on one worker each. The page owns every worker; the lab says
//! which of them each count's requests go to, and a change of settings restarts what
//! runs on them, as a new board would. Plain Rust, tested natively.

use crate::app::contract::Out;
use crate::app::count::depth_first_state::DepthFirstState;
use crate::app::count::frontier_state::{FrontierOut, FrontierState};
use crate::app::count::naive_runs::NaiveRuns;
use crate::app::count::race_state::{RaceMsg, RaceState, WatchLink};
use crate::app::count::saved_parts;
use crate::app::count::state::{CountState, Msg};
use crate::app::page::{Task, Worker};
use crate::app::shell::clock::now_ms;
use crate::app::widgets::pool_count::{counting, resolve, CountMsg, TaskCounting};
use puzzlelab_links::{CountLink, CountMethod, MAX_WATCH_SQUARES, MAX_WORKERS};
use puzzlelab_pictures::count_bars::CountBars;
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
    /// The notebook's counters watched on the board: their player and choices.
    Race(RaceMsg),
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
    /// The notebook's counters on the board, as the stage shows them while watched.
    pub race: RaceState,
    setup: Setup,
    tasks: Vec<Task<LabMsg>>,
}

impl CountLab {
    /// The lab a link opens, and what to do first (warm the count's workers, or read
    /// the frontier count's saved parts).
    pub fn open(link: CountLink, problems: Vec<String>) -> (Self, Out) {
        let settings = CountState::new(link, problems);
        let setup = setup(&settings);
        let race = RaceState::new(
            settings.link.board,
            setup.naive.start.unwrap_or(0),
            watch_link(&settings.link),
        );
        let mut lab = CountLab {
            race,
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
            LabMsg::Race(msg) => self.race_msg(msg),
        }
    }

    /// The race's control or tick: drawn, and its place written to the link once at rest.
    fn race_msg(&mut self, msg: RaceMsg) -> Out {
        let (redraw, report) = self.race.update(msg);
        let out = if redraw {
            Out::redraw()
        } else {
            Out::nothing()
        };
        match report {
            Some(w) => out.and(self.settings.update(Msg::Watch {
                watch: w.watch,
                level: w.level,
                speed: w.speed,
                step: w.step,
            })),
            None => out,
        }
    }

    /// The count's bars, by the method the page counts with.
    pub fn bars(&self) -> Option<CountBars> {
        match self.setup.method {
            CountMethod::DepthFirst => self.depth_first.bars(),
            CountMethod::Frontier => self.frontier.parts.as_ref().ok()?.bars(),
        }
    }

    /// Whether the race has the stage: watched, on a board small enough to watch.
    pub fn watching(&self) -> bool {
        self.settings.link.board.squares() <= MAX_WATCH_SQUARES && self.race.watching()
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
            let start = new.naive.start.unwrap_or(0);
            self.race.follow(self.settings.link.board, start);
        }
        // A board too big to watch turns watching off (the link's level 0).
        if self.settings.link.level != self.race.player.level() {
            self.race.player.set_level(self.settings.link.level);
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

/// Where the link says the race is watched.
fn watch_link(link: &CountLink) -> WatchLink {
    WatchLink {
        watch: link.watch,
        level: link.level,
        speed: link.speed,
        step: link.step,
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
    use puzzlelab_solver::watch::{Level, PlayerAction};

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

    /// The race seeks to the link's step a budget a tick, as the page's clock would.
    fn settled(link: &str) -> CountLab {
        let (mut lab, out) = open(link);
        Served::default().run(&mut lab, out);
        while lab.race.player.seeking().is_some() {
            lab.update(LabMsg::Race(RaceMsg::Player(PlayerAction::Tick)));
        }
        lab
    }

    /// Brute force's sequence walked again with the checkers' own jumps: the moves landing
    /// on each square (a move off the board is not made).
    fn replayed(width: i64, height: i64, digits: &str) -> Vec<Vec<u32>> {
        let jumps = puzzlelab_checkers::tour::clockwise_jumps();
        let mut visits = vec![Vec::new(); (width * height) as usize];
        let (mut x, mut y) = (0i64, 0i64);
        visits[0].push(0);
        for (i, d) in digits.bytes().enumerate() {
            let (dx, dy) = jumps[(d - b'0') as usize];
            if (0..width).contains(&(x + dx)) && (0..height).contains(&(y + dy)) {
                (x, y) = (x + dx, y + dy);
                visits[(y * width + x) as usize].push(i as u32 + 1);
            }
        }
        visits
    }

    #[test]
    fn save_picture_of_the_race_is_both_boards_at_the_step_shown() {
        use crate::app::page::Workbench;
        use puzzlelab_pictures::theme::{fixed, wash};
        use puzzlelab_pictures::{Scene, Theme};
        let lab = settled("#/count?board=3x4&start=a1&closed=0&watch=both&level=2&step=60");
        assert_eq!(lab.race.player.step(), 60);
        let Some(Scene::Race(race)) = lab.scene() else {
            panic!("the race has the stage")
        };
        assert_eq!(race.boards, lab.race.boards(), "the boards the page draws");
        assert_eq!(race.step, 60);
        let name = Scene::Race(race.clone()).file_name("svg");
        assert_eq!(name, "count-3x4-race-from-a1-step-60.svg");
        let figures = lab.figures();
        assert!(
            matches!(figures.first(), Some(Scene::Heatmap(_))),
            "the counting board beside"
        );
        let machine = lab.race.player.machine();
        let digits: String = machine
            .brute
            .as_ref()
            .unwrap()
            .checked()
            .iter()
            .map(|d| char::from(b'0' + d))
            .collect();
        let walked = replayed(3, 4, &digits);
        let path = machine.back.as_ref().unwrap().path().to_vec();
        let names: Vec<String> = path
            .iter()
            .map(|&s| format!("{},{}", s % 3, s / 3))
            .collect();
        for theme in [Theme::Light, Theme::Dark] {
            let c = theme.colours();
            let svg = Scene::Race(race.clone())
                .svg(theme, "#/count?board=3x4")
                .unwrap();
            let doc = puzzlelab_checkers::svg::read(&svg).unwrap();
            let squares = |key: &str| -> Vec<_> {
                doc.iter()
                    .filter(|e| e.attr("data-walk") == Some(key))
                    .collect()
            };
            let (brute, back) = (squares("brute"), squares("backtrack"));
            assert_eq!(
                (brute.len(), back.len()),
                (12, 12),
                "one square per square, each board"
            );
            for (rects, expected) in [
                (&brute, walked.clone()),
                (&back, {
                    let mut v = vec![Vec::new(); 12];
                    path.iter()
                        .enumerate()
                        .for_each(|(i, &s)| v[s as usize].push(i as u32));
                    v
                }),
            ] {
                for rect in rects.iter() {
                    let (x, y) =
                        puzzlelab_checkers::tour::square(rect.attr("data-square").unwrap())
                            .unwrap();
                    let here = &expected[(y * 3 + x) as usize];
                    let label = (!here.is_empty()).then(|| {
                        here.iter()
                            .map(u32::to_string)
                            .collect::<Vec<_>>()
                            .join(",")
                    });
                    assert_eq!(rect.attr("data-visit").map(str::to_string), label);
                    assert_eq!(rect.attr("data-twice").is_some(), here.len() > 1);
                    let base = if (x + y) % 2 == 0 { c.dark } else { c.light };
                    let fill = if here.is_empty() {
                        base.to_string()
                    } else {
                        wash(base, fixed::VISITED_WASH)
                    };
                    assert_eq!(rect.attr("fill"), Some(fill.as_str()), "{theme:?}");
                }
            }
            // Backtracking's path is a knight's walk on distinct squares, its end framed.
            let jumps_ok = names.windows(2).all(|w| {
                let (a, b) = (
                    puzzlelab_checkers::tour::square(&w[0]).unwrap(),
                    puzzlelab_checkers::tour::square(&w[1]).unwrap(),
                );
                (a.0 - b.0).abs() * (a.1 - b.1).abs() == 2
            });
            assert!(jumps_ok && path.len() > 1, "{names:?}");
            let current: Vec<_> = back
                .iter()
                .filter(|e| e.attr("data-current").is_some())
                .collect();
            assert_eq!(current.len(), 1);
            let end = *path.last().unwrap();
            assert_eq!(
                current[0].attr("data-square"),
                Some(format!("{}{}", char::from(b'a' + (end % 3) as u8), end / 3 + 1).as_str())
            );
            assert!(svg.contains(&format!("stroke=\"{}\"", c.accent)));
        }
    }

    #[test]
    fn a_race_step_writes_the_link_and_a_new_start_restarts_it() {
        let mut lab = settled("#/count?board=3x4&start=a1&closed=0&watch=brute&level=2");
        let out = lab.update(LabMsg::Race(RaceMsg::Player(PlayerAction::Step)));
        assert!(out.write_link && lab.settings.link.step == 1);
        let Some(puzzlelab_pictures::Scene::Race(race)) = crate::app::page::Workbench::scene(&lab)
        else {
            panic!("the race")
        };
        assert_eq!(race.boards.len(), 1, "brute force alone");
        lab.update(LabMsg::Settings(Msg::Square(4)));
        assert_eq!(lab.race.player.step(), 0, "from b2 it starts over");
        assert_eq!(lab.race.boards()[0].label(4).as_deref(), Some("0"));
        lab.update(LabMsg::Race(RaceMsg::Level(Level::Counters)));
        assert!(!lab.watching() && lab.settings.link.level == Level::Counters);
        assert!(matches!(
            crate::app::page::Workbench::scene(&lab),
            Some(puzzlelab_pictures::Scene::Heatmap(_))
        ));
    }

    #[test]
    fn the_depth_first_bars_are_the_tours_of_each_start_class() {
        use puzzlelab_pictures::{Scene, Theme};
        let (mut lab, out) = open("#/count?board=5x5&start=all&closed=0&workers=2");
        let mut served = Served::default();
        served.run(&mut lab, out);
        assert!(lab.bars().is_none(), "no bars before a count");
        served.update(&mut lab, LabMsg::DepthFirst(CountMsg::Start));
        let bars = lab.bars().expect("bars once counted");
        let figures = crate::app::page::Workbench::figures(&lab);
        assert_eq!(figures, vec![Scene::CountBars(bars.clone())]);
        assert_eq!(
            Scene::CountBars(bars.clone()).file_name("png"),
            "count-5x5-open-all-starts-depth-first.png"
        );
        let per_square = lab.settings.counts.clone();
        let svg = Scene::CountBars(bars.clone()).svg(Theme::Dark, "").unwrap();
        let doc = puzzlelab_checkers::svg::read(&svg).unwrap();
        let drawn: Vec<_> = doc
            .iter()
            .filter(|e| e.attrs.contains_key("data-bar"))
            .collect();
        assert_eq!(
            drawn.len(),
            6,
            "5x5 has six start classes under its symmetries"
        );
        let board = lab.settings.link.board;
        let mut total = 0;
        for rect in drawn {
            let label = rect.attr("data-label").unwrap();
            let count: u64 = rect.attr("data-count").unwrap().parse().unwrap();
            let (name, size) = label
                .split_once(" ×")
                .map_or((label, 1), |(n, k)| (n, k.parse().unwrap()));
            let sq = board.parse_square(name).unwrap();
            assert_eq!(
                per_square[sq as usize],
                Some(count),
                "{label}: the heatmap's figure"
            );
            assert_eq!(rect.attr("fill"), Some(Theme::Dark.colours().dark));
            total += count * size;
        }
        assert_eq!(total, knight_reference("5x5", None).0);
    }

    #[test]
    fn the_frontier_bars_are_what_each_part_counted() {
        use puzzlelab_pictures::{Scene, Theme};
        let (mut lab, out) = open("#/count?board=3x4&start=all&closed=0&method=frontier&workers=2");
        let mut served = Served::default();
        served.run(&mut lab, out);
        lab.take_tasks();
        let generation = lab.frontier.generation;
        served.update(
            &mut lab,
            LabMsg::Frontier(FrontierMsg::Loaded(generation, Ok(None))),
        );
        assert!(lab.bars().is_none(), "no bars before a part is done");
        served.update(&mut lab, LabMsg::Frontier(FrontierMsg::Start));
        let bars = lab.bars().expect("bars once counted");
        let parts = &lab.frontier.parts.as_ref().unwrap().parts;
        assert_eq!(bars.bars.len() as u32, parts.of);
        let svg = Scene::CountBars(bars.clone())
            .svg(Theme::Light, "")
            .unwrap();
        let doc = puzzlelab_checkers::svg::read(&svg).unwrap();
        let counts: Vec<u64> = doc
            .iter()
            .filter(|e| e.attrs.contains_key("data-bar"))
            .map(|e| e.attr("data-count").unwrap().parse().unwrap())
            .collect();
        let done: Vec<u64> = parts.done.values().map(|p| p.tours).collect();
        assert_eq!(counts, done, "each part's figure, in order");
        assert!(bars
            .caption()
            .contains(&counts.iter().sum::<u64>().to_string()));
    }
}
