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
}

/// A lesson's file, as written (made Rust by `build.rs`).
struct Text {
    slug: String,
    title: String,
    summary: String,
    source: String,
    steps: Vec<StepText>,
    hooks: BTreeMap<String, String>,
    late: Vec<String>,
}

struct StepText {
    title: String,
    text: String,
    try_it: Option<TryIt>,
    facts_after_try: bool,
}

include!(concat!(env!("OUT_DIR"), "/lesson_texts.rs"));

/// The text of the lesson called `slug` (its file, as `build.rs` wrote it out).
fn file(slug: &str) -> Option<Text> {
    Some(match slug {
        machines::knight_graph::SLUG => text_knight_graph(),
        machines::backtracking::SLUG => text_backtracking(),
        machines::brute_force::SLUG => text_brute_force(),
        machines::queens::SLUG => text_eight_queens(),
        machines::cube::SLUG => text_pocket_cube(),
        _ => return None,
    })
}

/// A lesson's text joined to its workbenches, step by step.
fn join(plan: machines::Lesson) -> Lesson {
    let text = file(plan.slug).unwrap_or_else(|| panic!("no text for {}", plan.slug));
    assert_eq!(
        (text.slug.as_str(), text.steps.len()),
        (plan.slug, plan.steps.len()),
        "a lesson's text has a step for each of its workbenches"
    );
    let steps = text.steps.into_iter().zip(plan.steps);
    Lesson {
        slug: text.slug,
        title: text.title,
        summary: text.summary,
        source: text.source,
        steps: steps
            .map(|(t, bench)| Step {
                title: t.title,
                text: t.text,
                bench,
                try_it: t.try_it,
                facts_after_try: t.facts_after_try,
            })
            .collect(),
        hooks: text.hooks,
        late: text.late,
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
