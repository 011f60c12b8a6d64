//! A frontier count cut into independent parts: open tours from every square are the sum,
//! over one start square per symmetry class, of the tours from that square times the
//! class size. Each part is a whole sweep with a fixed start, and a fixed start keeps far
//! fewer path structures alive (on 6x6 the biggest part, from a corner, peaks at 31 % of
//! the all-starts layer; from c3 at 7 %), so parts fit where the whole does not: a
//! browser worker has at most 4 GiB, the 7x7 all-starts sweep needs about 10 GB. Parts
//! need no exchange between workers, and give the tours from each start (the heatmap) on
//! the way. The price is more work in all: the parts together expand more states than the
//! one all-starts sweep (1.02x on 6x6 with its 6 parts, 1.17x on 5x6, 2.8x on 6x7 with 12;
//! the ignored test `parts_cost` prints these).
//!
//! Closed tours and counts from one start are one part (the spec itself).

use super::{FrontierProgress, FrontierResult};
use crate::knight::count::{symmetries, CountResult, CountSpec};
use crate::knight::existence::open_tour_from;

/// The parts of a count and how their answers add up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FrontierParts {
    pub spec: CountSpec,
    /// The sweeps to run, each independent of the others.
    pub parts: Vec<CountSpec>,
    /// The start squares each part stands for (its symmetry class; every square for a
    /// closed count).
    pub classes: Vec<Vec<u32>>,
    /// Start squares no tour can begin on (by theorem): counted as 0 without a sweep.
    pub ruled_out: Vec<u32>,
}

impl FrontierParts {
    pub fn new(spec: CountSpec) -> Result<FrontierParts, String> {
        let board = spec.board()?;
        super::plan(spec)?;
        let all: Vec<u32> = (0..board.squares()).collect();
        if spec.closed || spec.start.is_some() {
            let class = if spec.closed {
                all
            } else {
                spec.start.into_iter().collect()
            };
            return Ok(FrontierParts {
                spec,
                parts: vec![spec],
                classes: vec![class],
                ruled_out: Vec::new(),
            });
        }
        let syms = symmetries(board);
        let mut seen = vec![false; board.squares() as usize];
        let mut split = FrontierParts {
            spec,
            parts: Vec::new(),
            classes: Vec::new(),
            ruled_out: Vec::new(),
        };
        for s in all {
            if seen[s as usize] {
                continue;
            }
            let mut class: Vec<u32> = syms.iter().map(|g| g[s as usize]).collect();
            class.sort_unstable();
            class.dedup();
            class.iter().for_each(|&c| seen[c as usize] = true);
            if open_tour_from(board, s).exists {
                split.parts.push(CountSpec {
                    start: Some(s),
                    ..spec
                });
                split.classes.push(class);
            } else {
                split.ruled_out.extend(class);
            }
        }
        Ok(split)
    }

    /// The answer from each part's result (`results[i]` for `parts[i]`), in the depth-first
    /// counter's conventions; an error if a count does not fit in 64 bits.
    pub fn combine(&self, results: &[FrontierResult]) -> Result<CountResult, String> {
        if results.len() != self.parts.len() {
            return Err(format!(
                "{} part results for {} parts",
                results.len(),
                self.parts.len()
            ));
        }
        let too_big = |_| "the count does not fit in 64 bits".to_string();
        let squares = (self.spec.width * self.spec.height) as usize;
        let mut per_start = vec![0u64; squares];
        if self.spec.closed {
            let r = results.first().ok_or("no part")?;
            let cycles = u64::try_from(r.undirected.unwrap_or(0)).map_err(too_big)?;
            let directed = u64::try_from(r.directed).map_err(too_big)?;
            per_start.iter_mut().for_each(|c| *c = 2 * cycles);
            return Ok(CountResult {
                directed,
                undirected: Some(cycles),
                per_start,
            });
        }
        let mut directed = 0u64;
        for (class, r) in self.classes.iter().zip(results) {
            let from_one = u64::try_from(r.directed).map_err(too_big)?;
            for &s in class {
                per_start[s as usize] = from_one;
                directed = directed
                    .checked_add(from_one)
                    .ok_or("the count does not fit in 64 bits")?;
            }
        }
        let undirected = match (self.spec.start, squares) {
            (Some(_), _) => None,
            // The one-square "tour" is its own reverse.
            (None, 1) => Some(directed),
            (None, _) => Some(directed / 2),
        };
        Ok(CountResult {
            directed,
            undirected,
            per_start,
        })
    }
}

/// States a finished part expanded (its work, in [`FrontierProgress::work_done`]'s units).
pub fn work_of(result: &FrontierResult) -> u64 {
    let cells = result.layer_sizes.len().saturating_sub(1);
    result.layer_sizes[..cells].iter().sum()
}

/// How far a split count has come: `(work done, estimated total work)`, from the work of
/// the finished parts, the progress of the running ones, and the number still queued
/// (each guessed as big as the average part known so far). The estimate is rough until
/// the big parts have run; it is shown as "about".
pub fn overall(finished: &[u64], running: &[FrontierProgress], queued: usize) -> (u64, u64) {
    let done: u64 = finished.iter().sum::<u64>() + running.iter().map(|p| p.work_done).sum::<u64>();
    let known: u64 =
        finished.iter().sum::<u64>() + running.iter().map(|p| p.work_estimate).sum::<u64>();
    let parts = (finished.len() + running.len()) as u64;
    let guess = match parts {
        0 => 0,
        n => known / n * queued as u64,
    };
    (done, (known + guess).max(done))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overall_progress_adds_finished_running_and_queued_parts() {
        let running = FrontierProgress {
            work_done: 50,
            work_estimate: 200,
            ..FrontierProgress::default()
        };
        // 100 done in one part, 50 of about 200 in another, two more queued at the
        // average of 150 each.
        assert_eq!(overall(&[100], &[running], 2), (150, 600));
        assert_eq!(overall(&[], &[], 3), (0, 0));
        assert_eq!(overall(&[7, 9], &[], 0), (16, 16));
    }

    #[test]
    fn work_of_a_part_is_the_states_it_expanded() {
        let r = FrontierResult {
            directed: 0,
            undirected: None,
            peak_states: 5,
            layer_sizes: vec![1, 3, 5, 2],
        };
        assert_eq!(work_of(&r), 9);
    }
}
