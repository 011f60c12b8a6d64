//! 3×3×3 two-phase speed: building the tables, the time to a first solution of at most 20
//! moves over 100 seeded random states, and the mean length after a fixed search time.

use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};
use puzzlelab::solver::cube3::{random_cube, Cube, Search, SearchOptions, Tables};
use puzzlelab::solver::Status;

/// Steps between clock reads: small enough to stop on time, large enough to be free.
const BATCH: u64 = 2_000;

fn first_solution(tables: &Tables, cube: &Cube) -> u8 {
    let options = SearchOptions {
        max_length: 20,
        target_length: 20,
        directions: 6,
    };
    let mut search = Search::new(tables, cube, options);
    while search.run_with(tables, BATCH) == Status::Running {}
    search.best().map_or(0, |s| s.length)
}

fn length_after(tables: &Tables, cube: &Cube, budget: Duration) -> u8 {
    let start = Instant::now();
    let mut search = Search::new(tables, cube, SearchOptions::default());
    while start.elapsed() < budget && search.run_with(tables, BATCH) == Status::Running {}
    search.best().map_or(99, |s| s.length)
}

fn cube3(c: &mut Criterion) {
    let mut group = c.benchmark_group("cube3");
    group.sample_size(10);
    group.bench_function("tables", |b| b.iter(Tables::new));
    let tables = Tables::new();
    let cubes: Vec<Cube> = (0..100).map(random_cube).collect();

    // Time to the first solution of at most 20 moves, cycling through the 100 states.
    group.measurement_time(Duration::from_secs(20));
    let mut i = 0;
    group.bench_function("first solution <= 20 (100 random states in turn)", |b| {
        b.iter(|| {
            i = (i + 1) % cubes.len();
            first_solution(&tables, &cubes[i])
        })
    });
    group.finish();

    // Printed figures (the mean per state, and the worst), outside criterion's timing.
    let mut times: Vec<Duration> = cubes
        .iter()
        .map(|c| {
            let start = Instant::now();
            assert!(first_solution(&tables, c) <= 20);
            start.elapsed()
        })
        .collect();
    times.sort();
    let mean = times.iter().sum::<Duration>() / times.len() as u32;
    println!(
        "cube3: first solution <= 20 moves: mean {mean:?}, median {:?}, worst {:?} over {} states",
        times[times.len() / 2],
        times[times.len() - 1],
        times.len()
    );
    let budget = Duration::from_millis(
        std::env::var("CUBE3_BUDGET_MS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(1000),
    );
    let few = &cubes[..10];
    let total: u32 = few
        .iter()
        .map(|c| length_after(&tables, c, budget) as u32)
        .sum();
    println!(
        "cube3: mean length after {budget:?} of search: {:.2} over {} states",
        total as f64 / few.len() as f64,
        few.len()
    );
}

criterion_group!(benches, cube3);
criterion_main!(benches);
