//! Whether a knight's tour exists, by theorem, before any search: Schwenk (1991) for
//! closed tours, Cull & De Curtins (1978) and Conrad et al. (1994) for open ones, and the
//! colouring argument for the start square on boards with an odd number of squares.

use serde::Serialize;

use crate::board::Board;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verdict {
    pub exists: bool,
    pub reason: String,
}

fn verdict(exists: bool, reason: impl Into<String>) -> Verdict {
    Verdict {
        exists,
        reason: reason.into(),
    }
}

/// Is there a closed tour (a cycle through every square) on this board?
pub fn closed_tour(board: Board) -> Verdict {
    let (m, n) = sorted(board);
    let size = format!("{}x{}", board.width(), board.height());
    if m % 2 == 1 && n % 2 == 1 {
        return verdict(false, format!("no closed tour on {size}: both sides are odd, so the squares cannot alternate colours around a cycle (Schwenk 1991)"));
    }
    if m == 1 || m == 2 || m == 4 {
        return verdict(
            false,
            format!("no closed tour on {size}: the shorter side is {m} (Schwenk 1991)"),
        );
    }
    if m == 3 && (n == 4 || n == 6 || n == 8) {
        return verdict(false, format!("no closed tour on {size}: 3x4, 3x6 and 3x8 are the exceptions among 3-wide boards (Schwenk 1991)"));
    }
    verdict(
        true,
        format!("a closed tour exists on {size} (Schwenk 1991)"),
    )
}

/// Is there an open tour (a path through every square) on this board?
pub fn open_tour(board: Board) -> Verdict {
    let (m, n) = sorted(board);
    let size = format!("{}x{}", board.width(), board.height());
    let (exists, why) = match m {
        1 => (
            n == 1,
            "a 1-wide board has a tour only when it is a single square",
        ),
        2 => (
            false,
            "a knight on a 2-wide board can never visit every square",
        ),
        3 => (
            n == 4 || n >= 7,
            "3-wide boards have open tours only for lengths 4 and from 7 on",
        ),
        4 => (
            n >= 5,
            "4-wide boards have open tours only from length 5 on",
        ),
        _ => (true, "every board at least 5x5 has an open tour"),
    };
    let cite = "(Cull & De Curtins 1978; Conrad et al. 1994)";
    if exists {
        verdict(true, format!("an open tour exists on {size}: {why} {cite}"))
    } else {
        verdict(false, format!("no open tour on {size}: {why} {cite}"))
    }
}

/// Can an open tour start on `start`? On a board with an odd number of squares every open
/// tour starts and ends on the corners' colour; otherwise any square of a board with a
/// tour may still fail, which only a search can tell.
pub fn open_tour_from(board: Board, start: u32) -> Verdict {
    let whole = open_tour(board);
    if !whole.exists {
        return whole;
    }
    let (x, y) = board.coords(start);
    if board.squares() % 2 == 1 && (x + y) % 2 == 1 {
        return verdict(
            false,
            format!(
                "no open tour from {} on {}x{}: the board has an odd number of squares, so a tour starts and ends on the corners' colour and {} is the other colour",
                board.name(start),
                board.width(),
                board.height(),
                board.name(start)
            ),
        );
    }
    // 4-wide boards: the outer two lines hold half the squares and no two of them are a
    // knight's move apart, so a path from an inner square would alternate inner, outer, …
    // throughout; colours alternate too, which would put every outer square on one colour.
    let (w, h) = (board.width(), board.height());
    let inner = (h == 4 && (y == 1 || y == 2)) || (w == 4 && h != 4 && (x == 1 || x == 2));
    if inner && w.min(h) == 4 {
        return verdict(
            false,
            format!(
                "no open tour from {} on {}x{}: on a 4-wide board the outer lines hold half the squares and none is a knight's move from another, so a tour from an inner square would alternate inner and outer squares throughout, and with the colours alternating too every outer square would share one colour — they do not (after Schwenk 1991)",
                board.name(start),
                w,
                h
            ),
        );
    }
    whole
}

fn sorted(board: Board) -> (u32, u32) {
    let (w, h) = (board.width(), board.height());
    (w.min(h), w.max(h))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(w: u32, h: u32) -> Board {
        Board::new(w, h).unwrap()
    }

    #[test]
    fn schwenk_and_conrad_cases() {
        assert!(closed_tour(b(6, 6)).exists);
        assert!(closed_tour(b(8, 8)).exists);
        assert!(closed_tour(b(5, 6)).exists);
        assert!(closed_tour(b(10, 3)).exists);
        for (w, h) in [
            (5, 5),
            (4, 4),
            (4, 9),
            (3, 4),
            (8, 3),
            (2, 10),
            (1, 1),
            (7, 9),
        ] {
            assert!(!closed_tour(b(w, h)).exists, "{w}x{h}");
        }
        for (w, h) in [(1, 1), (3, 4), (7, 3), (4, 5), (5, 5), (8, 8), (3, 10)] {
            assert!(open_tour(b(w, h)).exists, "{w}x{h}");
        }
        for (w, h) in [(1, 2), (2, 8), (3, 3), (3, 5), (6, 3), (4, 4), (2, 2)] {
            assert!(!open_tour(b(w, h)).exists, "{w}x{h}");
        }
    }

    #[test]
    fn the_colour_rule_on_odd_boards() {
        let board = b(5, 5);
        assert!(open_tour_from(board, board.parse_square("a1").unwrap()).exists);
        let v = open_tour_from(board, board.parse_square("b1").unwrap());
        assert!(!v.exists && v.reason.contains("colour"), "{}", v.reason);
        assert!(open_tour_from(b(6, 6), 1).exists);
    }

    #[test]
    fn four_wide_boards_start_only_on_the_outer_lines() {
        let board = b(9, 4);
        assert!(open_tour_from(board, board.parse_square("e1").unwrap()).exists);
        assert!(open_tour_from(board, board.parse_square("e4").unwrap()).exists);
        let v = open_tour_from(board, board.parse_square("e2").unwrap());
        assert!(!v.exists && v.reason.contains("4-wide"), "{}", v.reason);
        let tall = b(4, 12);
        assert!(!open_tour_from(tall, tall.parse_square("b7").unwrap()).exists);
        assert!(open_tour_from(tall, tall.parse_square("a7").unwrap()).exists);
        // 4x4 has no tour at all, whatever the square.
        assert!(open_tour_from(b(4, 4), 0)
            .reason
            .contains("4-wide boards have open tours only"));
    }
}
