//! Exhaustive knight's-tour counts on one thread (the targets: 6x6 closed within
//! 0.1 s, every open 6x6 tour from all starts within 2.6 s).

use criterion::{criterion_group, criterion_main, Criterion};
use puzzlelab_solver::knight::count::{count, CountSpec};

/// The 6x6 board's tours, all starts.
fn six_by_six(closed: bool) -> CountSpec {
    CountSpec::new(6, 6, None, closed)
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("knight_count");
    group.sample_size(10);
    group.bench_function("6x6 closed (9,862 cycles)", |b| {
        b.iter(|| assert_eq!(count(six_by_six(true)).unwrap().undirected, Some(9_862)))
    });
    group.bench_function("6x6 open, all starts (6,637,920)", |b| {
        b.iter(|| assert_eq!(count(six_by_six(false)).unwrap().directed, 6_637_920))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
