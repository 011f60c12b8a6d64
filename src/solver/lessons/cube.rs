//! Lesson 5, after the SQL article: the pocket cube as 24 letters, twelve quarter turns,
//! a graph of 3,674,160 positions built breadth first, and shortest paths through it.
//! The distance table takes the worker a few seconds, so this lesson's numbers come in as
//! [`Inputs`] and show as pending until then.

use super::{At, Bench, Fact, Hook, Inputs, Lesson, Step, TryIt};
use crate::solver::cube::corners::POSITIONS_COUNT;
use crate::solver::cube::graph::rotations;
use crate::solver::cube::{Move, Stickers};

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

/// The cube the paths step starts from.
pub fn paths_start() -> Stickers {
    let moves = crate::solver::cube::parse_moves(PATHS_SCRAMBLE).expect("a fixed scramble");
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

/// The lesson's numbers: the fixed ones at once, the table's and the paths' once the
/// worker has sent them.
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
    if let Some(q) = &inputs.cube_qtm {
        facts.push(Fact::int(
            "layer1",
            q.get(1).copied().unwrap_or(0) as u128,
            Hook::Attr("data-count", bar(1)),
        ));
        facts.push(Fact::int(
            "layer2",
            q.get(2).copied().unwrap_or(0) as u128,
            Hook::Attr("data-count", bar(2)),
        ));
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
    if let Some((distance, count)) = inputs.cube_paths {
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
    }
    facts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::cube::graph::OptimalPaths;
    use crate::solver::cube::solve::position_of;
    use crate::solver::cube::{DistanceTable, Metric, MoveTables};

    #[test]
    fn every_placeholder_is_filled_once_the_worker_answers() {
        let tables = MoveTables::new();
        let qtm = DistanceTable::build(&tables, Metric::Qtm);
        let htm = DistanceTable::build(&tables, Metric::Htm);
        let start = position_of(&paths_start()).unwrap();
        let paths = OptimalPaths::new(&tables, &qtm, start);
        let inputs = Inputs {
            cube_qtm: Some(qtm.distribution()),
            cube_htm: Some(htm.distribution()),
            cube_paths: Some((paths.length() as u32, paths.count() as u64)),
        };
        let facts = facts(&inputs);
        for step in lesson().steps {
            for name in super::super::placeholders(step.text) {
                assert!(
                    facts.iter().any(|f| f.name == name),
                    "{name} in {}",
                    step.title
                );
            }
        }
        // Before the worker answers, the table's facts are missing (shown as pending).
        assert!(super::facts(&Inputs::default())
            .iter()
            .all(|f| f.name != "god_qtm"));
        // Independent: count the shortest paths by walking every sequence of quarter turns
        // of that length on the stickers themselves.
        let d = paths.length() as usize;
        let gens: Vec<Move> = ["U", "U'", "R", "R'", "F", "F'"]
            .iter()
            .map(|m| crate::solver::cube::parse_moves(m).unwrap()[0])
            .collect();
        fn walk(cube: Stickers, left: usize, gens: &[Move]) -> u64 {
            if left == 0 {
                return u64::from(position_of(&cube) == Ok(0));
            }
            gens.iter()
                .map(|&g| walk(cube.apply(g), left - 1, gens))
                .sum()
        }
        assert_eq!(walk(paths_start(), d, &gens) as u128, paths.count());
        assert!(paths.count() > 1);
        assert_eq!(walk(paths_start(), d - 1, &gens), 0, "no shorter path");
        // The article's example string for U'.
        let u = facts.iter().find(|f| f.name == "u_prime").unwrap();
        assert_eq!(u.value, "WWWWOOGGRRBBGGRRBBOOYYYY");
    }
}
