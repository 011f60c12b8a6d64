//! Drawing a 2000x2000 tour's move-order picture: the RGBA fill of a 640-pixel canvas at
//! 1x (the whole board, six squares a pixel) and zoomed 8x (a window of 250x250 squares),
//! and the per-path work before it (each square's move number). The page's own draw,
//! with putImageData and the lines, is timed in Chromium by benches/browser.mjs.

use criterion::{criterion_group, criterion_main, Criterion};
use puzzlelab_solver::board::Board;
use puzzlelab_solver::knight::construct::construct;
use puzzlelab_solver::knight::construct::layout::Layout;
use puzzlelab_solver::knight::picture::{fill, steps_by_square, tour_colour, View};
use puzzlelab_solver::palette::Palette;

fn picture(c: &mut Criterion) {
    let board = Board::new(2000, 2000).expect("valid board");
    let path = construct(board, 0, true).expect("a closed tour");
    let steps = steps_by_square(board, &path);
    let palette = Palette::viridis();
    let mut out = Vec::new();
    let mut group = c.benchmark_group("huge picture");
    group.sample_size(20);
    for zoom in [1u32, 8] {
        let view = View::fit(board, 640)
            .zoomed(zoom, (0.0, 0.0))
            .centred(1000.0, 1000.0);
        group.bench_function(format!("fill 2000x2000 at {zoom}x (640 px canvas)"), |b| {
            b.iter(|| {
                fill(
                    &view,
                    &mut out,
                    tour_colour(&steps, board.squares(), &palette, false),
                );
                out.len()
            })
        });
    }
    group.bench_function("move numbers of 2000x2000 (per path)", |b| {
        b.iter(|| steps_by_square(board, &path).len())
    });
    group.bench_function("blocks and seams of 2000x2000 (per tour)", |b| {
        b.iter(|| Layout::of_tour(board, &path).map(|l| l.seams.len()))
    });
    group.finish();
}

criterion_group!(benches, picture);
criterion_main!(benches);
