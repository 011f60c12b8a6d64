//! `puzzlelab merge FILE...`: sums the parts of a split count into the whole answer.
//!
//! Input: files (or stdin when there are none, or for `-`) holding part objects, one per
//! line or simply one after another. Every part must come from the same problem, split the
//! same way (the same K and task-list fingerprint), and each of parts 1..K must be there
//! exactly once; the task list is rebuilt here and must have the same fingerprint (parts of
//! another version are refused). The answer is the JSON the unsplit command prints.

use std::io::Read;

use clap::Args;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::parts::{PartInfo, SPLIT};
use super::{count, json, queens, usage, Stop};

#[derive(Args, Debug)]
#[command(after_help = "\
A part is what `queens --count --part I/K` or `knight-count --part I/K` prints. Give all K
parts of one count, in any order, in any number of files (or on stdin). A missing, repeated
or foreign part is refused with status 2. In the answer, knight-count's nodes, threads and
seconds are the sums over the parts.")]
pub struct MergeArgs {
    /// Files of parts (JSON objects, one per line or concatenated); none or `-` = stdin.
    #[arg(value_name = "FILE")]
    pub files: Vec<String>,
}

/// A part, as a count prints it with `--part` (`"command"` names the count).
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(tag = "command", rename_all = "kebab-case")]
pub enum PartFile {
    Queens(QueensPart),
    KnightCount(KnightCountPart),
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct QueensPart {
    pub n: u32,
    pub part: PartInfo,
    pub partial: QueensPartial,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct QueensPartial {
    /// Solutions found by this part's tasks.
    pub solutions: u64,
    /// Symmetry classes (fundamental solutions) found by this part's tasks.
    pub unique: u64,
    pub threads: usize,
    pub seconds: f64,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct KnightCountPart {
    pub board: String,
    pub start: Option<String>,
    pub closed: bool,
    /// "frontier" for parts of the path-structure sweep (one class total: its tours);
    /// absent for depth-first parts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub method: Option<String>,
    pub part: PartInfo,
    pub partial: KnightPartial,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct KnightPartial {
    /// Directed tours found by this part's tasks from one square of each start class of
    /// the plan (every square of a class has as many); for closed tours, one class whose
    /// total is the cycles.
    pub class_totals: Vec<u64>,
    pub nodes: u64,
    pub threads: usize,
    pub seconds: f64,
}

impl PartFile {
    fn info(&self) -> &PartInfo {
        match self {
            PartFile::Queens(p) => &p.part,
            PartFile::KnightCount(p) => &p.part,
        }
    }

    /// The problem and split, as a command line: parts merge only when these agree.
    fn problem(&self) -> String {
        let what = match self {
            PartFile::Queens(p) => format!("queens --n {} --count", p.n),
            PartFile::KnightCount(p) => format!(
                "knight-count{} --board {}{}{}",
                p.method
                    .as_deref()
                    .map_or(String::new(), |m| format!(" --method {m}")),
                p.board,
                p.start
                    .as_deref()
                    .map_or(String::new(), |s| format!(" --start {s}")),
                if p.closed { " --closed" } else { "" }
            ),
        };
        let i = self.info();
        format!(
            "{what} in {} parts ({} split of {} tasks, {})",
            i.of, i.split, i.tasks, i.fingerprint
        )
    }
}

/// One input object and where it came from (for messages).
struct Input {
    origin: String,
    value: Value,
}

pub fn run(a: &MergeArgs) -> Result<Value, Stop> {
    let mut inputs = Vec::new();
    let files: Vec<&str> = if a.files.is_empty() {
        vec!["-"]
    } else {
        a.files.iter().map(String::as_str).collect()
    };
    for file in files {
        let (name, text) = if file == "-" {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .map_err(|e| usage(format!("cannot read stdin: {e}")))?;
            ("stdin".to_string(), text)
        } else {
            let text = std::fs::read_to_string(file)
                .map_err(|e| usage(format!("cannot read {file}: {e}")))?;
            (file.to_string(), text)
        };
        inputs.extend(objects(&name, &text)?);
    }
    merge(inputs.into_iter().map(|i| (i.origin, i.value)).collect())
}

/// The JSON values in a text: one per line or one after another.
fn objects(name: &str, text: &str) -> Result<Vec<Input>, Stop> {
    let mut out = Vec::new();
    for (k, value) in serde_json::Deserializer::from_str(text)
        .into_iter::<Value>()
        .enumerate()
    {
        let value =
            value.map_err(|e| usage(format!("{name}: object {} is not JSON: {e}", k + 1)))?;
        out.push(Input {
            origin: format!("{name} (object {})", k + 1),
            value,
        });
    }
    Ok(out)
}

/// Sums parts (each with where it came from) into the whole answer.
pub fn merge(inputs: Vec<(String, Value)>) -> Result<Value, Stop> {
    if inputs.is_empty() {
        return Err(usage(
            "no parts to merge: give the files that `--part I/K` printed (or pipe them in)",
        ));
    }
    let mut parts: Vec<(String, PartFile)> = Vec::new();
    for (origin, value) in inputs {
        if value.get("part").is_none() {
            return Err(usage(format!(
                "{origin} is not a part: it has no \"part\" field (print parts with --part I/K)"
            )));
        }
        let part: PartFile = serde_json::from_value(value)
            .map_err(|e| usage(format!("{origin} is not a part this version reads: {e}")))?;
        parts.push((origin, part));
    }
    let (first_origin, first) = &parts[0];
    let problem = first.problem();
    for (origin, part) in &parts[1..] {
        if part.problem() != problem {
            return Err(usage(format!(
                "parts of different problems or splits: {first_origin} is part of `{problem}`, \
                 but {origin} is part of `{}`",
                part.problem()
            )));
        }
    }
    let info = first.info().clone();
    if info.split != SPLIT {
        return Err(usage(format!(
            "{first_origin}: unknown split '{}' (this version splits '{SPLIT}')",
            info.split
        )));
    }
    // Each of 1..K exactly once.
    let of = info.of as usize;
    let mut seen: Vec<Option<&str>> = vec![None; of];
    for (origin, part) in &parts {
        let i = part.info().index as usize;
        if !(1..=of).contains(&i) {
            return Err(usage(format!(
                "{origin} says it is part {i} of {of}: parts are numbered 1 to {of}"
            )));
        }
        if let Some(before) = seen[i - 1] {
            return Err(usage(format!(
                "part {i} of {of} is given twice ({before} and {origin})"
            )));
        }
        seen[i - 1] = Some(origin);
    }
    let missing: Vec<String> = (1..=of)
        .filter(|&i| seen[i - 1].is_none())
        .map(|i| i.to_string())
        .collect();
    if !missing.is_empty() {
        let shown = if missing.len() > 10 {
            format!(
                "{} and {} more",
                missing[..10].join(", "),
                missing.len() - 10
            )
        } else {
            missing.join(", ")
        };
        return Err(usage(format!(
            "{} of {of} parts missing: part{} {shown}",
            missing.len(),
            if missing.len() == 1 { "" } else { "s" }
        )));
    }
    let parts: Vec<PartFile> = parts.into_iter().map(|(_, p)| p).collect();
    match &parts[0] {
        PartFile::Queens(q) => merge_queens(q.n, &info, &parts),
        PartFile::KnightCount(k) => merge_knight(k, &info, &parts),
    }
}

fn version_mismatch(info: &PartInfo, ours: &str, tasks: usize) -> Stop {
    usage(format!(
        "the parts were made from another task list ({} tasks, {}) than this version makes \
         ({tasks} tasks, {ours}): merge them with the puzzlelab that made them",
        info.tasks, info.fingerprint
    ))
}

fn sum(mut values: impl Iterator<Item = u64>) -> Result<u64, Stop> {
    values
        .try_fold(0u64, |a, b| a.checked_add(b))
        .ok_or_else(|| usage("the parts' sums overflow: they cannot be from one count"))
}

fn merge_queens(n: u32, info: &PartInfo, parts: &[PartFile]) -> Result<Value, Stop> {
    queens::check_count_n(n)?;
    let (list, fingerprint) = queens::count_task_list(n);
    if fingerprint != info.fingerprint || list.len() != info.tasks {
        return Err(version_mismatch(info, &fingerprint, list.len()));
    }
    let queens = || {
        parts.iter().filter_map(|p| match p {
            PartFile::Queens(q) => Some(&q.partial),
            PartFile::KnightCount(_) => None,
        })
    };
    let solutions = sum(queens().map(|q| q.solutions))?;
    let unique = sum(queens().map(|q| q.unique))?;
    json(queens::answer(n, solutions, unique)?)
}

fn merge_knight(
    first: &KnightCountPart,
    info: &PartInfo,
    parts: &[PartFile],
) -> Result<Value, Stop> {
    let board = super::parse_board(&first.board).map_err(usage)?;
    let (spec, board) = count::spec_of(board, first.start.as_deref(), first.closed)?;
    if first.method.as_deref() == Some("frontier") {
        return merge_frontier(spec, board, info, parts);
    }
    let (plan, fingerprint) = count::plan_of(spec)?;
    if fingerprint != info.fingerprint || plan.tasks.len() != info.tasks {
        return Err(version_mismatch(info, &fingerprint, plan.tasks.len()));
    }
    let knights: Vec<&KnightCountPart> = parts
        .iter()
        .filter_map(|p| match p {
            PartFile::KnightCount(k) => Some(k),
            PartFile::Queens(_) => None,
        })
        .collect();
    let classes = plan.classes.len();
    if let Some(bad) = knights
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
        .map(|c| sum(knights.iter().map(|k| k.partial.class_totals[c])))
        .collect::<Result<Vec<u64>, Stop>>()?;
    // Real counts are far below this (8x8 has about 2e16 directed tours): larger sums are
    // not from a count, and deriving directed tours from them would overflow.
    let most = u64::MAX / (2 * board.squares() as u64);
    if class_totals.iter().any(|&t| t > most) {
        return Err(usage("the parts' sums are too large to be a tour count"));
    }
    let nodes = sum(knights.iter().map(|k| k.partial.nodes))?;
    let threads = knights
        .iter()
        .fold(0usize, |a, k| a.saturating_add(k.partial.threads));
    let seconds = knights.iter().map(|k| k.partial.seconds).sum();
    json(count::answer(
        &plan,
        board,
        &class_totals,
        nodes,
        threads,
        seconds,
    ))
}

/// Frontier parts: each is the tours of one class at the cut; their sum is the count.
fn merge_frontier(
    spec: crate::solver::knight::count::CountSpec,
    board: crate::solver::board::Board,
    info: &PartInfo,
    parts: &[PartFile],
) -> Result<Value, Stop> {
    let plan = crate::solver::knight::frontier::plan(spec).map_err(usage)?;
    let fingerprint = count::frontier_fingerprint(spec, &plan);
    if fingerprint != info.fingerprint || info.tasks != info.of as usize {
        return Err(version_mismatch(info, &fingerprint, info.of as usize));
    }
    let knights: Vec<&KnightCountPart> = parts
        .iter()
        .filter_map(|p| match p {
            PartFile::KnightCount(k) => Some(k),
            PartFile::Queens(_) => None,
        })
        .collect();
    if let Some(bad) = knights.iter().find(|k| k.partial.class_totals.len() != 1) {
        return Err(usage(format!(
            "part {} of {} has {} totals; a frontier part has one",
            bad.part.index,
            bad.part.of,
            bad.partial.class_totals.len()
        )));
    }
    let tours = sum(knights.iter().map(|k| k.partial.class_totals[0]))?;
    let threads = knights
        .iter()
        .fold(0usize, |a, k| a.saturating_add(k.partial.threads));
    let seconds = knights.iter().map(|k| k.partial.seconds).sum();
    count::frontier_answer(spec, board, tours, threads, seconds)
}
