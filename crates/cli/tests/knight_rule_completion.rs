//! One rule for completing a partly given knight's-tour rule: a link, the command line and
//! the JS API's options object, given the same options, run the same search (the same
//! steps). Every option not given is the standard rule's.

use std::process::Command;

use puzzlelab_links::decode_knight;
use puzzlelab_solver::board::Board;
use puzzlelab_solver::knight::{KnightTour, TourConfig};
use puzzlelab_solver::StepMachine;
use puzzlelab_web::bindings::options::KnightOptions;

/// One partly given rule, as each of the three writes it.
struct Case {
    board: &'static str,
    start: &'static str,
    link: &'static str,
    cli: &'static [&'static str],
    js: &'static str,
}

const CASES: &[Case] = &[
    // The issue's example: forward checking not given.
    Case {
        board: "5x5",
        start: "c1",
        link: "heuristic=warnsdorff&tie=first&backtrack=1",
        cli: &[
            "--heuristic",
            "warnsdorff",
            "--tie-break",
            "first",
            "--backtrack",
        ],
        js: r#"{"heuristic":"warnsdorff","tieBreak":"first","backtrack":true}"#,
    },
    // Forward checking turned off explicitly.
    Case {
        board: "5x5",
        start: "c1",
        link: "heuristic=warnsdorff&tie=first&backtrack=1&forward-check=0",
        cli: &[
            "--heuristic",
            "warnsdorff",
            "--tie-break",
            "first",
            "--backtrack",
            "--no-forward-check",
        ],
        js: r#"{"heuristic":"warnsdorff","tieBreak":"first","backtrack":true,"forwardCheck":false}"#,
    },
    // Only a tie-break: backtracking and forward checking from the standard rule.
    Case {
        board: "6x6",
        start: "b2",
        link: "tie=first",
        cli: &["--tie-break", "first"],
        js: r#"{"tieBreak":"first"}"#,
    },
    // Plain Warnsdorff, backtracking off.
    Case {
        board: "8x8",
        start: "e3",
        link: "heuristic=warnsdorff&tie=first&backtrack=0",
        cli: &[
            "--heuristic",
            "warnsdorff",
            "--tie-break",
            "first",
            "--backtrack=false",
        ],
        js: r#"{"heuristic":"warnsdorff","tieBreak":"first","backtrack":false}"#,
    },
    // Fast backtracking on, with an old link's spelling.
    Case {
        board: "6x6",
        start: "a1",
        link: "heuristic=center&backtrack=1&fast=1&prune=0",
        cli: &[
            "--heuristic",
            "center",
            "--fast-backtrack",
            "--forward-check=false",
        ],
        js: r#"{"heuristic":"center","fastBacktrack":true,"forwardCheck":false}"#,
    },
];

fn steps_of(config: TourConfig) -> (u64, String) {
    let mut tour = KnightTour::new(config).expect("a valid rule");
    let status = tour.run(50_000_000);
    (tour.stats().steps, status.as_str().to_string())
}

fn by_link(case: &Case) -> TourConfig {
    let decoded = decode_knight(&format!(
        "board={}&start={}&{}",
        case.board, case.start, case.link
    ));
    assert!(decoded.problems.is_empty(), "{:?}", decoded.problems);
    let k = decoded.value;
    // What the page runs from a link (a click on the start square).
    TourConfig {
        heuristic: k.heuristic,
        tie_break: k.tie_break,
        seed: k.seed,
        backtrack: k.backtrack,
        forward_check: k.forward_check,
        fast_backtrack: k.fast_backtrack,
        ..TourConfig::standard(k.board, k.start.expect("the link names a start"), k.closed)
    }
}

fn by_js(case: &Case) -> TourConfig {
    let options: KnightOptions = serde_json::from_str(case.js).expect("known keys");
    let board = Board::parse(case.board).unwrap();
    let start = board.parse_square(case.start).unwrap();
    options.config(board, start).unwrap()
}

fn by_cli(case: &Case) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_puzzlelab"))
        .args(["knight", "--board", case.board, "--start", case.start])
        .args(case.cli)
        .output()
        .expect("the binary runs");
    assert!(
        out.status.success(),
        "{:?}: {}",
        case.cli,
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn a_link_the_cli_and_the_js_api_run_the_same_search_for_the_same_options() {
    for case in CASES {
        let link = by_link(case);
        let js = by_js(case);
        assert_eq!(link, js, "{}: link and JS options", case.link);
        let (steps, status) = steps_of(link);
        let cli = by_cli(case);
        assert_eq!(cli["steps"], steps, "{:?}: {cli}", case.cli);
        assert_eq!(cli["status"], status.as_str(), "{:?}", case.cli);
        for (key, value) in [
            ("backtrack", link.backtrack),
            ("forward_check", link.forward_check),
            ("fast_backtrack", link.fast_backtrack),
        ] {
            assert_eq!(cli[key], value, "{:?}: {key}", case.cli);
        }
        assert_eq!(cli["heuristic"], link.heuristic.as_str());
        assert_eq!(cli["tie_break"], link.tie_break.as_str());
    }
}

#[test]
fn options_not_given_come_from_the_standard_rule() {
    let board = Board::new(5, 5).unwrap();
    let start = board.parse_square("c1").unwrap();
    let standard = TourConfig::standard(board, start, false);
    // The issue's example: forward checking is the standard rule's, so on.
    let js = by_js(&CASES[0]);
    assert!(js.backtrack && js.forward_check && !js.fast_backtrack);
    // Nothing given at all is the standard rule, in each of the three.
    let none = Case {
        board: "5x5",
        start: "c1",
        link: "",
        cli: &[],
        js: "{}",
    };
    assert_eq!(by_link(&none), standard);
    assert_eq!(by_js(&none), standard);
    let cli = by_cli(&none);
    assert_eq!(cli["rule"], "standard");
    assert_eq!(cli["steps"], steps_of(standard).0);
    // A rule that differs from the standard one says so.
    assert_eq!(by_cli(&CASES[1])["rule"], "custom");
}
