//! "What would it do next?" on the pocket cube's optimal solve: the turn the walk takes is
//! right, others are wrong with the table's distances, ties name the order; the turns
//! guessed right solve the cube (checked on the independent model).

use std::sync::OnceLock;

use puzzlelab_checkers::sticker::checker_apply;
use puzzlelab_solver::cube::predict::{judge, next_turn};
use puzzlelab_solver::cube::solve::position_of;
use puzzlelab_solver::cube::table::generators;
use puzzlelab_solver::cube::walk::SolveWalk;
use puzzlelab_solver::cube::{
    format_moves, parse_moves, DistanceTable, Metric, Move, MoveTables, Stickers,
};
use puzzlelab_solver::StepMachine;

fn tables() -> &'static (MoveTables, DistanceTable) {
    static T: OnceLock<(MoveTables, DistanceTable)> = OnceLock::new();
    T.get_or_init(|| {
        let tables = MoveTables::new();
        let htm = DistanceTable::build(&tables, Metric::Htm);
        (tables, htm)
    })
}

fn position(scramble: &str) -> u32 {
    let cube = Stickers::solved().apply_all(&parse_moves(scramble).unwrap());
    position_of(&cube).unwrap()
}

fn turn(name: &str) -> Move {
    parse_moves(name).unwrap()[0]
}

#[test]
fn the_turn_the_walk_takes_is_right_and_another_is_wrong_with_the_distances() {
    let (tables, table) = tables();
    let walk = SolveWalk::new(tables, table, position("R"));
    assert_eq!(next_turn(&walk).map(|g| generators()[g]), Some(turn("R'")));
    let right = judge(tables, table, &walk, turn("R'")).unwrap();
    assert!(right.right);
    assert_eq!(
        right.reason,
        "the solve takes R': the table puts it 0 from solved, one closer than 1 \
         (the turns before it lead to U 2, U2 2, U' 2, R 1, R2 1)"
    );
    let wrong = judge(tables, table, &walk, turn("R2")).unwrap();
    assert!(!wrong.right && wrong.chosen == turn("R'"));
    assert!(
        wrong
            .reason
            .starts_with("R2 leads to a position 1 from solved, not 0; the solve takes R'"),
        "{}",
        wrong.reason
    );
}

#[test]
fn guessing_along_takes_the_walks_turns_which_solve_the_cube() {
    let (tables, table) = tables();
    let scramble = "R U F' U2 R2";
    let mut walk = SolveWalk::new(tables, table, position(scramble));
    let mut guessed = Vec::new();
    while let Some(chosen) = next_turn(&walk) {
        assert!(
            judge(tables, table, &walk, generators()[chosen])
                .unwrap()
                .right
        );
        guessed.push(generators()[chosen]);
        // On to the next decision: the tries and the take.
        while walk.step().is_some_and(|e| !e.taken) {}
    }
    assert!(
        judge(tables, table, &walk, turn("U")).is_none(),
        "solved: nothing asked"
    );
    assert_eq!(guessed.len() as u8, table.distance(position(scramble)));
    // On the independent 3×3 sticker model: every corner sticker back on its face's colour.
    let solved = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
    let moves = format!("{scramble} {}", format_moves(&guessed));
    let turned: Vec<char> = checker_apply(solved, &moves).chars().collect();
    let corners_home = (0..54)
        .filter(|i| [0, 2, 6, 8].contains(&(i % 9)))
        .all(|i| turned[i] == turned[i / 9 * 9 + 4]);
    assert!(corners_home, "the turns guessed solve the cube: {moves}");
}

#[test]
fn a_tie_names_the_order_and_the_later_turn_is_wrong_for_it() {
    let (tables, table) = tables();
    let gens = generators();
    let names: Vec<String> = gens.iter().map(|g| format_moves(&[*g])).collect();
    let mut found = 0;
    for a in &names {
        for b in &names {
            let walk = SolveWalk::new(tables, table, position(&format!("{a} {b} {a}")));
            let Some(chosen) = next_turn(&walk) else {
                continue;
            };
            for g in 0..gens.len() {
                let v = judge(tables, table, &walk, gens[g]).unwrap();
                assert_eq!(v.chosen, gens[chosen], "the rule's turn is the walk's");
                if g != chosen && v.reason.contains("gets one closer too") {
                    assert!(!v.right && g > chosen, "{}", v.reason);
                    assert!(v
                        .reason
                        .contains("ties go to the first in the order U U2 U' R R2 R' F F2 F'"));
                    found += 1;
                }
            }
        }
    }
    assert!(found > 0, "three-turn scrambles have ties");
}

#[test]
fn turns_the_solve_never_makes_are_wrong_in_words() {
    let (tables, table) = tables();
    let walk = SolveWalk::new(tables, table, position("R"));
    let l = judge(tables, table, &walk, turn("L'")).unwrap();
    assert!(!l.right && l.chosen == turn("R'"));
    assert!(
        l.reason.starts_with("the solve turns only U, R and F"),
        "{}",
        l.reason
    );
    // In quarter turns the half turns are not tried.
    let qtm = DistanceTable::build(tables, Metric::Qtm);
    let walk = SolveWalk::new(tables, &qtm, position("R"));
    let half = judge(tables, &qtm, &walk, turn("R2")).unwrap();
    assert!(
        half.reason.starts_with("R2 is two quarter turns"),
        "{}",
        half.reason
    );
    assert!(
        !half.reason.contains("R2 1"),
        "R2 is not among the turns tried"
    );
}
