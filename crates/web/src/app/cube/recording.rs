//! The solution's replay as an animation ("Save animation"): the nets from a step of the
//! solution to another, at the player's speed, encoded on the page's helper worker
//! [`RECORDER`] so the page's own worker keeps its tables.

use crate::app::contract::Out;
use crate::app::cube::state::CubeState;
use crate::app::widgets::recorder::{Control, RecordMsg};
use puzzlelab_pictures::animation::{delay_cs, Plan};
use puzzlelab_pictures::Kind;
use puzzlelab_worker::protocol::CubeAsk;

/// The page's helper worker that records.
pub const RECORDER: usize = 0;

impl CubeState {
    /// What recording the steps asked would make, or why it cannot be made.
    pub fn animation_plan(&self) -> Result<Plan, String> {
        self.recorder
            .net_plan(Kind::Pocket, delay_cs(self.play.speed()))
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
            (Kind::Pocket, "cube", solution.len()),
            delay,
            |k| cube.apply_all(&solution[..k]),
            |states, budget| {
                let delay_cs = delay;
                CubeAsk::Animation {
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
