//! The queens' board as the page draws it: one `g` per square (`data-square`, with
//! `data-queen`, `data-attacked`, `data-conflict` as on the page), attacked squares
//! hatched in the theme's hatch colour, clashing queens on red.

use puzzlelab_solver::queens::square_name_on;

use crate::svg::{escape, num, Svg};
use crate::theme::{fixed, Theme};

pub const CELL: f64 = 40.0;
/// The largest board drawn (the page's own limit is smaller).
pub const MAX_N: u32 = 64;

fn attacks(a: (u32, u32), b: (u32, u32)) -> bool {
    a != b && (a.0 == b.0 || a.1 == b.1 || a.0.abs_diff(b.0) == a.1.abs_diff(b.1))
}

/// An `n`×`n` board with queens at `queens` ((column, row), a1 = (0, 0)).
pub fn queens(n: u32, queens: &[(u32, u32)], theme: Theme, link: &str) -> Result<String, String> {
    if n == 0 || n > MAX_N {
        return Err(format!("n must be 1 to {MAX_N} for a picture, not {n}"));
    }
    if let Some(q) = queens.iter().find(|q| q.0 >= n || q.1 >= n) {
        return Err(format!("a queen at ({}, {}) is off the board", q.0, q.1));
    }
    let c = theme.colours();
    let size = n as f64 * CELL;
    let title = format!("{n} queens board, {} placed", queens.len());
    let mut svg = Svg::new(size, size, &title, link, c.bg);
    svg.write(format_args!(
        "<defs><pattern id=\"hatch\" patternUnits=\"userSpaceOnUse\" width=\"8\" height=\"8\" patternTransform=\"rotate(45)\">\
         <rect width=\"2\" height=\"8\" fill=\"{}\"/></pattern></defs>",
        c.hatch
    ));
    let font = (CELL * 0.7).round();
    for y in (0..n).rev() {
        for x in 0..n {
            let sq = (x, y);
            let queen = queens.contains(&sq);
            let attacked = queens.iter().any(|&q| attacks(q, sq));
            let conflict = queen && attacked;
            let fill = match (conflict, (x + y) % 2 == 0) {
                (true, _) => fixed::CONFLICT,
                (false, true) => c.dark,
                (false, false) => c.light,
            };
            let (px, py) = (x as f64 * CELL, (n - 1 - y) as f64 * CELL);
            let mut attrs = String::new();
            if queen {
                attrs.push_str(" data-queen=\"true\"");
            }
            if attacked && !queen {
                attrs.push_str(" data-attacked=\"true\"");
            }
            if conflict {
                attrs.push_str(" data-conflict=\"true\"");
            }
            svg.write(format_args!(
                "<g data-square=\"{}\"{attrs} fill=\"{fill}\"><rect x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\"/>",
                escape(&square_name_on(n, x, y)),
                num(px),
                num(py)
            ));
            if attacked && !queen {
                svg.write(format_args!(
                    "<rect x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"url(#hatch)\"/>",
                    num(px),
                    num(py)
                ));
            }
            if queen {
                let (glyph, halo) = if conflict {
                    ("#ffffff", "none")
                } else {
                    ("#111111", "#ffffff")
                };
                svg.write(format_args!(
                    "<text x=\"{}\" y=\"{}\" font-size=\"{font}\" text-anchor=\"middle\" fill=\"{glyph}\" stroke=\"{halo}\" stroke-width=\"1\">\u{265B}</text>",
                    num(px + CELL / 2.0),
                    num(py + CELL * 0.75)
                ));
            }
            svg.push("</g>");
        }
    }
    Ok(svg.finish())
}

/// `queens-8-5-placed.svg`: the board's size and how many queens stand on it.
pub fn file_name(n: u32, placed: usize, ext: &str) -> String {
    format!("queens-{n}-{placed}-placed.{ext}")
}
