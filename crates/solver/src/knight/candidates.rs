//! The knight's next move as the page explains it: every square it could jump to, with its
//! onward moves (Warnsdorff's count), the ties for the fewest, and why the search took the
//! square it took.

use super::rules::{Heuristic, TieBreak};
use crate::board::Board;

/// One square the knight could jump to next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub square: u32,
    /// Unvisited squares a knight's move from it (once the knight stands on it).
    pub onward: u8,
    /// The square the search took.
    pub chosen: bool,
    /// Tied with another for the fewest onward moves.
    pub tie: bool,
}

/// The unvisited squares a knight's move from the end of `path`, with their onward moves;
/// `chosen` is the square the search took next, if any. Only squares within two moves of
/// the knight are looked up, so this is cheap on paths of millions of squares.
pub fn candidates(board: Board, path: &[u32], chosen: Option<u32>) -> Vec<Candidate> {
    let Some(&here) = path.last() else {
        return Vec::new();
    };
    let near: std::collections::HashSet<u32> = board
        .knight_moves(here)
        .flat_map(|sq| std::iter::once(sq).chain(board.knight_moves(sq)))
        .collect();
    let seen: std::collections::HashSet<u32> = path
        .iter()
        .copied()
        .filter(|sq| near.contains(sq))
        .collect();
    let visited = |sq: u32| seen.contains(&sq);
    let mut out: Vec<Candidate> = board
        .knight_moves(here)
        .filter(|&sq| !visited(sq))
        .map(|sq| Candidate {
            square: sq,
            onward: board.knight_moves(sq).filter(|&n| !visited(n)).count() as u8,
            chosen: Some(sq) == chosen,
            tie: false,
        })
        .collect();
    let best = out.iter().map(|c| c.onward).min().unwrap_or(0);
    let tied = out.iter().filter(|c| c.onward == best).count() > 1;
    for c in &mut out {
        c.tie = tied && c.onward == best;
    }
    out
}

/// Why the rule took the chosen candidate, in words ("fewest onward moves (2), tied with
/// c3; the tie went by Roth's distance from the centre"); `None` if none was chosen.
pub fn why_chosen(
    board: Board,
    heuristic: Heuristic,
    tie_break: TieBreak,
    candidates: &[Candidate],
) -> Option<String> {
    let pick = candidates.iter().find(|c| c.chosen)?;
    let best = candidates.iter().map(|c| c.onward).min().unwrap_or(0);
    Some(match heuristic {
        Heuristic::Bottom => "the lowest row first".to_string(),
        Heuristic::Center => "the square nearest the centre".to_string(),
        Heuristic::Construct => "the next square of the constructed tour".to_string(),
        Heuristic::Warnsdorff if pick.onward != best => {
            "not the fewest onward moves: the search backtracked out of that one".to_string()
        }
        Heuristic::Warnsdorff if pick.tie => format!(
            "fewest onward moves ({best}), tied with {}; the tie went by {}",
            candidates
                .iter()
                .filter(|c| c.tie && !c.chosen)
                .map(|c| board.name(c.square))
                .collect::<Vec<_>>()
                .join(", "),
            match tie_break {
                TieBreak::First => "the clockwise order",
                TieBreak::Random => "a seeded random draw",
                TieBreak::Pohl => "Pohl's rule one level deeper",
                TieBreak::Roth => "Roth's distance from the centre",
            }
        ),
        Heuristic::Warnsdorff => format!("fewest onward moves ({best})"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn from_a1_on_8x8_two_squares_tie_with_five_onward_moves() {
        let board = Board::new(8, 8).unwrap();
        let a1 = board.parse_square("a1").unwrap();
        let c2 = board.parse_square("c2").unwrap();
        let list = candidates(board, &[a1], Some(c2));
        let mut names: Vec<(String, u8, bool)> = list
            .iter()
            .map(|c| (board.name(c.square), c.onward, c.tie))
            .collect();
        names.sort();
        // b3 and c2 each have six knight moves; a1 is visited, so five remain.
        assert_eq!(
            names,
            [("b3".to_string(), 5, true), ("c2".to_string(), 5, true)]
        );
        let why = why_chosen(board, Heuristic::Warnsdorff, TieBreak::Roth, &list).unwrap();
        assert!(
            why.contains("tied with b3") && why.contains("Roth"),
            "{why}"
        );
    }

    #[test]
    fn visited_squares_are_neither_candidates_nor_onward_moves() {
        let board = Board::new(5, 5).unwrap();
        let sq = |n: &str| board.parse_square(n).unwrap();
        // a1 → b3 → c1: from c1 the knight may go to a2, d3, e2 (b3 is taken).
        let path = [sq("a1"), sq("b3"), sq("c1")];
        let list = candidates(board, &path, None);
        let mut names: Vec<String> = list.iter().map(|c| board.name(c.square)).collect();
        names.sort();
        assert_eq!(names, ["a2", "d3", "e2"]);
        let a2 = list.iter().find(|c| c.square == sq("a2")).unwrap();
        // a2's moves: b4, c3, c1 (visited): two onward.
        assert_eq!(a2.onward, 2);
        assert_eq!(
            why_chosen(board, Heuristic::Warnsdorff, TieBreak::First, &list),
            None
        );
    }
}
