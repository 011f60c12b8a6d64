//! The 3D view against the solvers: for every turn each cube's notation has and every
//! sticker, turning the sticker's centre and normal in space lands exactly where the
//! solver's own permutation sends it. The 3D geometry is built from the nets alone, so
//! this is an independent check that the net and the 3D view never disagree.

use puzzlelab_solver::cube;
use puzzlelab_solver::cube_view::geometry::quarter_clockwise;
use puzzlelab_solver::cube_view::{places, turns, Animator, Kind, Pace, Turn};
use puzzlelab_solver::rubik;

/// Where the solver sends each sticker under the turn named `name`.
fn solver_permutation(kind: Kind, name: &str) -> Vec<u8> {
    match kind {
        Kind::Pocket => {
            let moves = cube::parse_moves(name).expect("the pocket solver reads it");
            assert_eq!(moves.len(), 1, "{name}");
            moves[0].permutation().to_vec()
        }
        Kind::Rubik => {
            let moves = rubik::parse_moves(name).expect("the Rubik solver reads it");
            assert_eq!(moves.len(), 1, "{name}");
            rubik::facelets::permutation(moves[0]).to_vec()
        }
    }
}

fn rotate(turn: &Turn, mut v: [i8; 3]) -> [i8; 3] {
    for _ in 0..turn.quarters {
        v = quarter_clockwise(turn.axis(), v);
    }
    v
}

#[test]
fn every_turn_moves_every_sticker_where_the_solver_does() {
    for kind in [Kind::Pocket, Kind::Rubik] {
        let all = places(kind);
        let list = turns(kind);
        assert_eq!(list.len(), if kind == Kind::Pocket { 27 } else { 54 });
        for turn in &list {
            let solver = solver_permutation(kind, &turn.name);
            assert_eq!(turn.perm, solver, "{kind:?} {}", turn.name);
            for (i, p) in all.iter().enumerate() {
                let to = &all[solver[i] as usize];
                if turn.moves(p) {
                    assert_eq!(
                        rotate(turn, p.centre),
                        to.centre,
                        "{} {}",
                        turn.name,
                        p.name
                    );
                    assert_eq!(
                        rotate(turn, p.normal()),
                        to.normal(),
                        "{} {}",
                        turn.name,
                        p.name
                    );
                } else {
                    assert_eq!(
                        solver[i] as usize, i,
                        "{} leaves {} alone",
                        turn.name, p.name
                    );
                }
            }
        }
    }
}

#[test]
fn the_view_names_stickers_as_the_nets_do() {
    let pocket: Vec<String> = places(Kind::Pocket).into_iter().map(|p| p.name).collect();
    assert_eq!(pocket, cube::geometry::NET_ORDER.map(String::from).to_vec());
    let rubik: Vec<String> = places(Kind::Rubik).into_iter().map(|p| p.name).collect();
    let named: Vec<String> = (0..54).map(rubik::facelets::facelet_name).collect();
    assert_eq!(rubik, named);
}

#[test]
fn a_played_solution_animates_turn_by_turn_and_ends_on_the_solvers_state() {
    // The view is handed each step of a sequence as the page plays it; every step is one
    // turn (found by the view itself), and the end equals the solver's own application.
    let pace = Pace::new(3, false);
    let text = "R U2 F' Rw M' x E S2 y' z Fw B D L2";
    let moves = rubik::parse_moves(text).unwrap();
    let start = rubik::Facelets::solved();
    let mut view = Animator::new(Kind::Rubik, &start.0);
    let mut now = 0.0;
    let mut state = start;
    for m in &moves {
        state = state.apply(*m);
        view.show(&state.0, now, pace);
        assert!(view.animating(), "{m} is one turn");
        let turning = view.frame(now).turning.unwrap().0;
        assert_eq!(turning.name, m.to_string());
        while view.tick(now, pace) {
            now += 16.0;
        }
        assert_eq!(view.frame(now).colours, &state.0[..]);
    }
    // Pocket cube: the hint's turn and rotations alike.
    let pocket = cube::Stickers::solved();
    let mut view = Animator::new(Kind::Pocket, &pocket.0);
    let seq = cube::parse_moves("R U' F2 x y2 z' B D' L2").unwrap();
    let mut shown = pocket;
    for m in seq {
        shown = shown.apply(m);
        view.show(&shown.0, now, pace);
        now += 5.0; // quicker than the turns: they queue
    }
    while view.tick(now, pace) {
        now += 16.0;
    }
    assert_eq!(view.frame(now).colours, &shown.0[..]);
}
