//! What the pocket-cube page says about its state, as plain Rust (tested natively with the
//! reducer): the status line, the solution's sentence, the distance marker, the hint line,
//! the optimal paths line and the antipode button's label.

use crate::app::cube::state::{Busy, CubeState, Goal, Solved};
use crate::app::widgets::numbers::group;
use puzzlelab_solver::cube::corners::POSITIONS_COUNT;
use puzzlelab_solver::cube::format_moves;
use puzzlelab_solver::cube::solve::length;
use puzzlelab_solver::cube::Metric;

impl CubeState {
    /// The status line's `data-status`: running, error (not a real cube), solved or idle.
    pub fn status_attr(&self, invalid: bool) -> &'static str {
        if self.busy != Busy::Idle || self.play.playing() {
            "running"
        } else if invalid {
            "error"
        } else if self.shown().is_solved() {
            "solved"
        } else {
            "idle"
        }
    }

    pub fn status_text(&self, invalid: bool) -> String {
        let progress = |filled: u64| {
            format!(
                "{}% of {} positions",
                filled * 100 / POSITIONS_COUNT as u64,
                group(POSITIONS_COUNT as u64)
            )
        };
        match &self.busy {
            Busy::Table { metric, filled, .. } => {
                return format!(
                    "Building the distance table ({}): {}…",
                    metric.as_str(),
                    progress(*filled)
                )
            }
            Busy::Solving { filled, .. } => return format!("Solving… table {}", progress(*filled)),
            Busy::Antipode => return "Picking a position as far from solved as any…".into(),
            Busy::Idle => {}
        }
        if invalid {
            "This colouring is not a real cube: paint it to match yours.".into()
        } else if self.shown().is_solved() {
            "Solved: every face is one colour.".into()
        } else {
            "Turn, scramble or paint the cube, then press Solve.".into()
        }
    }

    fn toward(&self) -> &'static str {
        if self.target.is_some() {
            "the goal"
        } else {
            "solved"
        }
    }

    pub fn solution_text(&self) -> String {
        let Some(solved) = self.solved_by else {
            return format!("Solution: {}", format_moves(&self.solution));
        };
        let split = self.solution.len() - solved.hold.min(self.solution.len());
        let (turns, hold) = self.solution.split_at(split);
        let toward = self.toward();
        let moves = if turns.is_empty() {
            match self.target {
                Some(_) => "none: this is the goal, however held".to_string(),
                None => "already solved".to_string(),
            }
        } else {
            format_moves(turns)
        };
        let then = if hold.is_empty() {
            String::new()
        } else {
            format!(
                " Then {} turns the whole cube to hold it exactly as the goal.",
                format_moves(hold)
            )
        };
        match (solved.how, solved.cost) {
            (Goal::Cheapest, Some(cost)) => format!(
                "Cheapest way to {toward}: {moves} — {} turns, cost {cost} (clockwise {}, counter-clockwise {}, half {}); optimal is {} turns.{then}",
                turns.len(),
                self.costs.clockwise,
                self.costs.counter_clockwise,
                self.costs.half,
                solved.distance
            ),
            (_, _) => format!(
                "Optimal solution: {moves} — {} {} to {toward} (the fewest possible).{then}",
                length(turns, self.metric()),
                self.unit()
            ),
        }
    }

    /// The distance chart's marker: it follows playback, an optimal solution coming one
    /// metric step closer per move. The chart counts distances from solved, so only a
    /// solve toward solved marks.
    pub fn chart_marker(&self) -> Option<u32> {
        let metric = self.metric();
        match self.solved_by {
            _ if self.target.is_some() => None,
            Some(Solved {
                how: Goal::Fewest(m),
                distance,
                ..
            }) if m == metric => {
                let played = &self.solution[..self.play.position().min(self.solution.len())];
                Some(distance.saturating_sub(length(played, metric)))
            }
            Some(Solved { distance, .. }) if self.play.position() == 0 && metric == Metric::Htm => {
                Some(distance)
            }
            _ => None,
        }
    }

    /// Beside the hint key: how far the goal is (or that hints wait for the table).
    pub fn hint_text(&self) -> Option<String> {
        let toward = self.toward();
        match self.fresh_hints() {
            Some(h) if h.distance == 0 => Some(format!("At {toward}.")),
            Some(h) => {
                let unit = if h.distance == 1 {
                    self.unit().trim_end_matches('s')
                } else {
                    self.unit()
                };
                let each = if self.at_decision() {
                    "the turns' distances are hidden while you guess."
                } else {
                    "each turn shows the distance after it (↓ closer, = same, ↑ farther)."
                };
                Some(format!("{} {unit} from {toward}; {each}", h.distance))
            }
            None if !self.table_ready(self.metric()) => {
                Some("Hints appear once the distance table is built.".to_string())
            }
            None => None,
        }
    }

    /// Which optimal solution is shown, of how many, over which turns.
    pub fn paths_text(&self, count: u64, index: u64) -> String {
        let over = match self.metric() {
            Metric::Htm => "the nine turns U, R, F (clockwise, counter-clockwise, half)",
            Metric::Qtm => "the six quarter turns of U, R, F (a half turn is two)",
        };
        if count == 1 {
            format!("The only optimal solution over {over}, which keep the down-back-left corner still.")
        } else {
            format!(
                "Optimal solution {} of {} over {over}, which keep the down-back-left corner still.",
                group(index + 1),
                group(count)
            )
        }
    }

    /// The farthest distance and how many positions lie there, once the table is built.
    pub fn farthest(&self) -> Option<(usize, u64)> {
        let counts = self.counts_for(self.metric())?;
        let d = counts.len().checked_sub(1)?;
        Some((d, counts[d]))
    }

    /// The antipode button's label: there before the table, its figures filled in after.
    pub fn antipode_label(&self) -> String {
        match self.farthest() {
            Some((d, count)) => format!(
                "Open a random antipode: one of the {} positions {d} {} from solved",
                group(count),
                self.unit()
            ),
            None => "Open a random antipode: the farthest positions, once the table is built"
                .to_string(),
        }
    }
}
