//! Both cubes' nets as the pages draw them: one `rect` per sticker (`data-sticker` named
//! as on the page, `data-color` its letter) painted from the solver's one colour table;
//! and a solution as a strip of nets, one per step, each under the move that made it.

use puzzlelab_solver::cube::geometry::NET_ORDER;
use puzzlelab_solver::cube_common::colours::{css_colour, text_colour};
use puzzlelab_solver::cube_view::Kind;
use puzzlelab_solver::rubik::facelets::facelet_name;

use crate::svg::{escape, num, Svg};
use crate::theme::{fixed, Theme};

/// Space between a net's stickers, in pixels.
const GAP: f64 = 3.0;
/// Margin round a net, and the room under it for its move in a strip.
const MARGIN: f64 = 8.0;
const CAPTION: f64 = 24.0;
/// The most nets a strip holds (a solution longer than this is cut, and says so).
pub const MAX_STRIP: usize = 64;

/// A net's size in cells (columns, rows) and one sticker's side.
pub(crate) fn grid(kind: Kind) -> (usize, usize, f64) {
    match kind {
        Kind::Pocket => (8, 6, 40.0),
        Kind::Rubik => (12, 9, 28.0),
    }
}

/// Stickers a state of `kind` has.
fn stickers(kind: Kind) -> usize {
    match kind {
        Kind::Pocket => 24,
        Kind::Rubik => 54,
    }
}

/// Grid cell (row, column) of sticker `i`, in the page's net.
pub(crate) fn cell(kind: Kind, i: usize) -> (usize, usize) {
    match kind {
        Kind::Pocket => match i {
            0..=3 => (i / 2, 2 + i % 2),
            4..=11 => (2, i - 4),
            12..=19 => (3, i - 12),
            _ => (4 + (i - 20) / 2, 2 + (i - 20) % 2),
        },
        Kind::Rubik => {
            const FACE_ORIGIN: [(usize, usize); 6] =
                [(0, 3), (3, 6), (3, 3), (6, 3), (3, 0), (3, 9)];
            let (row, col) = FACE_ORIGIN[i / 9 % 6];
            (row + i % 9 / 3, col + i % 3)
        }
    }
}

fn name(kind: Kind, i: usize) -> String {
    match kind {
        Kind::Pocket => NET_ORDER[i % 24].to_string(),
        Kind::Rubik => facelet_name(i),
    }
}

/// A net's size in pixels, margins included.
fn net_size(kind: Kind) -> (f64, f64) {
    let (cols, rows, side) = grid(kind);
    let pitch = side + GAP;
    (
        cols as f64 * pitch - GAP + 2.0 * MARGIN,
        rows as f64 * pitch - GAP + 2.0 * MARGIN,
    )
}

pub(crate) fn check(kind: Kind, letters: &[u8]) -> Result<(), String> {
    if letters.len() != stickers(kind) {
        return Err(format!(
            "a net has {} stickers, not {}",
            stickers(kind),
            letters.len()
        ));
    }
    match letters.iter().find(|l| !l.is_ascii_alphabetic()) {
        Some(&l) => Err(format!("{:?} is not a colour letter", l as char)),
        None => Ok(()),
    }
}

/// One net with its top-left corner at (`ox`, `oy`).
fn draw_net(svg: &mut Svg, kind: Kind, letters: &[u8], ox: f64, oy: f64) {
    let (_, _, side) = grid(kind);
    let pitch = side + GAP;
    let font = (side * 0.3).round();
    for (i, &letter) in letters.iter().enumerate() {
        let (row, col) = cell(kind, i);
        let (x, y) = (
            ox + MARGIN + col as f64 * pitch,
            oy + MARGIN + row as f64 * pitch,
        );
        svg.write(format_args!(
            "<rect data-sticker=\"{}\" data-color=\"{}\" x=\"{}\" y=\"{}\" width=\"{side}\" height=\"{side}\" rx=\"4\" fill=\"{}\" stroke=\"{}\" stroke-opacity=\"{}\"/>\
             <text x=\"{}\" y=\"{}\" font-family=\"system-ui, sans-serif\" font-size=\"{font}\" text-anchor=\"end\" fill=\"{}\" fill-opacity=\".85\">{}</text>",
            escape(&name(kind, i)),
            letter as char,
            num(x),
            num(y),
            css_colour(kind, letter),
            fixed::STICKER_EDGE,
            fixed::STICKER_EDGE_OPACITY,
            num(x + side - 3.0),
            num(y + side - 3.0),
            text_colour(kind, letter),
            letter as char
        ));
    }
}

/// One cube's net (`letters` in the page's order: the pocket cube's net string, the
/// Rubik's cube's URFDLB facelets).
pub fn net(kind: Kind, letters: &[u8], theme: Theme, link: &str) -> Result<String, String> {
    check(kind, letters)?;
    let (w, h) = net_size(kind);
    let title = format!("{} net", cube_name(kind));
    let mut svg = Svg::new(w, h, &title, link, theme.colours().bg);
    draw_net(&mut svg, kind, letters, 0.0, 0.0);
    Ok(svg.finish())
}

/// A solution as a strip of nets, left to right: the start, then the state after each
/// move with the move under it. Each net is a `g` with `data-frame` (0 the start) and
/// `data-move`.
pub fn strip(
    kind: Kind,
    states: &[Vec<u8>],
    moves: &[String],
    theme: Theme,
    link: &str,
) -> Result<String, String> {
    if states.is_empty() || states.len() != moves.len() + 1 {
        return Err("a strip needs the start and one state after each move".into());
    }
    if states.len() > MAX_STRIP {
        return Err(format!(
            "a strip holds at most {MAX_STRIP} nets, not {}",
            states.len()
        ));
    }
    for s in states {
        check(kind, s)?;
    }
    let c = theme.colours();
    let (w, h) = net_size(kind);
    let title = format!("{} solution, {} moves", cube_name(kind), moves.len());
    let mut svg = Svg::new(w * states.len() as f64, h + CAPTION, &title, link, c.bg);
    for (k, letters) in states.iter().enumerate() {
        let label = if k == 0 {
            "start".to_string()
        } else {
            format!("{k}. {}", moves[k - 1])
        };
        let mv = if k == 0 { "" } else { &moves[k - 1] };
        svg.write(format_args!(
            "<g data-frame=\"{k}\" data-move=\"{}\">",
            escape(mv)
        ));
        draw_net(&mut svg, kind, letters, w * k as f64, 0.0);
        svg.write(format_args!(
            "<text x=\"{}\" y=\"{}\" font-family=\"system-ui, sans-serif\" font-size=\"16\" text-anchor=\"middle\" fill=\"{}\">{}</text></g>",
            num(w * k as f64 + w / 2.0),
            num(h + CAPTION / 2.0),
            c.fg,
            escape(&label)
        ));
    }
    Ok(svg.finish())
}

fn cube_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Pocket => "Pocket cube",
        Kind::Rubik => "Rubik's cube",
    }
}

/// `cube-step-3-of-8.svg` while a solution plays, `cube-net.svg` otherwise (`rubik-…`
/// for the Rubik's cube).
pub fn file_name(kind: Kind, step: Option<(usize, usize)>, ext: &str) -> String {
    let cube = match kind {
        Kind::Pocket => "cube",
        Kind::Rubik => "rubik",
    };
    match step {
        Some((k, of)) => format!("{cube}-step-{k}-of-{of}.{ext}"),
        None => format!("{cube}-net.{ext}"),
    }
}
