//! A big board's tour as a PNG of one pixel a square, read back with the checkers' own PNG
//! reader: each square's pixel is its move number's colour on the move-order scale.

mod tours;
use tours::{constructed, tour_8x8};

use puzzlelab_checkers::png::read;
use puzzlelab_checkers::svg;
use puzzlelab_pictures::huge::tour_png;
use puzzlelab_pictures::Scene;
use puzzlelab_solver::board::Board;
use puzzlelab_solver::knight::picture::LIGHT;
use puzzlelab_solver::palette::{Palette, VIRIDIS_STOPS};

/// The pixel of square `sq` at `scale` pixels a square (top rank first).
fn pixel_of(png: &puzzlelab_checkers::png::Png, board: Board, sq: u32, scale: u32) -> [u8; 3] {
    let (x, y) = board.coords(sq);
    png.at(
        (x * scale) as usize,
        ((board.height() - 1 - y) * scale) as usize,
    )
}

#[test]
fn a_2000x2000_tour_is_one_pixel_a_square_in_move_order() {
    let (board, path) = constructed(2000, 2000);
    let link = "#/knight?board=2000x2000&start=a1";
    let started = std::time::Instant::now();
    let bytes = tour_png(board, &path, 1, link).unwrap();
    eprintln!(
        "2000x2000 PNG: {} bytes in {:?}",
        bytes.len(),
        started.elapsed()
    );
    let png = read(&bytes).unwrap();
    assert_eq!((png.width, png.height), (2000, 2000));
    assert_eq!(png.texts, vec![("Comment".into(), link.into())]);
    // The scale's ends: the start is viridis's first colour, the last move its last.
    assert_eq!(pixel_of(&png, board, path[0], 1), VIRIDIS_STOPS[0]);
    assert_eq!(
        pixel_of(&png, board, *path.last().unwrap(), 1),
        VIRIDIS_STOPS[9]
    );
    let palette = Palette::viridis();
    let total = board.squares();
    for (step, &sq) in path.iter().enumerate() {
        assert_eq!(
            pixel_of(&png, board, sq, 1),
            palette.step(step as u32, total),
            "move {} on {}",
            step + 1,
            board.name(sq)
        );
    }
}

#[test]
fn a_tour_part_way_leaves_the_rest_light_and_2x_doubles_each_square() {
    let (board, path) = constructed(300, 200);
    let shown = &path[..1000];
    let png = read(&tour_png(board, shown, 2, "").unwrap()).unwrap();
    assert_eq!((png.width, png.height), (600, 400));
    assert!(png.texts.is_empty());
    let palette = Palette::viridis();
    for (step, &sq) in shown.iter().enumerate() {
        let (x, y) = board.coords(sq);
        let (px, py) = ((x * 2) as usize, ((199 - y) * 2) as usize);
        let want = palette.step(step as u32, board.squares());
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            assert_eq!(png.at(px + dx, py + dy), want);
        }
    }
    for &sq in &path[1000..] {
        assert_eq!(pixel_of(&png, board, sq, 2), LIGHT);
    }
}

#[test]
fn the_scene_names_its_file_and_its_svg_holds_the_png_and_the_link() {
    let (board, path) = tour_8x8();
    let scene = Scene::Canvas {
        board,
        path: path[..18].to_vec(),
        blocks: false,
    };
    assert_eq!(scene.file_name("png"), "knight-8x8-a1-step-17.png");
    let link = "#/knight?board=8x8&start=a1&step=17";
    let png = read(&scene.png(1, link).unwrap().unwrap()).unwrap();
    assert_eq!(
        pixel_of(&png, board, path[17], 1),
        Palette::viridis().step(17, 64)
    );
    assert_eq!(pixel_of(&png, board, path[18], 1), LIGHT);
    let text = scene.svg(puzzlelab_pictures::Theme::Dark, link).unwrap();
    let doc = svg::read(&text).unwrap();
    let image = doc.iter().find(|e| e.name == "image").unwrap();
    assert_eq!(image.attr("data-squares"), Some("64"));
    assert!(image
        .attr("href")
        .unwrap()
        .starts_with("data:image/png;base64,"));
    let meta = doc.iter().find(|e| e.name == "link").unwrap();
    assert_eq!(meta.attr("href"), Some(link));
    // The knight's own pictures stay square by square: no PNG of their own.
    let squares = Scene::Knight { board, path };
    assert!(squares.png(1, link).is_none());
    assert!(tour_png(board, &[64], 1, "").is_err());
    assert!(tour_png(board, &[0], 3, "").is_err());
}

#[test]
fn the_svg_carries_the_moves_the_ends_the_legend_and_the_blocks_shown() {
    let (board, path) = constructed(100, 100);
    let scene = |blocks| Scene::Canvas {
        board,
        path: path.clone(),
        blocks,
    };
    let doc = svg::read(
        &scene(false)
            .svg(puzzlelab_pictures::Theme::Light, "")
            .unwrap(),
    )
    .unwrap();
    let find =
        |doc: &[svg::Element], hook: &str| doc.iter().find(|e| e.attrs.contains_key(hook)).cloned();
    // The moves as one line through the squares' centres, in the tour's order.
    let moves = find(&doc, "data-moves").unwrap();
    assert_eq!(moves.attr("data-moves"), Some("9999"));
    let points = moves.points().unwrap();
    assert_eq!(points.len(), path.len());
    for (&(x, y), &sq) in points.iter().zip(&path) {
        let (col, row) = board.coords(sq);
        assert_eq!((x - 0.5, 99.0 - (y - 0.5)), (col as f64, row as f64));
    }
    let start = find(&doc, "data-start").unwrap();
    let x: f64 = start.attr("x").unwrap().parse().unwrap();
    let width: f64 = start.attr("width").unwrap().parse().unwrap();
    assert_eq!(x + width / 2.0, 0.5, "the start is a1's centre");
    assert!(find(&doc, "data-end").is_some());
    assert!(find(&doc, "data-legend").is_some());
    let legend: Vec<_> = doc.iter().filter(|e| e.name == "text").collect();
    assert_eq!(legend.len(), 2, "move 1 and the last move named");
    assert!(
        find(&doc, "data-blocks").is_none(),
        "no overlay unless shown"
    );
    // The overlay shown: the blocks divide and conquer built the tour from, and its seams.
    let layout =
        puzzlelab_solver::knight::construct::layout::Layout::of_tour(board, &path).unwrap();
    let doc = svg::read(
        &scene(true)
            .svg(puzzlelab_pictures::Theme::Light, "")
            .unwrap(),
    )
    .unwrap();
    let blocks = find(&doc, "data-blocks").unwrap();
    assert_eq!(
        blocks.attr("data-blocks"),
        Some(layout.blocks.len().to_string().as_str())
    );
    assert!(layout.blocks.len() > 1);
    assert!(find(&doc, "data-seams").is_some());
}
