//! The optimal solver's large table (flip × sorted slice × twist, 833 MB) against
//! independent answers. Building it takes minutes on two threads and 1 GB, so these run
//! on request: `cargo test --profile checked --test rubik_flipsorted -- --ignored`.
//!
//! - Every position of the reduced puzzle (flip, sorted slice, twist) up to six turns from
//!   solved, found breadth first over the move tables (no symmetry), has its breadth-first
//!   distance in the table, and every one at seven has 7.
//! - Random positions: the table's distance equals the reduced puzzle's exact distance
//!   found by a plain iterative-deepening search, pruned by the phase-1 pair tables.
//! - A position seen through any of the sixteen symmetries reads the same distance.
//! - The batched build (a few class rows at a time, as the browser's worker builds it)
//!   gives the threaded build's table, byte for byte, through the same layers.
//! - Every cube up to six turns from solved is solved optimally, in exactly its
//!   breadth-first distance, by the search reading this table and the corner table (the
//!   command line's configuration); the checkerboard is 6; random states' proofs are
//!   checked on the sticker model.

mod rubik_common;

use std::collections::HashSet;
use std::sync::{Arc, OnceLock};

use puzzlelab_solver::rng::Rng;
use puzzlelab_solver::rubik::coord::{flip, slice, twist};
use puzzlelab_solver::rubik::cubie::{move_cubes, CubieCube};
use puzzlelab_solver::rubik::optimal::OptimalTables;
use puzzlelab_solver::rubik::optimal_tables::corners::CornerTable;
use puzzlelab_solver::rubik::optimal_tables::flipsorted::{
    slice_sorted, sorted_edges, FlipSortedBuild, FlipSortedSyms, FlipSortedTable,
};
use puzzlelab_solver::rubik::optimal_tables::ud_syms::{ud_conjugate, N_UD_SYMS};
use puzzlelab_solver::rubik::{random_cube, Tables};

const N_MOVES: usize = 18;

fn tables() -> Arc<OptimalTables> {
    static T: OnceLock<Arc<OptimalTables>> = OnceLock::new();
    T.get_or_init(|| {
        let base = Arc::new(Tables::new());
        let big = FlipSortedTable::build(&base.moves, FlipSortedSyms::new(), 2, |p| {
            eprintln!("depth {}: {} entries", p.depth, p.filled)
        });
        let corners = CornerTable::build(|_, _| {});
        Arc::new(OptimalTables::with_big_table(
            base,
            Some(corners),
            None,
            Some(big),
        ))
    })
    .clone()
}

/// A reduced position: flip, sorted slice, twist.
type Reduced = (u16, u16, u16);

fn reduce(c: &CubieCube) -> Reduced {
    (flip(&c.eo), slice_sorted(&c.ep), twist(&c.co))
}

fn turn(b: &Tables, sorted_move: &[u16], (fl, so, tw): Reduced, m: usize) -> Reduced {
    (
        b.moves.flip_move[fl as usize * N_MOVES + m],
        sorted_move[so as usize * N_MOVES + m],
        b.moves.twist_move[tw as usize * N_MOVES + m],
    )
}

fn distance(t: &OptimalTables, (fl, so, tw): Reduced) -> u8 {
    t.sorted
        .as_ref()
        .unwrap()
        .distance(&t.base.moves, fl, so, tw)
}

#[test]
#[ignore]
fn every_reduced_position_within_seven_turns_has_its_breadth_first_distance() {
    let t = tables();
    let sorted_move = &t.sorted.as_ref().unwrap().syms.sorted_move;
    let mut seen: HashSet<Reduced> = HashSet::from([(0, 0, 0)]);
    let mut layer = vec![(0u16, 0u16, 0u16)];
    for d in 0..=7u8 {
        for &p in &layer {
            assert_eq!(distance(&t, p), d, "{p:?}");
        }
        eprintln!("depth {d}: {} positions", layer.len());
        if d == 7 {
            break;
        }
        let mut next = Vec::new();
        for &p in &layer {
            for m in 0..N_MOVES {
                let q = turn(&t.base, sorted_move, p, m);
                if seen.insert(q) {
                    next.push(q);
                }
            }
        }
        layer = next;
    }
}

/// The reduced puzzle's exact distance by iterative deepening over the move tables,
/// pruned by the pair tables (exact distances of a coarser puzzle: never more).
fn reduced_distance(b: &Tables, sorted_move: &[u16], p: Reduced) -> u8 {
    fn dfs(b: &Tables, sorted_move: &[u16], p: Reduced, sl: u16, left: u8, last: usize) -> bool {
        if p == (0, 0, 0) {
            return true;
        }
        let est = b
            .phase1_distances(p.2, p.0, sl)
            .into_iter()
            .max()
            .unwrap_or(0);
        if est > left || left == 0 {
            return false;
        }
        (0..N_MOVES).filter(|&m| m / 3 != last).any(|m| {
            let q = turn(b, sorted_move, p, m);
            let sl = b.moves.slice_move[sl as usize * N_MOVES + m];
            dfs(b, sorted_move, q, sl, left - 1, m / 3)
        })
    }
    let sl = slice(&sorted_edges(p.1));
    (0..=20)
        .find(|&d| dfs(b, sorted_move, p, sl, d, usize::MAX))
        .unwrap_or(u8::MAX)
}

#[test]
#[ignore]
fn the_table_gives_the_reduced_puzzles_exact_distance() {
    let t = tables();
    let sorted_move = &t.sorted.as_ref().unwrap().syms.sorted_move;
    let moves = move_cubes();
    let mut rng = Rng::new(1618);
    let mut seen = [0usize; 16];
    for n in 0..80 {
        // Short walks and random states: every distance from 0 up.
        let len = if n < 40 { n / 3 } else { 40 };
        let c = (0..len).fold(CubieCube::SOLVED, |c, _| {
            c.multiply(&moves[rng.below(18) as usize])
        });
        let d = distance(&t, reduce(&c));
        assert_eq!(
            d,
            reduced_distance(&t.base, sorted_move, reduce(&c)),
            "walk {n}"
        );
        seen[d as usize] += 1;
    }
    eprintln!("distances seen: {seen:?}");
}

#[test]
#[ignore]
fn a_position_reads_the_same_through_every_symmetry() {
    let t = tables();
    for seed in 0..200 {
        let c = *random_cube(seed).cubie();
        let d = distance(&t, reduce(&c));
        for s in 0..N_UD_SYMS {
            assert_eq!(
                distance(&t, reduce(&ud_conjugate(&c, s))),
                d,
                "symmetry {s}"
            );
        }
    }
}

#[test]
#[ignore]
fn every_position_within_six_turns_has_its_breadth_first_distance() {
    rubik_common::every_position_within_six_turns_has_its_distance(tables());
}

#[test]
#[ignore]
fn the_checkerboard_is_six_and_random_states_are_proven() {
    rubik_common::the_checkerboard_is_six_and_random_states_are_proven(tables());
}

#[test]
#[ignore]
fn the_batched_build_gives_the_threaded_builds_table() {
    let base = Tables::new();
    // The threaded build's entries known after each layer, and its bytes' checksum.
    // (A layer's first report comes as the layer before it ends; later ones, a few times
    // a second, count its own entries so far.)
    let mut layers = vec![(0u8, 1usize)];
    let threaded = FlipSortedTable::build(&base.moves, FlipSortedSyms::new(), 2, |p| {
        if layers.last().is_some_and(|&(d, _)| d < p.depth) {
            layers.push((p.depth, p.filled));
        }
    });
    let want = FlipSortedTable::checksum(threaded.bytes());
    drop(threaded);
    eprintln!("threaded: {layers:?}");

    // Batches of uneven sizes, so they end mid-layer.
    let mut build = FlipSortedBuild::new(&base.moves, FlipSortedSyms::new());
    let mut rng = Rng::new(5);
    let mut seen = vec![(0u8, 1usize)];
    let mut fraction = 0.0f32;
    let mut layer_began = std::time::Instant::now();
    loop {
        let rows = 1 + rng.below(40_000) as usize;
        let depth = build.progress().depth;
        let done = build.step(&base.moves, rows);
        let p = build.progress();
        assert!(build.fraction() >= fraction, "the fraction never goes back");
        fraction = build.fraction();
        if p.depth != depth || done {
            eprintln!(
                "layer {depth}: {:.1} s, {} entries known after",
                layer_began.elapsed().as_secs_f64(),
                p.filled
            );
            layer_began = std::time::Instant::now();
            seen.push((p.depth, p.filled));
        }
        if done {
            break;
        }
    }
    assert_eq!(build.fraction(), 1.0);
    seen.dedup_by_key(|l| l.0);
    let table = build.finish();
    assert_eq!(FlipSortedTable::checksum(table.bytes()), want);
    // Layer by layer, the same entries known.
    assert_eq!(seen, layers);
}
