//! The Rubik's cube's link: the cube (54 facelets in URFDLB order), a solution, the step
//! played, the scramble seed that made the cube, the longest solution to accept and
//! which table "Prove optimal" reads beside the corner table (`small-table=1` and `h16=L`,
//! the CLI's `--small-table` and `--h16 L`; neither: the default, as the CLI's), and the
//! search's code in place of the net (`view=code`).

use super::{clip, decode_view3d, last_value, query_pairs, Decoded};
use puzzlelab_solver::cube_view::Orbit;
use puzzlelab_solver::rubik::optimal_tables::h16::Level;
use puzzlelab_solver::rubik::optimal_tables::stored::ProofTable;
use puzzlelab_solver::rubik::{format_moves, parse_moves, Facelets, Move};

/// The search's default and largest length limits (the CLI's `--max-length`).
pub const DEFAULT_MAX_LENGTH: u8 = 20;
pub const LARGEST_MAX_LENGTH: u8 = 30;
/// Longer solutions in a link are refused (nobody plays 1000 moves back).
const MAX_LINK_MOVES: usize = 1000;

/// The Rubik's cube workbench as a link carries it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RubikLink {
    /// The cube before the solution, upper-cased (the colouring may be impossible, which
    /// the page then explains).
    pub state: Facelets,
    pub solution: Vec<Move>,
    /// Moves of the solution played (0 = none).
    pub step: u32,
    /// The seed of the random-state scramble that made `state`, if one did.
    pub seed: Option<u64>,
    pub max_length: u8,
    /// The angle the 3D cube is seen from (`None`: the default view).
    pub view3d: Option<Orbit>,
    /// The table "Prove optimal" reads beside the corner table.
    pub table: ProofTable,
    /// The search's code in the dock in place of the net (`view=code`).
    pub code: bool,
}

impl Default for RubikLink {
    fn default() -> Self {
        RubikLink {
            state: Facelets::solved(),
            solution: Vec::new(),
            step: 0,
            seed: None,
            max_length: DEFAULT_MAX_LENGTH,
            view3d: None,
            table: ProofTable::default(),
            code: false,
        }
    }
}

/// Reads a state as the page keeps it: 54 letters, upper-cased.
pub fn parse_state(text: &str) -> Result<Facelets, String> {
    Facelets::parse(text).map(|f| Facelets(f.0.map(|c| c.to_ascii_uppercase())))
}

pub fn encode_rubik(r: &RubikLink) -> String {
    let mut parts = vec![format!("state={}", r.state)];
    if !r.solution.is_empty() {
        let text = super::encode_value(&format_moves(&r.solution));
        parts.push(format!("solution={text}"));
        parts.push(format!("step={}", r.step));
    }
    if let Some(seed) = r.seed {
        parts.push(format!("seed={seed}"));
    }
    if r.max_length != DEFAULT_MAX_LENGTH {
        parts.push(format!("max={}", r.max_length));
    }
    if let Some(view) = r.view3d {
        parts.push(format!("view3d={view}"));
    }
    match r.table {
        ProofTable::Big => {}
        ProofTable::Small => parts.push("small-table=1".into()),
        ProofTable::H16(level) => parts.push(format!("h16={}", level.get())),
    }
    if r.code {
        parts.push("view=code".into());
    }
    parts.join("&")
}

pub fn decode_rubik(query: &str) -> Decoded<RubikLink> {
    let mut r = RubikLink::default();
    let mut problems = Vec::new();
    let pairs = query_pairs(query);
    let get = |key: &str| last_value(&pairs, key);
    if let Some(text) = get("state") {
        match parse_state(text) {
            Ok(state) => r.state = state,
            Err(e) => problems.push(format!("{}; showing a solved cube", clip(&e))),
        }
    }
    if let Some(text) = get("solution") {
        match parse_moves(text) {
            Ok(moves) if moves.len() <= MAX_LINK_MOVES => r.solution = moves,
            Ok(_) => problems.push(format!(
                "the solution is longer than {MAX_LINK_MOVES} moves; ignored"
            )),
            Err(e) => problems.push(format!("solution: {}", clip(&e))),
        }
    }
    if let Some(text) = get("step") {
        match text.trim().parse::<u32>() {
            Ok(step) if step as usize <= r.solution.len() => r.step = step,
            _ => problems.push(format!(
                "step must be 0 to {} (the solution's length), not '{}'",
                r.solution.len(),
                clip(text)
            )),
        }
    }
    if let Some(text) = get("seed") {
        match text.trim().parse::<u64>() {
            Ok(seed) => r.seed = Some(seed),
            Err(_) => problems.push(format!(
                "seed must be a whole number from 0 to {}, not '{}'",
                u64::MAX,
                clip(text)
            )),
        }
    }
    if let Some(text) = get("max") {
        match text.trim().parse::<u8>() {
            Ok(n) if (1..=LARGEST_MAX_LENGTH).contains(&n) => r.max_length = n,
            _ => problems.push(format!(
                "max (the longest solution to accept) must be 1 to {LARGEST_MAX_LENGTH}, not '{}'; using {DEFAULT_MAX_LENGTH}",
                clip(text)
            )),
        }
    }
    r.view3d = decode_view3d(&pairs, &mut problems);
    if let Some(text) = get("small-table") {
        match text.trim() {
            "1" | "true" => r.table = ProofTable::Small,
            "0" | "false" => {}
            _ => problems.push(format!(
                "small-table must be 1 or 0, not '{}'; using the big table",
                clip(text)
            )),
        }
    }
    if let Some(text) = get("h16") {
        match text.trim().parse::<u8>().ok().and_then(Level::new) {
            Some(level) => {
                if r.table == ProofTable::Small {
                    problems.push(
                        "small-table and h16 each name a table; using the tetrad-slice table"
                            .into(),
                    );
                }
                r.table = ProofTable::H16(level);
            }
            None => problems.push(format!(
                "h16 (the tetrad-slice table's level) must be 0 to {}, not '{}'; using the {} table",
                Level::MAX,
                clip(text),
                r.table.name()
            )),
        }
    }
    if let Some(text) = get("view") {
        match text.trim() {
            "net" => r.code = false,
            "code" => r.code = true,
            other => problems.push(format!(
                "view must be net or code, not '{}'; showing the net",
                clip(other)
            )),
        }
    }
    Decoded { value: r, problems }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::*;
    use puzzlelab_solver::rubik::{apply_moves, SOLVED};

    #[test]
    fn rubik_links_round_trip() {
        let state = apply_moves(SOLVED, "R U R' U' F2").unwrap();
        let r = RubikLink {
            state: parse_state(&state).unwrap(),
            solution: parse_moves("F2 U R U' R'").unwrap(),
            step: 3,
            seed: Some(42),
            max_length: 18,
            view3d: None,
            table: ProofTable::Big,
            code: false,
        };
        let hash = encode_route(&Route::Rubik(r.clone()));
        assert_eq!(
            hash,
            format!(
                "#/rubik?state={state}&solution=F2%20U%20R%20U%27%20R%27&step=3&seed=42&max=18"
            )
        );
        let d = decode_route(&hash);
        assert!(d.problems.is_empty(), "{:?}", d.problems);
        assert_eq!(d.value, Route::Rubik(r));
        // The defaults stay out of the link; every move kind survives it.
        let r = RubikLink {
            solution: parse_moves("Rw2 M' x y2 z' E S2 u").unwrap(),
            step: 8,
            ..RubikLink::default()
        };
        let hash = encode_route(&Route::Rubik(r.clone()));
        assert!(!hash.contains("seed=") && !hash.contains("max="), "{hash}");
        assert_eq!(decode_route(&hash).value, Route::Rubik(r));
        assert_eq!(
            decode_route("#/rubik").value,
            Route::Rubik(RubikLink::default())
        );
    }

    #[test]
    fn states_are_read_in_any_case_and_any_letters() {
        let d = decode_route(&format!("#/rubik?state={}", SOLVED.to_lowercase()));
        assert!(d.problems.is_empty(), "{:?}", d.problems);
        let Route::Rubik(r) = d.value else {
            panic!("rubik")
        };
        assert_eq!(r.state, Facelets::solved());
        // An impossible colouring is kept for the page to explain, not refused here.
        let flipped = SOLVED.replacen("UUUUUUUUURR", "UUUUURUUURU", 1);
        let Route::Rubik(r) = decode_route(&format!("#/rubik?state={flipped}")).value else {
            panic!("rubik")
        };
        assert_eq!(r.state.to_string(), flipped);
    }

    #[test]
    fn bad_values_give_messages_and_defaults() {
        let d = decode_route("#/rubik?state=UUU&solution=R%20Q&step=9&seed=-1&max=31");
        assert_eq!(d.value, Route::Rubik(RubikLink::default()));
        assert_eq!(d.problems.len(), 5, "{:?}", d.problems);
        assert!(d.problems[0].contains("54 facelets"), "{}", d.problems[0]);
        assert!(d.problems[0].contains("solved cube"));
        assert!(d.problems[1].starts_with("solution:"));
        assert!(d.problems[2].contains("0 to 0"));
        assert!(d.problems[3].contains("seed"));
        assert!(d.problems[4].contains("1 to 30"));
        // A step past a good solution's end is refused, the solution kept.
        let Route::Rubik(r) = decode_route("#/rubik?solution=R%20U&step=3").value else {
            panic!("rubik")
        };
        assert_eq!((r.solution.len(), r.step), (2, 0));
        let long = "R ".repeat(MAX_LINK_MOVES + 1);
        let d = decode_route(&format!("#/rubik?solution={long}"));
        assert_eq!(d.problems.len(), 1);
        assert_eq!(d.value, Route::Rubik(RubikLink::default()));
        // Garbage of every kind never panics.
        for junk in [
            "%",
            "state=%ZZ",
            "state=é",
            "max=",
            "step=99999999999999999999",
        ] {
            let _ = decode_route(&format!("#/rubik?{junk}"));
        }
    }

    #[test]
    fn the_table_choice_rides_in_the_link() {
        let level0 = ProofTable::H16(Level::new(0).unwrap());
        for (table, key) in [(ProofTable::Small, "&small-table=1"), (level0, "&h16=0")] {
            let r = RubikLink {
                table,
                ..RubikLink::default()
            };
            let hash = encode_route(&Route::Rubik(r.clone()));
            assert!(hash.ends_with(key), "{hash}");
            let d = decode_route(&hash);
            assert_eq!(d.value, Route::Rubik(r));
            assert!(d.problems.is_empty(), "{:?}", d.problems);
        }
        // A bad level keeps the table before it and says why; two tables name one.
        let d = decode_route("#/rubik?small-table=1&h16=3");
        let Route::Rubik(r) = &d.value else { panic!() };
        assert_eq!(r.table, ProofTable::Small);
        assert!(
            d.problems[0].contains("h16 (the tetrad-slice table's level) must be 0 to 2, not '3'"),
            "{:?}",
            d.problems
        );
        let d = decode_route("#/rubik?small-table=1&h16=1");
        let Route::Rubik(r) = &d.value else { panic!() };
        assert_eq!(r.table, ProofTable::H16(Level::new(1).unwrap()));
        assert!(
            d.problems[0].contains("each name a table"),
            "{:?}",
            d.problems
        );
        // The default, the big table, stays out of the link.
        let hash = encode_route(&Route::Rubik(RubikLink::default()));
        assert!(!hash.contains("small-table"), "{hash}");
        let d = decode_route("#/rubik?small-table=0");
        assert!(d.problems.is_empty());
        assert_eq!(d.value, Route::Rubik(RubikLink::default()));
        let d = decode_route("#/rubik?small-table=maybe");
        assert_eq!(d.value, Route::Rubik(RubikLink::default()));
        assert!(
            d.problems[0].contains("small-table must be 1 or 0"),
            "{:?}",
            d.problems
        );
    }

    #[test]
    fn the_code_view_rides_in_the_link() {
        let r = RubikLink {
            solution: parse_moves("U' R'").unwrap(),
            step: 1,
            code: true,
            ..RubikLink::default()
        };
        let hash = encode_route(&Route::Rubik(r.clone()));
        assert!(hash.ends_with("&step=1&view=code"), "{hash}");
        assert_eq!(decode_route(&hash).value, Route::Rubik(r));
        // The net, the default, stays out of the link; `view=net` says it outright.
        let hash = encode_route(&Route::Rubik(RubikLink::default()));
        assert!(!hash.contains("view="), "{hash}");
        let d = decode_route("#/rubik?view=net");
        assert!(d.problems.is_empty());
        assert_eq!(d.value, Route::Rubik(RubikLink::default()));
        // Beside the 3D view's angle, which has its own key.
        let d = decode_route("#/rubik?view3d=-170,30&view=code");
        let Route::Rubik(both) = d.value else {
            panic!("rubik")
        };
        assert!(both.code && both.view3d == Some(Orbit::new(-170, 30)));
        let d = decode_route("#/rubik?view=tree");
        assert_eq!(d.value, Route::Rubik(RubikLink::default()));
        assert!(
            d.problems[0].contains("view must be net or code, not 'tree'"),
            "{:?}",
            d.problems
        );
    }

    #[test]
    fn the_3d_view_angle_rides_in_the_link() {
        let r = RubikLink {
            view3d: Some(Orbit::new(-170, 30)),
            ..RubikLink::default()
        };
        let hash = encode_route(&Route::Rubik(r.clone()));
        assert!(hash.ends_with("view3d=-170,30"), "{hash}");
        assert_eq!(decode_route(&hash).value, Route::Rubik(r));
        let d = decode_route("#/rubik?view3d=left");
        assert_eq!(d.value, Route::Rubik(RubikLink::default()));
        assert!(
            d.problems[0].contains("view3d must be yaw,pitch"),
            "{:?}",
            d.problems
        );
    }
}
