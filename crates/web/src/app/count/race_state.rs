//! The notebook's counters watched on the board, as plain state: the search player over
//! the race (brute force, backtracking or both), which is watched, whether a speed was
//! chosen, and what each board shows at the step — the squares walked with the moves on
//! them, the square framed, the verdict and the counters in words. The page's boards
//! (`watch.rs`) and "Save picture" (`puzzlelab_pictures::race`) are both drawn from
//! [`RaceState::boards`], so the picture is the board as shown. Tested natively.

use crate::app::widgets::numbers::group;
use puzzlelab_links::CountWatch;
use puzzlelab_pictures::race::{Race, WalkBoard, Walker};
use puzzlelab_solver::board::{Board, KNIGHT_JUMPS};
use puzzlelab_solver::knight::count::CountSpec;
use puzzlelab_solver::knight::naive_count::{
    brute_force_log10, NaiveCounter, NaiveRace, WalkFailure,
};
use puzzlelab_solver::watch::{Level, Player, PlayerAction};
use puzzlelab_solver::StepMachine;

pub const DEFAULT_SPEED: u32 = 10;

/// What the watch puts in the link.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WatchLink {
    pub watch: CountWatch,
    pub level: Level,
    pub speed: Option<u32>,
    pub step: u64,
}

pub enum RaceMsg {
    Player(PlayerAction),
    Watch(CountWatch),
    Level(Level),
}

pub struct RaceState {
    pub player: Player<NaiveRace>,
    pub watch: CountWatch,
    speed_set: bool,
    board: Board,
    start: u32,
}

fn machine(board: Board, start: u32, watch: CountWatch) -> NaiveRace {
    let spec = |board: Board, start| CountSpec {
        width: board.width(),
        height: board.height(),
        start: Some(start),
        closed: false,
    };
    let (brute, back) = match watch {
        CountWatch::BruteForce => (true, false),
        CountWatch::Backtracking => (false, true),
        CountWatch::Race => (true, true),
    };
    NaiveRace::new(spec(board, start), brute, back).unwrap_or_else(|_| {
        let small = Board::new(3, 3).expect("3x3 is a board");
        NaiveRace::new(spec(small, 0), brute, back).expect("3x3 from a1 is valid")
    })
}

impl RaceState {
    /// The race on `board` from `start`, where `link` says (a far step is reached a
    /// budget of work per tick, so the page can show it running there and pause it).
    pub fn new(board: Board, start: u32, link: WatchLink) -> RaceState {
        let mut player = Player::new(
            machine(board, start, link.watch),
            (),
            link.speed.unwrap_or(DEFAULT_SPEED),
            link.level,
        );
        if link.level != Level::Counters && link.step > 0 {
            player.go_to(link.step);
        }
        RaceState {
            player,
            watch: link.watch,
            speed_set: link.speed.is_some(),
            board,
            start,
        }
    }

    /// What the watch puts in the link.
    pub fn link(&self) -> WatchLink {
        WatchLink {
            watch: self.watch,
            level: self.player.level(),
            speed: self.speed_set.then_some(self.player.speed()),
            step: self.player.step(),
        }
    }

    /// A new board or start: the race starts over there, at the same speed and level.
    pub fn follow(&mut self, board: Board, start: u32) {
        if (board, start) != (self.board, self.start) {
            (self.board, self.start) = (board, start);
            self.restart();
        }
    }

    fn restart(&mut self) {
        let (speed, level) = (self.player.speed(), self.player.level());
        self.player = Player::new(
            machine(self.board, self.start, self.watch),
            (),
            speed,
            level,
        );
    }

    /// A control or a tick: whether to draw, and the link to write when it came to rest.
    pub fn update(&mut self, msg: RaceMsg) -> (bool, Option<WatchLink>) {
        let report = match msg {
            RaceMsg::Player(action) => {
                if self.player.level() == Level::Counters {
                    return (false, None);
                }
                if let PlayerAction::Speed(_) = action {
                    self.speed_set = true;
                }
                self.player.apply(action) || matches!(action, PlayerAction::Speed(_))
            }
            RaceMsg::Watch(watch) => {
                self.watch = watch;
                self.restart();
                true
            }
            RaceMsg::Level(level) => {
                self.player.apply(PlayerAction::Pause);
                self.player.set_level(level);
                true
            }
        };
        (true, report.then(|| self.link()))
    }

    /// Whether the boards are shown (levels 1 and 2).
    pub fn watching(&self) -> bool {
        self.player.level() != Level::Counters
    }

    /// Each watched counter's board at the step shown.
    pub fn boards(&self) -> Vec<WalkBoard> {
        let race = self.player.machine();
        let brute = race.brute.as_ref().map(brute_board);
        let back = race.back.as_ref().map(back_board);
        brute.into_iter().chain(back).collect()
    }

    /// The boards as "Save picture" draws them, while they are shown.
    pub fn picture(&self) -> Option<Race> {
        let race = self.player.machine();
        let board = race.brute.as_ref().or(race.back.as_ref())?.board();
        self.watching().then(|| Race {
            start: self.start.min(board.squares().saturating_sub(1)),
            step: self.player.step(),
            boards: self.boards(),
            caption: race_line(race, self.player.speed()),
        })
    }
}

/// A move's direction as the page writes it: `(+1, +2)`.
pub fn arrow(direction: u8) -> String {
    let (dx, dy) = KNIGHT_JUMPS[direction as usize % 8];
    format!("({dx:+}, {dy:+})")
}

/// Why brute force's sequence checked last fails, or that it is a tour.
pub fn verdict(b: &NaiveCounter) -> String {
    let board = b.board();
    match b.walk(&b.checked()).failure {
        Some(WalkFailure::OffBoard {
            index,
            from,
            direction,
        }) => format!(
            "Fails at move {}: {} from {} leaves the board.",
            index + 1,
            arrow(direction),
            board.name(from)
        ),
        Some(WalkFailure::Revisit { index, square }) => format!(
            "Fails at move {}: {} a second time.",
            index + 1,
            board.name(square)
        ),
        None if b.stats().nodes > 0 => {
            "Every move stays on the board on a new square: a tour.".to_string()
        }
        None => "The first sequence: every move in direction 0.".to_string(),
    }
}

/// Brute force's counters under its board.
pub fn brute_counters(b: &NaiveCounter) -> String {
    let candidates = 10f64.powf(brute_force_log10(b.board().squares()));
    let checked = b.stats().nodes;
    format!(
        "{} of 8^{} sequences checked ({:.2e} %), {} tours, {} closed.",
        group(checked),
        b.board().squares().saturating_sub(1),
        100.0 * checked as f64 / candidates,
        group(b.found().tours),
        group(b.found().closed)
    )
}

/// Backtracking's counters under its board.
pub fn back_counters(b: &NaiveCounter) -> String {
    format!(
        "{} nodes, {} backtracks, {} moves refused, {} tours, {} closed.",
        group(b.stats().nodes),
        group(b.stats().backtracks),
        group(b.cuts()),
        group(b.found().tours),
        group(b.found().closed)
    )
}

fn brute_board(b: &NaiveCounter) -> WalkBoard {
    let digits = b.checked();
    let sequence: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
    WalkBoard {
        walker: Walker::BruteForce,
        board: b.board(),
        visits: b.trace(&digits).visits,
        current: None,
        line: format!("Sequence {sequence}. {} {}", verdict(b), brute_counters(b)),
    }
}

fn back_board(b: &NaiveCounter) -> WalkBoard {
    let mut visits = vec![Vec::new(); b.board().squares() as usize];
    for (i, &sq) in b.path().iter().enumerate() {
        visits[sq as usize].push(i as u32);
    }
    WalkBoard {
        walker: Walker::Backtracking,
        board: b.board(),
        visits,
        current: b.path().last().copied(),
        line: format!("Path of {} squares. {}", b.path().len(), back_counters(b)),
    }
}

/// The race in one line, while both run: sequences checked against nodes visited, and
/// how long brute force would need at the speed chosen.
pub fn race_line(race: &NaiveRace, speed: u32) -> Option<String> {
    let (Some(brute), Some(back)) = (&race.brute, &race.back) else {
        return None;
    };
    let squares = brute.board().squares();
    let log = brute_force_log10(squares);
    let at_speed = long_time(log - (speed.max(1) as f64).log10());
    let ratio = race
        .ratio()
        .map(|r| {
            format!(
                " Backtracking finished after {} nodes: brute force checks {} times as many.",
                group(back.stats().nodes),
                if r < 1e15 {
                    group(r.round() as u64)
                } else {
                    format!("{r:.2e}")
                }
            )
        })
        .unwrap_or_default();
    Some(format!(
        "{} sequences checked against {} nodes visited.{ratio} At {speed} sequences a second, brute force would need {at_speed} for all 8^{}.",
        group(brute.stats().nodes),
        group(back.stats().nodes),
        squares.saturating_sub(1)
    ))
}

/// A time that may be astronomically long, from its log10 in seconds.
fn long_time(log10_seconds: f64) -> String {
    const YEAR: f64 = 365.2422 * 86_400.0;
    if log10_seconds < (2.0 * YEAR).log10() {
        crate::app::widgets::numbers::duration(10f64.powf(log10_seconds))
    } else {
        let years = log10_seconds - YEAR.log10();
        if years < 6.0 {
            format!("{} years", group(10f64.powf(years).round() as u64))
        } else {
            format!("10^{years:.1} years")
        }
    }
}
