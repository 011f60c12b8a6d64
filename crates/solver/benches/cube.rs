//! Pocket-cube speed: the full distance table (also built layer by layer as a step
//! machine), one optimal solve, one weighted solve, every optimal path of an antipode.

use criterion::{criterion_group, criterion_main, Criterion};
use puzzlelab_solver::cube::corners::POSITIONS_COUNT;
use puzzlelab_solver::cube::graph::{random_antipode, OptimalPaths};
use puzzlelab_solver::cube::solve::{cheapest, solve, Costs};
use puzzlelab_solver::cube::{DistanceTable, LayerBfs, Metric, MoveTables};
use puzzlelab_solver::rng::Rng;
use puzzlelab_solver::StepMachine;

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
    group.bench_function("layer-by-layer BFS htm (step machine)", |b| {
        b.iter(|| {
            let mut bfs = LayerBfs::new(Metric::Htm, 65_536);
            while bfs.step().is_some() {}
            bfs.finish()
        })
    });
    let qtm = DistanceTable::build(&moves, Metric::Qtm);
    let antipode = random_antipode(&qtm, 1);
    group.bench_function("count every optimal path of a qtm antipode", |b| {
        b.iter(|| OptimalPaths::new(&moves, &qtm, antipode).count())
    });
    group.finish();
}

criterion_group!(benches, cube);
criterion_main!(benches);
