//! `puzzlelab knight-count`: exhaustive tour counts, the tasks shared over all cores.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use serde_json::{json, Value};

use crate::cli::{Options, UsageError};
use crate::solver::board::Board;
use crate::solver::knight::count::{run_task, CountPlan, CountSpec};

pub fn run(args: &[String]) -> Result<Value, UsageError> {
    let opts = Options::parse(args, &["--board", "--start", "--threads"], &["--closed"])?;
    let board = Board::parse(opts.required("--board")?).map_err(|e| UsageError(e.to_string()))?;
    let start = opts
        .value("--start")
        .map(|s| board.parse_square(s))
        .transpose()
        .map_err(|e| UsageError(e.to_string()))?;
    let threads = match opts.value("--threads") {
        Some(t) => t
            .trim()
            .parse::<usize>()
            .ok()
            .filter(|&t| (1..=256).contains(&t))
            .ok_or_else(|| UsageError(format!("--threads must be 1 to 256, not '{t}'")))?,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let spec = CountSpec {
        width: board.width(),
        height: board.height(),
        start,
        closed: opts.flag("--closed"),
    };
    let plan = CountPlan::new(spec).map_err(UsageError)?;
    let began = std::time::Instant::now();
    let (counts, nodes) = run_all(&plan, threads);
    let result = plan.combine(&counts);
    let per_start: serde_json::Map<String, Value> = (0..board.squares())
        .map(|s| (board.name(s), json!(result.per_start[s as usize])))
        .collect();
    Ok(json!({
        "board": format!("{}x{}", board.width(), board.height()),
        "start": start.map(|s| board.name(s)),
        "closed": spec.closed,
        "directed": result.directed,
        "undirected": result.undirected,
        "per_start": per_start,
        "reason": plan.impossible,
        "tasks": plan.tasks.len(),
        "nodes": nodes,
        "threads": threads,
        "seconds": began.elapsed().as_secs_f64(),
    }))
}

/// Runs every task, `threads` at a time, each thread taking the next task as it finishes.
pub fn run_all(plan: &CountPlan, threads: usize) -> (Vec<u64>, u64) {
    let next = AtomicUsize::new(0);
    let counts = Mutex::new(vec![0u64; plan.tasks.len()]);
    let nodes = Mutex::new(0u64);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut mine = 0;
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(task) = plan.tasks.get(i) else { break };
                    let (count, n) = run_task(task, u64::MAX).unwrap_or((0, 0));
                    mine += n;
                    counts.lock().expect("no thread panics holding it")[i] = count;
                }
                *nodes.lock().expect("no thread panics holding it") += mine;
            });
        }
    });
    let counts = counts.into_inner().expect("threads are done");
    let nodes = nodes.into_inner().expect("threads are done");
    (counts, nodes)
}
