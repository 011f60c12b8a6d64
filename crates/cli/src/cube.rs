//! `puzzlelab cube …`: apply, solve, distribution, scramble, validate.

use super::picture::{answer_moves, solution_pictures, solution_states, PictureArgs};
use clap::{Args, Subcommand};
use puzzlelab_links::{encode_route, CubeLink, Route};
use puzzlelab_pictures::Kind;
use serde::Serialize;
use serde_json::Value;

use super::progress::{self, Progress};
use super::{json, parse_seed, usage, Stop};
use puzzlelab_solver::cube::code::{bfs_trace, BfsTraceStep, BFS_BATCH};
use puzzlelab_solver::cube::corners::{analyse, POSITIONS_COUNT};
use puzzlelab_solver::cube::graph::{relative_position, OptimalPaths};
use puzzlelab_solver::cube::scramble::{random_moves, random_position};
use puzzlelab_solver::cube::solve::{cheapest, length, solve, Costs};
use puzzlelab_solver::cube::table::TableBuilder;
use puzzlelab_solver::cube::walk::{trace as walk_trace, SolveWalk, TraceStep};
use puzzlelab_solver::cube::{
    format_moves, parse_moves, DistanceTable, LayerBfs, Metric, MoveTables, Stickers,
};

#[derive(Args, Debug)]
pub struct CubeArgs {
    #[command(subcommand)]
    pub command: CubeCommand,
}

const STATE: &str = "24 stickers in the net order, e.g. WWWWGGRRBBOOGGRRBBOOYYYY (solved)";

#[derive(Subcommand, Debug)]
pub enum CubeCommand {
    /// Apply moves to a state (state).
    Apply {
        #[arg(long, value_name = "S", help = STATE)]
        state: String,
        /// Moves like "R U' F2" (faces U R F, with ' or 2).
        #[arg(long, value_name = "MOVES", allow_hyphen_values = true)]
        moves: String,
    },
    /// An optimal solution (moves, length, metric), or the cheapest one under --costs.
    Solve {
        #[arg(long, value_name = "S", help = STATE)]
        state: String,
        /// Count quarter turns (qtm) or any turn as one move (htm, the default).
        #[arg(long, value_name = "METRIC", value_parser = Metric::parse)]
        metric: Option<Metric>,
        /// Costs of a clockwise, counter-clockwise and half turn, e.g. 1,2,2 (overrides --metric).
        #[arg(long, value_name = "CW,CCW,HALF", value_parser = parse_costs)]
        costs: Option<Costs>,
        /// Solve to this cube instead of the solved one (the SQL article's @Ziel); a goal
        /// that is the start turned whole is 0 moves away.
        #[arg(long, value_name = "G")]
        goal: Option<String>,
        /// Count every optimal solution (over U, R, F turns: the corner D-B-L stays put) and
        /// list the first --limit of them.
        #[arg(long)]
        all: bool,
        /// With --all: how many solutions to list (default 10, at most 100000).
        #[arg(long, value_name = "N", requires = "all", value_parser = clap::value_parser!(u64).range(0..=100_000))]
        limit: Option<u64>,
        /// Add every step of the optimal solve (each turn compared with the distance
        /// table) with the listing line it ran.
        #[arg(long, conflicts_with_all = ["all", "costs"])]
        trace: bool,
        /// With --svg: the solution as a strip of nets, the start and each move's result.
        #[command(flatten)]
        picture: PictureArgs,
    },
    /// How many of the 3,674,160 positions are at each distance (counts, total).
    Distribution {
        /// qtm or htm (the default).
        #[arg(long, value_name = "METRIC", value_parser = Metric::parse)]
        metric: Option<Metric>,
        /// Add every step of the breadth-first search (16,384 frontier positions a step,
        /// as the page's player) with the listing line it ran and its variables.
        #[arg(long)]
        trace: bool,
    },
    /// A random position (state, moves that reach it, seed); or --moves N random moves.
    Scramble {
        /// Seed of the random choice (default 0).
        #[arg(long, value_name = "N", value_parser = parse_seed, allow_negative_numbers = true)]
        seed: Option<u64>,
        /// Apply N random moves (0 to 1000) instead of picking a uniform random position.
        #[arg(long, value_name = "N", value_parser = parse_move_count, allow_negative_numbers = true)]
        moves: Option<usize>,
    },
    /// Whether a state is a real cube (valid, error).
    Validate {
        #[arg(long, value_name = "S", help = STATE)]
        state: String,
    },
}

#[derive(Serialize)]
struct StateOut {
    state: String,
}

/// Every optimal solution: how many, and the first few in the solver's fixed order.
#[derive(Serialize)]
struct AllOut {
    count: u128,
    length: u32,
    metric: &'static str,
    solutions: Vec<String>,
}

#[derive(Serialize)]
struct SolveOut {
    moves: String,
    length: u32,
    metric: &'static str,
    /// With --trace: each step of the walk, its listing line and the distance left.
    #[serde(skip_serializing_if = "Option::is_none")]
    trace: Option<Vec<TraceStep>>,
}

#[derive(Serialize)]
struct CheapestOut {
    moves: String,
    length: usize,
    cost: u32,
}

#[derive(Serialize)]
struct DistributionOut {
    metric: &'static str,
    counts: Vec<u64>,
    total: usize,
    /// With --trace: each step of the search, its listing line and variables.
    #[serde(skip_serializing_if = "Option::is_none")]
    trace: Option<Vec<BfsTraceStep>>,
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
}

pub fn run(a: &CubeArgs) -> Result<Value, Stop> {
    match &a.command {
        CubeCommand::Apply { state, moves } => {
            let cube = Stickers::parse(state).map_err(usage)?;
            let moves = parse_moves(moves).map_err(usage)?;
            json(StateOut {
                state: cube.apply_all(&moves).to_string(),
            })
        }
        CubeCommand::Solve {
            state,
            metric,
            costs,
            goal,
            all,
            limit,
            trace,
            picture,
        } => {
            let how = How {
                metric: *metric,
                costs: *costs,
                all: *all,
                limit: *limit,
                trace: *trace,
            };
            let mut out = solve_state(state, goal.as_deref(), how)?;
            strip(state, picture, &mut out)?;
            Ok(out)
        }
        CubeCommand::Distribution { metric, trace } => {
            let metric = metric.unwrap_or(Metric::Htm);
            let (counts, trace) = if *trace {
                let mut bfs = LayerBfs::new(metric, BFS_BATCH);
                let steps = bfs_trace(&mut bfs);
                let (_, table) = bfs.finish().ok_or_else(|| usage("the search stopped"))?;
                (table.distribution(), Some(steps))
            } else {
                (
                    build_table(&MoveTables::new(), metric)?.distribution(),
                    None,
                )
            };
            json(DistributionOut {
                metric: metric.as_str(),
                counts,
                total: POSITIONS_COUNT,
                trace,
            })
        }
        CubeCommand::Scramble { seed, moves } => scramble(seed.unwrap_or(0), *moves),
        CubeCommand::Validate { state } => validate(state),
    }
}

/// `cube solve --svg`: the solution as a strip of nets, with the page's link to it.
fn strip(state: &str, picture: &PictureArgs, out: &mut Value) -> Result<(), Stop> {
    if !picture.wanted()? {
        return Ok(());
    }
    let moves = answer_moves(out).map_err(usage)?;
    let start = Stickers::parse(state).map_err(usage)?;
    let solution = parse_moves(&moves.join(" ")).map_err(usage)?;
    let link = encode_route(&Route::Cube(CubeLink {
        state: start,
        step: solution.len() as u32,
        solution,
        ..CubeLink::default()
    }));
    let turn = |s: &str, m: &str| -> Result<String, String> {
        Ok(Stickers::parse(s)?.apply_all(&parse_moves(m)?).to_string())
    };
    let states = solution_states(&start.to_string(), &moves, turn)?;
    solution_pictures(Kind::Pocket, &states, &moves, picture, &link, out)
}

/// `cube solve`'s options besides the cube and its goal.
struct How {
    metric: Option<Metric>,
    costs: Option<Costs>,
    all: bool,
    limit: Option<u64>,
    trace: bool,
}

/// `cube solve`: an optimal solution, every one (`--all`), or the cheapest under `--costs`.
fn solve_state(state: &str, goal: Option<&str>, how: How) -> Result<Value, Stop> {
    let How {
        metric,
        costs,
        all,
        limit,
        trace,
    } = how;
    let cube = Stickers::parse(state).map_err(usage)?;
    let position = match goal {
        None => analyse(&cube).map_err(usage)?.1.coordinate(),
        Some(goal) => {
            let goal = Stickers::parse(goal).map_err(|e| usage(format!("the goal: {e}")))?;
            relative_position(&cube, &goal).map_err(usage)?
        }
    };
    let tables = MoveTables::new();
    if all {
        if costs.is_some() {
            return Err(usage(
                "--all counts optimal solutions in a metric, not under --costs",
            ));
        }
        return all_solutions(&tables, position, metric.unwrap_or(Metric::Htm), limit);
    }
    if let Some(costs) = costs {
        let (moves, cost) = cheapest(&tables, position, costs).map_err(usage)?;
        return json(CheapestOut {
            moves: format_moves(&moves),
            length: moves.len(),
            cost,
        });
    }
    let metric = metric.unwrap_or(Metric::Htm);
    let table = build_table(&tables, metric)?;
    let moves = solve(&tables, &table, position);
    let trace = trace.then(|| walk_trace(&mut SolveWalk::new(&tables, &table, position)));
    json(SolveOut {
        moves: format_moves(&moves),
        length: length(&moves, metric),
        metric: metric.as_str(),
        trace,
    })
}

/// `cube solve --all`: how many optimal solutions, and the first `limit` (default 10).
fn all_solutions(
    tables: &MoveTables,
    position: u32,
    metric: Metric,
    limit: Option<u64>,
) -> Result<Value, Stop> {
    let table = build_table(tables, metric)?;
    let paths = OptimalPaths::new(tables, &table, position);
    let listed = (0..limit.unwrap_or(10) as u128)
        .map_while(|k| paths.nth(k))
        .map(|moves| format_moves(&moves))
        .collect();
    json(AllOut {
        count: paths.count(),
        length: paths.length() as u32,
        metric: metric.as_str(),
        solutions: listed,
    })
}

/// `cube scramble`: a random position and the moves that reach it, or `moves` random moves.
fn scramble(seed: u64, moves: Option<usize>) -> Result<Value, Stop> {
    if let Some(count) = moves {
        let moves = random_moves(seed, count);
        let state = Stickers::solved().apply_all(&moves);
        return json(ScrambleOut {
            state: state.to_string(),
            moves: format_moves(&moves),
            seed,
        });
    }
    let (position, state) = random_position(seed);
    let tables = MoveTables::new();
    let table = build_table(&tables, Metric::Htm)?;
    let undo: Vec<_> = solve(&tables, &table, position)
        .iter()
        .rev()
        .map(|m| m.inverse())
        .collect();
    json(ScrambleOut {
        state: state.to_string(),
        moves: format_moves(&undo),
        seed,
    })
}

/// `cube validate`: whether a state is a real cube, and if not why.
fn validate(state: &str) -> Result<Value, Stop> {
    let checked = Stickers::parse(state).and_then(|c| analyse(&c));
    json(match checked {
        Ok(_) => ValidateOut {
            valid: true,
            error: None,
        },
        Err(e) => ValidateOut {
            valid: false,
            error: Some(e),
        },
    })
}

/// The distance table, built in steps: a progress bar on a terminal, and Ctrl-C obeyed.
fn build_table(tables: &MoveTables, metric: Metric) -> Result<DistanceTable, Stop> {
    let mut builder = TableBuilder::new(metric);
    let bar = Progress::new(
        &format!("{} table", metric.as_str()),
        POSITIONS_COUNT as u64,
        "positions",
    );
    while builder.step_with(tables).is_some() {
        progress::check()?;
        bar.set(builder.filled() as u64);
    }
    bar.finish();
    builder
        .finish()
        .ok_or_else(|| usage("internal error: the distance table was not finished"))
}

fn parse_move_count(text: &str) -> Result<usize, String> {
    text.trim()
        .parse()
        .ok()
        .filter(|&n| n <= 1000)
        .ok_or_else(|| format!("'{text}' is not a number of moves from 0 to 1000"))
}

/// `1,2,2` = clockwise, counter-clockwise, half.
pub fn parse_costs(text: &str) -> Result<Costs, String> {
    let parts: Vec<u8> = text
        .split(',')
        .map(|p| p.trim().parse::<u8>())
        .collect::<Result<_, _>>()
        .map_err(|_| format!("costs '{text}' must be three numbers like 1,2,2"))?;
    let [clockwise, counter_clockwise, half] = parts[..] else {
        return Err(format!("costs '{text}' must be three numbers like 1,2,2"));
    };
    let costs = Costs {
        clockwise,
        counter_clockwise,
        half,
    };
    costs.check()?;
    Ok(costs)
}
