//! The solution's replay as an animation ("Save animation"): the nets from a step of the
//! solution to another, at the player's speed, encoded on the page's helper worker
//! [`RECORDER`] (after the proof's shares, so a proof and a recording run side by side).

use crate::app::contract::Out;
use crate::app::rubik::prove::MAX_PROOF_WORKERS;
use crate::app::rubik::state::RubikState;
use crate::app::widgets::recorder::RecordMsg;
use puzzlelab_pictures::animation::{delay_cs, net_plan, Plan};
use puzzlelab_pictures::Kind;
use puzzlelab_worker::protocol::RubikAsk;

/// The page's helper worker that records.
pub const RECORDER: usize = MAX_PROOF_WORKERS;

impl RubikState {
    /// What recording the steps asked would make, or why it cannot be made.
    pub fn animation_plan(&self) -> Result<Plan, String> {
        let (from, to) = self.recorder.steps_checked()?;
        net_plan(
            Kind::Rubik,
            to - from + 1,
            self.recorder.budget,
            self.frame_delay(),
        )
    }

    fn frame_delay(&self) -> u16 {
        delay_cs(self.play.speed())
    }

    /// A control of "Save animation".
    pub fn record(&mut self, msg: RecordMsg) -> Out {
        match msg {
            RecordMsg::Start { dark } => self.start_recording(dark),
            RecordMsg::Cancel => self.recorder.cancel(),
            RecordMsg::Saved => Out::nothing(),
            input => self.recorder.input(&input),
        }
    }

    fn start_recording(&mut self, dark: bool) -> Out {
        let Ok(plan) = self.animation_plan() else {
            return Out::redraw(); // the panel says why
        };
        let (from, to) = (self.recorder.from, self.recorder.to);
        let states = (from..=to)
            .map(|k| self.cube.apply_all(&self.solution[..k]))
            .collect();
        let name = format!("rubik-steps-{from}-{to}-of-{}.gif", self.solution.len());
        let ask = RubikAsk::Animation {
            states,
            budget: self.recorder.budget as u32,
            delay_cs: self.frame_delay(),
            dark,
        };
        self.recorder.start(ask.into(), plan.frames as u32, name)
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
