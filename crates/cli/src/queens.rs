//! `puzzlelab queens`: the first solution by backtracking, or every solution counted.

use std::time::Instant;

use clap::Args;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::parts;
use super::picture::PictureArgs;
use super::progress::{self, Progress};
use super::{json, parse_threads, threads_or_all, usage, Stop};
use puzzlelab_links::part_file::{
    Fingerprint, PartArg, PartFile, PartInfo, QueensPart, QueensPartial,
};
use puzzlelab_links::{encode_route, QueensLink, Route};
use puzzlelab_pictures::animation::{search_gif, QUEENS_SPEED};
use puzzlelab_pictures::search_film::Searched;
use puzzlelab_solver::queens::classes::{class_tasks, run_class_task, ClassTask};
use puzzlelab_solver::queens::count::MAX_COUNT_N;
use puzzlelab_solver::queens::{placement_names_on, QueensSearch, MAX_N};
use puzzlelab_solver::StepMachine;

const COUNTING: &str = "\
--count counts every solution (N = 1 to 23) and the fundamental ones (classes under the
board's 8 symmetries). The count is a list of prefix tasks (the first rows placed; see
`count_task_list`); --part I/K counts only the tasks j (0-based) with j mod K = I - 1 and
prints a part, which `puzzlelab merge` sums with the other K - 1 into the same answer.";

#[derive(Args, Debug)]
#[command(after_help = COUNTING)]
pub struct QueensArgs {
    /// Board size: 1 to 32 for a solution, 1 to 23 with --count.
    #[arg(long, value_name = "N", value_parser = parse_n, allow_negative_numbers = true)]
    pub n: u32,
    /// Count every solution (and the fundamental ones) instead of finding the first.
    #[arg(long)]
    pub count: bool,
    /// With --count: worker threads, 1 to 256 (default: every core).
    #[arg(long, value_name = "T", value_parser = parse_threads, allow_negative_numbers = true, requires = "count")]
    pub threads: Option<usize>,
    /// With --count: count only part I of K (1 <= I <= K) and print it for `merge`.
    #[arg(long, value_name = "I/K", value_parser = PartArg::parse, requires = "count")]
    pub part: Option<PartArg>,
    /// Add every step (up to 100,000) with the listing line it ran and its variables.
    #[arg(long, conflicts_with = "count")]
    pub trace: bool,
    /// With --gif: the first step of the backtracking recorded (default 0, the empty board).
    #[arg(long, value_name = "K")]
    pub from: Option<u64>,
    /// With --gif: the last step recorded, as the page's `step=` (default: the step that
    /// finds the first solution); past it the search goes on to the next solutions.
    #[arg(long, value_name = "K")]
    pub step: Option<u64>,
    #[command(flatten)]
    pub picture: PictureArgs,
}

fn parse_n(text: &str) -> Result<u32, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a whole number (N is 1 to {MAX_N})"))
}

/// The first solution.
#[derive(Serialize, Debug)]
pub struct QueensOut {
    pub n: u32,
    pub status: &'static str,
    /// `placement[c]` = row (from 0) of the queen in column `c`.
    pub placement: Option<Vec<u32>>,
    /// The queens' squares, `a1 b5 …`, or `x,y` (zero-based) on boards wider than 26.
    pub squares: Option<String>,
    pub nodes: u64,
    /// With --trace: each step, its line of the search's listing and the variables.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trace: Option<Vec<super::trace::QueensStep>>,
}

/// Every solution.
#[derive(Serialize, Deserialize, Debug, PartialEq, Eq)]
pub struct QueensCountOut {
    pub n: u32,
    pub solutions: u64,
    /// Fundamental solutions (classes under rotations and reflections).
    pub unique: u64,
}

pub fn run(a: &QueensArgs) -> Result<Value, Stop> {
    if a.count {
        if a.picture.svg.is_some() || a.picture.gif.is_some() {
            return Err(usage("--svg and --gif draw the search, not with --count"));
        }
        return count(a);
    }
    let n = a.n;
    let mut search = QueensSearch::new(n, true).map_err(usage)?;
    let trace = a
        .trace
        .then(|| super::trace::queens(&mut search))
        .transpose()?;
    let status = loop {
        progress::check()?;
        let status = search.run(1 << 20);
        if status.is_finished() {
            break status;
        }
    };
    let placement = (status == puzzlelab_solver::Status::Solved).then(|| search.rows().to_vec());
    let queens: Vec<(u32, u32)> = placement
        .iter()
        .flatten()
        .enumerate()
        .map(|(col, &row)| (col as u32, row))
        .collect();
    let mut out = json(QueensOut {
        n,
        status: status.as_str(),
        squares: placement.as_deref().map(|rows| placement_names_on(n, rows)),
        placement,
        nodes: search.counters().nodes,
        trace,
    })?;
    // The page's link to the placement: the queens set by hand, as a reader would.
    let link = encode_route(&Route::Queens(QueensLink {
        n,
        queens: queens.clone(),
        ..QueensLink::default()
    }));
    a.picture.write(&mut out, |theme| {
        puzzlelab_pictures::queens::queens(n, &queens, theme, &link)
    })?;
    gif(a, search.stats().steps, &mut out)?;
    Ok(out)
}

/// `queens --gif FILE`: the backtracking from `--from` to `--step` (by default the steps
/// to the first solution, `found`), as the page's player shows each step.
fn gif(a: &QueensArgs, found: u64, out: &mut Value) -> Result<(), Stop> {
    if a.picture.gif.is_none() {
        return match a.from.or(a.step) {
            Some(_) => Err(usage("--from and --step go with --gif")),
            None => Ok(()),
        };
    }
    let steps = |k: u64| usize::try_from(k).map_err(|_| usage(format!("step {k} is too far")));
    let (from, to) = (steps(a.from.unwrap_or(0))?, steps(a.step.unwrap_or(found))?);
    a.picture
        .write_gif(out, QUEENS_SPEED, |theme, budget, delay| {
            search_gif(&Searched::Queens(a.n), (from, to), theme, budget, delay)
        })
}

/// The deterministic task list of a count of N queens, and its fingerprint: the symmetry
/// classes counter's tasks (`class_tasks`), each a case (corner or inside queen) and the
/// first queens placed. Changing the split changes every fingerprint.
pub fn count_task_list(n: u32) -> (Vec<ClassTask>, String) {
    let list = class_tasks(n);
    let mut f = Fingerprint::new(&format!("queens-classes n={n}"));
    for t in &list {
        for x in [t.n, t.corner as u32, t.bound1, t.pinned as u32] {
            f.number(x as u64);
        }
        f.number(t.placed.len() as u64);
        for &c in &t.placed {
            f.number(c as u64);
        }
    }
    (list, f.text())
}

/// Checks N for counting.
pub fn check_count_n(n: u32) -> Result<(), Stop> {
    if (1..=MAX_COUNT_N).contains(&n) {
        Ok(())
    } else {
        Err(usage(format!(
            "--count needs N from 1 to {MAX_COUNT_N}, not {n} (counting stops at {MAX_COUNT_N}: \
             beyond about 21 a count takes days)"
        )))
    }
}

fn count(a: &QueensArgs) -> Result<Value, Stop> {
    let n = a.n;
    check_count_n(n)?;
    let threads = threads_or_all(a.threads);
    let (list, fingerprint) = count_task_list(n);
    let began = Instant::now();
    let chosen: Vec<usize> = match a.part {
        Some(p) => p.indices(list.len()).collect(),
        None => (0..list.len()).collect(),
    };
    let (solutions, unique) = count_tasks(&list, &chosen, threads)?;
    let seconds = began.elapsed().as_secs_f64();
    match a.part {
        Some(part) => json(PartFile::Queens(QueensPart {
            n,
            part: PartInfo::new(part, list.len(), fingerprint),
            partial: QueensPartial {
                solutions,
                unique,
                threads,
                seconds,
            },
        })),
        None => json(answer(n, solutions, unique)?),
    }
}

/// The whole answer from the sums (as the unsplit count and `merge` both print it): every
/// symmetry class is counted once, so both come out of the one search.
pub fn answer(n: u32, solutions: u64, unique: u64) -> Result<QueensCountOut, Stop> {
    progress::check()?;
    Ok(QueensCountOut {
        n,
        solutions,
        unique,
    })
}

/// Sums the chosen tasks on a pool of `threads` (rayon), each thread taking the next task
/// as it finishes; tasks not yet begun are skipped after Ctrl-C.
fn count_tasks(list: &[ClassTask], chosen: &[usize], threads: usize) -> Result<(u64, u64), Stop> {
    let bar = Progress::new("queens", chosen.len() as u64, "tasks");
    let sums = super::pool(threads)?.install(|| {
        chosen
            .par_iter()
            .map(|&j| {
                if progress::cancelled() {
                    return (0, 0);
                }
                let found = run_class_task(&list[j]);
                bar.inc(1);
                found
            })
            .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
    });
    bar.finish();
    progress::check()?;
    Ok(sums)
}

/// `merge` of queens parts (already checked to be parts 1..K of one split of `n`).
pub fn merge(n: u32, info: &PartInfo, parts: &[QueensPart]) -> Result<Value, Stop> {
    check_count_n(n)?;
    let (list, fingerprint) = count_task_list(n);
    if fingerprint != info.fingerprint || list.len() != info.tasks {
        return Err(parts::version_mismatch(info, &fingerprint, list.len()));
    }
    let solutions = parts::sum(parts.iter().map(|q| q.partial.solutions))?;
    let unique = parts::sum(parts.iter().map(|q| q.partial.unique))?;
    json(answer(n, solutions, unique)?)
}
