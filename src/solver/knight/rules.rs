//! How the tour machine orders its candidate moves.

use serde::{Deserialize, Serialize};

/// Which squares the knight prefers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Heuristic {
    /// Warnsdorff (1823): go where the fewest onward moves remain.
    #[default]
    Warnsdorff,
}

/// How Warnsdorff's ties are broken.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum TieBreak {
    /// The first tied square in the fixed clockwise jump order.
    #[default]
    First,
    /// Roth: the tied square farthest from the board's centre, then the fixed order.
    Roth,
}

impl Heuristic {
    pub fn as_str(self) -> &'static str {
        match self {
            Heuristic::Warnsdorff => "warnsdorff",
        }
    }

    pub fn parse(text: &str) -> Result<Heuristic, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "warnsdorff" => Ok(Heuristic::Warnsdorff),
            other => Err(format!("unknown heuristic '{other}' (known: warnsdorff)")),
        }
    }
}

impl TieBreak {
    pub fn as_str(self) -> &'static str {
        match self {
            TieBreak::First => "first",
            TieBreak::Roth => "roth",
        }
    }

    pub fn parse(text: &str) -> Result<TieBreak, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "first" => Ok(TieBreak::First),
            "roth" => Ok(TieBreak::Roth),
            other => Err(format!("unknown tie-break '{other}' (known: first, roth)")),
        }
    }
}
