//! The counting lab's link: board, start square (or all) and open or closed.

use super::{clip, last_value, parse_flag, query_pairs, CountRun, Decoded};
use crate::solver::board::Board;

/// The counting lab as a link carries it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountLink {
    pub board: Board,
    /// Count only tours from here; `None` = from every square.
    pub start: Option<u32>,
    pub closed: bool,
    pub run: CountRun,
}

impl Default for CountLink {
    fn default() -> Self {
        CountLink {
            board: Board::new(5, 5).expect("5x5 is a valid board"),
            start: Some(0),
            closed: false,
            run: CountRun::default(),
        }
    }
}

pub fn encode_count(c: &CountLink) -> String {
    let start = c.start.map_or("all".to_string(), |s| c.board.name(s));
    let mut parts = vec![format!(
        "board={}x{}&start={start}&closed={}",
        c.board.width(),
        c.board.height(),
        c.closed as u8
    )];
    c.run.encode(&mut parts);
    parts.join("&")
}

pub fn decode_count(query: &str) -> Decoded<CountLink> {
    use crate::solver::knight::count::MAX_COUNT_SQUARES;
    let mut c = CountLink::default();
    let mut problems = Vec::new();
    let pairs = query_pairs(query);
    let get = |key: &str| last_value(&pairs, key);
    if let Some(text) = get("board") {
        match Board::parse(text) {
            Ok(board) if board.squares() <= MAX_COUNT_SQUARES => c.board = board,
            Ok(_) => problems.push(format!(
                "counting needs a board of at most {MAX_COUNT_SQUARES} squares, not {}; using 5x5",
                clip(text)
            )),
            Err(e) => problems.push(format!("{}; using 5x5", clip(&e.to_string()))),
        }
    }
    if let Some(text) = get("start") {
        if text.trim() == "all" {
            c.start = None;
        } else {
            match c.board.parse_square(text) {
                Ok(sq) => c.start = Some(sq),
                Err(e) => problems.push(format!("{}; counting from a1", clip(&e.to_string()))),
            }
        }
    }
    if let Some(text) = get("closed") {
        match parse_flag(text) {
            Some(flag) => c.closed = flag,
            None => problems.push(format!("closed must be 0 or 1, not '{}'", clip(text))),
        }
    }
    c.run = CountRun::decode(&pairs, &mut problems);
    Decoded { value: c, problems }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::share::*;

    #[test]
    fn count_links_round_trip_and_refuse_big_boards() {
        let board = Board::new(6, 6).unwrap();
        let c = CountLink {
            board,
            start: None,
            closed: true,
            run: CountRun::default(),
        };
        let hash = encode_route(&Route::Count(c.clone()));
        assert_eq!(hash, "#/count?board=6x6&start=all&closed=1");
        assert_eq!(decode_route(&hash).value, Route::Count(c));
        let d = decode_count("board=9x9&start=c3&closed=2");
        assert_eq!(d.value.board, Board::new(5, 5).unwrap());
        assert_eq!(
            d.value.start,
            Some(Board::new(5, 5).unwrap().parse_square("c3").unwrap())
        );
        assert_eq!(d.problems.len(), 2, "{:?}", d.problems);
        assert!(d.problems[0].contains("64 squares"), "{:?}", d.problems);
    }
}
