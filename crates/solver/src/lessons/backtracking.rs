//! Lesson 2, after the JS article: clockwise ties, a start where the greedy rule fails,
//! backtracking with a record of the moves tried on each square, forward checking, fast
//! backtracking to tie points, and every start with backtracking.

use super::tour_watch::{run_to_end, TourWatch};
use super::{At, Bench, Fact, Hook, Lesson, Step, TryIt};
use crate::board::Board;
use crate::knight::{Heuristic, Rule, TieBreak, TourConfig};
use crate::{Status, StepMachine};

pub const SLUG: &str = "backtracking";

/// Steps a lesson's backtracking run may take (they take thousands at most).
pub const LIMIT: u64 = 2_000_000;

fn board() -> Board {
    Board::new(8, 8).expect("8x8 is a valid board")
}

/// Warnsdorff with clockwise (first) ties from `start`, as the JS article ran it.
pub fn clockwise(start: u32) -> TourConfig {
    TourConfig {
        rule: Rule::greedy(Heuristic::Warnsdorff, TieBreak::First),
        ..TourConfig::new(board(), start)
    }
}

/// The first start square (a1, b1, … h8) from which the greedy rule with clockwise ties
/// gets stuck: the lesson's example.
pub fn failing_start() -> u32 {
    (0..64)
        .find(|&s| run_to_end(clockwise(s), LIMIT).map(|w| w.status()) == Ok(Status::Failed))
        .unwrap_or(0)
}

pub fn with_backtracking(start: u32, forward_check: bool, fast_backtrack: bool) -> TourConfig {
    let greedy = clockwise(start);
    TourConfig {
        rule: Rule {
            backtrack: true,
            forward_check,
            fast_backtrack,
            ..greedy.rule
        },
        ..greedy
    }
}

pub fn lesson() -> Lesson {
    let s = failing_start();
    Lesson {
        slug: SLUG,
        title: "Ties, backtracking and forward checking",
        summary: "When Warnsdorff's rule gets stuck: go back, remember what was tried, look ahead, jump to the last tie.",
        source: "after the JavaScript knight's-tour article",
        steps: vec![
            Step {
                title: "Ties broken by the clock",
                text: "The JavaScript article breaks Warnsdorff's ties by the clock: it looks at the knight's jumps in a fixed clockwise order and keeps the first square with the fewest onward moves. PuzzleLab's \"first\" tie-break is the same idea. From a1 the knight has {a1_options} jumps; press Step and watch which one is taken.",
                bench: Bench::Knight { config: clockwise(0), at: At::Start },
                try_it: Some(TryIt::Press { label: "Press Step three times.", action: "step", times: 3 }),
                facts_after_try: false,
            },
            Step {
                title: "A start where the greedy rule fails",
                text: "Trying the starts in order a1, b1, c1 …, the first one from which the clockwise rule gets stuck is {fail_start}: it numbers {fail_visited} squares and leaves {fail_left}. A greedy rule cannot recover from a bad choice; it never goes back.",
                bench: Bench::Knight { config: clockwise(s), at: At::End },
                try_it: Some(TryIt::Press { label: "Press Step back a few times to see where it went wrong.", action: "step-back", times: 3 }),
                facts_after_try: false,
            },
            Step {
                title: "Backtracking, remembering what was tried",
                text: "Backtracking takes the last move back when the knight is stuck and tries the next candidate there. The article keeps, for every square, a mask of the moves already tried from it (here the tried squares are crossed out), so no move is tried twice. From {fail_start} the search finishes the tour after {bt_steps} steps, {bt_backtracks} of them backtracks.",
                bench: Bench::Knight { config: with_backtracking(s, false, false), at: At::End },
                try_it: Some(TryIt::Reach { label: "Click a dip in the depth chart to land on a backtrack.", event: "backtrack" }),
                facts_after_try: false,
            },
            Step {
                title: "Forward checking: give up early",
                text: "Before going on, the article checks whether the game is still winnable. PuzzleLab's forward check refuses a move that leaves an unvisited square with no way in, or two squares that could only be the last. With it the same search takes {fc_steps} steps and {fc_backtracks} backtracks.",
                bench: Bench::Knight { config: with_backtracking(s, true, false), at: At::End },
                try_it: Some(TryIt::Choose { label: "Turn forward checking off, then on again.", what: "forward-check", value: "on" }),
                facts_after_try: false,
            },
            Step {
                title: "Fast backtracking to the last tie",
                text: "Ties are where the rule guessed, so the article jumps back to the last square where it met a tie instead of one move at a time. Its author never tested it; here it runs: from {fail_start} it takes {fast_steps} steps. It is quicker when the guess was the mistake, but when it gives up it proves nothing, because the squares it jumped over were never fully tried.",
                bench: Bench::Knight { config: with_backtracking(s, true, true), at: At::End },
                try_it: Some(TryIt::Choose { label: "Turn fast backtracking off to compare.", what: "fast-backtrack", value: "off" }),
                facts_after_try: false,
            },
            Step {
                title: "Every start, with backtracking",
                text: "The article's solver finished from all 64 squares. With clockwise ties, backtracking and forward checking the machine finds a tour from {bt_all_solved} of the {bt_all_starts} starts; greedily, without going back, from {greedy_all_solved}. The most steps any start needed is {bt_most_steps}.",
                bench: Bench::AllStarts { table: super::starts::Table::Backtracking, shown: 1 },
                try_it: Some(TryIt::Choose { label: "Show the map of the greedy rule.", what: "rule", value: "warnsdorff/first" }),
                facts_after_try: false,
            },
        ],
    }
}

/// The rules of the last step's table: the greedy rule and the same with backtracking.
pub const TABLE: [(&str, bool); 2] = [
    ("warnsdorff/first", false),
    ("warnsdorff/first+backtracking", true),
];

/// Per start: how the run ended and its steps (greedy, or backtracking with forward checking).
pub fn every_start(backtrack: bool) -> Vec<(Status, u64)> {
    (0..64)
        .map(|s| {
            let config = if backtrack {
                with_backtracking(s, true, false)
            } else {
                clockwise(s)
            };
            let w: TourWatch = run_to_end(config, LIMIT).expect("8x8 is valid");
            (w.status(), w.stats().steps)
        })
        .collect()
}

pub fn facts() -> Vec<Fact> {
    let b = board();
    let s = failing_start();
    let fail = run_to_end(clockwise(s), LIMIT).expect("valid");
    let bt = run_to_end(with_backtracking(s, false, false), LIMIT).expect("valid");
    let fc = run_to_end(with_backtracking(s, true, false), LIMIT).expect("valid");
    let fast = run_to_end(with_backtracking(s, true, true), LIMIT).expect("valid");
    let greedy = every_start(false);
    let back = every_start(true);
    let solved = |v: &[(Status, u64)]| v.iter().filter(|r| r.0 == Status::Solved).count() as u128;
    let steps = Hook::Attr("data-search-steps", "[data-search]");
    let backtracks = Hook::Text("[data-readout='backtracks']");
    vec![
        Fact::int(
            "a1_options",
            b.knight_moves(0).count() as u128,
            Hook::Count("[data-onward]"),
        ),
        Fact::word(
            "fail_start",
            b.name(s),
            Hook::Attr("data-square", "[data-step='1']"),
        ),
        Fact::int(
            "fail_visited",
            fail.visited() as u128,
            Hook::Count("[data-square][data-step]"),
        ),
        Fact::int(
            "fail_left",
            fail.left() as u128,
            Hook::Count("[data-unvisited]"),
        ),
        Fact::int("bt_steps", bt.stats().steps as u128, steps.clone()),
        Fact::int(
            "bt_backtracks",
            bt.stats().backtracks as u128,
            backtracks.clone(),
        ),
        Fact::int("fc_steps", fc.stats().steps as u128, steps.clone()),
        Fact::int("fc_backtracks", fc.stats().backtracks as u128, backtracks),
        Fact::int("fast_steps", fast.stats().steps as u128, steps),
        Fact::int(
            "bt_all_solved",
            solved(&back),
            Hook::Attr("data-solved", "[data-rule='warnsdorff/first+backtracking']"),
        ),
        Fact::int("bt_all_starts", 64, Hook::Count("[data-outcome]")),
        Fact::int(
            "greedy_all_solved",
            solved(&greedy),
            Hook::Attr("data-solved", "[data-rule='warnsdorff/first']"),
        ),
        Fact::int(
            "bt_most_steps",
            back.iter().map(|r| r.1).max().unwrap_or(0) as u128,
            Hook::Attr(
                "data-most-steps",
                "[data-rule='warnsdorff/first+backtracking']",
            ),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::super::test_support::value;
    use super::*;
    use crate::knight::KnightTour;

    /// The example start really fails greedily (no unvisited neighbour at the end), every
    /// earlier start really succeeds, and backtracking from it finds a tour a checker
    /// written here accepts.
    #[test]
    fn the_failing_start_and_its_rescue() {
        let b = board();
        let s = failing_start();
        for earlier in 0..s {
            let mut t = KnightTour::new(clockwise(earlier)).unwrap();
            assert_eq!(t.run(u64::MAX), Status::Solved, "{}", b.name(earlier));
        }
        let mut t = KnightTour::new(clockwise(s)).unwrap();
        assert_eq!(t.run(u64::MAX), Status::Failed);
        let path = t.path();
        let last = *path.last().unwrap();
        assert!(b.knight_moves(last).all(|n| path.contains(&n)));
        let facts = facts();
        assert_eq!(value(&facts, "fail_start"), b.name(s));
        assert_eq!(value(&facts, "fail_visited"), path.len().to_string());
        for (fc, fast) in [(false, false), (true, false), (true, true)] {
            let mut t = KnightTour::new(with_backtracking(s, fc, fast)).unwrap();
            assert_eq!(t.run(LIMIT), Status::Solved);
            let tour = t.path();
            assert_eq!(tour.len(), 64);
            let mut seen = [false; 64];
            for w in tour.windows(2) {
                let (a, c) = (b.coords(w[0]), b.coords(w[1]));
                let (dx, dy) = (a.0.abs_diff(c.0), a.1.abs_diff(c.1));
                assert!((dx, dy) == (1, 2) || (dx, dy) == (2, 1));
            }
            for &sq in tour {
                assert!(!seen[sq as usize]);
                seen[sq as usize] = true;
            }
        }
        let steps = |n| value(&facts, n).parse::<u64>().unwrap();
        assert!(steps("bt_steps") > 63 && steps("fc_steps") >= 63);
        assert_eq!(value(&facts, "bt_all_solved"), b.squares().to_string());
    }
}
