//! The big-board picture as files. PNG: the canvas picture of the whole board (eight
//! pixels a square up to 2,400 pixels, then one a square), overlay included if it is on.
//!
//! SVG: one `<rect>` per square is not sane for millions of squares, so the squares'
//! colours are one embedded PNG (`<image>`, one pixel a square, drawn pixelated), and what
//! is drawn over them stays vector: the moves (boards up to 200 a side, where they are
//! legible), the blocks and seams when the overlay is on, the start and the end, and the
//! legend. Same picture, and a size that grows with the board's pixels, not its elements.

use wasm_bindgen::JsCast;

use puzzlelab_solver::board::Board;
use puzzlelab_solver::knight::construct::layout::Layout;
use puzzlelab_solver::palette::{Palette, VIRIDIS_STOPS};

/// Boards up to this many squares a side get their moves as vectors.
const VECTOR_MOVES_UP_TO: u32 = 200;

/// The SVG text: `raster` is the squares' PNG data URL.
pub fn picture_svg(
    board: Board,
    raster: &str,
    path: &[u32],
    layout: Option<&Layout>,
    _palette: &Palette,
) -> String {
    let (w, h) = (board.width(), board.height());
    let long = w.max(h) as f64;
    let band = (long * 0.08).max(4.0);
    let mut out = head_and_squares(board, raster, band);
    if w.max(h) <= VECTOR_MOVES_UP_TO && path.len() > 1 {
        out.push_str(&moves_line(board, path));
    }
    if let Some(layout) = layout {
        out.push_str(&blocks_and_seams(board, layout));
    }
    out.push_str(&start_and_end(board, path));
    out.push_str(&legend(board, path, band));
    out.push_str("</svg>");
    out
}

/// The centre of a square in the picture's units (the first row at the bottom).
fn centre(board: Board, sq: u32) -> (f64, f64) {
    let (x, y) = board.coords(sq);
    (x as f64 + 0.5, (board.height() - 1 - y) as f64 + 0.5)
}

/// The opening tag (`band` more units below the board for the legend), the legend's
/// gradient, a white page and the squares' picture.
fn head_and_squares(board: Board, raster: &str, band: f64) -> String {
    let (w, h) = (board.width(), board.height());
    let total_h = h as f64 + band;
    let scale = (1200.0 / w.max(h) as f64).max(1.0);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {total_h}\" width=\"{:.0}\" height=\"{:.0}\">",
        w as f64 * scale,
        total_h * scale
    );
    out.push_str("<defs><linearGradient id=\"move-order\">");
    for (i, &c) in VIRIDIS_STOPS.iter().enumerate() {
        out.push_str(&format!(
            "<stop offset=\"{:.3}\" stop-color=\"{}\"/>",
            i as f64 / (VIRIDIS_STOPS.len() - 1) as f64,
            Palette::hex(c)
        ));
    }
    out.push_str("</linearGradient></defs>");
    out.push_str(&format!(
        "<rect width=\"{w}\" height=\"{total_h}\" fill=\"#ffffff\"/><image href=\"{raster}\" x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" preserveAspectRatio=\"none\" style=\"image-rendering:pixelated\"/>"
    ));
    out
}

/// The tour's moves as one line through the squares' centres.
fn moves_line(board: Board, path: &[u32]) -> String {
    let points: Vec<String> = path
        .iter()
        .map(|&sq| {
            let (x, y) = centre(board, sq);
            format!("{x},{y}")
        })
        .collect();
    format!(
        "<polyline points=\"{}\" fill=\"none\" stroke=\"#14100c\" stroke-opacity=\"0.7\" stroke-width=\"0.08\" stroke-linejoin=\"round\"/>",
        points.join(" ")
    )
}

/// The overlay: the blocks' outlines and the moves that join them.
fn blocks_and_seams(board: Board, layout: &Layout) -> String {
    let h = board.height();
    let stroke = (board.width().max(h) as f64 / 1000.0).max(0.12);
    let mut d = String::new();
    for b in &layout.blocks {
        d.push_str(&format!(
            "M{} {}h{}v{}h-{}Z",
            b.x,
            h - b.y - b.h,
            b.w,
            b.h,
            b.w
        ));
    }
    let mut out = format!(
        "<path d=\"{d}\" fill=\"none\" stroke=\"#ffffff\" stroke-opacity=\"0.9\" stroke-width=\"{stroke}\"/>"
    );
    let mut seams = String::new();
    for s in &layout.seams {
        for &(a, b) in &s.added {
            let ((ax, ay), (bx, by)) = (centre(board, a), centre(board, b));
            seams.push_str(&format!("M{ax} {ay}L{bx} {by}"));
        }
    }
    out.push_str(&format!(
        "<path d=\"{seams}\" fill=\"none\" stroke=\"#ff2d95\" stroke-width=\"{}\" stroke-linecap=\"round\"/>",
        stroke * 2.0
    ));
    out
}

/// The start (a square) and, once the knight has moved, the end (a disc).
fn start_and_end(board: Board, path: &[u32]) -> String {
    let mark = (board.width().max(board.height()) as f64 / 150.0).max(0.6);
    let mut out = String::new();
    if let Some(&first) = path.first() {
        let (x, y) = centre(board, first);
        out.push_str(&format!(
            "<rect x=\"{}\" y=\"{}\" width=\"{mark}\" height=\"{mark}\" fill=\"#2ea043\" stroke=\"#ffffff\" stroke-width=\"{}\"/>",
            x - mark / 2.0,
            y - mark / 2.0,
            mark / 8.0
        ));
    }
    if let Some(&last) = path.last().filter(|_| path.len() > 1) {
        let (x, y) = centre(board, last);
        out.push_str(&format!(
            "<circle cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"#b4412f\" stroke=\"#ffffff\" stroke-width=\"{}\"/>",
            mark * 0.45,
            mark / 8.0
        ));
    }
    out
}

/// The legend: the scale from move 1 to the last move, with the squares named.
fn legend(board: Board, path: &[u32], band: f64) -> String {
    let (w, h) = (board.width(), board.height());
    let (bar_y, bar_h, font) = (h as f64 + band * 0.15, band * 0.3, band * 0.3);
    let mut out = format!(
        "<rect x=\"0\" y=\"{bar_y}\" width=\"{w}\" height=\"{bar_h}\" fill=\"url(#move-order)\"/>"
    );
    let label = |i: usize| {
        path.get(i)
            .map(|&sq| format!(" ({})", board.name(sq)))
            .unwrap_or_default()
    };
    let text_y = bar_y + bar_h + font * 1.1;
    out.push_str(&format!(
        "<text x=\"0\" y=\"{text_y}\" font-size=\"{font}\" font-family=\"sans-serif\">move 1{}</text>",
        label(0)
    ));
    out.push_str(&format!(
        "<text x=\"{w}\" y=\"{text_y}\" font-size=\"{font}\" font-family=\"sans-serif\" text-anchor=\"end\">move {}{}</text>",
        board.squares(),
        label(board.squares() as usize - 1)
    ));
    out
}

/// Saves `url` as `name` (a link clicked for the person).
pub fn download(url: &str, name: &str) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Some(a) = doc
        .create_element("a")
        .ok()
        .and_then(|a| a.dyn_into::<web_sys::HtmlElement>().ok())
    else {
        return;
    };
    let _ = a.set_attribute("href", url);
    let _ = a.set_attribute("download", name);
    a.click();
}
