//! A big board's tour as the page's canvas paints it at zoom 1: one pixel a square (or
//! `scale`×`scale`), each visited square in its move number's colour on the move-order
//! scale (the solver's viridis palette, step 0 to the board's last), the rest the board's
//! light colour; the top rank first. As PNG (`png.rs`) and as SVG around that PNG (one
//! element per square is not sane for four million squares).

use puzzlelab_solver::board::Board;
use puzzlelab_solver::knight::construct::layout::Layout;
use puzzlelab_solver::knight::picture::{fill, steps_by_square, tour_colour, View};
use puzzlelab_solver::palette::Palette;

use crate::huge_marks;
use crate::png;
use crate::svg::Svg;

/// The pixels a square may take (PNG 2× is two).
pub const MAX_SCALE: u32 = 2;

/// The tour `path` (start first) on `board` as RGB, `scale` pixels a square.
fn pixels(board: Board, path: &[u32], scale: u32) -> Result<(u32, u32, Vec<u8>), String> {
    if !(1..=MAX_SCALE).contains(&scale) {
        return Err(format!("{scale} pixels a square (1 to {MAX_SCALE})"));
    }
    if let Some(&bad) = path.iter().find(|&&sq| sq >= board.squares()) {
        return Err(format!("square {bad} is not on the board"));
    }
    let (w, h) = (board.width(), board.height());
    let view = View::fit(board, w.max(h) * scale);
    let steps = steps_by_square(board, path);
    let palette = Palette::viridis();
    let mut rgba = Vec::new();
    fill(
        &view,
        &mut rgba,
        tour_colour(&steps, board.squares(), &palette, false),
    );
    let rgb = rgba
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    Ok((view.px_w, view.px_h, rgb))
}

/// The PNG file, with `link` in its comment.
pub fn tour_png(board: Board, path: &[u32], scale: u32, link: &str) -> Result<Vec<u8>, String> {
    let (w, h, rgb) = pixels(board, path, scale)?;
    png::encode(w, h, &rgb, link)
}

/// The SVG file: the one-pixel-a-square PNG drawn pixelated at the board's size in
/// squares, the moves, start, end and legend over it as vectors (`huge_marks.rs`), with
/// divide and conquer's blocks and seams when `blocks` (the overlay shown) and the tour
/// was built from blocks; the link in its metadata.
pub fn tour_svg(board: Board, path: &[u32], blocks: bool, link: &str) -> Result<String, String> {
    let bytes = tour_png(board, path, 1, "")?;
    let (w, h) = (board.width(), board.height());
    let title = format!(
        "Knight's tour on {w}x{h}, step {}, one pixel a square",
        path.len().saturating_sub(1)
    );
    let tall = h as f64 + huge_marks::band(board);
    let mut svg = Svg::new(w as f64, tall, &title, link, "#ffffff");
    svg.write(format_args!(
        "<image data-squares=\"{}\" width=\"{w}\" height=\"{h}\" preserveAspectRatio=\"none\" style=\"image-rendering:pixelated\" href=\"data:image/png;base64,{}\"/>",
        board.squares(),
        base64(&bytes)
    ));
    let layout = blocks.then(|| Layout::of_tour(board, path)).flatten();
    svg.push(&huge_marks::marks(board, path, layout.as_ref()));
    Ok(svg.finish())
}

/// Standard base64 with padding.
fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for group in bytes.chunks(3) {
        let n = group
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | (b as u32) << (16 - 8 * i));
        for i in 0..4 {
            if i <= group.len() {
                out.push(ABC[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_the_rfc_examples() {
        // RFC 4648, section 10.
        for (plain, coded) in [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v")] {
            assert_eq!(base64(plain.as_bytes()), coded);
        }
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
    }
}
