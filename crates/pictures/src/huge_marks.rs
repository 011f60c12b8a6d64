//! What the big board's picture draws over its squares, as vectors: the moves (boards up
//! to [`VECTOR_MOVES_UP_TO`] a side, where they are legible), divide and conquer's blocks
//! and seams when the overlay is shown, the start and the end, and the move-order legend
//! in a band under the board. In board units: one square is 1.

use puzzlelab_solver::board::Board;
use puzzlelab_solver::knight::construct::layout::Layout;
use puzzlelab_solver::palette::{Palette, VIRIDIS_STOPS};

/// Boards up to this many squares a side get their moves as vectors.
pub const VECTOR_MOVES_UP_TO: u32 = 200;

/// The legend band's height under a `board`, in squares.
pub fn band(board: Board) -> f64 {
    (board.width().max(board.height()) as f64 * 0.08).max(4.0)
}

/// Everything drawn over the squares: moves, overlay (`layout`), start and end, legend.
pub fn marks(board: Board, path: &[u32], layout: Option<&Layout>) -> String {
    let mut out = gradient();
    if board.width().max(board.height()) <= VECTOR_MOVES_UP_TO && path.len() > 1 {
        out.push_str(&moves_line(board, path));
    }
    if let Some(layout) = layout {
        out.push_str(&blocks_and_seams(board, layout));
    }
    out.push_str(&start_and_end(board, path));
    out.push_str(&legend(board, path, band(board)));
    out
}

/// The move-order scale as a gradient, for the legend.
fn gradient() -> String {
    let mut out = String::from("<defs><linearGradient id=\"move-order\">");
    for (i, &c) in VIRIDIS_STOPS.iter().enumerate() {
        out.push_str(&format!(
            "<stop offset=\"{:.3}\" stop-color=\"{}\"/>",
            i as f64 / (VIRIDIS_STOPS.len() - 1) as f64,
            Palette::hex(c)
        ));
    }
    out.push_str("</linearGradient></defs>");
    out
}

/// The centre of a square in the picture's units (the first row at the bottom).
fn centre(board: Board, sq: u32) -> (f64, f64) {
    let (x, y) = board.coords(sq);
    (x as f64 + 0.5, (board.height() - 1 - y) as f64 + 0.5)
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
        "<polyline data-moves=\"{}\" points=\"{}\" fill=\"none\" stroke=\"#14100c\" stroke-opacity=\"0.7\" stroke-width=\"0.08\" stroke-linejoin=\"round\"/>",
        path.len() - 1,
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
        "<path data-blocks=\"{}\" d=\"{d}\" fill=\"none\" stroke=\"#ffffff\" stroke-opacity=\"0.9\" stroke-width=\"{stroke}\"/>",
        layout.blocks.len()
    );
    let mut seams = String::new();
    for s in &layout.seams {
        for &(a, b) in &s.added {
            let ((ax, ay), (bx, by)) = (centre(board, a), centre(board, b));
            seams.push_str(&format!("M{ax} {ay}L{bx} {by}"));
        }
    }
    out.push_str(&format!(
        "<path data-seams=\"\" d=\"{seams}\" fill=\"none\" stroke=\"#ff2d95\" stroke-width=\"{}\" stroke-linecap=\"round\"/>",
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
            "<rect data-start=\"\" x=\"{}\" y=\"{}\" width=\"{mark}\" height=\"{mark}\" fill=\"#2ea043\" stroke=\"#ffffff\" stroke-width=\"{}\"/>",
            x - mark / 2.0,
            y - mark / 2.0,
            mark / 8.0
        ));
    }
    if let Some(&last) = path.last().filter(|_| path.len() > 1) {
        let (x, y) = centre(board, last);
        out.push_str(&format!(
            "<circle data-end=\"\" cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"#b4412f\" stroke=\"#ffffff\" stroke-width=\"{}\"/>",
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
        "<rect data-legend=\"\" x=\"0\" y=\"{bar_y}\" width=\"{w}\" height=\"{bar_h}\" fill=\"url(#move-order)\"/>"
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
