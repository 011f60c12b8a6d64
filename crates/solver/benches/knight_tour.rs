//! Knight's-tour speed: Warnsdorff tours on 8x8 to 1000x1000, the all-starts map, and the
//! divide-and-conquer construction up to 2000x2000, and seeking in a recorded search of a
//! million steps (`make bench`).

use criterion::{criterion_group, criterion_main, Criterion};
use puzzlelab_solver::board::Board;
use puzzlelab_solver::knight::all_starts::AllStarts;
use puzzlelab_solver::knight::construct::construct;
use puzzlelab_solver::knight::timeline::Timeline;
use puzzlelab_solver::knight::{KnightTour, TieBreak, TourConfig};
use puzzlelab_solver::{Status, StepMachine};

fn tour(width: u32, height: u32, tie_break: TieBreak) -> usize {
    let board = Board::new(width, height).expect("valid board");
    let mut config = TourConfig::new(board, 0);
    config.rule.tie_break = tie_break;
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
    let mut slow = c.benchmark_group("knight large");
    slow.sample_size(10);
    slow.bench_function("warnsdorff+roth tour 1000x1000 from a1", |b| {
        b.iter(|| tour(1000, 1000, TieBreak::Roth))
    });
    slow.bench_function("all-starts map 64x64 (fixed ties)", |b| {
        b.iter(|| {
            let board = Board::new(64, 64).expect("valid board");
            let mut all = AllStarts::new(TourConfig::new(board, 0), u64::MAX).expect("valid");
            while !all.advance(1_000_000) {}
            all.outcomes().len()
        })
    });
    for (w, h) in [(1000, 1000), (2000, 2000), (1999, 1999), (2000, 777)] {
        let closed = w % 2 == 0 || h % 2 == 0;
        slow.bench_function(
            format!("divide-and-conquer tour {w}x{h} (closed: {closed})"),
            |b| {
                b.iter(|| {
                    let board = Board::new(w, h).expect("valid board");
                    construct(board, 0, closed).expect("built").len()
                })
            },
        );
    }
    // Strips: a closed 3-wide tour, and a 4-wide one from the middle of the long side.
    for (w, h, start, closed) in [(2000, 3, 0, true), (2000, 4, 1000, false)] {
        slow.bench_function(format!("strip tour {w}x{h} (closed: {closed})"), |b| {
            b.iter(|| {
                let board = Board::new(w, h).expect("valid board");
                construct(board, start, closed).expect("built").len()
            })
        });
    }
    // Watching a search: 7x7 from c3 with clockwise ties and plain backtracking takes
    // 1,085,316 steps. Recording it (chart and checkpoints), then seeking: the page's cost
    // of a jump on the timeline is one seek.
    let search = || {
        let board = Board::new(7, 7).expect("valid board");
        let mut config = TourConfig::new(board, board.parse_square("c3").expect("c3"));
        config.rule.backtrack = true;
        let mut t = Timeline::new(config).expect("valid");
        assert_eq!(t.run(u64::MAX), Status::Solved);
        t
    };
    slow.bench_function(
        "record a 1,085,316-step search (7x7 c3, clockwise ties)",
        |b| b.iter(|| search().steps()),
    );
    let recorded = search();
    let last = recorded.steps();
    slow.bench_function("seek to the last step of a 1,085,316-step search", |b| {
        b.iter(|| recorded.frame(last).path.len())
    });
    slow.bench_function("seek to the middle of a 1,085,316-step search", |b| {
        b.iter(|| recorded.frame(last / 2).path.len())
    });
    slow.finish();
}

criterion_group!(benches, knight_tours);
criterion_main!(benches);
