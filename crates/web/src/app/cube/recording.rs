//! The solution's replay as an animation ("Save animation"): the nets from a step of the
//! solution to another, at the player's speed, encoded on the page's helper worker
//! [`RECORDER`] so the page's own worker keeps its tables.

use crate::app::contract::Out;
use crate::app::cube::state::CubeState;
use crate::app::widgets::recorder::RecordMsg;
use puzzlelab_pictures::animation::{delay_cs, net_plan, Plan};
use puzzlelab_pictures::Kind;
use puzzlelab_worker::protocol::CubeAsk;

/// The page's helper worker that records.
pub const RECORDER: usize = 0;

impl CubeState {
    /// What recording the steps asked would make, or why it cannot be made.
    pub fn animation_plan(&self) -> Result<Plan, String> {
        let (from, to) = self.recorder.steps_checked()?;
        net_plan(
            Kind::Pocket,
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
        let name = format!("cube-steps-{from}-{to}-of-{}.gif", self.solution.len());
        let ask = CubeAsk::Animation {
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
    use crate::app::cube::state::{CubeState, Msg};
    use crate::app::page::Workbench;
    use crate::app::page_tests::{opened, Served};
    use crate::app::widgets::recorder::RecordMsg;
    use puzzlelab_links::Route;
    use puzzlelab_pictures::{raster, Kind, Theme};

    #[test]
    fn a_solution_is_recorded_one_net_a_step_ending_where_it_ends() {
        let link = "#/cube?state=WWWWGGRRBBOOGGRRBBOOYYYY&solution=R%20U%20F'&step=2";
        let Route::Cube(link) = opened(link).0 else {
            panic!("a pocket cube link");
        };
        let (mut state, out) = <CubeState as Workbench>::open(link, Vec::new());
        let mut served = Served::default();
        served.run(&mut state, out);
        let plan = state.animation_plan().unwrap();
        assert_eq!(plan.frames, 4, "the start and after each of 3 moves");
        served.update(&mut state, Msg::Record(RecordMsg::From("1".into())));
        served.update(&mut state, Msg::Record(RecordMsg::Start { dark: true }));
        let (name, gif) = state.recorder.take_file().expect("a file");
        assert_eq!(name, "cube-steps-1-3-of-3.gif");
        let read = puzzlelab_checkers::gif::read(&gif).unwrap();
        assert_eq!(read.frames.len(), 3);
        let end = state.cube.apply_all(&state.solution);
        assert_eq!(
            read.frames[2],
            raster::net(Kind::Pocket, &end.0, Theme::Dark).pixels
        );
        assert_eq!(state.play.position(), 2, "the player is where it was");
    }
}
