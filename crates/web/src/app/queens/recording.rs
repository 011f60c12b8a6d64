//! The backtracking player as an animation ("Save animation"): the search from a step to
//! another, placements and removals alike, at the player's speed, as the board shows it.
//! The run offered is the whole search, its length from the solver's machine run to its
//! end (or to [`RUN_CAP`] steps, which the menu then says), not only the steps the player
//! has reached. The page's own worker (the count runs on the others) runs the search
//! again from N and draws the steps asked; the player on the page is not touched.

use crate::app::contract::Out;
use crate::app::queens::state::QueensState;
use crate::app::widgets::recorder::{Control, RecordMsg};
use puzzlelab_links::QueensMode;
use puzzlelab_pictures::animation::{delay_cs, queens_plan, Plan};
use puzzlelab_solver::queens::{run_length, RUN_CAP};
use puzzlelab_worker::protocol::QueensAsk;

impl QueensState {
    /// What recording the steps asked would make, or why it cannot be made.
    pub fn animation_plan(&self) -> Result<Plan, String> {
        let steps = self.recorder.steps_checked()?;
        queens_plan(self.n, steps, self.recorder.budget, self.frame_delay())
    }

    fn frame_delay(&self) -> u16 {
        delay_cs(self.player.speed())
    }

    /// The run offered: the whole search for N (its first [`RUN_CAP`] steps where it is
    /// longer), asked whole at first. Learnt once for each N.
    pub fn follow_player(&mut self) {
        if self.recorder.progress.is_some() {
            return;
        }
        let n = self.player.machine().n();
        if self.search_run.0 != n {
            let run = run_length(n, RUN_CAP);
            self.search_run = (n, run.unwrap_or((0, true)));
        }
        let (steps, ended) = self.search_run.1;
        self.recorder.run_note = (!ended).then(|| {
            format!("The search runs past {RUN_CAP} steps: its first {RUN_CAP} are offered.")
        });
        self.recorder.run_of(steps as usize);
    }

    /// A control of "Save animation".
    pub fn record(&mut self, msg: RecordMsg) -> Out {
        self.follow_player();
        match self.recorder.control(msg) {
            Control::Done(out) => out,
            Control::Start { dark } => self.start_recording(dark),
        }
    }

    fn start_recording(&mut self, dark: bool) -> Out {
        let plan = self.animation_plan().ok();
        let Some(plan) = plan.filter(|_| self.mode == QueensMode::Search) else {
            return Out::redraw(); // the panel says why
        };
        let (n, from, to) = (self.n, self.recorder.from, self.recorder.to);
        let animation = self.recorder.search_animation(self.frame_delay(), dark);
        let ask = QueensAsk::Animation { n, animation }.into();
        let name = format!("queens-{n}-search-steps-{from}-{to}");
        self.recorder.start(ask, plan, name)
    }
}

#[cfg(test)]
mod tests {
    use crate::app::page::Workbench;
    use crate::app::page_tests::{opened, Served};
    use crate::app::queens::state::{Msg, QueensState};
    use crate::app::widgets::recorder::RecordMsg;
    use puzzlelab_links::Route;
    use puzzlelab_pictures::Theme;
    use puzzlelab_solver::watch::PlayerAction;

    #[test]
    fn the_whole_search_is_offered_before_it_is_played_and_recorded_to_its_end() {
        let Route::Queens(link) = opened("#/queens?n=6&mode=search").0 else {
            panic!("a queens link");
        };
        let (mut state, out) = <QueensState as Workbench>::open(link, Vec::new());
        let mut served = Served::default();
        served.run(&mut state, out);
        let (steps, ended) = puzzlelab_solver::queens::run_length(6, 100_000).unwrap();
        assert!(
            ended && state.player.recording.total().is_none(),
            "not played yet"
        );
        assert_eq!(
            (state.recorder.from, state.recorder.to),
            (0, steps as usize)
        );
        assert_eq!(
            state.recorder.run_note, None,
            "N = 6 ends well within the cap"
        );
        let plan = state.animation_plan().unwrap();
        assert_eq!(plan.frames, 200, "sampled to the default budget");
        assert_eq!(plan.steps, steps as usize + 1);
        served.update(&mut state, Msg::Record(RecordMsg::Start { dark: false }));
        let outcome = format!("{:?}", state.recorder.outcome);
        let (name, gif) = state.recorder.take_file().expect(&outcome);
        assert_eq!(name, format!("queens-6-search-steps-0-{steps}.gif"));
        let read = puzzlelab_checkers::gif::read(&gif).unwrap();
        assert_eq!(read.frames.len(), 200);
        assert_eq!(state.player.step(), 0, "the player is where it was");
        // The last frame is the board at the search's end, as the player shows it there.
        served.update(&mut state, Msg::Player(PlayerAction::End));
        for _ in 0..1000 {
            if state.player.recording.total().is_some() {
                break;
            }
            served.update(&mut state, Msg::Player(PlayerAction::Tick));
        }
        assert_eq!(state.player.recording.total(), Some(steps), "the same run");
        while state.player.step() != steps {
            served.update(&mut state, Msg::Player(PlayerAction::Tick));
        }
        let picture = state.scene().and_then(|s| s.raster(Theme::Light)).unwrap();
        assert!(read.frames[199] == picture.pixels, "the last frame");
    }

    #[test]
    fn a_big_n_offers_the_first_steps_and_says_so() {
        let Route::Queens(link) = opened("#/queens?n=12&mode=search").0 else {
            panic!("a queens link");
        };
        let (state, _) = <QueensState as Workbench>::open(link, Vec::new());
        assert_eq!(state.recorder.to, 100_000);
        let note = state.recorder.run_note.as_deref().unwrap();
        assert!(note.contains("first 100000"), "{note}");
    }

    #[test]
    fn the_backtracking_is_recorded_on_the_pages_worker_as_the_board_shows_it() {
        let Route::Queens(link) = opened("#/queens?n=6&mode=search&step=40").0 else {
            panic!("a queens link");
        };
        let (mut state, out) = <QueensState as Workbench>::open(link, Vec::new());
        let mut served = Served::default();
        served.run(&mut state, out);
        // Fields typed while the player plays are kept as it goes on.
        served.update(&mut state, Msg::Record(RecordMsg::From("3".into())));
        served.update(&mut state, Msg::Record(RecordMsg::To("250".into())));
        while state.player.step() < 40 {
            served.update(&mut state, Msg::Player(PlayerAction::Tick));
        }
        served.update(&mut state, Msg::Player(PlayerAction::End));
        for _ in 0..1000 {
            if state.player.recording.total().is_some() {
                break;
            }
            served.update(&mut state, Msg::Player(PlayerAction::Tick));
        }
        let total = state.player.recording.total().expect("run to its end") as usize;
        assert_eq!((state.recorder.from, state.recorder.to), (3, 250));
        served.update(&mut state, Msg::Record(RecordMsg::Budget("300".into())));
        let plan = state.animation_plan().unwrap();
        assert_eq!((plan.frames, plan.steps), (248, 248));
        let out = served.update(&mut state, Msg::Record(RecordMsg::Start { dark: false }));
        assert!(out.send_to.is_empty(), "the count's workers are not used");
        let (name, gif) = state.recorder.take_file().expect("a file to save");
        assert_eq!(name, "queens-6-search-steps-3-250.gif");
        let read = puzzlelab_checkers::gif::read(&gif).unwrap();
        assert_eq!(read.frames.len(), 248);
        assert!(read.delays_cs.iter().all(|&d| d == 5), "20 steps a second");
        assert_eq!(
            state.player.step() as usize,
            total,
            "the player is where it was"
        );
        for step in [3u64, 4, 100, 250] {
            served.update(&mut state, Msg::Player(PlayerAction::Seek(step)));
            while state.player.step() != step {
                served.update(&mut state, Msg::Player(PlayerAction::Tick));
            }
            let picture = state.scene().and_then(|s| s.raster(Theme::Light)).unwrap();
            assert!(
                read.frames[step as usize - 3] == picture.pixels,
                "step {step}"
            );
        }
        state.update(Msg::Record(RecordMsg::To(format!("{}", total + 1))));
        assert!(state.animation_plan().unwrap_err().contains("0 to"));
    }
}
