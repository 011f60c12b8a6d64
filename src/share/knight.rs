//! The knight workbench's link: board, start, rule, options and the step shown.

use super::{clip, last_value, parse_flag, query_pairs, Decoded};
use crate::solver::board::Board;
use crate::solver::knight::{Heuristic, TieBreak};

/// The knight workbench as a link carries it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnightLink {
    pub board: Board,
    pub start: Option<u32>,
    pub heuristic: Heuristic,
    pub tie_break: TieBreak,
    pub closed: bool,
    pub backtrack: bool,
    pub seed: u64,
    /// Backtracking options: forward checking ("prune") and fast backtracking.
    pub forward_check: bool,
    pub fast_backtrack: bool,
    /// Moves of the tour shown (0 = just the start); `None` = play it from the start.
    pub step: Option<u32>,
}

impl Default for KnightLink {
    fn default() -> Self {
        KnightLink {
            board: Board::new(8, 8).expect("8x8 is a valid board"),
            start: None,
            // The page opens on the best rule: a tour, or a proof there is none, from
            // every square (Warnsdorff and the rest are one click away).
            heuristic: Heuristic::Construct,
            tie_break: TieBreak::default(),
            closed: false,
            backtrack: false,
            seed: 1,
            forward_check: false,
            fast_backtrack: false,
            step: None,
        }
    }
}

pub fn encode_knight(k: &KnightLink) -> String {
    let mut parts = vec![format!("board={}x{}", k.board.width(), k.board.height())];
    if let Some(start) = k.start {
        parts.push(format!("start={}", k.board.name(start)));
    }
    parts.push(format!("heuristic={}", k.heuristic.as_str()));
    parts.push(format!("tie={}", k.tie_break.as_str()));
    parts.push(format!("seed={}", k.seed));
    parts.push(format!("closed={}", k.closed as u8));
    parts.push(format!("backtrack={}", k.backtrack as u8));
    // Written even without backtracking, so the boxes come back as the sender left them.
    parts.push(format!("prune={}", k.forward_check as u8));
    parts.push(format!("fast={}", k.fast_backtrack as u8));
    if let Some(step) = k.step {
        parts.push(format!("step={step}"));
    }
    parts.join("&")
}

pub fn decode_knight(query: &str) -> Decoded<KnightLink> {
    let mut k = KnightLink::default();
    let mut problems = Vec::new();
    let pairs = query_pairs(query);
    let get = |key: &str| last_value(&pairs, key);
    if let Some(text) = get("board") {
        match Board::parse(text) {
            Ok(board) => k.board = board,
            Err(e) => problems.push(format!("{}; using 8x8", clip(&e.to_string()))),
        }
    }
    if let Some(text) = get("start") {
        match k.board.parse_square(text) {
            Ok(sq) => k.start = Some(sq),
            Err(e) => problems.push(format!("{}; pick a start square", clip(&e.to_string()))),
        }
    }
    if let Some(text) = get("heuristic") {
        match Heuristic::parse(text) {
            Ok(h) => k.heuristic = h,
            Err(e) => problems.push(clip(&e)),
        }
    }
    if let Some(text) = get("tie") {
        match TieBreak::parse(text) {
            Ok(t) => k.tie_break = t,
            Err(e) => problems.push(clip(&e)),
        }
    }
    if let Some(text) = get("seed") {
        match text.trim().parse::<u64>() {
            Ok(seed) => k.seed = seed,
            Err(_) => problems.push(format!("seed must be a whole number, not '{}'", clip(text))),
        }
    }
    for (key, slot) in [
        ("closed", &mut k.closed),
        ("backtrack", &mut k.backtrack),
        ("prune", &mut k.forward_check),
        ("fast", &mut k.fast_backtrack),
    ] {
        if let Some(text) = get(key) {
            match parse_flag(text) {
                Some(b) => *slot = b,
                None => problems.push(format!("{key} must be 0 or 1, not '{}'", clip(text))),
            }
        }
    }
    if let Some(text) = get("step") {
        match text.trim().parse::<u32>() {
            Ok(step) => k.step = Some(step),
            Err(_) => problems.push(format!("step must be a whole number, not '{}'", clip(text))),
        }
    }
    Decoded { value: k, problems }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::share::*;

    #[test]
    fn knight_links_round_trip() {
        let board = Board::new(6, 5).unwrap();
        let k = KnightLink {
            board,
            start: Some(board.parse_square("c3").unwrap()),
            heuristic: Heuristic::Warnsdorff,
            closed: true,
            backtrack: true,
            step: Some(17),
            ..KnightLink::default()
        };
        let hash = encode_route(&Route::Knight(k.clone()));
        assert_eq!(
            hash,
            "#/knight?board=6x5&start=c3&heuristic=warnsdorff&tie=first&seed=1&closed=1&backtrack=1&prune=0&fast=0&step=17"
        );
        let d = decode_route(&hash);
        assert!(d.problems.is_empty(), "{:?}", d.problems);
        assert_eq!(d.value, Route::Knight(k));
        // A link without a rule opens on the best one.
        match decode_route("#/knight?board=6x5").value {
            Route::Knight(k) => assert_eq!(k.heuristic, Heuristic::Construct),
            other => panic!("{other:?}"),
        }
    }
}
