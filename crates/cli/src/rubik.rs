//! `puzzlelab rubik …`: the Rubik's cube (3x3x3) with the pocket cube's shapes: apply,
//! solve (two-phase search), scramble (a uniformly random state), validate.

use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::{Args, Subcommand};
use serde::Serialize;
use serde_json::Value;

use super::picture::{answer_moves, solution_pictures, solution_states, PictureArgs};
use super::{json, parse_seed, progress, usage, Stop};
use puzzlelab_links::{encode_route, parse_rubik_state, Route, RubikLink};
use puzzlelab_pictures::Kind;
use puzzlelab_solver::rubik::code::{phase_trace, PhaseStep};
use puzzlelab_solver::rubik::optimal::{prove_on_threads, DepthNodes, OptimalTables};
use puzzlelab_solver::rubik::optimal_tables::h16::Level;
use puzzlelab_solver::rubik::optimal_tables::stored::ProofTable;
use puzzlelab_solver::rubik::{
    apply_moves, format_moves, parse_moves, scramble, speed, Cube, SearchOptions, Tables,
    TwoPhaseSearch,
};
use puzzlelab_solver::{Status, StepMachine};

#[derive(Args, Debug)]
pub struct RubikArgs {
    #[command(subcommand)]
    pub command: RubikCommand,
}

const STATE: &str = "54 facelets in URFDLB order (U1..U9, R1..R9, F1..F9, D1..D9, L1..L9, B1..B9), \
                     any six letters; UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB is solved";

#[derive(Subcommand, Debug)]
pub enum RubikCommand {
    /// Apply moves to a state (state): face turns, wide (Rw, r), slices (M E S), rotations (x y z).
    Apply {
        #[arg(long, value_name = "S", help = STATE)]
        state: String,
        /// Moves like "R U' F2 M x" (faces U R F D L B with ' or 2, wide, slices, rotations).
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
        /// Then prove, depth by depth, that no shorter solution exists (or find the
        /// shortest): IDA* with an 833 MB flip-sorted-slice-twist table (built once in
        /// minutes, 1 GB of memory) and a 44 MB corner table, kept in the user's cache
        /// directory, while the two-phase search goes on shortening the bound beside it.
        #[arg(long)]
        optimal: bool,
        /// With --optimal: the page's 35 MB flip-slice-twist table instead of the 833 MB
        /// one (built in a minute or two; about ten times slower proofs).
        #[arg(long, requires = "optimal")]
        small_table: bool,
        /// With --optimal: the tetrad-slice table at this size level instead (0: 1.33 GB,
        /// 1: 2.66 GB, 2: 7.97 GB of memory; built once in minutes on the threads given).
        #[arg(long, value_name = "LEVEL", requires = "optimal", conflicts_with = "small_table",
              value_parser = clap::value_parser!(u8).range(0..=2))]
        h16: Option<u8>,
        /// The two-phase search reads phase 1's exact distance: the 35 MB flip-slice-twist
        /// table, built once in seconds and kept in the user's cache directory (the same
        /// solutions, found in about half the time).
        #[arg(long)]
        phase1_table: bool,
        /// Add the search's first steps (up to 100,000) with the line of the phases'
        /// listing each ran and its variables (d1, depth1, depth2, bound, best, proven).
        #[arg(long, conflicts_with = "optimal")]
        trace: bool,
        /// Threads for --optimal (default 2).
        #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=64))]
        threads: u8,
        /// With --svg: the solution as a strip of nets, the start and each move's result.
        #[command(flatten)]
        picture: PictureArgs,
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
        /// With phase 1's exact distance table (as `solve --phase1-table`), its time to
        /// read back or build reported apart.
        #[arg(long)]
        phase1_table: bool,
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

/// `rubik solve --svg`: the solution as a strip of nets, with the page's link to it.
fn strip(state: &str, max_length: u8, picture: &PictureArgs, out: &mut Value) -> Result<(), Stop> {
    if !picture.wanted()? {
        return Ok(());
    }
    let moves = answer_moves(out).map_err(usage)?;
    let start = parse_rubik_state(state).map_err(usage)?;
    let solution = parse_moves(&moves.join(" ")).map_err(usage)?;
    let link = encode_route(&Route::Rubik(RubikLink {
        state: start,
        step: solution.len() as u32,
        solution,
        max_length,
        ..RubikLink::default()
    }));
    let states = solution_states(&state.to_ascii_uppercase(), &moves, apply_moves)?;
    solution_pictures(Kind::Rubik, &states, &moves, picture, &link, out)
}

/// Search nodes between looks at the clock and Ctrl-C.
const NODES_PER_SLICE: u64 = 20_000;
/// `--trace`: the steps recorded one at a time, as `knight --trace`'s cap.
const TRACE_STEPS: u64 = 100_000;

pub fn run(a: &RubikArgs) -> Result<Value, Stop> {
    match &a.command {
        RubikCommand::Apply { state, moves } => json(StateOut {
            state: apply_moves(state, moves).map_err(usage)?,
        }),
        RubikCommand::Validate { state } => json(match Cube::parse(state) {
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
        RubikCommand::Scramble { seed } => {
            let seed = seed.unwrap_or(0);
            let s = scramble(&Tables::new(), seed);
            json(ScrambleOut {
                state: s.state,
                moves: format_moves(&s.moves),
                seed,
            })
        }
        RubikCommand::Solve {
            state,
            max_length,
            seconds,
            optimal,
            small_table,
            h16,
            phase1_table,
            trace,
            threads,
            picture,
        } => {
            let tables = Arc::new(Tables::new());
            if *phase1_table {
                let _ = tables
                    .set_phase1_table(Arc::new(super::rubik_cache::flipslice_table(&tables, 2)));
            }
            let cube = Cube::parse(state).map_err(|e| usage(e.to_string()))?;
            let began = Instant::now();
            let limits = (*max_length, *seconds);
            let (search, times, steps) = two_phase(&tables, &cube, limits, *trace, began)?;
            let mut out = if *optimal {
                // The same choice as the page's link (`small-table=1`, `h16=L`).
                let table = match (h16.and_then(Level::new), *small_table) {
                    (Some(level), _) => ProofTable::H16(level),
                    (None, true) => ProofTable::Small,
                    (None, false) => ProofTable::Big,
                };
                let options = ProveOptions {
                    threads: *threads as usize,
                    table,
                };
                prove(tables, &cube, search, times, began, options)?
            } else {
                solve_out(&search, &times)?
            };
            if let Some(steps) = steps {
                out["trace"] = serde_json::to_value(steps).map_err(|e| usage(e.to_string()))?;
            }
            strip(state, *max_length, picture, &mut out)?;
            Ok(out)
        }
        RubikCommand::Speed {
            states,
            after_states,
            after_ms,
            phase1_table,
        } => {
            if !(0.0..=60_000.0).contains(after_ms) {
                return Err(usage(format!(
                    "--after-ms must be 0 to 60000, not {after_ms}"
                )));
            }
            let clock = Instant::now();
            let now = || clock.elapsed().as_secs_f64() * 1000.0;
            let kept = |t: &Tables| Arc::new(super::rubik_cache::flipslice_table(t, 2));
            let phase1: Option<speed::Phase1Source> = phase1_table.then_some(&kept);
            json(speed::measure(
                *states,
                *after_states,
                *after_ms,
                phase1,
                &now,
            ))
        }
    }
}

#[derive(Serialize)]
struct OptimalOut {
    moves: String,
    length: usize,
    /// Proven: nothing shorter exists.
    optimal: bool,
    /// "proven optimal", or "best found" when stopped before the proof was done.
    status: &'static str,
    /// No solution is shorter than this.
    lower_bound: u8,
    two_phase_length: usize,
    nodes: u64,
    /// Nodes per finished depth.
    per_depth: Vec<DepthNodes>,
    /// Every solution of the two-phase search, before the proof and beside it, shortest
    /// last: (length, milliseconds since the command began).
    improvements: Vec<(usize, f64)>,
    ms: f64,
    /// Milliseconds spent reading or building the corner and the big table.
    tables_ms: f64,
}

/// `--optimal`'s settings.
struct ProveOptions {
    threads: usize,
    table: ProofTable,
}

/// The tables `options` ask for: the corner table, and the tetrad-slice table at its
/// level, the small flip-slice-twist table, or by default the flip-sorted-slice-twist one.
fn proof_tables(base: Arc<Tables>, options: &ProveOptions) -> OptimalTables {
    let threads = options.threads;
    let corners = Some(super::rubik_cache::corner_table());
    match options.table {
        ProofTable::H16(level) => {
            let table = super::rubik_cache::h16_table(&base, level, threads);
            OptimalTables::with_h16(base, corners, table)
        }
        ProofTable::Small => {
            let small = super::rubik_cache::flipslice_table(&base, threads);
            OptimalTables::with_big_table(base, corners, Some(small), None)
        }
        ProofTable::Big => {
            let sorted = super::rubik_cache::flipsorted_table(&base, threads);
            OptimalTables::with_big_table(base, corners, None, Some(sorted))
        }
    }
}

/// `--optimal`: the two-phase search's solution is the bound to beat; IDA* proves it or
/// finds shorter, while the two-phase search goes on looking for shorter ones beside it.
fn prove(
    base: Arc<Tables>,
    cube: &Cube,
    search: TwoPhaseSearch,
    mut times: Vec<f64>,
    command_began: Instant,
    options: ProveOptions,
) -> Result<Value, Stop> {
    let threads = options.threads;
    let known = search.best().map(|b| b.moves.clone()).unwrap_or_default();
    let two_phase_length = known.len();
    let mut lengths: Vec<usize> = search
        .improvements()
        .iter()
        .map(|s| s.moves.len())
        .collect();
    let began = Instant::now();
    let tables = Arc::new(proof_tables(base, &options));
    let tables_ms = began.elapsed().as_secs_f64() * 1000.0;
    let began = Instant::now();
    // The bar counts the openings of the depth being searched (it starts again at each).
    let bar = progress::Progress::new("proving", 1, "openings");
    let mut bar_depth = None;
    let proof_offset = command_began.elapsed().as_secs_f64() * 1000.0;
    let improver = Some(search);
    let (proof, finished, finds) = prove_on_threads(tables, cube, known, threads, improver, |p| {
        let secs = began.elapsed().as_secs_f64().max(1e-3);
        if bar_depth != Some(p.depth) {
            bar_depth = Some(p.depth);
            bar.restart(p.tasks as u64);
        }
        bar.set(p.tasks_done as u64);
        bar.set_message(format!(
            "depth {} (nothing shorter than {}; best {}), {:.1} M nodes/s",
            p.depth,
            p.proven,
            p.best_length,
            p.nodes as f64 / secs / 1e6,
        ));
        !progress::cancelled()
    });
    bar.finish();
    for f in finds {
        lengths.push(f.moves.len());
        times.push(proof_offset + f.secs * 1000.0);
    }
    let optimal = finished && proof.is_optimal();
    json(OptimalOut {
        moves: format_moves(&proof.best),
        length: proof.best.len(),
        optimal,
        status: if optimal {
            "proven optimal"
        } else {
            "best found"
        },
        lower_bound: proof.proven,
        two_phase_length,
        nodes: proof.nodes,
        per_depth: proof.per_depth,
        improvements: lengths.into_iter().zip(times).collect(),
        ms: began.elapsed().as_secs_f64() * 1000.0,
        tables_ms,
    })
}

/// A two-phase search run: the search, when each solution came, and with `--trace` its
/// first steps.
type TwoPhaseRun = (TwoPhaseSearch, Vec<f64>, Option<Vec<PhaseStep>>);

/// The two-phase search run until its first solution and then for `seconds` more: the
/// search (which can go on improving), when each solution came, in ms after `began`,
/// and with `trace` its first steps one at a time (`rubik::code::phase_trace`).
fn two_phase(
    tables: &Arc<Tables>,
    cube: &Cube,
    (max_length, seconds): (u8, f64),
    trace: bool,
    began: Instant,
) -> Result<TwoPhaseRun, Stop> {
    if !(0.0..=3600.0).contains(&seconds) {
        return Err(usage(format!("--seconds must be 0 to 3600, not {seconds}")));
    }
    let options = SearchOptions {
        max_length,
        ..SearchOptions::default()
    };
    let mut search = TwoPhaseSearch::new(tables.clone(), cube, options);
    let budget = Duration::from_secs_f64(seconds);
    let mut times = Vec::new();
    let steps = trace.then(|| phase_trace(&mut search, TRACE_STEPS));
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
    if search.best().is_none() {
        return Err(usage(format!("no solution of at most {max_length} moves")));
    }
    Ok((search, times, steps))
}

fn solve_out(search: &TwoPhaseSearch, times: &[f64]) -> Result<Value, Stop> {
    let best = search.best().map(|b| b.moves.clone()).unwrap_or_default();
    let improvements = search
        .improvements()
        .iter()
        .zip(times)
        .map(|(s, &ms)| (s.moves.len(), ms))
        .collect();
    json(SolveOut {
        moves: format_moves(&best),
        length: best.len(),
        optimal: search.status() == Status::Solved && search.is_optimal(),
        improvements,
    })
}
