//! The frontier (path-structure) counter against the depth-first counter on 6x6, in one
//! run so the ratio is read off directly. Both on one thread. Then the sweep in 16-byte
//! entries with one shared table (what `count` runs) against `frontier::run`'s
//! per-thread tables merged after each layer, on 6x7 closed, both on two threads.
//!
//! The chessboard itself (8x8 closed, 13,267,364,410,532 cycles) is far too long for a
//! benchmark: it is the ignored test `eight_by_eight_closed` in tests/knight_frontier.rs.

use criterion::{criterion_group, criterion_main, Criterion};
use puzzlelab_solver::knight::count::{count, CountSpec};
use puzzlelab_solver::knight::frontier;

/// The 6x6 board's tours, all starts.
fn six_by_six(closed: bool) -> CountSpec {
    CountSpec::new(6, 6, None, closed)
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("knight_frontier");
    group.sample_size(10);
    group.bench_function("6x6 open, all starts: frontier", |b| {
        b.iter(|| {
            assert_eq!(
                frontier::count(six_by_six(false), 1).unwrap().directed,
                6_637_920
            )
        })
    });
    group.bench_function("6x6 open, all starts: depth-first", |b| {
        b.iter(|| assert_eq!(count(six_by_six(false)).unwrap().directed, 6_637_920))
    });
    group.bench_function("6x6 closed: frontier", |b| {
        b.iter(|| {
            assert_eq!(
                frontier::count(six_by_six(true), 1).unwrap().undirected,
                Some(9_862)
            )
        })
    });
    group.bench_function("6x6 closed: depth-first", |b| {
        b.iter(|| assert_eq!(count(six_by_six(true)).unwrap().undirected, Some(9_862)))
    });
    let closed67 = CountSpec {
        width: 6,
        height: 7,
        start: None,
        closed: true,
    };
    let oracle = frontier::Sweep::new(closed67).unwrap();
    group.bench_function("6x7 closed: 16-byte sweep, 2 threads", |b| {
        b.iter(|| {
            let sweep = frontier::Sweep {
                part: None,
                ..oracle.clone()
            };
            let r = frontier::run_watched(sweep, 2, &mut |_| true).unwrap();
            assert_eq!(r.undirected, Some(1_067_638))
        })
    });
    group.bench_function(
        "6x7 closed: per-thread tables merged (frontier::run), 2 threads",
        |b| {
            b.iter(|| {
                assert_eq!(
                    frontier::run(&oracle, 2).unwrap().undirected,
                    Some(1_067_638)
                )
            })
        },
    );
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
