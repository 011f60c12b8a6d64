//! What the cube page shows of the graph (`solver::cube::goal`): solutions that end held
//! exactly as the goal, solution counts and indices, hints that solve in exactly the
//! distance, and the layer-by-layer search's step count known in advance.

mod pocket_tables;
use pocket_tables::{table, tables};

use std::time::Instant;

use puzzlelab_solver::cube::goal::{
    antipode, bfs_steps, cheapest_solution, goal_hints, hint_move, optimal_solution,
};
use puzzlelab_solver::cube::scramble::random_moves;
use puzzlelab_solver::cube::solve::Costs;
use puzzlelab_solver::cube::{parse_moves, LayerBfs, Metric, Stickers};
use puzzlelab_solver::rng::Rng;
use puzzlelab_solver::StepMachine;

fn scrambled(seed: u64) -> Stickers {
    Stickers::solved().apply_all(&random_moves(seed, 25))
}

fn held(cube: &Stickers, seed: u64) -> Stickers {
    let turns = ["", "x", "y", "z", "x y", "x2 z'", "y' x", "z2"];
    let pick = Rng::new(seed).below(turns.len() as u64) as usize;
    cube.apply_all(&parse_moves(turns[pick]).unwrap())
}

#[test]
fn every_indexed_solution_reaches_the_goal_exactly() {
    let t = tables();
    for seed in 0..40 {
        let start = held(&scrambled(seed), seed);
        let goal = held(&scrambled(seed + 1000), seed + 7);
        for metric in [Metric::Htm, Metric::Qtm] {
            let first = optimal_solution(&t.moves, table(metric), &start, Some(&goal), 0).unwrap();
            let count = first.count.unwrap();
            assert!(count >= 1);
            for index in [0, 1, count / 2, count - 1, count + 5] {
                let s =
                    optimal_solution(&t.moves, table(metric), &start, Some(&goal), index).unwrap();
                assert_eq!(s.index, index.min(count - 1));
                assert_eq!(s.count, Some(count));
                assert_eq!(s.length, first.distance);
                assert_eq!(start.apply_all(&s.played()), goal, "{metric:?} #{index}");
            }
            if count > 1 {
                let last =
                    optimal_solution(&t.moves, table(metric), &start, Some(&goal), count - 1)
                        .unwrap();
                assert_ne!(last.moves, first.moves);
            }
        }
        let costs = Costs {
            clockwise: 1,
            counter_clockwise: 3,
            half: 2,
        };
        let w = cheapest_solution(&t.moves, &t.htm, &start, Some(&goal), costs).unwrap();
        assert_eq!(start.apply_all(&w.played()), goal);
        assert!(w.length >= w.distance);
    }
}

#[test]
fn a_goal_held_differently_is_zero_turns_away() {
    let t = tables();
    let start = scrambled(3);
    let goal = start.apply_all(&parse_moves("x y").unwrap());
    let s = optimal_solution(&t.moves, &t.htm, &start, Some(&goal), 0).unwrap();
    assert_eq!((s.length, s.distance, s.count), (0, 0, Some(1)));
    assert!(s.moves.is_empty());
    assert_eq!(start.apply_all(&s.hold), goal);
    // Without a goal: solved in the cube's own colours, no hold.
    let s = optimal_solution(&t.moves, &t.htm, &start, None, 0).unwrap();
    assert!(s.hold.is_empty());
    assert!(start.apply_all(&s.moves).is_solved());
}

#[test]
fn following_hints_reaches_the_goal_in_exactly_the_distance() {
    let t = tables();
    for seed in 0..30 {
        for metric in [Metric::Htm, Metric::Qtm] {
            let goal = if seed % 2 == 0 {
                None
            } else {
                Some(held(&scrambled(seed + 500), seed))
            };
            let mut cube = scrambled(seed);
            let (start_distance, _) = goal_hints(table(metric), &cube, goal.as_ref()).unwrap();
            let mut presses = 0;
            loop {
                let (d, hints) = goal_hints(table(metric), &cube, goal.as_ref()).unwrap();
                assert_eq!(hints.len(), 18);
                match hint_move(&hints, metric) {
                    Some(m) => cube = cube.apply(m),
                    None => {
                        assert_eq!(d, 0);
                        break;
                    }
                }
                presses += 1;
            }
            assert_eq!(presses, start_distance as u32, "{metric:?} seed {seed}");
            match &goal {
                Some(g) => assert!(optimal_solution(&t.moves, table(metric), &cube, Some(g), 0)
                    .unwrap()
                    .moves
                    .is_empty()),
                None => assert!(cube.is_solved()),
            }
        }
    }
}

#[test]
fn the_search_takes_the_steps_the_distribution_predicts() {
    for metric in [Metric::Htm, Metric::Qtm] {
        let batch = 16_384;
        let mut bfs = LayerBfs::new(metric, batch);
        let mut steps = 0u64;
        while bfs.step().is_some() {
            steps += 1;
        }
        let counts = table(metric).distribution();
        assert_eq!(bfs.progress().layer_counts, counts);
        assert_eq!(bfs_steps(&counts, batch), steps, "{metric:?}");
    }
}

#[test]
fn antipodes_count_their_solutions_quickly() {
    let t = tables();
    for (metric, far) in [(Metric::Htm, 11u32), (Metric::Qtm, 14)] {
        let (cube, d) = antipode(table(metric), 9);
        assert_eq!(d as u32, far);
        let clock = Instant::now();
        let s = optimal_solution(&t.moves, table(metric), &cube, None, 0).unwrap();
        let took = clock.elapsed();
        assert_eq!(s.distance, far);
        assert!(cube.apply_all(&s.moves).is_solved());
        eprintln!(
            "{metric:?} antipode: {} optimal solutions, counted in {took:?}",
            s.count.unwrap()
        );
    }
}
