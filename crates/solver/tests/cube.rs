//! The pocket cube against the published facts in tests/reference/cube.json, with every
//! solution checked by applying it to the stickers.

mod pocket_tables;
use pocket_tables::{table, tables};

use puzzlelab_solver::cube::corners::{analyse, Corners, Scheme, POSITIONS_COUNT};
use puzzlelab_solver::cube::scramble::{random_moves, random_position};
use puzzlelab_solver::cube::solve::{cheapest, length, solve, Costs};
use puzzlelab_solver::cube::{parse_moves, Metric, Stickers};
use puzzlelab_solver::rng::Rng;

fn reference() -> serde_json::Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/reference/cube.json"
    );
    serde_json::from_str(&std::fs::read_to_string(path).expect("tests/reference/cube.json"))
        .unwrap()
}

fn counts(v: &serde_json::Value) -> Vec<u64> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect()
}

#[test]
fn distributions_equal_the_reference_exactly() {
    let r = reference();
    assert_eq!(r["positions"].as_u64().unwrap() as usize, POSITIONS_COUNT);
    assert_eq!(
        table(Metric::Qtm).distribution(),
        counts(&r["distance_counts"]["qtm"])
    );
    assert_eq!(
        table(Metric::Htm).distribution(),
        counts(&r["distance_counts"]["htm"])
    );
    assert_eq!(
        Stickers::parse(r["solved_example"].as_str().unwrap()).unwrap(),
        Stickers::solved()
    );
}

/// Applies the solution to the stickers (not the coordinates) and looks at the faces.
fn check_solution(cube: Stickers, solution_text: &str) {
    let solved = cube.apply_all(&parse_moves(solution_text).unwrap());
    assert!(solved.is_solved(), "{cube} + {solution_text} = {solved}");
}

#[test]
fn ten_thousand_random_positions_solve_optimally_in_both_metrics() {
    let t = tables();
    let mut rng = Rng::new(2026);
    for _ in 0..10_000 {
        let position = rng.below(POSITIONS_COUNT as u64) as u32;
        let cube = Corners::from_coordinate(position).to_stickers(Scheme::standard());
        for (table, metric) in [(&t.qtm, Metric::Qtm), (&t.htm, Metric::Htm)] {
            let moves = solve(&t.moves, table, position);
            assert_eq!(length(&moves, metric), table.distance(position) as u32);
            check_solution(cube, &puzzlelab_solver::cube::format_moves(&moves));
        }
    }
}

#[test]
fn any_orientation_and_any_colours_solve() {
    let t = tables();
    // Scramble with all 18 turns and rotations, in made-up colours.
    let cube = Stickers::parse("AAAABBCCDDEEBBCCDDEEFFFF")
        .unwrap()
        .apply_all(&parse_moves("D L' B2 x R F' y' D2 z L B U'").unwrap());
    let (_, corners) = analyse(&cube).unwrap();
    let moves = solve(&t.moves, &t.htm, corners.coordinate());
    check_solution(cube, &puzzlelab_solver::cube::format_moves(&moves));
}

#[test]
fn god_numbers_are_fourteen_and_eleven() {
    assert_eq!(tables().qtm.distribution().len() - 1, 14);
    assert_eq!(tables().htm.distribution().len() - 1, 11);
}

#[test]
fn weighted_costs_match_the_metrics_and_price_turns() {
    let t = tables();
    let mut rng = Rng::new(7);
    for _ in 0..20 {
        let position = rng.below(POSITIONS_COUNT as u64) as u32;
        let cube = Corners::from_coordinate(position).to_stickers(Scheme::standard());
        let htm = Costs {
            clockwise: 1,
            counter_clockwise: 1,
            half: 1,
        };
        let (moves, cost) = cheapest(&t.moves, position, htm).unwrap();
        assert_eq!(cost, t.htm.distance(position) as u32);
        check_solution(cube, &puzzlelab_solver::cube::format_moves(&moves));
        let qtm = Costs {
            clockwise: 1,
            counter_clockwise: 1,
            half: 2,
        };
        assert_eq!(
            cheapest(&t.moves, position, qtm).unwrap().1,
            t.qtm.distance(position) as u32
        );
        // Counter-clockwise turns cost 2: the cheapest never pays more than any other way.
        let ccw = Costs {
            clockwise: 1,
            counter_clockwise: 2,
            half: 2,
        };
        let (moves, cost) = cheapest(&t.moves, position, ccw).unwrap();
        check_solution(cube, &puzzlelab_solver::cube::format_moves(&moves));
        let priced: u32 = moves.iter().map(|&m| ccw.of(m)).sum();
        assert_eq!(priced, cost);
        let optimal_htm = solve(&t.moves, &t.htm, position);
        let htm_priced: u32 = optimal_htm.iter().map(|&m| ccw.of(m)).sum();
        assert!(cost <= htm_priced);
    }
    // U' alone: with counter-clockwise at 5, three U turns (cost 3) win.
    let cube = Stickers::solved().apply_all(&parse_moves("U").unwrap());
    let position = analyse(&cube).unwrap().1.coordinate();
    let pricey = Costs {
        clockwise: 1,
        counter_clockwise: 5,
        half: 9,
    };
    let (moves, cost) = cheapest(&t.moves, position, pricey).unwrap();
    assert_eq!(cost, 3);
    assert_eq!(puzzlelab_solver::cube::format_moves(&moves), "U U U");
    assert!(cheapest(
        &t.moves,
        0,
        Costs {
            clockwise: 0,
            counter_clockwise: 1,
            half: 1
        }
    )
    .is_err());
}

#[test]
fn scrambles_are_seeded_and_valid() {
    assert_eq!(random_position(5), random_position(5));
    assert_ne!(random_position(5).0, random_position(6).0);
    let (position, cube) = random_position(42);
    assert_eq!(analyse(&cube).unwrap().1.coordinate(), position);
    let moves = random_moves(9, 25);
    assert_eq!(moves.len(), 25);
    assert!(moves.windows(2).all(|w| w[0].turn != w[1].turn));
    assert_eq!(moves, random_moves(9, 25));
}
