//! The optimal proof split into shares (one per worker, as the page runs it): the shares'
//! reports joined by `proof_shares` prove what one search proves, a solution found beside
//! the shares (the two-phase search's) ends the proof as soon as the depth below it is
//! exhausted, and every solution is checked on the sticker model of `rubik_common/sticker.rs`
//! (3D geometry, sharing no code with the solver). The phase-1 pair tables keep these quick.

mod rubik_common;

use std::sync::{Arc, OnceLock};

use puzzlelab_checkers::sticker::{checker_apply, checker_solved};
use puzzlelab_solver::rng::Rng;
use puzzlelab_solver::rubik::optimal::{OptimalSearch, OptimalTables, Proof};
use puzzlelab_solver::rubik::proof_shares::{Share, SharedProof};
use puzzlelab_solver::rubik::{format_moves, solve, Cube, Move, Tables, SOLVED};
use puzzlelab_solver::{Status, StepMachine};

fn base() -> Arc<Tables> {
    static T: OnceLock<Arc<Tables>> = OnceLock::new();
    T.get_or_init(|| Arc::new(Tables::new())).clone()
}

fn tables() -> Arc<OptimalTables> {
    static T: OnceLock<Arc<OptimalTables>> = OnceLock::new();
    T.get_or_init(|| Arc::new(OptimalTables::new(base(), None)))
        .clone()
}

#[test]
fn the_checker_undoes_a_turn_sequence_with_its_inverse() {
    let there = checker_apply(SOLVED, "R U F' L2 D B'");
    assert!(!checker_solved(&there));
    assert_eq!(checker_apply(&there, "B D' L2 F U' R'"), SOLVED);
    assert_eq!(checker_apply(SOLVED, "R R R R"), SOLVED);
}

// ---------------------------------------------------------------------------------------

const FACES: [&str; 6] = ["U", "R", "F", "D", "L", "B"];

/// A scramble of `n` random face turns (no face twice in a row) and its facelets.
fn scramble(rng: &mut Rng, n: usize) -> (String, String) {
    let mut turns = Vec::new();
    let mut last = usize::MAX;
    while turns.len() < n {
        let f = rng.below(6) as usize;
        if f == last {
            continue;
        }
        last = f;
        turns.push(format!(
            "{}{}",
            FACES[f],
            ["", "2", "'"][rng.below(3) as usize]
        ));
    }
    let moves = turns.join(" ");
    (checker_apply(SOLVED, &moves), moves)
}

fn finished(mut search: OptimalSearch) -> OptimalSearch {
    while search.run(100_000) == Status::Running {}
    search
}

/// Every share of a proof split `of` ways, each run to its end, joined.
fn shared(cube: &Cube, known: &[Move], of: u32) -> (SharedProof, Vec<OptimalSearch>) {
    let mut joined = SharedProof::new(of as usize);
    let mut searches = Vec::new();
    for share in Share::all(of) {
        let s = finished(OptimalSearch::with_share(
            tables(),
            cube,
            known.to_vec(),
            share,
        ));
        joined.report(share.index as usize, s.proof().clone());
        searches.push(s);
    }
    (joined, searches)
}

#[test]
fn shares_together_prove_what_one_search_proves() {
    let mut rng = Rng::new(27);
    for n in [3, 5, 6, 7, 7] {
        let (state, moves) = scramble(&mut rng, n);
        let cube = Cube::parse(&state).unwrap();
        let two_phase = solve(&base(), &cube, 20, u64::MAX).unwrap();
        let whole = finished(OptimalSearch::new(tables(), &cube, two_phase.clone()));
        let whole = whole.proof();
        assert!(whole.is_optimal());
        let whole_best = format_moves(&whole.best);
        assert!(
            checker_solved(&checker_apply(&state, &whole_best)),
            "{moves}: {whole_best}"
        );
        for of in [2, 3] {
            let (joined, searches) = shared(&cube, &two_phase, of);
            assert!(joined.is_optimal(), "{moves}, {of} shares");
            let best = format_moves(joined.best().unwrap());
            assert_eq!(
                joined.best_length(),
                Some(whole.best.len()),
                "{moves}: {best}"
            );
            assert!(
                checker_solved(&checker_apply(&state, &best)),
                "{moves}: {best}"
            );
            assert!(joined.proven() as usize >= whole.best.len());
            assert!(!joined.two_phase_can_help());
            assert_eq!(
                joined.nodes(),
                searches.iter().map(|s| s.proof().nodes).sum::<u64>()
            );
            // Each share has its own part of every depth from two turns on.
            if whole.best.len() >= 2 {
                assert!(searches.iter().all(|s| s.tasks().1 > 0), "{moves}");
            }
        }
    }
}

#[test]
fn a_share_that_finds_first_waits_for_the_others_to_exhaust_the_depth_below() {
    let long: Vec<Move> = vec![Move::from_index(0); 20];
    let short: Vec<Move> = vec![Move::from_index(3); 17];
    let proof = |best: &[Move], proven, depth| Proof {
        best: best.to_vec(),
        proven,
        depth,
        nodes: 10,
        per_depth: Vec::new(),
    };
    let mut p = SharedProof::new(2);
    assert_eq!((p.proven(), p.best()), (0, None));
    assert!(p.two_phase_can_help(), "no solution yet");
    p.report(0, proof(&short, 17, 17));
    assert!(!p.is_optimal(), "share 1 has not reported");
    p.report(1, proof(&long, 16, 16));
    assert_eq!((p.proven(), p.depth(), p.best_length()), (16, 16, Some(17)));
    assert!(!p.is_optimal(), "share 1 may still find a 16");
    assert!(!p.two_phase_can_help(), "16 is the proof's own depth");
    p.report(1, proof(&long, 17, 17));
    assert!(p.is_optimal());
    assert_eq!((p.best(), p.nodes()), (Some(&short[..]), 20));
}

#[test]
fn a_shorter_solution_found_beside_ends_the_proof_once_the_depth_below_is_exhausted() {
    let mut rng = Rng::new(8);
    let (state, moves) = scramble(&mut rng, 7);
    let cube = Cube::parse(&state).unwrap();
    let optimum = finished(OptimalSearch::new(
        tables(),
        &cube,
        solve(&base(), &cube, 20, u64::MAX).unwrap(),
    ))
    .proof()
    .best
    .clone();
    // The shares start from a bound far above, as from a first two-phase solution.
    let far = vec![Move::from_index(0); optimum.len() + 4];
    let mut shares: Vec<OptimalSearch> = Share::all(2)
        .map(|s| OptimalSearch::with_share(tables(), &cube, far.clone(), s))
        .collect();
    let mut joined = SharedProof::new(2);
    joined.found_beside(far[..optimum.len() + 2].to_vec());
    joined.found_beside(optimum.clone());
    joined.found_beside(far.clone()); // a longer one later changes nothing
    assert_eq!(joined.best(), Some(&optimum[..]));
    // Round robin, as two workers would, until the joined proof is done.
    let mut rounds = 0;
    while !joined.is_optimal() {
        for (i, s) in shares.iter_mut().enumerate() {
            // A share whose part has nothing shorter than the best is stopped (the page
            // cancels its worker), even while the other still searches.
            if !joined.share_done(i) {
                s.run(100);
                joined.report(i, s.proof().clone());
            }
        }
        rounds += 1;
        assert!(rounds < 1_000_000, "{moves}: never proven");
    }
    assert_eq!(joined.best(), Some(&optimum[..]));
    assert!(
        shares
            .iter()
            .all(|s| s.proof().depth <= optimum.len() as u8),
        "no share went past the optimum's depth"
    );
    assert!(checker_solved(&checker_apply(
        &state,
        &format_moves(&optimum)
    )));
}
