//! "What would it do next?" for the pocket cube's optimal solve: the learner guesses the
//! turn the walk down the distance table takes next; the walk's rule says whether it was
//! right, and why (the distances the table gives each turn, and the tie-break: the first
//! turn in the order U U2 U' R R2 R' F F2 F' that gets one closer). `Choice` holds only
//! the distances, so the page judges from the worker's hints with the same words.

use super::moves::{format_moves, Move};
use super::table::{generators, DistanceTable, Metric, MoveTables};
use super::walk::{SolveWalk, WalkStep};
use crate::predict::{next_decision, Verdict};

/// The generator (index into `table::generators()`) the walk takes next; `None` once
/// solved. The tries before it are comparisons, not decisions.
pub fn next_turn(walk: &SolveWalk) -> Option<usize> {
    // A take comes within one try of each generator.
    let taken = |e: &WalkStep| e.taken.then_some(e.turn);
    next_decision(walk, generators().len() as u64 + 1, taken).map(|(_, turn)| turn)
}

/// One decision of the walk as the table gives it: the distance here, and after each of
/// the metric's turns in the order the walk tries them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub distance: u8,
    pub after: Vec<(Move, u8)>,
}

impl Choice {
    /// The choice at `position`, read from the table.
    pub fn at(tables: &MoveTables, table: &DistanceTable, position: u32) -> Choice {
        let gens = generators();
        Choice {
            distance: table.distance(position),
            after: table
                .metric()
                .generators()
                .iter()
                .map(|&g| (gens[g], table.distance(tables.apply(position, g))))
                .collect(),
        }
    }

    /// The choice given the distance here and after each turn (`after(m)`, the 18 face
    /// turns' hints), in `metric`'s order.
    pub fn from_hints(metric: Metric, distance: u8, after: impl Fn(Move) -> Option<u8>) -> Choice {
        let gens = generators();
        Choice {
            distance,
            after: metric
                .generators()
                .iter()
                .filter_map(|&g| Some((gens[g], after(gens[g])?)))
                .collect(),
        }
    }

    /// The turns one closer, in order: the walk takes the first.
    fn closer(&self) -> Vec<Move> {
        let d = self.distance;
        let closer = |&&(_, a): &&(Move, u8)| a + 1 == d;
        self.after.iter().filter(closer).map(|&(m, _)| m).collect()
    }

    /// The turn the walk takes here; `None` once solved.
    pub fn chosen(&self) -> Option<Move> {
        self.closer().first().copied()
    }

    /// Judges `guess` against the walk's rule, with the distances as the reason; `None`
    /// once solved.
    pub fn judge(&self, guess: Move) -> Option<Verdict<Move>> {
        let chosen = self.chosen()?;
        let d = self.distance;
        let name = |m: Move| format_moves(&[m]);
        let closer = self.closer();
        let before: Vec<String> = self
            .after
            .iter()
            .take_while(|&&(m, _)| m != chosen)
            .map(|&(m, a)| format!("{} {a}", name(m)))
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
            let others: Vec<String> = closer.iter().skip(1).map(|&m| name(m)).collect();
            let order: Vec<String> = self.after.iter().map(|&(m, _)| name(m)).collect();
            why += &format!(
                "; {} also get one closer, and ties go to the first in the order {}",
                others.join(", "),
                order.join(" ")
            );
        }
        let after = self
            .after
            .iter()
            .find(|&&(m, _)| m == guess)
            .map(|&(_, a)| a);
        Some(Verdict::new(guess, chosen, why, |why| {
            let said = match after {
                None if generators().contains(&guess) => format!(
                    "{} is two quarter turns: the solve turns a quarter at a time",
                    name(guess)
                ),
                None => format!(
                    "the solve turns only U, R and F (they keep the down-back-left corner still), not {}",
                    name(guess)
                ),
                Some(_) if closer.contains(&guess) => format!(
                    "{} gets one closer too, but {} comes first in the order",
                    name(guess),
                    name(chosen)
                ),
                Some(a) => format!(
                    "{} leads to a position {a} from solved, not {}",
                    name(guess),
                    d - 1
                ),
            };
            format!("{said}; {why}")
        }))
    }
}

/// Judges `guess` against the walk's next take, with the table's distances as the reason;
/// `None` once solved.
pub fn judge(
    tables: &MoveTables,
    table: &DistanceTable,
    walk: &SolveWalk,
    guess: Move,
) -> Option<Verdict<Move>> {
    Choice::at(tables, table, walk.here()).judge(guess)
}
