//! The optimal solve's code view: the walk's own steps (`TraceStep`s, sent by the worker
//! with the solution) shown one at a time. A cursor counts the steps done (0: none); the
//! solution player moves a turn at a time and the cursor lands on the step that took it,
//! while the listing's own stepper also stops on the turns tried in between (line 2).

use puzzlelab_solver::cube::walk::{TraceEvent, TraceStep};

use super::CodeVar;

/// The cursor after `k` turns of the walk's solution: just after the step that took the
/// k-th turn (turns past its end, the cube held as the goal, stay at its last take; a
/// cube solved from the start shows its one step).
pub fn walk_cursor_for_turns(walk: &[TraceStep], k: usize) -> usize {
    if k == 0 {
        return usize::from(walk.first().is_some_and(|s| s.event == TraceEvent::Solved));
    }
    let takes: Vec<usize> = (0..walk.len())
        .filter(|&i| walk[i].event == TraceEvent::Take)
        .collect();
    takes[..k.min(takes.len())].last().map_or(0, |i| i + 1)
}

/// Turns taken in the first `cursor` steps of the walk (where the cube stands then).
pub fn turns_at(walk: &[TraceStep], cursor: usize) -> usize {
    walk.iter()
        .take(cursor)
        .filter(|s| s.event == TraceEvent::Take)
        .count()
}

/// The line and variables once `cursor` steps of the walk are done: the line the last of
/// them ran, the turns taken (`depth`), `d` after it, the turn `g` it compared and the
/// table's distances read for the turns compared since the last turn taken; `None`
/// without a walk.
pub fn cube_solve_at(walk: &[TraceStep], cursor: usize) -> Option<(u8, Vec<CodeVar>)> {
    let first = walk.first()?;
    let var = |name, value| CodeVar { name, value };
    let cursor = cursor.min(walk.len());
    if cursor == 0 {
        // Before any step: `d ← dist[here]` (the first step's d, plus one if it took a turn).
        let d = first.distance + u8::from(first.event == TraceEvent::Take);
        return Some((
            1,
            vec![
                var("depth", "0".into()),
                var("d", d.to_string()),
                var("g", String::new()),
                var("neighbours", String::new()),
            ],
        ));
    }
    let step = &walk[cursor - 1];
    let from = (0..cursor - 1)
        .rev()
        .find(|&i| walk[i].event == TraceEvent::Take)
        .map_or(0, |i| i + 1);
    let reads = walk[from..cursor]
        .iter()
        .filter_map(|s| Some(format!("{} {}", s.turn.as_deref()?, s.read?)))
        .collect::<Vec<_>>()
        .join(", ");
    Some((
        step.line,
        vec![
            var("depth", turns_at(walk, cursor).to_string()),
            var("d", step.distance.to_string()),
            var("g", step.turn.clone().unwrap_or_default()),
            var("neighbours", reads),
        ],
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(event: TraceEvent, turn: &str, read: u8, line: u8, distance: u8) -> TraceStep {
        TraceStep {
            step: 0,
            event,
            turn: Some(turn.into()),
            read: Some(read),
            line,
            distance,
        }
    }

    #[test]
    fn the_cursor_follows_the_turns_and_stops_on_the_tries_between() {
        use TraceEvent::{Take, Try};
        // R U solved by U' R': U U2 tried, U' taken, U U2 U' R R2 tried, R' solves.
        let walk = vec![
            step(Try, "U", 2, 2, 2),
            step(Try, "U2", 2, 2, 2),
            step(Take, "U'", 1, 3, 1),
            step(Try, "U", 2, 2, 1),
            step(Take, "R'", 0, 4, 0),
        ];
        assert_eq!(
            [0, 1, 2, 3].map(|k| walk_cursor_for_turns(&walk, k)),
            [0, 3, 5, 5]
        );
        assert_eq!(
            [0, 1, 2, 3, 4, 5].map(|c| turns_at(&walk, c)),
            [0, 0, 0, 1, 1, 2]
        );
        let lines = [0, 1, 2, 3, 4, 5].map(|c| cube_solve_at(&walk, c).unwrap().0);
        assert_eq!(lines, [1, 2, 2, 3, 2, 4]);
        let (_, vars) = cube_solve_at(&walk, 2).unwrap();
        let values: Vec<_> = vars.iter().map(|v| v.value.as_str()).collect();
        assert_eq!(values, ["0", "2", "U2", "U 2, U2 2"]);
        let (_, vars) = cube_solve_at(&walk, 4).unwrap();
        assert_eq!(vars[3].value, "U 2");
        assert!(cube_solve_at(&[], 0).is_none());
    }

    #[test]
    fn a_cube_solved_from_the_start_shows_its_one_step() {
        let walk = vec![TraceStep {
            step: 1,
            event: TraceEvent::Solved,
            turn: None,
            read: None,
            line: 4,
            distance: 0,
        }];
        assert_eq!(walk_cursor_for_turns(&walk, 0), 1);
        let (line, vars) = cube_solve_at(&walk, 1).unwrap();
        assert_eq!(line, 4);
        assert!(vars
            .iter()
            .all(|v| v.name == "depth" || v.value.is_empty() || v.value == "0"));
    }
}
