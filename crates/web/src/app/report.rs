//! What each workbench tells a page that hosts it (an element's `puzzlelab-step` and
//! `puzzlelab-done` events): the state's `data-status`, the step shown, and the result —
//! a tour as square names, a placement, a solution in standard notation.

use serde_json::{json, Value};

use crate::app::cube::state::CubeState;
use crate::app::knight::state::{KnightState, Search};
use crate::app::page::Report;
use crate::app::queens::state::QueensState;
use crate::app::rubik::state::{Busy, RubikState};
use puzzlelab_links::QueensMode;
use puzzlelab_solver::cube::corners::analyse;
use puzzlelab_solver::rubik::Cube;

pub fn knight(state: &KnightState) -> Report {
    let board = state.link.board;
    let result = match &state.search {
        Search::Done { status, path, .. } => json!({
            "board": format!("{}x{}", board.width(), board.height()),
            "closed": state.link.closed,
            "outcome": status.as_str(),
            "tour": path.iter().map(|&s| board.name(s)).collect::<Vec<_>>(),
        }),
        _ => Value::Null,
    };
    let step = matches!(state.search, Search::Done { .. }).then(|| state.tour.position() as u64);
    Report {
        status: state.status_attr(),
        step,
        result,
    }
}

pub fn queens(state: &QueensState) -> Report {
    let status = state.status_attr();
    let queens: Vec<String> = state
        .queens_shown()
        .into_iter()
        .map(|(c, r)| puzzlelab_solver::queens::square_name_on(state.n, c, r))
        .collect();
    let result = match status {
        "solved" => json!({ "n": state.n, "placement": queens }),
        _ => Value::Null,
    };
    let step = (state.mode == QueensMode::Search).then(|| state.player.step());
    Report {
        status,
        step,
        result,
    }
}

pub fn cube(state: &CubeState) -> Report {
    let status = state.status_attr(analyse(&state.shown()).is_err());
    Report {
        status,
        step: Some(state.play.position() as u64),
        result: solution(state.cube.to_string(), &state.solution),
    }
}

pub fn rubik(state: &RubikState) -> Report {
    let fault = Cube::from_facelets(&state.shown()).err();
    let (status, _) = state.status(fault.as_ref().map(|e| e.message.as_str()));
    let searching = state.busy != Busy::Idle;
    Report {
        status,
        step: Some(state.play.position() as u64),
        result: if searching {
            Value::Null
        } else {
            solution(state.cube.to_string(), &state.solution)
        },
    }
}

/// A cube's solution: the state it starts from and its moves (none: no result yet).
fn solution<M: std::fmt::Display>(state: String, moves: &[M]) -> Value {
    if moves.is_empty() {
        return Value::Null;
    }
    json!({
        "state": state,
        "solution": moves.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
    })
}
