//! "What would it do next?": the shape every prediction shares. The learner guesses the
//! machine's next decision (a square, a queen, a turn); the machine's own next step says
//! whether the guess was right, and each puzzle says why. The score is kept for the run.

use crate::StepMachine;

/// Searches longer than this are not guessed along: the page re-runs the machine to
/// follow the player, and a guess that far in would stall it.
pub const MAX_PREDICT_STEPS: u64 = 200_000;

/// A guess judged: what was asked, what the machine chose, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict<T> {
    pub guess: T,
    /// What the machine's next decision takes.
    pub chosen: T,
    pub right: bool,
    /// Why the machine takes `chosen` (and, when wrong, what was wrong with the guess).
    pub reason: String,
}

impl<T: PartialEq> Verdict<T> {
    /// Right when the guess is the choice, with `why`; a wrong guess's reason is
    /// `wrong(why)`, which says what was wrong with it and then why.
    pub fn new(guess: T, chosen: T, why: String, wrong: impl FnOnce(&str) -> String) -> Verdict<T> {
        let right = guess == chosen;
        let reason = if right { why } else { wrong(&why) };
        Verdict {
            guess,
            chosen,
            right,
            reason,
        }
    }
}

/// The guesses of one run: how many were asked, how many were right, the last verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Score<T> {
    pub right: u32,
    pub asked: u32,
    pub last: Option<Verdict<T>>,
}

impl<T> Default for Score<T> {
    fn default() -> Self {
        Score {
            right: 0,
            asked: 0,
            last: None,
        }
    }
}

impl<T> Score<T> {
    /// A verdict counted.
    pub fn add(&mut self, verdict: Verdict<T>) -> &Verdict<T> {
        self.asked += 1;
        self.right += verdict.right as u32;
        self.last.insert(verdict)
    }
}

/// The machine's next decision seen ahead: the steps before it that are no decision
/// (backtracks, checks) and what it chooses; `None` when the machine finishes first.
/// `pick` says which events are decisions; `limit` bounds the look-ahead.
pub fn next_decision<M, T>(
    machine: &M,
    limit: u64,
    pick: impl Fn(&M::Event) -> Option<T>,
) -> Option<(u64, T)>
where
    M: StepMachine + Clone,
{
    let mut ahead = machine.clone();
    for before in 0..limit {
        let event = ahead.step()?;
        if let Some(choice) = pick(&event) {
            return Some((before, choice));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_score_counts_right_and_wrong_and_keeps_the_last() {
        let mut s = Score::default();
        s.add(Verdict::new(3, 3, "three".into(), |_| unreachable!()));
        let v = s.add(Verdict::new(2, 3, "three".into(), |why| {
            format!("two is off; the rule takes {why}")
        }));
        assert!(!v.right);
        assert_eq!(v.reason, "two is off; the rule takes three");
        assert_eq!((s.right, s.asked), (1, 2));
    }
}
