//! The Rubik's two-phase search's code view: the steps of the search the worker recorded
//! (`PhaseStep`s, its first steps, sent with the report that ends it) stepped one at a
//! time or a phase at a time, the line each ran lit and its variables beside it.

use puzzlelab_solver::rubik::code::{PhaseLine, PhaseStep};

use super::CodeVar;
use crate::app::widgets::numbers::group;

/// The phases' listing, numbered as `PhaseLine::number`.
pub const RUBIK_PHASES: &str = include_str!("listings/rubik-phases.txt");

/// The listing's variables after a step: the view searching, phase 1's length and
/// depth, phase 2's depth and bound, the best length, the proven bound, the nodes.
pub fn rubik_phase_vars(step: &PhaseStep) -> Vec<CodeVar> {
    let var = |name, value| CodeVar { name, value };
    let opt = |v: Option<u8>| v.map(|v| v.to_string()).unwrap_or_default();
    vec![
        var("view", step.view.to_string()),
        var("d1", step.d1.to_string()),
        var("depth1", step.depth1.to_string()),
        var("depth2", step.depth2.to_string()),
        var("bound", opt(step.bound)),
        var("best", opt(step.best)),
        var("proven", step.proven.to_string()),
        var("nodes", group(step.nodes)),
    ]
}

/// What the stepper says of step `k`: `step 17 of 240` when the trace holds the whole
/// search, `step 1,017 of the first 2,000 of 1,234,567 steps` when the worker recorded only
/// the first steps of a search that went on (`steps`, the search's own count).
pub fn phase_steps_text(trace: &[PhaseStep], k: usize, steps: u64) -> String {
    let recorded = trace.last().map_or(0, |s| s.step);
    let cut = trace.last().is_some_and(|s| s.stop.is_none()) && steps > recorded;
    if cut {
        format!(
            "step {} of the first {} of {} steps",
            group(k as u64),
            group(recorded),
            group(steps)
        )
    } else {
        format!(
            "step {} of {}",
            group(k as u64),
            group(trace.len().saturating_sub(1) as u64)
        )
    }
}

/// The first step after `k` that is not one more node of either phase (lines 2 and 5):
/// the next hand-over, skip, solution, round or stop; the last step if none.
pub fn next_phase_step(trace: &[PhaseStep], k: usize) -> usize {
    let node = |s: &PhaseStep| {
        s.line == PhaseLine::Extend1.number() || s.line == PhaseLine::Extend2.number()
    };
    (k + 1..trace.len())
        .find(|&i| !node(&trace[i]))
        .unwrap_or(trace.len().saturating_sub(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(line: u8) -> PhaseStep {
        PhaseStep {
            step: line.into(),
            line,
            view: 0,
            d1: 2,
            depth1: 1,
            depth2: 0,
            bound: None,
            best: None,
            proven: 2,
            nodes: 12_345,
            stop: None,
        }
    }

    #[test]
    fn a_phase_at_a_time_passes_the_nodes() {
        let trace: Vec<PhaseStep> = [1, 2, 2, 4, 5, 5, 7, 9].map(step).into();
        assert_eq!(next_phase_step(&trace, 0), 3);
        assert_eq!(next_phase_step(&trace, 3), 6);
        assert_eq!(next_phase_step(&trace, 6), 7);
        assert_eq!(next_phase_step(&trace, 7), 7);
        let vars = rubik_phase_vars(&trace[0]);
        let get = |n| vars.iter().find(|v| v.name == n).unwrap().value.clone();
        assert_eq!(
            (get("d1"), get("bound"), get("nodes")),
            ("2".into(), String::new(), "12,345".into())
        );
    }

    #[test]
    fn a_cut_trace_says_how_much_of_the_search_it_holds() {
        let mut trace: Vec<PhaseStep> = [1, 2, 2, 4, 5, 5, 7, 9].map(step).into();
        for (i, s) in trace.iter_mut().enumerate() {
            s.step = i as u64;
        }
        // Ended within the trace (its last step the stop): every step is there.
        trace.last_mut().unwrap().stop = Some(puzzlelab_solver::rubik::code::PhaseStop::Optimal);
        assert_eq!(phase_steps_text(&trace, 3, 7), "step 3 of 7");
        // Cut: the search went on past the recorded steps.
        trace.pop();
        assert_eq!(
            phase_steps_text(&trace, 3, 1_234_567),
            "step 3 of the first 6 of 1,234,567 steps"
        );
        // A search stopped right at the trace's end is not cut.
        assert_eq!(phase_steps_text(&trace, 3, 6), "step 3 of 6");
    }
}
