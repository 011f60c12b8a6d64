//! Lesson 3, after the C course notebook: brute force generates every sequence of moves
//! and checks it afterwards; backtracking gives up a walk at its first wrong move. They
//! race, the estimate of years for 8×8 follows, and tours are counted.

use serde::Serialize;

use super::{At, Bench};
use crate::knight::count::{count, CountSpec};
use crate::knight::naive_count::{brute_force_log10, NaiveCounter, NaiveMethod};
use crate::tree::pow;
use crate::StepMachine;

pub const SLUG: &str = "brute-force";

/// The notebook's imagined machine: 10^9 processors checking 10^12 candidates a second.
pub const IMAGINED_LOG10_RATE: f64 = 21.0;
/// Seconds in a year (the notebook's 365.2422 days).
pub const YEAR_SECONDS: f64 = 365.2422 * 86_400.0;

fn spec(width: u32, height: u32, start: u32) -> CountSpec {
    CountSpec {
        width,
        height,
        start: Some(start),
        closed: false,
    }
}

/// Brute force's candidates on a board of `squares`: 8^(N−1), exactly.
pub fn sequences(squares: u32) -> u128 {
    pow(8, squares.saturating_sub(1))
}

/// log10 of the years the imagined machine needs for every sequence on `squares`.
pub fn imagined_years_log10(squares: u32) -> f64 {
    brute_force_log10(squares) - IMAGINED_LOG10_RATE - YEAR_SECONDS.log10()
}

/// Bits a counter needs to hold 8^(N−1): three per move.
pub fn bits(squares: u32) -> u32 {
    3 * squares.saturating_sub(1)
}

/// Nodes the notebook's backtracking visits on a board from a start, and its tours.
pub fn backtracking(width: u32, height: u32, start: u32) -> (u64, u64) {
    let mut c = NaiveCounter::new(NaiveMethod::Backtracking, spec(width, height, start))
        .expect("a board the lesson uses");
    c.run(u64::MAX);
    (c.stats().nodes, c.found().tours)
}

/// Each step's workbench.
pub fn steps() -> Vec<Bench> {
    let race = |width, height, brute, back, at| Bench::Race {
        width,
        height,
        start: 0,
        brute,
        back,
        at,
    };
    let count = Bench::Count {
        width: 5,
        height: 5,
        start: 0,
    };
    vec![
        race(3, 3, true, false, At::End),
        race(3, 3, false, true, At::End),
        race(3, 3, true, true, At::Start),
        race(4, 3, false, true, At::End),
        count.clone(),
        count,
    ]
}

/// Every figure the lesson states, named as its text names them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Facts {
    pub seq_3x3: u64,
    pub sequences_3x3: u64,
    pub tours_3x3: u64,
    pub back_nodes_3x3: u64,
    pub seq_4x3: u64,
    pub back_nodes_4x3: u64,
    pub tours_4x3: u64,
    /// log10 of 8^63, stated to one decimal.
    pub log10_8x8: f64,
    /// log10 of the imagined machine's years, stated to one decimal.
    pub imagined_years: f64,
    pub bits_8x8: u64,
    pub tours_5x5: u64,
    pub closed_5x5: u64,
}

pub fn facts() -> Facts {
    let fast = |w, h| count(spec(w, h, 0)).expect("a small board").directed;
    let closed = CountSpec {
        closed: true,
        ..spec(5, 5, 0)
    };
    let sequences = |squares| u64::try_from(sequences(squares)).expect("small boards");
    Facts {
        seq_3x3: sequences(9),
        sequences_3x3: sequences(9),
        tours_3x3: fast(3, 3),
        back_nodes_3x3: backtracking(3, 3, 0).0,
        seq_4x3: sequences(12),
        back_nodes_4x3: backtracking(4, 3, 0).0,
        tours_4x3: fast(4, 3),
        log10_8x8: brute_force_log10(64),
        imagined_years: imagined_years_log10(64),
        bits_8x8: u64::from(bits(64)),
        tours_5x5: fast(5, 5),
        closed_5x5: count(closed).expect("5x5").directed,
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::reference;
    use super::*;

    /// Brute force run to its end on 3×3 checks every one of the 8^8 sequences and finds
    /// what backtracking and the fast counter find; on 4×3 backtracking and the fast
    /// counter agree; the notebook's figures (10^56.889, more than 10^28 years) hold.
    #[test]
    fn the_counters_agree_and_the_notebook_figures_hold() {
        let facts = facts();
        let mut b = NaiveCounter::new(NaiveMethod::BruteForce, spec(3, 3, 0)).unwrap();
        while b.leap_steps(1 << 20) > 0 {}
        assert_eq!(b.stats().nodes, facts.seq_3x3);
        assert_eq!(b.found().tours, facts.tours_3x3);
        let (_, tours) = backtracking(4, 3, 0);
        assert_eq!(tours, facts.tours_4x3);
        let (_, tours) = backtracking(5, 5, 0);
        assert_eq!(tours, facts.tours_5x5);
        // 8^63 = 2^189: its log10 and its bits, worked out another way.
        let log10 = 189.0 * 2f64.log10();
        assert_eq!(format!("{:.1}", facts.log10_8x8), format!("{log10:.1}"));
        assert!(facts.imagined_years > 28.0);
        assert_eq!(sequences(12), 1u128 << 33);
        assert_eq!(sequences(9), u128::from(facts.seq_3x3));
        assert_eq!(facts.bits_8x8, 8f64.powi(63).log2() as u64);
    }

    /// The 5×5 counts against the published ones (tests/reference/knight.json).
    #[test]
    fn the_5x5_counts_are_the_published_ones() {
        let r = reference("knight.json");
        let row = |key: &str, pick: &dyn Fn(&serde_json::Value) -> bool| {
            r[key]
                .as_array()
                .unwrap()
                .iter()
                .find(|x| pick(x))
                .cloned()
                .unwrap_or_else(|| panic!("knight.json: {key}"))
        };
        let open = row("open_counts", &|x| {
            x["board"] == "5x5" && x["start"] == "a1"
        });
        let closed = row("closed_counts", &|x| x["board"] == "5x5");
        let facts = facts();
        assert_eq!(facts.tours_5x5.to_string(), open["directed"].to_string());
        assert_eq!(
            facts.closed_5x5.to_string(),
            closed["undirected"].to_string()
        );
    }
}
