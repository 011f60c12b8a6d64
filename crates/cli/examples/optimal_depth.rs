//! Measures the optimal solver's search alone: for each seed, every opening of one depth
//! searched on one thread (no improver, no threads), with its nodes and nodes per second.
//! A change to the search's speed or its cuts shows here without the rest of a proof.
//! `cargo run --release --example optimal_depth -- DEPTH SEED...` (tables from the cache,
//! as `rubik solve --optimal` keeps them). `H16=LEVEL` reads the tetrad-slice table at
//! that level instead of the flip-sorted-slice-twist table (`rubik solve --optimal --h16`).
use std::sync::Arc;
use std::time::Instant;

use puzzlelab_cli::rubik_cache::{corner_table, flipsorted_table, h16_table};
use puzzlelab_solver::rubik::optimal::{OptimalTables, ProofTask};
use puzzlelab_solver::rubik::optimal_tables::h16::Level;
use puzzlelab_solver::rubik::scramble::random_cube;
use puzzlelab_solver::rubik::tables::Tables;
use puzzlelab_solver::StepMachine;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let depth = args.first().copied().unwrap_or(15) as u8;
    let seeds = if args.len() > 1 {
        &args[1..]
    } else {
        &[0, 1, 2][..]
    };
    let base = Arc::new(Tables::new());
    let h16 = std::env::var("H16").ok().and_then(|v| v.parse().ok());
    let tables = Arc::new(match h16.and_then(Level::new) {
        Some(level) => {
            let table = h16_table(&base, level, 2);
            OptimalTables::with_h16(base, Some(corner_table()), table)
        }
        None => {
            let sorted = flipsorted_table(&base, 2);
            OptimalTables::with_big_table(base, Some(corner_table()), None, Some(sorted))
        }
    });
    let (mut all_nodes, mut all_secs) = (0u64, 0f64);
    for &seed in seeds {
        let cube = random_cube(seed);
        let start = tables.start(cube.cubie());
        let began = Instant::now();
        let mut nodes = 0;
        let mut found = false;
        for opening in start.openings(depth, 1) {
            let mut task = ProofTask::new(tables.clone(), &start, &opening, depth);
            task.run(u64::MAX);
            nodes += task.stats().nodes;
            found |= task.solution().is_some();
        }
        let secs = began.elapsed().as_secs_f64();
        println!(
            "seed {seed} depth {depth}: {nodes} nodes in {secs:.2} s, {:.0} K nodes/s{}",
            nodes as f64 / secs / 1e3,
            if found { ", solutions found" } else { "" }
        );
        all_nodes += nodes;
        all_secs += secs;
    }
    println!(
        "all: {all_nodes} nodes in {all_secs:.2} s, {:.0} K nodes/s",
        all_nodes as f64 / all_secs / 1e3
    );
}
