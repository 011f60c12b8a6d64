//! The frontier (path-structure) counter against the depth-first counter on 6x6, in one
//! run so the ratio is read off directly. Both on one thread.

use criterion::{criterion_group, criterion_main, Criterion};
use puzzlelab::solver::knight::count::{count, CountSpec};
use puzzlelab::solver::knight::frontier;

fn spec(closed: bool) -> CountSpec {
    CountSpec {
        width: 6,
        height: 6,
        start: None,
        closed,
    }
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("knight_frontier");
    group.sample_size(10);
    group.bench_function("6x6 open, all starts: frontier", |b| {
        b.iter(|| assert_eq!(frontier::count(spec(false), 1).unwrap().directed, 6_637_920))
    });
    group.bench_function("6x6 open, all starts: depth-first", |b| {
        b.iter(|| assert_eq!(count(spec(false)).unwrap().directed, 6_637_920))
    });
    group.bench_function("6x6 closed: frontier", |b| {
        b.iter(|| {
            assert_eq!(
                frontier::count(spec(true), 1).unwrap().undirected,
                Some(9_862)
            )
        })
    });
    group.bench_function("6x6 closed: depth-first", |b| {
        b.iter(|| assert_eq!(count(spec(true)).unwrap().undirected, Some(9_862)))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
