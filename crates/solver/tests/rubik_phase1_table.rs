//! The two-phase search with phase 1's exact distance table (`Tables::set_phase1_table`)
//! against the same search without it: the table only skips phase-1 nodes that cannot
//! reach phase 1's goal in time, so both must find the same solutions in the same order,
//! while entering fewer nodes. Every solution is also applied by the independent sticker
//! model (`rubik_common/sticker.rs`).

mod rubik_common;

use std::sync::Arc;

use puzzlelab_checkers::sticker::{checker_apply, checker_solved};
use puzzlelab_solver::rubik::optimal_tables::flipslice::{FlipSliceSyms, FlipSliceTable};
use puzzlelab_solver::rubik::{
    apply_moves, format_moves, random_cube, Cube, Search, SearchOptions, Solution, Tables, SOLVED,
};
use puzzlelab_solver::Status;

/// Every improvement of a search to length `target` (0: the optimum within `max_length`),
/// with the nodes it entered and its final lower bound.
fn run(tables: &Tables, cube: &Cube, max_length: u8, target: u8) -> (Vec<Solution>, u64, u8) {
    let options = SearchOptions {
        max_length,
        target_length: target,
        directions: 6,
    };
    let mut search = Search::new(tables, cube, options);
    while search.run_with(tables, 5_000) == Status::Running {}
    (
        search.improvements().to_vec(),
        search.stats().nodes,
        search.lower_bound(),
    )
}

#[test]
fn the_exact_phase1_table_finds_the_same_solutions_with_fewer_nodes() {
    let plain = Tables::new();
    let exact = Tables::new();
    let table = FlipSliceTable::build(&exact.moves, FlipSliceSyms::new(), 2, |_| {});
    assert!(exact.set_phase1_table(Arc::new(table)).is_ok());
    assert!(plain.phase1_table().is_none() && exact.phase1_table().is_some());

    // Random states to a first solution of at most 20, a few run on to 19; then cubes at
    // the edges: solved, one turn away, in phase 2's group, the superflip.
    let mut cases: Vec<(String, u8, u8)> = (0..24)
        .map(|seed| {
            (
                random_cube(seed).to_string(),
                20,
                if seed < 4 { 19 } else { 20 },
            )
        })
        .collect();
    for moves in ["", "R", "U R2 D' F2 L2", "R U R' U'", "F B' U2 R L' D"] {
        let state = apply_moves(SOLVED, moves).expect("valid moves");
        cases.push((state, 20, 0));
    }
    let superflip = "UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB";
    cases.push((superflip.to_string(), 20, 20));

    let (mut nodes_plain, mut nodes_exact) = (0, 0);
    for (k, (state, max_length, target)) in cases.iter().enumerate() {
        let cube = Cube::parse(state).expect("a real cube");
        let (a, na, bound_a) = run(&plain, &cube, *max_length, *target);
        let (b, nb, bound_b) = run(&exact, &cube, *max_length, *target);
        let moves = |s: &[Solution]| s.iter().map(|x| format_moves(&x.moves)).collect::<Vec<_>>();
        assert_eq!(moves(&a), moves(&b), "{state}");
        assert!(!b.is_empty(), "{state}: no solution");
        for s in &b {
            let text = format_moves(&s.moves);
            assert!(s.length <= *max_length, "{state}: {text}");
            assert!(
                checker_solved(&checker_apply(state, &text)),
                "{state} + {text}"
            );
        }
        // The exact distance is a lower bound at least as high as the pair tables'.
        assert!(
            bound_b >= bound_a.min(b.last().map_or(0, |s| s.length)),
            "{state}"
        );
        assert!(nb <= na, "{state}: {nb} nodes with the table, {na} without");
        if k < 24 && *target == 20 {
            nodes_plain += na;
            nodes_exact += nb;
        }
    }
    // To a random state's first solution of at most 20, most nodes are phase 1's; the
    // table saves most of them (searches run on to shorter ones, and the superflip, spend
    // theirs in phase 2).
    assert!(
        nodes_exact * 2 < nodes_plain,
        "{nodes_exact} nodes with the table, {nodes_plain} without"
    );
}
