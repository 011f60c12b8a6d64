//! One frame's work in the search player (`make bench`): the page spends one budget per
//! animation frame on a seek (a link's far `step=`), on growing the knight's tree, and
//! draws the icicle every frame, so each of these must fit well inside a 16 ms frame.

use criterion::{criterion_group, criterion_main, Criterion};
use puzzlelab_solver::board::Board;
use puzzlelab_solver::knight::tree_search::{KnightTreeSearch, MAX_KNIGHT_TREE_NODES, TREE_BUDGET};
use puzzlelab_solver::knight::{TieBreak, TourConfig};
use puzzlelab_solver::queens::search::queens_tree;
use puzzlelab_solver::queens::QueensSearch;
use puzzlelab_solver::tree::SearchTree;
use puzzlelab_solver::watch::{Level, Player, Recording, Stop};

fn knight(w: u32, h: u32, start: &str) -> Recording<KnightTreeSearch, SearchTree> {
    let board = Board::new(w, h).expect("valid board");
    let mut config = TourConfig::new(board, board.parse_square(start).expect("square"));
    config.rule.backtrack = true;
    config.rule.tie_break = TieBreak::First;
    let machine = KnightTreeSearch::new(config).expect("valid config");
    let tree = machine.tree(MAX_KNIGHT_TREE_NODES);
    Recording::new(machine, tree)
}

fn frames(c: &mut Criterion) {
    let mut group = c.benchmark_group("search player frame");
    group.sample_size(20);
    // A queens link with step=50,000,000 on N = 16: the first tick of the seek.
    group.bench_function("queens N=16 seek, one tick", |b| {
        b.iter(|| {
            let search = QueensSearch::new(16, false).expect("valid N");
            let mut p = Player::new(search, queens_tree(16).with_max_nodes(1), 20, Level::Every);
            p.go_to(50_000_000);
            p.step()
        })
    });
    // The knight's tree on 4x7 from a1 (clockwise ties, plain backtracking: 222,167 steps):
    // one budget.
    group.bench_function("knight tree 4x7 grow one budget", |b| {
        b.iter(|| {
            let mut r = knight(4, 7, "a1");
            assert_eq!(r.run(u64::MAX, false, TREE_BUDGET), Stop::Budget);
            r.step()
        })
    });
    // The icicle drawn at the end of a 3,442-step search (5x5 from c1).
    let mut whole = knight(5, 5, "c1");
    whole.run(u64::MAX, false, u64::MAX);
    let end = whole.step();
    group.bench_function("knight tree 5x5 icicle", |b| {
        b.iter(|| whole.observer().icicle(end, 1.0 / 1500.0).cells.len())
    });
    group.finish();
}

criterion_group!(benches, frames);
criterion_main!(benches);
