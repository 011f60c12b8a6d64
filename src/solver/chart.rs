//! The depth chart of a search of any length: at most `MAX_BUCKETS` columns, each the
//! least and greatest depth over the steps it covers and what happened in them. Columns
//! merge pairwise as the search grows, so a search of a billion steps still draws in a
//! thousand columns.

use serde::{Deserialize, Serialize};

/// Columns of the chart at most.
pub const MAX_BUCKETS: usize = 1024;

/// One column of the chart.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bucket {
    /// First step covered (steps run from 1).
    pub first: u64,
    pub steps: u64,
    /// Depth (for a tour: squares numbered) at least and at most over those steps.
    pub min_depth: u32,
    pub max_depth: u32,
    /// The search met a dead end here (a square with no way on).
    pub dead_end: bool,
    /// A jump back of several levels happened here.
    pub jump: bool,
    /// A solution was completed here.
    pub solution: bool,
}

impl Bucket {
    fn merge(a: Bucket, b: Bucket) -> Bucket {
        Bucket {
            first: a.first,
            steps: a.steps + b.steps,
            min_depth: a.min_depth.min(b.min_depth),
            max_depth: a.max_depth.max(b.max_depth),
            dead_end: a.dead_end || b.dead_end,
            jump: a.jump || b.jump,
            solution: a.solution || b.solution,
        }
    }
}

/// What one step contributes to the chart.
#[derive(Clone, Copy, Debug, Default)]
pub struct Mark {
    pub dead_end: bool,
    pub jump: bool,
    pub solution: bool,
}

/// Records a search's depth step by step into a bounded number of columns.
#[derive(Clone, Debug)]
pub struct DepthChart {
    buckets: Vec<Bucket>,
    width: u64,
}

impl Default for DepthChart {
    fn default() -> Self {
        DepthChart {
            buckets: Vec::new(),
            width: 1,
        }
    }
}

impl DepthChart {
    pub fn buckets(&self) -> &[Bucket] {
        &self.buckets
    }

    /// Records step `step` (counted from 1, in order) ending at `depth`.
    pub fn record(&mut self, step: u64, depth: u32, mark: Mark) {
        if self.buckets.last().is_none_or(|b| b.steps >= self.width) {
            self.buckets.push(Bucket {
                first: step,
                min_depth: depth,
                max_depth: depth,
                ..Bucket::default()
            });
        }
        let b = self.buckets.last_mut().expect("just ensured");
        b.steps += 1;
        b.min_depth = b.min_depth.min(depth);
        b.max_depth = b.max_depth.max(depth);
        b.dead_end |= mark.dead_end;
        b.jump |= mark.jump;
        b.solution |= mark.solution;
        if self.buckets.len() > MAX_BUCKETS {
            self.width *= 2;
            let old = std::mem::take(&mut self.buckets);
            self.buckets = old
                .chunks(2)
                .map(|pair| pair.iter().copied().reduce(Bucket::merge).expect("a pair"))
                .collect();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_stay_bounded_and_cover_every_step() {
        let mut chart = DepthChart::default();
        for step in 1..=100_000u64 {
            let depth = (step % 37) as u32;
            let mark = Mark {
                solution: step == 77_777,
                ..Mark::default()
            };
            chart.record(step, depth, mark);
        }
        let b = chart.buckets();
        assert!(b.len() <= MAX_BUCKETS && b.len() > MAX_BUCKETS / 2);
        assert_eq!(b.iter().map(|b| b.steps).sum::<u64>(), 100_000);
        assert_eq!(b[0].first, 1);
        for pair in b.windows(2) {
            assert_eq!(pair[0].first + pair[0].steps, pair[1].first);
        }
        assert_eq!(b.iter().filter(|b| b.solution).count(), 1);
        let with = b.iter().find(|b| b.solution).unwrap();
        assert!((with.first..with.first + with.steps).contains(&77_777));
        assert!(b.iter().all(|b| b.min_depth == 0 && b.max_depth == 36));
    }
}
