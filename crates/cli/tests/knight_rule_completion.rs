//! One rule for completing a partly given knight's-tour rule: a link, the command line and
//! the JS API's options object each read their options into the same `RuleSpec`, which
//! `RuleSpec::resolve` completes, so they run the same search (the same steps). Every
//! option not given is the standard rule's.

use std::process::Command;

use clap::Parser;
use puzzlelab_cli::{Cli, Command as Cmd};
use puzzlelab_links::decode_knight;
use puzzlelab_solver::board::Board;
use puzzlelab_solver::knight::{Heuristic, KnightTour, Rule, RuleSpec, TieBreak, TourConfig};
use puzzlelab_solver::StepMachine;
use puzzlelab_web::bindings::options::KnightOptions;

/// One partly given rule, as each of the three writes it.
struct Case {
    board: &'static str,
    start: &'static str,
    link: &'static str,
    /// The command line's options, as typed (words split at spaces).
    cli: &'static str,
    js: &'static str,
    /// The options all three give.
    given: RuleSpec,
}

impl Case {
    fn cli_words(&self) -> Vec<&'static str> {
        self.cli.split_whitespace().collect()
    }
}

const NONE: RuleSpec = RuleSpec {
    heuristic: None,
    tie_break: None,
    backtrack: None,
    forward_check: None,
    fast_backtrack: None,
    seed: None,
};

const CASES: &[Case] = &[
    // The issue's example: forward checking not given.
    Case {
        board: "5x5",
        start: "c1",
        link: "heuristic=warnsdorff&tie=first&backtrack=1",
        cli: "--heuristic warnsdorff --tie-break first --backtrack",
        js: r#"{"heuristic":"warnsdorff","tieBreak":"first","backtrack":true}"#,
        given: RuleSpec {
            heuristic: Some(Heuristic::Warnsdorff),
            tie_break: Some(TieBreak::First),
            backtrack: Some(true),
            ..NONE
        },
    },
    // Forward checking turned off explicitly.
    Case {
        board: "5x5",
        start: "c1",
        link: "heuristic=warnsdorff&tie=first&backtrack=1&forward-check=0",
        cli: "--heuristic warnsdorff --tie-break first --backtrack --no-forward-check",
        js: r#"{"heuristic":"warnsdorff","tieBreak":"first","backtrack":true,"forwardCheck":false}"#,
        given: RuleSpec {
            heuristic: Some(Heuristic::Warnsdorff),
            tie_break: Some(TieBreak::First),
            backtrack: Some(true),
            forward_check: Some(false),
            ..NONE
        },
    },
    // Only a tie-break: backtracking and forward checking from the standard rule.
    Case {
        board: "6x6",
        start: "b2",
        link: "tie=first",
        cli: "--tie-break first",
        js: r#"{"tieBreak":"first"}"#,
        given: RuleSpec {
            tie_break: Some(TieBreak::First),
            ..NONE
        },
    },
    // Plain Warnsdorff, backtracking off.
    Case {
        board: "8x8",
        start: "e3",
        link: "heuristic=warnsdorff&tie=first&backtrack=0",
        cli: "--heuristic warnsdorff --tie-break first --backtrack=false",
        js: r#"{"heuristic":"warnsdorff","tieBreak":"first","backtrack":false}"#,
        given: RuleSpec {
            heuristic: Some(Heuristic::Warnsdorff),
            tie_break: Some(TieBreak::First),
            backtrack: Some(false),
            ..NONE
        },
    },
    // Fast backtracking on, with an old link's spelling.
    Case {
        board: "6x6",
        start: "a1",
        link: "heuristic=center&backtrack=1&fast=1&prune=0",
        cli: "--heuristic center --fast-backtrack --forward-check=false",
        js: r#"{"heuristic":"center","fastBacktrack":true,"forwardCheck":false}"#,
        given: RuleSpec {
            heuristic: Some(Heuristic::Center),
            forward_check: Some(false),
            fast_backtrack: Some(true),
            ..NONE
        },
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
    let start = k.start.expect("the link names a start");
    TourConfig::with_fallback(k.board, start, k.closed, k.rule)
}

fn js_options(case: &Case) -> KnightOptions {
    serde_json::from_str(case.js).expect("known keys")
}

fn by_js(case: &Case) -> TourConfig {
    let board = Board::parse(case.board).unwrap();
    let start = board.parse_square(case.start).unwrap();
    js_options(case).config(board, start).unwrap()
}

/// The options the command line reads from `case.cli` (without running the search).
fn cli_given(case: &Case) -> RuleSpec {
    let words = [
        "puzzlelab",
        "knight",
        "--board",
        case.board,
        "--start",
        case.start,
    ];
    let cli = Cli::try_parse_from(words.iter().chain(&case.cli_words())).expect("valid arguments");
    match cli.command {
        Cmd::Knight(args) => args.given(),
        other => panic!("not a knight command: {other:?}"),
    }
}

fn by_cli(case: &Case) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_puzzlelab"))
        .args(["knight", "--board", case.board, "--start", case.start])
        .args(case.cli_words())
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
fn the_cli_and_the_js_api_read_the_same_partly_given_rule() {
    for case in CASES {
        assert_eq!(cli_given(case), case.given, "{:?}", case.cli);
        let js = js_options(case).rule_spec().expect("known names");
        assert_eq!(js, case.given, "{}", case.js);
    }
}

#[test]
fn a_link_the_cli_and_the_js_api_run_the_same_search_for_the_same_options() {
    for case in CASES {
        let link = by_link(case);
        assert_eq!(link.rule, case.given.resolve(), "{}: the link", case.link);
        let js = by_js(case);
        assert_eq!(link, js, "{}: link and JS options", case.link);
        let (steps, status) = steps_of(link);
        let cli = by_cli(case);
        assert_eq!(cli["steps"], steps, "{:?}: {cli}", case.cli);
        assert_eq!(cli["status"], status.as_str(), "{:?}", case.cli);
        let rule = link.rule;
        for (key, value) in [
            ("backtrack", rule.backtrack),
            ("forward_check", rule.forward_check),
            ("fast_backtrack", rule.fast_backtrack),
        ] {
            assert_eq!(cli[key], value, "{:?}: {key}", case.cli);
        }
        assert_eq!(cli["heuristic"], rule.heuristic.as_str());
        assert_eq!(cli["tie_break"], rule.tie_break.as_str());
    }
}

#[test]
fn options_not_given_come_from_the_standard_rule() {
    let board = Board::new(5, 5).unwrap();
    let start = board.parse_square("c1").unwrap();
    let standard = TourConfig::standard(board, start, false);
    // The issue's example: forward checking is the standard rule's, so on.
    let js = by_js(&CASES[0]).rule;
    assert!(js.backtrack && js.forward_check && !js.fast_backtrack);
    // Nothing given at all is the standard rule, in each of the three.
    let none = Case {
        board: "5x5",
        start: "c1",
        link: "",
        cli: "",
        js: "{}",
        given: NONE,
    };
    assert_eq!(cli_given(&none), RuleSpec::default());
    assert_eq!(standard.rule, Rule::standard());
    assert_eq!(by_link(&none), standard);
    assert_eq!(by_js(&none), standard);
    let cli = by_cli(&none);
    assert_eq!(cli["rule"], "standard");
    assert_eq!(cli["steps"], steps_of(standard).0);
    // A rule that differs from the standard one says so.
    assert_eq!(by_cli(&CASES[1])["rule"], "custom");
}
