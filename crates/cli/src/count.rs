//! `puzzlelab knight-count`: exhaustive tour counts, the tasks shared over all cores (or,
//! with `--part`, over machines).

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use clap::Args;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::count_pictures::{self, CountPictureArgs};
use super::parts;
use super::progress::{self, Progress};
use super::{json, parse_board, parse_threads, threads_or_all, usage, Stop};
use puzzlelab_links::count_parts;
use puzzlelab_links::part_file::{
    Fingerprint, KnightCountPart, KnightPartial, PartArg, PartFile, PartInfo, FRONTIER_SPLIT,
};
use puzzlelab_solver::board::Board;
use puzzlelab_solver::knight::count::{
    auto_method, children, run_task, CountPlan, CountSpec, CountTask, Method,
};
use puzzlelab_solver::knight::frontier::{self, FrontierProgress, PartOf};

const PARTS: &str = "\
Without --method the fastest method that answers is used (named in the answer's
`method`): depth-first on boards of at most 36 squares or with --per-start, the
path-structure sweep (frontier) on bigger ones.

Depth-first, the count is the plan's list of prefix tasks (a few hundred walks from each
start class): --part I/K counts only the tasks j (0-based) with j mod K = I - 1. By path
structures, part I of K sweeps only the tours whose needs vector at 60 % of the board falls
in class I - 1 of K (each tour has exactly one). Either way it prints a part, and
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
    /// most 12, e.g. 7x7's 165,575,218,320 open tours in minutes, 8x8's 13,267,364,410,532
    /// closed tours in 24 minutes on two cores and 7.3 GB; no per-start counts). Default:
    /// the fastest that answers.
    #[arg(long, value_name = "METHOD", value_parser = ["depth-first", "frontier"])]
    pub method: Option<String>,
    /// Also count the tours from every start square (needs depth-first).
    #[arg(long)]
    pub per_start: bool,
    #[command(flatten)]
    pub pictures: CountPictureArgs,
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
    if a.per_start {
        return Err(usage(
            "--per-start needs --method depth-first: the path-structure sweep counts totals",
        ));
    }
    spec.board().map_err(usage)?;
    let threads = threads_or_all(a.threads);
    let began = Instant::now();
    let sweep = match a.part {
        Some(p) => frontier::Sweep::part(
            spec,
            PartOf {
                index: p.index - 1,
                of: p.of,
            },
        ),
        None => frontier::Sweep::without_oracle(spec),
    }
    .map_err(usage)?;
    let fingerprint = count_parts::fingerprint(spec).map_err(usage)?;
    let bar = Progress::new("path structures", 1, "states");
    let mut watch = |p: &FrontierProgress| {
        if p.preparing {
            bar.set_total(p.oracle_steps as u64);
            bar.set(p.oracle_steps_done as u64);
        } else {
            bar.set_total(p.work_estimate.max(1));
            bar.set(p.work_done);
        }
        !progress::cancelled()
    };
    let result = frontier::run_watched(sweep, threads, &mut watch);
    bar.finish();
    progress::check()?;
    let result = result.map_err(usage)?;
    let seconds = began.elapsed().as_secs_f64();
    if let Some(part) = a.part {
        let tours = frontier::tours_of(spec, &result);
        let tours = u64::try_from(tours).map_err(|_| usage("the part's count passes 64 bits"))?;
        let mut out = json(PartFile::KnightCount(KnightCountPart {
            board: format!("{}x{}", board.width(), board.height()),
            start: spec.start.map(|s| board.name(s)),
            closed: spec.closed,
            method: Some("frontier".to_string()),
            part: PartInfo::split_by(FRONTIER_SPLIT, part, part.of as usize, fingerprint),
            partial: KnightPartial {
                class_totals: vec![tours],
                nodes: frontier::parts::work_of(&result),
                threads,
                seconds,
            },
        }))?;
        frontier_bars(a, spec, board, Some(part), &result, &mut out)?;
        return Ok(out);
    }
    let mut out = json(FrontierOut {
        board: format!("{}x{}", board.width(), board.height()),
        start: spec.start.map(|s| board.name(s)),
        closed: spec.closed,
        method: "frontier",
        directed: result.directed,
        undirected: result.undirected,
        peak_states: result.peak_states,
        threads,
        seconds,
    })?;
    frontier_bars(a, spec, board, None, &result, &mut out)?;
    Ok(out)
}

/// `--bars` of a path-structure count (or part): its tours as its part's bar.
fn frontier_bars(
    a: &CountArgs,
    spec: CountSpec,
    board: Board,
    part: Option<PartArg>,
    result: &frontier::FrontierResult,
    out: &mut Value,
) -> Result<(), Stop> {
    if a.pictures.bars.is_none() {
        return Ok(());
    }
    let tours = u64::try_from(frontier::tours_of(spec, result))
        .map_err(|_| usage("--bars: the count passes 64 bits"))?;
    let link = count_pictures::link(spec, board, named_method(a), part);
    count_pictures::frontier(&a.pictures, spec, board, part, tours, &link, out)
}

/// The method --method names, if any.
fn named_method(a: &CountArgs) -> Option<Method> {
    a.method.as_deref().and_then(Method::parse)
}

/// The whole frontier count from its parts' tours (`merge`).
pub fn frontier_answer(
    spec: CountSpec,
    board: Board,
    tours: u64,
    threads: usize,
    seconds: f64,
) -> Result<Value, Stop> {
    let (directed, undirected) = frontier::totals(spec, tours as u128).map_err(usage)?;
    json(FrontierOut {
        board: format!("{}x{}", board.width(), board.height()),
        start: spec.start.map(|s| board.name(s)),
        closed: spec.closed,
        method: "frontier",
        directed,
        undirected,
        peak_states: 0,
        threads,
        seconds,
    })
}

/// The whole count, as the unsplit command and `merge` print it.
#[derive(Serialize, Deserialize, Debug, PartialEq)]
pub struct CountOut {
    pub board: String,
    #[serde(default = "depth_first")]
    pub method: String,
    pub start: Option<String>,
    pub closed: bool,
    /// Tours with a direction (a tour and its reverse are two; closed: 2 × cycles).
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

fn depth_first() -> String {
    Method::DepthFirst.as_str().to_string()
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
    let method = match a.method.as_deref() {
        Some(name) => Method::parse(name).ok_or_else(|| usage(format!("no method {name}")))?,
        None => auto_method(spec, a.per_start),
    };
    a.pictures.check(method, a.per_start, a.part)?;
    if method == Method::Frontier {
        return run_frontier(a, spec, board);
    }
    let threads = threads_or_all(a.threads);
    let (plan, fingerprint) = plan_of(spec)?;
    if a.pictures.bars.is_some() && plan.classes.is_empty() {
        // Refused before anything is written: a theorem left no start class to draw.
        let why = plan.impossible.as_deref().unwrap_or("no start classes");
        return Err(usage(format!("--bars: no bars to draw ({why})")));
    }
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
            method: None,
            part: PartInfo::new(part, plan.tasks.len(), fingerprint),
            partial: KnightPartial {
                class_totals,
                nodes,
                threads,
                seconds,
            },
        })),
        None => {
            let mut out = json(answer(&plan, board, &class_totals, nodes, threads, seconds))?;
            let link = count_pictures::link(spec, board, named_method(a), None);
            count_pictures::depth_first(&a.pictures, &plan, board, &class_totals, &link, &mut out)?;
            Ok(out)
        }
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
        method: depth_first(),
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
    if first.method.as_deref() == Some("frontier") {
        return merge_frontier(spec, board, info, parts);
    }
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

/// Frontier parts: each is the tours of one class at the cut; their sum is the count.
fn merge_frontier(
    spec: CountSpec,
    board: Board,
    info: &PartInfo,
    parts: &[KnightCountPart],
) -> Result<Value, Stop> {
    let fingerprint = count_parts::fingerprint(spec).map_err(usage)?;
    if fingerprint != info.fingerprint || info.tasks != info.of as usize {
        return Err(parts::version_mismatch(
            info,
            &fingerprint,
            info.of as usize,
        ));
    }
    if let Some(bad) = parts.iter().find(|k| k.partial.class_totals.len() != 1) {
        return Err(usage(format!(
            "part {} of {} has {} totals; a frontier part has one",
            bad.part.index,
            bad.part.of,
            bad.partial.class_totals.len()
        )));
    }
    let tours = parts::sum(parts.iter().map(|k| k.partial.class_totals[0]))?;
    let threads = parts
        .iter()
        .fold(0usize, |a, k| a.saturating_add(k.partial.threads));
    let seconds = parts.iter().map(|k| k.partial.seconds).sum();
    frontier_answer(spec, board, tours, threads, seconds)
}
