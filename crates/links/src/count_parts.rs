//! Parts of a path-structure count as `puzzlelab knight-count --method frontier --part I/K`
//! prints them and `puzzlelab merge` reads them, so the counting lab's saved, exported and
//! imported parts are the command line's own. A part carries a fingerprint of the count
//! (board, start, open or closed, the cut and the plan's size: FNV-1a over the same text
//! as the command line), so parts of another count, or of another version's split, are
//! refused by name instead of added in.
//!
//! Plain Rust: the page (`app::count`) and the native tests use it alike; the tests check
//! that what is written here is what the command line writes.

use std::collections::BTreeMap;

use puzzlelab_solver::knight::count::CountSpec;
use puzzlelab_solver::knight::frontier::{self, PartOf};

use super::part_file::{
    Fingerprint, KnightCountPart, KnightPartial, PartFile, PartInfo, FRONTIER_SPLIT, SPLITS,
};

/// Most parts the page splits a count into (the command line allows more).
pub const MAX_PAGE_PARTS: u32 = 4096;

/// The fingerprint of a path-structure count's parts: the board, the cut, how classes
/// are dealt, and that structures are mirrored at row ends before the cut (which moves
/// tours between classes, so parts made before the mirroring do not mix with these).
pub fn fingerprint(spec: CountSpec) -> Result<String, String> {
    let plan = frontier::plan(spec)?;
    let mut f = Fingerprint::new(&format!(
        "knight-count frontier {}x{} start={:?} closed={} cut={} classes=needs-vector-hash mirror=row-ends",
        spec.width,
        spec.height,
        spec.start,
        spec.closed,
        PartOf::cut(&plan)
    ));
    f.number(plan.cells_total() as u64);
    Ok(f.text())
}

/// A finished part as the page keeps it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PartDone {
    pub tours: u64,
    pub nodes: u64,
    pub seconds: f64,
}

/// One count split into `of` parts, and the parts finished so far (by index, from 1).
#[derive(Clone, Debug, PartialEq)]
pub struct CountParts {
    pub spec: CountSpec,
    pub fingerprint: String,
    pub of: u32,
    pub done: BTreeMap<u32, PartDone>,
}

/// How many parts the page splits a count into by default: few on small boards, since
/// every part builds its own relaxed count and sweeps the layers near the cut (on 6x6 a
/// part of 8 costs about 0.4 to 0.6 of the whole count), more on bigger boards so each
/// part's layers stay within a browser worker. 8x8 closed in 32 parts peaks at 42.5 M
/// structures a part (2.85 GB natively), in 64 at 35.7 M, for 1.5 times the work in all
/// (64 × 380 M states against 32 × 475 M), so 32.
pub fn default_parts(squares: u32) -> u32 {
    match squares {
        0..=36 => 4,
        37..=56 => 16,
        _ => 32,
    }
}

impl CountParts {
    pub fn new(spec: CountSpec, of: u32) -> Result<CountParts, String> {
        spec.board()?;
        if of == 0 || of > MAX_PAGE_PARTS {
            return Err(format!(
                "a count splits into 1 to {MAX_PAGE_PARTS} parts, not {of}"
            ));
        }
        Ok(CountParts {
            spec,
            fingerprint: fingerprint(spec)?,
            of,
            done: BTreeMap::new(),
        })
    }

    /// The same count split into `of` parts, nothing done.
    pub fn resplit(&self, of: u32) -> Result<CountParts, String> {
        CountParts::new(self.spec, of)
    }

    /// Parts still to count (indices from 1).
    pub fn missing(&self) -> Vec<u32> {
        (1..=self.of)
            .filter(|i| !self.done.contains_key(i))
            .collect()
    }

    pub fn is_complete(&self) -> bool {
        self.done.len() as u32 == self.of
    }

    /// Part `index` (from 1) as the solver's [`PartOf`] (from 0).
    pub fn part_of(&self, index: u32) -> PartOf {
        PartOf {
            index: index - 1,
            of: self.of,
        }
    }

    /// Directed and undirected counts once every part is in (`merge`'s answer).
    pub fn total(&self) -> Option<Result<(u128, Option<u128>), String>> {
        if !self.is_complete() {
            return None;
        }
        let tours = self
            .done
            .values()
            .try_fold(0u64, |a, p| a.checked_add(p.tours))
            .ok_or_else(|| "the parts' sums overflow: they cannot be from one count".to_string());
        Some(tours.and_then(|t| frontier::totals(self.spec, t as u128)))
    }

    fn board_name(&self) -> String {
        format!("{}x{}", self.spec.width, self.spec.height)
    }

    fn start_name(&self) -> Option<String> {
        let board = self.spec.board().ok()?;
        self.spec.start.map(|s| board.name(s))
    }

    /// Part `index` as the command line prints it.
    pub fn json(&self, index: u32, done: &PartDone) -> PartFile {
        PartFile::KnightCount(KnightCountPart {
            board: self.board_name(),
            start: self.start_name(),
            closed: self.spec.closed,
            method: Some("frontier".to_string()),
            part: PartInfo {
                index,
                of: self.of,
                split: FRONTIER_SPLIT.to_string(),
                tasks: self.of as usize,
                tasks_in_part: 1,
                fingerprint: self.fingerprint.clone(),
            },
            partial: KnightPartial {
                class_totals: vec![done.tours],
                nodes: done.nodes,
                threads: 1,
                seconds: done.seconds,
            },
        })
    }

    /// The finished parts, one JSON object a line (what `puzzlelab merge FILE` reads).
    pub fn export(&self) -> String {
        self.done
            .iter()
            .filter_map(|(&i, d)| serde_json::to_string(&self.json(i, d)).ok())
            .map(|line| line + "\n")
            .collect()
    }

    /// Whether `part` is a part of this count (any split); why not, naming it.
    fn check<'a>(&self, file: &'a PartFile) -> Result<&'a KnightCountPart, String> {
        let name = format!("part {} of {}", file.info().index, file.info().of);
        let ours = format!(
            "knight-count --method frontier --board {}{}{}",
            self.board_name(),
            self.start_name()
                .map_or(String::new(), |s| format!(" --start {s}")),
            if self.spec.closed { " --closed" } else { "" }
        );
        let part = match file {
            PartFile::KnightCount(p) if p.method.as_deref() == Some("frontier") => p,
            PartFile::KnightCount(p) => {
                return Err(format!(
                "{name} is a knight-count part{}, not a path-structure count's (this is {ours})",
                p.method
                    .as_deref()
                    .map_or(" by depth-first".to_string(), |m| format!(" by {m}"))
            ))
            }
            PartFile::Queens(_) => {
                return Err(format!(
                    "{name} is a queens part, not a path-structure count's (this is {ours})"
                ))
            }
        };
        if part.board != self.board_name()
            || part.start != self.start_name()
            || part.closed != self.spec.closed
        {
            return Err(format!(
                "{name} counts {}{}{}, not this count ({ours})",
                part.board,
                part.start
                    .as_deref()
                    .map_or(String::new(), |s| format!(" from {s}")),
                if part.closed { " closed" } else { " open" }
            ));
        }
        if part.part.fingerprint != self.fingerprint {
            return Err(format!(
                "{name} has the fingerprint {}, but this count's is {}: it is a part of another count, or of another version's split",
                part.part.fingerprint, self.fingerprint
            ));
        }
        let i = &part.part;
        if i.of == 0
            || i.of > MAX_PAGE_PARTS
            || i.index == 0
            || i.index > i.of
            || i.tasks != i.of as usize
            || !SPLITS.contains(&i.split.as_str())
            || part.partial.class_totals.len() != 1
        {
            return Err(format!(
                "{name} is not a well-formed part (index, split or totals)"
            ));
        }
        Ok(part)
    }

    /// Reads parts (one JSON object after another, as `merge` does, or a JSON array) and
    /// checks each against this count. All or nothing: any bad part refuses the lot,
    /// named in the message, and nothing already done is touched. `Ok` holds the split
    /// they come from (K) and the parts.
    pub fn read(&self, text: &str) -> Result<(u32, Vec<(u32, PartDone)>), String> {
        let mut parts: Vec<PartFile> = Vec::new();
        let trimmed = text.trim_start();
        if trimmed.starts_with('[') {
            parts = serde_json::from_str(trimmed)
                .map_err(|e| format!("the file is not a list of parts: {e}"))?;
        } else {
            for (n, value) in serde_json::Deserializer::from_str(text)
                .into_iter::<serde_json::Value>()
                .enumerate()
            {
                let value = value.map_err(|e| format!("object {} is not JSON: {e}", n + 1))?;
                if value.get("part").is_none() {
                    return Err(format!(
                        "object {} is not a part: it has no \"part\" field (the command line prints parts with --part I/K)",
                        n + 1
                    ));
                }
                parts.push(serde_json::from_value(value).map_err(|e| {
                    format!("object {} is not a part this version reads: {e}", n + 1)
                })?);
            }
        }
        let Some(first) = parts.first() else {
            return Err("no parts in the file".to_string());
        };
        let of = first.info().of;
        let mut checked = Vec::with_capacity(parts.len());
        for file in &parts {
            let p = self.check(file)?;
            if p.part.of != of {
                return Err(format!(
                    "part {} of {} and part {} of {} come from different splits",
                    first.info().index,
                    of,
                    p.part.index,
                    p.part.of
                ));
            }
            checked.push(p);
        }
        Ok((
            of,
            checked
                .into_iter()
                .map(|p| {
                    (
                        p.part.index,
                        PartDone {
                            tours: p.partial.class_totals[0],
                            nodes: p.partial.nodes,
                            seconds: p.partial.seconds,
                        },
                    )
                })
                .collect(),
        ))
    }

    /// Adds read parts of the same split (a part already done keeps its first answer,
    /// and a differing second answer is refused).
    pub fn add(&mut self, parts: &[(u32, PartDone)]) -> Result<usize, String> {
        for (i, p) in parts {
            if let Some(had) = self.done.get(i) {
                if had.tours != p.tours {
                    return Err(format!(
                        "part {i} of {} is here already with {} tours, and the new one says {}: nothing was added",
                        self.of, had.tours, p.tours
                    ));
                }
            }
        }
        let before = self.done.len();
        for &(i, p) in parts {
            if (1..=self.of).contains(&i) {
                self.done.entry(i).or_insert(p);
            }
        }
        Ok(self.done.len() - before)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn closed(w: u32, h: u32) -> CountSpec {
        CountSpec {
            width: w,
            height: h,
            start: None,
            closed: true,
        }
    }

    fn done(tours: u64) -> PartDone {
        PartDone {
            tours,
            nodes: 10,
            seconds: 0.5,
        }
    }

    #[test]
    fn exported_parts_read_back_and_add_up() {
        let mut parts = CountParts::new(closed(6, 6), 3).unwrap();
        parts.add(&[(1, done(5)), (3, done(7))]).unwrap();
        assert_eq!(parts.missing(), vec![2]);
        assert_eq!(parts.total(), None);
        let text = parts.export();
        assert_eq!(text.lines().count(), 2);
        let (of, read) = parts.read(&text).unwrap();
        assert_eq!(of, 3);
        assert_eq!(read, vec![(1, done(5)), (3, done(7))]);
        let mut fresh = CountParts::new(closed(6, 6), 3).unwrap();
        assert_eq!(fresh.add(&read), Ok(2));
        fresh.add(&[(2, done(1))]).unwrap();
        // 13 cycles: each in both directions.
        assert_eq!(fresh.total(), Some(Ok((2 * 13, Some(13)))));
    }

    #[test]
    fn foreign_and_broken_parts_are_refused_by_name() {
        let six = CountParts::new(closed(6, 6), 4).unwrap();
        let mut other = CountParts::new(closed(5, 6), 4).unwrap();
        other.add(&[(2, done(3))]).unwrap();
        let err = six.read(&other.export()).unwrap_err();
        assert!(err.contains("part 2 of 4") && err.contains("5x6"), "{err}");
        assert!(six.read(&six.export()).is_err(), "no parts");
        let mut mine = six.clone();
        mine.add(&[(1, done(3))]).unwrap();
        let bad = mine
            .export()
            .replace(&six.fingerprint, "fnv1a64:0000000000000000");
        let err = six.read(&bad).unwrap_err();
        assert!(
            err.contains("part 1 of 4") && err.contains("fingerprint"),
            "{err}"
        );
        for junk in ["", "{", "{\"a\":1}", "[1]", "null"] {
            assert!(six.read(junk).is_err(), "{junk}");
        }
        let mut twice = mine.clone();
        assert!(twice
            .add(&[(1, done(4))])
            .unwrap_err()
            .contains("part 1 of 4"));
        assert_eq!(twice, mine, "a refused add changes nothing");
    }

    #[test]
    fn splits_are_checked() {
        assert!(CountParts::new(closed(6, 6), 0).is_err());
        assert!(CountParts::new(closed(9, 9), 4).is_err());
        assert_eq!(default_parts(36), 4);
        assert!(default_parts(64) > default_parts(49));
    }
}
