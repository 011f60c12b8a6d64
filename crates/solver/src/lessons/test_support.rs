//! What the lessons' tests share: a fact's value by name, the check that a lesson's text
//! names only facts it has, and the published numbers in `tests/reference/`.

use super::{placeholders, Fact, Lesson};

/// The value of the fact called `name` (the test fails if there is none).
pub fn value(facts: &[Fact], name: &str) -> String {
    facts
        .iter()
        .find(|f| f.name == name)
        .unwrap_or_else(|| panic!("no fact {name}"))
        .value
        .clone()
}

/// The value of the fact called `name`, as a number.
pub fn number(facts: &[Fact], name: &str) -> u64 {
    value(facts, name)
        .parse()
        .unwrap_or_else(|_| panic!("{name} is not a count"))
}

/// Every `{name}` in every step's text is one of `facts`.
pub fn assert_every_placeholder_filled(lesson: &Lesson, facts: &[Fact]) {
    for step in &lesson.steps {
        for name in placeholders(step.text) {
            assert!(
                facts.iter().any(|f| f.name == name),
                "{}: {name} in {}",
                lesson.slug,
                step.title
            );
        }
    }
}

/// A file of published numbers from `tests/reference/` (each names its sources).
pub fn reference(file: &str) -> serde_json::Value {
    let path = format!(
        "{}/../../tests/reference/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}
