//! The solver's speed targets, measured the same way natively (`puzzlelab rubik speed`,
//! the criterion bench) and in the browser (`RubiksCube.speed`, benches/browser.mjs): the
//! time to build the tables, the time to a first solution of at most 20 moves over the
//! seeded random states 0..n, and the mean length after a fixed search time. The clock is
//! the caller's (milliseconds), so this stays plain Rust.

use serde::{Deserialize, Serialize};

use std::sync::Arc;

use super::optimal_tables::flipslice::FlipSliceTable;
use super::scramble::random_cube;
use super::search::{Search, SearchOptions};
use super::tables::Tables;
use crate::Status;

/// Steps between clock reads: small enough to stop on time, large enough to be free.
const BATCH: u64 = 2_000;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SpeedReport {
    pub tables_ms: f64,
    /// With phase 1's exact distance table ([`Tables::set_phase1_table`]): the time to get
    /// it (built, or read back where it is kept); absent without it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phase1_table_ms: Option<f64>,
    /// Random states 0..states, each solved to a first solution of at most 20 moves.
    pub states: u64,
    pub first_mean_ms: f64,
    pub first_median_ms: f64,
    pub first_worst_ms: f64,
    /// The first solutions' mean length (every one is at most 20).
    pub first_mean_length: f64,
    /// Random states 0..after_states, each searched for `after_ms`.
    pub after_states: u64,
    pub after_ms: f64,
    pub after_mean_length: f64,
}

/// The first solution of at most 20 moves (its length).
pub fn first_solution(tables: &Tables, seed: u64) -> u8 {
    let cube = random_cube(seed);
    let options = SearchOptions {
        max_length: 20,
        target_length: 20,
        directions: 6,
    };
    let mut search = Search::new(tables, &cube, options);
    while search.run_with(tables, BATCH) == Status::Running {}
    search.best().map_or(u8::MAX, |s| s.length)
}

/// The best length found in `budget_ms` of search (by `now`), or by the first solution.
pub fn length_after(tables: &Tables, seed: u64, budget_ms: f64, now: &dyn Fn() -> f64) -> u8 {
    let start = now();
    let cube = random_cube(seed);
    let mut search = Search::new(tables, &cube, SearchOptions::default());
    // As the CLI does: at least the first solution, however long it takes.
    while (search.best().is_none() || now() - start < budget_ms)
        && search.run_with(tables, BATCH) == Status::Running
    {}
    search.best().map_or(u8::MAX, |s| s.length)
}

/// Where [`measure`] gets phase 1's exact distance table from, given the tables.
pub type Phase1Source<'a> = &'a dyn Fn(&Tables) -> Arc<FlipSliceTable>;

/// Builds the tables (and, with `phase1`, gets phase 1's exact table) and measures; `now`
/// reads a clock in milliseconds.
pub fn measure(
    states: u64,
    after_states: u64,
    after_ms: f64,
    phase1: Option<Phase1Source>,
    now: &dyn Fn() -> f64,
) -> SpeedReport {
    let start = now();
    let tables = Tables::new();
    let tables_ms = now() - start;
    let phase1_table_ms = phase1.map(|get| {
        let start = now();
        // Fresh tables: nothing is set yet.
        let _ = tables.set_phase1_table(get(&tables));
        now() - start
    });
    let mut times = Vec::new();
    let mut lengths = 0u64;
    for seed in 0..states {
        let start = now();
        lengths += first_solution(&tables, seed) as u64;
        times.push(now() - start);
    }
    // Times equal under `total_cmp` are the same bits, so an unstable sort is exact.
    times.sort_unstable_by(f64::total_cmp);
    let n = times.len().max(1) as f64;
    let after: u64 = (0..after_states)
        .map(|seed| length_after(&tables, seed, after_ms, now) as u64)
        .sum();
    SpeedReport {
        tables_ms,
        phase1_table_ms,
        states,
        first_mean_ms: times.iter().sum::<f64>() / n,
        first_median_ms: times.get(times.len() / 2).copied().unwrap_or(0.0),
        first_worst_ms: times.last().copied().unwrap_or(0.0),
        first_mean_length: lengths as f64 / n,
        after_states,
        after_ms,
        after_mean_length: after as f64 / after_states.max(1) as f64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_measurement_is_consistent() {
        let clock = std::time::Instant::now();
        let now = || clock.elapsed().as_secs_f64() * 1000.0;
        let r = measure(3, 1, 1.0, None, &now);
        assert!(r.first_mean_length <= 20.0 && r.first_mean_length > 10.0);
        assert!(r.first_median_ms <= r.first_worst_ms);
        assert!(r.after_mean_length <= 20.0);
    }
}
