//! The pocket cube as a graph: optimal paths from any start to any goal, the number of
//! optimal paths and the k-th of them, and how each face turn changes the distance.
//!
//! A start and a goal in the same colours are compared through their *relative cube*: the
//! start with every sticker recoloured by where its corner sits in the goal (the goal's
//! sticker there, in the standard colours). Turns act on places and recolouring on colours,
//! so the same moves that solve the relative cube take the start to the goal (up to holding
//! the cube differently), and its table distance is the distance from start to goal.

use std::collections::HashMap;

use super::corners::{analyse, slots, Corners, Scheme};
use super::moves::{face_turns, Kind, Move};
use super::solve::{cheapest, solve, Costs};
use super::stickers::Stickers;
use super::table::{generators, DistanceTable, MoveTables};

/// The distinct colours of a colouring, sorted (for messages and comparisons).
fn colour_set(cube: &Stickers) -> Vec<u8> {
    let mut colours = cube.0.to_vec();
    colours.sort_unstable();
    colours.dedup();
    colours
}

fn letters(colours: &[u8]) -> String {
    colours
        .iter()
        .map(|&c| (c as char).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The start recoloured relative to the goal, in the standard colours: solving it solves
/// start → goal. Errors name which cube is invalid, or how the two colourings differ.
pub fn relative_cube(start: &Stickers, goal: &Stickers) -> Result<Stickers, String> {
    analyse(start).map_err(|e| format!("the start is not a real cube: {e}"))?;
    analyse(goal).map_err(|e| format!("the goal is not a real cube: {e}"))?;
    let (from, to) = (colour_set(start), colour_set(goal));
    if from != to {
        return Err(format!(
            "the start and the goal use different colours: {} against {}",
            letters(&from),
            letters(&to)
        ));
    }
    let solved = Corners::solved().to_stickers(Scheme::standard());
    let mut out = [0u8; 24];
    for here in slots() {
        let colours = here.map(|s| start.0[s as usize]);
        // The goal's corner with the same colours in the same turning order.
        let found = slots().iter().find_map(|there| {
            (0..3).find_map(|t| {
                (0..3)
                    .all(|m| goal.0[there[(m + t) % 3] as usize] == colours[m])
                    .then_some((there, t))
            })
        });
        let Some((there, t)) = found else {
            return Err(format!(
                "the start's corner {} is not on the goal: the goal is coloured differently (each colour must face the same opposite colour, in the same handedness)",
                letters(&colours)
            ));
        };
        for m in 0..3 {
            out[here[m] as usize] = solved.0[there[(m + t) % 3] as usize];
        }
    }
    Ok(Stickers(out))
}

/// The position number of start relative to goal (0: the goal, however held).
pub fn relative_position(start: &Stickers, goal: &Stickers) -> Result<u32, String> {
    let relative = relative_cube(start, goal)?;
    let (_, corners) = analyse(&relative).map_err(|e| format!("(a bug) relative cube: {e}"))?;
    Ok(corners.coordinate())
}

/// An optimal way from start to goal in the table's metric (U, R, F turns).
pub fn solve_between(
    tables: &MoveTables,
    table: &DistanceTable,
    start: &Stickers,
    goal: &Stickers,
) -> Result<Vec<Move>, String> {
    Ok(solve(tables, table, relative_position(start, goal)?))
}

/// A cheapest way from start to goal under per-kind costs, and its cost.
pub fn cheapest_between(
    tables: &MoveTables,
    start: &Stickers,
    goal: &Stickers,
    costs: Costs,
) -> Result<(Vec<Move>, u32), String> {
    cheapest(tables, relative_position(start, goal)?, costs)
}

/// The 24 ways to hold a cube, as whole-cube turns from the way it is held.
pub fn rotations() -> Vec<Vec<Move>> {
    let whole = super::moves::parse_moves("x y z").expect("rotations parse");
    let probe = Stickers::parse("ABCDEFGHIJKLMNOPQRSTUVWX").expect("24 letters");
    let mut seen = vec![probe];
    let mut out: Vec<Vec<Move>> = vec![Vec::new()];
    let mut i = 0;
    while i < out.len() {
        for &w in &whole {
            let mut next = out[i].clone();
            next.push(w);
            let cube = probe.apply_all(&next);
            if !seen.contains(&cube) {
                seen.push(cube);
                out.push(next);
            }
        }
        i += 1;
    }
    out
}

/// One face turn's effect on the distance to the goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hint {
    pub turn: Move,
    /// The distance to the goal after the turn, in the table's metric.
    pub distance: u8,
    /// After minus before: -1 closer (half turns in qtm: down to -2), 0 the same, +1 farther.
    pub change: i8,
}

/// For each of the 18 face turns (U U2 U' L … D', the order of `face_turns`), the distance
/// to the goal after making it.
pub fn hints_between(
    table: &DistanceTable,
    current: &Stickers,
    goal: &Stickers,
) -> Result<Vec<Hint>, String> {
    let relative = relative_cube(current, goal)?;
    Ok(hints_for(table, &relative))
}

/// [`hints_between`] for a position number (relative to solved).
pub fn hints(table: &DistanceTable, position: u32) -> Vec<Hint> {
    hints_for(
        table,
        &Corners::from_coordinate(position).to_stickers(Scheme::standard()),
    )
}

fn hints_for(table: &DistanceTable, relative: &Stickers) -> Vec<Hint> {
    let at = |cube: &Stickers| {
        let (_, corners) = analyse(cube).expect("turns keep a cube real");
        table.distance(corners.coordinate())
    };
    let before = at(relative);
    face_turns()
        .map(|turn| {
            let distance = at(&relative.apply(turn));
            Hint {
                turn,
                distance,
                change: distance as i8 - before as i8,
            }
        })
        .collect()
}

/// Every optimal path from a position to solved over the metric's generators (U R F
/// turns: htm's 9, qtm's 6 quarter turns, so a half turn is two of them), counted by
/// dynamic programming over the layers of the distance table and unranked on demand.
///
/// Order: paths are sorted by their generator sequences, each generator ranked as in
/// `Metric::generators` (htm: U U2 U' R R2 R' F F2 F'; qtm: U U' R R' F F'), the first
/// move most significant. Path 0 is the smallest.
pub struct OptimalPaths<'a> {
    tables: &'a MoveTables,
    table: &'a DistanceTable,
    start: u32,
    /// Paths to solved from every position of the downhill cone below `start`.
    ways: HashMap<u32, u128>,
}

impl<'a> OptimalPaths<'a> {
    pub fn new(tables: &'a MoveTables, table: &'a DistanceTable, start: u32) -> OptimalPaths<'a> {
        let gens = table.metric().generators();
        // The cone, layer by layer down from the start.
        let mut layers: Vec<Vec<u32>> = vec![vec![start]];
        let mut d = table.distance(start);
        while d > 0 {
            let mut next: Vec<u32> = layers
                .last()
                .expect("a layer")
                .iter()
                .flat_map(|&p| gens.iter().map(move |&g| tables.apply(p, g)))
                .filter(|&q| table.distance(q) == d - 1)
                .collect();
            next.sort_unstable();
            next.dedup();
            layers.push(next);
            d -= 1;
        }
        // Then paths per position, from the solved end up.
        let mut ways: HashMap<u32, u128> = HashMap::new();
        for layer in layers.iter().rev() {
            for &p in layer {
                let w = if table.distance(p) == 0 {
                    1
                } else {
                    gens.iter()
                        .map(|&g| tables.apply(p, g))
                        .filter(|&q| table.distance(q) + 1 == table.distance(p))
                        .map(|q| ways[&q])
                        .sum()
                };
                ways.insert(p, w);
            }
        }
        OptimalPaths {
            tables,
            table,
            start,
            ways,
        }
    }

    /// How many optimal paths there are.
    pub fn count(&self) -> u128 {
        self.ways[&self.start]
    }

    /// The optimal length in the table's metric.
    pub fn length(&self) -> u8 {
        self.table.distance(self.start)
    }

    /// The `k`-th optimal path (from 0, in the order above) as generator moves, or `None`
    /// past the last.
    pub fn nth(&self, mut k: u128) -> Option<Vec<Move>> {
        if k >= self.count() {
            return None;
        }
        let gens = self.table.metric().generators();
        let all = generators();
        let mut here = self.start;
        let mut out = Vec::with_capacity(self.length() as usize);
        while self.table.distance(here) > 0 {
            let d = self.table.distance(here);
            let mut chosen = None;
            for &g in gens {
                let q = self.tables.apply(here, g);
                if self.table.distance(q) + 1 != d {
                    continue;
                }
                let w = self.ways[&q];
                if k < w {
                    chosen = Some((g, q));
                    break;
                }
                k -= w;
            }
            let (g, q) = chosen.expect("the counts add up");
            out.push(all[g]);
            here = q;
        }
        Some(out)
    }

    /// The paths in order, made one at a time.
    pub fn iter(&self) -> impl Iterator<Item = Vec<Move>> + '_ {
        (0..).map_while(move |k| self.nth(k))
    }
}

/// Generator sequences read as turns: in qtm two equal quarter turns in a row are shown as
/// one half turn (the length in qtm is unchanged).
pub fn merge_quarters(moves: &[Move]) -> Vec<Move> {
    let mut out: Vec<Move> = Vec::new();
    for &m in moves {
        match out.last_mut() {
            Some(last) if *last == m && m.kind() != Kind::Half => last.amount = 2,
            _ => out.push(m),
        }
    }
    out
}

/// A uniformly random position at the greatest distance (an antipode of solved: 2,644 at
/// 11 in htm, 276 at 14 in qtm), picked by `seed`.
pub fn random_antipode(table: &DistanceTable, seed: u64) -> u32 {
    let far = table.distribution().len() as u8 - 1;
    let total = table.distribution()[far as usize];
    let pick = crate::rng::Rng::new(seed).below(total);
    (0..super::corners::POSITIONS_COUNT as u32)
        .filter(|&p| table.distance(p) == far)
        .nth(pick as usize)
        .expect("the pick is below the count")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::moves::parse_moves;

    #[test]
    fn a_cube_is_its_own_goal_however_held() {
        let start = Stickers::solved().apply_all(&parse_moves("R U F'").unwrap());
        for r in rotations() {
            let goal = start.apply_all(&r);
            assert_eq!(relative_position(&start, &goal).unwrap(), 0);
        }
        assert_eq!(rotations().len(), 24);
    }

    #[test]
    fn different_colourings_are_refused_with_a_reason() {
        let solved = Stickers::solved();
        let other = Stickers::parse("AAAABBCCDDEEBBCCDDEEFFFF").unwrap();
        let e = relative_position(&solved, &other).unwrap_err();
        assert!(e.contains("different colours"), "{e}");
        let bad = Stickers::parse("WWWWWGRRBBOOGGRRBBOOYYYY").unwrap();
        assert!(relative_position(&bad, &solved)
            .unwrap_err()
            .starts_with("the start is not"));
        assert!(relative_position(&solved, &bad)
            .unwrap_err()
            .starts_with("the goal is not"));
        // Green and blue swapped: the mirror-image colour scheme.
        let mirror: String = solved
            .to_string()
            .chars()
            .map(|c| match c {
                'G' => 'B',
                'B' => 'G',
                c => c,
            })
            .collect();
        let mirror = Stickers::parse(&mirror).unwrap();
        let e = relative_position(&solved, &mirror).unwrap_err();
        assert!(e.contains("coloured differently"), "{e}");
    }
}
