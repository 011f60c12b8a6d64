//! "What would it do next?": the learner guesses the square the search moves to next;
//! the machine's own next step says whether the guess was right, and why (the onward
//! counts, the tie-break, the candidates already tried).

use super::candidates::{candidates, why_chosen};
use super::code::KnightLine;
use super::tour::{KnightTour, TourEvent};
use crate::predict::{next_decision, Verdict};
use crate::StepMachine;

/// The square the machine's next step moves to, if that step is a move (a decision to
/// guess); `None` before a backtrack, a stop, or at the end.
pub fn next_choice(tour: &KnightTour) -> Option<u32> {
    next_decision(tour, 1, moved_to).map(|(_, to)| to)
}

/// The square a step moved to, if it was a move.
fn moved_to(event: &TourEvent) -> Option<u32> {
    match *event {
        TourEvent::Move { to, .. } => Some(to),
        _ => None,
    }
}

/// Steps `tour` on until its next step is a move (or it finishes): the backtracks between
/// two decisions are not guessed.
pub fn to_next_decision(tour: &mut KnightTour) {
    while !tour.status().is_finished() && next_choice(tour).is_none() {
        tour.step();
    }
}

/// Judges `guess` against the machine's next move; `None` when the next step is no move.
pub fn judge(tour: &KnightTour, guess: u32) -> Option<Verdict<u32>> {
    let mut ahead = tour.clone();
    let Some(TourEvent::Move { to: chosen, .. }) = ahead.step() else {
        return None;
    };
    let board = tour.board();
    let rule = tour.config().rule;
    let list = candidates(board, tour.path(), Some(chosen));
    let why = why_chosen(board, rule.heuristic, rule.tie_break, &list).unwrap_or_default();
    let tried = tour.tried_here();
    let why = match ahead.line() {
        KnightLine::Next if !tried.is_empty() => format!(
            "{} already tried from here and backtracked out; {} is next in the rule's order",
            names(board, tried),
            board.name(chosen)
        ),
        _ => format!("{}: {why}", board.name(chosen)),
    };
    Some(Verdict::new(guess, chosen, why, |why| {
        let said = match list.iter().find(|c| c.square == guess) {
            Some(c) if tried.contains(&guess) => {
                format!("{} was already tried from here", board.name(c.square))
            }
            Some(c) => format!("{} has {} onward moves", board.name(c.square), c.onward),
            None => format!(
                "{} is not a free knight's jump from here",
                board.name(guess)
            ),
        };
        format!("{said}; the rule takes {why}")
    }))
}

fn names(board: crate::board::Board, squares: &[u32]) -> String {
    squares
        .iter()
        .map(|&s| board.name(s))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::knight::{Rule, TieBreak, TourConfig};

    fn tour_5x5_c1() -> KnightTour {
        let board = Board::new(5, 5).unwrap();
        let mut config = TourConfig::new(board, board.parse_square("c1").unwrap());
        config.rule = Rule {
            backtrack: true,
            tie_break: TieBreak::First,
            ..config.rule
        };
        KnightTour::new(config).unwrap()
    }

    #[test]
    fn the_rule_choice_is_right_and_another_square_wrong_with_the_counts() {
        let t = tour_5x5_c1();
        let b = t.board();
        let sq = |n: &str| b.parse_square(n).unwrap();
        // From c1: a2 (2 onward), e2 (2), b3 (5), d3 (5); a2 and e2 tie, clockwise
        // order takes e2.
        assert_eq!(next_choice(&t), Some(sq("e2")));
        let right = judge(&t, sq("e2")).unwrap();
        assert!(right.right, "{right:?}");
        assert!(
            right
                .reason
                .contains("fewest onward moves (2), tied with a2"),
            "{}",
            right.reason
        );
        assert!(right.reason.contains("clockwise"), "{}", right.reason);
        let wrong = judge(&t, sq("d3")).unwrap();
        assert!(!wrong.right && wrong.chosen == sq("e2"));
        assert!(
            wrong
                .reason
                .starts_with("d3 has 5 onward moves; the rule takes e2"),
            "{}",
            wrong.reason
        );
        let off = judge(&t, sq("c3")).unwrap();
        assert!(
            off.reason.contains("c3 is not a free knight's jump"),
            "{}",
            off.reason
        );
    }

    #[test]
    fn backtracks_are_skipped_and_a_retry_says_what_was_tried() {
        let mut t = tour_5x5_c1();
        t.run(16); // at a5, stuck: the next step takes it back
        assert_eq!(next_choice(&t), None);
        assert!(judge(&t, 0).is_none());
        to_next_decision(&mut t);
        assert_eq!(t.stats().steps, 17);
        let b = t.board();
        let chosen = next_choice(&t).unwrap();
        assert_eq!(b.name(chosen), "e3");
        let v = judge(&t, chosen).unwrap();
        assert!(
            v.right && v.reason.starts_with("a5 already tried"),
            "{}",
            v.reason
        );
        let again = judge(&t, b.parse_square("a5").unwrap()).unwrap();
        assert!(
            again.reason.starts_with("a5 was already tried"),
            "{}",
            again.reason
        );
    }
}
