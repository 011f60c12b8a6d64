//! Lesson 5, after the SQL article: the pocket cube as 24 letters, twelve quarter turns,
//! a graph of 3,674,160 positions built breadth first, and shortest paths through it.
//! Most numbers are cheap here (the first layers, the shortest paths of a cube five turns
//! from solved); only the last layers need the whole distance table, which takes the
//! worker a few seconds: those come in later and show as computing until then.

use serde::Serialize;

use super::{At, Bench};
use crate::cube::corners::POSITIONS_COUNT;
use crate::cube::graph::rotations;
use crate::cube::{Move, Stickers};

pub const SLUG: &str = "pocket-cube";

/// The paths step's cube: this scramble applied to the solved cube.
pub const PATHS_SCRAMBLE: &str = "R U F' R' U2";

/// The twelve quarter turns the article's database applies: each face, both ways.
pub fn quarter_turns() -> Vec<Move> {
    "ULFRBD"
        .chars()
        .flat_map(|f| [Move::face(f, 1), Move::face(f, 3)])
        .collect()
}

/// The three quarter turns of the faces away from the held corner, both ways: with one
/// corner held they reach every position (the turns the lesson's BFS uses).
fn held_corner_turns() -> Vec<Move> {
    "URF"
        .chars()
        .flat_map(|f| [Move::face(f, 1), Move::face(f, 3)])
        .collect()
}

fn is_solved(cube: &Stickers) -> bool {
    crate::cube::solve::position_of(cube) == Ok(0)
}

/// Positions one and two quarter turns from solved, found by a breadth-first search of
/// two layers on the stickers themselves (cheap: no table).
pub fn first_layers() -> (u64, u64) {
    use std::collections::HashSet;
    let position = |c: &Stickers| crate::cube::solve::position_of(c).ok();
    let turns = held_corner_turns();
    let mut seen: HashSet<u32> = HashSet::from([0]);
    let mut layer = vec![Stickers::solved()];
    let mut sizes = [0u64; 2];
    for size in &mut sizes {
        let mut next = Vec::new();
        for cube in &layer {
            for &t in &turns {
                let c = cube.apply(t);
                if position(&c).is_some_and(|p| seen.insert(p)) {
                    next.push(c);
                }
            }
        }
        *size = next.len() as u64;
        layer = next;
    }
    (sizes[0], sizes[1])
}

/// The length of the shortest paths from `start` to solved, in quarter turns, and how
/// many there are: every sequence of the held-corner quarter turns is walked, deepening
/// one turn at a time (cheap for a cube a few turns from solved; `None` past `max`).
pub fn shortest_paths(start: Stickers, max: u32) -> Option<(u32, u64)> {
    fn walk(cube: Stickers, left: u32, turns: &[Move]) -> u64 {
        if left == 0 {
            return u64::from(is_solved(&cube));
        }
        turns
            .iter()
            .map(|&t| walk(cube.apply(t), left - 1, turns))
            .sum()
    }
    let turns = held_corner_turns();
    (0..=max).find_map(|d| {
        let n = walk(start, d, &turns);
        (n > 0).then_some((d, n))
    })
}

/// The paths step's distance and count (the scramble is five face turns: six quarter
/// turns at most).
pub fn paths_facts() -> (u32, u64) {
    shortest_paths(paths_start(), 6).expect("the scramble is at most six quarter turns")
}

/// The cube the paths step starts from.
pub fn paths_start() -> Stickers {
    let moves = crate::cube::parse_moves(PATHS_SCRAMBLE).expect("a fixed scramble");
    Stickers::solved().apply_all(&moves)
}

/// Each step's workbench.
pub fn steps() -> Vec<Bench> {
    let bfs = |htm, at| Bench::CubeBfs { htm, at };
    let net = |moves| Bench::CubeNet { moves };
    vec![
        net(""),
        net("U'"),
        net("R U"),
        bfs(false, At::Start),
        bfs(false, At::End),
        bfs(true, At::End),
        Bench::CubePaths {
            scramble: PATHS_SCRAMBLE,
        },
    ]
}

/// Every figure the lesson states, named as its text names them; the last layers are
/// `None`, and left out, until the worker has sent its distance tables.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Facts {
    pub stickers: u64,
    pub solved: String,
    pub turns: u64,
    pub u_prime: String,
    pub holds: u64,
    pub positions: u64,
    pub layer1: u64,
    pub layer2: u64,
    pub paths_distance: u64,
    pub paths_count: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub god_qtm: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub antipodes_qtm: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub god_htm: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub antipodes_htm: Option<u64>,
}

/// A distance table's last layer: how far it lies from solved, and its positions.
pub fn last_layer(distribution: &[u64]) -> (u64, u64) {
    (
        distribution.len().saturating_sub(1) as u64,
        distribution.last().copied().unwrap_or(0),
    )
}

/// The lesson's numbers: the last layers from the worker's distributions (positions at
/// each distance, quarter turns and half turns) once it has sent them, the rest at once.
pub fn facts(qtm: Option<&[u64]>, htm: Option<&[u64]>) -> Facts {
    let solved = Stickers::solved();
    let (layer1, layer2) = first_layers();
    let (paths_distance, paths_count) = paths_facts();
    let (god_qtm, antipodes_qtm) = qtm.map(last_layer).unzip();
    let (god_htm, antipodes_htm) = htm.map(last_layer).unzip();
    Facts {
        stickers: solved.to_string().len() as u64,
        solved: solved.to_string(),
        turns: quarter_turns().len() as u64,
        u_prime: solved.apply(Move::face('U', 3)).to_string(),
        holds: rotations().len() as u64,
        positions: POSITIONS_COUNT as u64,
        layer1,
        layer2,
        paths_distance: u64::from(paths_distance),
        paths_count,
        god_qtm,
        antipodes_qtm,
        god_htm,
        antipodes_htm,
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::reference;
    use super::*;
    use crate::cube::graph::OptimalPaths;
    use crate::cube::solve::position_of;
    use crate::cube::{DistanceTable, Metric, MoveTables};

    fn counts(metric: &str) -> Vec<u64> {
        serde_json::from_value(reference("cube.json")["distance_counts"][metric].clone())
            .expect("tests/reference/cube.json: distance_counts")
    }

    /// The last layers come from the worker's tables; the facts worked out here without a
    /// table (the first layers, the paths) agree with the distance table and with the
    /// published distribution.
    #[test]
    fn the_facts_agree_with_the_tables_and_the_published_counts() {
        let tables = MoveTables::new();
        let qtm = DistanceTable::build(&tables, Metric::Qtm);
        let htm = DistanceTable::build(&tables, Metric::Htm);
        let early = facts(None, None);
        assert_eq!((early.god_qtm, early.antipodes_htm), (None, None));
        let all = facts(Some(&qtm.distribution()), Some(&htm.distribution()));
        // Against the published distributions.
        let (q, h) = (counts("qtm"), counts("htm"));
        assert_eq!((all.layer1, all.layer2), (q[1], q[2]));
        assert_eq!(all.god_qtm, Some(q.len() as u64 - 1));
        assert_eq!(all.antipodes_qtm, q.last().copied());
        assert_eq!(all.god_htm, Some(h.len() as u64 - 1));
        assert_eq!(all.antipodes_htm, h.last().copied());
        assert_eq!(
            all.positions.to_string(),
            reference("cube.json")["positions"].to_string()
        );
        // The paths walked on the stickers agree with the table's optimal paths.
        let start = position_of(&paths_start()).unwrap();
        let paths = OptimalPaths::new(&tables, &qtm, start);
        assert_eq!(all.paths_distance.to_string(), paths.length().to_string());
        assert_eq!(all.paths_count.to_string(), paths.count().to_string());
        assert!(paths.count() > 1);
    }

    /// The walk finds nothing shorter than the table's distance, and the solved cube is
    /// its own single path of length 0.
    #[test]
    fn shortest_paths_of_small_cases() {
        assert_eq!(shortest_paths(Stickers::solved(), 3), Some((0, 1)));
        let r = Stickers::solved().apply(Move::face('R', 1));
        assert_eq!(shortest_paths(r, 3), Some((1, 1)));
        let r2 = r.apply(Move::face('R', 1));
        assert_eq!(shortest_paths(r2, 3), Some((2, 2)), "R R and R' R'");
        assert_eq!(shortest_paths(r2, 1), None);
    }

    /// The article's example strings (kept in tests/reference/cube.json).
    #[test]
    fn the_articles_u_prime_string() {
        let f = facts(None, None);
        let cube = reference("cube.json");
        assert_eq!(f.u_prime, cube["sql_article_u_prime"].as_str().unwrap());
        assert_eq!(f.solved, cube["solved_example"].as_str().unwrap());
    }
}
