//! `puzzlelab parts missing DIR`: which parts of a split count a batch user must rerun.
//! Finished parts are counted, cut-short files (`part-I.json.tmp.*`) and other JSON are
//! named but never counted, and sets that `merge` would refuse are refused here too.

use std::path::{Path, PathBuf};
use std::process::Command;

use puzzlelab_cli::{execute, Stop};
use serde_json::{json, Value};

fn run(line: &[&str]) -> Result<Value, Stop> {
    let args: Vec<String> = line.iter().map(|s| s.to_string()).collect();
    execute(&args)
}

fn part(command: &[&str], i: u32, of: u32) -> String {
    let p = format!("{i}/{of}");
    let mut line = command.to_vec();
    line.extend(["--part", &p, "--threads", "1"]);
    run(&line).unwrap().to_string()
}

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("puzzlelab-missing-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn missing(dir: &Path, of: Option<u32>) -> Result<Value, Stop> {
    let d = dir.to_str().unwrap();
    match of {
        Some(k) => run(&["parts", "missing", d, "--of", &k.to_string()]),
        None => run(&["parts", "missing", d]),
    }
}

const QUEENS: [&str; 4] = ["queens", "--n", "8", "--count"];

#[test]
fn finished_parts_are_counted_and_the_rest_listed_for_the_array() {
    let dir = folder("array");
    // Nothing done yet: every part is missing, but only --of says how many there are.
    assert!(matches!(missing(&dir, None), Err(Stop::Usage(t)) if t.contains("--of")));
    let v = missing(&dir, Some(7)).unwrap();
    assert_eq!(v["missing"], json!([1, 2, 3, 4, 5, 6, 7]));
    assert_eq!(v["array"], "1-7");
    // Parts 1, 2, 5 and 7 done; 4 cut short while written; an answer beside them.
    for i in [1, 2, 5, 7] {
        std::fs::write(dir.join(format!("part-{i}.json")), part(&QUEENS, i, 7)).unwrap();
    }
    std::fs::write(dir.join("part-4.json.tmp.4711"), "{\"command\":\"que").unwrap();
    std::fs::write(dir.join("answer.json"), "{\"n\":8,\"solutions\":92}").unwrap();
    std::fs::write(dir.join("merge.log"), "not json").unwrap();
    let v = missing(&dir, None).unwrap();
    assert_eq!(v["of"], 7);
    assert_eq!(v["done"], json!([1, 2, 5, 7]));
    assert_eq!(v["missing"], json!([3, 4, 6]));
    assert_eq!(v["array"], "3-4,6");
    assert_eq!(v["doubled"], json!([]));
    let unfinished = v["unfinished"].as_array().unwrap();
    assert_eq!(unfinished.len(), 1);
    assert!(unfinished[0]
        .as_str()
        .unwrap()
        .ends_with("part-4.json.tmp.4711"));
    let ignored = v["ignored"].as_array().unwrap();
    assert_eq!(ignored.len(), 1, "{v}");
    assert!(ignored[0].as_str().unwrap().contains("answer.json"));
    assert!(v["problem"]
        .as_str()
        .unwrap()
        .starts_with("queens --n 8 --count in 7 parts"));
    // A copy of part 2 under another name is doubled, not done twice.
    std::fs::copy(dir.join("part-2.json"), dir.join("copy.json")).unwrap();
    let v = missing(&dir, Some(7)).unwrap();
    assert_eq!(v["array"], "3-4,6");
    assert_eq!(v["doubled"][0]["part"], 2);
    assert_eq!(v["doubled"][0]["files"].as_array().unwrap().len(), 2);
    std::fs::remove_file(dir.join("copy.json")).unwrap();
    // All done: nothing to submit.
    for i in [3, 4, 6] {
        std::fs::write(dir.join(format!("part-{i}.json")), part(&QUEENS, i, 7)).unwrap();
    }
    let v = missing(&dir, Some(7)).unwrap();
    assert_eq!(v["missing"], json!([]));
    assert_eq!(v["array"], "");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn mixed_or_broken_folders_are_refused_by_name() {
    let dir = folder("refused");
    std::fs::write(dir.join("part-1.json"), part(&QUEENS, 1, 3)).unwrap();
    // Another K than --of.
    assert!(matches!(missing(&dir, Some(4)), Err(Stop::Usage(t)) if t.contains("not of 4")));
    // Another problem beside it.
    std::fs::write(
        dir.join("part-2.json"),
        part(&["queens", "--n", "9", "--count"], 2, 3),
    )
    .unwrap();
    match missing(&dir, None) {
        Err(Stop::Usage(t)) => assert!(t.contains("different problems"), "{t}"),
        other => panic!("{other:?}"),
    }
    // A part cut short under its finished name.
    std::fs::write(dir.join("part-2.json"), "{\"command\":\"queens\",\"n\"").unwrap();
    match missing(&dir, None) {
        Err(Stop::Usage(t)) => assert!(t.contains("part-2.json") && t.contains("rerun"), "{t}"),
        other => panic!("{other:?}"),
    }
    // From the binary: status 2, one line on stderr, nothing on stdout.
    let out = Command::new(env!("CARGO_BIN_EXE_puzzlelab"))
        .args(["parts", "missing", dir.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("puzzlelab: "));
    for bad in [
        vec!["parts", "missing"],
        vec!["parts", "missing", "/no/such/folder"],
        vec!["parts", "missing", dir.to_str().unwrap(), "--of", "0"],
        vec!["parts"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_puzzlelab"))
            .args(&bad)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        assert!(out.stdout.is_empty(), "{bad:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn knight_parts_from_stdin_or_files_are_read_as_merge_reads_them() {
    let knight = ["knight-count", "--board", "5x5"];
    let text = format!("{}\n{}\n", part(&knight, 1, 3), part(&knight, 3, 3));
    let dir = folder("files");
    let file = dir.join("logs.txt");
    std::fs::write(&file, &text).unwrap();
    let v = run(&["parts", "missing", file.to_str().unwrap()]).unwrap();
    assert_eq!(v["missing"], json!([2]));
    assert_eq!(v["array"], "2");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn progress_lines_go_to_stderr_when_asked() {
    let out = Command::new(env!("CARGO_BIN_EXE_puzzlelab"))
        .args(["queens", "--n", "9", "--count", "--part", "1/2"])
        .env("PUZZLELAB_PROGRESS_EVERY", "0.001")
        .output()
        .unwrap();
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    let last = err.lines().last().unwrap_or("");
    assert!(
        last.starts_with("puzzlelab: progress: queens ") && last.contains("(100.0%), done in"),
        "{err}"
    );
    // stdout is the part alone.
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["part"]["index"], 1);
    // Not asked: nothing on a piped stderr.
    let out = Command::new(env!("CARGO_BIN_EXE_puzzlelab"))
        .args(["queens", "--n", "9", "--count", "--part", "1/2"])
        .env_remove("PUZZLELAB_PROGRESS_EVERY")
        .output()
        .unwrap();
    assert!(out.stderr.is_empty());
}
