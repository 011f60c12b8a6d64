//! The JS API's options objects as plain serde structs, built natively too so that the
//! way they complete a rule is tested beside the CLI's and the links'.

use serde::Deserialize;

use puzzlelab_solver::board::Board;
use puzzlelab_solver::knight::{Heuristic, RuleSpec, TieBreak, TourConfig};

/// Options of `new KnightTour(board, start, options)` and `new SearchTimeline(…)`: the
/// CLI's options, every key optional, a key not listed here an error. Each key given
/// overrides the standard rule, as in links and on the command line
/// (`RuleSpec::resolve`); without rule keys the tour uses the page's default rule:
/// Warnsdorff, Roth's ties, backtracking with forward checking.
#[derive(Default, Deserialize, tsify::Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct KnightOptions {
    #[tsify(optional)]
    pub closed: Option<bool>,
    #[tsify(optional)]
    pub backtrack: Option<bool>,
    /// The older spelling `centre` is read too.
    #[tsify(optional, type = r#""warnsdorff" | "bottom" | "center" | "construct""#)]
    pub heuristic: Option<String>,
    #[tsify(optional, type = r#""first" | "random" | "pohl" | "roth""#)]
    pub tie_break: Option<String>,
    #[tsify(optional)]
    pub seed: Option<u64>,
    #[tsify(optional)]
    pub forward_check: Option<bool>,
    #[tsify(optional)]
    pub fast_backtrack: Option<bool>,
}

impl KnightOptions {
    /// The keys JavaScript may give, as written there.
    pub const KEYS: &'static [&'static str] = &[
        "closed",
        "backtrack",
        "heuristic",
        "tieBreak",
        "seed",
        "forwardCheck",
        "fastBacktrack",
    ];

    /// The tour these options ask for from `start`.
    pub fn config(self, board: Board, start: u32) -> Result<TourConfig, String> {
        let rule = self.rule_spec()?.resolve();
        let closed = self.closed.unwrap_or(false);
        Ok(TourConfig::with_fallback(board, start, closed, rule))
    }

    /// The rule options given (the one conversion from the JS options object).
    pub fn rule_spec(&self) -> Result<RuleSpec, String> {
        Ok(RuleSpec {
            heuristic: self
                .heuristic
                .as_deref()
                .map(Heuristic::parse)
                .transpose()?,
            tie_break: self.tie_break.as_deref().map(TieBreak::parse).transpose()?,
            backtrack: self.backtrack,
            forward_check: self.forward_check,
            fast_backtrack: self.fast_backtrack,
            seed: self.seed,
        })
    }
}
