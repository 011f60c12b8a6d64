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
    /// The depths this column is drawn over, `(low, high)`: its own range, stretched to
    /// meet the column before it, so the columns join into one line however few steps
    /// each covers (a depth moves one level a step, or jumps back: the join draws that
    /// move).
    pub fn joined_span(&self, before: Option<&Bucket>) -> (u32, u32) {
        let (mut low, mut high) = (self.min_depth, self.max_depth);
        if let Some(b) = before {
            if b.min_depth > high {
                high = b.min_depth;
            } else if b.max_depth < low {
                low = b.max_depth;
            }
        }
        (low, high)
    }

    fn add_mark(&mut self, mark: Mark) {
        self.dead_end |= mark.dead_end;
        self.jump |= mark.jump;
        self.solution |= mark.solution;
    }

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
        let b = self.column_for(step, depth);
        b.steps += 1;
        b.add_mark(mark);
        if self.buckets.len() > MAX_BUCKETS {
            self.widen();
        }
    }

    /// Records `count` steps from `first` on, all ending at `depth` (a machine that took
    /// them in one go, e.g. brute force skipping a block of sequences that fail alike);
    /// the same columns as recording them one by one, in time that grows with the log of
    /// `count` (columns double in width as they fill).
    pub fn record_range(&mut self, first: u64, count: u64, depth: u32, mark: Mark) {
        let (mut step, mut left) = (first, count);
        while left > 0 {
            let width = self.width;
            let b = self.column_for(step, depth);
            let take = left.min(width - b.steps);
            b.steps += take;
            // The marks belong to the range's last step.
            if take == left {
                b.add_mark(mark);
            }
            step += take;
            left -= take;
            if self.buckets.len() > MAX_BUCKETS {
                self.widen();
            }
        }
    }

    /// The column step `step` (ending at `depth`) goes in, its depths widened to take
    /// it: the last column, or a new one from `step` when the last is full.
    fn column_for(&mut self, step: u64, depth: u32) -> &mut Bucket {
        if self.buckets.last().is_none_or(|b| b.steps >= self.width) {
            self.buckets.push(Bucket {
                first: step,
                min_depth: depth,
                max_depth: depth,
                ..Bucket::default()
            });
        }
        let b = self.buckets.last_mut().expect("just ensured");
        b.min_depth = b.min_depth.min(depth);
        b.max_depth = b.max_depth.max(depth);
        b
    }

    /// Halves the columns: neighbours merge, each column covers twice the steps.
    fn widen(&mut self) {
        self.width *= 2;
        let old = std::mem::take(&mut self.buckets);
        self.buckets = old
            .chunks(2)
            .map(|pair| pair.iter().copied().reduce(Bucket::merge).expect("a pair"))
            .collect();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joined_columns_meet_the_column_before() {
        let col = |min_depth, max_depth| Bucket {
            min_depth,
            max_depth,
            ..Bucket::default()
        };
        // Deeper than before: reaches down to where the last column stopped.
        assert_eq!(col(5, 6).joined_span(Some(&col(3, 4))), (4, 6));
        // A jump back: reaches up to the last column's lowest.
        assert_eq!(col(1, 1).joined_span(Some(&col(6, 7))), (1, 6));
        // Overlapping ranges and the first column keep their own.
        assert_eq!(col(2, 5).joined_span(Some(&col(4, 8))), (2, 5));
        assert_eq!(col(2, 5).joined_span(None), (2, 5));
    }

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

    #[test]
    fn ranges_make_the_same_columns_as_single_steps() {
        let (mut one, mut many) = (DepthChart::default(), DepthChart::default());
        let mut step = 1u64;
        for i in 0..5_000u64 {
            let count = 1 + (i * 7919) % 97;
            let depth = (i % 13) as u32;
            let mark = Mark {
                solution: i % 1000 == 3,
                ..Mark::default()
            };
            for k in 0..count {
                let last = k + 1 == count;
                one.record(step + k, depth, if last { mark } else { Mark::default() });
            }
            many.record_range(step, count, depth, mark);
            step += count;
        }
        assert_eq!(one.buckets(), many.buckets());
        // A range of billions of steps fills a bounded number of columns at once.
        let mut huge = DepthChart::default();
        huge.record_range(1, 8u64.pow(11), 1, Mark::default());
        huge.record_range(8u64.pow(11) + 1, 5, 9, Mark::default());
        let b = huge.buckets();
        assert!(b.len() <= MAX_BUCKETS, "{}", b.len());
        assert_eq!(b.iter().map(|b| b.steps).sum::<u64>(), 8u64.pow(11) + 5);
        assert_eq!(b.last().unwrap().max_depth, 9);
    }
}
