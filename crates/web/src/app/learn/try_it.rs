//! "Try it": one thing a step asks the reader to do on the live workbench, and whether
//! what the workbench has seen so far ([`Observed`]) shows it done.

use std::collections::BTreeMap;

/// What a step asks for, as its lesson's text file writes it (`"kind": "press"` …).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TryIt {
    /// Click one of these squares (or stickers): "click a corner" (`*`: any square).
    Click { label: String, squares: Vec<String> },
    /// Press a control (`data-action`) so many times: "press Step three times".
    Press {
        label: String,
        action: String,
        times: u32,
    },
    /// Set a choice to a value: "switch the ties to Roth's" (`tie` = `roth`).
    Choose {
        label: String,
        what: String,
        value: String,
    },
    /// Bring the search to a step whose event is this (`stuck`, `backtrack`, `solution`).
    Reach { label: String, event: String },
}

impl TryIt {
    /// The instruction, as the step shows it.
    pub fn label(&self) -> &str {
        match self {
            TryIt::Click { label, .. }
            | TryIt::Press { label, .. }
            | TryIt::Choose { label, .. }
            | TryIt::Reach { label, .. } => label,
        }
    }

    pub fn is_done(&self, seen: &Observed) -> bool {
        match self {
            TryIt::Click { squares, .. } => seen.clicks.iter().any(|c| squares.contains(c)),
            TryIt::Press { action, times, .. } => {
                seen.presses.get(action).copied().unwrap_or(0) >= *times
            }
            TryIt::Choose { what, value, .. } => seen.chosen.get(what) == Some(value),
            TryIt::Reach { event, .. } => seen.events.contains(event),
        }
    }
}

/// What the reader has done on a step's workbench (reset when the step changes).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Observed {
    pub clicks: Vec<String>,
    pub presses: BTreeMap<String, u32>,
    pub chosen: BTreeMap<String, String>,
    pub events: Vec<String>,
}

/// One thing the workbench saw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Signal {
    Click(String),
    Press(String),
    Choose(&'static str, String),
    Event(String),
}

impl Observed {
    /// Records a signal; true if it changed anything.
    pub fn note(&mut self, signal: Signal) -> bool {
        match signal {
            Signal::Click(square) => self.clicks.push(square),
            Signal::Press(action) => *self.presses.entry(action).or_default() += 1,
            Signal::Choose(what, value) => {
                return self.chosen.insert(what.to_string(), value.clone()) != Some(value);
            }
            Signal::Event(event) => {
                if self.events.contains(&event) {
                    return false;
                }
                self.events.push(event);
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_is_noticed_only_when_done() {
        let text = |s: &str| s.to_string();
        let corner = TryIt::Click {
            label: text("Click a corner"),
            squares: ["a1", "h1", "a8", "h8"].map(text).to_vec(),
        };
        let three = TryIt::Press {
            label: text("Press Step three times"),
            action: text("step"),
            times: 3,
        };
        let roth = TryIt::Choose {
            label: text("Switch the ties to Roth's"),
            what: text("tie"),
            value: text("roth"),
        };
        let stuck = TryIt::Reach {
            label: text("Play to where it is stuck"),
            event: text("stuck"),
        };
        let mut seen = Observed::default();
        for t in [&corner, &three, &roth, &stuck] {
            assert!(!t.is_done(&seen), "{}", t.label());
        }
        seen.note(Signal::Click("b1".into()));
        seen.note(Signal::Press("step".into()));
        seen.note(Signal::Press("step".into()));
        seen.note(Signal::Choose("tie", "pohl".into()));
        seen.note(Signal::Event("move".into()));
        for t in [&corner, &three, &roth, &stuck] {
            assert!(!t.is_done(&seen), "{}", t.label());
        }
        seen.note(Signal::Click("h8".into()));
        seen.note(Signal::Press("step".into()));
        seen.note(Signal::Choose("tie", "roth".into()));
        assert!(seen.note(Signal::Event("stuck".into())));
        assert!(!seen.note(Signal::Event("stuck".into())));
        for t in [&corner, &three, &roth, &stuck] {
            assert!(t.is_done(&seen), "{}", t.label());
        }
    }
}
