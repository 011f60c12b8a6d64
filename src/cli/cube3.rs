//! `puzzlelab cube3 …`: the Rubik's cube (3x3x3) with the pocket cube's shapes: apply,
//! solve (two-phase search), scramble (a uniformly random state), validate.

use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::{Args, Subcommand};
use serde::Serialize;
use serde_json::Value;

use super::{json, parse_seed, progress, usage, Stop};
use crate::solver::cube3::{
    apply_moves, format_moves, scramble, speed, Cube, SearchOptions, Tables, TwoPhaseSearch,
};
use crate::solver::{Status, StepMachine};

#[derive(Args, Debug)]
pub struct Cube3Args {
    #[command(subcommand)]
    pub command: Cube3Command,
}

const STATE: &str = "54 facelets in URFDLB order (U1..U9, R1..R9, F1..F9, D1..D9, L1..L9, B1..B9), \
                     any six letters; UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB is solved";

#[derive(Subcommand, Debug)]
pub enum Cube3Command {
    /// Apply moves to a state (state): face turns, wide (Rw, r), slices (M E S), rotations (x y z).
    Apply {
        #[arg(long, value_name = "S", help = STATE)]
        state: String,
        #[arg(long, value_name = "MOVES", allow_hyphen_values = true)]
        moves: String,
    },
    /// A solution by two-phase search (moves, length in the half-turn metric): the first
    /// one found of at most --max-length moves, improved for --seconds if given.
    Solve {
        #[arg(long, value_name = "S", help = STATE)]
        state: String,
        /// Longest solution accepted, 1 to 30 (default 20).
        #[arg(long, value_name = "N", default_value_t = 20, value_parser = clap::value_parser!(u8).range(1..=30))]
        max_length: u8,
        /// Keep searching for shorter solutions this long (default 0: the first one).
        #[arg(long, value_name = "S", default_value_t = 0.0)]
        seconds: f64,
    },
    /// A uniformly random state (state, moves that reach it, seed).
    Scramble {
        #[arg(long, value_name = "N", value_parser = parse_seed, allow_negative_numbers = true)]
        seed: Option<u64>,
    },
    /// Whether a state is a real cube (valid, error, fault).
    Validate {
        #[arg(long, value_name = "S", help = STATE)]
        state: String,
    },
    /// The solver's speed, as benches/browser.mjs measures it in the browser: tables, first
    /// solution of at most 20 moves over random states 0..states, length after --after-ms.
    Speed {
        #[arg(long, value_name = "N", default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=100_000))]
        states: u64,
        #[arg(long, value_name = "N", default_value_t = 10, value_parser = clap::value_parser!(u64).range(0..=100_000))]
        after_states: u64,
        #[arg(long, value_name = "MS", default_value_t = 1000.0)]
        after_ms: f64,
    },
}

#[derive(Serialize)]
struct StateOut {
    state: String,
}

#[derive(Serialize)]
struct SolveOut {
    moves: String,
    length: usize,
    /// Nothing shorter exists (the search proved it within the time given).
    optimal: bool,
    /// Every solution found on the way, shortest last: (length, milliseconds).
    improvements: Vec<(usize, f64)>,
}

#[derive(Serialize)]
struct ScrambleOut {
    state: String,
    moves: String,
    seed: u64,
}

#[derive(Serialize)]
struct ValidateOut {
    valid: bool,
    error: Option<String>,
    fault: Option<String>,
}

/// Search nodes between looks at the clock and Ctrl-C.
const NODES_PER_SLICE: u64 = 20_000;

pub fn run(a: &Cube3Args) -> Result<Value, Stop> {
    match &a.command {
        Cube3Command::Apply { state, moves } => json(StateOut {
            state: apply_moves(state, moves).map_err(usage)?,
        }),
        Cube3Command::Validate { state } => json(match Cube::parse(state) {
            Ok(_) => ValidateOut {
                valid: true,
                error: None,
                fault: None,
            },
            Err(e) => ValidateOut {
                valid: false,
                fault: Some(format!("{:?}", e.fault)),
                error: Some(e.to_string()),
            },
        }),
        Cube3Command::Scramble { seed } => {
            let seed = seed.unwrap_or(0);
            let s = scramble(&Tables::new(), seed);
            json(ScrambleOut {
                state: s.state,
                moves: format_moves(&s.moves),
                seed,
            })
        }
        Cube3Command::Solve {
            state,
            max_length,
            seconds,
        } => solve(state, *max_length, *seconds),
        Cube3Command::Speed {
            states,
            after_states,
            after_ms,
        } => {
            if !(0.0..=60_000.0).contains(after_ms) {
                return Err(usage(format!(
                    "--after-ms must be 0 to 60000, not {after_ms}"
                )));
            }
            let clock = Instant::now();
            let now = || clock.elapsed().as_secs_f64() * 1000.0;
            json(speed::measure(*states, *after_states, *after_ms, &now))
        }
    }
}

fn solve(state: &str, max_length: u8, seconds: f64) -> Result<Value, Stop> {
    if !(0.0..=3600.0).contains(&seconds) {
        return Err(usage(format!("--seconds must be 0 to 3600, not {seconds}")));
    }
    let cube = Cube::parse(state).map_err(|e| usage(e.to_string()))?;
    let began = Instant::now();
    let options = SearchOptions {
        max_length,
        ..SearchOptions::default()
    };
    let mut search = TwoPhaseSearch::new(Arc::new(Tables::new()), &cube, options);
    let budget = Duration::from_secs_f64(seconds);
    let mut times = Vec::new();
    loop {
        progress::check()?;
        let status = search.run(NODES_PER_SLICE);
        while times.len() < search.improvements().len() {
            times.push(began.elapsed().as_secs_f64() * 1000.0);
        }
        let found = search.best().is_some();
        if status.is_finished() || (found && began.elapsed() >= budget) {
            break;
        }
    }
    let Some(best) = search.best() else {
        return Err(usage(format!("no solution of at most {max_length} moves")));
    };
    let improvements = search
        .improvements()
        .iter()
        .zip(&times)
        .map(|(s, &ms)| (s.moves.len(), ms))
        .collect();
    json(SolveOut {
        moves: format_moves(&best.moves),
        length: best.moves.len(),
        optimal: search.status() == Status::Solved && search.is_optimal(),
        improvements,
    })
}
