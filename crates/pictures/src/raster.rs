//! Flat-colour rasters of the stages, for the animations: the knight's board at a step
//! (squares washed once visited, the path, the knight's dot — the move numbers need a
//! font, so the vector picture keeps them) and a cube's net. Colours from the same tables
//! as the SVG pictures.

use puzzlelab_solver::board::Board;
use puzzlelab_solver::cube_common::colours::colour_of;
use puzzlelab_solver::cube_view::Kind;

use crate::theme::{fixed, rgb, split_alpha, wash, Theme};

/// An RGB image, row by row from the top.
#[derive(Clone, Debug, PartialEq)]
pub struct Raster {
    pub width: u32,
    pub height: u32,
    pub pixels: Vec<[u8; 3]>,
}

impl Raster {
    pub fn new(width: u32, height: u32, fill: [u8; 3]) -> Raster {
        Raster {
            width,
            height,
            pixels: vec![fill; (width * height) as usize],
        }
    }

    pub fn at(&self, x: u32, y: u32) -> [u8; 3] {
        self.pixels[(y * self.width + x) as usize]
    }

    fn rect(&mut self, x: u32, y: u32, w: u32, h: u32, c: [u8; 3]) {
        for yy in y..(y + h).min(self.height) {
            for xx in x..(x + w).min(self.width) {
                self.pixels[(yy * self.width + xx) as usize] = c;
            }
        }
    }

    /// Every pixel within `r` of the segment from `a` to `b`.
    fn segment(&mut self, a: (f64, f64), b: (f64, f64), r: f64, c: [u8; 3]) {
        let (x0, x1) = (a.0.min(b.0) - r, a.0.max(b.0) + r);
        let (y0, y1) = (a.1.min(b.1) - r, a.1.max(b.1) + r);
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len2 = (dx * dx + dy * dy).max(1e-9);
        for y in y0.max(0.0) as u32..(y1.ceil() as u32).min(self.height) {
            for x in x0.max(0.0) as u32..(x1.ceil() as u32).min(self.width) {
                let (px, py) = (x as f64 + 0.5, y as f64 + 0.5);
                let t = (((px - a.0) * dx + (py - a.1) * dy) / len2).clamp(0.0, 1.0);
                let (ex, ey) = (a.0 + t * dx - px, a.1 + t * dy - py);
                if ex * ex + ey * ey <= r * r {
                    self.pixels[(y * self.width + x) as usize] = c;
                }
            }
        }
    }
}

fn hex(css: &str) -> [u8; 3] {
    rgb(&split_alpha(css).0).unwrap_or([0, 0, 0])
}

/// The knight's board with `path` (start first) drawn, `cell` pixels a square.
pub fn knight(board: Board, path: &[u32], theme: Theme, cell: u32) -> Raster {
    let c = theme.colours();
    let (w, h) = (board.width(), board.height());
    let mut image = Raster::new(w * cell, h * cell, hex(c.bg));
    let mut visited = vec![false; board.squares() as usize];
    for &sq in path {
        visited[sq as usize] = true;
    }
    let corner = |sq: u32| {
        let (x, y) = board.coords(sq);
        (x * cell, (h - 1 - y) * cell)
    };
    for sq in 0..board.squares() {
        let (x, y) = board.coords(sq);
        let base = if (x + y) % 2 == 0 { c.dark } else { c.light };
        let colour = match visited[sq as usize] {
            true => hex(&wash(base, fixed::VISITED_WASH)),
            false => hex(base),
        };
        let (px, py) = corner(sq);
        image.rect(px, py, cell, cell, colour);
    }
    let centre = |sq: u32| {
        let (x, y) = corner(sq);
        (x as f64 + cell as f64 / 2.0, y as f64 + cell as f64 / 2.0)
    };
    let line = hex(c.line);
    for m in path.windows(2) {
        image.segment(centre(m[0]), centre(m[1]), cell as f64 * 0.04, line);
    }
    if let Some(&here) = path.last() {
        image.segment(centre(here), centre(here), cell as f64 * 0.15, line);
    }
    image
}

/// The queens' board (`n`×`n`, queens as (column, row), a1 = (0, 0)) as the vector
/// picture paints it, `cell` pixels a square: attacked squares striped in the hatch
/// colour, clashing queens on red, each queen a disc (the glyph needs a font).
pub fn queens(n: u32, queens: &[(u32, u32)], theme: Theme, cell: u32) -> Raster {
    let c = theme.colours();
    let mut image = Raster::new(n * cell, n * cell, hex(c.bg));
    let attacks = |a: (u32, u32), b: (u32, u32)| {
        a != b && (a.0 == b.0 || a.1 == b.1 || a.0.abs_diff(b.0) == a.1.abs_diff(b.1))
    };
    let (hatch, red) = (hex(c.hatch), hex(fixed::CONFLICT));
    for y in 0..n {
        for x in 0..n {
            let queen = queens.contains(&(x, y));
            let attacked = queens.iter().any(|&q| attacks(q, (x, y)));
            let base = match (queen && attacked, (x + y) % 2 == 0) {
                (true, _) => red,
                (false, true) => hex(c.dark),
                (false, false) => hex(c.light),
            };
            let (px, py) = (x * cell, (n - 1 - y) * cell);
            image.rect(px, py, cell, cell, base);
            if attacked && !queen {
                // The SVG's 45-degree hatch (top left to bottom right): 2 of every 8 units.
                let rise = image.height;
                for yy in py..py + cell {
                    for xx in (px..px + cell).filter(|xx| (xx + rise - yy) % 11 < 3) {
                        image.pixels[(yy * image.width + xx) as usize] = hatch;
                    }
                }
            }
            if queen {
                let (ink, halo) = match attacked {
                    true => ([255, 255, 255], red),
                    false => ([17, 17, 17], [255, 255, 255]),
                };
                let centre = (px as f64 + cell as f64 / 2.0, py as f64 + cell as f64 / 2.0);
                image.segment(centre, centre, cell as f64 * 0.32, halo);
                image.segment(centre, centre, cell as f64 * 0.27, ink);
            }
        }
    }
    image
}

/// A cube's net (`letters` in the page's order), the stickers in the colour table's
/// colours (a letter of no colour is grey), `side` pixels a sticker.
pub fn net(kind: Kind, letters: &[u8], theme: Theme) -> Raster {
    let (cols, rows, side) = crate::cube::grid(kind);
    let side = side as u32;
    let (gap, margin) = (3u32, 8u32);
    let pitch = side + gap;
    let mut image = Raster::new(
        cols as u32 * pitch - gap + 2 * margin,
        rows as u32 * pitch - gap + 2 * margin,
        hex(theme.colours().bg),
    );
    for (i, &letter) in letters.iter().enumerate() {
        let (row, col) = crate::cube::cell(kind, i);
        let colour = colour_of(kind, letter).map_or([128, 128, 128], |c| hex(c.css));
        image.rect(
            margin + col as u32 * pitch,
            margin + row as u32 * pitch,
            side,
            side,
            colour,
        );
    }
    image
}
