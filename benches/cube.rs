//! Pocket-cube speed: the full distance table, one optimal solve, one weighted solve.

use criterion::{criterion_group, criterion_main, Criterion};
use puzzlelab::solver::cube::corners::POSITIONS_COUNT;
use puzzlelab::solver::cube::scramble::Rng;
use puzzlelab::solver::cube::solve::{cheapest, solve, Costs};
use puzzlelab::solver::cube::{DistanceTable, Metric, MoveTables};

fn cube(c: &mut Criterion) {
    let moves = MoveTables::new();
    let mut group = c.benchmark_group("cube");
    group.sample_size(20);
    group.bench_function("move tables", |b| b.iter(MoveTables::new));
    for metric in [Metric::Htm, Metric::Qtm] {
        group.bench_function(format!("distance table {}", metric.as_str()), |b| {
            b.iter(|| DistanceTable::build(&moves, metric))
        });
    }
    let table = DistanceTable::build(&moves, Metric::Htm);
    let mut rng = Rng::new(1);
    let positions: Vec<u32> = (0..1000)
        .map(|_| rng.below(POSITIONS_COUNT as u64) as u32)
        .collect();
    let mut i = 0;
    group.bench_function("optimal solve htm (table built)", |b| {
        b.iter(|| {
            i = (i + 1) % positions.len();
            solve(&moves, &table, positions[i])
        })
    });
    let costs = Costs {
        clockwise: 1,
        counter_clockwise: 2,
        half: 2,
    };
    group.bench_function("weighted solve (ccw costs 2)", |b| {
        b.iter(|| {
            i = (i + 1) % positions.len();
            cheapest(&moves, positions[i], costs)
        })
    });
    group.finish();
}

criterion_group!(benches, cube);
criterion_main!(benches);
