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
    let total_h = h as f64 + band;
    let scale = (1200.0 / long).max(1.0);
    let centre = |sq: u32| {
        let (x, y) = board.coords(sq);
        (x as f64 + 0.5, (h - 1 - y) as f64 + 0.5)
    };
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
    if w.max(h) <= VECTOR_MOVES_UP_TO && path.len() > 1 {
        let points: Vec<String> = path
            .iter()
            .map(|&sq| {
                let (x, y) = centre(sq);
                format!("{x},{y}")
            })
            .collect();
        out.push_str(&format!(
            "<polyline points=\"{}\" fill=\"none\" stroke=\"#14100c\" stroke-opacity=\"0.7\" stroke-width=\"0.08\" stroke-linejoin=\"round\"/>",
            points.join(" ")
        ));
    }
    if let Some(layout) = layout {
        let stroke = (long / 1000.0).max(0.12);
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
        out.push_str(&format!(
            "<path d=\"{d}\" fill=\"none\" stroke=\"#ffffff\" stroke-opacity=\"0.9\" stroke-width=\"{stroke}\"/>"
        ));
        let mut seams = String::new();
        for s in &layout.seams {
            for &(a, b) in &s.added {
                let ((ax, ay), (bx, by)) = (centre(a), centre(b));
                seams.push_str(&format!("M{ax} {ay}L{bx} {by}"));
            }
        }
        out.push_str(&format!(
            "<path d=\"{seams}\" fill=\"none\" stroke=\"#ff2d95\" stroke-width=\"{}\" stroke-linecap=\"round\"/>",
            stroke * 2.0
        ));
    }
    let mark = (long / 150.0).max(0.6);
    if let Some(&first) = path.first() {
        let (x, y) = centre(first);
        out.push_str(&format!(
            "<rect x=\"{}\" y=\"{}\" width=\"{mark}\" height=\"{mark}\" fill=\"#2ea043\" stroke=\"#ffffff\" stroke-width=\"{}\"/>",
            x - mark / 2.0,
            y - mark / 2.0,
            mark / 8.0
        ));
    }
    if let Some(&last) = path.last().filter(|_| path.len() > 1) {
        let (x, y) = centre(last);
        out.push_str(&format!(
            "<circle cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"#b4412f\" stroke=\"#ffffff\" stroke-width=\"{}\"/>",
            mark * 0.45,
            mark / 8.0
        ));
    }
    // The legend: the scale from move 1 to the last move, with the squares named.
    let (bar_y, bar_h, font) = (h as f64 + band * 0.15, band * 0.3, band * 0.3);
    out.push_str(&format!(
        "<rect x=\"0\" y=\"{bar_y}\" width=\"{w}\" height=\"{bar_h}\" fill=\"url(#move-order)\"/>"
    ));
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
    out.push_str("</svg>");
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
