//! N queens: the column-by-column backtracking step machine the eight-queens article
//! instruments, a fast bitboard counter split into tasks, a counter that searches each
//! symmetry class once (totals and fundamental solutions together), and the symmetry of
//! solutions.

pub mod classes;
pub mod code;
pub mod count;
pub mod predict;
pub mod run_length;
pub mod search;
pub mod symmetry;

pub use run_length::{run_length, RUN_CAP};
pub use search::{QueensEvent, QueensSearch, QueensStats};

/// Boards the step machine and the page accept.
pub const MAX_N: u32 = 32;

/// Algebraic name of the square in column `col`, row `row` (both from 0): `a1` bottom left.
/// Without the board size, columns past `z` are named `x,y` (see [`square_name_on`]).
pub fn square_name(col: u32, row: u32) -> String {
    square_name_on(col + 1, col, row)
}

/// The square's name on an n×n board, as `Board::name` names squares: `c5` (files a..z,
/// ranks from 1) on boards up to 26 wide, zero-based `x,y` on wider ones.
pub fn square_name_on(n: u32, col: u32, row: u32) -> String {
    if n <= 26 {
        format!("{}{}", (b'a' + col as u8) as char, row + 1)
    } else {
        format!("{col},{row}")
    }
}

/// Reads `c5` (or `x,y`, zero-based, as boards wider than 26 are named) into (column, row)
/// on an n×n board.
pub fn parse_square(n: u32, text: &str) -> Result<(u32, u32), String> {
    let t = text.trim();
    if let Some((x, y)) = t.split_once(',') {
        let (x, y) = match (x.trim().parse::<u32>(), y.trim().parse::<u32>()) {
            (Ok(x), Ok(y)) => (x, y),
            _ => return Err(format!("'{t}' is not a square like c5 or 27,3")),
        };
        if x >= n || y >= n {
            return Err(format!("'{t}' is off the {n}x{n} board"));
        }
        return Ok((x, y));
    }
    let mut chars = t.chars();
    let file = chars
        .next()
        .filter(|c| c.is_ascii_alphabetic())
        .ok_or_else(|| format!("'{t}' is not a square like c5"))?;
    let rank: u32 = chars
        .as_str()
        .parse()
        .map_err(|_| format!("'{t}' is not a square like c5"))?;
    // An ASCII letter, so the subtraction cannot go below zero.
    let col = (file.to_ascii_lowercase() as u8 - b'a') as u32;
    if col >= n || rank == 0 || rank > n {
        return Err(format!("'{t}' is off the {n}x{n} board"));
    }
    Ok((col, rank - 1))
}

/// `rows[c]` = row of the queen in column `c`, as `a1 b5 c8 …`, on a board as wide as
/// `rows` is long (a whole placement).
pub fn placement_names(rows: &[u32]) -> String {
    placement_names_on(rows.len() as u32, rows)
}

/// Queens of columns `0..rows.len()` on an n×n board, named as [`square_name_on`] does.
pub fn placement_names_on(n: u32, rows: &[u32]) -> String {
    rows.iter()
        .enumerate()
        .map(|(c, &r)| square_name_on(n, c as u32, r))
        .collect::<Vec<_>>()
        .join(" ")
}
