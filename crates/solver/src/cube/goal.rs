//! What the cube page shows of the position graph, in one place: a solution from any start
//! to any goal (with the whole-cube turn that leaves it held exactly as the goal), the
//! number of optimal solutions and the k-th of them, the hints for every face turn, the
//! move the hint key plays, and how many steps the layer-by-layer search takes.

use super::corners::{analyse, Corners, Scheme};
use super::graph::{
    cheapest_between, hints_between, merge_quarters, random_antipode, relative_position, rotations,
    Hint, OptimalPaths,
};
use super::moves::{format_moves, Kind, Move};
use super::solve::{length, Costs};
use super::stickers::Stickers;
use super::table::{DistanceTable, Metric, MoveTables};
use super::walk::{trace, SolveWalk, TraceEvent, TraceStep};

/// The cube to reach: the goal if there is one, otherwise the start's own colours solved.
pub fn target(start: &Stickers, goal: Option<&Stickers>) -> Result<Stickers, String> {
    match goal {
        Some(goal) => Ok(*goal),
        None => {
            let (scheme, _) = analyse(start)?;
            Ok(Corners::solved().to_stickers(scheme))
        }
    }
}

/// Whole-cube turns (x y z, shortest first) that take `reached` to exactly `goal`, or
/// `None` if no way of holding `reached` is `goal`.
pub fn hold(reached: &Stickers, goal: &Stickers) -> Option<Vec<Move>> {
    rotations()
        .into_iter()
        .find(|r| reached.apply_all(r) == *goal)
        .map(|r| merge_quarters(&r))
}

/// A solution from a start to a goal as the page plays it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoalSolution {
    /// Face turns (U R F; in qtm only quarter turns, as the solutions are counted).
    pub moves: Vec<Move>,
    /// Whole-cube turns after the face turns, so the cube ends held exactly as the goal
    /// (empty without a goal: any solved cube will do).
    pub hold: Vec<Move>,
    /// The face turns' length in the metric (the weighted solve: turns).
    pub length: u32,
    /// The optimal distance from start to goal in the metric (htm for a weighted solve).
    pub distance: u32,
    /// How many optimal solutions there are (`None` for a weighted solve).
    pub count: Option<u64>,
    /// Which of them this is (from 0).
    pub index: u64,
    /// The total cost of a weighted solve.
    pub cost: Option<u32>,
    /// The optimal solve's walk down the table, step by step, when this solution is the
    /// one it takes (the first optimal one); empty otherwise.
    pub walk: Vec<TraceStep>,
}

impl GoalSolution {
    /// Face turns then the hold: what takes the start to exactly the goal.
    pub fn played(&self) -> Vec<Move> {
        let mut all = self.moves.clone();
        all.extend_from_slice(&self.hold);
        all
    }
}

fn finish(start: &Stickers, goal: Option<&Stickers>, moves: &[Move]) -> Result<Vec<Move>, String> {
    let Some(goal) = goal else {
        return Ok(Vec::new());
    };
    hold(&start.apply_all(moves), goal)
        .ok_or_else(|| "(a bug) the solution does not reach the goal however held".to_string())
}

/// The `index`-th optimal solution (clamped to the last) from `start` to `goal` (solved if
/// `None`) in the table's metric, with the number of optimal solutions.
pub fn optimal_solution(
    tables: &MoveTables,
    table: &DistanceTable,
    start: &Stickers,
    goal: Option<&Stickers>,
    index: u64,
) -> Result<GoalSolution, String> {
    let position = relative_position(start, &target(start, goal)?)?;
    let paths = OptimalPaths::new(tables, table, position);
    let count = u64::try_from(paths.count()).unwrap_or(u64::MAX);
    let index = index.min(count.saturating_sub(1));
    // As counted: in qtm a half turn stays two quarter turns (U U and U' U' are two paths).
    let moves = paths.nth(index as u128).unwrap_or_default();
    let hold = finish(start, goal, &moves)?;
    let walk = if index == 0 {
        walk_of(tables, table, position, &moves)
    } else {
        Vec::new()
    };
    Ok(GoalSolution {
        length: length(&moves, table.metric()),
        distance: paths.length() as u32,
        hold,
        moves,
        count: Some(count),
        index,
        cost: None,
        walk,
    })
}

/// The optimal solve's walk from `position`, if the turns it takes are `moves` (they are
/// for the first optimal solution: both take the first turn one closer, in the same order).
fn walk_of(
    tables: &MoveTables,
    table: &DistanceTable,
    position: u32,
    moves: &[Move],
) -> Vec<TraceStep> {
    let walk = trace(&mut SolveWalk::new(tables, table, position));
    let taken: Vec<&str> = walk
        .iter()
        .filter(|s| s.event == TraceEvent::Take)
        .filter_map(|s| s.turn.as_deref())
        .collect();
    if taken.join(" ") == format_moves(moves) {
        walk
    } else {
        Vec::new()
    }
}

/// A cheapest solution under per-kind costs; `distance` is the optimal number of turns
/// (from the half-turn table).
pub fn cheapest_solution(
    tables: &MoveTables,
    htm: &DistanceTable,
    start: &Stickers,
    goal: Option<&Stickers>,
    costs: Costs,
) -> Result<GoalSolution, String> {
    let to = target(start, goal)?;
    let position = relative_position(start, &to)?;
    let (moves, cost) = cheapest_between(tables, start, &to, costs)?;
    let hold = finish(start, goal, &moves)?;
    Ok(GoalSolution {
        length: moves.len() as u32,
        distance: htm.distance(position) as u32,
        hold,
        moves,
        count: None,
        index: 0,
        cost: Some(cost),
        walk: Vec::new(),
    })
}

/// The distance to the goal now and after each of the 18 face turns (U U2 U' L … D').
pub fn goal_hints(
    table: &DistanceTable,
    current: &Stickers,
    goal: Option<&Stickers>,
) -> Result<(u8, Vec<Hint>), String> {
    let to = target(current, goal)?;
    let distance = table.distance(relative_position(current, &to)?);
    Ok((distance, hints_between(table, current, &to)?))
}

/// The turn the hint key plays: the first that brings the goal one step closer in the
/// metric (a quarter turn in qtm, so following hints takes exactly the distance in
/// presses); `None` at the goal.
pub fn hint_move(hints: &[Hint], metric: Metric) -> Option<Move> {
    hints
        .iter()
        .find(|h| h.change == -1 && (metric == Metric::Htm || h.turn.kind() != Kind::Half))
        .map(|h| h.turn)
}

/// Steps [`super::LayerBfs`] takes with `batch` positions per step, given the finished
/// distribution: every layer is expanded, `ceil(size / batch)` steps each.
pub fn bfs_steps(distribution: &[u64], batch: usize) -> u64 {
    let batch = batch.max(1) as u64;
    distribution.iter().map(|&c| c.div_ceil(batch).max(1)).sum()
}

/// A random antipode of solved (standard colours), picked by `seed`, and its distance.
pub fn antipode(table: &DistanceTable, seed: u64) -> (Stickers, u8) {
    let p = random_antipode(table, seed);
    (
        Corners::from_coordinate(p).to_stickers(Scheme::standard()),
        table.distance(p),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::moves::parse_moves;

    #[test]
    fn hold_finds_the_whole_cube_turn() {
        let start = Stickers::solved().apply_all(&parse_moves("R U").unwrap());
        for r in ["x", "y2", "x y'", "z x2"] {
            let goal = start.apply_all(&parse_moves(r).unwrap());
            let h = hold(&start, &goal).unwrap();
            assert_eq!(start.apply_all(&h), goal, "{r}");
            assert!(h.len() <= 3);
        }
        assert!(hold(&start, &start).unwrap().is_empty());
        assert!(hold(&start, &Stickers::solved()).is_none());
    }

    #[test]
    fn bfs_steps_add_up_layer_by_layer() {
        assert_eq!(bfs_steps(&[1, 9, 54], 10), 1 + 1 + 6);
        assert_eq!(bfs_steps(&[1, 9, 54], 0), 64);
    }

    #[test]
    fn a_solved_target_keeps_the_start_colours() {
        let odd = Stickers::parse("AAAABBCCDDEEBBCCDDEEFFFF").unwrap();
        assert_eq!(target(&odd, None).unwrap(), odd);
        assert!(target(&Stickers::parse("AAAAAAAAAAAAAAAAAAAAAAAA").unwrap(), None).is_err());
    }
}
