//! The lines the step machines report, against traces written by hand from the listings
//! (the page's words: `crates/web/src/app/code/listings/`). Knight numbers: 1 start,
//! 2 plan, 3 greedy, 4 greedy stuck, 5 strand, 6 no way home, 7 rank, 8 next, 9 complete,
//! 10 exhausted, 11 back, 12 fast back. Queens: 1 start, 2 place, 3 solution, 4 next,
//! 5 back, 6 done.

use std::collections::BTreeSet;

use puzzlelab_solver::board::Board;
use puzzlelab_solver::knight::code::KnightLine;
use puzzlelab_solver::knight::{Heuristic, KnightTour, Rule, TieBreak, TourConfig, TourEvent};
use puzzlelab_solver::queens::code::QueensLine;
use puzzlelab_solver::queens::{QueensEvent, QueensSearch};
use puzzlelab_solver::StepMachine;

fn first_ties() -> Rule {
    Rule::greedy(Heuristic::Warnsdorff, TieBreak::First)
}

/// Runs the tour `rule` asks for on `w`x`h` from `start`, checking each line against
/// its event, and returns the line numbers.
fn knight_lines(w: u32, h: u32, start: &str, closed: bool, rule: Rule) -> Vec<u8> {
    let board = Board::new(w, h).unwrap();
    let mut config = TourConfig::new(board, board.parse_square(start).unwrap());
    config.rule = rule;
    config.closed = closed;
    let mut tour = KnightTour::new(config).unwrap();
    assert_eq!(tour.line(), KnightLine::Start);
    let mut lines = Vec::new();
    while let Some(event) = tour.step() {
        let line = tour.line();
        let fits = match event {
            TourEvent::Move { .. } => matches!(
                line,
                KnightLine::Plan
                    | KnightLine::Greedy
                    | KnightLine::Rank
                    | KnightLine::Next
                    | KnightLine::Complete
            ),
            TourEvent::Backtrack { .. } => matches!(
                line,
                KnightLine::Plan
                    | KnightLine::Strand
                    | KnightLine::NoWayHome
                    | KnightLine::Back
                    | KnightLine::FastBack
            ),
            TourEvent::Stuck { .. } => {
                matches!(line, KnightLine::GreedyStuck | KnightLine::Exhausted)
            }
        };
        assert!(fits, "{event:?} reported {line:?}");
        lines.push(line.number());
    }
    lines
}

fn repeat(line: u8, times: usize) -> Vec<u8> {
    vec![line; times]
}

fn seq(parts: &[Vec<u8>]) -> Vec<u8> {
    parts.concat()
}

// From c1 the fewest-onward rule with clockwise ties walks c1 e2 d4 b5 a3 b1 d2 e4 c5 b3
// a1 c2 e1 d3 e5 c4 a5 (16 moves) and a5 has no jump left.
const WALK: usize = 16;

#[test]
fn knight_5x5_from_c1_reports_the_lines_of_each_option() {
    let rule = first_ties();
    // Greedy: line 3 per move, then 4 (stuck on a5).
    let greedy = seq(&[repeat(3, WALK), vec![4]]);
    assert_eq!(knight_lines(5, 5, "c1", false, rule), greedy);

    // Backtracking: each new square ranks (7); a5 is a dead end, back to c4 (11), c4's
    // next candidate e3 (8), seven squares ranked, then three dead ends back (11) and the
    // next candidate (8).
    let backtrack = Rule {
        backtrack: true,
        ..rule
    };
    let lines = knight_lines(5, 5, "c1", false, backtrack);
    let prefix = seq(&[
        repeat(7, WALK),
        vec![11, 8],
        repeat(7, 7),
        repeat(11, 3),
        vec![8],
    ]);
    assert_eq!(lines[..prefix.len()], prefix);
    assert_eq!((lines.len(), lines.last()), (3442, Some(&9)));

    // Forward checking: back from a5 to c4, e3 strands a square (5), so does c4's last
    // candidate (8, 5); c4 is used up (11), and so is e5 (11): d3's next (8) strands too.
    let checked = Rule {
        forward_check: true,
        ..backtrack
    };
    let lines = knight_lines(5, 5, "c1", false, checked);
    let prefix = seq(&[repeat(7, WALK), vec![11, 8, 5, 8, 5, 11, 11, 8, 5]]);
    assert_eq!(lines[..prefix.len()], prefix);
    assert_eq!((lines.len(), lines.last()), (78, Some(&9)));

    // Fast backtracking: from a5 straight back to the last tie with a move left (12), its
    // next candidate (8), six squares, a jump again, and 14 squares to the tour (9).
    let fast = Rule {
        fast_backtrack: true,
        ..backtrack
    };
    let whole = seq(&[
        repeat(7, WALK),
        vec![12, 8],
        repeat(7, 6),
        vec![12, 8],
        repeat(7, 14),
        vec![9],
    ]);
    assert_eq!(knight_lines(5, 5, "c1", false, fast), whole);

    // The standard rule (Roth's ties, forward checking) walks the tour without a step
    // back: 23 squares ranked and the last move completes it.
    let standard = seq(&[repeat(7, 23), vec![9]]);
    assert_eq!(knight_lines(5, 5, "c1", false, Rule::standard()), standard);

    // Pohl's ties: the same walk to a5, then c4's next (b2 here, 8), seven squares, five
    // dead ends back (11) and the next candidate (8).
    let pohl = Rule {
        tie_break: TieBreak::Pohl,
        ..backtrack
    };
    let lines = knight_lines(5, 5, "c1", false, pohl);
    let prefix = seq(&[
        repeat(7, WALK),
        vec![11, 8],
        repeat(7, 7),
        repeat(11, 5),
        vec![8],
    ]);
    assert_eq!(lines[..prefix.len()], prefix);
}

#[test]
fn every_knight_line_is_reached() {
    let backtrack = Rule {
        backtrack: true,
        ..first_ties()
    };
    let mut seen: BTreeSet<u8> = [KnightLine::Start.number()].into();
    let runs = [
        knight_lines(5, 5, "c1", false, first_ties()),
        knight_lines(5, 5, "c1", false, backtrack),
        knight_lines(5, 5, "c1", false, Rule::standard()),
        // Forward checking prunes a move that strands a square (5).
        knight_lines(
            5,
            5,
            "c1",
            false,
            Rule {
                forward_check: true,
                ..backtrack
            },
        ),
        knight_lines(
            5,
            5,
            "c1",
            false,
            Rule {
                fast_backtrack: true,
                ..backtrack
            },
        ),
        // A closed tour on 6x6 takes moves back when the start has no way home (6).
        knight_lines(6, 6, "a1", true, backtrack),
        // No open tour from b2 on 3x4: backtracking runs out at the start (10).
        knight_lines(3, 4, "b2", false, backtrack),
        // A built tour is played back move by move (2), the last completes it (9).
        knight_lines(
            8,
            8,
            "a1",
            false,
            Rule::greedy(Heuristic::Construct, TieBreak::Roth),
        ),
    ];
    for run in &runs {
        seen.extend(run);
    }
    let all: BTreeSet<u8> = KnightLine::ALL.iter().map(|l| l.number()).collect();
    assert_eq!(seen, all);
    assert_eq!(all, (1..=12).collect());
}

fn queens_lines(n: u32) -> Vec<u8> {
    let mut search = QueensSearch::new(n, false).unwrap();
    assert_eq!(search.line(), QueensLine::Start);
    let mut lines = Vec::new();
    while !search.status().is_finished() {
        let event = search.step();
        let line = search.line();
        let fits = match event {
            Some(QueensEvent::Place { .. }) => line == QueensLine::Place,
            Some(QueensEvent::Solution { .. }) => line == QueensLine::Solution,
            Some(QueensEvent::Remove { .. }) => matches!(line, QueensLine::Next | QueensLine::Back),
            None => line == QueensLine::Done,
        };
        assert!(fits, "{event:?} reported {line:?}");
        lines.push(line.number());
    }
    lines
}

#[test]
fn queens_5_reports_the_lines_of_the_listing() {
    let lines = queens_lines(5);
    // a1, b3, c5, d2 placed (2), e4 completes a solution (3); taken back for the next (4);
    // e5 shares c5's row: back (5), d3..d5 all attacked: back, c has no row left: back,
    // then b4 is placed (2).
    let prefix = [2, 2, 2, 2, 3, 4, 5, 5, 5, 2];
    assert_eq!(lines[..prefix.len()], prefix);
    assert_eq!(lines.iter().filter(|&&l| l == 3).count(), 10);
    assert_eq!(lines.last(), Some(&6));
    let mut seen: BTreeSet<u8> = lines.into_iter().collect();
    seen.insert(QueensLine::Start.number());
    let all: BTreeSet<u8> = QueensLine::ALL.iter().map(|l| l.number()).collect();
    assert_eq!(seen, all);
}
