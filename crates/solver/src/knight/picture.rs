//! The picture of a big board: which part of it a canvas shows (zoom and pan, the square
//! under a pixel), and the pixels themselves — each square coloured by its move number on
//! a perceptually even scale — filled into an RGBA buffer one canvas pixel at a time.
//!
//! Only the visible window is ever filled, at the canvas's own resolution, so the cost is
//! the canvas's pixels (about 400,000) at any zoom, however big the board.

use crate::board::Board;
use crate::palette::Palette;

/// A square not (yet) on the path.
pub const NOT_ON_PATH: u32 = u32::MAX;

/// The board's own colours where no move number is shown.
pub const LIGHT: [u8; 3] = [0xef, 0xe3, 0xc8];
pub const DARK: [u8; 3] = [0xb4, 0x8a, 0x5a];

/// Zoom levels offered, in canvas pixels per square relative to the whole board fitting.
pub const ZOOMS: [u32; 7] = [1, 2, 4, 8, 16, 32, 64];

/// Which part of the board a canvas of `px_w`×`px_h` pixels shows: at zoom 1 the whole
/// board fits; `left` and `top` are the board coordinates (in squares, from the left edge
/// and from the top rank) at the canvas's top-left corner.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    pub board: Board,
    pub px_w: u32,
    pub px_h: u32,
    pub zoom: u32,
    pub left: f64,
    pub top: f64,
}

impl View {
    /// The whole board on a canvas at most `side` pixels on its longer side.
    pub fn fit(board: Board, side: u32) -> View {
        let long = board.width().max(board.height()) as f64;
        let cell = side as f64 / long;
        View {
            board,
            px_w: (cell * board.width() as f64).ceil().max(1.0) as u32,
            px_h: (cell * board.height() as f64).ceil().max(1.0) as u32,
            zoom: 1,
            left: 0.0,
            top: 0.0,
        }
    }

    /// Canvas pixels per square.
    pub fn cell(&self) -> f64 {
        let long = self.board.width().max(self.board.height()) as f64;
        self.px_w.max(self.px_h) as f64 / long * self.zoom as f64
    }

    /// Squares across and down the canvas.
    pub fn span(&self) -> (f64, f64) {
        let cell = self.cell();
        (
            (self.px_w as f64 / cell).min(self.board.width() as f64),
            (self.px_h as f64 / cell).min(self.board.height() as f64),
        )
    }

    /// Keeps the window on the board.
    fn clamped(mut self) -> View {
        let (wide, tall) = self.span();
        let max_left = (self.board.width() as f64 - wide).max(0.0);
        let max_top = (self.board.height() as f64 - tall).max(0.0);
        self.left = self.left.clamp(0.0, max_left);
        self.top = self.top.clamp(0.0, max_top);
        self
    }

    /// At zoom `zoom` (clamped to the offered range) with the board point under canvas
    /// pixel (ax, ay) staying put.
    pub fn zoomed(self, zoom: u32, (ax, ay): (f64, f64)) -> View {
        let zoom = zoom.clamp(ZOOMS[0], ZOOMS[ZOOMS.len() - 1]);
        let before = self.cell();
        let (bx, by) = (self.left + ax / before, self.top + ay / before);
        let mut v = View { zoom, ..self };
        let after = v.cell();
        v.left = bx - ax / after;
        v.top = by - ay / after;
        v.clamped()
    }

    /// Moved by (dx, dy) canvas pixels (a drag moves the board with the pointer: the
    /// window goes the other way).
    pub fn dragged(self, dx: f64, dy: f64) -> View {
        let cell = self.cell();
        View {
            left: self.left - dx / cell,
            top: self.top - dy / cell,
            ..self
        }
        .clamped()
    }

    /// Moved by a fraction of the window (the arrow buttons: (−½, 0) is half a window left).
    pub fn panned(self, fx: f64, fy: f64) -> View {
        let (wide, tall) = self.span();
        View {
            left: self.left + fx * wide,
            top: self.top + fy * tall,
            ..self
        }
        .clamped()
    }

    /// Centred on the point (x, row) in squares from the left edge and the top rank.
    pub fn centred(self, x: f64, row: f64) -> View {
        let (wide, tall) = self.span();
        View {
            left: x - wide / 2.0,
            top: row - tall / 2.0,
            ..self
        }
        .clamped()
    }

    /// With its top-left corner at (left, top) squares (from a link).
    pub fn at(self, left: f64, top: f64) -> View {
        View { left, top, ..self }.clamped()
    }

    /// Centred on `square` only if it is out of sight (following the knight).
    pub fn showing(self, square: u32) -> View {
        let (x, row) = self.point(square);
        let (wide, tall) = self.span();
        let inside = |p: f64, lo: f64, len: f64| p >= lo && p <= lo + len;
        if inside(x, self.left, wide) && inside(row, self.top, tall) {
            self
        } else {
            self.centred(x, row)
        }
    }

    /// The centre of `square` in squares from the left edge and the top rank.
    pub fn point(&self, square: u32) -> (f64, f64) {
        let (x, y) = self.board.coords(square);
        (x as f64 + 0.5, (self.board.height() - 1 - y) as f64 + 0.5)
    }

    /// The centre of `square` in canvas pixels.
    pub fn pixel(&self, square: u32) -> (f64, f64) {
        let (x, row) = self.point(square);
        let cell = self.cell();
        ((x - self.left) * cell, (row - self.top) * cell)
    }

    /// The square under canvas pixel (px, py), if any.
    pub fn square_at(&self, px: f64, py: f64) -> Option<u32> {
        let cell = self.cell();
        let (fx, frow) = (self.left + px / cell, self.top + py / cell);
        let (w, h) = (self.board.width(), self.board.height());
        if fx < 0.0 || frow < 0.0 || fx >= w as f64 || frow >= h as f64 {
            return None;
        }
        let (x, row) = (fx as u32, frow as u32);
        Some(self.board.index(x, h - 1 - row))
    }

    /// The visible squares: columns x0..x1 and rows (from the top) r0..r1.
    pub fn visible(&self) -> (u32, u32, u32, u32) {
        let (wide, tall) = self.span();
        let (w, h) = (self.board.width(), self.board.height());
        (
            self.left.floor() as u32,
            ((self.left + wide).ceil() as u32).min(w),
            self.top.floor() as u32,
            ((self.top + tall).ceil() as u32).min(h),
        )
    }
}

/// Each square's step on `path` (0 for the first), `NOT_ON_PATH` for the rest.
pub fn steps_by_square(board: Board, path: &[u32]) -> Vec<u32> {
    let mut steps = vec![NOT_ON_PATH; board.squares() as usize];
    for (i, &sq) in path.iter().enumerate() {
        if let Some(s) = steps.get_mut(sq as usize) {
            *s = i as u32;
        }
    }
    steps
}

/// Fills `out` (RGBA, `view.px_w`×`view.px_h`) with each pixel's square's colour, sampled
/// at the pixel's centre. `colour` gets (square, x, y); neighbouring pixels on the same
/// square reuse its colour.
pub fn fill(view: &View, out: &mut Vec<u8>, colour: impl Fn(u32, u32, u32) -> [u8; 3]) {
    let (pw, ph) = (view.px_w as usize, view.px_h as usize);
    out.clear();
    out.resize(pw * ph * 4, 255);
    let cell = view.cell();
    let (w, h) = (view.board.width(), view.board.height());
    let cols: Vec<u32> = (0..pw)
        .map(|px| ((view.left + (px as f64 + 0.5) / cell) as u32).min(w - 1))
        .collect();
    let mut row_cache: Option<(u32, Vec<u8>)> = None;
    for py in 0..ph {
        let row = ((view.top + (py as f64 + 0.5) / cell) as u32).min(h - 1);
        let line = &mut out[py * pw * 4..(py + 1) * pw * 4];
        // Zoomed in, many pixel rows fall on the same squares: copy the row above.
        if let Some((cached, pixels)) = &row_cache {
            if *cached == row {
                line.copy_from_slice(pixels);
                continue;
            }
        }
        let y = h - 1 - row;
        let mut last = (u32::MAX, [0u8; 3]);
        for (px, &x) in cols.iter().enumerate() {
            if x != last.0 {
                last = (x, colour(view.board.index(x, y), x, y));
            }
            line[px * 4..px * 4 + 3].copy_from_slice(&last.1);
        }
        row_cache = Some((row, line.to_vec()));
    }
}

/// The colour of a square in the move-order picture: its move number on the scale if the
/// path has reached it, else the board's own light or dark (`checker`: only when squares
/// are big enough that a checkerboard is not noise).
pub fn tour_colour<'a>(
    steps: &'a [u32],
    total: u32,
    palette: &'a Palette,
    checker: bool,
) -> impl Fn(u32, u32, u32) -> [u8; 3] + 'a {
    move |sq, x, y| match steps.get(sq as usize) {
        Some(&s) if s != NOT_ON_PATH => palette.step(s, total),
        _ if checker && (x + y) % 2 == 0 => DARK,
        _ => LIGHT,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(w: u32, h: u32) -> Board {
        Board::new(w, h).unwrap()
    }

    #[test]
    fn the_whole_board_fits_at_zoom_one_and_pixels_name_their_squares() {
        let v = View::fit(board(2000, 1000), 640);
        assert_eq!((v.px_w, v.px_h), (640, 320));
        assert_eq!(v.span(), (2000.0, 1000.0));
        // Top-left pixel: the top rank's first square; bottom-right: h1's corner.
        assert_eq!(v.square_at(0.0, 0.0), Some(board(2000, 1000).index(0, 999)));
        assert_eq!(v.square_at(639.9, 319.9), Some(1999));
        assert_eq!(v.square_at(640.5, 10.0), None);
    }

    #[test]
    fn zoom_keeps_the_anchor_and_pan_stays_on_the_board() {
        let b = board(300, 300);
        let v = View::fit(b, 600).zoomed(8, (0.0, 0.0));
        assert_eq!((v.left, v.top), (0.0, 0.0));
        assert_eq!(v.span(), (37.5, 37.5));
        let under = v.square_at(300.0, 300.0);
        let z = v.zoomed(16, (300.0, 300.0));
        assert_eq!(z.square_at(300.0, 300.0), under);
        // A drag to the left shows more of the right; never past the edge.
        let d = v.dragged(-160.0, 0.0);
        assert_eq!(d.left, 10.0);
        assert_eq!(v.dragged(1e9, 1e9).left, 0.0);
        assert_eq!(v.panned(100.0, 100.0).left, 300.0 - 37.5);
        assert_eq!(v.zoomed(99, (0.0, 0.0)).zoom, 64);
        // Following the knight: a square in view leaves the view alone.
        assert_eq!(v.showing(b.index(3, 299)), v);
        let far = v.showing(b.index(200, 100));
        assert_eq!(far.square_at(300.0, 300.0), Some(b.index(200, 100)));
    }

    #[test]
    fn pixels_are_the_colours_of_the_squares_under_them() {
        let b = board(5, 4);
        let v = View::fit(b, 50); // 10 pixels per square
        let path: Vec<u32> = vec![0, 7, 14, 5];
        let steps = steps_by_square(b, &path);
        let p = Palette::viridis();
        let mut out = Vec::new();
        fill(&v, &mut out, tour_colour(&steps, 20, &p, true));
        assert_eq!(out.len(), 50 * 40 * 4);
        let at = |px: usize, py: usize| {
            let i = (py * 50 + px) * 4;
            [out[i], out[i + 1], out[i + 2]]
        };
        // a1 is the bottom-left square: move 1, the scale's start.
        assert_eq!(at(5, 35), p.step(0, 20));
        // c2 (index 7) is move 2.
        assert_eq!(at(25, 25), p.step(1, 20));
        // Unvisited: the board's colours, dark where x + y is even.
        assert_eq!(at(45, 5), LIGHT); // e4: (4,3)
        assert_eq!(at(35, 5), DARK); // d4: (3,3)
        assert!(out.chunks(4).all(|px| px[3] == 255));
        // Zoomed in, only the window is filled, still at canvas size.
        let z = v.zoomed(4, (0.0, 0.0)).at(2.0, 1.0);
        fill(&z, &mut out, tour_colour(&steps, 20, &p, true));
        assert_eq!(out.len(), 50 * 40 * 4);
        assert_eq!(z.square_at(1.0, 1.0), Some(b.index(2, 2)));
        assert_eq!(&out[0..3], &DARK); // c3: (2,2), x + y even
    }
}
