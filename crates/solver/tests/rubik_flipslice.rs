//! The optimal solver's flip × slice × twist table against independent answers. Building
//! the table takes seconds, but most of these search long, so they run on request:
//! `cargo test --profile checked --test rubik_flipslice -- --ignored` (one, the search's
//! siblings worked out together, runs in `make test`).
//!
//! - Its distance for random positions equals phase 1's exact distance found by a plain
//!   iterative-deepening search over the twist, flip and slice move tables (no symmetry).
//! - Every position up to six turns from solved (breadth first) is solved optimally, in
//!   exactly its breadth-first distance, by the search reading the table and the corner
//!   table (the command line's configuration).
//! - The checkerboard is 6; the superflip's result is printed (20 expected).

mod rubik_common;

use std::sync::{Arc, OnceLock};

use puzzlelab_checkers::sticker::{checker_apply, checker_solved};
use puzzlelab_solver::rng::Rng;
use puzzlelab_solver::rubik::coord::{flip, slice, twist};
use puzzlelab_solver::rubik::cubie::{move_cubes, CubieCube};
use puzzlelab_solver::rubik::optimal::{OptimalSearch, OptimalTables};
use puzzlelab_solver::rubik::optimal_tables::corners::CornerTable;
use puzzlelab_solver::rubik::optimal_tables::flipslice::{FlipSliceSyms, FlipSliceTable};
use puzzlelab_solver::rubik::{apply_moves, format_moves, Cube, Move, Tables, SOLVED};
use puzzlelab_solver::{Status, StepMachine};
use rubik_common::ball;

const N_MOVES: usize = 18;

fn tables() -> Arc<OptimalTables> {
    static T: OnceLock<Arc<OptimalTables>> = OnceLock::new();
    T.get_or_init(|| {
        let base = Arc::new(Tables::new());
        let big = FlipSliceTable::build(&base.moves, FlipSliceSyms::new(), 2, |p| {
            eprintln!("depth {}: {} entries", p.depth, p.filled)
        });
        // The command line's tables: flip × slice × twist and the corner table.
        let corners = CornerTable::build(|_, _| {});
        Arc::new(OptimalTables::with_flipslice(
            base,
            Some(corners),
            Some(big),
        ))
    })
    .clone()
}

/// Phase 1's exact distance by iterative deepening over the move tables, pruned by the
/// pair tables (which never overestimate).
fn phase1_distance(b: &Tables, tw: u16, fl: u16, sl: u16) -> u8 {
    fn dfs(b: &Tables, tw: u16, fl: u16, sl: u16, left: u8) -> bool {
        if (tw, fl, sl) == (0, 0, 0) {
            return true;
        }
        let est = b
            .phase1_distances(tw, fl, sl)
            .into_iter()
            .max()
            .unwrap_or(0);
        if est > left || left == 0 {
            return false;
        }
        (0..N_MOVES).any(|m| {
            dfs(
                b,
                b.moves.twist_move[tw as usize * N_MOVES + m],
                b.moves.flip_move[fl as usize * N_MOVES + m],
                b.moves.slice_move[sl as usize * N_MOVES + m],
                left - 1,
            )
        })
    }
    (0..=20).find(|&d| dfs(b, tw, fl, sl, d)).unwrap_or(u8::MAX)
}

#[test]
#[ignore]
fn the_table_gives_phase_ones_exact_distance() {
    let t = tables();
    let big = t.flipslice.as_ref().unwrap();
    let moves = move_cubes();
    let mut rng = Rng::new(2718);
    let mut seen = [0usize; 13];
    for n in 0..150 {
        // Short walks and random states: every distance from 0 up.
        let len = if n < 60 { n / 5 } else { 40 };
        let c = (0..len).fold(CubieCube::SOLVED, |c, _| {
            c.multiply(&moves[rng.below(18) as usize])
        });
        let (tw, fl, sl) = (twist(&c.co), flip(&c.eo), slice(&c.ep));
        let d = big.distance(&t.base.moves, fl, sl, tw);
        assert_eq!(d, phase1_distance(&t.base, tw, fl, sl), "walk {n}");
        seen[d as usize] += 1;
    }
    eprintln!("distances seen: {seen:?}");
}

fn optimal_length(c: &CubieCube, known_len: usize) -> Vec<Move> {
    rubik_common::optimal_length(tables(), c, known_len)
}

#[test]
#[ignore]
fn every_position_within_six_turns_has_its_breadth_first_distance() {
    rubik_common::every_position_within_six_turns_has_its_distance(tables());
}

/// In `make test` (the tables build in seconds): the search that reads this table works
/// out a node's children together with its next siblings' (`BATCH` in the solver), so a
/// sibling's children wait on their height until it is entered; random positions up to
/// seven turns deep get their breadth-first distance (five) or the answer of the pair
/// tables' search (six and seven, which shares none of the big table's reads), each
/// solution checked on the sticker model.
#[test]
fn siblings_searched_together_keep_every_shortest_solution() {
    let ball = ball(5);
    let mut five: Vec<(&CubieCube, u8)> = ball.iter().map(|(c, &d)| (c, d)).collect();
    five.sort_by_key(|(c, _)| c.to_facelets(*b"URFDLB").to_string());
    let mut rng = Rng::new(43);
    let check = |c: &CubieCube, want: usize| {
        let moves = optimal_length(c, want + 2);
        assert_eq!(moves.len(), want, "{}", format_moves(&moves));
        let state = c.to_facelets(*b"URFDLB").to_string();
        assert!(checker_solved(&checker_apply(
            &state,
            &format_moves(&moves)
        )));
    };
    for _ in 0..300 {
        let (c, d) = five[rng.below(five.len() as u64) as usize];
        check(c, d as usize);
    }
    let pair_tables = Arc::new(OptimalTables::new(Arc::new(Tables::new()), None));
    let moves = move_cubes();
    for turns in [6, 7, 7, 7] {
        let c = (0..turns).fold(CubieCube::SOLVED, |c, _| {
            c.multiply(&moves[rng.below(N_MOVES as u64) as usize])
        });
        let cube = Cube::parse(&c.to_facelets(*b"URFDLB").to_string()).unwrap();
        let mut small = OptimalSearch::new(
            pair_tables.clone(),
            &cube,
            vec![Move::from_index(0); turns + 1],
        );
        while small.run(1_000_000) == Status::Running {}
        assert!(small.proof().is_optimal());
        check(&c, small.proof().best.len());
    }
}

/// In `make test`: the search reads the big tables' bytes either in loops of their own
/// (as in WebAssembly, which has no prefetch) or each where it is used (natively, after
/// prefetches); both visit the same nodes and prove the same solutions, each checked on
/// the sticker model.
#[test]
fn reading_the_tables_ahead_or_in_place_searches_the_same_nodes() {
    let shared = tables();
    let copy = |ahead: bool| {
        let flipslice = shared.flipslice.as_ref().unwrap().bytes().to_vec();
        let corners = shared.corners.as_ref().unwrap().bytes().to_vec();
        let mut t = OptimalTables::with_flipslice(
            shared.base.clone(),
            CornerTable::from_bytes(corners),
            FlipSliceTable::from_bytes(FlipSliceSyms::new(), flipslice).ok(),
        );
        t.set_read_ahead(ahead);
        Arc::new(t)
    };
    let (ahead, in_place) = (copy(true), copy(false));
    let moves = move_cubes();
    let mut rng = Rng::new(7);
    for turns in [8, 9, 10] {
        let c = (0..turns).fold(CubieCube::SOLVED, |c, _| {
            c.multiply(&moves[rng.below(N_MOVES as u64) as usize])
        });
        let state = c.to_facelets(*b"URFDLB").to_string();
        let cube = Cube::parse(&state).unwrap();
        let run = |t: &Arc<OptimalTables>| {
            let mut search = OptimalSearch::new(t.clone(), &cube, vec![Move::from_index(0); 21]);
            while search.run(1_000_000) == Status::Running {}
            assert!(search.proof().is_optimal());
            (search.proof().best.clone(), search.stats().nodes)
        };
        let (best, nodes) = run(&ahead);
        assert_eq!((best.clone(), nodes), run(&in_place), "{state}");
        assert!(best.len() <= turns && nodes > 0);
        assert!(checker_solved(&checker_apply(&state, &format_moves(&best))));
    }
}

fn prove(state: &str) -> (Vec<Move>, bool) {
    rubik_common::prove(tables(), state)
}

#[test]
#[ignore]
fn the_checkerboard_is_six() {
    let (moves, optimal) = prove(&apply_moves(SOLVED, "M2 E2 S2").unwrap());
    assert!(optimal);
    assert_eq!(moves.len(), 6);
}

/// A report, not a check: proving 20 means exhausting depth 19 (hours).
#[test]
#[ignore]
fn superflip_report() {
    let superflip = "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2";
    let (moves, optimal) = prove(&apply_moves(SOLVED, superflip).unwrap());
    eprintln!(
        "superflip: {} moves, optimal {optimal}: {}",
        moves.len(),
        format_moves(&moves)
    );
}
