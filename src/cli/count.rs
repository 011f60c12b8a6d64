//! `puzzlelab knight-count`: exhaustive tour counts, the tasks shared over all cores (or,
//! with `--part`, over machines).

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use clap::Args;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::parts::{
    self, Fingerprint, KnightCountPart, KnightPartial, PartArg, PartFile, PartInfo,
};
use super::progress::{self, Progress};
use super::{json, parse_board, parse_threads, threads_or_all, usage, Stop};
use crate::solver::board::Board;
use crate::solver::knight::count::{children, run_task, CountPlan, CountSpec, CountTask};

const PARTS: &str = "\
The count is the plan's list of prefix tasks (a few hundred walks from each start class).
--part I/K counts only the tasks j (0-based) with j mod K = I - 1 and prints a part;
`puzzlelab merge` sums K parts into the same answer as the unsplit count.";

#[derive(Args, Debug)]
#[command(after_help = PARTS)]
pub struct CountArgs {
    /// Board size, width x height, at most 64 squares.
    #[arg(long, value_name = "WxH", value_parser = parse_board)]
    pub board: Board,
    /// Only open tours from this square (c3 or x,y).
    #[arg(long, value_name = "SQ")]
    pub start: Option<String>,
    /// Closed tours (cycles); per square, the same from every start.
    #[arg(long)]
    pub closed: bool,
    /// Worker threads, 1 to 256 (default: every core).
    #[arg(long, value_name = "T", value_parser = parse_threads, allow_negative_numbers = true)]
    pub threads: Option<usize>,
    /// Count only part I of K (1 <= I <= K) and print it for `merge`.
    #[arg(long, value_name = "I/K", value_parser = PartArg::parse)]
    pub part: Option<PartArg>,
    /// depth-first (every tour visited; per-start counts; up to 64 squares) or frontier
    /// (path structures swept cell by cell, McKay's way: boards whose narrow side is at
    /// most 12, e.g. 7x7's 165,575,218,320 open tours in minutes; no per-start counts).
    #[arg(long, value_name = "METHOD", default_value = "depth-first", value_parser = ["depth-first", "frontier"])]
    pub method: String,
}

/// The answer of `--method frontier`.
#[derive(Serialize, Debug)]
pub struct FrontierOut {
    pub board: String,
    pub start: Option<String>,
    pub closed: bool,
    pub method: &'static str,
    pub directed: u128,
    pub undirected: Option<u128>,
    /// The most path structures one cell's layer held (memory grows with it).
    pub peak_states: u64,
    pub threads: usize,
    pub seconds: f64,
}

fn run_frontier(a: &CountArgs, spec: CountSpec, board: Board) -> Result<Value, Stop> {
    if a.part.is_some() {
        return Err(usage("--part splits depth-first counts only"));
    }
    let threads = threads_or_all(a.threads);
    let began = Instant::now();
    let result = crate::solver::knight::frontier::count(spec, threads).map_err(usage)?;
    json(FrontierOut {
        board: format!("{}x{}", board.width(), board.height()),
        start: spec.start.map(|s| board.name(s)),
        closed: spec.closed,
        method: "frontier",
        directed: result.directed,
        undirected: result.undirected,
        peak_states: result.peak_states,
        threads,
        seconds: began.elapsed().as_secs_f64(),
    })
}

/// The whole count, as the unsplit command and `merge` print it.
#[derive(Serialize, Deserialize, Debug, PartialEq)]
pub struct CountOut {
    pub board: String,
    pub start: Option<String>,
    pub closed: bool,
    /// Tours as move sequences (a tour and its reverse are two).
    pub directed: u64,
    /// Each tour once whichever way round (cycles when closed); null with a start.
    pub undirected: Option<u64>,
    /// Directed tours from each square, by name.
    pub per_start: BTreeMap<String, u64>,
    /// Why there are no tours, when a theorem says so.
    pub reason: Option<String>,
    pub tasks: usize,
    pub nodes: u64,
    pub threads: usize,
    pub seconds: f64,
}

/// The problem an argument list names: the spec and the board.
pub fn spec_of(
    board: Board,
    start: Option<&str>,
    closed: bool,
) -> Result<(CountSpec, Board), Stop> {
    let start = start
        .map(|s| board.parse_square(s))
        .transpose()
        .map_err(|e| usage(e.to_string()))?;
    let spec = CountSpec {
        width: board.width(),
        height: board.height(),
        start,
        closed,
    };
    Ok((spec, board))
}

/// The plan (deterministic task list) and its fingerprint.
pub fn plan_of(spec: CountSpec) -> Result<(CountPlan, String), Stop> {
    let plan = CountPlan::new(spec).map_err(usage)?;
    let mut f = Fingerprint::new(&format!(
        "knight-count {}x{} start={:?} closed={}",
        spec.width, spec.height, spec.start, spec.closed
    ));
    for class in &plan.classes {
        f.number(class.len() as u64);
        class.iter().for_each(|&s| f.number(s as u64));
    }
    for t in &plan.tasks {
        f.number(t.class as u64);
        f.number(t.weight);
        f.number(t.end.map_or(u64::MAX, |e| e as u64));
        f.number(t.path.len() as u64);
        f.bytes(&t.path);
    }
    Ok((plan, f.text()))
}

pub fn run(a: &CountArgs) -> Result<Value, Stop> {
    let (spec, board) = spec_of(a.board, a.start.as_deref(), a.closed)?;
    if a.method == "frontier" {
        return run_frontier(a, spec, board);
    }
    let threads = threads_or_all(a.threads);
    let (plan, fingerprint) = plan_of(spec)?;
    let began = Instant::now();
    let chosen: Vec<usize> = match a.part {
        Some(p) => p.indices(plan.tasks.len()).collect(),
        None => (0..plan.tasks.len()).collect(),
    };
    let (class_totals, nodes) = run_tasks(&plan, &chosen, threads)?;
    let seconds = began.elapsed().as_secs_f64();
    match a.part {
        Some(part) => json(PartFile::KnightCount(KnightCountPart {
            board: format!("{}x{}", board.width(), board.height()),
            start: spec.start.map(|s| board.name(s)),
            closed: spec.closed,
            part: PartInfo::new(part, plan.tasks.len(), fingerprint),
            partial: KnightPartial {
                class_totals,
                nodes,
                threads,
                seconds,
            },
        })),
        None => json(answer(&plan, board, &class_totals, nodes, threads, seconds)),
    }
}

/// The whole answer from the weighted tour totals of each start class.
pub fn answer(
    plan: &CountPlan,
    board: Board,
    class_totals: &[u64],
    nodes: u64,
    threads: usize,
    seconds: f64,
) -> CountOut {
    let result = plan.result(class_totals);
    CountOut {
        board: format!("{}x{}", board.width(), board.height()),
        start: plan.spec.start.map(|s| board.name(s)),
        closed: plan.spec.closed,
        directed: result.directed,
        undirected: result.undirected,
        per_start: (0..board.squares())
            .map(|s| (board.name(s), result.per_start[s as usize]))
            .collect(),
        reason: plan.impossible.clone(),
        tasks: plan.tasks.len(),
        nodes,
        threads,
        seconds,
    }
}

/// Search-tree nodes a task may take before it is split into its children: keeps each
/// slice of work short, so Ctrl-C is obeyed quickly and the threads stay busy to the end.
const NODE_LIMIT: u64 = 20_000_000;

/// Runs the chosen tasks of the plan on a pool of `threads` (rayon): the weighted tour
/// count of each start class, and the search-tree nodes of the finished searches. A task
/// that runs past `NODE_LIMIT` is split into its children, which join the pool's work.
pub fn run_tasks(
    plan: &CountPlan,
    chosen: &[usize],
    threads: usize,
) -> Result<(Vec<u64>, u64), Stop> {
    let totals: Vec<AtomicU64> = plan.classes.iter().map(|_| AtomicU64::new(0)).collect();
    let nodes = AtomicU64::new(0);
    let bar = Progress::new("tours", chosen.len() as u64, "tasks");
    let run = Counting {
        totals: &totals,
        nodes: &nodes,
        bar: &bar,
    };
    super::pool(threads)?.scope(|scope| {
        for &j in chosen {
            let task = plan.tasks[j].clone();
            scope.spawn(move |scope| run.task(task, scope));
        }
    });
    bar.finish();
    progress::check()?;
    let totals = totals.into_iter().map(AtomicU64::into_inner).collect();
    Ok((totals, nodes.into_inner()))
}

/// What every counting task adds to.
#[derive(Clone, Copy)]
struct Counting<'a> {
    totals: &'a [AtomicU64],
    nodes: &'a AtomicU64,
    bar: &'a Progress,
}

impl<'a> Counting<'a> {
    fn task<'s>(self, task: CountTask, scope: &rayon::Scope<'s>)
    where
        'a: 's,
    {
        if progress::cancelled() {
            return;
        }
        match run_task(&task, NODE_LIMIT) {
            Some((count, n)) => {
                self.totals[task.class as usize].fetch_add(count * task.weight, Ordering::Relaxed);
                self.nodes.fetch_add(n, Ordering::Relaxed);
            }
            None => {
                let kids = children(&task);
                self.bar.grow(kids.len() as u64);
                for kid in kids {
                    scope.spawn(move |scope| self.task(kid, scope));
                }
            }
        }
        self.bar.inc(1);
    }
}

/// `merge` of knight-count parts (already checked to be parts 1..K of one split).
pub fn merge(info: &PartInfo, parts: &[KnightCountPart]) -> Result<Value, Stop> {
    let Some(first) = parts.first() else {
        return Err(usage("no parts to merge"));
    };
    let board = super::parse_board(&first.board).map_err(usage)?;
    let (spec, board) = spec_of(board, first.start.as_deref(), first.closed)?;
    let (plan, fingerprint) = plan_of(spec)?;
    if fingerprint != info.fingerprint || plan.tasks.len() != info.tasks {
        return Err(parts::version_mismatch(
            info,
            &fingerprint,
            plan.tasks.len(),
        ));
    }
    let classes = plan.classes.len();
    if let Some(bad) = parts
        .iter()
        .find(|k| k.partial.class_totals.len() != classes)
    {
        return Err(usage(format!(
            "part {} of {} has {} class totals; this count has {classes} start classes",
            bad.part.index,
            bad.part.of,
            bad.partial.class_totals.len()
        )));
    }
    let class_totals = (0..classes)
        .map(|c| parts::sum(parts.iter().map(|k| k.partial.class_totals[c])))
        .collect::<Result<Vec<u64>, Stop>>()?;
    // Real counts are far below this (8x8 has about 2e16 directed tours): larger sums are
    // not from a count, and deriving directed tours from them would overflow.
    let most = u64::MAX / (2 * board.squares() as u64);
    if class_totals.iter().any(|&t| t > most) {
        return Err(usage("the parts' sums are too large to be a tour count"));
    }
    let nodes = parts::sum(parts.iter().map(|k| k.partial.nodes))?;
    let threads = parts
        .iter()
        .fold(0usize, |a, k| a.saturating_add(k.partial.threads));
    let seconds = parts.iter().map(|k| k.partial.seconds).sum();
    json(answer(&plan, board, &class_totals, nodes, threads, seconds))
}
