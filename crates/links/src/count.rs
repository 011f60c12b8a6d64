//! The counting lab's link: board, start square (or all) and open or closed, and how the
//! notebook's counters are watched on the board: which (`watch=brute|backtrack|race`),
//! at which verbose level (`level=0|1|2`), how fast (`speed=`) and at which step (`step=`).

use super::count_parts::{default_parts, MAX_PAGE_PARTS};
use super::{clip, last_value, parse_flag, query_pairs, CountRun, Decoded};
use puzzlelab_solver::board::Board;
use puzzlelab_solver::knight::count::{auto_method, CountSpec, Method};
use puzzlelab_solver::watch::{Level, MAX_SPEED, MIN_SPEED};

/// Boards on which the counters are watched square by square (the notebook's 3x3 to 4x4).
pub const MAX_WATCH_SQUARES: u32 = 16;

/// Which of the notebook's counters the board shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CountWatch {
    BruteForce,
    Backtracking,
    /// Both, in lockstep on two boards.
    #[default]
    Race,
}

impl CountWatch {
    pub fn as_str(self) -> &'static str {
        match self {
            CountWatch::BruteForce => "brute",
            CountWatch::Backtracking => "backtrack",
            CountWatch::Race => "race",
        }
    }
}

/// How the fast count runs (`method=`, the CLI's `--method` names). A link without one
/// lets the page choose as `knight-count` does ([`CountLink::chosen_method`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountMethod {
    /// Every tour visited (per-start counts; any board up to 64 squares).
    DepthFirst,
    /// Path structures swept cell by cell, in fingerprinted parts on the workers.
    Frontier,
}

/// The solver's method as the link names it.
impl From<Method> for CountMethod {
    fn from(m: Method) -> CountMethod {
        match m {
            Method::DepthFirst => CountMethod::DepthFirst,
            Method::Frontier => CountMethod::Frontier,
        }
    }
}

impl CountMethod {
    pub fn as_str(self) -> &'static str {
        match self {
            CountMethod::DepthFirst => "depth-first",
            CountMethod::Frontier => "frontier",
        }
    }
}

/// The counting lab as a link carries it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountLink {
    pub board: Board,
    /// Count only tours from here; `None` = from every square.
    pub start: Option<u32>,
    pub closed: bool,
    /// `None`: the fastest method that answers, as `knight-count` picks it.
    pub method: Option<CountMethod>,
    /// How many parts a path-structure count is split into (`parts=`, the CLI's K of
    /// `--part I/K`); `None`: [`default_parts`] for the board.
    pub parts: Option<u32>,
    pub run: CountRun,
    pub watch: CountWatch,
    /// The notebook's verbose level: 0 counters only (the default, not written), 1 each
    /// tour, 2 every candidate; 1 and 2 show the board (boards of up to 16 squares).
    pub level: Level,
    pub speed: Option<u32>,
    /// The watched search's step (levels 1 and 2).
    pub step: u64,
}

impl Default for CountLink {
    fn default() -> Self {
        CountLink {
            board: Board::new(5, 5).expect("5x5 is a valid board"),
            start: Some(0),
            closed: false,
            method: None,
            parts: None,
            run: CountRun::default(),
            watch: CountWatch::default(),
            level: Level::Counters,
            speed: None,
            step: 0,
        }
    }
}

impl CountLink {
    /// The count the link asks for.
    pub fn spec(&self) -> CountSpec {
        CountSpec {
            width: self.board.width(),
            height: self.board.height(),
            start: self.start,
            closed: self.closed,
        }
    }

    /// The method the count runs by: the link's, or the one `knight-count` picks without
    /// `--method` (depth-first up to 36 squares, path structures beyond).
    pub fn chosen_method(&self) -> CountMethod {
        self.method
            .unwrap_or_else(|| auto_method(self.spec(), false).into())
    }

    /// Parts a path-structure count is split into.
    pub fn parts_or_default(&self) -> u32 {
        self.parts.unwrap_or(default_parts(self.board.squares()))
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
    if let Some(method) = c.method {
        parts.push(format!("method={}", method.as_str()));
    }
    if let Some(k) = c.parts {
        parts.push(format!("parts={k}"));
    }
    if c.level != Level::Counters {
        parts.push(format!(
            "watch={}&level={}",
            c.watch.as_str(),
            c.level.number()
        ));
        if c.step > 0 {
            parts.push(format!("step={}", c.step));
        }
    }
    if let Some(speed) = c.speed {
        parts.push(format!("speed={speed}"));
    }
    c.run.encode(&mut parts);
    parts.join("&")
}

pub fn decode_count(query: &str) -> Decoded<CountLink> {
    use puzzlelab_solver::knight::count::MAX_COUNT_SQUARES;
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
    if let Some(text) = get("method") {
        match text.trim() {
            "depth-first" => c.method = Some(CountMethod::DepthFirst),
            "frontier" => c.method = Some(CountMethod::Frontier),
            "auto" => c.method = None,
            other => problems.push(format!(
                "method must be depth-first or frontier, not '{}'; choosing the fastest",
                clip(other)
            )),
        }
    }
    if let Some(text) = get("parts") {
        match text.trim().parse::<u32>() {
            Ok(k) if (1..=MAX_PAGE_PARTS).contains(&k) => c.parts = Some(k),
            _ => problems.push(format!(
                "parts must be 1 to {MAX_PAGE_PARTS}, not '{}'; splitting as the board needs",
                clip(text)
            )),
        }
    }
    if let Some(text) = get("watch") {
        match text.trim() {
            "brute" => c.watch = CountWatch::BruteForce,
            "backtrack" => c.watch = CountWatch::Backtracking,
            "race" => c.watch = CountWatch::Race,
            other => problems.push(format!(
                "watch must be brute, backtrack or race, not '{}'",
                clip(other)
            )),
        }
    }
    if let Some(text) = get("level") {
        match text.trim().parse::<u8>().ok().and_then(Level::from_number) {
            Some(level) => c.level = level,
            None => problems.push(format!("level must be 0, 1 or 2, not '{}'", clip(text))),
        }
    }
    if c.level != Level::Counters && c.board.squares() > MAX_WATCH_SQUARES {
        problems.push(format!(
            "watching on the board needs at most {MAX_WATCH_SQUARES} squares; showing counters only"
        ));
        c.level = Level::Counters;
    }
    if let Some(text) = get("speed") {
        match text.trim().parse::<u32>() {
            Ok(v) if (MIN_SPEED..=MAX_SPEED).contains(&v) => c.speed = Some(v),
            _ => problems.push(format!(
                "speed must be {MIN_SPEED} to {MAX_SPEED} steps a second, not '{}'",
                clip(text)
            )),
        }
    }
    if let Some(text) = get("step") {
        match text.trim().parse::<u64>() {
            Ok(step) => c.step = step,
            Err(_) => problems.push(format!("step must be a whole number, not '{}'", clip(text))),
        }
    }
    c.run = CountRun::decode(&pairs, &mut problems);
    Decoded { value: c, problems }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::*;

    #[test]
    fn count_links_round_trip_and_refuse_big_boards() {
        let board = Board::new(6, 6).unwrap();
        let c = CountLink {
            board,
            start: None,
            closed: true,
            ..CountLink::default()
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
    fn the_method_is_in_the_link_and_a_bad_one_is_refused() {
        let c = CountLink {
            board: Board::new(7, 7).unwrap(),
            start: None,
            method: Some(CountMethod::Frontier),
            ..CountLink::default()
        };
        let hash = encode_route(&Route::Count(c.clone()));
        assert_eq!(hash, "#/count?board=7x7&start=all&closed=0&method=frontier");
        assert_eq!(decode_route(&hash).value, Route::Count(c));
        let d = decode_count("board=6x6&method=dfs");
        assert_eq!(d.value.method, None);
        assert!(
            d.problems[0].contains("depth-first or frontier"),
            "{:?}",
            d.problems
        );
    }

    #[test]
    fn without_a_method_the_page_picks_as_the_command_line_does_and_parts_are_kept() {
        let d = decode_count("board=6x7&start=all&closed=1&parts=12");
        assert_eq!(d.value.method, None);
        assert_eq!(d.value.chosen_method(), CountMethod::Frontier, "42 squares");
        assert_eq!(d.value.parts_or_default(), 12);
        assert_eq!(
            encode_count(&d.value),
            "board=6x7&start=all&closed=1&parts=12"
        );
        let small = decode_count("board=6x6&start=all&closed=1").value;
        assert_eq!(small.chosen_method(), CountMethod::DepthFirst, "36 squares");
        assert_eq!(small.parts_or_default(), default_parts(36));
        let bad = decode_count("board=6x6&parts=0&method=fast");
        assert_eq!(bad.problems.len(), 2, "{:?}", bad.problems);
        assert_eq!(bad.value.parts, None);
    }

    #[test]
    fn watching_links_round_trip_and_refuse_big_boards_and_bad_levels() {
        let c = CountLink {
            board: Board::new(3, 4).unwrap(),
            watch: CountWatch::BruteForce,
            level: Level::Every,
            speed: Some(60),
            step: 99,
            ..CountLink::default()
        };
        let hash = encode_route(&Route::Count(c.clone()));
        assert_eq!(
            hash,
            "#/count?board=3x4&start=a1&closed=0&watch=brute&level=2&step=99&speed=60"
        );
        assert_eq!(decode_route(&hash).value, Route::Count(c));
        let d = decode_count("board=5x5&level=2&watch=both&speed=500&step=-1");
        assert_eq!(d.value.level, Level::Counters, "25 squares: counters only");
        assert_eq!(d.problems.len(), 4, "{:?}", d.problems);
        assert!(d.problems.iter().any(|p| p.contains("16 squares")));
        assert_eq!(decode_count("level=7").problems.len(), 1);
    }
}
