//! The native command line: arguments in, one JSON object out. Pure, so tests can call it;
//! `src/bin/puzzlelab.rs` only prints and sets the exit status.

use serde_json::{json, Value};

use crate::solver::board::Board;
use crate::solver::knight::{Heuristic, KnightTour, TieBreak, TourConfig};
use crate::solver::StepMachine;

pub const USAGE: &str = "usage:
  puzzlelab knight --board WxH --start SQ [--closed] [--heuristic warnsdorff|bottom|center|construct]
                   [--tie-break first|random|pohl|roth] [--seed N] [--backtrack] [--forward-check] [--fast-backtrack]
  puzzlelab knight-exists --board WxH [--start SQ] [--closed]
  puzzlelab knight-count --board WxH [--start SQ] [--closed] [--threads N]
  puzzlelab queens --n N [--count]
  puzzlelab cube apply --state S --moves \"R U' F2\"
  puzzlelab cube solve --state S [--metric qtm|htm] [--costs CW,CCW,HALF]
  puzzlelab cube distribution [--metric qtm|htm]
  puzzlelab cube scramble [--seed N] [--moves N]
  puzzlelab cube validate --state S";

/// Bad input: printed on stderr, exit status 2.
#[derive(Debug, PartialEq, Eq)]
pub struct UsageError(pub String);

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}\n{USAGE}", self.0)
    }
}

/// Runs one command line (without the program name) to its JSON answer.
pub fn run(args: &[String]) -> Result<Value, UsageError> {
    let (command, rest) = args
        .split_first()
        .ok_or_else(|| UsageError("no command given".into()))?;
    match command.as_str() {
        "knight" => knight(&Options::parse(
            rest,
            &["--board", "--start", "--heuristic", "--tie-break", "--seed"],
            &[
                "--closed",
                "--backtrack",
                "--forward-check",
                "--fast-backtrack",
            ],
        )?),
        "knight-exists" => knight_exists(&Options::parse(
            rest,
            &["--board", "--start"],
            &["--closed"],
        )?),
        "knight-count" => super::cli_knight_count::run(rest),
        "cube" => super::cli_cube::run(rest),
        "queens" => queens(&Options::parse(rest, &["--n"], &["--count"])?),
        // Timings for the wasm/native comparison (benches/browser.mjs).
        "bench" if rest.is_empty() => Ok(super::cli_bench::run()),
        other => Err(UsageError(format!("unknown command '{other}'"))),
    }
}

/// `--key value` options and `--flag` switches, each allowed once.
pub struct Options {
    values: Vec<(String, String)>,
    flags: Vec<String>,
}

impl Options {
    pub fn parse(
        args: &[String],
        valued: &[&str],
        switches: &[&str],
    ) -> Result<Options, UsageError> {
        let mut opts = Options {
            values: Vec::new(),
            flags: Vec::new(),
        };
        let mut it = args.iter();
        while let Some(arg) = it.next() {
            let (key, inline) = match arg.split_once('=') {
                Some((k, v)) if k.starts_with("--") => (k, Some(v.to_string())),
                _ => (arg.as_str(), None),
            };
            let seen =
                opts.values.iter().any(|(k, _)| k == key) || opts.flags.iter().any(|f| f == key);
            if seen {
                return Err(UsageError(format!("option {key} given twice")));
            }
            if valued.contains(&key) {
                let value = match inline {
                    Some(v) => v,
                    None => it
                        .next()
                        .ok_or_else(|| UsageError(format!("option {key} needs a value")))?
                        .clone(),
                };
                opts.values.push((key.to_string(), value));
            } else if switches.contains(&key) && inline.is_none() {
                opts.flags.push(key.to_string());
            } else {
                return Err(UsageError(format!("unexpected argument '{arg}'")));
            }
        }
        Ok(opts)
    }

    pub(crate) fn value(&self, key: &str) -> Option<&str> {
        self.values
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    pub(crate) fn required(&self, key: &str) -> Result<&str, UsageError> {
        self.value(key)
            .ok_or_else(|| UsageError(format!("option {key} is required")))
    }

    pub(crate) fn flag(&self, key: &str) -> bool {
        self.flags.iter().any(|f| f == key)
    }
}

fn knight(opts: &Options) -> Result<Value, UsageError> {
    let board = Board::parse(opts.required("--board")?).map_err(|e| UsageError(e.to_string()))?;
    let start = board
        .parse_square(opts.required("--start")?)
        .map_err(|e| UsageError(e.to_string()))?;
    let mut config = TourConfig::new(board, start);
    config.closed = opts.flag("--closed");
    config.backtrack = opts.flag("--backtrack");
    if let Some(h) = opts.value("--heuristic") {
        config.heuristic = Heuristic::parse(h).map_err(UsageError)?;
    }
    if let Some(t) = opts.value("--tie-break") {
        config.tie_break = TieBreak::parse(t).map_err(UsageError)?;
    }
    if let Some(text) = opts.value("--seed") {
        config.seed = text
            .trim()
            .parse()
            .map_err(|_| UsageError(format!("--seed must be a whole number, not '{text}'")))?;
    }
    config.forward_check = opts.flag("--forward-check");
    config.fast_backtrack = opts.flag("--fast-backtrack");
    let mut tour = KnightTour::new(config).map_err(UsageError)?;
    let status = tour.run(u64::MAX);
    let path = tour.path();
    let closes = path.len() == board.squares() as usize
        && path.len() > 1
        && board.is_knight_move(path[path.len() - 1], path[0]);
    Ok(json!({
        "board": format!("{}x{}", board.width(), board.height()),
        "start": board.name(start),
        "heuristic": config.heuristic.as_str(),
        "tie_break": config.tie_break.as_str(),
        "status": status.as_str(),
        "reason": tour.impossible_reason(),
        "seed": config.seed,
        "path": path.iter().map(|&sq| board.name(sq)).collect::<Vec<_>>(),
        "closed": closes,
        "steps": tour.stats().steps,
        "backtracks": tour.stats().backtracks,
    }))
}

fn knight_exists(opts: &Options) -> Result<Value, UsageError> {
    use crate::solver::knight::existence::{closed_tour, open_tour, open_tour_from};
    let board = Board::parse(opts.required("--board")?).map_err(|e| UsageError(e.to_string()))?;
    let verdict = match (opts.flag("--closed"), opts.value("--start")) {
        (true, _) => closed_tour(board),
        (false, Some(start)) => {
            let start = board
                .parse_square(start)
                .map_err(|e| UsageError(e.to_string()))?;
            open_tour_from(board, start)
        }
        (false, None) => open_tour(board),
    };
    Ok(json!({ "exists": verdict.exists, "reason": verdict.reason }))
}

fn queens(opts: &Options) -> Result<Value, UsageError> {
    use crate::solver::queens::count::{count_all, unique_from_total, MAX_COUNT_N};
    use crate::solver::queens::{placement_names, QueensSearch};
    let text = opts.required("--n")?;
    let n: u32 = text
        .trim()
        .parse()
        .map_err(|_| UsageError(format!("--n must be a whole number, not '{text}'")))?;
    if opts.flag("--count") {
        if !(1..=MAX_COUNT_N).contains(&n) {
            return Err(UsageError(format!(
                "counting is limited to N = 1 to {MAX_COUNT_N}: N = {n} would take far too long"
            )));
        }
        let solutions = count_all(n);
        return Ok(json!({
            "n": n,
            "solutions": solutions,
            "unique": unique_from_total(n, solutions),
        }));
    }
    let mut search = QueensSearch::new(n, true).map_err(UsageError)?;
    let status = search.run(u64::MAX);
    let placement = (status == crate::solver::Status::Solved).then(|| search.rows().to_vec());
    Ok(json!({
        "n": n,
        "status": status.as_str(),
        "placement": placement,
        "squares": placement.as_deref().map(placement_names),
        "nodes": search.counters().nodes,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(line: &str) -> Vec<String> {
        line.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn knight_prints_a_full_path() {
        let v = run(&args("knight --board 8x8 --start a1")).unwrap();
        assert_eq!(v["status"], "solved");
        assert_eq!(v["path"].as_array().unwrap().len(), 64);
        assert_eq!(v["path"][0], "a1");
    }

    #[test]
    fn bad_arguments_are_usage_errors() {
        for line in [
            "",
            "rook --board 8x8",
            "knight --board 8x8",
            "knight --board 0x0 --start a1",
            "knight --board 8x8 --start z99",
            "knight --board 8x8 --start a1 --start b1",
            "knight --board 8x8 --start a1 --heuristic magic",
            "knight --board 8x8 --start a1 --closed=1",
            "knight --board",
            "knight --frobnicate",
        ] {
            assert!(run(&args(line)).is_err(), "'{line}' should be refused");
        }
    }
}
