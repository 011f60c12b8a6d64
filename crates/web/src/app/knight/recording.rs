//! The knight's player as an animation ("Save animation"): the tour's replay, or, while
//! the search is watched, the search itself (moves, backtracks, jumps) from a step to
//! another, at the player's speed, encoded on the page's helper worker [`RECORDER`] so
//! the page's own worker keeps the search's timeline. A search is run again there (the
//! same rules, so the same steps) rather than sent.

use crate::app::contract::Out;
use crate::app::knight::state::{drawn_as_squares, KnightState, Search};
use crate::app::widgets::recorder::{Control, RecordMsg};
use puzzlelab_pictures::animation::{delay_cs, knight_plan, search_plan, Plan};
use puzzlelab_pictures::search_film::Searched;
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
        let (budget, delay) = (self.recorder.budget, self.frame_delay());
        match self.searched() {
            Some(searched) => search_plan(&searched, steps, budget, delay),
            None => knight_plan(board, steps, budget, delay),
        }
    }

    /// The search to record while it is watched (else the tour's replay is recorded).
    fn searched(&self) -> Option<Searched> {
        self.config()
            .filter(|_| self.watching_search())
            .map(Searched::Knight)
    }

    /// The speed of the player shown (steps or moves a second).
    pub fn recording_speed(&self) -> u32 {
        match self.watching_search() {
            true => self.remote.speed(),
            false => self.tour.speed(),
        }
    }

    /// A frame's delay at the player's speed, in hundredths of a second.
    fn frame_delay(&self) -> u16 {
        delay_cs(self.recording_speed())
    }

    /// The run "Save animation" offers follows the player shown: the search's steps or
    /// the tour's moves (each run asked whole at first).
    pub fn follow_player(&mut self) {
        let last = match self.watching_search() {
            true => self.search_steps() as usize,
            false => self.moves(),
        };
        if self.recorder.progress.is_none() {
            self.recorder.run_of(last);
        }
    }

    /// A control of "Save animation".
    pub fn record(&mut self, msg: RecordMsg) -> Out {
        self.follow_player();
        match self.recorder.control(msg) {
            Control::Done(out) => out,
            Control::Start { dark } => match self.searched() {
                Some(searched) => self.start_search_recording(searched, dark),
                None => self.start_recording(dark),
            },
        }
    }

    /// The file's name without its extension: board, start, and what is recorded.
    fn file_name(&self, what: &str) -> String {
        let board = self.link.board;
        let start = self.link.start.map(|s| board.name(s).replace(',', "-"));
        let (from, to) = (self.recorder.from, self.recorder.to);
        format!(
            "knight-{}x{}-{}-{what}steps-{from}-{to}",
            board.width(),
            board.height(),
            start.unwrap_or_default()
        )
    }

    fn start_search_recording(&mut self, searched: Searched, dark: bool) -> Out {
        let (Searched::Knight(config), Ok(plan)) = (searched, self.animation_plan()) else {
            return Out::redraw(); // the panel says why
        };
        let animation = self.recorder.search_animation(self.frame_delay(), dark);
        let ask = KnightAsk::SearchAnimation { config, animation }.into();
        let name = self.file_name("search-");
        self.recorder.start(ask, plan, name)
    }

    fn start_recording(&mut self, dark: bool) -> Out {
        let (Search::Done { path, .. }, Ok(plan)) = (&self.search, self.animation_plan()) else {
            return Out::redraw(); // the panel says why
        };
        let board = self.link.board;
        let (from, to) = (self.recorder.from, self.recorder.to);
        let name = self.file_name("");
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
        self.recorder.start(ask, plan, name)
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

    #[test]
    fn the_search_watched_is_recorded_with_its_backtracks_as_the_player_shows_it() {
        use crate::app::page::Workbench;
        use puzzlelab_pictures::Theme;
        use puzzlelab_solver::watch::PlayerAction;
        let link = "#/knight?board=5x5&start=c1&heuristic=warnsdorff&tie=first&backtrack=1&forward-check=0&search=7";
        let (mut state, mut served) = opened_knight(link);
        assert!(state.watching_search());
        let steps = state.search_steps() as usize;
        assert_eq!(
            (state.recorder.from, state.recorder.to),
            (0, steps),
            "the whole search is offered"
        );
        state.update(Msg::Record(RecordMsg::To("500".into())));
        state.update(Msg::Record(RecordMsg::Budget("600".into())));
        let plan = state.animation_plan().unwrap();
        assert_eq!((plan.frames, plan.steps), (501, 501));
        served.update(&mut state, Msg::Record(RecordMsg::Start { dark: true }));
        let (name, gif) = state.recorder.take_file().expect("a file to save");
        assert_eq!(name, "knight-5x5-c1-search-steps-0-500.gif");
        let read = puzzlelab_checkers::gif::read(&gif).unwrap();
        assert_eq!(read.frames.len(), 501);
        assert!(read.delays_cs.iter().all(|&d| d == 3), "30 steps a second");
        assert_eq!(state.remote.step(), 7, "the player is where it was");
        // Each frame is what Save picture saves at that step of the player.
        for step in [0, 1, 37, 499, 500] {
            served.update(&mut state, Msg::Search(PlayerAction::Seek(step)));
            assert_eq!(state.frame.as_ref().map(|f| f.step), Some(step));
            let picture = state.scene().and_then(|s| s.raster(Theme::Dark)).unwrap();
            assert!(read.frames[step as usize] == picture.pixels, "step {step}");
        }
        // The backtracks are in it: some frames have fewer squares visited than the last.
        let backs = (1..=500)
            .filter(|&s| {
                served.update(&mut state, Msg::Search(PlayerAction::Seek(s)));
                state.frame.as_ref().unwrap().kind.as_str() == "backtrack"
            })
            .count();
        assert!(backs > 20, "{backs} backtracks recorded");
        // The tour's replay again: its moves are offered.
        state.update(Msg::Watch(crate::app::knight::Watch::Tour));
        Workbench::update(&mut state, Msg::Record(RecordMsg::Saved));
        assert_eq!((state.recorder.from, state.recorder.to), (0, 24));
    }
}
