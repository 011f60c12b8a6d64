//! The knight's-tour counts published in `tests/reference/knight.json` (with their
//! sources there), and the check that a counter gives them.

use crate::tour::square;
use serde_json::Value;

/// One published count: the board, the start if the count is for one, open or closed,
/// and the numbers given (directed and undirected, as the file's conventions say).
#[derive(Clone, Debug)]
pub struct PublishedCount {
    pub width: u32,
    pub height: u32,
    /// The start square as `y * width + x`.
    pub start: Option<u32>,
    pub closed: bool,
    pub directed: Option<u64>,
    pub undirected: Option<u64>,
    /// The file notes something about the row (too many to enumerate, ...).
    pub noted: bool,
    /// The row as the file writes it, for messages.
    pub row: String,
}

/// Every open count, then every closed one, in the file's order.
pub fn published_counts() -> Vec<PublishedCount> {
    let r: Value = serde_json::from_str(include_str!("../../../tests/reference/knight.json"))
        .expect("the reference file is JSON");
    let mut counts = Vec::new();
    for (key, closed) in [("open_counts", false), ("closed_counts", true)] {
        for row in r[key].as_array().expect("a list of counts") {
            let board = row["board"].as_str().expect("a board");
            let (w, h) = board.split_once('x').expect("a board like 5x6");
            let width: u32 = w.parse().expect("a width");
            let height: u32 = h.parse().expect("a height");
            let start = row.get("start").map(|s| {
                let (x, y) = square(s.as_str().expect("a square")).expect("a square name");
                y as u32 * width + x as u32
            });
            counts.push(PublishedCount {
                width,
                height,
                start,
                closed,
                directed: row.get("directed").map(|d| d.as_u64().expect("a count")),
                undirected: row.get("undirected").map(|u| u.as_u64().expect("a count")),
                noted: row.get("note").is_some(),
                row: row.to_string(),
            });
        }
    }
    counts
}

/// The published closed count of a board named like `6x6` (no start: closed tours are
/// the same from every square).
pub fn published_closed(board: &str) -> PublishedCount {
    published_counts()
        .into_iter()
        .find(|p| p.closed && format!("{}x{}", p.width, p.height) == board)
        .unwrap_or_else(|| panic!("no published closed count for {board}"))
}

/// Holds `count` (directed, undirected) against every published count `keep` picks;
/// returns how many published numbers were checked.
pub fn check_published_counts(
    keep: impl Fn(&PublishedCount) -> bool,
    mut count: impl FnMut(&PublishedCount) -> (u128, Option<u128>),
) -> Result<usize, String> {
    let mut checked = 0;
    for p in published_counts().iter().filter(|p| keep(p)) {
        let (directed, undirected) = count(p);
        if let Some(d) = p.directed {
            if directed != d as u128 {
                return Err(format!("{}: counted {directed} directed", p.row));
            }
            checked += 1;
        }
        if let Some(u) = p.undirected {
            if undirected != Some(u as u128) {
                return Err(format!("{}: counted {undirected:?} undirected", p.row));
            }
            checked += 1;
        }
    }
    Ok(checked)
}
