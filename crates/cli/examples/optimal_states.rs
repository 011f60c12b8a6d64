//! Proves random states one after another in one process, so a big table is read once:
//! per seed (as `puzzlelab rubik scramble --seed`) the optimal length, nodes, the proof's
//! wall and CPU seconds (tables already in memory), then the median. The proof is the
//! CLI's (`rubik solve --optimal`: the two-phase bound, then `prove_on_threads` with the
//! two-phase search beside it), stopped after SECS a state.
//! `cargo run --release --example optimal_states -- FIRST LAST SECS THREADS`;
//! `H16=LEVEL` reads the tetrad-slice table at that level instead of the flip-sorted one.
use std::sync::Arc;
use std::time::Instant;

use puzzlelab_cli::rubik_cache::{corner_table, flipsorted_table, h16_table};
use puzzlelab_solver::rubik::cube::Cube;
use puzzlelab_solver::rubik::optimal::{prove_on_threads, OptimalTables};
use puzzlelab_solver::rubik::optimal_tables::h16::Level;
use puzzlelab_solver::rubik::scramble::random_cube;
use puzzlelab_solver::rubik::search::{SearchOptions, TwoPhaseSearch};
use puzzlelab_solver::rubik::tables::Tables;
use puzzlelab_solver::StepMachine;

/// The process's user and system CPU seconds so far, all threads (Linux's /proc).
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // The fields after the command's closing parenthesis; utime and stime are 14 and 15.
    let rest = stat.rsplit_once(')').map(|(_, r)| r).unwrap_or("");
    let fields: Vec<f64> = rest
        .split_whitespace()
        .skip(11)
        .take(2)
        .filter_map(|f| f.parse().ok())
        .collect();
    fields.iter().sum::<f64>() / 100.0
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    match xs.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => xs[n / 2],
        n => (xs[n / 2 - 1] + xs[n / 2]) / 2.0,
    }
}

fn main() {
    let args: Vec<f64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let arg = |i: usize, default: f64| args.get(i).copied().unwrap_or(default);
    let (first, last) = (arg(0, 0.0) as u64, arg(1, 19.0) as u64);
    let (cap, threads) = (arg(2, 120.0), arg(3, 2.0) as usize);
    let base = Arc::new(Tables::new());
    let began = Instant::now();
    let h16 = std::env::var("H16").ok().and_then(|v| v.parse().ok());
    let tables = Arc::new(match h16.and_then(Level::new) {
        Some(level) => {
            let table = h16_table(&base, level, threads);
            OptimalTables::with_h16(base.clone(), Some(corner_table()), table)
        }
        None => {
            let sorted = flipsorted_table(&base, threads);
            OptimalTables::with_big_table(base.clone(), Some(corner_table()), None, Some(sorted))
        }
    });
    // IMPROVER=0: no two-phase search beside the proof (to measure what it costs).
    let improver = std::env::var("IMPROVER").map_or(true, |v| v != "0");
    eprintln!("tables read in {:.1} s", began.elapsed().as_secs_f64());
    println!("seed\tstatus\tlength\tnodes\tproof_s\tcpu_s\timproved\tper_depth");
    let (mut proved_secs, mut all_secs) = (Vec::new(), Vec::new());
    for seed in first..=last {
        let cube: Cube = random_cube(seed);
        let (cpu, began) = (cpu_seconds(), Instant::now());
        let mut search = TwoPhaseSearch::new(base.clone(), &cube, SearchOptions::default());
        while search.best().is_none() && !search.run(100_000).is_finished() {}
        let known = search.best().map(|b| b.moves.clone()).unwrap_or_default();
        let (proof, finished, finds) = prove_on_threads(
            tables.clone(),
            &cube,
            known,
            threads,
            improver.then_some(search),
            |_| began.elapsed().as_secs_f64() < cap,
        );
        let secs = began.elapsed().as_secs_f64();
        assert!(
            cube.apply_all(&proof.best).is_solved(),
            "seed {seed}: the solution does not solve"
        );
        let optimal = finished && proof.is_optimal();
        let status = if optimal { "proven" } else { "unproven" };
        // When the two-phase search beside the proof shortened the bound, and to what.
        let improved: Vec<String> = finds
            .iter()
            .map(|f| format!("{}@{:.2}s", f.moves.len(), f.secs))
            .collect();
        let depths: Vec<String> = proof
            .per_depth
            .iter()
            .filter(|d| d.nodes > 100_000)
            .map(|d| format!("{}:{}", d.depth, d.nodes))
            .collect();
        println!(
            "{seed}\t{status}\t{}\t{}\t{secs:.2}\t{:.2}\t{}\t{}",
            if optimal {
                proof.best.len() as u8
            } else {
                proof.proven
            },
            proof.nodes,
            cpu_seconds() - cpu,
            improved.join(" "),
            depths.join(" ")
        );
        if optimal {
            proved_secs.push(secs);
        }
        all_secs.push(if optimal { secs } else { f64::INFINITY });
    }
    println!(
        "median over all {} states: {:.2} s (unproven counted as longest); {} proven",
        all_secs.len(),
        median(all_secs),
        proved_secs.len()
    );
}
