//! 3×3×3 two-phase speed: building the tables, the time to a first solution of at most 20
//! moves over 100 seeded random states, and the mean length after a fixed search time
//! (the same measurement as `puzzlelab rubik speed` and, in wasm, benches/rubik_browser.mjs).

use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};
use puzzlelab_solver::rubik::speed::{first_solution, measure};
use puzzlelab_solver::rubik::Tables;

fn rubik(c: &mut Criterion) {
    let mut group = c.benchmark_group("rubik");
    group.sample_size(10);
    group.bench_function("tables", |b| b.iter(Tables::new));
    let tables = Tables::new();

    // Time to the first solution of at most 20 moves, cycling through states 0..99.
    group.measurement_time(Duration::from_secs(20));
    let mut seed = 0;
    group.bench_function("first solution <= 20 (100 random states in turn)", |b| {
        b.iter(|| {
            seed = (seed + 1) % 100;
            first_solution(&tables, seed)
        })
    });
    group.finish();

    // Printed figures (mean, median and worst per state; length after a budget), outside
    // criterion's timing.
    let budget: f64 = std::env::var("CUBE3_BUDGET_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000.0);
    let clock = Instant::now();
    let now = || clock.elapsed().as_secs_f64() * 1000.0;
    let r = measure(100, 10, budget, None, &now);
    assert!(r.first_mean_length <= 20.0);
    println!(
        "rubik: tables {:.0} ms; first solution <= 20 moves: mean {:.2} ms, median {:.2} ms, \
         worst {:.2} ms, mean length {:.2} over {} states; mean length after {} ms: {:.2} \
         over {} states",
        r.tables_ms,
        r.first_mean_ms,
        r.first_median_ms,
        r.first_worst_ms,
        r.first_mean_length,
        r.states,
        r.after_ms,
        r.after_mean_length,
        r.after_states
    );
}

criterion_group!(benches, rubik);
criterion_main!(benches);
