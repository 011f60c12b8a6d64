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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::page::Workbench;
    use crate::app::page_tests::{opened, Served};
    use puzzlelab_checkers::tour::check_tour;
    use puzzlelab_links::Route;

    #[test]
    fn a_knight_reports_the_tour_it_found_and_the_move_shown() {
        let (Route::Knight(link), problems) = opened("#/knight?board=5x5&start=a1&tie=roth") else {
            panic!("a knight link");
        };
        let (mut state, out) = KnightState::open(link, problems);
        assert_eq!(knight(&state).result, Value::Null, "nothing found yet");
        Served::default().run(&mut state, out);
        let report = knight(&state);
        let tour: Vec<String> = serde_json::from_value(report.result["tour"].clone()).unwrap();
        check_tour(5, 5, "a1", false, &tour).unwrap();
        assert_eq!(report.result["board"], "5x5");
        assert!(report.step.is_some());
        let json: Value = serde_json::from_str(&report.to_json(&state.route())).unwrap();
        assert!(json["link"]
            .as_str()
            .unwrap()
            .starts_with("#/knight?board=5x5&start=a1"));
    }

    #[test]
    fn queens_report_a_placement_only_when_it_is_solved() {
        let (Route::Queens(link), problems) = opened("#/queens?n=4&queens=a2,b4,c1") else {
            panic!("a queens link");
        };
        let (state, _) = QueensState::open(link, problems);
        assert_eq!(queens(&state).result, Value::Null);
        let (Route::Queens(link), problems) = opened("#/queens?n=4&queens=a2,b4,c1,d3") else {
            panic!("a queens link");
        };
        let (state, _) = QueensState::open(link, problems);
        let report = queens(&state);
        assert_eq!(report.status, "solved");
        assert_eq!(report.result["placement"], json!(["a2", "b4", "c1", "d3"]));
    }

    #[test]
    fn a_cube_reports_its_solution_from_the_state_it_starts() {
        let (Route::Rubik(link), problems) = opened(
            "#/rubik?state=UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB&solution=R+U&step=0",
        ) else {
            panic!("a rubik link");
        };
        let (state, _) = RubikState::open(link, problems);
        let report = rubik(&state);
        assert_eq!(report.result["solution"], json!(["R", "U"]));
        assert_eq!(report.step, Some(0));
        let (Route::Cube(link), problems) = opened("#/cube") else {
            panic!("a cube link");
        };
        let (state, _) = CubeState::open(link, problems);
        assert_eq!(cube(&state).result, Value::Null, "no solution yet");
    }
}
