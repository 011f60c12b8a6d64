//! The tetrad-slice table (level 0, 1.33 GB) against independent answers. Building it
//! takes minutes on two threads, so these run on request:
//! `cargo test -p puzzlelab-solver --profile checked --test rubik_h16 -- --ignored`
//! (the coordinates' own checks, fast, are unit tests in
//! `crates/solver/src/rubik/optimal_tables/h16.rs`).
//!
//! - Every position of the reduced puzzle (its coordinates) up to seven turns from solved,
//!   found breadth first over the move tables (no symmetry), has its breadth-first
//!   distance in the table.
//! - A position seen through any of the sixteen symmetries reads the same distance.
//! - Every cube up to six turns from solved is solved optimally, in exactly its
//!   breadth-first distance, by the search reading this table and the corner table; the
//!   checkerboard is 6; random states' proofs are checked on the sticker model.

mod rubik_common;

use std::collections::HashSet;
use std::sync::{Arc, OnceLock};

use puzzlelab_solver::rubik::optimal::OptimalTables;
use puzzlelab_solver::rubik::optimal_tables::corners::CornerTable;
use puzzlelab_solver::rubik::optimal_tables::h16::{H16Coords, H16Syms, H16Table, Level};
use puzzlelab_solver::rubik::optimal_tables::ud_syms::{ud_conjugate, N_UD_SYMS};
use puzzlelab_solver::rubik::{random_cube, Tables};

const N_MOVES: usize = 18;

fn tables() -> Arc<OptimalTables> {
    static T: OnceLock<Arc<OptimalTables>> = OnceLock::new();
    T.get_or_init(|| {
        let base = Arc::new(Tables::new());
        let level = Level::new(0).unwrap();
        let began = std::time::Instant::now();
        let big = H16Table::build(&base.moves, H16Syms::new(level), 2, |p| {
            eprintln!("depth {}: {} of {} entries", p.depth, p.filled, p.entries)
        });
        eprintln!("built in {:.0} s", began.elapsed().as_secs_f64());
        let corners = CornerTable::build(|_, _| {});
        Arc::new(OptimalTables::with_h16(base, Some(corners), big))
    })
    .clone()
}

fn h16(t: &OptimalTables) -> &H16Table {
    t.h16.as_ref().unwrap()
}

#[test]
#[ignore]
fn every_reduced_position_within_seven_turns_has_its_breadth_first_distance() {
    let t = tables();
    let h = h16(&t);
    let zero = H16Coords::default();
    let mut seen: HashSet<H16Coords> = HashSet::from([zero]);
    let mut layer = vec![zero];
    for d in 0..=7u8 {
        for p in &layer {
            assert_eq!(h.distance(&t.base.moves, p), d, "{p:?}");
        }
        eprintln!("depth {d}: {} positions", layer.len());
        if d == 7 {
            break;
        }
        let mut next = Vec::new();
        for p in &layer {
            for m in 0..N_MOVES {
                let q = p.after(&h.syms, &t.base.moves, m);
                if seen.insert(q) {
                    next.push(q);
                }
            }
        }
        layer = next;
    }
}

#[test]
#[ignore]
fn a_position_reads_the_same_through_every_symmetry() {
    let t = tables();
    let h = h16(&t);
    for seed in 0..200 {
        let c = *random_cube(seed).cubie();
        let d = h.distance(&t.base.moves, &H16Coords::of(&h.syms, &c));
        for s in 0..N_UD_SYMS {
            let e = ud_conjugate(&c, s);
            let read = h.distance(&t.base.moves, &H16Coords::of(&h.syms, &e));
            assert_eq!(read, d, "symmetry {s}");
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
