//! The native command line: arguments in, one JSON object out. [`execute`] is pure apart
//! from the progress bar on a terminal's stderr, so tests can call it; `src/bin/puzzlelab.rs`
//! only prints, installs the Ctrl-C handler and sets the exit status.
//!
//! Arguments are parsed by clap (derive); every answer is a `#[derive(Serialize)]` struct,
//! printed through a `serde_json::Value` (keys in sorted order, as the command line has
//! always printed them).

use clap::{Args, Parser, Subcommand};
use serde::Serialize;
use serde_json::Value;

use puzzlelab_solver::board::Board;

pub mod bench;
pub mod count;
pub mod count_pictures;
pub mod cube;
pub mod knight;
pub mod merge;
pub mod parts;
pub mod parts_missing;
pub mod picture;
pub mod progress;
pub mod progress_lines;
pub mod queens;
mod rubik;
pub mod rubik_cache;
pub mod trace;

/// Bad input: printed on stderr, exit status 2.
#[derive(Debug, PartialEq, Eq)]
pub struct UsageError(pub String);

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Why a command printed no JSON answer.
#[derive(Debug, PartialEq, Eq)]
pub enum Stop {
    /// Bad input: the first line is the reason; printed on stderr, exit status 2.
    Usage(String),
    /// `--help` or `--version`: printed on stdout, exit status 0.
    Info(String),
    /// Ctrl-C: the work stopped before it was done; exit status 130.
    Interrupted,
}

impl From<UsageError> for Stop {
    fn from(e: UsageError) -> Stop {
        Stop::Usage(e.0)
    }
}

/// A one-line usage error.
pub(crate) fn usage(reason: impl Into<String>) -> Stop {
    Stop::Usage(reason.into())
}

const AFTER_HELP: &str = "\
Every command prints exactly one JSON object on stdout. Bad input prints a one-line reason
on stderr and exits with status 2; Ctrl-C stops long work with a message on stderr, no
JSON, and status 130. Long work (counts, big boards, cube tables) shows a progress bar on
stderr when stderr is a terminal, and nothing when it is piped.

Counts too big for one machine: run `--part I/K` for I = 1..K anywhere (a Slurm array, a
Kubernetes Indexed Job) and sum the parts with `puzzlelab merge`.";

/// `puzzlelab <command> [options]`
#[derive(Parser, Debug)]
#[command(
    name = "puzzlelab",
    version,
    about = "Search puzzles from the command line: knight's tours, N queens, the pocket cube and the Rubik's cube.",
    after_help = AFTER_HELP,
    subcommand_required = true,
    propagate_version = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Find one knight's tour (status, path, closed, steps, backtracks, reason).
    Knight(knight::KnightArgs),
    /// Whether a tour exists, by theorem (exists, reason).
    KnightExists(knight::ExistsArgs),
    /// Count every knight's tour exactly (directed, undirected, per_start), or one part of
    /// the count with --part.
    KnightCount(count::CountArgs),
    /// N queens: the first solution by backtracking, or (--count) every solution.
    Queens(queens::QueensArgs),
    /// The 2x2x2 pocket cube: apply moves, solve, distance distribution, scramble, validate.
    Cube(cube::CubeArgs),
    /// The Rubik's cube (3x3x3): apply moves, solve by two-phase search, scramble, validate.
    /// (`cube3`, its old name, still runs it.)
    #[command(alias = "cube3")]
    Rubik(rubik::RubikArgs),
    /// Sum the parts of a split count (FILE... or JSON objects on stdin) into the answer the
    /// unsplit command prints.
    Merge(merge::MergeArgs),
    /// Which parts of a split count are done, missing or doubled (`parts missing DIR`).
    Parts(parts_missing::PartsArgs),
    /// Native timings for benches/browser.mjs (the wasm/native comparison).
    Bench(BenchArgs),
}

#[derive(Args, Debug)]
pub struct BenchArgs {}

/// Runs one command line (without the program name) to its JSON answer. Help, version and
/// Ctrl-C come back as errors too; the binary uses [`execute`] to tell them apart.
pub fn run(args: &[String]) -> Result<Value, UsageError> {
    execute(args).map_err(|stop| match stop {
        Stop::Usage(text) | Stop::Info(text) => UsageError(text),
        Stop::Interrupted => UsageError("interrupted".into()),
    })
}

/// Runs one command line (without the program name).
pub fn execute(args: &[String]) -> Result<Value, Stop> {
    let cli =
        Cli::try_parse_from(std::iter::once("puzzlelab".to_string()).chain(args.iter().cloned()))
            .map_err(|e| clap_stop(e, args))?;
    match cli.command {
        Command::Knight(a) => {
            let mut out = json(knight::run(&a)?)?;
            knight::picture(&a, &mut out)?;
            Ok(out)
        }
        Command::KnightExists(a) => json(knight::exists(&a)?),
        Command::KnightCount(a) => count::run(&a),
        Command::Queens(a) => queens::run(&a),
        Command::Cube(a) => cube::run(&a),
        Command::Rubik(a) => rubik::run(&a),
        Command::Merge(a) => merge::run(&a),
        Command::Parts(a) => parts_missing::run(&a),
        Command::Bench(BenchArgs {}) => json(bench::run()),
    }
}

/// Any answer as the JSON value that is printed.
pub(crate) fn json(out: impl Serialize) -> Result<Value, Stop> {
    serde_json::to_value(out).map_err(|e| usage(format!("internal error: {e}")))
}

/// clap's own errors: help and version are information; everything else is a usage error
/// whose first line is the whole reason (clap's "error: " prefix dropped, its usage kept).
fn clap_stop(e: clap::Error, args: &[String]) -> Stop {
    use clap::error::ErrorKind;
    let text = e.render().to_string();
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => Stop::Info(text),
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand | ErrorKind::MissingSubcommand => {
            // Only `puzzlelab` itself and `cube` have subcommands.
            let (who, names) = match args.first() {
                Some(name) if !name.starts_with('-') => {
                    let cli = <Cli as clap::CommandFactory>::command();
                    let names = cli
                        .find_subcommand(name)
                        .map(subcommand_names)
                        .unwrap_or_default();
                    (format!("'{name}' needs a subcommand"), names)
                }
                _ => (
                    "a command is needed".to_string(),
                    subcommand_names(&<Cli as clap::CommandFactory>::command()),
                ),
            };
            Stop::Usage(format!(
                "{who}: {names}\n\nFor more information, try '--help'."
            ))
        }
        _ => Stop::Usage(one_line_reason(text.trim_end())),
    }
}

/// `a, b or c`: the visible subcommands.
fn subcommand_names(c: &clap::Command) -> String {
    let names: Vec<&str> = c
        .get_subcommands()
        .map(|s| s.get_name())
        .filter(|n| *n != "help")
        .collect();
    match names.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// clap's message with its reason on the first line: "error: " dropped, and a reason that
/// ends in ':' joined with the indented lines that follow it ("… not provided: --start <SQ>").
fn one_line_reason(text: &str) -> String {
    let text = text.strip_prefix("error: ").unwrap_or(text);
    let mut lines = text.lines();
    let mut first = lines.next().unwrap_or("").to_string();
    let mut rest: Vec<&str> = lines.collect();
    if first.ends_with(':') {
        let listed = rest
            .iter()
            .take_while(|l| l.starts_with("  ") && !l.trim().is_empty())
            .count();
        let items: Vec<&str> = rest[..listed].iter().map(|l| l.trim()).collect();
        first = format!("{first} {}", items.join(", "));
        rest.drain(..listed);
    }
    std::iter::once(first.as_str())
        .chain(rest)
        .collect::<Vec<_>>()
        .join("\n")
}

// Value parsers shared by the commands: each says what it wants in one line.

/// `WxH`, as `Board::parse` reads it.
pub(crate) fn parse_board(text: &str) -> Result<Board, String> {
    Board::parse(text).map_err(|e| e.to_string())
}

/// A whole number 0 or more (seeds).
pub(crate) fn parse_seed(text: &str) -> Result<u64, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a whole number from 0 to {}", u64::MAX))
}

/// Worker threads: 1 to 256.
pub(crate) fn parse_threads(text: &str) -> Result<usize, String> {
    text.trim()
        .parse::<usize>()
        .ok()
        .filter(|t| (1..=256).contains(t))
        .ok_or_else(|| format!("threads must be 1 to 256, not '{text}'"))
}

/// `--threads` or, when not given, every core.
pub(crate) fn threads_or_all(threads: Option<usize>) -> usize {
    threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// The counting commands' thread pool: exactly `threads` threads (`--threads`).
pub(crate) fn pool(threads: usize) -> Result<rayon::ThreadPool, Stop> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .map_err(|e| usage(format!("cannot start {threads} threads: {e}")))
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
            "queens --n 8 --part 1/2",
            "queens --n 8 --count --part 3/2",
            "queens --n 8 --count --part 0/2",
            "knight-count --board 5x5 --part 1/0",
        ] {
            match execute(&args(line)) {
                Err(Stop::Usage(text)) => {
                    let first = text.lines().next().unwrap_or("");
                    assert!(!first.trim().is_empty(), "'{line}': {text}");
                }
                other => panic!("'{line}' should be refused, got {other:?}"),
            }
        }
    }

    #[test]
    fn help_and_version_are_information() {
        for line in [
            "--help",
            "--version",
            "knight --help",
            "cube solve --help",
            "merge -h",
        ] {
            assert!(matches!(execute(&args(line)), Err(Stop::Info(_))), "{line}");
        }
    }
}
