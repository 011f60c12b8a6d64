//! Stepping the two-phase search's code view: which of the worker's recorded steps the
//! listing shows (`report.trace`), one step or one phase at a time, back and forth.

use puzzlelab_solver::rubik::code::PhaseStep;

use super::state::RubikState;
use crate::app::code::next_phase_step;

/// A control of the code view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CodeMsg {
    /// Show or hide the code view (in place of the net).
    Toggle,
    Back,
    Next,
    /// On to the next step that is not one more node (a hand-over, a skip, a solution…).
    NextPhase,
    Start,
    End,
}

impl RubikState {
    /// The steps the code view walks: the ended search's recorded ones.
    pub fn phase_trace(&self) -> &[PhaseStep] {
        self.report.as_ref().map_or(&[], |r| &r.trace)
    }

    /// The step the code view shows, if there is a trace.
    pub fn phase_step(&self) -> Option<&PhaseStep> {
        let trace = self.phase_trace();
        trace.get(self.code_step.min(trace.len().saturating_sub(1)))
    }

    pub fn code(&mut self, msg: CodeMsg) {
        let last = self.phase_trace().len().saturating_sub(1);
        self.code_step = match msg {
            CodeMsg::Toggle => {
                self.code_shown = !self.code_shown;
                self.code_step
            }
            CodeMsg::Back => self.code_step.saturating_sub(1),
            CodeMsg::Next => (self.code_step + 1).min(last),
            CodeMsg::NextPhase => next_phase_step(self.phase_trace(), self.code_step),
            CodeMsg::Start => 0,
            CodeMsg::End => last,
        };
    }
}
