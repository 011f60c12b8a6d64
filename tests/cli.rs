//! The `puzzlelab` binary: JSON on success, a message and status 2 on bad input.

mod common;

use std::process::Command;

fn puzzlelab(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_puzzlelab"))
        .args(args)
        .output()
        .expect("the binary runs")
}

#[test]
fn knight_prints_one_json_object_with_a_valid_tour() {
    let out = puzzlelab(&["knight", "--board", "8x8", "--start", "a1"]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["status"], "solved");
    let path: Vec<String> = v["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect();
    common::check_tour(8, 8, "a1", false, &path).unwrap();
    assert_eq!(v["steps"], 63);
    assert_eq!(v["backtracks"], 0);
    assert!(v["closed"].is_boolean());
}

#[test]
fn bad_input_exits_2_with_a_message_and_no_panic() {
    for args in [
        vec![],
        vec!["knight", "--board", "0x0", "--start", "a1"],
        vec!["knight", "--board", "8x8", "--start", "z99"],
        vec!["knight", "--board", "999999x3", "--start", "a1"],
        vec!["queens-and-kings"],
    ] {
        let out = puzzlelab(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("puzzlelab: "), "{err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}
