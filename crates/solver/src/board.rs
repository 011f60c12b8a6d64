//! m×n board geometry: square indices, algebraic names and knight moves.
//!
//! Squares are numbered `y * width + x` with `a1` = (0, 0) at the bottom left.

use std::fmt;

/// Largest side the solver accepts; bigger requests get a clear error, not an allocation
/// that takes the tab down.
pub const MAX_SIDE: u32 = 2000;

/// The eight knight jumps in clockwise order, starting at "one o'clock" (x right, y up).
/// This fixed order is the tie-break of last resort.
pub const KNIGHT_JUMPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    width: u32,
    height: u32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    BadSize(String),
    BadSquare(String),
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::BadSize(m) | BoardError::BadSquare(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for BoardError {}

impl Board {
    pub fn new(width: u32, height: u32) -> Result<Board, BoardError> {
        if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) {
            return Err(BoardError::BadSize(format!(
                "board {width}x{height} is out of range: each side must be 1 to {MAX_SIDE}"
            )));
        }
        Ok(Board { width, height })
    }

    /// Parses `WxH` (width first), e.g. `8x8` or `5x6`.
    pub fn parse(text: &str) -> Result<Board, BoardError> {
        let bad = || {
            BoardError::BadSize(format!(
                "board '{text}' is not a size like 8x8 (width x height)"
            ))
        };
        let (w, h) = text.trim().split_once(['x', 'X']).ok_or_else(bad)?;
        let w: u32 = w.trim().parse().map_err(|_| bad())?;
        let h: u32 = h.trim().parse().map_err(|_| bad())?;
        Board::new(w, h)
    }

    pub fn width(&self) -> u32 {
        self.width
    }

    pub fn height(&self) -> u32 {
        self.height
    }

    pub fn squares(&self) -> u32 {
        self.width * self.height
    }

    pub fn index(&self, x: u32, y: u32) -> u32 {
        y * self.width + x
    }

    pub fn coords(&self, square: u32) -> (u32, u32) {
        (square % self.width, square / self.width)
    }

    pub fn contains(&self, x: i64, y: i64) -> bool {
        x >= 0 && y >= 0 && x < self.width as i64 && y < self.height as i64
    }

    /// `c3` on boards up to 26 wide; `x,y` (zero-based) on wider ones, where letters run out.
    pub fn name(&self, square: u32) -> String {
        let (x, y) = self.coords(square);
        if self.width <= 26 {
            format!("{}{}", (b'a' + x as u8) as char, y + 1)
        } else {
            format!("{x},{y}")
        }
    }

    /// Accepts `c3` (files a..z, ranks from 1) or `x,y` (zero-based) on any board.
    pub fn parse_square(&self, text: &str) -> Result<u32, BoardError> {
        let t = text.trim();
        let bad = |why: &str| BoardError::BadSquare(format!("square '{text}' {why}"));
        let (x, y) = if let Some((xs, ys)) = t.split_once(',') {
            let x: u32 = xs
                .trim()
                .parse()
                .map_err(|_| bad("is not a name like c3 or 2,2"))?;
            let y: u32 = ys
                .trim()
                .parse()
                .map_err(|_| bad("is not a name like c3 or 2,2"))?;
            (x, y)
        } else {
            let mut chars = t.chars();
            let file = chars
                .next()
                .filter(|c| c.is_ascii_alphabetic())
                .ok_or_else(|| bad("is not a name like c3 or 2,2"))?;
            let rank: u32 = chars
                .as_str()
                .parse()
                .map_err(|_| bad("is not a name like c3 or 2,2"))?;
            if rank == 0 {
                return Err(bad("has rank 0; ranks start at 1"));
            }
            ((file.to_ascii_lowercase() as u8 - b'a') as u32, rank - 1)
        };
        if x >= self.width || y >= self.height {
            return Err(bad(&format!(
                "is off the {}x{} board",
                self.width, self.height
            )));
        }
        Ok(self.index(x, y))
    }

    /// The squares a knight on `square` can jump to, in the clockwise order of `KNIGHT_JUMPS`.
    pub fn knight_moves(&self, square: u32) -> impl Iterator<Item = u32> + '_ {
        let (x, y) = self.coords(square);
        KNIGHT_JUMPS.iter().filter_map(move |&(dx, dy)| {
            let (nx, ny) = (x as i64 + dx as i64, y as i64 + dy as i64);
            self.contains(nx, ny)
                .then(|| self.index(nx as u32, ny as u32))
        })
    }

    pub fn is_knight_move(&self, a: u32, b: u32) -> bool {
        let (ax, ay) = self.coords(a);
        let (bx, by) = self.coords(b);
        let (dx, dy) = (ax.abs_diff(bx), ay.abs_diff(by));
        (dx == 1 && dy == 2) || (dx == 2 && dy == 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_on_narrow_and_wide_boards() {
        for b in [Board::new(8, 8).unwrap(), Board::new(30, 5).unwrap()] {
            for sq in 0..b.squares() {
                assert_eq!(b.parse_square(&b.name(sq)).unwrap(), sq);
            }
        }
        let b = Board::new(8, 8).unwrap();
        assert_eq!(b.parse_square("a1").unwrap(), 0);
        assert_eq!(b.parse_square("h8").unwrap(), 63);
        assert_eq!(b.parse_square("C3").unwrap(), b.index(2, 2));
        assert_eq!(b.parse_square("2,2").unwrap(), b.index(2, 2));
    }

    #[test]
    fn bad_squares_and_sizes_are_errors() {
        let b = Board::new(8, 8).unwrap();
        for bad in ["", "z99", "a0", "i1", "a9", "3", "é1", "1,", "8,0", "-1,2"] {
            assert!(b.parse_square(bad).is_err(), "{bad} should be refused");
        }
        for bad in ["0x0", "8", "8x", "x8", "2001x3", "axb", "-1x5"] {
            assert!(Board::parse(bad).is_err(), "{bad} should be refused");
        }
        assert_eq!(Board::parse("5X6").unwrap(), Board::new(5, 6).unwrap());
    }

    #[test]
    fn corner_has_two_moves_centre_has_eight() {
        let b = Board::new(8, 8).unwrap();
        assert_eq!(b.knight_moves(0).count(), 2);
        assert_eq!(b.knight_moves(b.index(3, 3)).count(), 8);
        assert!(b
            .knight_moves(b.index(3, 3))
            .all(|m| b.is_knight_move(m, b.index(3, 3))));
    }
}
