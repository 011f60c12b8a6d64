//! Counts split into parts (`--part I/K`) and summed again (`merge`): for every K from 1 to 7
//! the parts add up to the unsplit answer, and merge refuses sets that are incomplete,
//! repeated or mixed.

use std::io::Write;
use std::process::{Command, Stdio};

use puzzlelab_cli::{execute, merge::merge, Stop};
use serde_json::{json, Value};

/// 9,862 closed tours, counted depth-first.
const SIX_CLOSED_DEPTH_FIRST: [&str; 6] = [
    "knight-count",
    "--board",
    "6x6",
    "--closed",
    "--method",
    "depth-first",
];

fn run(line: &[&str]) -> Value {
    let args: Vec<String> = line.iter().map(|s| s.to_string()).collect();
    execute(&args).unwrap_or_else(|e| panic!("{line:?}: {e:?}"))
}

/// The fields of a count that do not depend on the machine or the run.
fn answer(v: &Value) -> Value {
    let mut v = v.clone();
    if let Some(o) = v.as_object_mut() {
        for field in ["seconds", "threads", "nodes"] {
            o.remove(field);
        }
    }
    v
}

fn parts(command: &[&str], of: u32) -> Vec<(String, Value)> {
    (1..=of)
        .map(|i| {
            let part = format!("{i}/{of}");
            let mut line = command.to_vec();
            line.extend(["--part", &part]);
            let v = run(&line);
            assert_eq!(v["part"]["index"], i);
            assert_eq!(v["part"]["of"], of);
            (format!("part {i}"), v)
        })
        .collect()
}

fn merged(parts: Vec<(String, Value)>) -> Value {
    merge(parts).unwrap_or_else(|e| panic!("{e:?}"))
}

fn refusal(parts: Vec<(String, Value)>) -> String {
    match merge(parts) {
        Err(Stop::Usage(text)) => text,
        other => panic!("should be refused: {other:?}"),
    }
}

#[test]
fn queens_parts_sum_to_the_whole_for_every_k() {
    let reference: Value =
        serde_json::from_str(include_str!("../../../tests/reference/queens.json")).unwrap();
    for n in 8..=10u32 {
        let n_text = n.to_string();
        let command = ["queens", "--n", &n_text, "--count"];
        let whole = run(&command);
        let k = (n - 1) as usize;
        assert_eq!(whole["solutions"], reference["solutions"][k]);
        assert_eq!(whole["unique"], reference["unique"][k]);
        for of in 1..=7 {
            let parts = parts(&command, of);
            // Each part sees only its share; the shares add up.
            let tasks: u64 = parts
                .iter()
                .map(|(_, p)| p["part"]["tasks_in_part"].as_u64().unwrap())
                .sum();
            assert_eq!(tasks, parts[0].1["part"]["tasks"].as_u64().unwrap());
            assert_eq!(merged(parts.clone()), whole, "n = {n}, K = {of}");
            // Any order.
            let mut reversed = parts;
            reversed.reverse();
            assert_eq!(merged(reversed), whole, "n = {n}, K = {of}");
        }
    }
}

#[test]
fn knight_count_parts_sum_to_the_whole_for_every_k() {
    for command in [
        vec!["knight-count", "--board", "5x5"],
        vec!["knight-count", "--board", "5x5", "--start", "a1"],
        SIX_CLOSED_DEPTH_FIRST.to_vec(),
        vec!["knight-count", "--board", "3x4"],
        // No tours, by theorem: every part is empty and the reason survives the merge.
        vec!["knight-count", "--board", "4x4", "--closed"],
    ] {
        let whole = run(&command);
        for of in 1..=7 {
            let parts = parts(&command, of);
            let m = merged(parts.clone());
            assert_eq!(answer(&m), answer(&whole), "{command:?}, K = {of}");
            // Nodes add up too (the same tasks, searched the same way).
            assert_eq!(m["nodes"], whole["nodes"], "{command:?}, K = {of}");
            let threads: u64 = parts
                .iter()
                .map(|(_, p)| p["partial"]["threads"].as_u64().unwrap())
                .sum();
            assert_eq!(m["threads"], threads);
        }
    }
    // The published numbers come out of a merge (undirected null with a start).
    let merged_of = |command: &[&str], of| merged(parts(command, of));
    let v = merged_of(&["knight-count", "--board", "5x5"], 4);
    assert_eq!(
        (v["directed"].as_u64(), v["undirected"].as_u64()),
        (Some(1728), Some(864))
    );
    assert_eq!(v["per_start"]["a1"], 304);
    assert_eq!(v["per_start"]["c3"], 64);
    assert_eq!(v["per_start"]["b1"], 0);
    let v = merged_of(&["knight-count", "--board", "5x5", "--start", "a1"], 3);
    assert_eq!(v["directed"], 304);
    assert!(v["undirected"].is_null());
    assert_eq!(v["start"], "a1");
    let v = merged_of(&SIX_CLOSED_DEPTH_FIRST, 5);
    assert_eq!(v["undirected"], 9862);
    assert_eq!(v["directed"], 9862 * 2);
    assert_eq!(v["per_start"]["d4"], 9862 * 2);
    let v = merged_of(&["knight-count", "--board", "4x4", "--closed"], 2);
    assert_eq!(v["directed"], 0);
    assert!(v["reason"].as_str().unwrap().contains("Schwenk"));
}

#[test]
fn a_part_says_which_part_of_what_it_is() {
    let v = run(&["queens", "--n", "9", "--count", "--part", "2/3"]);
    assert_eq!(v["command"], "queens");
    assert_eq!(v["n"], 9);
    assert_eq!(v["part"]["split"], "round-robin");
    assert!(v["part"]["fingerprint"]
        .as_str()
        .unwrap()
        .starts_with("fnv1a64:"));
    assert!(v["partial"]["solutions"].is_u64());
    assert!(
        v.get("solutions").is_none(),
        "a part is not mistaken for the answer"
    );
    let v = run(&[
        "knight-count",
        "--board",
        "5x5",
        "--start",
        "c3",
        "--part",
        "1/2",
    ]);
    assert_eq!(v["command"], "knight-count");
    assert_eq!(v["board"], "5x5");
    assert_eq!(v["start"], "c3");
    assert_eq!(v["closed"], false);
    assert!(v["partial"]["class_totals"].is_array());
    assert!(v.get("directed").is_none());
    // The same problem always gets the same fingerprint; another problem another one.
    let print = |line: &[&str]| run(line)["part"]["fingerprint"].clone();
    let a = print(&["queens", "--n", "9", "--count", "--part", "1/3"]);
    assert_eq!(
        a,
        print(&["queens", "--n", "9", "--count", "--part", "3/3"])
    );
    assert_eq!(
        a,
        print(&["queens", "--n", "9", "--count", "--part", "1/5"])
    );
    assert_ne!(
        a,
        print(&["queens", "--n", "10", "--count", "--part", "1/3"])
    );
    assert_ne!(
        print(&["knight-count", "--board", "5x5", "--part", "1/2"]),
        print(&[
            "knight-count",
            "--board",
            "5x5",
            "--start",
            "a1",
            "--part",
            "1/2"
        ])
    );
}

#[test]
fn merge_refuses_missing_repeated_and_foreign_parts() {
    let queens = |n: &str, of| parts(&["queens", "--n", n, "--count"], of);
    let three = queens("8", 3);

    let text = refusal(vec![three[0].clone(), three[2].clone()]);
    assert!(
        text.contains("part 2") && text.contains("missing"),
        "{text}"
    );

    let text = refusal(vec![
        three[0].clone(),
        three[1].clone(),
        three[1].clone(),
        three[2].clone(),
    ]);
    assert!(text.contains("part 2 of 3 is given twice"), "{text}");

    // Another N, another K, another command.
    let text = refusal(vec![
        three[0].clone(),
        three[1].clone(),
        queens("9", 3)[2].clone(),
    ]);
    assert!(text.contains("different problems"), "{text}");
    let text = refusal(vec![
        three[0].clone(),
        three[1].clone(),
        queens("8", 4)[2].clone(),
    ]);
    assert!(text.contains("different problems"), "{text}");
    let knight = parts(&["knight-count", "--board", "5x5"], 3);
    let text = refusal(vec![three[0].clone(), three[1].clone(), knight[2].clone()]);
    assert!(text.contains("different problems"), "{text}");
    let start = parts(&["knight-count", "--board", "5x5", "--start", "a1"], 3);
    let text = refusal(vec![knight[0].clone(), knight[1].clone(), start[2].clone()]);
    assert!(text.contains("different problems"), "{text}");

    // A task list this version does not make (another version, or a changed split).
    let mut forged = three.clone();
    for (_, p) in &mut forged {
        p["part"]["fingerprint"] = json!("fnv1a64:0000000000000000");
    }
    let text = refusal(forged);
    assert!(text.contains("another task list"), "{text}");

    // Not parts at all.
    let whole = run(&["queens", "--n", "8", "--count"]);
    let text = refusal(vec![("whole".into(), whole)]);
    assert!(text.contains("not a part"), "{text}");
    let text = refusal(vec![(
        "junk".into(),
        json!({"part": 1, "command": "queens"}),
    )]);
    assert!(text.contains("not a part"), "{text}");
    assert!(refusal(Vec::new()).contains("no parts"));

    // Out of range and impossible sums.
    let mut bad = three.clone();
    bad[2].1["part"]["index"] = json!(9);
    assert!(refusal(bad).contains("numbered 1 to 3"));
    let mut bad = knight.clone();
    bad[0].1["partial"]["class_totals"] = json!([u64::MAX, 0, 0, 0, 0, 0]);
    bad[1].1["partial"]["class_totals"] = json!([1, 0, 0, 0, 0, 0]);
    assert!(refusal(bad).contains("overflow"));
    let mut bad = knight;
    bad[0].1["partial"]["class_totals"] = json!([1]);
    assert!(refusal(bad).contains("class totals"));
}

fn binary(args: &[&str], stdin: &[u8]) -> std::process::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_puzzlelab"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn merge_reads_files_and_stdin_lines_or_concatenated() {
    let dir = std::env::temp_dir().join(format!("puzzlelab-parts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut printed = Vec::new();
    let mut files = Vec::new();
    for i in 1..=4 {
        let part = format!("{i}/4");
        let out = binary(&["queens", "--n", "10", "--count", "--part", &part], b"");
        assert!(out.status.success());
        assert!(out.stderr.is_empty());
        let file = dir.join(format!("part-{i}.json"));
        std::fs::write(&file, &out.stdout).unwrap();
        files.push(file.display().to_string());
        printed.push(out.stdout);
    }
    let whole = br#"{"n":10,"solutions":724,"unique":92}"#;
    let args: Vec<&str> = std::iter::once("merge")
        .chain(files.iter().map(String::as_str))
        .collect();
    let out = binary(&args, b"");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(out.stdout.trim_ascii_end(), whole);

    // One per line on stdin.
    let lines = printed.concat();
    let out = binary(&["merge"], &lines);
    assert_eq!(out.stdout.trim_ascii_end(), whole);
    // Concatenated with no separator, and `-` among files.
    let glued: Vec<u8> = printed[1..]
        .iter()
        .flat_map(|p| p.trim_ascii_end().to_vec())
        .collect();
    let out = binary(&["merge", &files[0], "-"], &glued);
    assert_eq!(out.stdout.trim_ascii_end(), whole);

    // A missing part: status 2, a one-line reason, nothing on stdout.
    let out = binary(&["merge", &files[0], &files[1], &files[3]], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("puzzlelab: 1 of 4 parts missing: part 3"),
        "{err}"
    );
    // Not JSON, and no input at all.
    for input in [&b"{\"command\": "[..], b"hello", b""] {
        let out = binary(&["merge"], input);
        assert_eq!(out.status.code(), Some(2));
        assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn frontier_parts_merge_into_the_whole_count() {
    let command = [
        "knight-count",
        "--board",
        "6x6",
        "--closed",
        "--method",
        "frontier",
    ];
    let whole = run(&command);
    for of in [1, 3, 7] {
        let split = parts(&command, of);
        for (_, p) in &split {
            assert_eq!(
                p["part"]["split"], "needs-class",
                "frontier parts name their split"
            );
        }
        let m = merged(split);
        assert_eq!(m["method"], "frontier");
        assert_eq!(m["undirected"], 9862, "K = {of}");
        assert_eq!(m["directed"], whole["directed"], "K = {of}");
    }
    // Depth-first and frontier parts of the same board do not mix.
    let mut mixed = parts(&command, 2);
    mixed.truncate(1);
    mixed.extend(parts(&SIX_CLOSED_DEPTH_FIRST, 2).into_iter().skip(1));
    assert!(refusal(mixed).contains("different problems"));
}
