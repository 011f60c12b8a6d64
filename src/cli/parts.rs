//! Splitting a count over machines, as the command line sees it: how `merge` names a
//! part's problem and refuses parts that do not add up. The part format itself is
//! [`crate::share::part_file`], shared with the page.

use crate::share::part_file::{PartFile, PartInfo};

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

/// A part that names the same problem and split as the merge's first but was made from a
/// different task list (another version of puzzlelab).
pub fn version_mismatch(info: &PartInfo, ours: &str, tasks: usize) -> super::Stop {
    super::usage(format!(
        "the parts were made from another task list ({} tasks, {}) than this version makes \
         ({tasks} tasks, {ours}): merge them with the puzzlelab that made them",
        info.tasks, info.fingerprint
    ))
}

/// The sum of the parts' counts, refused if it overflows (no real count does).
pub fn sum(mut values: impl Iterator<Item = u64>) -> Result<u64, super::Stop> {
    values
        .try_fold(0u64, |a, b| a.checked_add(b))
        .ok_or_else(|| super::usage("the parts' sums overflow: they cannot be from one count"))
}
