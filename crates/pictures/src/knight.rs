//! The knight's board at a step, as the page draws it: one `rect` per square
//! (`data-square`, and `data-step` once visited, washed lighter), the path as a line
//! under the move numbers, the last move bold with a dot on the knight's square, and the
//! knight's square framed in the accent colour.

use puzzlelab_solver::board::Board;

use crate::number_chip::{number_chip, ChipColours};
use crate::svg::{escape, num, Svg};
use crate::theme::{fixed, split_alpha, wash, Theme};

/// One square's side, in pixels at 1×.
pub const CELL: f64 = 40.0;
/// The longest side the page draws square by square (longer: its canvas).
pub const MAX_SIDE: u32 = 64;
/// The largest board drawn square by square (64×64, as the page's SVG export).
pub const MAX_SQUARES: u32 = 64 * 64;

/// The board with `path` (start first, up to the step shown) drawn on it.
pub fn knight(board: Board, path: &[u32], theme: Theme, link: &str) -> Result<String, String> {
    if board.squares() > MAX_SQUARES {
        return Err(format!(
            "a {}x{} board has too many squares for a picture square by square (at most {MAX_SQUARES})",
            board.width(),
            board.height()
        ));
    }
    if let Some(&bad) = path.iter().find(|&&sq| sq >= board.squares()) {
        return Err(format!("square {bad} is not on the board"));
    }
    let c = theme.colours();
    let (w, h) = (board.width(), board.height());
    let title = format!("Knight's tour on {w}x{h}, step {}", step(path));
    let mut svg = Svg::new(w as f64 * CELL, h as f64 * CELL, &title, link, c.bg);
    let mut step_of = vec![0usize; board.squares() as usize];
    for (i, &sq) in path.iter().enumerate() {
        step_of[sq as usize] = i + 1;
    }
    svg.push("<g data-layer=\"squares\">");
    for sq in 0..board.squares() {
        let (x, y) = corner(board, sq);
        let (col, row) = board.coords(sq);
        let base = if (col + row) % 2 == 0 {
            c.dark
        } else {
            c.light
        };
        let step = step_of[sq as usize];
        let (fill, step_attr) = match step {
            0 => (base.to_string(), String::new()),
            s => (
                wash(base, fixed::VISITED_WASH),
                format!(" data-step=\"{s}\""),
            ),
        };
        svg.write(format_args!(
            "<rect data-square=\"{}\"{step_attr} x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\"/>",
            escape(&board.name(sq)),
            num(x),
            num(y)
        ));
    }
    svg.push("</g>");
    path_lines(&mut svg, board, path, c.line);
    numbers(&mut svg, board, path, theme);
    Ok(svg.finish())
}

/// Top-left corner of a square (a1 bottom left).
fn corner(board: Board, sq: u32) -> (f64, f64) {
    let (x, y) = board.coords(sq);
    (x as f64 * CELL, (board.height() - 1 - y) as f64 * CELL)
}

fn centre(board: Board, sq: u32) -> (f64, f64) {
    let (x, y) = corner(board, sq);
    (x + CELL / 2.0, y + CELL / 2.0)
}

/// The path through the squares' centres; the last move bold, ending in a dot.
fn path_lines(svg: &mut Svg, board: Board, path: &[u32], line: &str) {
    let points: Vec<String> = path
        .iter()
        .map(|&sq| {
            let (x, y) = centre(board, sq);
            format!("{},{}", num(x), num(y))
        })
        .collect();
    svg.write(format_args!(
        "<polyline data-layer=\"path\" points=\"{}\" fill=\"none\" stroke=\"{line}\" stroke-width=\"{}\" stroke-linejoin=\"round\" stroke-linecap=\"round\" stroke-opacity=\".6\"/>",
        points.join(" "),
        num(CELL * 0.06)
    ));
    if let [.., from, to] = path {
        let ((x1, y1), (x2, y2)) = (centre(board, *from), centre(board, *to));
        svg.write(format_args!(
            "<line data-layer=\"last-move\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{line}\" stroke-width=\"{}\" stroke-linecap=\"round\" stroke-opacity=\".95\"/>\
             <circle data-layer=\"knight\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{line}\"/>",
            num(x1), num(y1), num(x2), num(y2), num(CELL * 0.12), num(x2), num(y2), num(CELL * 0.12)
        ));
    }
}

/// Each visited square's move number on its halo; the knight's square framed, its
/// number on the accent colour.
fn numbers(svg: &mut Svg, board: Board, path: &[u32], theme: Theme) {
    let c = theme.colours();
    let (halo, halo_opacity) = split_alpha(c.num_halo);
    let font = (CELL * 0.35).round();
    svg.write(format_args!(
        "<g data-layer=\"numbers\" font-family=\"system-ui, sans-serif\" font-weight=\"600\" font-size=\"{font}\" text-anchor=\"middle\">"
    ));
    for (i, &sq) in path.iter().enumerate() {
        let step = i + 1;
        let (x, y) = centre(board, sq);
        let current = step == path.len();
        let (back, back_opacity, digits) = if current {
            (c.accent.to_string(), "1".to_string(), c.on_accent)
        } else {
            (halo.clone(), halo_opacity.clone(), c.num_fg)
        };
        if current {
            let (cx, cy) = corner(board, sq);
            svg.write(format_args!(
                "<rect data-layer=\"current\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"4\"/>",
                num(cx + 2.0), num(cy + 2.0), num(CELL - 4.0), num(CELL - 4.0), c.accent
            ));
        }
        let colours = ChipColours {
            back: &back,
            opacity: &back_opacity,
            digits,
        };
        let label = step.to_string();
        let attrs = format!(" data-step=\"{step}\"");
        number_chip(svg, (x, y), font, &label, &colours, &attrs);
    }
    svg.push("</g>");
}

/// The step shown as the link counts it (`step=17`: 17 moves made, 18 squares).
fn step(path: &[u32]) -> usize {
    path.len().saturating_sub(1)
}

/// The file name: what it shows, `knight-8x8-a1-step-17.svg` (the link's step).
pub fn file_name(board: Board, path: &[u32], ext: &str) -> String {
    let start = path
        .first()
        .map(|&s| board.name(s).replace(',', "-"))
        .unwrap_or_else(|| "no-start".into());
    format!(
        "knight-{}x{}-{start}-step-{}.{ext}",
        board.width(),
        board.height(),
        step(path)
    )
}
