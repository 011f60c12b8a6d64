//! How long the whole backtracking is for N queens, for "Save animation": the step
//! machine run to its end (or to a cap) before a recording is offered.

use crate::StepMachine;

use super::QueensSearch;

/// How far "Save animation" runs the search to learn its length: past this many steps
/// (N = 10 and up) the first this many are offered, and the page says so.
pub const RUN_CAP: u64 = 100_000;

/// The steps of the whole backtracking for `n` (every solution), the machine run to its
/// end: `(steps, true)`, or `(cap, false)` where it runs longer than `cap` steps.
pub fn run_length(n: u32, cap: u64) -> Result<(u64, bool), String> {
    let mut search = QueensSearch::new(n, false)?;
    // The step that finds nothing left is a step too (the listing's "done", the player's
    // last): the run ends with it.
    while search.stats().steps < cap {
        search.step();
        if search.status().is_finished() {
            return Ok((search.stats().steps, true));
        }
    }
    Ok((cap, false))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_run_is_the_machine_run_to_its_end_or_the_cap() {
        // N = 4: two solutions; each step places or takes back one queen.
        let (steps, ended) = run_length(4, RUN_CAP).unwrap();
        assert!(ended);
        let mut search = QueensSearch::new(4, false).unwrap();
        let mut events = 0;
        while search.step().is_some() {
            events += 1;
        }
        assert_eq!(
            steps,
            events + 1,
            "one step an event, and the last finds none"
        );
        assert_eq!(steps, search.stats().steps);
        assert_eq!(search.counters().solutions, 2);
        let (eight, ended) = run_length(8, RUN_CAP).unwrap();
        assert!(ended && eight > steps);
        assert_eq!(run_length(8, 100).unwrap(), (100, false));
        assert_eq!(run_length(12, RUN_CAP).unwrap(), (RUN_CAP, false));
        assert!(run_length(0, RUN_CAP).is_err());
    }
}
