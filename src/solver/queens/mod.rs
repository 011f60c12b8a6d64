//! N queens: the column-by-column backtracking step machine the eight-queens article
//! instruments, a fast bitboard counter split into tasks, a counter that searches each
//! symmetry class once (totals and fundamental solutions together), and the symmetry of
//! solutions.

pub mod classes;
pub mod count;
pub mod search;
pub mod symmetry;

pub use search::{QueensEvent, QueensSearch, QueensStats};

/// Boards the step machine and the page accept.
pub const MAX_N: u32 = 32;

/// Algebraic name of the square in column `col`, row `row` (both from 0): `a1` bottom left.
pub fn square_name(col: u32, row: u32) -> String {
    format!("{}{}", (b'a' + col as u8) as char, row + 1)
}

/// Reads `c5` into (column, row) on an n×n board.
pub fn parse_square(n: u32, text: &str) -> Result<(u32, u32), String> {
    let t = text.trim();
    let mut chars = t.chars();
    let file = chars
        .next()
        .filter(|c| c.is_ascii_lowercase() || c.is_ascii_uppercase())
        .ok_or_else(|| format!("'{t}' is not a square like c5"))?;
    let rank: u32 = chars
        .as_str()
        .parse()
        .map_err(|_| format!("'{t}' is not a square like c5"))?;
    let col = (file.to_ascii_lowercase() as u8 - b'a') as u32;
    if col >= n || rank == 0 || rank > n {
        return Err(format!("'{t}' is off the {n}x{n} board"));
    }
    Ok((col, rank - 1))
}

/// `rows[c]` = row of the queen in column `c`, as `a1 b5 c8 …`.
pub fn placement_names(rows: &[u32]) -> String {
    rows.iter()
        .enumerate()
        .map(|(c, &r)| square_name(c as u32, r))
        .collect::<Vec<_>>()
        .join(" ")
}
