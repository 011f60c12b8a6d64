//! The pocket cube's link: the cube, a solution, the step played and the metric.

use super::{clip, last_value, query_pairs, Decoded};
use crate::solver::cube::{format_moves, parse_moves, Metric, Move, Stickers};

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
}

impl Default for CubeLink {
    fn default() -> Self {
        CubeLink {
            state: Stickers::solved(),
            solution: Vec::new(),
            step: 0,
            metric: Metric::Htm,
        }
    }
}

pub fn encode_cube(c: &CubeLink) -> String {
    let mut parts = vec![format!("state={}", c.state)];
    if !c.solution.is_empty() {
        let text = format_moves(&c.solution)
            .replace(' ', "%20")
            .replace('\'', "%27");
        parts.push(format!("solution={text}"));
        parts.push(format!("step={}", c.step));
    }
    parts.push(format!("metric={}", c.metric.as_str()));
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
    Decoded { value: c, problems }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::share::*;

    #[test]
    fn cube_links_round_trip_and_survive_bad_values() {
        let c = CubeLink {
            state: Stickers::parse("WWWWOOGGRRBBGGRRBBOOYYYY").unwrap(),
            solution: parse_moves("U R' F2").unwrap(),
            step: 2,
            metric: Metric::Qtm,
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
}
