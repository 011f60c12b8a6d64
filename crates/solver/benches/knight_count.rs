//! Exhaustive knight's-tour counts on one thread (the targets: 6x6 closed within
//! 0.1 s, every open 6x6 tour from all starts within 2.6 s).

use criterion::{criterion_group, criterion_main, Criterion};
use puzzlelab_solver::knight::count::{count, CountSpec};

fn spec(closed: bool) -> CountSpec {
    CountSpec {
        width: 6,
        height: 6,
        start: None,
        closed,
    }
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("knight_count");
    group.sample_size(10);
    group.bench_function("6x6 closed (9,862 cycles)", |b| {
        b.iter(|| assert_eq!(count(spec(true)).unwrap().undirected, Some(9_862)))
    });
    group.bench_function("6x6 open, all starts (6,637,920)", |b| {
        b.iter(|| assert_eq!(count(spec(false)).unwrap().directed, 6_637_920))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
