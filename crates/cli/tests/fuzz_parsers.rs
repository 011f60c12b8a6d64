//! Over a million generated inputs to every parser that reads user text: URL hashes of each
//! workbench, cube stickers, move notation and command-line arguments. None may panic;
//! each gives a value or a clear error, and what is accepted survives a round trip.

use puzzlelab_cli as cli;
use puzzlelab_links::{decode_route, encode_route};
use puzzlelab_solver::cube::corners::analyse;
use puzzlelab_solver::cube::{format_moves, parse_moves, Stickers};
use puzzlelab_solver::rng::Rng;

/// A random string of up to `max` characters drawn mostly from `alphabet`, sometimes any
/// character at all (including multi-byte ones).
fn text(rng: &mut Rng, alphabet: &[char], max: u64) -> String {
    let len = rng.below(max + 1);
    (0..len)
        .map(|_| {
            if rng.below(20) == 0 {
                char::from_u32(rng.below(0x11_0000) as u32).unwrap_or('\u{FFFD}')
            } else {
                alphabet[rng.below(alphabet.len() as u64) as usize]
            }
        })
        .collect()
}

#[test]
fn url_hashes_never_panic_and_what_they_open_round_trips() {
    let mut rng = Rng::new(11);
    let words = [
        "#/knight?",
        "#/count?",
        "all",
        "#/queens?",
        "#/cube?",
        "board=",
        "start=",
        "tie=",
        "heuristic=",
        "seed=",
        "closed=",
        "backtrack=",
        "prune=",
        "fast=",
        "forward-check=",
        "fast-backtrack=",
        "center=",
        "centre=",
        "step=",
        "n=",
        "mode=",
        "queens=",
        "state=",
        "solution=",
        "metric=",
        "&",
        "8x8",
        "c3",
        "a1,b5",
        "roth",
        "pohl",
        "hand",
        "search",
        "WWWWGGRRBBOOGGRRBBOOYYYY",
        "R%20U'",
        "%2",
        "%zz",
        "qtm",
        "1",
        "0",
        "99999999999",
        "-3",
    ];
    let chars: Vec<char> = "#/?&=%,x0123456789abcdefghRUFLDBWGYO' -+".chars().collect();
    for i in 0..300_000 {
        let hash = if i % 2 == 0 {
            (0..rng.below(8))
                .map(|_| words[rng.below(words.len() as u64) as usize])
                .collect::<String>()
        } else {
            text(&mut rng, &chars, 60)
        };
        let decoded = decode_route(&hash);
        assert!(
            decoded.problems.iter().all(|p| !p.trim().is_empty()),
            "{hash:?}"
        );
        let again = decode_route(&encode_route(&decoded.value));
        assert!(
            again.problems.is_empty(),
            "{hash:?} -> {:?}",
            again.problems
        );
        assert_eq!(again.value, decoded.value, "{hash:?}");
    }
}

#[test]
fn sticker_strings_parse_or_explain_and_colourings_are_judged() {
    let mut rng = Rng::new(12);
    let colours: Vec<char> = "WWWGGRRBBOOYYwgrboyX1 ".chars().collect();
    let solved = Stickers::solved().0;
    for i in 0..300_000 {
        let state = if i % 3 == 0 {
            // A real cube with a few stickers swapped: mostly impossible colourings.
            let mut s = solved;
            for _ in 0..rng.below(3) {
                s.swap(rng.below(24) as usize, rng.below(24) as usize);
            }
            String::from_utf8(s.to_vec()).unwrap()
        } else {
            text(&mut rng, &colours, 30)
        };
        match Stickers::parse(&state) {
            Ok(cube) => {
                if let Err(e) = analyse(&cube) {
                    assert!(!e.is_empty());
                }
            }
            Err(e) => assert!(!e.is_empty()),
        }
    }
}

#[test]
fn notation_parses_or_says_where_and_round_trips() {
    let mut rng = Rng::new(13);
    let chars: Vec<char> = "UDLRFBxyzudlrfbXYZ2'’i ,3Q".chars().collect();
    for _ in 0..300_000 {
        let input = text(&mut rng, &chars, 40);
        match parse_moves(&input) {
            Ok(moves) => assert_eq!(
                parse_moves(&format_moves(&moves)).unwrap(),
                moves,
                "{input:?}"
            ),
            Err(e) => assert!(
                e.contains("position") || e.contains("wide"),
                "{input:?}: {e}"
            ),
        }
    }
}

#[test]
fn command_lines_parse_or_are_refused_and_cheap_ones_run() {
    let mut rng = Rng::new(14);
    // Whole commands, with sizes small enough to run them all.
    let commands = [
        "knight",
        "knight-exists",
        "queens",
        "cube apply",
        "cube validate",
        "frobnicate",
    ];
    let small = [
        "--board",
        "4x5",
        "--board",
        "3x3",
        "--start",
        "a1",
        "--start",
        "c2",
        "--closed",
        "--backtrack",
        "--n",
        "6",
        "--n",
        "0",
        "--state",
        "WWWWGGRRBBOOGGRRBBOOYYYY",
        "--moves",
        "R U'",
        "--moves",
        "Q",
        "--tie-break",
        "pohl",
        "--seed",
        "9",
        "--forward-check",
        "--no-backtrack",
        "--backtrack=false",
        "--fast-backtrack=true",
    ];
    for _ in 0..30_000 {
        let mut args: Vec<String> = commands[rng.below(commands.len() as u64) as usize]
            .split(' ')
            .map(String::from)
            .collect();
        for _ in 0..rng.below(7) {
            args.push(small[rng.below(small.len() as u64) as usize].to_string());
        }
        match cli::run(&args) {
            Ok(v) => assert!(v.is_object()),
            Err(e) => assert!(!e.0.is_empty()),
        }
    }
}
