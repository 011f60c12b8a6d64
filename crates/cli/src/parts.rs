//! Splitting a count over machines, as the command line sees it: how `merge` names a
//! part's problem and refuses parts that do not add up. The part format itself is
//! [`puzzlelab_links::part_file`], shared with the page.

use puzzlelab_links::part_file::PartInfo;

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
