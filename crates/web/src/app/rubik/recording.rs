//! The solution's replay as an animation ("Save animation"): the nets from a step of the
//! solution to another, at the player's speed, encoded on the page's helper worker
//! [`RECORDER`] (after the proof's shares, so a proof and a recording run side by side).

use crate::app::contract::Out;
use crate::app::rubik::prove::MAX_PROOF_WORKERS;
use crate::app::rubik::state::RubikState;
use crate::app::widgets::recorder::{Control, RecordMsg};
use puzzlelab_pictures::animation::{delay_cs, Plan};
use puzzlelab_pictures::Kind;
use puzzlelab_worker::protocol::RubikAsk;

/// The page's helper worker that records.
pub const RECORDER: usize = MAX_PROOF_WORKERS;

impl RubikState {
    /// What recording the steps asked would make, or why it cannot be made.
    pub fn animation_plan(&self) -> Result<Plan, String> {
        self.recorder
            .net_plan(Kind::Rubik, delay_cs(self.play.speed()))
    }

    /// A control of "Save animation".
    pub fn record(&mut self, msg: RecordMsg) -> Out {
        match self.recorder.control(msg) {
            Control::Done(out) => out,
            Control::Start { dark } => self.start_recording(dark),
        }
    }

    fn start_recording(&mut self, dark: bool) -> Out {
        let delay = delay_cs(self.play.speed());
        let (cube, solution) = (&self.cube, &self.solution);
        self.recorder.start_nets(
            (Kind::Rubik, "rubik", solution.len()),
            delay,
            |k| cube.apply_all(&solution[..k]),
            |states, budget| {
                let delay_cs = delay;
                RubikAsk::Animation {
                    states,
                    budget,
                    delay_cs,
                    dark,
                }
                .into()
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use crate::app::page::Workbench;
    use crate::app::page_tests::{opened, Served};
    use crate::app::rubik::state::RubikState;
    use crate::app::rubik::Msg;
    use crate::app::widgets::recorder::RecordMsg;
    use puzzlelab_links::Route;
    use puzzlelab_pictures::{raster, Kind, Theme};

    #[test]
    fn a_solution_is_recorded_one_net_a_step_ending_solved() {
        let link = "#/rubik?state=UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB&solution=R%20U%20F'%20L2&step=1";
        let Route::Rubik(link) = opened(link).0 else {
            panic!("a Rubik's link");
        };
        let (mut state, out) = <RubikState as Workbench>::open(link, Vec::new());
        let mut served = Served::default();
        served.run(&mut state, out);
        let plan = state.animation_plan().unwrap();
        assert_eq!(plan.frames, 5, "the start and after each of 4 moves");
        served.update(&mut state, Msg::Record(RecordMsg::Start { dark: false }));
        let (name, gif) = state.recorder.take_file().expect("a file");
        assert_eq!(name, "rubik-steps-0-4-of-4.gif");
        let read = puzzlelab_checkers::gif::read(&gif).unwrap();
        assert_eq!(read.frames.len(), 5);
        assert_eq!(read.delays_cs[0], 33, "3 moves a second");
        let end = state.cube.apply_all(&state.solution);
        assert_eq!(
            read.frames[4],
            raster::net(Kind::Rubik, &end.0, Theme::Light).pixels
        );
        assert_eq!(state.play.position(), 1, "the player is where it was");
    }
}
