//! Lesson 3, after the C course notebook: brute force generates every sequence of moves
//! and checks it afterwards; backtracking gives up a walk at its first wrong move. They
//! race, the estimate of years for 8×8 follows, and tours are counted.

use super::{At, Bench, Fact, Hook, Lesson, Step, TryIt};
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

pub fn lesson() -> Lesson {
    let race = |width, height, brute, back, at| Bench::Race {
        width,
        height,
        start: 0,
        brute,
        back,
        at,
    };
    Lesson {
        slug: SLUG,
        title: "Brute force against backtracking",
        summary: "Generate every sequence of moves and check it, or give up at the first wrong move: the gap, in years.",
        source: "after the C course notebook",
        steps: vec![
            Step {
                title: "Every sequence of moves",
                text: "Brute force does not think: it writes down every sequence of moves — each move one of 8 directions, one fewer move than there are squares — and only then checks whether the sequence stays on the board and never lands on a square twice. On the 3×3 board that is 8 to the power 8, {seq_3x3} sequences, and it finds {tours_3x3} tours: the centre square can never be reached.",
                bench: race(3, 3, true, false, At::End),
                try_it: Some(TryIt::Press { label: "Press Step back a few times to read the sequences it checked.", action: "step-back", times: 3 }),
                facts_after_try: false,
            },
            Step {
                title: "Backtracking: stop at the first wrong move",
                text: "Backtracking walks the same sequences depth first, but gives a walk up the moment a move leaves the board or lands on a visited square, and steps back to try the next direction. On 3×3 that is {back_nodes_3x3} nodes instead of {sequences_3x3} sequences. The notebook's warning holds: in the worst case the work is still exponential; it just skips what cannot work.",
                bench: race(3, 3, false, true, At::End),
                try_it: Some(TryIt::Press { label: "Press Step back to watch the walk retreat.", action: "step-back", times: 3 }),
                facts_after_try: false,
            },
            Step {
                title: "The race",
                text: "Side by side, one step each: brute force checks a block of sequences while backtracking takes as many decisions. Watch the counters: brute force is still near the start when backtracking has finished. Both always agree on the number of tours; only the work differs.",
                bench: race(3, 3, true, true, At::Start),
                try_it: Some(TryIt::Press { label: "Press Play.", action: "play", times: 1 }),
                facts_after_try: false,
            },
            Step {
                title: "A board with tours: 4×3",
                text: "The notebook's next board is 4×3: three more squares, so 8³ times the sequences — {seq_4x3} of them, where the notebook asks you to estimate the time before pressing Run. Backtracking visits {back_nodes_4x3} nodes and finds the {tours_4x3} tours from a1.",
                bench: race(4, 3, false, true, At::End),
                try_it: Some(TryIt::Reach { label: "Step back to the last tour found (the depth chart marks tours).", event: "tour" }),
                facts_after_try: false,
            },
            Step {
                title: "How long would 8×8 take?",
                text: "On 8×8 brute force has 8^63 ≈ 10^{log10_8x8} sequences. Even the notebook's imagined machine — a billion processors checking a trillion sequences a second each — would need 10^{imagined_years} years, and the universe is about 1.4·10^10 years old. Run brute force here to measure this computer's rate: the page turns it into years. Counting them is hard too: 8^63 needs {bits_8x8} bits, and a machine word has 64.",
                bench: Bench::Count { width: 5, height: 5, start: 0 },
                try_it: Some(TryIt::Press { label: "Run brute force for a few seconds, then stop it.", action: "run-brute", times: 1 }),
                facts_after_try: false,
            },
            Step {
                title: "Counting tours",
                text: "Backtracking is complete: run to its end, it has seen every tour. On 5×5 from a1 it counts {tours_5x5} tours, {closed_5x5} of them closed — a board with an odd number of squares has no closed tour, since a knight changes colour at every move. PuzzleLab's fast counter gives the same {tours_5x5}.",
                bench: Bench::Count { width: 5, height: 5, start: 0 },
                try_it: Some(TryIt::Press { label: "Run the backtracking count.", action: "run-backtrack", times: 1 }),
                facts_after_try: true,
            },
        ],
    }
}

pub fn facts() -> Vec<Fact> {
    let brute = |attr| Hook::Attr(attr, "[data-live='brute']");
    let back = |attr| Hook::Attr(attr, "[data-live='backtrack']");
    let (nodes_3x3, _) = backtracking(3, 3, 0);
    let (nodes_4x3, _) = backtracking(4, 3, 0);
    let fast = |w, h| count(spec(w, h, 0)).expect("a small board").directed;
    let closed_5x5 = count(CountSpec {
        closed: true,
        ..spec(5, 5, 0)
    })
    .expect("5x5")
    .directed;
    let one_decimal = |name, v: f64, hook| Fact {
        name,
        value: format!("{v:.1}"),
        shown: format!("{v:.1}"),
        hook,
    };
    vec![
        Fact::int("seq_3x3", sequences(9), brute("data-checked")),
        Fact::int(
            "sequences_3x3",
            sequences(9),
            Hook::Text("[data-readout='sequences']"),
        ),
        Fact::int("tours_3x3", fast(3, 3) as u128, brute("data-tours")),
        Fact::int("back_nodes_3x3", nodes_3x3 as u128, back("data-nodes")),
        Fact::int(
            "seq_4x3",
            sequences(12),
            Hook::Text("[data-readout='sequences']"),
        ),
        Fact::int("back_nodes_4x3", nodes_4x3 as u128, back("data-nodes")),
        Fact::int("tours_4x3", fast(4, 3) as u128, back("data-tours")),
        one_decimal(
            "log10_8x8",
            brute_force_log10(64),
            Hook::Text("[data-readout='log10-8x8']"),
        ),
        one_decimal(
            "imagined_years",
            imagined_years_log10(64),
            Hook::Text("[data-readout='years-imagined']"),
        ),
        Fact::int(
            "bits_8x8",
            bits(64) as u128,
            Hook::Text("[data-readout='bits-8x8']"),
        ),
        Fact::int(
            "tours_5x5",
            fast(5, 5) as u128,
            Hook::Attr("data-tours", "[data-method='backtrack']"),
        ),
        Fact::int(
            "closed_5x5",
            closed_5x5 as u128,
            Hook::Attr("data-closed", "[data-method='backtrack']"),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{reference, value};
    use super::*;

    /// Brute force run to its end on 3×3 checks every one of the 8^8 sequences and finds
    /// what backtracking and the fast counter find; on 4×3 backtracking and the fast
    /// counter agree; the notebook's figures (10^56.889, more than 10^28 years) hold.
    #[test]
    fn the_counters_agree_and_the_notebook_figures_hold() {
        let facts = facts();
        let mut b = NaiveCounter::new(NaiveMethod::BruteForce, spec(3, 3, 0)).unwrap();
        while b.leap_steps(1 << 20) > 0 {}
        assert_eq!(b.stats().nodes.to_string(), value(&facts, "seq_3x3"));
        assert_eq!(b.found().tours.to_string(), value(&facts, "tours_3x3"));
        let (_, tours) = backtracking(4, 3, 0);
        assert_eq!(tours.to_string(), value(&facts, "tours_4x3"));
        let (_, tours) = backtracking(5, 5, 0);
        assert_eq!(tours.to_string(), value(&facts, "tours_5x5"));
        // 8^63 = 2^189: its log10 and its bits, worked out another way.
        let log10 = 189.0 * 2f64.log10();
        assert_eq!(value(&facts, "log10_8x8"), format!("{log10:.1}"));
        assert!(imagined_years_log10(64) > 28.0);
        assert_eq!(sequences(12), 1u128 << 33);
        assert_eq!(sequences(9).to_string(), value(&facts, "seq_3x3"));
        assert_eq!(
            value(&facts, "bits_8x8"),
            (8f64.powi(63).log2() as u32).to_string()
        );
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
        assert_eq!(value(&facts, "tours_5x5"), open["directed"].to_string());
        assert_eq!(
            value(&facts, "closed_5x5"),
            closed["undirected"].to_string()
        );
    }
}
