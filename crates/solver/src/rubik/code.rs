//! The two-phase search's pseudocode at the level of its phases, as the search's own
//! events number it: each step reports the one line it ran (the page's listing
//! `app/code/listings/rubik-phases.txt`, `rubik solve --trace`, the JS API). The line is
//! read from the step's `SearchEvent` and where the search stands after it
//! ([`super::Search::phases`]), so the search itself pays nothing for it.

use serde::{Deserialize, Serialize};

use super::search::{SearchEvent, TwoPhaseSearch};
use crate::{Status, StepMachine};

/// One line of the phases' listing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PhaseLine {
    /// `best ← limit + 1; d1 ← the fewest phase-1 turns` (before any step).
    Start,
    /// Phase 1 entered a node: one more turn on a sequence shorter than `d1`.
    Extend1,
    /// A sequence of `d1` turns reached the subgroup, but phase 2 cannot beat the best.
    Skip,
    /// A sequence of `d1` turns handed to phase 2 with its bound.
    Hand,
    /// Phase 2 entered a node inside the subgroup.
    Extend2,
    /// Phase 2 found no completion within its bound: back to phase 1.
    NoCompletion,
    /// A solution shorter than the best.
    Improved,
    /// The view tried every sequence of `d1` turns: the next view, or `d1 + 1`.
    ViewDone,
    /// The search ended (optimal, the target reached, none that short, or stopped).
    Stop,
}

impl PhaseLine {
    /// Every line, in listing order.
    pub const ALL: [PhaseLine; 9] = [
        PhaseLine::Start,
        PhaseLine::Extend1,
        PhaseLine::Skip,
        PhaseLine::Hand,
        PhaseLine::Extend2,
        PhaseLine::NoCompletion,
        PhaseLine::Improved,
        PhaseLine::ViewDone,
        PhaseLine::Stop,
    ];

    /// The line's number in the listing, from 1.
    pub fn number(self) -> u8 {
        PhaseLine::ALL
            .iter()
            .position(|&l| l == self)
            .map_or(0, |i| i as u8 + 1)
    }

    /// The line a step ran, from its event and where the search stands after it.
    pub fn of(event: &SearchEvent, search: &TwoPhaseSearch) -> PhaseLine {
        let at = search.search().phases();
        match *event {
            SearchEvent::Node { phase: 1, depth } if depth == at.d1 => {
                if at.in_phase2 {
                    PhaseLine::Hand
                } else {
                    PhaseLine::Skip
                }
            }
            SearchEvent::Node { phase: 1, .. } => PhaseLine::Extend1,
            SearchEvent::Node { .. } => PhaseLine::Extend2,
            SearchEvent::Deepened { phase: 1, .. } => PhaseLine::ViewDone,
            SearchEvent::Deepened { .. } => PhaseLine::NoCompletion,
            SearchEvent::Improved(_) => PhaseLine::Improved,
        }
    }
}

/// Why the search stopped, as the trace's last step says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PhaseStop {
    /// The best is proven optimal.
    Optimal,
    /// A solution as short as the target was found.
    Target,
    /// No solution within the length limit.
    None,
    Stopped,
}

/// One step of the search at the level of its phases: the line it ran and the listing's
/// variables after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PhaseStep {
    pub step: u64,
    /// The listing's line (1-based).
    pub line: u8,
    /// The view of the cube searching (0: the cube as it is).
    pub view: u8,
    /// The phase-1 length searched this round.
    pub d1: u8,
    /// Phase-1 turns on the sequence.
    pub depth1: u8,
    /// Phase-2 turns on the completion.
    pub depth2: u8,
    /// Phase 2's bound while it searches.
    pub bound: Option<u8>,
    /// The best solution's length so far.
    pub best: Option<u8>,
    /// No solution is shorter than this.
    pub proven: u8,
    pub nodes: u64,
    /// On the last step: why the search ended.
    pub stop: Option<PhaseStop>,
}

/// The step as the trace records it: `event` the step's (`None` with the start or the
/// stop).
fn phase_step(search: &TwoPhaseSearch, line: PhaseLine, event: Option<&SearchEvent>) -> PhaseStep {
    let at = search.search().phases();
    let (depth1, depth2) = match event {
        Some(SearchEvent::Node { phase: 1, depth }) => (*depth, 0),
        Some(SearchEvent::Node { depth, .. }) => (at.d1, *depth),
        Some(SearchEvent::Improved(s)) => {
            (s.phase1_length, s.length - s.phase1_length.min(s.length))
        }
        _ if at.in_phase2 => (at.d1, at.depth2),
        _ => (at.depth1, 0),
    };
    let bound = (at.in_phase2 || line == PhaseLine::NoCompletion).then_some(at.bound2);
    PhaseStep {
        step: search.stats().steps,
        line: line.number(),
        view: at.view,
        d1: at.d1,
        depth1,
        depth2,
        bound,
        best: search.best().map(|b| b.length),
        proven: search.lower_bound(),
        nodes: search.stats().nodes,
        stop: (line == PhaseLine::Stop).then(|| stop_of(search)),
    }
}

fn stop_of(search: &TwoPhaseSearch) -> PhaseStop {
    match search.status() {
        Status::Solved if search.is_optimal() => PhaseStop::Optimal,
        Status::Solved => PhaseStop::Target,
        Status::Cancelled => PhaseStop::Stopped,
        _ => PhaseStop::None,
    }
}

/// Steps the search one step at a time, at most `max_steps` steps, recording each: the
/// start first (when nothing has run yet) and, if it ends within them, the stop last.
/// The search goes on from where the trace ends (`run` for the rest).
pub fn phase_trace(search: &mut TwoPhaseSearch, max_steps: u64) -> Vec<PhaseStep> {
    let mut steps = Vec::new();
    if search.stats().steps == 0 {
        steps.push(phase_step(search, PhaseLine::Start, None));
    }
    for _ in 0..max_steps {
        if search.status().is_finished() {
            break;
        }
        let Some(event) = search.step() else {
            break;
        };
        let line = PhaseLine::of(&event, search);
        steps.push(phase_step(search, line, Some(&event)));
    }
    if search.status().is_finished() {
        steps.push(phase_step(search, PhaseLine::Stop, None));
    }
    steps
}
