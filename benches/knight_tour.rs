//! Knight's-tour speed: a whole Warnsdorff tour on 8x8 and on 100x100 (`make bench`).

use criterion::{criterion_group, criterion_main, Criterion};
use puzzlelab::solver::board::Board;
use puzzlelab::solver::knight::{KnightTour, TieBreak, TourConfig};
use puzzlelab::solver::{Status, StepMachine};

fn tour(width: u32, height: u32, tie_break: TieBreak) -> usize {
    let board = Board::new(width, height).expect("valid board");
    let mut config = TourConfig::new(board, 0);
    config.tie_break = tie_break;
    let mut tour = KnightTour::new(config).expect("valid config");
    assert_eq!(tour.run(u64::MAX), Status::Solved);
    tour.path().len()
}

fn knight_tours(c: &mut Criterion) {
    c.bench_function("warnsdorff tour 8x8 from a1", |b| {
        b.iter(|| tour(8, 8, TieBreak::First))
    });
    c.bench_function("warnsdorff+roth tour 100x100 from a1", |b| {
        b.iter(|| tour(100, 100, TieBreak::Roth))
    });
}

criterion_group!(benches, knight_tours);
criterion_main!(benches);
