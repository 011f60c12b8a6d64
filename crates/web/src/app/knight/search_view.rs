//! What the knight's search player says about the step shown (the controls, keys and
//! depth chart are the shared `SearchPlayer`'s).

use yew::prelude::*;

use puzzlelab_solver::board::Board;
use puzzlelab_solver::knight::timeline::{Frame, StepKind};

/// "Move 12 to c3.", "Backtrack: d5 taken back, …" and the backtracks so far.
pub fn caption(board: Board, frame: Option<&Frame>) -> Html {
    let Some(f) = frame else {
        return html! { "…" };
    };
    let here = f.path.last().map(|&s| board.name(s)).unwrap_or_default();
    let names = |squares: &[u32]| {
        squares
            .iter()
            .map(|&s| board.name(s))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let what = match f.kind {
        StepKind::Start => format!("The knight stands on {here}."),
        StepKind::Move => format!("Move {} to {here}.", f.path.len() - 1),
        StepKind::Backtrack => format!(
            "Backtrack: {} taken back, the knight returns to {here}{}.",
            names(&f.cleared),
            if f.tried.is_empty() {
                ""
            } else {
                " to try its next move"
            }
        ),
        StepKind::Jump => format!(
            "Jump back {} squares to {here}, the last tie point with a move left.",
            f.cleared.len()
        ),
        StepKind::Stuck => format!("Stuck on {here}: no move left and no backtracking."),
        StepKind::Solved => format!("Tour complete on {here}."),
        StepKind::Failed => "Every choice from the start is used up: no tour.".to_string(),
    };
    let plural = if f.backtracks == 1 { "" } else { "s" };
    html! { { format!("{what} {} backtrack{plural} so far.", f.backtracks) } }
}
