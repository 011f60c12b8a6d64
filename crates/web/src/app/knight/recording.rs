//! The tour's replay as an animation ("Save animation"): the run of the tour found from a
//! step to another, at the replay's speed, encoded on the page's helper worker
//! [`RECORDER`] so the page's own worker keeps the search's timeline.

use crate::app::contract::Out;
use crate::app::knight::state::{drawn_as_squares, KnightState, Search};
use crate::app::widgets::recorder::{Control, RecordMsg};
use puzzlelab_pictures::animation::{delay_cs, knight_plan, Plan};
use puzzlelab_worker::protocol::{KnightAsk, TourAnimation};

/// The page's helper worker that records.
pub const RECORDER: usize = 0;

impl KnightState {
    /// What recording the steps asked would make, or why it cannot be made.
    pub fn animation_plan(&self) -> Result<Plan, String> {
        let board = self.link.board;
        if !drawn_as_squares(board) {
            return Err("a board this big is not drawn square by square".into());
        }
        let steps = self.recorder.steps_checked()?;
        knight_plan(board, steps, self.recorder.budget, self.frame_delay())
    }

    /// A frame's delay at the replay's speed, in hundredths of a second.
    fn frame_delay(&self) -> u16 {
        delay_cs(self.tour.speed())
    }

    /// A control of "Save animation".
    pub fn record(&mut self, msg: RecordMsg) -> Out {
        match self.recorder.control(msg) {
            Control::Done(out) => out,
            Control::Start { dark } => self.start_recording(dark),
        }
    }

    fn start_recording(&mut self, dark: bool) -> Out {
        let (Search::Done { path, .. }, Ok(plan)) = (&self.search, self.animation_plan()) else {
            return Out::redraw(); // the panel says why
        };
        let board = self.link.board;
        let (from, to) = (self.recorder.from, self.recorder.to);
        let start = path.first().map(|&s| board.name(s).replace(',', "-"));
        let name = format!(
            "knight-{}x{}-{}-steps-{from}-{to}.gif",
            board.width(),
            board.height(),
            start.unwrap_or_default()
        );
        let animation = TourAnimation {
            width: board.width(),
            height: board.height(),
            path: path.to_vec(),
            from: from as u32,
            to: to as u32,
            budget: self.recorder.budget as u32,
            delay_cs: self.frame_delay(),
            dark,
        };
        let ask = KnightAsk::Animation { animation }.into();
        self.recorder.start(ask, plan.frames as u32, name)
    }
}

#[cfg(test)]
mod tests {
    use crate::app::knight::state::KnightState;
    use crate::app::knight::update::Msg;
    use crate::app::page::Workbench;
    use crate::app::page_tests::{opened, Served};
    use crate::app::widgets::recorder::{Outcome, RecordMsg};
    use puzzlelab_links::Route;

    fn opened_knight(link: &str) -> (KnightState, Served) {
        let Route::Knight(link) = opened(link).0 else {
            panic!("a knight link");
        };
        let (mut state, out) = <KnightState as Workbench>::open(link, Vec::new());
        let mut served = Served::default();
        served.run(&mut state, out);
        (state, served)
    }

    #[test]
    fn the_tour_is_recorded_on_the_helper_and_saved_with_its_frames() {
        let (mut state, mut served) = opened_knight("#/knight?board=8x8&start=a1&step=5");
        let plan = state.animation_plan().unwrap();
        assert_eq!(
            (plan.frames, plan.steps),
            (64, 64),
            "the whole tour by default"
        );
        let out = served.update(&mut state, Msg::Record(RecordMsg::Start { dark: true }));
        assert_eq!(out.send_to.len(), 1, "asked of the helper");
        assert!(
            out.send.is_empty(),
            "the page's own worker keeps its timeline"
        );
        let (name, gif) = state.recorder.take_file().expect("a file to save");
        assert_eq!(name, "knight-8x8-a1-steps-0-63.gif");
        let read = puzzlelab_checkers::gif::read(&gif).unwrap();
        assert_eq!(read.frames.len(), 64);
        assert!(read.delays_cs.iter().all(|&d| d == 3), "30 steps a second");
        assert!(matches!(
            state.recorder.outcome,
            Some(Outcome::Saved { frames: 64, .. })
        ));
        assert_eq!(state.tour.position(), 5, "the replay is where it was");
    }

    #[test]
    fn a_budget_samples_the_run_and_too_many_frames_are_refused_before_starting() {
        let (mut state, mut served) = opened_knight("#/knight?board=8x8&start=a1");
        state.update(Msg::Record(RecordMsg::From("10".into())));
        state.update(Msg::Record(RecordMsg::Budget("12".into())));
        let plan = state.animation_plan().unwrap();
        assert_eq!((plan.frames, plan.steps, plan.sampled()), (12, 54, true));
        served.update(&mut state, Msg::Record(RecordMsg::Start { dark: false }));
        let (_, gif) = state.recorder.take_file().unwrap();
        assert_eq!(
            puzzlelab_checkers::gif::read(&gif).unwrap().frames.len(),
            12
        );
        state.update(Msg::Record(RecordMsg::Budget("5000".into())));
        assert!(state.animation_plan().unwrap_err().contains("at most 2000"));
        let out = served.update(&mut state, Msg::Record(RecordMsg::Start { dark: false }));
        assert!(out.send_to.is_empty(), "nothing is asked");
    }
}
