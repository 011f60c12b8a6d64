//! Rules side by side: the same board and start under two to four greedy rules, each run
//! to its end, so a page can show them in lockstep and say where each got stuck.

use super::rule::Rule;
use super::rules::{Heuristic, TieBreak};
use super::tour::{KnightTour, TourConfig};
use crate::board::Board;
use crate::{Status, StepMachine};

/// Rules one comparison holds at least and at most.
pub const MIN_RULES: usize = 2;
pub const MAX_RULES: usize = 4;

/// A compared rule is greedy ([`Rule::greedy`]); a link names it `heuristic` or
/// `heuristic/tie` (`warnsdorff/roth`).
impl Rule {
    /// The link's name for a greedy rule; the tie-break only where it matters (Warnsdorff).
    pub fn name(self) -> String {
        match self.heuristic {
            Heuristic::Warnsdorff => format!("warnsdorff/{}", self.tie_break.as_str()),
            h => h.as_str().to_string(),
        }
    }

    /// Reads a greedy rule's name.
    pub fn parse(text: &str) -> Result<Rule, String> {
        let (h, t) = match text.split_once('/') {
            Some((h, t)) => (h, Some(t)),
            None => (text, None),
        };
        let heuristic = Heuristic::parse(h)?;
        if heuristic == Heuristic::Construct {
            return Err("divide and conquer is not a greedy rule to compare".into());
        }
        let tie_break = match t {
            Some(t) => TieBreak::parse(t)?,
            None => TieBreak::First,
        };
        Ok(Rule::greedy(heuristic, tie_break))
    }

    /// The comparison a person reaches for first: the HANA article's two failures and
    /// Warnsdorff with two tie-breaks.
    pub fn classic() -> Vec<Rule> {
        ["bottom", "center", "warnsdorff/first", "warnsdorff/roth"]
            .iter()
            .map(|r| Rule::parse(r).expect("known rules"))
            .collect()
    }
}

/// Reads `bottom,center,warnsdorff/first` into two to four distinct rules.
pub fn parse_rules(text: &str) -> Result<Vec<Rule>, String> {
    let rules: Vec<Rule> = text
        .split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(Rule::parse)
        .collect::<Result<_, _>>()?;
    if !(MIN_RULES..=MAX_RULES).contains(&rules.len()) {
        return Err(format!(
            "compare takes {MIN_RULES} to {MAX_RULES} rules, not {}",
            rules.len()
        ));
    }
    if (1..rules.len()).any(|i| rules[..i].contains(&rules[i])) {
        return Err("compare names the same rule twice".into());
    }
    Ok(rules)
}

/// One rule's run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleRun {
    pub rule: Rule,
    pub status: Status,
    pub path: Vec<u32>,
    /// The squares never reached, when the rule got stuck.
    pub left: Vec<u32>,
}

impl RuleRun {
    /// The move on which the rule got stuck (the path's last move), if it did.
    pub fn stuck_at(&self) -> Option<usize> {
        (self.status == Status::Failed).then(|| self.path.len() - 1)
    }
}

/// Runs every rule from `start` (greedily, for rules a link names).
pub fn run_rules(
    board: Board,
    start: u32,
    closed: bool,
    rules: &[Rule],
) -> Result<Vec<RuleRun>, String> {
    rules
        .iter()
        .map(|&rule| {
            let config = TourConfig {
                closed,
                rule,
                ..TourConfig::new(board, start)
            };
            let mut tour = KnightTour::new(config)?;
            let status = tour.run(u64::MAX);
            let path = tour.path().to_vec();
            let mut seen = vec![false; board.squares() as usize];
            path.iter().for_each(|&s| seen[s as usize] = true);
            let left = if status == Status::Failed {
                (0..board.squares())
                    .filter(|&s| !seen[s as usize])
                    .collect()
            } else {
                Vec::new()
            };
            Ok(RuleRun {
                rule,
                status,
                path,
                left,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_names_round_trip_and_bad_lists_are_refused() {
        let rules = parse_rules("bottom, center,warnsdorff/first,warnsdorff/roth").unwrap();
        let names: Vec<String> = rules.iter().map(|r| r.name()).collect();
        assert_eq!(
            names,
            ["bottom", "center", "warnsdorff/first", "warnsdorff/roth"]
        );
        assert_eq!(rules, Rule::classic());
        assert!(parse_rules("bottom").unwrap_err().contains("2 to 4"));
        assert!(parse_rules("bottom,bottom").unwrap_err().contains("twice"));
        assert!(parse_rules("bottom,warnsdorff/coin").is_err());
        assert!(parse_rules("construct,bottom").is_err());
        assert!(parse_rules("a,b,c,d,e").is_err());
    }

    #[test]
    fn on_8x8_from_a1_the_hana_rules_fail_and_roth_does_not() {
        let board = Board::new(8, 8).unwrap();
        let runs = run_rules(board, 0, false, &Rule::classic()).unwrap();
        let by = |name: &str| runs.iter().find(|r| r.rule.name() == name).unwrap();
        for failing in ["bottom", "center"] {
            let run = by(failing);
            assert_eq!(run.status, Status::Failed, "{failing}");
            assert!(run.stuck_at().unwrap() < 63);
            assert_eq!(run.left.len() + run.path.len(), 64);
        }
        let roth = by("warnsdorff/roth");
        assert_eq!(roth.status, Status::Solved);
        assert!(roth.left.is_empty() && roth.stuck_at().is_none());
    }
}
