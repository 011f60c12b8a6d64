//! "What would it do next?" for the pocket cube's optimal solve: the learner guesses the
//! turn the walk down the distance table takes next; the walk's own next take says whether
//! it was right, and why (the distances the table gives each turn, and the tie-break: the
//! first turn in the order U U2 U' R R2 R' F F2 F' that gets one closer).

use super::moves::format_moves;
use super::table::{generators, DistanceTable, MoveTables};
use super::walk::{SolveWalk, WalkStep};
use crate::predict::{next_decision, Verdict};

/// The generator (index into `table::generators()`) the walk takes next; `None` once
/// solved. The tries before it are comparisons, not decisions.
pub fn next_turn(walk: &SolveWalk) -> Option<usize> {
    // A take comes within one try of each generator.
    let taken = |e: &WalkStep| e.taken.then_some(e.turn);
    next_decision(walk, generators().len() as u64 + 1, taken).map(|(_, turn)| turn)
}

/// Judges `guess` (an index into `table::generators()`) against the walk's next take, with
/// the table's distances as the reason; `None` once solved.
pub fn judge(
    tables: &MoveTables,
    table: &DistanceTable,
    walk: &SolveWalk,
    guess: usize,
) -> Option<Verdict<usize>> {
    let chosen = next_turn(walk)?;
    let d = walk.distance();
    let name = |g: usize| format_moves(&[generators()[g]]);
    let after = |g: usize| table.distance(tables.apply(walk.here(), g));
    let order = table.metric().generators();
    let closer: Vec<usize> = order
        .iter()
        .copied()
        .filter(|&g| after(g) + 1 == d)
        .collect();
    let before: Vec<String> = order
        .iter()
        .copied()
        .take_while(|&g| g != chosen)
        .map(|g| format!("{} {}", name(g), after(g)))
        .collect();
    let mut why = format!(
        "the solve takes {}: the table puts it {} from solved, one closer than {d}",
        name(chosen),
        d - 1
    );
    if !before.is_empty() {
        why += &format!(" (the turns before it lead to {})", before.join(", "));
    }
    if closer.len() > 1 {
        why += &format!(
            "; {} also get one closer, and ties go to the first in the order {}",
            closer
                .iter()
                .filter(|&&g| g != chosen)
                .map(|&g| name(g))
                .collect::<Vec<_>>()
                .join(", "),
            order.iter().map(|&g| name(g)).collect::<Vec<_>>().join(" ")
        );
    }
    Some(Verdict::new(guess, chosen, why, |why| {
        let said = if !order.contains(&guess) {
            format!("{} is not one move in this metric", name(guess))
        } else if closer.contains(&guess) {
            format!(
                "{} gets one closer too, but {} comes first in the order",
                name(guess),
                name(chosen)
            )
        } else {
            format!(
                "{} leads to a position {} from solved, not {}",
                name(guess),
                after(guess),
                d - 1
            )
        };
        format!("{said}; {why}")
    }))
}
