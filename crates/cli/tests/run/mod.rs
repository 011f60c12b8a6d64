//! Running the `puzzlelab` binary from the CLI's tests (`mod run;` in each test file).

use std::process::{Command, Output};

pub fn puzzlelab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_puzzlelab"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// The JSON the binary prints for `args`, which must succeed.
pub fn json(args: &[&str]) -> serde_json::Value {
    let out = puzzlelab(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// A JSON answer's `path`: square names.
pub fn path(v: &serde_json::Value) -> Vec<String> {
    v["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}
