//! `puzzlelab parts missing DIR|FILE...`: which parts of a split count are not done yet,
//! so a batch user resubmits only those (`sbatch --array=<array>`).
//!
//! A directory is read for its `*.json` files (not its subdirectories). A JSON object with
//! a `"part"` field is a finished part; any other JSON (an `answer.json` beside the parts)
//! is skipped and named in `ignored`. A file whose name goes on after `.json`
//! (`part-3.json.tmp.4711`, the examples' temporary names) is a part that was cut short:
//! named in `unfinished`, never counted. Every part found must be of the same problem and
//! split (the same K and fingerprint), as `merge` wants them; a file that is not JSON is
//! refused by name, since `merge` would refuse it too.

use clap::{Args, Subcommand};
use serde::Serialize;
use serde_json::Value;

use super::merge::objects;
use super::{json, usage, Stop};
use puzzlelab_links::part_file::{PartFile, MAX_PARTS};

#[derive(Args, Debug)]
pub struct PartsArgs {
    #[command(subcommand)]
    pub command: PartsCommand,
}

#[derive(Subcommand, Debug)]
pub enum PartsCommand {
    /// The parts not yet done (missing, array for `sbatch --array`), the parts given twice
    /// (doubled) and the cut-short files (unfinished) in DIR or FILE...
    Missing(MissingArgs),
}

#[derive(Args, Debug)]
#[command(after_help = "\
Prints {\"of\":K,\"done\":[...],\"missing\":[...],\"array\":\"2,5-7\",\"doubled\":[...],
\"unfinished\":[...],\"ignored\":[...],\"problem\":\"...\"}. `array` is the missing parts in
the form `sbatch --array=` takes (empty when none is missing). Without --of, K is read from
the parts found; with none found, --of is needed. Parts of different problems, or of
another K than --of, are refused with status 2.")]
pub struct MissingArgs {
    /// Directories of part files (their *.json), part files, or `-` for stdin.
    #[arg(value_name = "DIR|FILE", required = true)]
    pub paths: Vec<String>,
    /// How many parts the count was split into (K).
    #[arg(long, value_name = "K", value_parser = parse_of)]
    pub of: Option<u32>,
}

fn parse_of(text: &str) -> Result<u32, String> {
    text.trim()
        .parse::<u32>()
        .ok()
        .filter(|k| (1..=MAX_PARTS).contains(k))
        .ok_or_else(|| format!("--of must be a number of parts, 1 to {MAX_PARTS}, not '{text}'"))
}

/// A part given more than once, and where.
#[derive(Serialize, Debug)]
pub struct Doubled {
    pub part: u32,
    pub files: Vec<String>,
}

#[derive(Serialize, Debug)]
pub struct MissingOut {
    pub of: u32,
    pub problem: Option<String>,
    pub done: Vec<u32>,
    pub missing: Vec<u32>,
    /// `missing` as Slurm's `--array` list: `1-4`, `2,5-7`; empty when none is missing.
    pub array: String,
    pub doubled: Vec<Doubled>,
    pub unfinished: Vec<String>,
    pub ignored: Vec<String>,
}

pub fn run(a: &PartsArgs) -> Result<Value, Stop> {
    match &a.command {
        PartsCommand::Missing(m) => json(missing(m)?),
    }
}

/// The input objects (with where each came from) and the cut-short files.
type Found = (Vec<(String, Value)>, Vec<String>);

fn read(paths: &[String]) -> Result<Found, Stop> {
    let mut inputs = Vec::new();
    let mut unfinished = Vec::new();
    for path in paths {
        if path == "-" {
            let mut text = String::new();
            std::io::Read::read_to_string(&mut std::io::stdin(), &mut text)
                .map_err(|e| usage(format!("cannot read stdin: {e}")))?;
            inputs.extend(objects("stdin", &text)?);
            continue;
        }
        let meta =
            std::fs::metadata(path).map_err(|e| usage(format!("cannot read {path}: {e}")))?;
        let files: Vec<String> = if meta.is_dir() {
            let mut names = Vec::new();
            for entry in
                std::fs::read_dir(path).map_err(|e| usage(format!("cannot read {path}: {e}")))?
            {
                let entry = entry.map_err(|e| usage(format!("cannot read {path}: {e}")))?;
                if !entry.file_type().is_ok_and(|t| t.is_file()) {
                    continue;
                }
                let name = entry.file_name().to_string_lossy().into_owned();
                let shown = format!("{}/{name}", path.trim_end_matches('/'));
                if name.ends_with(".json") {
                    names.push(shown);
                } else if name.contains(".json.") {
                    unfinished.push(shown);
                }
            }
            names.sort();
            names
        } else {
            vec![path.clone()]
        };
        for file in files {
            let text = std::fs::read_to_string(&file)
                .map_err(|e| usage(format!("cannot read {file}: {e}")))?;
            inputs.extend(objects(&file, &text).map_err(|e| match e {
                Stop::Usage(text) => usage(format!(
                    "{text} (a part cut short while written? delete it and rerun that part)"
                )),
                other => other,
            })?);
        }
    }
    unfinished.sort();
    let inputs = inputs.into_iter().map(|i| (i.origin, i.value)).collect();
    Ok((inputs, unfinished))
}

pub fn missing(a: &MissingArgs) -> Result<MissingOut, Stop> {
    let (inputs, unfinished) = read(&a.paths)?;
    let mut ignored = Vec::new();
    let mut parts: Vec<(String, PartFile)> = Vec::new();
    for (origin, value) in inputs {
        if value.get("part").is_none() {
            ignored.push(origin);
            continue;
        }
        let part: PartFile = serde_json::from_value(value)
            .map_err(|e| usage(format!("{origin} is not a part this version reads: {e}")))?;
        parts.push((origin, part));
    }
    let of = match (a.of, parts.first()) {
        (Some(k), _) => k,
        (None, Some((_, p))) => p.info().of,
        (None, None) => {
            return Err(usage(
                "no finished parts found: give --of K to list all K parts as missing",
            ))
        }
    };
    let problem = parts.first().map(|(_, p)| p.problem());
    if let (Some((first_origin, _)), Some(problem)) = (parts.first(), &problem) {
        for (origin, part) in &parts {
            if part.info().of != of {
                return Err(usage(format!(
                    "{origin} is part {} of {}, not of {of}",
                    part.info().index,
                    part.info().of
                )));
            }
            if &part.problem() != problem {
                return Err(usage(format!(
                    "parts of different problems or splits: {first_origin} is part of \
                     `{problem}`, but {origin} is part of `{}`",
                    part.problem()
                )));
            }
        }
    }
    let mut seen: Vec<Vec<String>> = vec![Vec::new(); of as usize];
    for (origin, part) in parts {
        let i = part.info().index;
        if !(1..=of).contains(&i) {
            return Err(usage(format!(
                "{origin} says it is part {i} of {of}: parts are numbered 1 to {of}"
            )));
        }
        seen[i as usize - 1].push(origin);
    }
    let done: Vec<u32> = (1..=of)
        .filter(|&i| !seen[i as usize - 1].is_empty())
        .collect();
    let missing: Vec<u32> = (1..=of)
        .filter(|&i| seen[i as usize - 1].is_empty())
        .collect();
    let doubled = seen
        .into_iter()
        .zip(1..)
        .filter(|(files, _)| files.len() > 1)
        .map(|(files, part)| Doubled { part, files })
        .collect();
    Ok(MissingOut {
        of,
        problem,
        done,
        array: array_list(&missing),
        missing,
        doubled,
        unfinished,
        ignored,
    })
}

/// Sorted numbers as ranges: `[1, 2, 3, 5, 7, 8]` → `1-3,5,7-8`.
pub fn array_list(sorted: &[u32]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < sorted.len() {
        let start = sorted[i];
        let mut end = start;
        while i + 1 < sorted.len() && sorted[i + 1] == end + 1 {
            i += 1;
            end = sorted[i];
        }
        out.push(if start == end {
            start.to_string()
        } else {
            format!("{start}-{end}")
        });
        i += 1;
    }
    out.join(",")
}

#[cfg(test)]
mod tests {
    use super::array_list;

    #[test]
    fn missing_parts_read_as_slurm_array_ranges() {
        assert_eq!(array_list(&[]), "");
        assert_eq!(array_list(&[3]), "3");
        assert_eq!(array_list(&[1, 2, 3, 4]), "1-4");
        assert_eq!(array_list(&[1, 2, 3, 5, 7, 8]), "1-3,5,7-8");
    }
}
