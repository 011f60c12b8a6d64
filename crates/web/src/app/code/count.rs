//! The counting lab's two counters beside their listings: brute force's odometer and the
//! backtracking walk it races, each line and variable read from the machine's own state.

use puzzlelab_solver::knight::naive_count::NaiveCounter;
use puzzlelab_solver::StepMachine;

use super::CodeVar;
use crate::app::widgets::numbers::group;

/// Brute force's listing, numbered as `BruteLine::number`.
pub const COUNT_BRUTE: &str = include_str!("listings/count-brute.txt");
/// Backtracking's listing, numbered as `BackLine::number`.
pub const COUNT_BACKTRACK: &str = include_str!("listings/count-backtrack.txt");

/// Brute force's variables: the sequence checked last (the odometer's digits), the move
/// it failed at (none for a tour), the tours so far.
pub fn brute_vars(c: &NaiveCounter) -> Vec<CodeVar> {
    let var = |name, value| CodeVar { name, value };
    let digits: Vec<String> = c.checked().iter().map(|d| d.to_string()).collect();
    let checked = c.stats().nodes > 0;
    let fails = checked && (c.reach() as usize) < digits.len();
    vec![
        var("digits", digits.join(" ")),
        var(
            "fails at move",
            if fails {
                (c.reach() + 1).to_string()
            } else {
                String::new()
            },
        ),
        var("checked", group(c.stats().nodes)),
        var("tours", group(c.found().tours)),
    ]
}

/// Backtracking's variables: the depth, the square, the directions tried there, the tours.
pub fn back_vars(c: &NaiveCounter) -> Vec<CodeVar> {
    let var = |name, value| CodeVar { name, value };
    let board = c.board();
    let path = c.path();
    vec![
        var("depth", (path.len() - 1).to_string()),
        var(
            "here",
            path.last().map(|&s| board.name(s)).unwrap_or_default(),
        ),
        var("tried", c.digits().last().copied().unwrap_or(0).to_string()),
        var("tours", group(c.found().tours)),
    ]
}
