//! Lessons: the five articles PuzzleLab grew from, retold step by step next to live
//! machines. A lesson is plain data — each step's heading, its text as a template, the
//! workbench it opens ([`Bench`]) and one thing to try ([`TryIt`]) — and every number a
//! step states is a [`Fact`] computed here by running the same machines the page runs,
//! never typed into the text. Each fact also names the page hook ([`Hook`]) where the
//! live workbench shows the same figure, so a browser test can hold the two together.

pub mod backtracking;
pub mod brute_force;
pub mod cube;
pub mod knight_graph;
pub mod queens;
pub mod starts;
pub mod template;
#[cfg(test)]
mod test_support;
pub mod tour_watch;
pub mod try_it;

use crate::knight::TourConfig;

pub use template::{render, Piece};
pub use try_it::{Observed, TryIt};

/// One lesson: an article told in steps.
#[derive(Clone, Debug, PartialEq)]
pub struct Lesson {
    /// The link's name: `#/learn/<slug>`.
    pub slug: &'static str,
    pub title: &'static str,
    /// One line for the index.
    pub summary: &'static str,
    /// The article it retells, in a few words.
    pub source: &'static str,
    pub steps: Vec<Step>,
}

/// One step: a heading, a few sentences, a live workbench, maybe something to try.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    pub title: &'static str,
    /// Sentences with `{fact}` placeholders, filled from the lesson's facts.
    pub text: &'static str,
    pub bench: Bench,
    pub try_it: Option<TryIt>,
    /// The workbench shows the step's numbers only once the reader has done the try-it
    /// (a count to run): a test does it before comparing.
    pub facts_after_try: bool,
}

/// Where a watched search opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum At {
    Start,
    Step(u64),
    /// Played to its end.
    End,
}

/// The live workbench a step shows, in the state the step is about.
#[derive(Clone, Debug, PartialEq)]
pub enum Bench {
    /// A knight's tour machine on a board, in the search player; squares restart it.
    Knight { config: TourConfig, at: At },
    /// Several rules run greedily from every start square, with the map of one.
    AllStarts {
        table: starts::Table,
        /// The row whose map is shown first.
        shown: usize,
    },
    /// The C notebook's brute force and backtracking, watched on a small board.
    Race {
        width: u32,
        height: u32,
        start: u32,
        brute: bool,
        back: bool,
        at: At,
    },
    /// The notebook's counters run to the end in the worker (rates, the estimate).
    Count { width: u32, height: u32, start: u32 },
    /// The N-queens backtracking search with its tree.
    Queens { n: u32, at: At, tree: bool },
    /// The pocket cube's net with the twelve quarter turns.
    CubeNet { moves: &'static str },
    /// The breadth-first build of the distance table, layer by layer.
    CubeBfs { htm: bool, at: At },
    /// Every optimal path from a start to the solved cube.
    CubePaths { scramble: &'static str },
}

/// A number a step states, with where the page shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fact {
    pub name: &'static str,
    /// The plain value a test compares (digits, a square name, `56.9`).
    pub value: String,
    /// How the text shows it (`16,777,216`, `10^56.9`).
    pub shown: String,
    pub hook: Hook,
}

/// Where the live workbench shows a fact's figure, read the same way by the browser test:
/// `count <selector>` (how many elements match), `attr <name> <selector>` (an attribute of
/// the first match) or `text <selector>` (its text, digits and point only).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hook {
    Count(&'static str),
    Attr(&'static str, &'static str),
    Text(&'static str),
}

impl Hook {
    pub fn encode(&self) -> String {
        match self {
            Hook::Count(sel) => format!("count {sel}"),
            Hook::Attr(attr, sel) => format!("attr {attr} {sel}"),
            Hook::Text(sel) => format!("text {sel}"),
        }
    }
}

impl Fact {
    /// A count, shown with thousands separators.
    pub fn int(name: &'static str, value: u128, hook: Hook) -> Fact {
        Fact {
            name,
            value: value.to_string(),
            shown: group(value),
            hook,
        }
    }

    /// A word or a square name, shown as is.
    pub fn word(name: &'static str, value: String, hook: Hook) -> Fact {
        Fact {
            name,
            shown: value.clone(),
            value,
            hook,
        }
    }
}

/// 3674160 → "3,674,160".
pub fn group(v: u128) -> String {
    let digits = v.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Results only the worker can give in time (the cube's table and paths); a lesson's
/// facts that need one wait for it (the text shows them as pending).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Inputs {
    /// Positions at each distance, quarter turns.
    pub cube_qtm: Option<Vec<u64>>,
    /// Positions at each distance, half turns counted as one.
    pub cube_htm: Option<Vec<u64>>,
    /// The optimal paths of the paths step: (distance, how many).
    pub cube_paths: Option<(u32, u64)>,
}

/// Every lesson, in the order of the index.
pub fn all() -> Vec<Lesson> {
    vec![
        knight_graph::lesson(),
        backtracking::lesson(),
        brute_force::lesson(),
        queens::lesson(),
        cube::lesson(),
    ]
}

/// The lesson called `slug`.
pub fn find(slug: &str) -> Option<Lesson> {
    all().into_iter().find(|l| l.slug == slug)
}

/// A lesson's facts: computed by running its machines (the cube's from `inputs`).
pub fn facts(slug: &str, inputs: &Inputs) -> Vec<Fact> {
    match slug {
        "knight-graph" => knight_graph::facts(),
        "backtracking" => backtracking::facts(),
        "brute-force" => brute_force::facts(),
        "eight-queens" => queens::facts(),
        "pocket-cube" => cube::facts(inputs),
        _ => Vec::new(),
    }
}

/// The facts of a lesson that wait for the worker (shown as computing until it answers).
pub fn late_facts(slug: &str) -> &'static [&'static str] {
    match slug {
        cube::SLUG => cube::LATE,
        _ => &[],
    }
}

/// The placeholders of a template, in order.
pub fn placeholders(text: &str) -> Vec<&str> {
    render(text, &[])
        .into_iter()
        .filter_map(|p| match p {
            Piece::Pending(name) => Some(name),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_lesson_has_six_to_twelve_steps_and_unique_slugs() {
        let lessons = all();
        assert_eq!(lessons.len(), 5);
        for l in &lessons {
            assert!((6..=12).contains(&l.steps.len()), "{}", l.slug);
            assert_eq!(find(l.slug).as_ref(), Some(l));
        }
        let mut slugs: Vec<_> = lessons.iter().map(|l| l.slug).collect();
        slugs.dedup();
        assert_eq!(slugs.len(), 5);
    }

    /// Every placeholder of the lessons computed at once names a fact (the cube's, which
    /// wait for the worker, are checked in `cube`).
    #[test]
    fn every_placeholder_has_a_fact() {
        for l in all().iter().filter(|l| l.slug != cube::SLUG) {
            test_support::assert_every_placeholder_filled(l, &facts(l.slug, &Inputs::default()));
        }
    }

    #[test]
    fn grouping() {
        assert_eq!(group(0), "0");
        assert_eq!(group(999), "999");
        assert_eq!(group(3674160), "3,674,160");
    }
}

/// `cargo test --lib print_lesson_facts -- --ignored --nocapture`: every lesson's facts.
#[cfg(test)]
#[test]
#[ignore]
fn print_lesson_facts() {
    for l in all() {
        for f in facts(l.slug, &Inputs::default()) {
            println!("{} {} = {} ({})", l.slug, f.name, f.shown, f.hook.encode());
        }
    }
}
