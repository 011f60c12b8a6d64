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

fn json(args: &[&str]) -> serde_json::Value {
    let out = puzzlelab(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn cube_commands_follow_the_contract() {
    let solved = "WWWWGGRRBBOOGGRRBBOOYYYY";
    let v = json(&["cube", "apply", "--state", solved, "--moves", "U'"]);
    assert_eq!(v["state"], "WWWWOOGGRRBBGGRRBBOOYYYY");

    let scrambled = json(&[
        "cube",
        "apply",
        "--state",
        solved,
        "--moves",
        "R U R' U' F2",
    ]);
    let state = scrambled["state"].as_str().unwrap();
    let v = json(&["cube", "solve", "--state", state, "--metric", "htm"]);
    let moves = v["moves"].as_str().unwrap();
    assert!(v["length"].as_u64().unwrap() <= 5);
    let back = json(&["cube", "apply", "--state", state, "--moves", moves]);
    let stickers = back["state"].as_str().unwrap().as_bytes().to_vec();
    // Every face one colour (faces in net order).
    for face in [
        [0, 1, 2, 3],
        [4, 5, 12, 13],
        [6, 7, 14, 15],
        [8, 9, 16, 17],
        [10, 11, 18, 19],
        [20, 21, 22, 23],
    ] {
        assert!(
            face.iter().all(|&i| stickers[i] == stickers[face[0]]),
            "{back}"
        );
    }

    let d = json(&["cube", "distribution", "--metric", "qtm"]);
    assert_eq!(d["total"], 3674160);
    assert_eq!(d["counts"].as_array().unwrap().len(), 15);

    let s = json(&["cube", "scramble", "--seed", "3"]);
    let again = json(&[
        "cube",
        "apply",
        "--state",
        solved,
        "--moves",
        s["moves"].as_str().unwrap(),
    ]);
    assert_eq!(again["state"], s["state"]);

    let bad = json(&["cube", "validate", "--state", "WWWWWGRRBBOOGGRRBBOOYYYY"]);
    assert_eq!(bad["valid"], false);
    assert!(bad["error"].as_str().unwrap().contains("W appears 5 times"));
    assert_eq!(
        json(&["cube", "validate", "--state", solved])["valid"],
        true
    );
}

#[test]
fn cube_bad_input_exits_2() {
    for args in [
        vec!["cube"],
        vec!["cube", "spin"],
        vec!["cube", "apply", "--state", "WWW", "--moves", "R"],
        vec![
            "cube",
            "apply",
            "--state",
            "WWWWGGRRBBOOGGRRBBOOYYYY",
            "--moves",
            "Q",
        ],
        vec!["cube", "solve", "--state", "WWWWWGRRBBOOGGRRBBOOYYYY"],
        vec![
            "cube",
            "solve",
            "--state",
            "WWWWGGRRBBOOGGRRBBOOYYYY",
            "--metric",
            "stm",
        ],
        vec![
            "cube",
            "solve",
            "--state",
            "WWWWGGRRBBOOGGRRBBOOYYYY",
            "--costs",
            "0,1,1",
        ],
        vec!["cube", "scramble", "--seed", "-1"],
    ] {
        let out = puzzlelab(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
    }
}

#[test]
fn queens_first_solution_and_count() {
    let v = json(&["queens", "--n", "8"]);
    assert_eq!(v["squares"], "a1 b5 c8 d6 e3 f7 g2 h4");
    assert_eq!(v["placement"], serde_json::json!([0, 4, 7, 5, 2, 6, 1, 3]));
    let v = json(&["queens", "--n", "10", "--count"]);
    assert_eq!(v["solutions"], 724);
    assert_eq!(v["unique"], 92);
    let v = json(&["queens", "--n", "3"]);
    assert_eq!(v["status"], "impossible");
    assert!(v["placement"].is_null());
    for args in [
        vec!["queens"],
        vec!["queens", "--n", "0"],
        vec!["queens", "--n", "40", "--count"],
        vec!["queens", "--n", "x"],
    ] {
        let out = puzzlelab(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn knight_rules_existence_and_impossible_boards() {
    let v = json(&["knight-exists", "--board", "4x4", "--closed"]);
    assert_eq!(v["exists"], false);
    assert!(v["reason"].as_str().unwrap().contains("Schwenk"));
    assert_eq!(
        json(&["knight-exists", "--board", "6x6", "--closed"])["exists"],
        true
    );
    assert_eq!(json(&["knight-exists", "--board", "3x5"])["exists"], false);
    assert_eq!(
        json(&["knight-exists", "--board", "5x5", "--start", "b1"])["exists"],
        false
    );
    // A closed tour on 4x4 is refused by theorem, without a search.
    let v = json(&[
        "knight",
        "--board",
        "4x4",
        "--start",
        "a1",
        "--closed",
        "--backtrack",
    ]);
    assert_eq!(v["status"], "impossible");
    assert_eq!(v["steps"], 0);
    // Every rule gives a checked tour on 8x8 from a1 with backtracking and forward checking.
    for (heuristic, tie) in [
        ("warnsdorff", "first"),
        ("warnsdorff", "random"),
        ("warnsdorff", "pohl"),
        ("warnsdorff", "roth"),
    ] {
        let v = json(&[
            "knight",
            "--board",
            "8x8",
            "--start",
            "a1",
            "--heuristic",
            heuristic,
            "--tie-break",
            tie,
            "--seed",
            "7",
        ]);
        if v["status"] == "solved" {
            let path: Vec<String> = v["path"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s.as_str().unwrap().to_string())
                .collect();
            common::check_tour(8, 8, "a1", false, &path).unwrap();
        }
    }
    // The naive heuristics fail (the HANA article's lesson) and say where.
    for heuristic in ["bottom", "center"] {
        let v = json(&[
            "knight",
            "--board",
            "8x8",
            "--start",
            "a1",
            "--heuristic",
            heuristic,
        ]);
        assert_eq!(v["status"], "failed", "{heuristic}");
        assert!(v["path"].as_array().unwrap().len() < 64);
    }
    let v = json(&[
        "knight",
        "--board",
        "8x8",
        "--start",
        "e3",
        "--backtrack",
        "--forward-check",
    ]);
    assert_eq!(v["status"], "solved");
}
