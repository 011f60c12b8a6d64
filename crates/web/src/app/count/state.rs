//! The counting lab's state as plain Rust (no yew, no web-sys), as yew's `function_todomvc`
//! keeps its state: the link (board, start, open or closed, method, parts, how the
//! notebook's counters are watched), the problems to show, and the tours from each square
//! once counted. A message goes in; the new state comes out, with whether the link is to
//! be written. The component (`mod.rs`) only draws this state.

use crate::app::contract::Out;
use puzzlelab_links::{CountLink, CountMethod, MAX_WATCH_SQUARES};
use puzzlelab_pictures::heatmap::Heat;
use puzzlelab_solver::board::Board;
use puzzlelab_solver::knight::count::{CountResult, CountSpec, MAX_COUNT_SQUARES};
use puzzlelab_solver::watch::Level;

pub enum Msg {
    Width(String),
    Height(String),
    Square(u32),
    AllStarts(bool),
    Closed(bool),
    /// `depth-first`, `frontier`, or anything else for the fastest (`auto`).
    Method(String),
    Result(Option<CountResult>),
    /// The notebook's watch settings (which counter, level, speed, step).
    Watch {
        watch: puzzlelab_links::CountWatch,
        level: Level,
        speed: Option<u32>,
        step: u64,
    },
    Dismiss,
}

#[derive(Clone, Debug, PartialEq)]
pub struct CountState {
    pub link: CountLink,
    pub problems: Vec<String>,
    /// Tours from each square once counted (`None` for squares a count did not give).
    pub counts: Vec<Option<u64>>,
    /// Bumped when a size is refused, so the pickers are redrawn showing the kept size.
    pub refusals: u32,
}

impl CountState {
    pub fn new(link: CountLink, problems: Vec<String>) -> CountState {
        CountState {
            link,
            problems,
            counts: Vec::new(),
            refusals: 0,
        }
    }

    pub fn spec(&self) -> CountSpec {
        self.link.spec()
    }

    /// What the counting board shows (the page's and the saved picture's).
    pub fn heat(&self) -> Heat {
        Heat {
            board: self.link.board,
            start: self.link.start,
            closed: self.link.closed,
            counts: self.counts.clone(),
        }
    }

    /// The notebook's counters always walk from one square: the chosen one, or a1.
    pub fn naive_spec(&self) -> CountSpec {
        CountSpec {
            start: Some(self.link.start.unwrap_or(0)),
            closed: false,
            ..self.spec()
        }
    }

    /// The method the count runs by, and whether the page chose it (no `method=`).
    pub fn method(&self) -> (CountMethod, bool) {
        (self.link.chosen_method(), self.link.method.is_none())
    }

    /// Why the page's method is the one it is, in a line.
    pub fn method_line(&self) -> String {
        let (method, chosen) = self.method();
        let name = match method {
            CountMethod::DepthFirst => "depth-first",
            CountMethod::Frontier => "path structures (frontier)",
        };
        if !chosen {
            return format!("Method: {name}, as the link asks.");
        }
        let squares = self.link.board.squares();
        match method {
            CountMethod::DepthFirst => format!(
                "Method: {name}, chosen as the command line chooses it: {squares} squares, and depth-first gives the count from every square."
            ),
            CountMethod::Frontier => format!(
                "Method: {name}, chosen as the command line chooses it: {squares} squares is past the 30 that depth-first finishes in seconds; totals only."
            ),
        }
    }

    pub fn update(&mut self, msg: Msg) -> Out {
        match msg {
            Msg::Width(text) => self.resize(text.trim().parse().ok(), None, &text),
            Msg::Height(text) => self.resize(None, text.trim().parse().ok(), &text),
            Msg::Square(sq) => {
                if sq >= self.link.board.squares() {
                    return Out::redraw();
                }
                self.link.start = Some(sq);
                self.link.step = 0;
                if !self.link.closed {
                    self.counts.clear();
                }
            }
            Msg::AllStarts(all) => {
                self.link.start = if all {
                    None
                } else {
                    Some(self.link.start.unwrap_or(0))
                };
                self.counts.clear();
            }
            Msg::Closed(closed) => {
                self.link.closed = closed;
                self.counts.clear();
            }
            Msg::Method(name) => {
                self.link.method = match name.as_str() {
                    "frontier" => Some(CountMethod::Frontier),
                    "depth-first" => Some(CountMethod::DepthFirst),
                    _ => None,
                };
                self.counts.clear();
            }
            Msg::Result(result) => {
                self.counts = self.per_square(result);
                return Out::redraw();
            }
            Msg::Watch {
                watch,
                level,
                speed,
                step,
            } => {
                self.link.watch = watch;
                self.link.level = level;
                self.link.speed = speed;
                self.link.step = step;
            }
            Msg::Dismiss => {
                self.problems.clear();
                return Out::redraw();
            }
        }
        Out::link()
    }

    /// A count's tours from each square: a count from one start only knows that square
    /// (the others blank); a count without per-start figures leaves them all blank.
    fn per_square(&self, result: Option<CountResult>) -> Vec<Option<u64>> {
        let Some(r) = result else {
            return Vec::new();
        };
        let l = &self.link;
        puzzlelab_pictures::heatmap::per_square(l.board, l.start, l.closed, &r)
    }

    fn resize(&mut self, width: Option<u32>, height: Option<u32>, text: &str) {
        let (w, h) = (
            width.unwrap_or(self.link.board.width()),
            height.unwrap_or(self.link.board.height()),
        );
        if width.is_none() && height.is_none() {
            self.refusals += 1;
            self.problems = vec![format!("'{}' is not a board side", text.trim())];
            return;
        }
        match Board::new(w, h) {
            Ok(board) if board.squares() <= MAX_COUNT_SQUARES => {
                self.link.board = board;
                self.link.start = self.link.start.map(|_| 0);
                self.link.step = 0;
                if board.squares() > MAX_WATCH_SQUARES {
                    self.link.level = Level::Counters;
                }
                self.counts.clear();
                self.problems.clear();
            }
            refused => {
                self.refusals += 1;
                self.problems = vec![match refused {
                    Ok(_) => format!(
                        "{w}x{h} has {} squares: counting goes up to {MAX_COUNT_SQUARES} (8x8); keeping {}x{}",
                        w * h,
                        self.link.board.width(),
                        self.link.board.height()
                    ),
                    Err(e) => e.to_string(),
                }];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzlelab_links::{decode_count, encode_count};

    fn open(query: &str) -> CountState {
        let d = decode_count(query);
        CountState::new(d.value, d.problems)
    }

    #[test]
    fn a_resize_keeps_the_link_in_step_and_refuses_too_big_boards() {
        let mut s = open("board=5x5&start=c3&closed=0");
        assert_eq!(s.update(Msg::Width("6".into())), Out::link());
        assert_eq!(encode_count(&s.link), "board=6x5&start=a1&closed=0");
        s.update(Msg::Height("16".into()));
        assert_eq!(s.link.board.height(), 5, "96 squares refused");
        assert!(s.problems[0].contains("96 squares"), "{:?}", s.problems);
        assert_eq!(s.refusals, 1);
        s.update(Msg::Width("lots".into()));
        assert_eq!(s.refusals, 2);
        assert_eq!(s.link.board.width(), 6);
        s.update(Msg::Dismiss);
        assert!(s.problems.is_empty());
    }

    #[test]
    fn the_method_is_chosen_as_the_command_line_does_until_one_is_picked() {
        // 42 squares: the sweep (depth-first takes minutes on a closed 6x7).
        let mut s = open("board=6x7&start=all&closed=1");
        assert_eq!(s.method(), (CountMethod::Frontier, true));
        assert!(s.method_line().contains("chosen"), "{}", s.method_line());
        s.update(Msg::Method("depth-first".into()));
        assert_eq!(s.method(), (CountMethod::DepthFirst, false));
        assert!(encode_count(&s.link).contains("method=depth-first"));
        s.update(Msg::Method("auto".into()));
        assert_eq!(encode_count(&s.link), "board=6x7&start=all&closed=1");
        let small = open("board=6x6&start=all&closed=0");
        assert_eq!(small.method(), (CountMethod::DepthFirst, true));
    }

    #[test]
    fn results_fill_the_squares_they_know() {
        let mut s = open("board=3x4&start=b1&closed=0");
        let result = CountResult {
            directed: 2,
            undirected: None,
            per_start: vec![0; 12],
        };
        assert_eq!(s.update(Msg::Result(Some(result.clone()))), Out::redraw());
        assert_eq!(s.counts.iter().flatten().count(), 1);
        assert_eq!(s.counts[1], Some(2));
        // A total without per-start figures (path structures from every square).
        s.update(Msg::AllStarts(true));
        s.update(Msg::Result(Some(CountResult {
            per_start: Vec::new(),
            ..result
        })));
        assert!(s.counts.is_empty());
        s.update(Msg::Square(99));
        assert_eq!(s.link.start, None, "a square off the board is ignored");
        s.update(Msg::Square(5));
        assert_eq!(s.link.start, Some(5));
    }
}
