//! Solving: the fewest moves by walking down the distance table, or the cheapest moves
//! under per-kind costs by Dijkstra's algorithm over the positions.

use super::corners::{analyse, POSITIONS_COUNT};
use super::moves::{Kind, Move};
use super::stickers::Stickers;
use super::table::{generators, DistanceTable, Metric, MoveTables};
use super::walk::SolveWalk;
use crate::StepMachine;

/// Reads a colouring and returns its position number (0 = solved), or what is wrong.
pub fn position_of(cube: &Stickers) -> Result<u32, String> {
    analyse(cube).map(|(_, corners)| corners.coordinate())
}

/// An optimal solution in the table's metric: U, R and F turns only (with the down-back-left
/// corner held still, they are all a 2×2×2 needs).
pub fn solve(tables: &MoveTables, table: &DistanceTable, position: u32) -> Vec<Move> {
    let gens = generators();
    // The walk the code view and `--trace` follow, run to the end.
    let mut walk = SolveWalk::new(tables, table, position);
    walk.run(u64::MAX);
    let quarter_moves = walk.taken().to_vec();
    // In the quarter-turn metric, two equal quarter turns in a row read as one half turn.
    let mut out: Vec<Move> = Vec::new();
    for g in quarter_moves {
        let m = gens[g];
        match out.last_mut() {
            Some(last) if table.metric() == Metric::Qtm && *last == m && m.amount != 2 => {
                last.amount = 2;
            }
            _ => out.push(m),
        }
    }
    out
}

/// Moves counted in `metric` (whole-cube turns are not moves: they count 0).
pub fn length(moves: &[Move], metric: Metric) -> u32 {
    moves
        .iter()
        .filter(|m| matches!(m.turn, super::moves::Turn::Face(_)))
        .map(|m| match (metric, m.kind()) {
            (Metric::Qtm, Kind::Half) => 2,
            _ => 1,
        })
        .sum()
}

/// The cost of each kind of turn for the weighted solver, each 1..=9.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Costs {
    pub clockwise: u8,
    pub counter_clockwise: u8,
    pub half: u8,
}

impl Costs {
    pub fn of(&self, m: Move) -> u32 {
        match m.kind() {
            Kind::Clockwise => self.clockwise as u32,
            Kind::CounterClockwise => self.counter_clockwise as u32,
            Kind::Half => self.half as u32,
        }
    }

    pub fn check(&self) -> Result<(), String> {
        for (name, c) in [
            ("clockwise", self.clockwise),
            ("counter-clockwise", self.counter_clockwise),
            ("half", self.half),
        ] {
            if !(1..=9).contains(&c) {
                return Err(format!("the cost of a {name} turn must be 1 to 9, not {c}"));
            }
        }
        Ok(())
    }
}

/// A cheapest solution under `costs` and its total cost (Dijkstra with a bucket queue).
pub fn cheapest(
    tables: &MoveTables,
    position: u32,
    costs: Costs,
) -> Result<(Vec<Move>, u32), String> {
    costs.check()?;
    let gens = generators();
    let cost: [u32; 9] = std::array::from_fn(|g| costs.of(gens[g]));
    const FAR: u16 = u16::MAX;
    let mut best = vec![FAR; POSITIONS_COUNT];
    let mut via = vec![u8::MAX; POSITIONS_COUNT];
    let mut buckets: Vec<Vec<u32>> = vec![vec![position]];
    best[position as usize] = 0;
    let mut d = 0usize;
    while d < buckets.len() {
        while let Some(here) = buckets[d].pop() {
            if best[here as usize] as usize != d {
                continue; // reached more cheaply since it was queued
            }
            if here == 0 {
                let mut moves = Vec::new();
                let mut at = here;
                while at != position {
                    let g = via[at as usize] as usize;
                    moves.push(gens[g]);
                    // Step back along the inverse generator.
                    at = tables.apply(at, g / 3 * 3 + (2 - g % 3));
                }
                moves.reverse();
                return Ok((moves, d as u32));
            }
            for (g, &price) in cost.iter().enumerate() {
                let next = tables.apply(here, g);
                let nd = d + price as usize;
                if nd < best[next as usize] as usize {
                    best[next as usize] = nd as u16;
                    via[next as usize] = g as u8;
                    if buckets.len() <= nd {
                        buckets.resize(nd + 1, Vec::new());
                    }
                    buckets[nd].push(next);
                }
            }
        }
        d += 1;
    }
    Err("the solved cube could not be reached (a bug: every position is solvable)".into())
}
