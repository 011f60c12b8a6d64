//! The backtracking step machine: one queen per column, columns left to right, rows bottom
//! to top, pruning a square as soon as it is attacked. One step places a queen or takes one
//! back; the counters are the article's.

use serde::{Deserialize, Serialize};

use super::code::QueensLine;
use super::MAX_N;
use crate::tree::{pow, SearchTree, TreeMachine};
use crate::watch::Watched;
use crate::{Stats, Status, StepMachine};

/// What one step did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum QueensEvent {
    Place {
        col: u32,
        row: u32,
    },
    /// A placement that completes a solution.
    Solution {
        col: u32,
        row: u32,
    },
    /// The queen in `col` is taken back (its column is exhausted, or after a solution).
    Remove {
        col: u32,
        row: u32,
    },
}

/// The article's counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct QueensStats {
    /// Search-tree nodes, the empty board (root) included.
    pub nodes: u64,
    /// Squares tested, trying every row of each column.
    pub tested_all_rows: u64,
    /// Squares tested, skipping rows already holding a queen.
    pub tested_free_rows: u64,
    /// Partial boards with no safe square in the next column.
    pub dead_ends: u64,
    pub solutions: u64,
}

#[derive(Clone, Debug)]
pub struct QueensSearch {
    n: u32,
    /// Row of the queen in each filled column.
    rows: Vec<u32>,
    /// The next row to try in the column after the last queen.
    next_row: u32,
    /// Whether the current partial board has had any child yet.
    had_child: bool,
    stop_at_first: bool,
    status: Status,
    stats: Stats,
    counters: QueensStats,
    /// The listing's line the last step executed (`Start` before any).
    line: QueensLine,
}

impl QueensSearch {
    /// Enumerates every solution (`stop_at_first` stops at the first one).
    pub fn new(n: u32, stop_at_first: bool) -> Result<QueensSearch, String> {
        if !(1..=MAX_N).contains(&n) {
            return Err(format!("N must be 1 to {MAX_N}, not {n}"));
        }
        Ok(QueensSearch {
            n,
            rows: Vec::with_capacity(n as usize),
            next_row: 0,
            had_child: false,
            stop_at_first,
            status: Status::Running,
            stats: Stats {
                nodes: 1,
                ..Stats::default()
            },
            counters: QueensStats {
                nodes: 1,
                ..QueensStats::default()
            },
            line: QueensLine::Start,
        })
    }

    pub fn n(&self) -> u32 {
        self.n
    }

    /// `rows()[c]` = row of the queen in column `c`, for the columns filled so far.
    pub fn rows(&self) -> &[u32] {
        &self.rows
    }

    pub fn counters(&self) -> &QueensStats {
        &self.counters
    }

    /// The listing's line the last step executed ([`QueensLine::Start`] before any).
    pub fn line(&self) -> QueensLine {
        self.line
    }

    /// The row being tried next in the current column (for showing the search).
    pub fn next_row(&self) -> u32 {
        self.next_row
    }

    pub fn cancel(&mut self) {
        if self.status == Status::Running {
            self.status = Status::Cancelled;
        }
    }

    fn attacked(&self, row: u32) -> bool {
        let col = self.rows.len() as u32;
        self.rows
            .iter()
            .enumerate()
            .any(|(c, &r)| r == row || r.abs_diff(row) == col - c as u32)
    }

    /// Takes back the last queen and resumes its column at the next row.
    fn remove(&mut self) -> QueensEvent {
        let row = self.rows.pop().expect("a queen to take back");
        self.next_row = row + 1;
        self.had_child = true; // the column being resumed did have this child
        self.stats.backtracks += 1;
        QueensEvent::Remove {
            col: self.rows.len() as u32,
            row,
        }
    }
}

impl StepMachine for QueensSearch {
    type Event = QueensEvent;

    fn step(&mut self) -> Option<QueensEvent> {
        if self.status.is_finished() {
            return None;
        }
        self.stats.steps += 1;
        let col = self.rows.len() as u32;
        if col == self.n {
            self.line = QueensLine::Next;
            return Some(self.remove()); // after a solution, look for the next
        }
        let used = |rows: &[u32], r: u32| rows.contains(&r);
        while self.next_row < self.n {
            let row = self.next_row;
            self.next_row += 1;
            self.counters.tested_all_rows += 1;
            if !used(&self.rows, row) {
                self.counters.tested_free_rows += 1;
            }
            if !self.attacked(row) {
                self.rows.push(row);
                self.next_row = 0;
                self.had_child = false;
                self.counters.nodes += 1;
                self.stats.nodes += 1;
                if self.rows.len() as u32 == self.n {
                    self.counters.solutions += 1;
                    if self.stop_at_first {
                        self.status = Status::Solved;
                    }
                    self.line = QueensLine::Solution;
                    return Some(QueensEvent::Solution { col, row });
                }
                self.line = QueensLine::Place;
                return Some(QueensEvent::Place { col, row });
            }
        }
        if !self.had_child {
            self.counters.dead_ends += 1;
        }
        if self.rows.is_empty() {
            self.line = QueensLine::Done;
            self.status = if self.counters.solutions > 0 {
                Status::Solved
            } else {
                Status::Exhausted
            };
            return None;
        }
        self.line = QueensLine::Back;
        Some(self.remove())
    }

    fn status(&self) -> Status {
        self.status
    }

    fn stats(&self) -> &Stats {
        &self.stats
    }
}

/// Boards with one queen per column, however they attack: `n^n` (8^8 = 16,777,216);
/// saturates past `u128`.
pub fn boards(n: u32) -> u128 {
    pow(n, n)
}

/// Boards with one queen per column and per row: `n!` (8! = 40,320); saturates.
pub fn permutations(n: u32) -> u128 {
    (1..=n as u128)
        .try_fold(1u128, |acc, k| acc.checked_mul(k))
        .unwrap_or(u128::MAX)
}

/// Largest N whose search tree the page draws.
pub const MAX_TREE_N: u32 = 10;

/// An empty tree for the N-queens search: a cut in column `c + 1` eliminates the
/// `n^(n − c − 1)` boards that complete it.
pub fn queens_tree(n: u32) -> SearchTree {
    SearchTree::new(n, n)
}

impl QueensSearch {
    /// Squares refused by a check so far (tested and not entered).
    pub fn cuts(&self) -> u64 {
        self.counters.tested_all_rows - (self.counters.nodes - 1)
    }
}

impl TreeMachine for QueensSearch {
    fn branch(&self) -> &[u32] {
        &self.rows
    }

    fn cuts(&self) -> u64 {
        QueensSearch::cuts(self)
    }

    fn solutions(&self) -> u64 {
        self.counters.solutions
    }
}

impl Watched for QueensSearch {
    fn depth(&self) -> u32 {
        self.rows.len() as u32
    }

    fn max_depth(&self) -> u32 {
        self.n
    }

    fn solutions(&self) -> u64 {
        self.counters.solutions
    }

    fn event_name(&self, event: Option<&QueensEvent>, _depth_before: u32) -> &'static str {
        match event {
            Some(QueensEvent::Place { .. }) => "place",
            Some(QueensEvent::Solution { .. }) => "solution",
            Some(QueensEvent::Remove { .. }) => "remove",
            None => "finished",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eight_queens_counters_match_the_article() {
        let mut s = QueensSearch::new(8, false).unwrap();
        let mut first = None;
        while let Some(e) = s.step() {
            if first.is_none() && matches!(e, QueensEvent::Solution { .. }) {
                first = Some(s.rows().to_vec());
            }
        }
        assert_eq!(s.status(), Status::Solved);
        let c = s.counters();
        assert_eq!(c.solutions, 92);
        assert_eq!(c.nodes, 2057);
        assert_eq!(c.tested_all_rows, 15720);
        assert_eq!(c.tested_free_rows, 5508);
        assert_eq!(
            super::super::placement_names(&first.unwrap()),
            "a1 b5 c8 d6 e3 f7 g2 h4"
        );
    }

    #[test]
    fn dead_ends_are_internal_nodes_without_children() {
        // 8 queens: 1965 internal nodes (depth < 8); those with children = nodes at the
        // next depth grouped by parent. Checked by a separate recursive count.
        fn recurse(rows: &mut Vec<u32>, n: u32, dead: &mut u64) {
            if rows.len() as u32 == n {
                return;
            }
            let col = rows.len() as u32;
            let mut children = 0;
            for r in 0..n {
                if rows
                    .iter()
                    .enumerate()
                    .all(|(c, &q)| q != r && q.abs_diff(r) != col - c as u32)
                {
                    children += 1;
                    rows.push(r);
                    recurse(rows, n, dead);
                    rows.pop();
                }
            }
            if children == 0 {
                *dead += 1;
            }
        }
        for n in 1..=8 {
            let mut dead = 0;
            recurse(&mut Vec::new(), n, &mut dead);
            let mut s = QueensSearch::new(n, false).unwrap();
            s.run(u64::MAX);
            assert_eq!(s.counters().dead_ends, dead, "n = {n}");
        }
    }

    #[test]
    fn small_boards_and_limits() {
        let mut s = QueensSearch::new(3, false).unwrap();
        assert_eq!(s.run(1000), Status::Exhausted);
        assert_eq!(s.counters().solutions, 0);
        let mut one = QueensSearch::new(1, true).unwrap();
        assert_eq!(one.run(10), Status::Solved);
        assert_eq!(one.rows(), &[0]);
        assert!(QueensSearch::new(0, false).is_err());
        assert!(QueensSearch::new(33, false).is_err());
    }
}
