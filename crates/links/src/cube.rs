//! The pocket cube's link: the cube, a solution, the step played and the metric; the goal
//! cube, which optimal solution is shown, and the step of the breadth-first search player;
//! `predict=1` for guessing each turn of the optimal solve.

use super::{clip, decode_view3d, last_value, query_pairs, Decoded};
use puzzlelab_solver::cube::{format_moves, parse_moves, Metric, Move, Stickers};
use puzzlelab_solver::cube_view::Orbit;

/// The cube workbench as a link carries it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CubeLink {
    /// The cube before the solution (24 letters; the colouring may still be impossible,
    /// which the page then explains).
    pub state: Stickers,
    pub solution: Vec<Move>,
    /// Moves of the solution played (0 = none).
    pub step: u32,
    pub metric: Metric,
    /// The cube to reach (`None`: solved, however held).
    pub goal: Option<Stickers>,
    /// Which optimal solution is shown (from 0, in `OptimalPaths` order).
    pub path: u64,
    /// The breadth-first search player, open at this step (`None`: closed).
    pub bfs: Option<u64>,
    /// The angle the 3D cube is seen from (`None`: the default view).
    pub view3d: Option<Orbit>,
    /// "What would it do next?": the solve player stops before each turn for a guess
    /// (`predict=1`).
    pub predict: bool,
}

impl Default for CubeLink {
    fn default() -> Self {
        CubeLink {
            state: Stickers::solved(),
            solution: Vec::new(),
            step: 0,
            metric: Metric::Htm,
            goal: None,
            path: 0,
            bfs: None,
            view3d: None,
            predict: false,
        }
    }
}

pub fn encode_cube(c: &CubeLink) -> String {
    let mut parts = vec![format!("state={}", c.state)];
    if !c.solution.is_empty() {
        let text = super::encode_value(&format_moves(&c.solution));
        parts.push(format!("solution={text}"));
        parts.push(format!("step={}", c.step));
    }
    parts.push(format!("metric={}", c.metric.as_str()));
    if let Some(goal) = c.goal {
        parts.push(format!("goal={goal}"));
    }
    if c.path > 0 {
        parts.push(format!("path={}", c.path));
    }
    if let Some(step) = c.bfs {
        parts.push(format!("bfs={step}"));
    }
    if let Some(view) = c.view3d {
        parts.push(format!("view3d={view}"));
    }
    if c.predict {
        parts.push("predict=1".to_string());
    }
    parts.join("&")
}

pub fn decode_cube(query: &str) -> Decoded<CubeLink> {
    let mut c = CubeLink::default();
    let mut problems = Vec::new();
    let pairs = query_pairs(query);
    let get = |key: &str| last_value(&pairs, key);
    if let Some(text) = get("state") {
        match Stickers::parse(text) {
            Ok(state) => c.state = state,
            Err(e) => problems.push(format!("{}; showing a solved cube", clip(&e))),
        }
    }
    if let Some(text) = get("metric") {
        match Metric::parse(text) {
            Ok(m) => c.metric = m,
            Err(e) => problems.push(clip(&e)),
        }
    }
    if let Some(text) = get("solution") {
        match parse_moves(text) {
            Ok(moves) if moves.len() <= 1000 => c.solution = moves,
            Ok(_) => problems.push("the solution is longer than 1000 moves; ignored".into()),
            Err(e) => problems.push(format!("solution: {}", clip(&e))),
        }
    }
    if let Some(text) = get("step") {
        match text.trim().parse::<u32>() {
            Ok(step) if step as usize <= c.solution.len() => c.step = step,
            _ => problems.push(format!(
                "step must be 0 to {} (the solution's length), not '{}'",
                c.solution.len(),
                clip(text)
            )),
        }
    }
    if let Some(text) = get("goal") {
        match Stickers::parse(text) {
            Ok(goal) => c.goal = Some(goal),
            Err(e) => problems.push(format!("goal: {}; aiming for the solved cube", clip(&e))),
        }
    }
    if let Some(text) = get("path") {
        match text.trim().parse::<u64>() {
            Ok(path) => c.path = path,
            Err(_) => problems.push(format!(
                "path must be a whole number (which optimal solution, from 0), not '{}'",
                clip(text)
            )),
        }
    }
    if let Some(text) = get("bfs") {
        match text.trim().parse::<u64>() {
            Ok(step) if step <= MAX_BFS_STEPS => c.bfs = Some(step),
            _ => problems.push(format!(
                "bfs must be a step of the search, 0 to {MAX_BFS_STEPS}, not '{}'",
                clip(text)
            )),
        }
    }
    c.view3d = decode_view3d(&pairs, &mut problems);
    if let Some(text) = get("predict") {
        match text.trim() {
            "1" => c.predict = true,
            "0" => c.predict = false,
            other => problems.push(format!("predict must be 0 or 1, not '{}'", clip(other))),
        }
    }
    Decoded { value: c, problems }
}

/// More steps than any search player takes (it stops at its last step).
pub const MAX_BFS_STEPS: u64 = 10_000_000;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::*;

    #[test]
    fn cube_links_round_trip_and_survive_bad_values() {
        let c = CubeLink {
            state: Stickers::parse("WWWWOOGGRRBBGGRRBBOOYYYY").unwrap(),
            solution: parse_moves("U R' F2").unwrap(),
            step: 2,
            metric: Metric::Qtm,
            ..CubeLink::default()
        };
        let hash = encode_route(&Route::Cube(c.clone()));
        assert_eq!(
            hash,
            "#/cube?state=WWWWOOGGRRBBGGRRBBOOYYYY&solution=U%20R%27%20F2&step=2&metric=qtm"
        );
        let d = decode_route(&hash);
        assert!(d.problems.is_empty(), "{:?}", d.problems);
        assert_eq!(d.value, Route::Cube(c));
        // The article's own strings open directly, in any case.
        let d = decode_route("#/cube?state=wwwwggrrbboo ggrrbbooyyyy");
        assert!(d.problems.is_empty());
        let d = decode_route("#/cube?state=WWW&solution=Q&step=9&metric=stm");
        assert_eq!(d.value, Route::Cube(CubeLink::default()));
        assert_eq!(d.problems.len(), 4, "{:?}", d.problems);
    }

    #[test]
    fn goals_paths_and_the_search_player_ride_in_the_link() {
        let c = CubeLink {
            solution: parse_moves("U R").unwrap(),
            goal: Some(Stickers::parse("WWWWRRBBOOGGGGRRBBOOYYYY").unwrap()),
            path: 3,
            bfs: Some(17),
            ..CubeLink::default()
        };
        let hash = encode_route(&Route::Cube(c.clone()));
        assert!(
            hash.ends_with("&goal=WWWWRRBBOOGGGGRRBBOOYYYY&path=3&bfs=17"),
            "{hash}"
        );
        let d = decode_route(&hash);
        assert!(d.problems.is_empty(), "{:?}", d.problems);
        assert_eq!(d.value, Route::Cube(c));
        let d = decode_route("#/cube?goal=WW&path=-1&bfs=x");
        assert_eq!(d.value, Route::Cube(CubeLink::default()));
        assert_eq!(d.problems.len(), 3, "{:?}", d.problems);
        assert!(d.problems[0].contains("24 stickers"));
    }

    #[test]
    fn the_3d_view_angle_rides_in_the_link() {
        let c = CubeLink {
            view3d: Some(Orbit::new(120, -45)),
            ..CubeLink::default()
        };
        let hash = encode_route(&Route::Cube(c.clone()));
        assert!(hash.ends_with("&view3d=120,-45"), "{hash}");
        assert_eq!(decode_route(&hash).value, Route::Cube(c));
        assert!(!encode_route(&Route::Cube(CubeLink::default())).contains("view3d"));
        let d = decode_route("#/cube?view3d=10,95");
        assert_eq!(d.value, Route::Cube(CubeLink::default()));
        assert_eq!(d.problems.len(), 1);
        assert!(d.problems[0].contains("yaw,pitch") && d.problems[0].contains("default view"));
    }

    #[test]
    fn prediction_rides_in_the_link_and_a_bad_one_is_refused() {
        let c = CubeLink {
            solution: parse_moves("R'").unwrap(),
            state: Stickers::solved().apply_all(&parse_moves("R").unwrap()),
            predict: true,
            ..CubeLink::default()
        };
        let hash = encode_route(&Route::Cube(c.clone()));
        assert!(hash.ends_with("&step=0&metric=htm&predict=1"), "{hash}");
        assert_eq!(decode_route(&hash).value, Route::Cube(c));
        assert!(!encode_route(&Route::Cube(CubeLink::default())).contains("predict"));
        let bad = decode_route("#/cube?predict=yes");
        assert_eq!(bad.value, Route::Cube(CubeLink::default()));
        assert_eq!(bad.problems.len(), 1);
        assert!(
            bad.problems[0].contains("predict must be 0 or 1"),
            "{:?}",
            bad.problems
        );
    }
}
