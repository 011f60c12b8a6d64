//! Generated inputs (proptest) to the Rubik's cube parsers of user text: facelet strings,
//! WCA notation with wide turns, slices and rotations, and `#/rubik` links. None may
//! panic; each gives a value or a message, and what is accepted survives a round trip.
//! Runs with `cargo test` (so in `make test`); proptest shrinks a failure to a small case.

use proptest::prelude::*;

use puzzlelab_links::{decode_route, encode_route, Route};
use puzzlelab_solver::rubik::{
    format_moves, parse_moves, random_cube, Cube, Facelets, Layer, Move,
};

/// Text mostly from `alphabet`, sometimes any character at all.
fn text_from(alphabet: &'static str, max: usize) -> impl Strategy<Value = String> {
    let letters: Vec<char> = alphabet.chars().collect();
    prop::collection::vec(
        prop_oneof![
            9 => prop::sample::select(letters),
            1 => any::<char>(),
        ],
        0..=max,
    )
    .prop_map(|chars| chars.into_iter().collect())
}

/// Any move the notation can write (amount 1 to 3).
fn a_move() -> impl Strategy<Value = Move> {
    (prop::sample::select(Layer::ALL.to_vec()), 1u8..=3).prop_map(|(l, a)| Move::new(l, a))
}

/// A real cube's facelets with up to three pairs of facelets swapped: mostly colourings
/// that cannot exist, which must be refused with a reason.
fn tampered_cube() -> impl Strategy<Value = String> {
    (
        any::<u64>(),
        prop::collection::vec((0usize..54, 0usize..54), 0..=3),
    )
        .prop_map(|(seed, swaps)| {
            let mut letters: Vec<char> = random_cube(seed).to_string().chars().collect();
            for (a, b) in swaps {
                letters.swap(a, b);
            }
            letters.into_iter().collect()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn facelet_strings_parse_or_say_why(text in prop_oneof![
        text_from("URFDLBurfdlbWYGOX1 \n", 70),
        tampered_cube(),
    ]) {
        match Facelets::parse(&text) {
            Ok(f) => {
                // 54 letters: they read back as written.
                prop_assert_eq!(Facelets::parse(&f.to_string()).unwrap(), f);
                match Cube::from_facelets(&f) {
                    Ok(cube) => prop_assert_eq!(Cube::parse(&cube.to_string()).unwrap(), cube),
                    Err(e) => prop_assert!(!e.to_string().trim().is_empty()),
                }
            }
            Err(e) => {
                prop_assert!(!e.trim().is_empty());
                prop_assert!(Cube::parse(&text).is_err());
            }
        }
    }

    #[test]
    fn notation_parses_or_says_where_and_round_trips(
        text in text_from("UDLRFBudlrfbMESxyzXYZw2'’i ,3Q", 40)
    ) {
        match parse_moves(&text) {
            Ok(moves) => {
                let again = parse_moves(&format_moves(&moves)).unwrap();
                prop_assert_eq!(again, moves);
            }
            Err(e) => prop_assert!(e.contains("position"), "{}", e),
        }
    }

    #[test]
    fn every_move_sequence_reads_back_as_written(moves in prop::collection::vec(a_move(), 0..30)) {
        let text = format_moves(&moves);
        prop_assert_eq!(parse_moves(&text).unwrap(), moves.clone());
        // Without spaces too, as people type them.
        prop_assert_eq!(parse_moves(&text.replace(' ', "")).unwrap(), moves);
    }

    #[test]
    fn rubik_links_open_with_defaults_or_a_message_and_round_trip(
        query in prop_oneof![
            text_from("state=solution=step=seed=max=&%20%27URFDLB'2 0123456789-", 80),
            (tampered_cube(), prop::collection::vec(a_move(), 0..8), any::<u32>(), any::<u64>(), 0u32..40)
                .prop_map(|(state, moves, step, seed, max)| format!(
                    "state={state}&solution={}&step={step}&seed={seed}&max={max}",
                    format_moves(&moves).replace(' ', "%20").replace('\'', "%27")
                )),
        ]
    ) {
        let decoded = decode_route(&format!("#/rubik?{query}"));
        prop_assert!(decoded.problems.iter().all(|p| !p.trim().is_empty()));
        prop_assert!(matches!(decoded.value, Route::Rubik(_)));
        let again = decode_route(&encode_route(&decoded.value));
        prop_assert!(again.problems.is_empty(), "{:?}", again.problems);
        prop_assert_eq!(again.value, decoded.value);
    }
}
