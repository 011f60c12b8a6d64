//! The 3×3×3 cube against an independent checker: a sticker model from 3D geometry
//! (sticker centres rotated by integer rotation matrices, `rubik_common/sticker.rs`),
//! sharing no code with the solver. Every solution the solver returns is applied by the checker, never by the
//! solver's own move code.

mod rubik_common;

use std::sync::{Arc, OnceLock};

use puzzlelab_checkers::sticker::{checker_apply, checker_solved, sticker_centres};
use puzzlelab_solver::rng::Rng;
use puzzlelab_solver::rubik::cube::Fault;
use puzzlelab_solver::rubik::facelets::permutation;
use puzzlelab_solver::rubik::{
    apply_moves, format_moves, parse_moves, random_cube, scramble, solve, Cube, Layer, Move,
    SearchEvent, SearchOptions, Tables, TwoPhaseSearch, SOLVED,
};
use puzzlelab_solver::{Status, StepMachine};

#[test]
fn the_checker_agrees_with_kociemba_s_published_example() {
    // The `kociemba` package's README: this state and its solution (in its URFDLB facelet
    // order) — anchors the facelet numbering and the turn directions to an outside source.
    let state = "DRLUUBFBRBLURRLRUBLRDDFDLFUFUFFDBRDUBRUFLLFDDBFLUBLRBD";
    let solution = "D2 R' D' F2 B D R2 D2 R' F2 D' F2 U' B2 L2 U2 D R2 U";
    assert!(checker_solved(&checker_apply(state, solution)));
    // And the checker's own sanity: four quarter turns, inverse pairs.
    for m in [
        "U", "R", "F", "D", "L", "B", "M", "E", "S", "x", "y", "z", "Rw", "u",
    ] {
        let all = format!("{m} {m} {m} {m}");
        assert_eq!(checker_apply(SOLVED, &all), SOLVED, "{m}");
        assert_ne!(checker_apply(SOLVED, m), SOLVED, "{m}");
    }
}

// ---------------------------------------------------------------------------------------
// Shared tables.

fn tables() -> Arc<Tables> {
    static T: OnceLock<Arc<Tables>> = OnceLock::new();
    T.get_or_init(|| Arc::new(Tables::new())).clone()
}

/// A state where every sticker of a face but one is tracked by a distinct letter would need
/// 54 letters; instead compare whole permutations, then colourings.
#[test]
fn every_move_permutes_facelets_as_the_checker_does() {
    let centres = sticker_centres();
    for layer in Layer::ALL {
        for amount in 1..=3 {
            let m = Move::new(layer, amount);
            let text = m.to_string();
            // Push each facelet through the checker alone by painting it.
            let perm = permutation(m);
            for i in 0..54 {
                let mut painted: Vec<char> = SOLVED.chars().collect();
                painted[i] = 'X';
                let painted: String = painted.into_iter().collect();
                let moved = checker_apply(&painted, &text);
                let j = moved.find('X').expect("the painted facelet");
                assert_eq!(perm[i] as usize, j, "{text}: facelet {i}");
            }
        }
    }
    assert_eq!(centres.len(), 54);
}

fn random_sequence(rng: &mut Rng, len: usize, with_other_layers: bool) -> String {
    let layers: &[&str] = if with_other_layers {
        &[
            "U", "R", "F", "D", "L", "B", "Uw", "Rw", "Fw", "Dw", "Lw", "Bw", "u", "r", "f", "d",
            "l", "b", "M", "E", "S", "x", "y", "z",
        ]
    } else {
        &["U", "R", "F", "D", "L", "B"]
    };
    (0..len)
        .map(|_| {
            let l = layers[rng.below(layers.len() as u64) as usize];
            let s = ["", "'", "2"][rng.below(3) as usize];
            format!("{l}{s}")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn random_sequences_of_every_kind_of_move_agree_with_the_checker() {
    let mut rng = Rng::new(33);
    let colours = "wwwwwwwwwrrrrrrrrrgggggggggyyyyyyyyyooooooooobbbbbbbbb";
    for round in 0..300 {
        let seq = random_sequence(&mut rng, 1 + round % 40, true);
        let start = if round % 2 == 0 { SOLVED } else { colours };
        assert_eq!(
            apply_moves(start, &seq).unwrap(),
            checker_apply(start, &seq),
            "{seq}"
        );
        // Face turns go through the cubie model: the same facelets must come out.
        let faces = random_sequence(&mut rng, 25, false);
        let cube = Cube::parse(start).unwrap();
        let by_cubies = cube.apply_all(&parse_moves(&faces).unwrap()).to_string();
        assert_eq!(by_cubies, checker_apply(start, &faces), "{faces}");
    }
}

// ---------------------------------------------------------------------------------------
// Solving.

/// Solves `state` with the solver and checks the answer with the checker alone.
fn check_solves(state: &str, moves: &[Move], max_len: usize) {
    let text = format_moves(moves);
    assert!(
        moves.len() <= max_len,
        "{state}: {} moves: {text}",
        moves.len()
    );
    for w in moves.windows(2) {
        assert_ne!(w[0].layer, w[1].layer, "{text} turns a face twice in a row");
    }
    assert!(moves.iter().all(|m| m.index().is_some()), "{text}");
    assert!(
        checker_solved(&checker_apply(state, &text)),
        "{state} + {text} = {}",
        checker_apply(state, &text)
    );
}

#[test]
fn random_states_solve_in_at_most_twenty_moves() {
    // 1,000 in release (about half a minute on two busy cores); fewer in debug builds.
    let count = if cfg!(debug_assertions) { 25 } else { 1000 };
    let t = tables();
    let threads = 2;
    std::thread::scope(|s| {
        for k in 0..threads {
            let t = &t;
            s.spawn(move || {
                for seed in (k..count).step_by(threads) {
                    let cube = random_cube(seed as u64 + 1_000);
                    let state = cube.to_string();
                    let moves = solve(t, &cube, 20, u64::MAX).expect("a solution");
                    check_solves(&state, &moves, 20);
                }
            });
        }
    });
}

#[test]
fn the_step_machine_improves_until_optimal_on_a_short_scramble() {
    let t = tables();
    let scramble = "R U2 F' L D B2";
    let state = checker_apply(SOLVED, scramble);
    let cube = Cube::parse(&state).unwrap();
    let mut search = TwoPhaseSearch::new(t, &cube, SearchOptions::default());
    let mut lengths = Vec::new();
    let mut nodes = 0;
    while let Some(event) = search.step() {
        if let SearchEvent::Improved(s) = event {
            check_solves(&state, &s.moves, 20);
            assert_eq!(s.length as usize, s.moves.len());
            assert!(s.nodes >= nodes);
            nodes = s.nodes;
            lengths.push(s.length);
        }
    }
    assert_eq!(search.status(), Status::Solved);
    assert!(search.is_optimal());
    assert!(lengths.windows(2).all(|w| w[1] < w[0]), "{lengths:?}");
    assert_eq!(
        search.best().unwrap().length,
        6,
        "the scramble's inverse is optimal"
    );
    assert_eq!(search.improvements().len(), lengths.len());
    assert_eq!(search.lower_bound(), 6);
    assert!(search.step().is_none());
}

#[test]
fn batches_cancel_and_targets() {
    let t = tables();
    let cube = random_cube(7);
    let state = cube.to_string();
    // Batches: the same search in batches of 1000 steps reaches the same improvements.
    let mut a = TwoPhaseSearch::new(t.clone(), &cube, SearchOptions::default());
    let mut b = TwoPhaseSearch::new(t.clone(), &cube, SearchOptions::default());
    for _ in 0..50 {
        a.run(1000);
    }
    for _ in 0..50_000 {
        b.step();
    }
    assert_eq!(a.improvements(), b.improvements());
    assert_eq!(a.stats(), b.stats());
    if let Some(best) = a.best() {
        check_solves(&state, &best.moves, 20);
    }
    a.cancel();
    assert_eq!(a.status(), Status::Cancelled);
    assert!(a.step().is_none());
    // A target stops the search at the first solution that short.
    let mut c = TwoPhaseSearch::new(
        t.clone(),
        &cube,
        SearchOptions {
            max_length: 22,
            target_length: 22,
            directions: 6,
        },
    );
    while !c.run(10_000).is_finished() {}
    assert_eq!(c.status(), Status::Solved);
    assert_eq!(c.improvements().len(), 1);
    assert!(c.best().unwrap().length <= 22);
    // A limit below the cube's distance: proven impossible.
    let near = Cube::parse(&checker_apply(SOLVED, "R U F")).unwrap();
    let mut d = TwoPhaseSearch::new(
        t,
        &near,
        SearchOptions {
            max_length: 2,
            target_length: 0,
            directions: 1,
        },
    );
    while !d.run(10_000).is_finished() {}
    assert_eq!(d.status(), Status::Exhausted);
    assert!(d.best().is_none());
}

#[test]
fn one_direction_and_solved_and_nearly_solved_cubes() {
    let t = tables();
    assert_eq!(solve(&t, &Cube::solved(), 20, 1000), Some(vec![]));
    for scramble in ["U", "R2", "F'", "U D", "R L2", "U2 D2 F2 B2", "R U R' U'"] {
        let state = checker_apply(SOLVED, scramble);
        let cube = Cube::parse(&state).unwrap();
        for directions in [1, 6] {
            let mut search = TwoPhaseSearch::new(
                t.clone(),
                &cube,
                SearchOptions {
                    max_length: 20,
                    target_length: 0,
                    directions,
                },
            );
            while !search.run(100_000).is_finished() {}
            let best = search.best().expect("a solution");
            check_solves(&state, &best.moves, scramble.split(' ').count());
            assert!(search.is_optimal(), "{scramble}");
        }
    }
}

#[test]
fn superflip_solves_within_twenty() {
    let superflip = checker_apply(SOLVED, "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2");
    // Every edge flipped in place, every corner home.
    let s: Vec<char> = superflip.chars().collect();
    assert!((0..6).all(|f| s[f * 9 + 4] == s[f * 9] && s[f * 9 + 1] != s[f * 9 + 4]));
    let cube = Cube::parse(&superflip).unwrap();
    let moves = solve(&tables(), &cube, 20, u64::MAX).expect("a solution");
    check_solves(&superflip, &moves, 20);
    assert_eq!(moves.len(), 20, "superflip needs exactly 20 (Reid 1995)");
}

#[test]
fn known_facts_about_move_sequences() {
    // R U has order 105.
    let mut state = SOLVED.to_string();
    let mut order = 0;
    loop {
        state = apply_moves(&state, "R U").unwrap();
        order += 1;
        if state == SOLVED {
            break;
        }
    }
    assert_eq!(order, 105);
    // Sexy move has order 6; a sequence followed by its inverse is the identity.
    let six = (0..6).map(|_| "R U R' U'").collect::<Vec<_>>().join(" ");
    assert_eq!(apply_moves(SOLVED, &six).unwrap(), SOLVED);
    let seq = parse_moves("R U2 Fw' M x L' E2 b").unwrap();
    let inverse = format_moves(&puzzlelab_solver::rubik::invert_moves(&seq));
    let there = apply_moves(SOLVED, &format_moves(&seq)).unwrap();
    assert_eq!(apply_moves(&there, &inverse).unwrap(), SOLVED);
    // Wide turns are a face turn and a slice; rotations are three layers.
    assert_eq!(
        apply_moves(SOLVED, "Rw").unwrap(),
        apply_moves(SOLVED, "R M'").unwrap()
    );
    assert_eq!(
        apply_moves(SOLVED, "x").unwrap(),
        apply_moves(SOLVED, "R M' L'").unwrap()
    );
    assert_eq!(
        apply_moves(SOLVED, "u").unwrap(),
        apply_moves(SOLVED, "U E'").unwrap()
    );
}

#[test]
fn scrambles_are_seeded_uniform_states_and_reach_their_state() {
    let t = tables();
    for seed in 0..5 {
        let s = scramble(&t, seed);
        assert_eq!(s, scramble(&t, seed));
        assert!(s.moves.len() <= 20);
        assert_eq!(checker_apply(SOLVED, &format_moves(&s.moves)), s.state);
    }
    assert_ne!(scramble(&t, 1).state, scramble(&t, 2).state);
    // Uniform pieces: over many states each corner lands in position 0 about equally
    // often, and each of the three twists of position 0 too.
    let mut corner_at_0 = [0u32; 8];
    let mut twist_at_0 = [0u32; 3];
    let mut flip_at_0 = [0u32; 2];
    for seed in 0..8000 {
        let c = *random_cube(seed).cubie();
        corner_at_0[c.cp[0] as usize] += 1;
        twist_at_0[c.co[0] as usize] += 1;
        flip_at_0[c.eo[0] as usize] += 1;
        assert_eq!(c.corner_parity(), c.edge_parity());
    }
    assert!(
        corner_at_0.iter().all(|&n| (850..1150).contains(&n)),
        "{corner_at_0:?}"
    );
    assert!(
        twist_at_0.iter().all(|&n| (2450..2900).contains(&n)),
        "{twist_at_0:?}"
    );
    assert!(
        flip_at_0.iter().all(|&n| (3800..4200).contains(&n)),
        "{flip_at_0:?}"
    );
}

// ---------------------------------------------------------------------------------------
// Validation.

fn fault(state: &str) -> (Fault, String) {
    let e = Cube::parse(state).unwrap_err();
    (e.fault, e.message)
}

fn swap(state: &str, a: usize, b: usize) -> String {
    let mut s: Vec<char> = state.chars().collect();
    s.swap(a, b);
    s.into_iter().collect()
}

/// Facelet index from a name like `U6`.
fn at(name: &str) -> usize {
    let face = "URFDLB".find(&name[..1]).unwrap();
    face * 9 + name[1..].parse::<usize>().unwrap() - 1
}

#[test]
fn each_fault_is_named() {
    let colours = "wwwwwwwwwrrrrrrrrrgggggggggyyyyyyyyyooooooooobbbbbbbbb";
    // Shape.
    let (f, m) = fault("UUU");
    assert_eq!(f, Fault::Shape);
    assert!(m.contains("54 facelets") && m.contains("has 3"), "{m}");
    let (f, m) = fault(&SOLVED.replacen('U', "7", 1));
    assert_eq!(f, Fault::Shape);
    assert!(m.contains("facelet 1 (U1) is '7'"), "{m}");
    // Counts: a tenth W.
    let (f, m) = fault(&colours.replacen('r', "w", 1));
    assert_eq!(f, Fault::ColourCount);
    assert!(
        m.contains("W appears 10 times") && m.contains("R appears 8 times"),
        "{m}"
    );
    let (f, m) = fault(&colours.replacen('r', "k", 1));
    assert_eq!(f, Fault::ColourCount);
    assert!(m.contains("7 colours"), "{m}");
    // Two centres alike (swap the U centre with an R facelet).
    let (f, m) = fault(&swap(colours, at("U5"), at("R1")));
    assert_eq!(f, Fault::Centres);
    assert!(m.contains("U5 and R5 are both R"), "{m}");
    // Centres that disagree with the pieces about opposites: U and F centres swapped.
    let (f, m) = fault(&swap(colours, at("U5"), at("F5")));
    assert_eq!(f, Fault::CentreScheme);
    assert!(m.contains("misplaced"), "{m}");
    // Opposite centres swapped: every corner runs the wrong way round.
    let (f, m) = fault(&swap(colours, at("U5"), at("D5")));
    assert_eq!(f, Fault::CentreScheme);
    assert!(m.contains("mirror image"), "{m}");
    // An edge with opposite colours: a yellow on the UR edge.
    let (f, m) = fault(&swap(colours, at("R2"), at("D2")));
    assert_eq!(f, Fault::ImpossiblePiece);
    assert!(
        m.contains("the edge at U6/R2 has colours W and Y, which are on opposite faces"),
        "{m}"
    );
    // An edge with one colour twice.
    let (f, m) = fault(&swap(colours, at("R2"), at("U1")));
    assert_eq!(f, Fault::ImpossiblePiece);
    assert!(m.contains("the edge at U6/R2 has two W facelets"), "{m}");
    // A corner with opposite colours.
    let (f, m) = fault(&swap(colours, at("R1"), at("D1")));
    assert_eq!(f, Fault::ImpossiblePiece);
    assert!(
        m.contains("the corner at U9/R1/F3 has colours W, Y and G: W and Y are on opposite"),
        "{m}"
    );
    // A mirrored corner: two of its facelets swapped.
    let (f, m) = fault(&swap(colours, at("R1"), at("F3")));
    assert_eq!(f, Fault::MirroredCorner);
    assert!(m.contains("U9/R1/F3 (W, G and R) is a mirror image"), "{m}");
    // A flipped edge.
    let (f, m) = fault(&swap(colours, at("U6"), at("R2")));
    assert_eq!(f, Fault::FlippedEdge);
    assert!(m.contains("flipped"), "{m}");
    // A twisted corner: rotate U9 R1 F3.
    let mut s: Vec<char> = colours.chars().collect();
    let (u, r, fr) = (at("U9"), at("R1"), at("F3"));
    (s[u], s[r], s[fr]) = (s[fr], s[u], s[r]);
    let (f, m) = fault(&s.into_iter().collect::<String>());
    assert_eq!(f, Fault::TwistedCorner);
    assert!(m.contains("twisted"), "{m}");
    // Two edges swapped: UR and UF exchange places (their stickers move together).
    let mut s: Vec<char> = colours.chars().collect();
    s.swap(at("U6"), at("U8"));
    s.swap(at("R2"), at("F2"));
    let (f, m) = fault(&s.into_iter().collect::<String>());
    assert_eq!(f, Fault::SwappedPair);
    assert!(m.contains("swapped"), "{m}");
}

#[test]
fn duplicated_pieces_are_named() {
    // The UF edge repainted as a second UR edge and the DR edge as a second DF edge: the
    // colour counts still balance and every edge is a real one, but two appear twice.
    let mut s: Vec<char> = SOLVED.chars().collect();
    s[at("F2")] = 'R';
    s[at("R8")] = 'F';
    let (f, m) = fault(&s.into_iter().collect::<String>());
    assert_eq!(f, Fault::DuplicatePiece);
    assert_eq!(
        m,
        "the edge with colours U and R appears twice, at U6/R2 and at U8/F2"
    );
}

#[test]
fn random_garbage_never_panics_and_valid_states_round_trip() {
    let mut rng = Rng::new(5);
    let alphabet: Vec<char> = "URFDLBwygbro xQ1'2".chars().collect();
    for i in 0..20_000 {
        let len = if i % 3 == 0 {
            54
        } else {
            rng.below(70) as usize
        };
        let text: String = (0..len)
            .map(|_| {
                if rng.below(30) == 0 {
                    char::from_u32(rng.below(0x11_0000) as u32).unwrap_or('?')
                } else {
                    alphabet[rng.below(alphabet.len() as u64) as usize]
                }
            })
            .collect();
        let _ = Cube::parse(&text);
        let _ = parse_moves(&text);
        let _ = apply_moves(SOLVED, &text);
    }
    // Shuffled stickers of a real cube: mostly invalid, never a panic; when valid, the
    // string reads back unchanged.
    for _ in 0..20_000 {
        let mut s: Vec<char> = SOLVED.chars().collect();
        for _ in 0..rng.below(4) + 1 {
            let (a, b) = (rng.below(54) as usize, rng.below(54) as usize);
            s.swap(a, b);
        }
        let text: String = s.into_iter().collect();
        if let Ok(cube) = Cube::parse(&text) {
            assert_eq!(cube.to_string(), text);
        }
    }
    // Every random state reads back as itself.
    for seed in 0..200 {
        let state = random_cube(seed).to_string();
        assert_eq!(Cube::parse(&state).unwrap().to_string(), state);
    }
}
