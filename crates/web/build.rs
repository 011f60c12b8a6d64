//! The lessons' text files (`src/app/learn/lessons/*.json`) become Rust at build time,
//! so the app carries the words as static data and no JSON reader: `lesson_texts.rs` in
//! `OUT_DIR` has one `TextData` static a lesson. The compiler checks the files' fields
//! against the structs (a misspelt or missing field fails the build).

use std::fmt::Write as _;
use std::path::Path;

use serde_json::{Map, Value};

const DIR: &str = "src/app/learn/lessons";
const LESSONS: [&str; 5] = [
    "knight-graph",
    "backtracking",
    "brute-force",
    "eight-queens",
    "pocket-cube",
];

/// A try-it's fields; each kind gives some, the others are empty.
const TRY_FIELDS: [&str; 7] = [
    "label", "squares", "action", "times", "what", "value", "event",
];

fn main() {
    println!("cargo:rerun-if-changed={DIR}");
    let mut out = String::from("// Written by build.rs from the lessons' JSON files.\n");
    for slug in LESSONS {
        let path = format!("{DIR}/{slug}.json");
        println!("cargo:rerun-if-changed={path}");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let value: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
        let Value::Object(lesson) = value else {
            panic!("{path}: a lesson is an object");
        };
        let name = slug.replace('-', "_").to_uppercase();
        writeln!(
            out,
            "static TEXT_{name}: TextData = {};",
            text_literal(&lesson)
        )
        .unwrap();
    }
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap()).join("lesson_texts.rs");
    std::fs::write(dest, out).unwrap();
}

/// `TextData { … }`: the lesson's fields, its steps and its hooks.
fn text_literal(lesson: &Map<String, Value>) -> String {
    let mut fields = String::new();
    for (key, value) in lesson {
        let field = match (key.as_str(), value) {
            ("steps", Value::Array(steps)) => {
                let steps: Vec<String> = steps.iter().map(step_literal).collect();
                format!("&[{}]", steps.join(", "))
            }
            ("hooks", Value::Object(hooks)) => {
                let pairs: Vec<String> = hooks
                    .iter()
                    .map(|(k, v)| format!("({k:?}, {})", literal(v)))
                    .collect();
                format!("&[{}]", pairs.join(", "))
            }
            _ => literal(value),
        };
        write!(fields, "{key}: {field}, ").unwrap();
    }
    if !lesson.contains_key("late") {
        fields.push_str("late: &[], ");
    }
    format!("TextData {{ {fields} }}")
}

/// `StepData { … }`, its try-it as `TryData`.
fn step_literal(step: &Value) -> String {
    let Value::Object(step) = step else {
        panic!("a step is an object");
    };
    let mut fields = String::new();
    for (key, value) in step {
        let (key, field) = match (key.as_str(), value) {
            ("try", Value::Object(try_it)) => ("try_it", format!("Some({})", try_literal(try_it))),
            (key, value) => (key, literal(value)),
        };
        write!(fields, "{key}: {field}, ").unwrap();
    }
    if !step.contains_key("try") {
        fields.push_str("try_it: None, ");
    }
    if !step.contains_key("facts_after_try") {
        fields.push_str("facts_after_try: false, ");
    }
    if !step.contains_key("code") {
        fields.push_str("code: \"\", code_line: 0, ");
    }
    format!("StepData {{ {fields} }}")
}

/// `TryData { kind, … }`, every field given (empty where the kind has none).
fn try_literal(try_it: &Map<String, Value>) -> String {
    let kind = try_it.get("kind").and_then(Value::as_str);
    assert!(
        matches!(kind, Some("click" | "press" | "choose" | "reach")),
        "a try-it's kind is click, press, choose or reach, not {kind:?}"
    );
    for key in try_it.keys() {
        assert!(
            key == "kind" || TRY_FIELDS.contains(&key.as_str()),
            "a try-it has no {key}"
        );
    }
    let field = |name: &str| match (name, try_it.get(name)) {
        (_, Some(value)) => literal(value),
        ("squares", None) => "&[]".to_string(),
        ("times", None) => "0".to_string(),
        (_, None) => "\"\"".to_string(),
    };
    let fields: Vec<String> = ["kind"]
        .iter()
        .chain(&TRY_FIELDS)
        .map(|name| format!("{name}: {}", field(name)))
        .collect();
    format!("TryData {{ {} }}", fields.join(", "))
}

/// A plain value: text, a number, a flag or a list of them.
fn literal(value: &Value) -> String {
    match value {
        Value::String(s) => format!("{s:?}"),
        Value::Number(n) => n.to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Array(items) => {
            let items: Vec<String> = items.iter().map(literal).collect();
            format!("&[{}]", items.join(", "))
        }
        other => panic!("no Rust literal for {other}"),
    }
}
