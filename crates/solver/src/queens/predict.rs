//! "What would it do next?" for the queens search: the learner guesses the square the
//! next queen goes on; the machine's own next step says whether it was right, and why
//! (the rows below it attacked, and by which queen; the lowest safe row first).

use super::search::{QueensEvent, QueensSearch};
use super::square_name_on;
use crate::predict::{next_decision, Verdict};

/// The square (column, row) a step placed a queen on, if it placed one.
fn placed(event: &QueensEvent) -> Option<(u32, u32)> {
    match *event {
        QueensEvent::Place { col, row } | QueensEvent::Solution { col, row } => Some((col, row)),
        QueensEvent::Remove { .. } => None,
    }
}

/// The steps before the search's next placement (queens taken back) and its square;
/// `None` when the search ends first.
pub fn next_placement(search: &QueensSearch) -> Option<(u64, (u32, u32))> {
    // Between two placements the search takes back at most every queen on the board.
    next_decision(search, search.n() as u64 + 1, placed)
}

/// The queen on `rows` that attacks (col, row), if one does.
fn attacker(rows: &[u32], col: u32, row: u32) -> Option<(u32, u32)> {
    rows.iter()
        .enumerate()
        .map(|(c, &r)| (c as u32, r))
        .find(|&(c, r)| r == row || r.abs_diff(row) == col - c)
}

/// Judges `guess` (column, row) against the search's next step; `None` when that step
/// places no queen.
pub fn judge(search: &QueensSearch, guess: (u32, u32)) -> Option<Verdict<(u32, u32)>> {
    let (0, chosen) = next_placement(search)? else {
        return None;
    };
    let n = search.n();
    let rows = search.rows();
    let name = |(c, r): (u32, u32)| square_name_on(n, c, r);
    let (col, row) = chosen;
    // After a queen is taken back its column goes on from the row above it.
    let resumed = search.next_row();
    let mut why = Vec::new();
    if resumed > 0 {
        why.push(format!(
            "{} was taken back, so column {} goes on from {}",
            name((col, resumed - 1)),
            file(n, col),
            name((col, resumed))
        ));
    }
    for r in resumed..row {
        if let Some(q) = attacker(rows, col, r) {
            why.push(format!(
                "{} is attacked by the queen on {}",
                name((col, r)),
                name(q)
            ));
        }
    }
    why.push(format!(
        "{} is the lowest safe row left in column {}",
        name(chosen),
        file(n, col)
    ));
    // A wrong guess's own clause comes first, and is not said twice.
    let because = |said: Option<&str>| {
        let rest: Vec<&str> = why
            .iter()
            .map(String::as_str)
            .filter(|&c| Some(c) != said)
            .collect();
        format!("backtracking places {}: {}", name(chosen), rest.join("; "))
    };
    Some(Verdict::new(guess, chosen, because(None), |_| {
        let (gc, gr) = guess;
        let said = if gc != col {
            format!(
                "{} is in column {}, but one queen goes in each column, left to right: column {} is next",
                name(guess),
                file(n, gc),
                file(n, col)
            )
        } else if gr < resumed {
            format!(
                "{} was tried before: column {} goes on above {}",
                name(guess),
                file(n, col),
                name((col, resumed - 1))
            )
        } else if let Some(q) = attacker(rows, gc, gr) {
            format!("{} is attacked by the queen on {}", name(guess), name(q))
        } else {
            format!(
                "{} is safe, but backtracking tries the lowest free row first",
                name(guess)
            )
        };
        format!("{said}; {}", because(Some(&said)))
    }))
}

/// Column `col`'s letter (or number past 26 columns).
fn file(n: u32, col: u32) -> String {
    let name = square_name_on(n, col, 0);
    if n <= 26 {
        name[..1].to_string()
    } else {
        col.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::StepMachine;

    fn at(n: u32, steps: u64) -> QueensSearch {
        let mut s = QueensSearch::new(n, false).unwrap();
        for _ in 0..steps {
            s.step();
        }
        s
    }

    #[test]
    fn the_lowest_safe_row_is_right_and_the_others_say_why_not() {
        // N = 5: a1, then column b: b1 and b2 are attacked by a1, b3 is safe.
        let s = at(5, 1);
        assert_eq!(next_placement(&s), Some((0, (1, 2))));
        let right = judge(&s, (1, 2)).unwrap();
        assert!(right.right);
        assert_eq!(
            right.reason,
            "backtracking places b3: b1 is attacked by the queen on a1; \
             b2 is attacked by the queen on a1; b3 is the lowest safe row left in column b"
        );
        let attacked = judge(&s, (1, 1)).unwrap();
        assert!(!attacked.right && attacked.chosen == (1, 2));
        // The guess's own clause first, and only once.
        assert_eq!(
            attacked.reason,
            "b2 is attacked by the queen on a1; backtracking places b3: \
             b1 is attacked by the queen on a1; b3 is the lowest safe row left in column b"
        );
        let higher = judge(&s, (1, 4)).unwrap();
        assert!(
            higher
                .reason
                .starts_with("b5 is safe, but backtracking tries the lowest"),
            "{}",
            higher.reason
        );
        let column = judge(&s, (3, 0)).unwrap();
        assert!(
            column
                .reason
                .starts_with("d1 is in column d, but one queen goes in each column"),
            "{}",
            column.reason
        );
    }

    #[test]
    fn after_taking_back_the_rows_tried_are_named_and_the_end_asks_nothing() {
        // Every decision of N = 4: those that resume a column after a queen was taken
        // back say so, and the rows below are refused as tried.
        let mut s = QueensSearch::new(4, false).unwrap();
        let mut seen_resume = false;
        while !s.status().is_finished() {
            match next_placement(&s) {
                Some((0, chosen)) if s.next_row() > 0 => {
                    let v = judge(&s, chosen).unwrap();
                    assert!(
                        v.right && v.reason.contains("was taken back"),
                        "{}",
                        v.reason
                    );
                    let tried = (chosen.0, s.next_row() - 1);
                    let again = judge(&s, tried).unwrap();
                    assert!(
                        again.reason.starts_with(&format!(
                            "{} was tried before",
                            square_name_on(4, tried.0, tried.1)
                        )),
                        "{}",
                        again.reason
                    );
                    seen_resume = true;
                }
                Some((0, _)) => {}
                _ => assert!(judge(&s, (0, 0)).is_none(), "no placement next, no verdict"),
            }
            s.step();
        }
        assert!(seen_resume);
        assert_eq!(next_placement(&s), None);
    }
}
