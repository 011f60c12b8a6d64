//! `puzzlelab merge FILE...`: sums the parts of a split count into the whole answer.
//!
//! Input: files (or stdin when there are none, or for `-`) holding part objects, one per
//! line or simply one after another. Every part must come from the same problem, split the
//! same way (the same K and task-list fingerprint), and each of parts 1..K must be there
//! exactly once; the task list is rebuilt here and must have the same fingerprint (parts of
//! another version are refused). The answer is the JSON the unsplit command prints.

use std::io::Read;

use clap::Args;
use serde_json::Value;

use super::{count, queens, usage, Stop};
use puzzlelab_links::part_file::{PartFile, SPLITS};

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

/// One input object and where it came from (for messages).
pub(crate) struct Input {
    pub(crate) origin: String,
    pub(crate) value: Value,
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
pub(crate) fn objects(name: &str, text: &str) -> Result<Vec<Input>, Stop> {
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
    if !SPLITS.contains(&info.split.as_str()) {
        return Err(usage(format!(
            "{first_origin}: unknown split '{}' (this version splits {})",
            info.split,
            SPLITS.join(" or ")
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
    // Each command merges its own parts.
    let mut queens_parts = Vec::new();
    let mut knight_parts = Vec::new();
    for (_, part) in parts {
        match part {
            PartFile::Queens(q) => queens_parts.push(q),
            PartFile::KnightCount(k) => knight_parts.push(k),
        }
    }
    match (queens_parts.first(), knight_parts.first()) {
        (Some(q), _) => queens::merge(q.n, &info, &queens_parts),
        (None, Some(_)) => count::merge(&info, &knight_parts),
        (None, None) => Err(usage("no parts to merge")),
    }
}
