//! The JS API's options objects as plain serde structs, built natively too so that the
//! way they complete a rule is tested beside the CLI's and the links'.

use serde::Deserialize;

use crate::solver::board::Board;
use crate::solver::knight::{Heuristic, RuleOptions, TieBreak, TourConfig};

/// `new KnightTour(board, start, options)`: the CLI's options; each key given overrides
/// the standard rule, as in links and on the command line (`TourConfig::completed`).
#[derive(Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct KnightOptions {
    pub closed: Option<bool>,
    pub backtrack: Option<bool>,
    pub heuristic: Option<String>,
    pub tie_break: Option<String>,
    pub seed: Option<u64>,
    pub forward_check: Option<bool>,
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

    pub fn config(self, board: Board, start: u32) -> Result<TourConfig, String> {
        let given = RuleOptions {
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
        };
        let closed = self.closed.unwrap_or(false);
        Ok(TourConfig::completed(board, start, closed, given))
    }
}
