//! The optimal solve's code view as the solution plays: after `k` turns the listing shows
//! the step of the walk that took the k-th turn (its line, `d` after it) and the table's
//! distances it read for the turns it compared there (the walk's own `TraceStep`s, sent
//! by the worker with the solution).

use puzzlelab_solver::cube::walk::{TraceEvent, TraceStep};

use super::CodeVar;

/// The line and variables after `k` turns of the walk's solution (turns past its end, the
/// cube held as the goal, show its last step); `None` without a walk.
pub fn cube_solve_at(walk: &[TraceStep], k: usize) -> Option<(u8, Vec<CodeVar>)> {
    let first = walk.first()?;
    let takes: Vec<usize> = (0..walk.len())
        .filter(|&i| walk[i].event == TraceEvent::Take)
        .collect();
    let var = |name, value| CodeVar { name, value };
    let k = k.min(takes.len());
    if k == 0 {
        // Before any turn: `d ← dist[here]` (the first step's d, plus one if it took a turn).
        let d = first.distance + u8::from(first.event == TraceEvent::Take);
        let line = if first.event == TraceEvent::Solved {
            first.line
        } else {
            1
        };
        return Some((
            line,
            vec![
                var("depth", "0".into()),
                var("d", d.to_string()),
                var("g", String::new()),
                var("neighbours", String::new()),
            ],
        ));
    }
    let at = takes[k - 1];
    let from = if k == 1 { 0 } else { takes[k - 2] + 1 };
    let step = &walk[at];
    let reads = walk[from..=at]
        .iter()
        .map(|s| {
            format!(
                "{} {}",
                s.turn.as_deref().unwrap_or("?"),
                s.read.unwrap_or(0)
            )
        })
        .collect::<Vec<_>>()
        .join(", ");
    Some((
        step.line,
        vec![
            var("depth", k.to_string()),
            var("d", step.distance.to_string()),
            var("g", step.turn.clone().unwrap_or_default()),
            var("neighbours", reads),
        ],
    ))
}
