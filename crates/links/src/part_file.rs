//! One part of a split count as JSON: what `--part I/K` prints, `puzzlelab merge` reads,
//! and the counting lab saves, exports and imports (one format, in plain Rust, for the
//! command line and the page).
//!
//! A count is a deterministic list of tasks (the same list on every machine running the
//! same version). Part I of K of a task list takes the tasks j (0-based) with
//! `j % K == I - 1` ("round-robin"), which spreads the heavy and light regions of the list
//! evenly; a path-structure count deals tours to parts by their needs vector at a cut
//! ("needs-class"). A part carries which part of what it is and a fingerprint of the whole
//! count, so parts of different problems, splits or versions are refused by name.

use serde::{Deserialize, Serialize};

/// The split of task lists (queens, depth-first knight counts): task j goes to part
/// `j % K + 1`.
pub const SPLIT: &str = "round-robin";
/// The split of a frontier count: tours go to parts by the class of their needs vector at
/// a cut (see `solver::knight::frontier::PartOf`).
pub const FRONTIER_SPLIT: &str = "needs-class";
/// Every split `merge` knows.
pub const SPLITS: [&str; 2] = [SPLIT, FRONTIER_SPLIT];

/// `--part I/K`: slice I (1-based) of K.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PartArg {
    pub index: u32,
    pub of: u32,
}

/// Most parts a count may be split into.
pub const MAX_PARTS: u32 = 1_000_000;

impl PartArg {
    pub fn parse(text: &str) -> Result<PartArg, String> {
        let bad = || format!("'{text}' is not a part like 3/8 (part I of K, 1 <= I <= K)");
        let (i, k) = text.trim().split_once('/').ok_or_else(bad)?;
        let index: u32 = i.trim().parse().map_err(|_| bad())?;
        let of: u32 = k.trim().parse().map_err(|_| bad())?;
        if of == 0 || of > MAX_PARTS {
            return Err(format!(
                "'{text}': the number of parts K must be 1 to {MAX_PARTS}"
            ));
        }
        if index == 0 || index > of {
            return Err(format!("'{text}': part I of {of} must be 1 to {of}"));
        }
        Ok(PartArg { index, of })
    }

    /// Whether task `j` of the list is in this part.
    pub fn owns(&self, j: usize) -> bool {
        j % self.of as usize == (self.index - 1) as usize
    }

    /// The indices of this part's tasks in a list of `tasks`.
    pub fn indices(&self, tasks: usize) -> impl Iterator<Item = usize> {
        ((self.index - 1) as usize..tasks).step_by(self.of as usize)
    }
}

/// Which part of what a part's JSON is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PartInfo {
    /// I, from 1.
    pub index: u32,
    /// K.
    pub of: u32,
    /// How tasks were dealt to parts: "round-robin" (task j to part j mod K + 1) for task
    /// lists, "needs-class" for frontier counts.
    pub split: String,
    /// Tasks in the whole list.
    pub tasks: usize,
    /// Tasks in this part.
    pub tasks_in_part: usize,
    /// FNV-1a (64 bits) of the whole task list and how its results add up.
    pub fingerprint: String,
}

impl PartInfo {
    pub fn new(part: PartArg, tasks: usize, fingerprint: String) -> PartInfo {
        PartInfo::split_by(SPLIT, part, tasks, fingerprint)
    }

    /// A part of a count split by `split` (one of [`SPLITS`]).
    pub fn split_by(split: &str, part: PartArg, tasks: usize, fingerprint: String) -> PartInfo {
        PartInfo {
            index: part.index,
            of: part.of,
            split: split.to_string(),
            tasks,
            tasks_in_part: part.indices(tasks).count(),
            fingerprint,
        }
    }
}

/// FNV-1a, 64 bits: a stable hash (the same on every machine and version of Rust).
pub struct Fingerprint(u64);

impl Fingerprint {
    pub fn new(what: &str) -> Fingerprint {
        let mut f = Fingerprint(0xcbf2_9ce4_8422_2325);
        f.bytes(b"puzzlelab parts v1\0");
        f.bytes(what.as_bytes());
        f.bytes(SPLIT.as_bytes());
        f
    }

    pub fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= b as u64;
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    pub fn number(&mut self, n: u64) {
        self.bytes(&n.to_le_bytes());
    }

    pub fn text(&self) -> String {
        format!("fnv1a64:{:016x}", self.0)
    }
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
    pub fn info(&self) -> &PartInfo {
        match self {
            PartFile::Queens(p) => &p.part,
            PartFile::KnightCount(p) => &p.part,
        }
    }
}

impl PartFile {
    /// The problem and split, as a command line: parts merge only when these agree.
    pub fn problem(&self) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_parse_and_deal_every_task_once() {
        assert_eq!(PartArg::parse("3/8"), Ok(PartArg { index: 3, of: 8 }));
        assert_eq!(PartArg::parse(" 1 / 1 "), Ok(PartArg { index: 1, of: 1 }));
        for bad in [
            "",
            "3",
            "0/8",
            "9/8",
            "1/0",
            "a/b",
            "-1/3",
            "1/2/3",
            "1/2000000",
        ] {
            assert!(PartArg::parse(bad).is_err(), "{bad}");
        }
        for of in 1..=7 {
            let mut seen = [0; 23];
            for index in 1..=of {
                let p = PartArg { index, of };
                for j in p.indices(23) {
                    assert!(p.owns(j));
                    seen[j] += 1;
                }
            }
            assert!(seen.iter().all(|&s| s == 1));
        }
    }

    #[test]
    fn the_fingerprint_depends_on_every_byte() {
        let print = |what: &str, n: u64| {
            let mut f = Fingerprint::new(what);
            f.number(n);
            f.text()
        };
        assert_eq!(print("queens 8", 1), print("queens 8", 1));
        assert_ne!(print("queens 8", 1), print("queens 8", 2));
        assert_ne!(print("queens 8", 1), print("queens 9", 1));
        assert_eq!(print("x", 0).len(), "fnv1a64:".len() + 16);
    }
}
