//! Shareable links: every workbench's state as a readable hash route, and back.
//!
//! Decoding never fails: a bad value becomes a problem message and a sane default, so a
//! link with a typo still opens the workbench.

use crate::solver::board::Board;
use crate::solver::cube::{format_moves, parse_moves, Metric, Move, Stickers};
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

/// A decoded value and what was wrong with the text it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded<T> {
    pub value: T,
    pub problems: Vec<String>,
}

/// The cube workbench as a link carries it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CubeLink {
    /// The cube before the solution (24 letters; the colouring may still be impossible,
    /// which the page then explains).
    pub state: Stickers,
    pub solution: Vec<Move>,
    /// Moves of the solution played (0 = none).
    pub step: u32,
    pub metric: Metric,
}

impl Default for CubeLink {
    fn default() -> Self {
        CubeLink {
            state: Stickers::solved(),
            solution: Vec::new(),
            step: 0,
            metric: Metric::Htm,
        }
    }
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
}

impl Default for QueensLink {
    fn default() -> Self {
        QueensLink {
            n: 8,
            mode: QueensMode::Hand,
            queens: Vec::new(),
            step: 0,
        }
    }
}

/// The workbenches a hash can name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    /// The home page (`#/` or no hash).
    Home,
    Knight(KnightLink),
    Cube(CubeLink),
    Queens(QueensLink),
    Count(CountLink),
}

/// The counting lab as a link carries it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountLink {
    pub board: Board,
    /// Count only tours from here; `None` = from every square.
    pub start: Option<u32>,
    pub closed: bool,
}

impl Default for CountLink {
    fn default() -> Self {
        CountLink {
            board: Board::new(5, 5).expect("5x5 is a valid board"),
            start: Some(0),
            closed: false,
        }
    }
}

/// Decodes `#/knight?board=8x8&start=c3` (the leading `#` is optional).
pub fn decode_route(hash: &str) -> Decoded<Route> {
    let hash = hash.strip_prefix('#').unwrap_or(hash);
    let (path, query) = hash.split_once('?').unwrap_or((hash, ""));
    match path.trim_matches('/') {
        "" => Decoded {
            value: Route::Home,
            problems: Vec::new(),
        },
        "knight" => {
            let d = decode_knight(query);
            Decoded {
                value: Route::Knight(d.value),
                problems: d.problems,
            }
        }
        "queens" => {
            let d = decode_queens(query);
            Decoded {
                value: Route::Queens(d.value),
                problems: d.problems,
            }
        }
        "count" => {
            let d = decode_count(query);
            Decoded {
                value: Route::Count(d.value),
                problems: d.problems,
            }
        }
        "cube" => {
            let d = decode_cube(query);
            Decoded {
                value: Route::Cube(d.value),
                problems: d.problems,
            }
        }
        other => Decoded {
            value: Route::Home,
            problems: vec![format!(
                "there is no workbench '{}'; here are the ones there are",
                clip(&percent_decode(other))
            )],
        },
    }
}

pub fn encode_route(route: &Route) -> String {
    match route {
        Route::Home => "#/".to_string(),
        Route::Knight(k) => format!("#/knight?{}", encode_knight(k)),
        Route::Cube(c) => format!("#/cube?{}", encode_cube(c)),
        Route::Queens(q) => format!("#/queens?{}", encode_queens(q)),
        Route::Count(c) => format!("#/count?{}", encode_count(c)),
    }
}

pub fn encode_count(c: &CountLink) -> String {
    let start = c.start.map_or("all".to_string(), |s| c.board.name(s));
    format!(
        "board={}x{}&start={start}&closed={}",
        c.board.width(),
        c.board.height(),
        c.closed as u8
    )
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
    Decoded { value: c, problems }
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
            .map(|&(c, r)| crate::solver::queens::square_name(c, r))
            .collect();
        parts.push(format!("queens={}", names.join(",")));
    }
    if !hand || q.step > 0 {
        parts.push(format!("step={}", q.step));
    }
    parts.join("&")
}

pub fn decode_queens(query: &str) -> Decoded<QueensLink> {
    use crate::solver::queens::{parse_square, MAX_N};
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
        for name in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
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
    Decoded { value: q, problems }
}

pub fn encode_cube(c: &CubeLink) -> String {
    let mut parts = vec![format!("state={}", c.state)];
    if !c.solution.is_empty() {
        let text = format_moves(&c.solution)
            .replace(' ', "%20")
            .replace('\'', "%27");
        parts.push(format!("solution={text}"));
        parts.push(format!("step={}", c.step));
    }
    parts.push(format!("metric={}", c.metric.as_str()));
    parts.join("&")
}

pub fn decode_cube(query: &str) -> Decoded<CubeLink> {
    let mut c = CubeLink::default();
    let mut problems = Vec::new();
    let pairs = query_pairs(query);
    let get = |key: &str| last_value(&pairs, key);
    if let Some(text) = get("state") {
        match Stickers::parse(text) {
            Ok(state) => c.state = state,
            Err(e) => problems.push(format!("{}; showing a solved cube", clip(&e))),
        }
    }
    if let Some(text) = get("metric") {
        match Metric::parse(text) {
            Ok(m) => c.metric = m,
            Err(e) => problems.push(clip(&e)),
        }
    }
    if let Some(text) = get("solution") {
        match parse_moves(text) {
            Ok(moves) if moves.len() <= 1000 => c.solution = moves,
            Ok(_) => problems.push("the solution is longer than 1000 moves; ignored".into()),
            Err(e) => problems.push(format!("solution: {}", clip(&e))),
        }
    }
    if let Some(text) = get("step") {
        match text.trim().parse::<u32>() {
            Ok(step) if step as usize <= c.solution.len() => c.step = step,
            _ => problems.push(format!(
                "step must be 0 to {} (the solution's length), not '{}'",
                c.solution.len(),
                clip(text)
            )),
        }
    }
    Decoded { value: c, problems }
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

fn parse_flag(text: &str) -> Option<bool> {
    match text.trim().to_ascii_lowercase().as_str() {
        "1" | "true" | "yes" | "on" => Some(true),
        "0" | "false" | "no" | "off" => Some(false),
        _ => None,
    }
}

/// The value of the last `key=` in the query (later ones win, as browsers do).
fn last_value<'a>(pairs: &'a [(String, String)], key: &str) -> Option<&'a str> {
    pairs
        .iter()
        .rev()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

/// Splits `a=1&b=2` into decoded pairs; a key without `=` gets an empty value.
fn query_pairs(query: &str) -> Vec<(String, String)> {
    query
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            (percent_decode(k), percent_decode(v))
        })
        .collect()
}

/// `%41` → `A`, `+` → space; malformed escapes are kept as typed.
pub fn percent_decode(text: &str) -> String {
    fn hex(b: u8) -> Option<u8> {
        (b as char).to_digit(16).map(|d| d as u8)
    }
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let escaped = (bytes[i] == b'%')
            .then(|| Some(hex(*bytes.get(i + 1)?)? * 16 + hex(*bytes.get(i + 2)?)?))
            .flatten();
        match (escaped, bytes[i]) {
            (Some(b), _) => {
                out.push(b);
                i += 3;
            }
            (None, b'+') => {
                out.push(b' ');
                i += 1;
            }
            (None, b) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Keeps echoed user text short in messages.
fn clip(text: &str) -> String {
    const MAX: usize = 60;
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        format!("{}…", text.chars().take(MAX).collect::<String>())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn count_links_round_trip_and_refuse_big_boards() {
        let board = Board::new(6, 6).unwrap();
        let c = CountLink {
            board,
            start: None,
            closed: true,
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

    #[test]
    fn bad_values_fall_back_with_messages() {
        let d = decode_knight("board=0x0&start=z99&closed=maybe&step=-3");
        assert_eq!(d.value.board, Board::new(8, 8).unwrap());
        assert_eq!(d.value.start, None);
        assert!(!d.value.closed);
        assert_eq!(d.value.step, None);
        assert_eq!(d.problems.len(), 4, "{:?}", d.problems);
        assert!(d.problems[0].contains("0x0"));
        assert!(d.problems[1].contains("z99"));
    }

    #[test]
    fn empty_and_unknown_routes_open_the_home_page() {
        for empty in ["", "#", "#/"] {
            assert_eq!(
                decode_route(empty),
                Decoded {
                    value: Route::Home,
                    problems: vec![]
                }
            );
        }
        let d = decode_route("#/nowhere?x=1");
        assert_eq!(d.value, Route::Home);
        assert_eq!(d.problems.len(), 1);
        assert_eq!(
            decode_route("#/knight").value,
            Route::Knight(KnightLink::default())
        );
    }

    #[test]
    fn cube_links_round_trip_and_survive_bad_values() {
        let c = CubeLink {
            state: Stickers::parse("WWWWOOGGRRBBGGRRBBOOYYYY").unwrap(),
            solution: parse_moves("U R' F2").unwrap(),
            step: 2,
            metric: Metric::Qtm,
        };
        let hash = encode_route(&Route::Cube(c.clone()));
        assert_eq!(
            hash,
            "#/cube?state=WWWWOOGGRRBBGGRRBBOOYYYY&solution=U%20R%27%20F2&step=2&metric=qtm"
        );
        let d = decode_route(&hash);
        assert!(d.problems.is_empty(), "{:?}", d.problems);
        assert_eq!(d.value, Route::Cube(c));
        // The article's own strings open directly, in any case.
        let d = decode_route("#/cube?state=wwwwggrrbboo ggrrbbooyyyy");
        assert!(d.problems.is_empty());
        let d = decode_route("#/cube?state=WWW&solution=Q&step=9&metric=stm");
        assert_eq!(d.value, Route::Cube(CubeLink::default()));
        assert_eq!(d.problems.len(), 4, "{:?}", d.problems);
    }

    #[test]
    fn queens_links_round_trip_and_survive_bad_values() {
        let q = QueensLink {
            n: 8,
            mode: QueensMode::Hand,
            queens: vec![(0, 0), (1, 4)],
            step: 0,
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
    fn percent_decoding_is_forgiving() {
        assert_eq!(percent_decode("a%2Cb"), "a,b");
        assert_eq!(percent_decode("100%"), "100%");
        assert_eq!(percent_decode("%zz%4"), "%zz%4");
        assert_eq!(percent_decode("%E2%9C%93"), "✓");
        assert_eq!(percent_decode("%C3"), "\u{FFFD}");
        assert_eq!(percent_decode("é%"), "é%");
    }
}
