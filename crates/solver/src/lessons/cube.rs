//! Lesson 5, after the SQL article: the pocket cube as 24 letters, twelve quarter turns,
//! a graph of 3,674,160 positions built breadth first, and shortest paths through it.
//! Most numbers are cheap here (the first layers, the shortest paths of a cube five turns
//! from solved); only the last layers need the whole distance table, which takes the
//! worker a few seconds: those come in as [`Inputs`] and show as computing until then
//! ([`LATE`]).

use super::{At, Bench, Fact, Hook, Inputs, Lesson, Step, TryIt};
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

/// The facts that wait for the worker's distance table.
pub const LATE: &[&str] = &["god_qtm", "antipodes_qtm", "god_htm", "antipodes_htm"];

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

pub fn lesson() -> Lesson {
    let bfs = |htm, at| Bench::CubeBfs { htm, at };
    Lesson {
        slug: SLUG,
        title: "The pocket cube as a graph",
        summary: "Every position of the 2×2×2 cube, layer by layer from solved, and every shortest path between two of them.",
        source: "after the SQL graph-database article",
        steps: vec![
            Step {
                title: "A cube in 24 letters",
                text: "The SQL article stores a pocket cube as a string: read the net row by row, one colour letter per sticker — {stickers} letters. The solved cube is {solved}. Every position is one such string, and a turn is a shuffle of its letters.",
                bench: Bench::CubeNet { moves: "" },
                try_it: Some(TryIt::Press { label: "Press any turn and watch the letters move.", action: "turn", times: 1 }),
                facts_after_try: false,
            },
            Step {
                title: "Twelve turns",
                text: "The article's database knows {turns} quarter turns: each of the six faces, clockwise or anticlockwise. Its example turns the top layer anticlockwise (U'): the solved string becomes {u_prime}.",
                bench: Bench::CubeNet { moves: "U'" },
                try_it: Some(TryIt::Click { label: "Turn U to undo it.", squares: &["U"] }),
                facts_after_try: false,
            },
            Step {
                title: "One cube, many ways to hold it",
                text: "The same cube can be held in {holds} ways, so many strings are one position. The article keeps the smallest string of each; PuzzleLab holds one corner still and turns only the three faces away from it, which reaches every position: {positions} of them.",
                bench: Bench::CubeNet { moves: "R U" },
                try_it: Some(TryIt::Press { label: "Press two more turns.", action: "turn", times: 2 }),
                facts_after_try: false,
            },
            Step {
                title: "Breadth first, layer by layer",
                text: "Start from the solved cube: layer 0. Apply every turn to every position of the newest layer and keep the positions never seen before: they are the next layer, one turn farther away. With one corner held, turning D is turning U and the whole cube, so six quarter turns suffice: layer 1 has {layer1} positions, layer 2 has {layer2}.",
                bench: bfs(false, At::Start),
                try_it: Some(TryIt::Press { label: "Press \"To the end of the layer\" twice.", action: "layer", times: 2 }),
                facts_after_try: true,
            },
            Step {
                title: "The whole graph",
                text: "Layer after layer, every one of the {positions} positions is reached. The last layer lies {god_qtm} quarter turns from solved and holds {antipodes_qtm} positions: no position of the pocket cube needs more than {god_qtm} quarter turns. The article's database stored the same positions as rows of a table, the turns between them as edges.",
                bench: bfs(false, At::End),
                try_it: Some(TryIt::Press { label: "Press Step back to see the last layer being filled.", action: "step-back", times: 1 }),
                facts_after_try: false,
            },
            Step {
                title: "Half turns count as one",
                text: "The article suggests counting a half turn as one move and expects the longest solution to drop to 20 — but 20 is the figure for the 3×3×3 Rubik's cube. For the pocket cube, counting half turns as one, the farthest positions are {god_htm} moves away, and there are {antipodes_htm} of them.",
                bench: bfs(true, At::End),
                try_it: Some(TryIt::Press { label: "Press Step back to see the last layer being filled.", action: "step-back", times: 1 }),
                facts_after_try: false,
            },
            Step {
                title: "Every shortest path",
                text: "The article asks its graph for a shortest path from a scrambled cube to solved. This cube is {paths_distance} quarter turns away, and there is not one shortest path but {paths_count}: each walks down the distance table one layer at a time. Step through them.",
                bench: Bench::CubePaths { scramble: PATHS_SCRAMBLE },
                try_it: Some(TryIt::Press { label: "Show the next shortest path twice.", action: "next-path", times: 2 }),
                facts_after_try: false,
            },
        ],
    }
}

/// The lesson's numbers: all but the [`LATE`] ones at once, those once the worker has
/// sent its distance tables.
pub fn facts(inputs: &Inputs) -> Vec<Fact> {
    let readout = |name| Hook::Text(name);
    let solved = Stickers::solved();
    let mut facts = vec![
        Fact::int(
            "stickers",
            solved.to_string().len() as u128,
            Hook::Count("[data-sticker]"),
        ),
        Fact::word(
            "solved",
            solved.to_string(),
            Hook::Attr("data-state", "[data-readout='state']"),
        ),
        Fact::int(
            "turns",
            quarter_turns().len() as u128,
            Hook::Count("[data-turn]"),
        ),
        Fact::word(
            "u_prime",
            solved.apply(Move::face('U', 3)).to_string(),
            Hook::Attr("data-state", "[data-readout='state']"),
        ),
        Fact::int(
            "holds",
            rotations().len() as u128,
            readout("[data-readout='holds']"),
        ),
        Fact::int(
            "positions",
            POSITIONS_COUNT as u128,
            readout("[data-bfs='reached'], [data-readout='positions']"),
        ),
    ];
    let bar = |d: usize| match d {
        1 => "[data-bfs-chart] [data-distance='1']",
        2 => "[data-bfs-chart] [data-distance='2']",
        _ => "[data-bfs-chart] g.bar:last-of-type",
    };
    let (layer1, layer2) = first_layers();
    facts.push(Fact::int(
        "layer1",
        layer1 as u128,
        Hook::Attr("data-count", bar(1)),
    ));
    facts.push(Fact::int(
        "layer2",
        layer2 as u128,
        Hook::Attr("data-count", bar(2)),
    ));
    let (distance, count) = paths_facts();
    facts.push(Fact::int(
        "paths_distance",
        distance as u128,
        Hook::Attr("data-distance", "[data-paths]"),
    ));
    facts.push(Fact::int(
        "paths_count",
        count as u128,
        Hook::Attr("data-count", "[data-paths]"),
    ));
    if let Some(q) = &inputs.cube_qtm {
        facts.push(Fact::int(
            "god_qtm",
            q.len().saturating_sub(1) as u128,
            Hook::Attr("data-distance", bar(0)),
        ));
        facts.push(Fact::int(
            "antipodes_qtm",
            q.last().copied().unwrap_or(0) as u128,
            Hook::Attr("data-count", bar(0)),
        ));
    }
    if let Some(h) = &inputs.cube_htm {
        facts.push(Fact::int(
            "god_htm",
            h.len().saturating_sub(1) as u128,
            Hook::Attr("data-distance", bar(0)),
        ));
        facts.push(Fact::int(
            "antipodes_htm",
            h.last().copied().unwrap_or(0) as u128,
            Hook::Attr("data-count", bar(0)),
        ));
    }
    facts
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{assert_every_placeholder_filled, reference, value};
    use super::*;
    use crate::cube::graph::OptimalPaths;
    use crate::cube::solve::position_of;
    use crate::cube::{DistanceTable, Metric, MoveTables};

    fn counts(metric: &str) -> Vec<u64> {
        serde_json::from_value(reference("cube.json")["distance_counts"][metric].clone())
            .expect("tests/reference/cube.json: distance_counts")
    }

    /// Every placeholder is filled once the worker answers; before, only the late ones
    /// are missing. The facts worked out here without a table (the first layers, the
    /// paths) agree with the distance table and with the published distribution.
    #[test]
    fn every_placeholder_is_filled_once_the_worker_answers() {
        let tables = MoveTables::new();
        let qtm = DistanceTable::build(&tables, Metric::Qtm);
        let htm = DistanceTable::build(&tables, Metric::Htm);
        let inputs = Inputs {
            cube_qtm: Some(qtm.distribution()),
            cube_htm: Some(htm.distribution()),
            cube_paths: None,
        };
        let all = facts(&inputs);
        assert_every_placeholder_filled(&lesson(), &all);
        let early = facts(&Inputs::default());
        for f in &all {
            let missing = early.iter().all(|e| e.name != f.name);
            assert_eq!(missing, LATE.contains(&f.name), "{}", f.name);
        }
        // Against the published distributions.
        let (q, h) = (counts("qtm"), counts("htm"));
        assert_eq!(value(&all, "layer1"), q[1].to_string());
        assert_eq!(value(&all, "layer2"), q[2].to_string());
        assert_eq!(value(&all, "god_qtm"), (q.len() - 1).to_string());
        assert_eq!(value(&all, "antipodes_qtm"), q[q.len() - 1].to_string());
        assert_eq!(value(&all, "god_htm"), (h.len() - 1).to_string());
        assert_eq!(value(&all, "antipodes_htm"), h[h.len() - 1].to_string());
        assert_eq!(
            value(&all, "positions"),
            reference("cube.json")["positions"].to_string()
        );
        // The paths walked on the stickers agree with the table's optimal paths.
        let start = position_of(&paths_start()).unwrap();
        let paths = OptimalPaths::new(&tables, &qtm, start);
        assert_eq!(value(&all, "paths_distance"), paths.length().to_string());
        assert_eq!(value(&all, "paths_count"), paths.count().to_string());
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

    /// The article's example string for U' (kept in tests/reference/cube.json).
    #[test]
    fn the_articles_u_prime_string() {
        let u = facts(&Inputs::default());
        assert_eq!(
            value(&u, "u_prime"),
            reference("cube.json")["sql_article_u_prime"]
                .as_str()
                .unwrap()
        );
        assert_eq!(
            value(&u, "solved"),
            reference("cube.json")["solved_example"].as_str().unwrap()
        );
    }
}
