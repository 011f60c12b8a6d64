//! `--trace`: each step with the line of the search's listing it ran, as the page's code
//! view numbers them (hand traces in `crates/solver/tests/code_lines.rs`).

mod run;
use run::json;

use puzzlelab_checkers as common;

fn numbers(trace: &serde_json::Value, key: &str) -> Vec<u64> {
    trace
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s[key].as_u64().unwrap())
        .collect()
}

#[test]
fn knight_trace_reports_each_step_line_and_variables() {
    let v = json(&[
        "knight",
        "--board",
        "5x5",
        "--start",
        "c1",
        "--tie-break",
        "first",
        "--no-forward-check",
        "--trace",
    ]);
    assert_eq!(v["status"], "solved");
    let path: Vec<String> = run::path(&v);
    common::check_tour(5, 5, "c1", false, &path).unwrap();
    let trace = &v["trace"];
    let lines = numbers(trace, "line");
    assert_eq!(lines.len() as u64, v["steps"].as_u64().unwrap());
    // Sixteen squares ranked (7), a5 a dead end: back (11), c4's next candidate (8).
    let mut prefix = vec![7; 16];
    prefix.extend([11, 8]);
    assert_eq!(lines[..18], prefix);
    assert_eq!(lines.last(), Some(&9));
    // The depth follows the events; the first step's candidates are e2's jumps.
    let first = &trace[0];
    assert_eq!(
        (first["at"].as_str(), first["depth"].as_u64()),
        (Some("e2"), Some(1))
    );
    assert_eq!(first["candidates"], serde_json::json!(["c3:7", "d4:3"]));
    assert_eq!(trace[16]["event"], "backtrack");
    assert_eq!(trace[16]["tried"], serde_json::json!(["a5"]));
    // Without --trace there is no trace.
    let plain = json(&["knight", "--board", "5x5", "--start", "c1"]);
    assert!(plain.get("trace").is_none());
}

#[test]
fn queens_trace_places_four_queens_and_finds_a_solution() {
    let v = json(&["queens", "--n", "5", "--trace"]);
    let trace = &v["trace"];
    assert_eq!(numbers(trace, "line"), [2, 2, 2, 2, 3]);
    let squares: Vec<&str> = trace
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["square"].as_str().unwrap())
        .collect();
    assert_eq!(squares.join(" "), v["squares"].as_str().unwrap());
    assert_eq!(numbers(trace, "col"), [1, 2, 3, 4, 5]);
}
