//! How the tour machine orders its candidate moves.

use serde::{Deserialize, Serialize};

/// Which squares the knight prefers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Heuristic {
    /// Warnsdorff (1823): go where the fewest onward moves remain.
    #[default]
    Warnsdorff,
    /// The HANA article's first try: the lowest rank, then the leftmost file. It fails.
    Bottom,
    /// The HANA article's second try: nearest the centre. It strands the corners.
    Center,
    /// No heuristic: the divide-and-conquer construction, in time linear in the squares,
    /// played back move by move (Warnsdorff with Roth's ties and backtracking where the
    /// construction does not reach).
    Construct,
}

/// How Warnsdorff's ties are broken.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum TieBreak {
    /// The first tied square in the fixed clockwise jump order.
    #[default]
    First,
    /// A seeded random choice among the tied squares.
    Random,
    /// Pohl: the rule again, one level deeper (the fewest onward moves among each tied
    /// square's own neighbours), then the fixed order.
    Pohl,
    /// Roth: the tied square farthest from the board's centre, then the fixed order.
    Roth,
}

impl Heuristic {
    pub const ALL: [Heuristic; 4] = [
        Heuristic::Warnsdorff,
        Heuristic::Bottom,
        Heuristic::Center,
        Heuristic::Construct,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Heuristic::Warnsdorff => "warnsdorff",
            Heuristic::Bottom => "bottom",
            Heuristic::Center => "center",
            Heuristic::Construct => "construct",
        }
    }

    pub fn parse(text: &str) -> Result<Heuristic, String> {
        let t = text.trim().to_ascii_lowercase();
        Heuristic::ALL
            .into_iter()
            .find(|h| h.as_str() == t || (t == "centre" && *h == Heuristic::Center))
            .ok_or_else(|| {
                format!("unknown heuristic '{t}' (known: warnsdorff, bottom, center, construct)")
            })
    }
}

impl TieBreak {
    pub const ALL: [TieBreak; 4] = [
        TieBreak::First,
        TieBreak::Random,
        TieBreak::Pohl,
        TieBreak::Roth,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            TieBreak::First => "first",
            TieBreak::Random => "random",
            TieBreak::Pohl => "pohl",
            TieBreak::Roth => "roth",
        }
    }

    pub fn parse(text: &str) -> Result<TieBreak, String> {
        let t = text.trim().to_ascii_lowercase();
        TieBreak::ALL
            .into_iter()
            .find(|b| b.as_str() == t)
            .ok_or_else(|| format!("unknown tie-break '{t}' (known: first, random, pohl, roth)"))
    }
}
