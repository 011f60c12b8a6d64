//! The knight's-tour step machine: one `step()` is one move, one backtrack, or the moment
//! the knight is found stuck.

use serde::{Deserialize, Serialize};

use super::code::{KnightLine, Onward};
use super::rule::Rule;
use super::rules::{Heuristic, TieBreak};
use crate::board::Board;
use crate::{Stats, Status, StepMachine};

/// Search nodes the exact fallback of the construction may spend (about a second).
const EXACT_NODE_LIMIT: u64 = 100_000_000;

/// Everything that decides a tour: the board, the start, open or closed, and the rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TourConfig {
    pub width: u32,
    pub height: u32,
    pub start: u32,
    pub closed: bool,
    pub rule: Rule,
    /// Where the search would run long (boards 3 or 4 wide, very large boards, or past
    /// `FALLBACK_STEPS`), finish with divide and conquer and say so. The page and the CLI
    /// set it, whatever the rule, so no board leaves the user without a tour or a proof.
    #[serde(default)]
    pub fallback: bool,
}

/// Search steps after which a search with `fallback` gives up and builds the tour by
/// divide and conquer (a long search still plays a million steps first).
pub const FALLBACK_STEPS: u64 = 2_000_000;

/// Boards with more squares than this are built by divide and conquer at once under
/// `fallback` (forward checking costs a pass over the board per step there).
pub const FALLBACK_SQUARES: u32 = 4096;

impl TourConfig {
    /// Warnsdorff with fixed-order ties, open, no backtracking, no fallback.
    pub fn new(board: Board, start: u32) -> TourConfig {
        TourConfig {
            width: board.width(),
            height: board.height(),
            start,
            closed: false,
            rule: Rule::greedy(Heuristic::Warnsdorff, TieBreak::First),
            fallback: false,
        }
    }

    /// `rule` as the page and the CLI run it: with the fallback.
    pub fn with_fallback(board: Board, start: u32, closed: bool, rule: Rule) -> TourConfig {
        TourConfig {
            closed,
            rule,
            fallback: true,
            ..TourConfig::new(board, start)
        }
    }

    /// The standard rule ([`Rule::standard`]) as the page and the CLI run it.
    pub fn standard(board: Board, start: u32, closed: bool) -> TourConfig {
        TourConfig::with_fallback(board, start, closed, Rule::standard())
    }

    /// Checks the size and the start square (a config may come from a message or a link).
    pub fn board(&self) -> Result<Board, String> {
        let board = Board::new(self.width, self.height).map_err(|e| e.to_string())?;
        if self.start >= board.squares() {
            return Err(format!(
                "start square {} is off the {}x{} board",
                self.start, self.width, self.height
            ));
        }
        Ok(board)
    }
}

/// What one step did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TourEvent {
    Move {
        from: u32,
        to: u32,
    },
    Backtrack {
        from: u32,
        to: u32,
    },
    /// No move left from `at`: the search ends here (failed, or exhausted when backtracking).
    Stuck {
        at: u32,
    },
}

/// Candidates still to try at one depth of a backtracking search.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
struct Choice {
    squares: [u32; 8],
    len: u8,
    next: u8,
    /// The best candidates tied under the heuristic (a tie point for fast backtracking).
    tie: bool,
}

/// Clone is cheap on the boards a backtracking search is watched on: the search timeline
/// keeps clones as checkpoints and seeks by re-running from the nearest one.
#[derive(Clone)]
pub struct KnightTour {
    config: TourConfig,
    board: Board,
    visited: Vec<bool>,
    /// Unvisited neighbours of each square, kept current as the knight moves.
    onward: Vec<u8>,
    path: Vec<u32>,
    /// One entry per square of `path` that has been expanded (backtracking only).
    choices: Vec<Choice>,
    status: Status,
    stats: Stats,
    rng: crate::rng::Rng,
    /// Why no tour can exist, when a theorem says so before any search.
    impossible: Option<String>,
    /// The constructed tour being played back (heuristic `Construct`).
    plan: Option<Vec<u32>>,
    /// Why the construction did not apply, when it fell back to search.
    plan_note: Option<String>,
    /// The listing's line the last step executed (`Start` before any).
    line: KnightLine,
}

impl KnightTour {
    pub fn new(config: TourConfig) -> Result<KnightTour, String> {
        let board = config.board()?;
        let n = board.squares() as usize;
        let onward = (0..board.squares())
            .map(|sq| board.knight_moves(sq).count() as u8)
            .collect();
        let mut tour = KnightTour {
            config,
            board,
            visited: vec![false; n],
            onward,
            path: Vec::with_capacity(n),
            choices: Vec::new(),
            status: Status::Running,
            stats: Stats {
                nodes: 1,
                ..Stats::default()
            },
            rng: crate::rng::Rng::new(config.rule.seed),
            impossible: None,
            plan: None,
            plan_note: None,
            line: KnightLine::Start,
        };
        tour.visit(config.start);
        tour.mark_if_complete();
        // Never search for a tour that a theorem rules out.
        let verdict = if config.closed {
            super::existence::closed_tour(board)
        } else {
            super::existence::open_tour_from(board, config.start)
        };
        if !verdict.exists {
            tour.status = Status::Exhausted;
            tour.impossible = Some(verdict.reason);
        } else if config.rule.heuristic == Heuristic::Construct && n > 1 {
            match super::construct::construct(board, config.start, config.closed) {
                Ok(plan) => tour.plan = Some(plan),
                Err(why) => tour.search_instead(why),
            }
        } else if let Some(why) = tour.would_run_long() {
            tour.construct_instead(why);
        }
        Ok(tour)
    }

    /// Why a search with `fallback` should not even start, if it should not: strips 3 or 4
    /// wide defeat Warnsdorff's rule, and very large boards make forward checking slow.
    fn would_run_long(&self) -> Option<String> {
        let (w, h) = (self.board.width(), self.board.height());
        // Only backtracking runs long: a greedy run takes a step per square at most.
        if !self.config.fallback || !self.config.rule.backtrack || self.board.squares() <= 64 {
            return None;
        }
        if w.min(h) <= 4 {
            Some(format!(
                "a search on a board {} wide would run long",
                w.min(h)
            ))
        } else if self.board.squares() > FALLBACK_SQUARES {
            Some(format!(
                "a search on {} squares would run long",
                self.board.squares()
            ))
        } else {
            None
        }
    }

    /// Gives up the search and plays a tour built by divide and conquer (or, where that
    /// does not reach, an exact search's answer), saying why.
    fn construct_instead(&mut self, why: String) {
        // Once: whatever happens next is the last word.
        self.config.fallback = false;
        while self.path.len() > 1 {
            self.unvisit_last();
        }
        self.choices.clear();
        match super::construct::construct(self.board, self.config.start, self.config.closed) {
            Ok(plan) => {
                self.plan = Some(plan);
                self.plan_note = Some(format!("{why}: divide and conquer built this tour"));
            }
            Err(not_built) => self.search_instead(format!("{why}, and {not_built}")),
        }
    }

    /// Where the construction does not reach: on boards of up to 64 squares the counter's
    /// exact search finds a tour or proves there is none; otherwise (or if that runs too
    /// long) the machine searches with Roth's ties, backtracking and forward checking.
    fn search_instead(&mut self, why: String) {
        use super::count::{find_tour, Exhaustive, MAX_COUNT_SQUARES};
        if self.board.squares() <= MAX_COUNT_SQUARES {
            let found = find_tour(
                self.board,
                self.config.start,
                self.config.closed,
                EXACT_NODE_LIMIT,
            );
            match found {
                Ok(Exhaustive::Found(path)) => {
                    self.plan = Some(path);
                    self.plan_note = Some(format!("{why}; an exact search found this tour"));
                    return;
                }
                Ok(Exhaustive::NoTour) => {
                    self.status = Status::Exhausted;
                    self.impossible = Some(format!(
                        "an exhaustive search (pruning only walks that cannot finish) finds no {} tour from {}",
                        if self.config.closed { "closed" } else { "open" },
                        self.board.name(self.config.start)
                    ));
                    return;
                }
                Ok(Exhaustive::GaveUp) | Err(_) => {}
            }
        }
        self.plan_note = Some(format!(
            "{why}; searching with Warnsdorff, Roth's ties, backtracking and forward checking"
        ));
        self.config.rule.tie_break = TieBreak::Roth;
        self.config.rule.backtrack = true;
        self.config.rule.forward_check = true;
    }

    /// The theorem that rules a tour out, if one does (the search then never starts).
    pub fn impossible_reason(&self) -> Option<&str> {
        self.impossible.as_deref()
    }

    /// Why the construction was not used and the machine searched instead.
    pub fn construction_note(&self) -> Option<&str> {
        self.plan_note.as_deref()
    }

    pub fn config(&self) -> &TourConfig {
        &self.config
    }

    pub fn board(&self) -> Board {
        self.board
    }

    /// Squares on the path where the rule met a tie and broke it (the JS article's tie
    /// points, where fast backtracking returns to).
    pub fn tie_points(&self) -> Vec<u32> {
        self.choices
            .iter()
            .zip(&self.path)
            .filter(|(c, _)| c.tie)
            .map(|(_, &sq)| sq)
            .collect()
    }

    /// The moves already tried from the knight's square (the JS article's per-square
    /// bitmask), in the order tried; the last is the one on the path, if any.
    pub fn tried_here(&self) -> &[u32] {
        match self.choices.get(self.path.len() - 1) {
            Some(c) => &c.squares[..c.next as usize],
            None => &[],
        }
    }

    /// Whether the machine is playing back a constructed tour (not searching).
    pub fn is_playing_plan(&self) -> bool {
        self.plan.is_some()
    }

    /// The listing's line the last step executed ([`KnightLine::Start`] before any).
    pub fn line(&self) -> KnightLine {
        self.line
    }

    /// The candidates at the knight's square as the listing shows them: ranked, once the
    /// search has ranked them (backtracking), else the unvisited jumps clockwise; each
    /// with its onward count.
    pub fn code_candidates(&self) -> Vec<Onward> {
        let here = *self.path.last().expect("path holds the start");
        let onward = |square: u32| Onward {
            square,
            onward: self.onward[square as usize],
        };
        match self.choices.get(self.path.len() - 1) {
            Some(c) => c.squares[..c.len as usize]
                .iter()
                .map(|&s| onward(s))
                .collect(),
            None => self
                .board
                .knight_moves(here)
                .filter(|&s| !self.visited[s as usize])
                .map(onward)
                .collect(),
        }
    }

    /// The squares visited so far, start first.
    pub fn path(&self) -> &[u32] {
        &self.path
    }

    /// Ends the search on request (the worker's cancel).
    pub fn cancel(&mut self) {
        if self.status == Status::Running {
            self.status = Status::Cancelled;
        }
    }

    fn visit(&mut self, square: u32) {
        self.visited[square as usize] = true;
        self.path.push(square);
        for next in self.board.knight_moves(square) {
            self.onward[next as usize] -= 1;
        }
    }

    fn unvisit_last(&mut self) -> u32 {
        let square = self.path.pop().expect("the start is never unvisited");
        self.visited[square as usize] = false;
        for next in self.board.knight_moves(square) {
            self.onward[next as usize] += 1;
        }
        square
    }

    fn mark_if_complete(&mut self) {
        if self.path.len() == self.board.squares() as usize {
            let last = *self.path.last().expect("path holds the start");
            let closes = self.board.is_knight_move(last, self.config.start);
            if !self.config.closed || closes {
                self.status = Status::Solved;
            }
        }
    }

    /// Unvisited jumps from `square`, best first by the configured rule.
    fn ranked_candidates(&mut self, square: u32) -> Choice {
        let mut choice = Choice {
            squares: [0; 8],
            len: 0,
            next: 0,
            tie: false,
        };
        for next in self.board.knight_moves(square) {
            if !self.visited[next as usize] {
                choice.squares[choice.len as usize] = next;
                choice.len += 1;
            }
        }
        let len = choice.len as usize;
        // Sort by (rule, tie-break) with an insertion sort: at most eight squares, no
        // allocation, and stable, so the clockwise order decides among equal keys.
        let mut keyed = [((0u64, 0u64), 0u32); 8];
        for (slot, &sq) in keyed.iter_mut().zip(&choice.squares[..len]) {
            *slot = (self.key(sq), sq);
        }
        for i in 1..len {
            let mut j = i;
            while j > 0 && keyed[j - 1].0 > keyed[j].0 {
                keyed.swap(j - 1, j);
                j -= 1;
            }
        }
        for (dst, &(_, sq)) in choice.squares.iter_mut().zip(&keyed[..len]) {
            *dst = sq;
        }
        choice.tie = len > 1 && keyed[0].0 .0 == keyed[1].0 .0;
        choice
    }

    /// The best unvisited jump from `square` (no backtracking: nothing else is needed).
    fn best_candidate(&mut self, square: u32) -> Option<u32> {
        let mut best: Option<((u64, u64), u32)> = None;
        let board = self.board;
        for next in board.knight_moves(square) {
            if self.visited[next as usize] {
                continue;
            }
            let key = self.key(next);
            if best.is_none_or(|(k, _)| key < k) {
                best = Some((key, next));
            }
        }
        best.map(|(_, sq)| sq)
    }

    /// A candidate's sort key: the rule's measure, then the tie-break's.
    fn key(&mut self, square: u32) -> (u64, u64) {
        let primary = self.primary_key(square);
        if !matches!(
            self.config.rule.heuristic,
            Heuristic::Warnsdorff | Heuristic::Construct
        ) {
            return (primary, 0);
        }
        let tie = match self.config.rule.tie_break {
            TieBreak::First => 0,
            TieBreak::Random => self.rng.next_u64(),
            TieBreak::Pohl => self.second_level(square) as u64,
            TieBreak::Roth => u64::MAX - self.centre_distance(square),
        };
        (primary, tie)
    }

    /// The heuristic's own measure of a candidate (smaller is better).
    fn primary_key(&self, square: u32) -> u64 {
        let (x, y) = self.board.coords(square);
        match self.config.rule.heuristic {
            Heuristic::Warnsdorff | Heuristic::Construct => self.onward[square as usize] as u64,
            Heuristic::Bottom => (y as u64) << 32 | x as u64,
            Heuristic::Center => self.centre_distance(square),
        }
    }

    /// Pohl's second level: after moving to `square`, the fewest onward moves among its
    /// unvisited neighbours (each loses `square` as an exit).
    fn second_level(&self, square: u32) -> u8 {
        self.board
            .knight_moves(square)
            .filter(|&n| !self.visited[n as usize])
            .map(|n| self.onward[n as usize].saturating_sub(1))
            .min()
            .unwrap_or(u8::MAX)
    }

    /// After a move to `to` (now the knight's square): can the tour still be completed?
    /// No unvisited square may be out of reach (no exits and not next to the knight), and at
    /// most one may be a forced last square (one exit and not next to the knight).
    fn still_possible(&self, to: u32) -> bool {
        let remaining = self.board.squares() as usize - self.path.len();
        if remaining <= 1 {
            return true;
        }
        let mut forced_last = 0;
        for sq in 0..self.board.squares() {
            if self.visited[sq as usize] || self.board.is_knight_move(sq, to) {
                continue;
            }
            match self.onward[sq as usize] {
                0 => return false,
                1 => {
                    forced_last += 1;
                    if forced_last > 1 {
                        return false;
                    }
                }
                _ => {}
            }
        }
        true
    }

    /// Squared distance from the centre, doubled so it stays an integer on even sides.
    fn centre_distance(&self, square: u32) -> u64 {
        let (x, y) = self.board.coords(square);
        let dx = 2 * x as i64 - (self.board.width() as i64 - 1);
        let dy = 2 * y as i64 - (self.board.height() as i64 - 1);
        (dx * dx + dy * dy) as u64
    }

    /// The next square to try from the top of the path, if any; sets the listing's line
    /// that decided it.
    fn next_candidate(&mut self) -> Option<u32> {
        self.line = KnightLine::Back;
        if self.path.len() == self.board.squares() as usize {
            return None; // full but not closing: a dead end for a closed tour
        }
        if let Some(plan) = &self.plan {
            self.line = KnightLine::Plan;
            return plan.get(self.path.len()).copied();
        }
        let depth = self.path.len() - 1;
        let top = self.path[depth];
        if !self.config.rule.backtrack {
            self.line = KnightLine::Greedy;
            return self.best_candidate(top);
        }
        if self.config.rule.forward_check && !self.still_possible(top) {
            self.line = KnightLine::Strand;
            return None; // the last move left the rest unreachable: prune
        }
        if self.config.closed && self.onward[self.config.start as usize] == 0 {
            self.line = KnightLine::NoWayHome;
            return None; // nothing left to come back to the start from: prune
        }
        let fresh = self.choices.len() == depth;
        if fresh {
            let ranked = self.ranked_candidates(top);
            self.choices.push(ranked);
        }
        let choice = &self.choices[depth];
        if choice.next < choice.len {
            self.line = if fresh {
                KnightLine::Rank
            } else {
                KnightLine::Next
            };
        }
        let choice = &mut self.choices[depth];
        (choice.next < choice.len).then(|| {
            choice.next += 1;
            choice.squares[choice.next as usize - 1]
        })
    }
}

impl StepMachine for KnightTour {
    type Event = TourEvent;

    fn step(&mut self) -> Option<TourEvent> {
        if self.status.is_finished() {
            return None;
        }
        self.stats.steps += 1;
        let from = *self.path.last().expect("path holds the start");
        let long = self.config.rule.backtrack && self.stats.steps > FALLBACK_STEPS;
        if self.config.fallback && self.plan.is_none() && long {
            // One step takes the knight back to the start; the tour is then played back.
            let why = format!("the search ran {FALLBACK_STEPS} steps without a tour");
            self.construct_instead(why);
            self.line = KnightLine::Plan;
            if self.status.is_finished() {
                self.line = KnightLine::Exhausted;
                return Some(TourEvent::Stuck { at: from });
            }
            let to = self.config.start;
            return Some(TourEvent::Backtrack { from, to });
        }
        if let Some(to) = self.next_candidate() {
            self.visit(to);
            self.stats.nodes += 1;
            self.mark_if_complete();
            if self.status == Status::Solved {
                self.line = KnightLine::Complete;
            }
            return Some(TourEvent::Move { from, to });
        }
        if !self.config.rule.backtrack {
            self.status = Status::Failed;
            self.line = KnightLine::GreedyStuck;
            return Some(TourEvent::Stuck { at: from });
        }
        if self.path.len() == 1 {
            self.line = KnightLine::Exhausted;
            // Fast backtracking skips choices, so running out of them proves nothing.
            self.status = if self.config.rule.fast_backtrack {
                Status::Failed
            } else {
                Status::Exhausted
            };
            return Some(TourEvent::Stuck { at: from });
        }
        let depth_before = self.path.len();
        loop {
            self.unvisit_last();
            self.choices.truncate(self.path.len());
            self.stats.backtracks += 1;
            if !self.config.rule.fast_backtrack || self.path.len() == 1 {
                break;
            }
            // Keep undoing until a move that was a tie with choices left.
            let top = &self.choices[self.path.len() - 1];
            if top.tie && top.next < top.len {
                break;
            }
        }
        if depth_before > self.path.len() + 1 {
            self.line = KnightLine::FastBack;
        }
        let to = *self.path.last().expect("path holds the start");
        Some(TourEvent::Backtrack { from, to })
    }

    fn status(&self) -> Status {
        self.status
    }

    fn stats(&self) -> &Stats {
        &self.stats
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tour(w: u32, h: u32, start: &str, closed: bool, backtrack: bool) -> KnightTour {
        let board = Board::new(w, h).unwrap();
        let mut config = TourConfig::new(board, board.parse_square(start).unwrap());
        config.closed = closed;
        config.rule.backtrack = backtrack;
        KnightTour::new(config).unwrap()
    }

    #[test]
    fn the_standard_rule_solves_every_start_of_8x8_and_keeps_its_tie_break() {
        let board = Board::new(8, 8).unwrap();
        for start in 0..64 {
            let config = TourConfig::standard(board, start, false);
            assert_eq!(config.rule.tie_break, TieBreak::Roth);
            let mut t = KnightTour::new(config).unwrap();
            assert_eq!(t.run(u64::MAX), Status::Solved, "{}", board.name(start));
            assert!(!t.is_playing_plan(), "searched, not constructed");
        }
    }

    #[test]
    fn the_standard_rule_builds_narrow_and_huge_boards_and_says_so() {
        for (w, h, closed) in [(3, 40, false), (4, 30, false), (120, 100, true)] {
            let board = Board::new(w, h).unwrap();
            let mut t = KnightTour::new(TourConfig::standard(board, 0, closed)).unwrap();
            assert!(t.is_playing_plan(), "{w}x{h}");
            let note = t.construction_note().unwrap().to_string();
            assert!(
                note.contains("would run long") && note.contains("divide and conquer"),
                "{note}"
            );
            assert_eq!(t.run(u64::MAX), Status::Solved);
        }
    }

    #[test]
    fn a_search_past_its_budget_gives_way_to_divide_and_conquer() {
        // 5x6 closed from b6 with clockwise ties and no pruning runs past 3 million steps.
        let board = Board::new(5, 6).unwrap();
        let mut config = TourConfig::new(board, board.parse_square("b6").unwrap());
        config.closed = true;
        config.rule.backtrack = true;
        config.fallback = true;
        let mut t = KnightTour::new(config).unwrap();
        assert_eq!(t.run(FALLBACK_STEPS), Status::Running);
        assert!(!t.is_playing_plan());
        // The next step takes the knight back to the start and the tour is built.
        assert!(
            matches!(t.step(), Some(TourEvent::Backtrack { to, .. }) if to == t.config().start)
        );
        assert_eq!(t.path().len(), 1);
        assert_eq!(t.run(u64::MAX), Status::Solved);
        let path = t.path();
        assert!(board.is_knight_move(*path.last().unwrap(), path[0]));
        assert!(t.construction_note().unwrap().contains("ran 2000000 steps"));
    }

    #[test]
    fn one_by_one_is_solved_before_any_step() {
        let mut t = tour(1, 1, "a1", false, false);
        assert_eq!(t.status(), Status::Solved);
        assert_eq!(t.step(), None);
    }

    #[test]
    fn warnsdorff_takes_the_square_with_fewest_onward_moves() {
        // From a1 on 8x8 the jumps are b3 (onward 5 after leaving a1) and c2 (5): a tie, so
        // the clockwise order picks b3 (the one o'clock jump) first.
        let mut t = tour(8, 8, "a1", false, false);
        let b = t.board();
        assert_eq!(
            t.step(),
            Some(TourEvent::Move {
                from: 0,
                to: b.parse_square("b3").unwrap()
            })
        );
    }

    #[test]
    fn theorems_stop_impossible_searches_before_they_start() {
        let t = tour(3, 3, "a1", false, true);
        assert_eq!(t.status(), Status::Exhausted);
        assert!(t.impossible_reason().unwrap().contains("3-wide"));
        let t = tour(4, 8, "a1", true, true);
        assert!(t.impossible_reason().unwrap().contains("Schwenk"));
        assert_eq!(t.stats().steps, 0);
    }

    #[test]
    fn stuck_without_backtracking_fails_and_stops() {
        // 5x6 has open tours from every square, but not every greedy run finds one.
        let mut found_failure = false;
        for start in 0..30 {
            let board = Board::new(5, 6).unwrap();
            let mut t = KnightTour::new(TourConfig::new(board, start)).unwrap();
            if t.run(100) == Status::Failed {
                found_failure = true;
                // n-1 moves at most, plus the step that found the knight stuck.
                assert!(t.stats().steps as usize == t.path().len());
                assert_eq!(t.step(), None);
            }
        }
        assert!(found_failure);
    }

    #[test]
    fn backtracking_proves_no_tour_from_a_bad_start() {
        // 3x4 has open tours, but none from b2 (an exhaustive search shows it).
        let mut t = tour(3, 4, "b2", false, true);
        assert_eq!(t.impossible_reason(), None);
        assert_eq!(t.run(1_000_000), Status::Exhausted);
        assert!(t.stats().backtracks > 0);
    }

    #[test]
    fn backtracking_finds_a_closed_tour_on_6x6() {
        let mut t = tour(6, 6, "a1", true, true);
        assert_eq!(t.run(10_000_000), Status::Solved);
        let b = t.board();
        assert!(b.is_knight_move(*t.path().last().unwrap(), t.path()[0]));
    }

    #[test]
    fn cancel_stops_a_running_search() {
        let mut t = tour(8, 8, "a1", false, false);
        t.step();
        t.cancel();
        assert_eq!(t.status(), Status::Cancelled);
        assert_eq!(t.step(), None);
    }
}
