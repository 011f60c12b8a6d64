//! The lessons as the page tells them: one text file per lesson beside this one (its
//! title, each step's heading, sentences and try-it, and the page hook of every figure it
//! names), joined to what the solver decides (`puzzlelab_solver::lessons`: each step's
//! workbench and the figures themselves).

mod facts;

use std::collections::BTreeMap;
use std::sync::OnceLock;

use puzzlelab_solver::lessons::{self as machines, Bench};

use super::try_it::TryIt;
pub use facts::{Fact, Inputs};

/// One lesson: an article told in steps.
#[derive(Clone, Debug, PartialEq)]
pub struct Lesson {
    /// The link's name: `#/learn/<slug>`.
    pub slug: String,
    pub title: String,
    /// One line for the index.
    pub summary: String,
    /// The article it retells, in a few words.
    pub source: String,
    pub steps: Vec<Step>,
    /// Each fact's page hook, by the name the text gives it.
    pub hooks: BTreeMap<String, String>,
    /// Facts the worker sends later (shown as computing until then).
    pub late: Vec<String>,
}

/// One step: a heading, a few sentences, a live workbench, maybe something to try.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    pub title: String,
    /// Sentences with `{fact}` placeholders, filled from the lesson's facts.
    pub text: String,
    pub bench: Bench,
    pub try_it: Option<TryIt>,
    /// The workbench shows the step's numbers only once the reader has done the try-it
    /// (a count to run): a test does it before comparing.
    pub facts_after_try: bool,
    /// The workbench's code view at a step that runs the line the text talks about:
    /// the link, and the line's number.
    pub code: Option<(String, u8)>,
}

/// A lesson's file, as written (made static data by `build.rs`).
struct TextData {
    slug: &'static str,
    title: &'static str,
    summary: &'static str,
    source: &'static str,
    steps: &'static [StepData],
    hooks: &'static [(&'static str, &'static str)],
    late: &'static [&'static str],
}

struct StepData {
    title: &'static str,
    text: &'static str,
    try_it: Option<TryData>,
    facts_after_try: bool,
    /// `#/…&view=code` at a step that runs line `code_line` (`""`: none).
    code: &'static str,
    code_line: u8,
}

/// A try-it as its file writes it: the kind, and that kind's fields.
struct TryData {
    kind: &'static str,
    label: &'static str,
    squares: &'static [&'static str],
    action: &'static str,
    times: u32,
    what: &'static str,
    value: &'static str,
    event: &'static str,
}

include!(concat!(env!("OUT_DIR"), "/lesson_texts.rs"));

/// The text of the lesson called `slug`.
fn file(slug: &str) -> Option<&'static TextData> {
    Some(match slug {
        machines::knight_graph::SLUG => &TEXT_KNIGHT_GRAPH,
        machines::backtracking::SLUG => &TEXT_BACKTRACKING,
        machines::brute_force::SLUG => &TEXT_BRUTE_FORCE,
        machines::queens::SLUG => &TEXT_EIGHT_QUEENS,
        machines::cube::SLUG => &TEXT_POCKET_CUBE,
        _ => return None,
    })
}

impl TryData {
    fn try_it(&self) -> TryIt {
        let label = self.label.to_string();
        let text = |s: &str| s.to_string();
        match self.kind {
            "click" => TryIt::Click {
                label,
                squares: self.squares.iter().map(|s| text(s)).collect(),
            },
            "press" => TryIt::Press {
                label,
                action: text(self.action),
                times: self.times,
            },
            "choose" => TryIt::Choose {
                label,
                what: text(self.what),
                value: text(self.value),
            },
            _ => TryIt::Reach {
                label,
                event: text(self.event),
            },
        }
    }
}

/// A lesson's text joined to its workbenches, step by step.
fn join(plan: machines::Lesson) -> Lesson {
    let text = file(plan.slug).unwrap_or_else(|| panic!("no text for {}", plan.slug));
    assert_eq!(
        (text.slug, text.steps.len()),
        (plan.slug, plan.steps.len()),
        "a lesson's text has a step for each of its workbenches"
    );
    let steps = text.steps.iter().zip(plan.steps);
    // Inserted one by one rather than collected: collecting sorts the pairs first, and
    // that sort's code is all the app would carry it for.
    let mut hooks = BTreeMap::new();
    for (name, hook) in text.hooks {
        hooks.insert(name.to_string(), hook.to_string());
    }
    Lesson {
        slug: text.slug.to_string(),
        title: text.title.to_string(),
        summary: text.summary.to_string(),
        source: text.source.to_string(),
        steps: steps
            .map(|(t, bench)| Step {
                title: t.title.to_string(),
                text: t.text.to_string(),
                bench,
                try_it: t.try_it.as_ref().map(TryData::try_it),
                facts_after_try: t.facts_after_try,
                code: (!t.code.is_empty()).then(|| (t.code.to_string(), t.code_line)),
            })
            .collect(),
        hooks,
        late: text.late.iter().map(|s| s.to_string()).collect(),
    }
}

/// Every lesson, in the order of the index (read once).
pub fn all() -> &'static [Lesson] {
    static LESSONS: OnceLock<Vec<Lesson>> = OnceLock::new();
    LESSONS.get_or_init(|| machines::all().into_iter().map(join).collect())
}

/// The lesson called `slug`.
pub fn find(slug: &str) -> Option<Lesson> {
    all().iter().find(|l| l.slug == slug).cloned()
}

impl Lesson {
    /// The figures the text states, computed by the solver (the cube's last layers from
    /// `inputs`, once the worker has sent them).
    pub fn facts(&self, inputs: &Inputs) -> Vec<Fact> {
        facts::facts(&self.slug, &self.hooks, inputs)
    }
}

#[cfg(test)]
mod tests;
