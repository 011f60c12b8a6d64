//! The knight's rule: how a tour is searched, apart from the board, the start and whether
//! the tour closes. One resolved [`Rule`], one default ([`Rule::standard`]) and one
//! partly given [`RuleSpec`] that links, the command line, the JS API and the page
//! complete the same way ([`RuleSpec::resolve`]).

use serde::{Deserialize, Serialize};

use super::rules::{Heuristic, TieBreak};

/// Everything about a search's rule: the heuristic, how ties break, and how it backtracks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rule {
    pub heuristic: Heuristic,
    pub tie_break: TieBreak,
    pub backtrack: bool,
    /// Backtracking prunes a move that leaves an unreachable square, or two squares that
    /// could only be the last.
    pub forward_check: bool,
    /// Backtracking jumps back to the last move that was a tie (the JS article's "fast
    /// backtrack"): quicker, but exhausting it proves nothing.
    pub fast_backtrack: bool,
    /// Seed of the random tie-break.
    pub seed: u64,
}

impl Rule {
    /// The rule the page opens on and the CLI uses when given no rule options: Warnsdorff
    /// with Roth's ties, backtracking with forward checking. The one default.
    pub const fn standard() -> Rule {
        Rule {
            heuristic: Heuristic::Warnsdorff,
            tie_break: TieBreak::Roth,
            backtrack: true,
            forward_check: true,
            fast_backtrack: false,
            seed: 1,
        }
    }

    /// `heuristic` with `tie_break` and nothing else: no backtracking, seed 1.
    pub const fn greedy(heuristic: Heuristic, tie_break: TieBreak) -> Rule {
        Rule {
            heuristic,
            tie_break,
            backtrack: false,
            forward_check: false,
            fast_backtrack: false,
            seed: 1,
        }
    }

    /// Whether this is the standard rule (the seed only matters to random ties: it does
    /// not make a rule of its own).
    pub fn is_standard(&self) -> bool {
        Rule {
            seed: Rule::standard().seed,
            ..*self
        } == Rule::standard()
    }
}

/// A rule as a link, a command line, a JS options object or a page control gives it:
/// `None` = not given.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RuleSpec {
    pub heuristic: Option<Heuristic>,
    pub tie_break: Option<TieBreak>,
    pub backtrack: Option<bool>,
    pub forward_check: Option<bool>,
    pub fast_backtrack: Option<bool>,
    pub seed: Option<u64>,
}

impl RuleSpec {
    /// The rule asked for: every option not given is the standard rule's. One completion
    /// for links, the CLI and the JS API, so the same options run the same search.
    pub fn resolve(self) -> Rule {
        self.over(Rule::standard())
    }

    /// `base` with the options given changed (a page control changing one option).
    pub fn over(self, base: Rule) -> Rule {
        Rule {
            heuristic: self.heuristic.unwrap_or(base.heuristic),
            tie_break: self.tie_break.unwrap_or(base.tie_break),
            backtrack: self.backtrack.unwrap_or(base.backtrack),
            forward_check: self.forward_check.unwrap_or(base.forward_check),
            fast_backtrack: self.fast_backtrack.unwrap_or(base.fast_backtrack),
            seed: self.seed.unwrap_or(base.seed),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_given_is_the_standard_rule_and_each_option_given_wins() {
        assert_eq!(RuleSpec::default().resolve(), Rule::standard());
        let given = RuleSpec {
            tie_break: Some(TieBreak::First),
            forward_check: Some(false),
            seed: Some(7),
            ..RuleSpec::default()
        };
        let rule = given.resolve();
        assert_eq!(rule.tie_break, TieBreak::First);
        assert!(!rule.forward_check && rule.backtrack);
        assert_eq!((rule.heuristic, rule.seed), (Heuristic::Warnsdorff, 7));
        let greedy = Rule::greedy(Heuristic::Center, TieBreak::Pohl);
        let changed = RuleSpec {
            backtrack: Some(true),
            ..RuleSpec::default()
        }
        .over(greedy);
        assert_eq!(
            changed,
            Rule {
                backtrack: true,
                ..greedy
            }
        );
    }

    #[test]
    fn the_seed_alone_does_not_make_a_rule_custom() {
        assert!(Rule {
            seed: 99,
            ..Rule::standard()
        }
        .is_standard());
        assert!(!Rule {
            fast_backtrack: true,
            ..Rule::standard()
        }
        .is_standard());
        assert!(!Rule::greedy(Heuristic::Warnsdorff, TieBreak::Roth).is_standard());
    }
}
