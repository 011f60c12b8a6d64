//! The `puzzlelab` binary: JSON on success, a message and status 2 on bad input.

mod run;
use run::{json, puzzlelab};
use std::process::Command;

use puzzlelab_checkers as common;

use puzzlelab_solver::cube::Stickers;

/// The solved Rubik's cube's facelets.
const SOLVED: &str = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

#[test]
fn knight_prints_one_json_object_with_a_valid_tour() {
    let out = puzzlelab(&["knight", "--board", "8x8", "--start", "a1"]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["status"], "solved");
    common::check_tour(8, 8, "a1", false, &run::path(&v)).unwrap();
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

/// `puzzlelab knight --board BOARD --start START OPTIONS...`.
fn knight_run(board: &str, start: &str, options: &[&str]) -> std::process::Output {
    puzzlelab(&[&["knight", "--board", board, "--start", start], options].concat())
}

/// The JSON of `knight_run`, which must succeed.
fn knight(board: &str, start: &str, options: &[&str]) -> serde_json::Value {
    json(&[&["knight", "--board", board, "--start", start], options].concat())
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
    // Every face one colour.
    let stickers = Stickers::parse(back["state"].as_str().unwrap()).unwrap();
    assert!(stickers.is_solved(), "{back}");

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
        // The tetrad-slice table's level is 0 to 2, and only for --optimal's big table.
        vec![
            "rubik",
            "solve",
            "--state",
            SOLVED,
            "--optimal",
            "--h16",
            "3",
        ],
        vec!["rubik", "solve", "--state", SOLVED, "--h16", "0"],
        vec![
            "rubik",
            "solve",
            "--state",
            SOLVED,
            "--optimal",
            "--h16",
            "0",
            "--small-table",
        ],
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
    let v = knight("4x4", "a1", &["--closed", "--backtrack"]);
    assert_eq!(v["status"], "impossible");
    assert_eq!(v["steps"], 0);
    // Every rule gives a checked tour on 8x8 from a1 with backtracking and forward checking.
    for (heuristic, tie) in [
        ("warnsdorff", "first"),
        ("warnsdorff", "random"),
        ("warnsdorff", "pohl"),
        ("warnsdorff", "roth"),
    ] {
        let v = knight(
            "8x8",
            "a1",
            &["--heuristic", heuristic, "--tie-break", tie, "--seed", "7"],
        );
        if v["status"] == "solved" {
            common::check_tour(8, 8, "a1", false, &run::path(&v)).unwrap();
        }
    }
    // The naive heuristics fail without backtracking (the HANA article's lesson) and say
    // where.
    for heuristic in ["bottom", "center"] {
        let v = knight("8x8", "a1", &["--heuristic", heuristic, "--no-backtrack"]);
        assert_eq!(v["status"], "failed", "{heuristic}");
        assert!(v["path"].as_array().unwrap().len() < 64);
    }
    let v = knight("8x8", "e3", &["--backtrack", "--forward-check"]);
    assert_eq!(v["status"], "solved");
}

#[test]
fn help_and_version_exit_0_on_stdout() {
    for args in [
        vec!["--help"],
        vec!["-h"],
        vec!["--version"],
        vec!["-V"],
        vec!["help"],
        vec!["knight", "--help"],
        vec!["knight-exists", "--help"],
        vec!["knight-count", "--help"],
        vec!["queens", "--help"],
        vec!["cube", "--help"],
        vec!["cube", "solve", "--help"],
        vec!["merge", "--help"],
        vec!["bench", "--help"],
    ] {
        let out = puzzlelab(&args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert!(!out.stdout.is_empty(), "{args:?}");
        assert!(out.stderr.is_empty(), "{args:?}");
    }
    let version = String::from_utf8(puzzlelab(&["--version"]).stdout).unwrap();
    assert_eq!(
        version.trim(),
        format!("puzzlelab {}", env!("CARGO_PKG_VERSION"))
    );
    // The knight's help explains how the rule options switch off the standard rule.
    let help = String::from_utf8(puzzlelab(&["knight", "--help"]).stdout).unwrap();
    assert!(help.contains("standard rule"), "{help}");
}

/// Runs bad input and returns stderr's first line (after checking the contract).
fn refused(args: &[&str]) -> String {
    let out = puzzlelab(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(out.stdout.is_empty(), "{args:?}");
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(err.starts_with("puzzlelab: "), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{err}");
    let first = err.lines().next().unwrap().to_string();
    assert!(
        first.len() > "puzzlelab: ".len() + 10 && !first.ends_with(':'),
        "{args:?}: the first line should be the whole reason: {err}"
    );
    first
}

#[test]
fn usage_errors_say_the_true_reason_on_the_first_line() {
    let cases: &[(&[&str], &str)] = &[
        (&[], "a command is needed"),
        (&["rook"], "'rook'"),
        (
            &["cube"],
            "apply, solve, distribution, scramble or validate",
        ),
        (&["knight", "--board", "8x8"], "--start"),
        (&["knight", "--board", "0x0", "--start", "a1"], "1 to 2000"),
        (
            &["knight", "--board", "8x8", "--start", "z99"],
            "off the 8x8 board",
        ),
        (
            &["knight", "--board", "8x8", "--start", "a1", "--start", "b1"],
            "--start",
        ),
        (
            &[
                "knight",
                "--board",
                "8x8",
                "--start",
                "a1",
                "--heuristic",
                "magic",
            ],
            "known: warnsdorff",
        ),
        (
            &["knight", "--board", "8x8", "--start", "a1", "--closed=1"],
            "--closed",
        ),
        (
            &["knight", "--board", "8x8", "--start", "a1", "--seed", "-1"],
            "not a whole number",
        ),
        (&["queens", "--n", "0", "--count"], "1 to 23"),
        (&["queens", "--n", "40", "--count"], "1 to 23"),
        (&["queens", "--n", "0"], "1 to 32"),
        (&["queens", "--n", "x"], "not a whole number"),
        (&["queens", "--n", "8", "--threads", "2"], "--count"),
        (
            &["queens", "--n", "8", "--count", "--threads", "0"],
            "1 to 256",
        ),
        (
            &["queens", "--n", "8", "--count", "--part", "3/2"],
            "1 to 2",
        ),
        (
            &["queens", "--n", "8", "--count", "--part", "1/0"],
            "K must be",
        ),
        (
            &["queens", "--n", "8", "--count", "--part", "half"],
            "like 3/8",
        ),
        (&["knight-count", "--board", "9x9"], "64 squares"),
        (
            &["knight-count", "--board", "5x5", "--threads", "999"],
            "1 to 256",
        ),
        (&["cube", "scramble", "--moves", "5000"], "0 to 1000"),
        (&["bench", "now"], "'now'"),
    ];
    for (args, says) in cases {
        let first = refused(args);
        assert!(
            first.contains(says),
            "{args:?}: '{first}' should say '{says}'"
        );
    }
    // N = 0 is refused for what it is, not for taking too long.
    assert!(!refused(&["queens", "--n", "0", "--count"]).contains("too long"));
}

#[test]
fn knight_uses_the_page_standard_rule_by_default() {
    for (board, start, closed) in [
        ("6x6", "a1", true),
        ("5x5", "c1", false),
        ("8x8", "h8", true),
    ] {
        let mut args = vec!["knight", "--board", board, "--start", start];
        if closed {
            args.push("--closed");
        }
        let v = json(&args);
        assert_eq!(v["status"], "solved", "{args:?}: {v}");
        assert_eq!(v["rule"], "standard");
        assert_eq!(v["heuristic"], "warnsdorff");
        assert_eq!(v["tie_break"], "roth");
        assert_eq!(v["backtrack"], true);
        assert_eq!(v["forward_check"], true);
        assert_eq!(v["closed"], closed, "{args:?}");
        let (w, h) = board.split_once('x').unwrap();
        common::check_tour(
            w.parse().unwrap(),
            h.parse().unwrap(),
            start,
            closed,
            &run::path(&v),
        )
        .unwrap();
    }
    // No tour: the standard rule's exhaustive search (or a theorem) says impossible.
    let v = json(&["knight", "--board", "5x5", "--start", "b1"]);
    assert_eq!(v["status"], "impossible", "{v}");
}

#[test]
fn options_not_given_come_from_the_standard_rule_and_can_be_turned_off() {
    // --heuristic alone: the standard rule's ties, backtracking and forward checking.
    let v = knight("6x6", "a1", &["--closed", "--heuristic", "warnsdorff"]);
    assert_eq!(v["rule"], "standard");
    assert_eq!(v["tie_break"], "roth");
    assert_eq!(v["backtrack"], true);
    assert_eq!(v["forward_check"], true);
    common::check_tour(6, 6, "a1", true, &run::path(&v)).unwrap();
    // Plain Warnsdorff: first ties, backtracking turned off (both spellings).
    for off in ["--no-backtrack", "--backtrack=false"] {
        let v = knight("7x7", "b1", &["--tie-break", "first", off]);
        assert_eq!(v["rule"], "custom", "{off}");
        assert_eq!(
            (v["heuristic"].as_str(), v["tie_break"].as_str()),
            (Some("warnsdorff"), Some("first"))
        );
        assert_eq!(v["backtrack"], false, "{off}");
        assert_eq!(v["backtracks"], 0, "{off}");
    }
    // --seed and --closed keep the standard rule.
    let v = knight("6x6", "a1", &["--closed", "--seed", "5"]);
    assert_eq!(v["rule"], "standard");
    assert_eq!(v["seed"], 5);
    common::check_tour(6, 6, "a1", true, &run::path(&v)).unwrap();
    // Backtracking without forward checking.
    let v = knight("5x5", "c1", &["--no-forward-check"]);
    assert_eq!(v["rule"], "custom");
    assert_eq!(
        (v["backtrack"].as_bool(), v["forward_check"].as_bool()),
        (Some(true), Some(false))
    );
    common::check_tour(5, 5, "c1", false, &run::path(&v)).unwrap();
    // A switch given both ways is refused.
    let out = knight_run("5x5", "c1", &["--backtrack", "--no-backtrack"]);
    assert_eq!(out.status.code(), Some(2));
}

/// Whether two squares named `x,y` or `c5` attack each other as queens.
fn queens_attack(a: (i64, i64), b: (i64, i64)) -> bool {
    a.0 == b.0 || a.1 == b.1 || (a.0 - b.0).abs() == (a.1 - b.1).abs()
}

#[test]
fn queens_squares_past_z_are_named_x_y() {
    // The first solution by backtracking is quick up to 27 (28 to 32 take millions of steps).
    for n in [8u32, 26, 27] {
        let v = json(&["queens", "--n", &n.to_string()]);
        assert_eq!(v["status"], "solved", "{n}");
        let placement: Vec<i64> = v["placement"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_i64().unwrap())
            .collect();
        let names: Vec<&str> = v["squares"].as_str().unwrap().split(' ').collect();
        assert_eq!(names.len(), n as usize);
        for (col, name) in names.iter().enumerate() {
            assert_eq!(name.contains(','), n > 26, "{n}: {name}");
            assert!(
                name.chars().all(|c| c.is_ascii_alphanumeric() || c == ','),
                "{name}"
            );
            let square = common::square(name).unwrap();
            assert_eq!(square, (col as i64, placement[col]), "{n}: {name}");
        }
        let squares: Vec<_> = names.iter().map(|s| common::square(s).unwrap()).collect();
        for (i, &a) in squares.iter().enumerate() {
            for &b in &squares[i + 1..] {
                assert!(!queens_attack(a, b), "{n}: {a:?} {b:?}");
            }
        }
    }
}

#[test]
fn queens_names_on_boards_up_to_32_match_the_board_names() {
    use puzzlelab_solver::board::Board;
    use puzzlelab_solver::queens::{placement_names_on, square_name_on};
    for n in 1..=32u32 {
        let board = Board::new(n, n).unwrap();
        for col in 0..n {
            for row in 0..n {
                let name = square_name_on(n, col, row);
                assert_eq!(name, board.name(board.index(col, row)), "{n}");
                assert_eq!(common::square(&name).unwrap(), (col as i64, row as i64));
            }
        }
    }
    let rows: Vec<u32> = (0..32).collect();
    assert!(placement_names_on(32, &rows).ends_with(" 30,30 31,31"));
}

#[test]
fn queens_count_takes_threads() {
    for threads in ["1", "2", "3"] {
        let v = json(&["queens", "--n", "9", "--count", "--threads", threads]);
        assert_eq!(
            v,
            serde_json::json!({"n": 9, "solutions": 352, "unique": 46})
        );
    }
    let v = json(&["queens", "--n", "1", "--count", "--threads", "4"]);
    assert_eq!(v, serde_json::json!({"n": 1, "solutions": 1, "unique": 1}));
}

#[test]
fn piped_stderr_has_no_progress_output() {
    // Long enough (seconds in a debug build) that a bar would have been drawn.
    for args in [
        vec!["knight-count", "--board", "6x6", "--threads", "1"],
        vec!["cube", "distribution"],
        vec!["queens", "--n", "13", "--count", "--threads", "1"],
    ] {
        let out = puzzlelab(&args);
        assert!(out.status.success(), "{args:?}");
        assert!(
            out.stderr.is_empty(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert!(v.is_object());
    }
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_count_cleanly() {
    use std::time::{Duration, Instant};
    // Many minutes of work in a debug build: it must stop at the next task.
    let child = Command::new(env!("CARGO_BIN_EXE_puzzlelab"))
        .args(["queens", "--n", "18", "--count", "--threads", "2"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(700));
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let began = Instant::now();
    let out = child.wait_with_output().unwrap();
    assert!(began.elapsed() < Duration::from_secs(30), "it stopped late");
    assert_eq!(out.status.code(), Some(130));
    assert!(out.stdout.is_empty(), "no half answer on stdout");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("puzzlelab: interrupted"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

/// On a terminal (a pseudo-terminal made by util-linux `script`, where it is installed) the
/// bar is drawn on stderr with its rate and ETA, and the answer still goes to stdout alone.
#[cfg(unix)]
#[test]
fn a_terminal_gets_a_progress_bar() {
    let script = std::path::Path::new("/usr/bin/script");
    if !script.exists() {
        eprintln!("skipped: no /usr/bin/script to make a terminal");
        return;
    }
    let dir = std::env::temp_dir().join(format!("puzzlelab-tty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (answer, typescript) = (dir.join("answer.json"), dir.join("typescript"));
    let line = format!(
        "{} knight-count --board 6x6 --threads 1 --method depth-first > {}",
        env!("CARGO_BIN_EXE_puzzlelab"),
        answer.display()
    );
    let status = Command::new(script)
        .args(["-qec", &line])
        .arg(&typescript)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    let screen = String::from_utf8_lossy(&std::fs::read(&typescript).unwrap()).to_string();
    assert!(screen.contains("tasks ("), "{screen}");
    assert!(screen.contains("ETA"), "{screen}");
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&answer).unwrap()).unwrap();
    assert_eq!(v["directed"], 6637920);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn knight_count_by_path_structures_agrees_with_depth_first() {
    for args in [
        vec!["knight-count", "--board", "5x5"],
        vec!["knight-count", "--board", "5x5", "--start", "a1"],
        vec!["knight-count", "--board", "3x10", "--closed"],
    ] {
        let deep = puzzlelab(&args);
        let mut with = args.clone();
        with.extend(["--method", "frontier"]);
        let sweep = puzzlelab(&with);
        assert!(deep.status.success() && sweep.status.success(), "{args:?}");
        let deep: serde_json::Value = serde_json::from_slice(&deep.stdout).unwrap();
        let sweep: serde_json::Value = serde_json::from_slice(&sweep.stdout).unwrap();
        assert_eq!(sweep["method"], "frontier");
        assert_eq!(deep["directed"], sweep["directed"], "{args:?}");
        assert_eq!(deep["undirected"], sweep["undirected"], "{args:?}");
    }
    let part = puzzlelab(&[
        "knight-count",
        "--board",
        "5x5",
        "--method",
        "frontier",
        "--part",
        "1/2",
    ]);
    assert!(part.status.success());
    let part: serde_json::Value = serde_json::from_slice(&part.stdout).unwrap();
    assert_eq!(part["method"], "frontier");
    assert_eq!(part["part"]["of"], 2);
    let refused = puzzlelab(&[
        "knight-count",
        "--board",
        "6x6",
        "--method",
        "frontier",
        "--per-start",
    ]);
    assert_eq!(refused.status.code(), Some(2));
}

#[test]
fn knight_count_picks_its_method_and_names_it() {
    // Small boards depth-first (with the count from every start), bigger ones by path
    // structures (totals only); --method forces either.
    for (line, method) in [
        ("knight-count --board 5x5", "depth-first"),
        ("knight-count --board 6x6 --closed", "depth-first"),
        ("knight-count --board 6x7 --closed", "frontier"),
        (
            "knight-count --board 6x6 --closed --per-start",
            "depth-first",
        ),
        (
            "knight-count --board 6x6 --closed --method depth-first",
            "depth-first",
        ),
    ] {
        let args: Vec<&str> = line.split_whitespace().collect();
        let out = puzzlelab(&args);
        assert!(out.status.success(), "{args:?}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["method"], method, "{args:?}");
        assert_eq!(
            v["per_start"].is_object(),
            method == "depth-first",
            "{args:?}"
        );
        if args.contains(&"6x6") {
            assert_eq!(v["undirected"], 9862, "{args:?}");
            // Directed closed tours: each cycle in both directions, with or without a start.
            assert_eq!(v["directed"], 2 * 9862, "{args:?}");
        }
    }
}

#[test]
fn rubik_scrambles_solves_and_validates() {
    for seed in ["1", "2", "3"] {
        let scramble = json(&["rubik", "scramble", "--seed", seed]);
        let state = scramble["state"].as_str().unwrap();
        // The scramble's moves reach its state from solved.
        let reached = json(&[
            "rubik",
            "apply",
            "--state",
            SOLVED,
            "--moves",
            scramble["moves"].as_str().unwrap(),
        ]);
        assert_eq!(reached["state"], state);
        let solved = json(&["rubik", "solve", "--state", state]);
        let length = solved["length"].as_u64().unwrap();
        assert!(length <= 20, "{length}");
        let after = json(&[
            "rubik",
            "apply",
            "--state",
            state,
            "--moves",
            solved["moves"].as_str().unwrap(),
        ]);
        assert_eq!(after["state"], SOLVED);
    }
    // A flipped edge is refused by name; garbage exits 2 with a reason.
    let mut flipped: Vec<char> = SOLVED.chars().collect();
    flipped.swap(7, 19); // U8 and F2: the UF edge turned over
    let flipped: String = flipped.into_iter().collect();
    let v = json(&["rubik", "validate", "--state", &flipped]);
    assert_eq!(v["valid"], false);
    assert!(v["error"].as_str().unwrap().contains("flipped"), "{v}");
    let bad = puzzlelab(&["rubik", "solve", "--state", "XX"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("54 facelets"));
}

#[test]
fn rubik_answers_to_its_old_name_cube3() {
    // Scripts written before the rename keep working: `cube3` is an alias of `rubik`.
    let old = puzzlelab(&["cube3", "scramble", "--seed", "7"]);
    let new = puzzlelab(&["rubik", "scramble", "--seed", "7"]);
    assert!(
        old.status.success(),
        "{}",
        String::from_utf8_lossy(&old.stderr)
    );
    assert_eq!(old.stdout, new.stdout);
}

#[test]
fn cube_solves_start_to_goal_and_counts_every_optimal_path() {
    for (a, b) in [("1", "2"), ("3", "4")] {
        let start = json(&["cube", "scramble", "--seed", a])["state"]
            .as_str()
            .unwrap()
            .to_string();
        let goal = json(&["cube", "scramble", "--seed", b])["state"]
            .as_str()
            .unwrap()
            .to_string();
        for metric in ["htm", "qtm"] {
            let way = json(&[
                "cube", "solve", "--state", &start, "--goal", &goal, "--metric", metric,
            ]);
            let moves = way["moves"].as_str().unwrap();
            let reached = json(&["cube", "apply", "--state", &start, "--moves", moves])["state"]
                .as_str()
                .unwrap()
                .to_string();
            // The path ends on the goal (as held, or turned whole): 0 moves from there.
            let left = json(&["cube", "solve", "--state", &reached, "--goal", &goal]);
            assert_eq!(left["length"], 0, "{metric}: {moves}");
            // Every optimal path: as many as counted, each as long as the optimum.
            let all = json(&[
                "cube", "solve", "--state", &start, "--goal", &goal, "--metric", metric, "--all",
                "--limit", "5",
            ]);
            assert_eq!(all["length"], way["length"]);
            let count = all["count"].as_u64().unwrap();
            assert!(count >= 1);
            assert_eq!(
                all["solutions"].as_array().unwrap().len() as u64,
                count.min(5)
            );
        }
    }
    let bad = puzzlelab(&[
        "cube",
        "solve",
        "--state",
        "WWWWGGRRBBOOGGRRBBOOYYYY",
        "--goal",
        "XXXX",
    ]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("goal"));
}
