//! The N-queens workbench's link: N, mode, queens placed by hand, the step shown, and
//! how the search is watched (`view=tree` for its search tree, `view=code` for its code,
//! `speed=`, `predict=1` for guessing each placement).

use super::{clip, last_value, query_pairs, CountRun, Decoded};
use puzzlelab_solver::watch::{MAX_SPEED, MIN_SPEED};

/// How the backtracking search is shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum QueensView {
    /// The board with the counters (`view=board`, the default, not written).
    #[default]
    Board,
    /// The board beside the search tree (`view=tree`).
    Tree,
    /// The board beside the search's code, its line lit at each step (`view=code`).
    Code,
}

/// How the queens board is being used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QueensMode {
    /// Queens placed by hand.
    Hand,
    /// The backtracking search, shown at `step`.
    Search,
}

/// The N-queens workbench as a link carries it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueensLink {
    pub n: u32,
    pub mode: QueensMode,
    /// (column, row) of each queen placed by hand.
    pub queens: Vec<(u32, u32)>,
    /// Steps of the search taken.
    pub step: u64,
    pub run: CountRun,
    pub view: QueensView,
    /// Steps per second when playing the search (`None`: the page's default).
    pub speed: Option<u32>,
    /// "What would it do next?": the search stops before each placement to be guessed
    /// (`predict=1`).
    pub predict: bool,
}

impl Default for QueensLink {
    fn default() -> Self {
        QueensLink {
            n: 8,
            mode: QueensMode::Hand,
            queens: Vec::new(),
            step: 0,
            run: CountRun::default(),
            view: QueensView::Board,
            speed: None,
            predict: false,
        }
    }
}

pub fn encode_queens(q: &QueensLink) -> String {
    let hand = q.mode == QueensMode::Hand;
    let mut parts = vec![
        format!("n={}", q.n),
        format!("mode={}", if hand { "hand" } else { "search" }),
    ];
    // Both the hand placement and the search position are kept, whichever is showing.
    if hand || !q.queens.is_empty() {
        let names: Vec<String> = q
            .queens
            .iter()
            .map(|&(c, r)| puzzlelab_solver::queens::square_name_on(q.n, c, r))
            .collect();
        // Past 26 columns squares are named `x,y`, so the list takes `;` between them.
        let separator = if q.n > 26 { ";" } else { "," };
        parts.push(format!("queens={}", names.join(separator)));
    }
    if !hand || q.step > 0 {
        parts.push(format!("step={}", q.step));
    }
    match q.view {
        QueensView::Board => {}
        QueensView::Tree => parts.push("view=tree".to_string()),
        QueensView::Code => parts.push("view=code".to_string()),
    }
    if let Some(speed) = q.speed {
        parts.push(format!("speed={speed}"));
    }
    if q.predict {
        parts.push("predict=1".to_string());
    }
    q.run.encode(&mut parts);
    parts.join("&")
}

pub fn decode_queens(query: &str) -> Decoded<QueensLink> {
    use puzzlelab_solver::queens::{parse_square, MAX_N};
    let mut q = QueensLink::default();
    let mut problems = Vec::new();
    let pairs = query_pairs(query);
    let get = |key: &str| last_value(&pairs, key);
    if let Some(text) = get("n") {
        match text.trim().parse::<u32>() {
            Ok(n) if (1..=MAX_N).contains(&n) => q.n = n,
            _ => problems.push(format!(
                "N must be 1 to {MAX_N}, not '{}'; using 8",
                clip(text)
            )),
        }
    }
    if let Some(text) = get("mode") {
        match text.trim() {
            "hand" => q.mode = QueensMode::Hand,
            "search" => q.mode = QueensMode::Search,
            other => problems.push(format!(
                "mode must be hand or search, not '{}'",
                clip(other)
            )),
        }
    }
    if let Some(text) = get("queens") {
        let names: Vec<&str> = if text.contains(';') || q.n > 26 {
            text.split(';').collect()
        } else {
            text.split(',').collect()
        };
        for name in names.into_iter().map(str::trim).filter(|s| !s.is_empty()) {
            match parse_square(q.n, name) {
                Ok(square) if !q.queens.contains(&square) => q.queens.push(square),
                Ok(_) => {}
                Err(e) => problems.push(format!("queen {}", clip(&e))),
            }
        }
    }
    if let Some(text) = get("step") {
        match text.trim().parse::<u64>() {
            Ok(step) => q.step = step,
            Err(_) => problems.push(format!("step must be a whole number, not '{}'", clip(text))),
        }
    }
    if let Some(text) = get("view") {
        match text.trim() {
            "board" => q.view = QueensView::Board,
            "tree" => q.view = QueensView::Tree,
            "code" => q.view = QueensView::Code,
            other => problems.push(format!(
                "view must be board, tree or code, not '{}'",
                clip(other)
            )),
        }
    }
    if let Some(text) = get("speed") {
        match text.trim().parse::<u32>() {
            Ok(v) if (MIN_SPEED..=MAX_SPEED).contains(&v) => q.speed = Some(v),
            _ => problems.push(format!(
                "speed must be {MIN_SPEED} to {MAX_SPEED} steps a second, not '{}'",
                clip(text)
            )),
        }
    }
    if let Some(text) = get("predict") {
        match text.trim() {
            "1" => q.predict = true,
            "0" => q.predict = false,
            other => problems.push(format!("predict must be 0 or 1, not '{}'", clip(other))),
        }
    }
    q.run = CountRun::decode(&pairs, &mut problems);
    Decoded { value: q, problems }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::*;

    #[test]
    fn wide_boards_name_squares_as_x_y_and_round_trip() {
        let q = QueensLink {
            n: 30,
            mode: QueensMode::Hand,
            queens: vec![(0, 0), (27, 3), (29, 29)],
            ..QueensLink::default()
        };
        let hash = encode_route(&Route::Queens(q.clone()));
        assert!(hash.contains("queens=0,0;27,3;29,29"), "{hash}");
        let d = decode_route(&hash);
        assert!(d.problems.is_empty(), "{:?}", d.problems);
        assert_eq!(d.value, Route::Queens(q));
        assert!(!decode_queens("n=30&queens=30,1").problems.is_empty());
    }

    #[test]
    fn queens_links_round_trip_and_survive_bad_values() {
        let q = QueensLink {
            n: 8,
            mode: QueensMode::Hand,
            queens: vec![(0, 0), (1, 4)],
            step: 0,
            run: CountRun::default(),
            ..QueensLink::default()
        };
        let hash = encode_route(&Route::Queens(q.clone()));
        assert_eq!(hash, "#/queens?n=8&mode=hand&queens=a1,b5");
        assert_eq!(decode_route(&hash).value, Route::Queens(q));
        let s = QueensLink {
            mode: QueensMode::Search,
            step: 123,
            ..QueensLink::default()
        };
        assert_eq!(
            decode_route(&encode_route(&Route::Queens(s.clone()))).value,
            Route::Queens(s)
        );
        let d = decode_route("#/queens?n=99&mode=fly&queens=a1,z9&step=x");
        assert_eq!(d.problems.len(), 4, "{:?}", d.problems);
        let Route::Queens(q) = d.value else {
            panic!("queens route")
        };
        assert_eq!((q.n, q.queens.clone()), (8, vec![(0, 0)]));
    }

    #[test]
    fn the_tree_view_and_speed_round_trip_and_bad_ones_are_refused() {
        let q = QueensLink {
            n: 6,
            mode: QueensMode::Search,
            step: 40,
            view: QueensView::Tree,
            speed: Some(30),
            ..QueensLink::default()
        };
        let hash = encode_route(&Route::Queens(q.clone()));
        assert_eq!(hash, "#/queens?n=6&mode=search&step=40&view=tree&speed=30");
        assert_eq!(decode_route(&hash).value, Route::Queens(q));
        let d = decode_queens("n=6&mode=search&view=forest&speed=0");
        assert_eq!(d.problems.len(), 2, "{:?}", d.problems);
        assert_eq!((d.value.view, d.value.speed), (QueensView::Board, None));
        assert!(d.problems[0].contains("board, tree or code"));
        let code = QueensLink {
            view: QueensView::Code,
            ..QueensLink::default()
        };
        let d = decode_route(&encode_route(&Route::Queens(code.clone())));
        assert!(encode_route(&Route::Queens(code.clone())).ends_with("&view=code"));
        assert_eq!(d.value, Route::Queens(code));
    }

    #[test]
    fn prediction_round_trips_and_a_bad_one_is_refused() {
        let q = QueensLink {
            n: 5,
            mode: QueensMode::Search,
            step: 3,
            view: QueensView::Code,
            predict: true,
            ..QueensLink::default()
        };
        let hash = encode_route(&Route::Queens(q.clone()));
        assert_eq!(hash, "#/queens?n=5&mode=search&step=3&view=code&predict=1");
        assert_eq!(decode_route(&hash).value, Route::Queens(q));
        let bad = decode_queens("n=5&mode=search&predict=yes");
        assert!(!bad.value.predict);
        assert!(
            bad.problems[0].contains("predict must be 0 or 1"),
            "{:?}",
            bad.problems
        );
    }
}
