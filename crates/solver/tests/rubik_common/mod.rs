//! Helpers shared by the Rubik's cube test files (each file uses some of them).
#![allow(dead_code)]

use std::collections::HashMap;
use std::sync::Arc;

use puzzlelab_solver::rubik::cubie::{move_cubes, CubieCube};
use puzzlelab_solver::rubik::optimal::{OptimalSearch, OptimalTables};
use puzzlelab_solver::rubik::{apply_moves, format_moves, solve, Cube, Move, Tables, SOLVED};
use puzzlelab_solver::{Status, StepMachine};

/// Every position within `depth` turns of solved, with its distance (breadth first): the
/// independent answer the optimal solver's lengths are checked against.
pub fn ball(depth: u8) -> HashMap<CubieCube, u8> {
    let moves = move_cubes();
    let mut seen = HashMap::new();
    seen.insert(CubieCube::SOLVED, 0u8);
    let mut layer = vec![CubieCube::SOLVED];
    for d in 1..=depth {
        let mut next = Vec::new();
        for c in &layer {
            for m in moves.iter() {
                let n = c.multiply(m);
                if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(n) {
                    e.insert(d);
                    next.push(n);
                }
            }
        }
        layer = next;
    }
    seen
}

/// The optimal solution of `c` by the search over `tables`, told of a solution of
/// `known_len` turns; it must prove it optimal.
pub fn optimal_length(tables: Arc<OptimalTables>, c: &CubieCube, known_len: usize) -> Vec<Move> {
    let cube = Cube::parse(&c.to_facelets(*b"URFDLB").to_string()).unwrap();
    let mut search = OptimalSearch::new(tables, &cube, vec![Move::from_index(0); known_len]);
    while search.run(100_000) == Status::Running {}
    assert!(search.proof().is_optimal());
    search.proof().best.clone()
}

/// Every position within six turns gets its breadth-first distance from the search over
/// `tables` (the published counts first).
pub fn every_position_within_six_turns_has_its_distance(tables: Arc<OptimalTables>) {
    let ball = ball(6);
    assert_eq!(
        ball.len(),
        1 + 18 + 243 + 3240 + 43239 + 574_908 + 7_618_438,
        "published counts (HTM)"
    );
    for (c, &d) in &ball {
        let moves = optimal_length(tables.clone(), c, d as usize + 2);
        assert_eq!(moves.len(), d as usize, "{}", format_moves(&moves));
        assert!(c.apply_all(&moves) == CubieCube::SOLVED);
    }
}

/// The search over `tables` from the two-phase solution of `state`: its best (checked on
/// the sticker model, independent of the cubie model the search works in) and whether it
/// is proven.
pub fn prove(tables: Arc<OptimalTables>, state: &str) -> (Vec<Move>, bool) {
    let cube = Cube::parse(state).unwrap();
    let two_phase = solve(&Tables::new(), &cube, 20, u64::MAX).unwrap();
    let mut search = OptimalSearch::new(tables, &cube, two_phase.clone());
    while search.run(1_000_000) == Status::Running {}
    let best = search.proof().best.clone();
    assert!(best.len() <= two_phase.len());
    assert_eq!(apply_moves(state, &format_moves(&best)).unwrap(), SOLVED);
    (best, search.proof().is_optimal())
}

/// The checkerboard is proven 6, and seeds 0 and 1 are proven 16 to 20 moves (random
/// states are nearly all 17 or 18), through [`prove`] over `tables`.
pub fn the_checkerboard_is_six_and_random_states_are_proven(tables: Arc<OptimalTables>) {
    let (moves, optimal) = prove(tables.clone(), &apply_moves(SOLVED, "M2 E2 S2").unwrap());
    assert!(optimal);
    assert_eq!(moves.len(), 6);
    for seed in [0, 1] {
        let state = puzzlelab_solver::rubik::scramble(&Tables::new(), seed).state;
        let (moves, optimal) = prove(tables.clone(), &state);
        assert!(optimal);
        assert!((16..=20).contains(&moves.len()), "{}", format_moves(&moves));
        eprintln!(
            "seed {seed}: {} moves: {}",
            moves.len(),
            format_moves(&moves)
        );
    }
}
