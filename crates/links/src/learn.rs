//! The lessons' links: `#/learn` (the index) and `#/learn/<lesson>?step=k` (k from 1),
//! with what the reader changed on the step's workbench: `at=` (the step of its search),
//! `start=`, `heuristic=`, `tie=` (a knight's rule), `n=` (queens). A link with a bad
//! value opens the nearest sensible page with a message.

use super::{clip, last_value, query_pairs, Decoded};
use puzzlelab_solver::knight::{Heuristic, TieBreak};
use puzzlelab_solver::lessons;

/// What a lesson link carries.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LearnLink {
    /// The lesson's slug; `None` for the index.
    pub lesson: Option<String>,
    /// The step shown, from 0 (the link says `step=1` for the first).
    pub step: usize,
    pub bench: BenchLink,
}

/// The reader's changes to a step's workbench (all optional: the step's own state).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BenchLink {
    pub at: Option<u64>,
    /// A knight's start square, by name (checked against the board by the workbench).
    pub start: Option<String>,
    pub heuristic: Option<Heuristic>,
    pub tie: Option<TieBreak>,
    pub n: Option<u32>,
}

/// Decodes the part after `#/learn` (`""`, `/knight-graph`, with its query).
pub fn decode_learn(rest: &str, query: &str) -> Decoded<LearnLink> {
    let mut problems = Vec::new();
    let slug = rest.trim_matches('/');
    let mut link = LearnLink::default();
    if slug.is_empty() {
        return Decoded {
            value: link,
            problems,
        };
    }
    let Some(lesson) = lessons::find(slug) else {
        problems.push(format!(
            "there is no lesson '{}'; here are the lessons there are",
            clip(&percent_encoding::percent_decode_str(slug).decode_utf8_lossy())
        ));
        return Decoded {
            value: link,
            problems,
        };
    };
    link.lesson = Some(lesson.slug.to_string());
    let pairs = query_pairs(query);
    if let Some(text) = last_value(&pairs, "step") {
        let last = lesson.steps.len();
        match text.trim().parse::<usize>() {
            Ok(k) if (1..=last).contains(&k) => link.step = k - 1,
            _ => problems.push(format!(
                "step must be 1 to {last} in this lesson, not '{}'; showing step 1",
                clip(text)
            )),
        }
    }
    let b = &mut link.bench;
    if let Some(text) = last_value(&pairs, "at") {
        match text.trim().parse::<u64>() {
            Ok(k) => b.at = Some(k),
            Err(_) => problems.push(format!("at must be a step number, not '{}'", clip(text))),
        }
    }
    if let Some(text) = last_value(&pairs, "start") {
        b.start = Some(clip(text.trim()));
    }
    if let Some(text) = last_value(&pairs, "heuristic") {
        match Heuristic::parse(text) {
            Ok(h) => b.heuristic = Some(h),
            Err(e) => problems.push(clip(&e)),
        }
    }
    if let Some(text) = last_value(&pairs, "tie") {
        match TieBreak::parse(text) {
            Ok(t) => b.tie = Some(t),
            Err(e) => problems.push(clip(&e)),
        }
    }
    if let Some(text) = last_value(&pairs, "n") {
        match text.trim().parse::<u32>() {
            Ok(n) if (4..=puzzlelab_solver::queens::search::MAX_TREE_N).contains(&n) => {
                b.n = Some(n)
            }
            _ => problems.push(format!(
                "n must be 4 to {}, not '{}'",
                puzzlelab_solver::queens::search::MAX_TREE_N,
                clip(text)
            )),
        }
    }
    Decoded {
        value: link,
        problems,
    }
}

pub fn encode_learn(link: &LearnLink) -> String {
    let Some(slug) = &link.lesson else {
        return "#/learn".to_string();
    };
    let mut parts = vec![format!("step={}", link.step + 1)];
    let b = &link.bench;
    if let Some(start) = &b.start {
        parts.push(format!("start={start}"));
    }
    if let Some(h) = b.heuristic {
        parts.push(format!("heuristic={}", h.as_str()));
    }
    if let Some(t) = b.tie {
        parts.push(format!("tie={}", t.as_str()));
    }
    if let Some(n) = b.n {
        parts.push(format!("n={n}"));
    }
    if let Some(at) = b.at {
        parts.push(format!("at={at}"));
    }
    format!("#/learn/{slug}?{}", parts.join("&"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{decode_route, Route};

    #[test]
    fn links_round_trip() {
        let link = LearnLink {
            lesson: Some("knight-graph".into()),
            step: 4,
            bench: BenchLink {
                at: Some(17),
                start: Some("h8".into()),
                heuristic: Some(Heuristic::Warnsdorff),
                tie: Some(TieBreak::Roth),
                n: None,
            },
        };
        let text = encode_learn(&link);
        assert_eq!(
            text,
            "#/learn/knight-graph?step=5&start=h8&heuristic=warnsdorff&tie=roth&at=17"
        );
        let d = decode_route(&text);
        assert_eq!(d.value, Route::Learn(link));
        assert!(d.problems.is_empty());
        assert_eq!(
            decode_route("#/learn").value,
            Route::Learn(LearnLink::default())
        );
        assert_eq!(encode_learn(&LearnLink::default()), "#/learn");
    }

    #[test]
    fn bad_values_open_something_with_a_message() {
        let d = decode_route("#/learn/nowhere?step=2");
        assert_eq!(d.value, Route::Learn(LearnLink::default()));
        assert_eq!(d.problems.len(), 1);
        let d = decode_route("#/learn/eight-queens?step=99&tie=coin&n=40&at=x");
        let Route::Learn(link) = d.value else {
            panic!("learn")
        };
        assert_eq!(link.lesson.as_deref(), Some("eight-queens"));
        assert_eq!(link.step, 0);
        assert_eq!(link.bench, BenchLink::default());
        assert_eq!(d.problems.len(), 4, "{:?}", d.problems);
    }
}
