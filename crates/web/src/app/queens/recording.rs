//! The backtracking player as an animation ("Save animation"): the search from a step to
//! another, placements and removals alike, at the player's speed, as the board shows it.
//! The page's own worker (the count runs on the others) runs the search again from N
//! and draws the steps asked; the player on the page is not touched.

use crate::app::contract::Out;
use crate::app::queens::state::QueensState;
use crate::app::widgets::recorder::{Control, RecordMsg};
use puzzlelab_links::QueensMode;
use puzzlelab_pictures::animation::{delay_cs, queens_plan, Plan};
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

    /// The run offered: the steps the player has reached (all of them once it has run to
    /// the end), asked whole at first.
    pub fn follow_player(&mut self) {
        let recording = &self.player.recording;
        let last = recording.total().unwrap_or(recording.furthest());
        if self.recorder.progress.is_none() {
            self.recorder.run_of(last as usize);
        }
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
    fn the_backtracking_is_recorded_on_the_pages_worker_as_the_board_shows_it() {
        let Route::Queens(link) = opened("#/queens?n=6&mode=search&step=40").0 else {
            panic!("a queens link");
        };
        let (mut state, out) = <QueensState as Workbench>::open(link, Vec::new());
        let mut served = Served::default();
        served.run(&mut state, out);
        let reached = state.player.recording.furthest() as usize;
        assert_eq!(state.recorder.to, reached, "the steps reached as it opens");
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
        assert_eq!((state.recorder.from, state.recorder.to), (0, total));
        served.update(&mut state, Msg::Record(RecordMsg::From("3".into())));
        served.update(&mut state, Msg::Record(RecordMsg::To("250".into())));
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
