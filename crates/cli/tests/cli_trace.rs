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

/// `cube solve --trace` from `moves` away from solved: each step's line, event and turn.
/// The solution is checked on the independent 3×3 model (these scrambles' solutions undo
/// them exactly, so the big cube's edges come back too).
fn cube_trace(moves: &str) -> (serde_json::Value, serde_json::Value) {
    let v = json(&["cube", "apply", "--state", SOLVED, "--moves", moves]);
    let state = v["state"].as_str().unwrap().to_string();
    let v = json(&["cube", "solve", "--state", &state, "--trace"]);
    let solution = v["moves"].as_str().unwrap();
    let big = common::sticker::checker_apply(
        "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB",
        &format!("{moves} {solution}"),
    );
    assert!(
        common::sticker::checker_solved(&big),
        "{moves} then {solution}"
    );
    let trace = v["trace"].clone();
    (v, trace)
}

const SOLVED: &str = "WWWWGGRRBBOOGGRRBBOOYYYY";

fn texts(trace: &serde_json::Value, key: &str) -> Vec<String> {
    trace
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s[key].as_str().unwrap_or("-").to_string())
        .collect()
}

#[test]
fn cube_solve_trace_walks_down_the_table_turn_by_turn() {
    // Solved: one step, line 4, no turn.
    let (_, trace) = cube_trace("");
    assert_eq!(numbers(&trace, "line"), [4]);
    assert_eq!(texts(&trace, "event"), ["solved"]);
    assert!(trace[0]["turn"].is_null() && trace[0]["read"].is_null());
    // One turn (R) away: U U2 U' R R2 tried (line 2), R' solves (4).
    let (v, trace) = cube_trace("R");
    assert_eq!(v["moves"], "R'");
    assert_eq!(numbers(&trace, "line"), [2, 2, 2, 2, 2, 4]);
    assert_eq!(texts(&trace, "turn"), ["U", "U2", "U'", "R", "R2", "R'"]);
    assert_eq!(texts(&trace, "event").last().unwrap(), "take");
    assert_eq!(numbers(&trace, "distance"), [1, 1, 1, 1, 1, 0]);
    // The table's distance after each turn tried: U's go two away, R R2 stay one.
    assert_eq!(numbers(&trace, "read"), [2, 2, 2, 1, 1, 0]);
    // Two turns (R U): U U2 tried, U' taken (line 3, one closer), then R' as above.
    let (v, trace) = cube_trace("R U");
    assert_eq!(v["moves"], "U' R'");
    assert_eq!(numbers(&trace, "line"), [2, 2, 3, 2, 2, 2, 2, 2, 4]);
    assert_eq!(numbers(&trace, "distance"), [2, 2, 1, 1, 1, 1, 1, 1, 0]);
    assert_eq!(numbers(&trace, "read"), [2, 2, 1, 2, 2, 2, 1, 1, 0]);
    assert_eq!(numbers(&trace, "step"), (1..=9).collect::<Vec<_>>());
    // Without --trace there is no trace; with --all it is refused.
    let plain = json(&["cube", "solve", "--state", SOLVED]);
    assert!(plain.get("trace").is_none());
    let refused = run::puzzlelab(&["cube", "solve", "--state", SOLVED, "--all", "--trace"]);
    assert!(!refused.status.success());
}

#[test]
fn cube_distribution_trace_reports_a_line_per_batch_and_layer() {
    let v = json(&["cube", "distribution", "--trace"]);
    let trace = &v["trace"];
    let lines = numbers(trace, "line");
    // As the hand trace of code_lines.rs: layers 0 to 5 fit one batch of 16,384 each (3,
    // a layer ended); layer 6's 50,136 positions take four (2, 2, 2, 3); the last layer
    // finds nothing new (4).
    assert_eq!(lines[..10], [3, 3, 3, 3, 3, 3, 2, 2, 2, 3]);
    assert_eq!(lines.last(), Some(&4));
    // After layer 0's step, layer 1's nine positions are the frontier, none processed.
    assert_eq!(trace[0]["depth"], 1);
    assert_eq!(trace[0]["frontier"], 9);
    assert_eq!(trace[0]["reached"], 10);
    // Layer 6's first batch: 16,384 of its 50,136 done, the rest not yet processed.
    assert_eq!(trace[6]["not_yet_processed"], 50_136 - 16_384);
    // Every position reached; the counts are the ones without --trace.
    let last = &trace[lines.len() - 1];
    assert_eq!(last["reached"], 3_674_160);
    let plain = json(&["cube", "distribution"]);
    assert_eq!(v["counts"], plain["counts"]);
    assert!(plain.get("trace").is_none());
}

/// `rubik solve --trace` of the cube R U from solved at `limit`: the answer and its trace,
/// the solution checked on the independent sticker model.
fn rubik_trace(limit: &str) -> (serde_json::Value, serde_json::Value) {
    let solved = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
    let state = common::sticker::checker_apply(solved, "R U");
    let v = json(&[
        "rubik",
        "solve",
        "--state",
        &state,
        "--max-length",
        limit,
        "--trace",
    ]);
    let solution = v["moves"].as_str().unwrap();
    let after = common::sticker::checker_apply(&state, solution);
    assert!(
        common::sticker::checker_solved(&after),
        "R U then {solution}"
    );
    let trace = v["trace"].clone();
    (v, trace)
}

#[test]
fn rubik_solve_trace_reports_the_phases_lines() {
    // The page's six views: one of them (R as a pre-move) is already in the subgroup, so
    // phase 1 has nothing to do: handed to phase 2 at once (4), which enters a node (5)
    // and solves it (7) in U' R', and 2 is proven: stop (9).
    let (v, trace) = rubik_trace("2");
    assert_eq!(v["moves"], "U' R'");
    assert_eq!(numbers(&trace, "line"), [1, 4, 5, 7, 9]);
    assert_eq!(numbers(&trace, "d1"), [0; 5]);
    assert_eq!(trace[1]["bound"], 2);
    assert_eq!(trace[3]["best"], 2);
    assert!(trace[0]["best"].is_null());
    assert_eq!(trace[4]["stop"], "optimal");
    assert_eq!(numbers(&trace, "proven"), [2; 5]);
    // At the default limit phase 2 first finds long solutions, each shorter than the
    // last (7), down to 2.
    let (v, trace) = rubik_trace("20");
    assert_eq!(v["length"], 2);
    let lines = numbers(&trace, "line");
    let bests: Vec<u64> = trace
        .as_array()
        .unwrap()
        .iter()
        .zip(&lines)
        .filter(|(_, &l)| l == 7)
        .map(|(s, _)| s["best"].as_u64().unwrap())
        .collect();
    assert!(
        bests.len() > 2 && bests.windows(2).all(|w| w[1] < w[0]),
        "{bests:?}"
    );
    assert_eq!((bests[0], *bests.last().unwrap()), (20, 2));
    assert_eq!(lines.last(), Some(&9));
    // Without --trace there is none; with --optimal it is refused.
    let plain = json(&["rubik", "solve", "--state", SOLVED3]);
    assert!(plain.get("trace").is_none());
    let refused = run::puzzlelab(&["rubik", "solve", "--state", SOLVED3, "--optimal", "--trace"]);
    assert!(!refused.status.success());
}

const SOLVED3: &str = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
