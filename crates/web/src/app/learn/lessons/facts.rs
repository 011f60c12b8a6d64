//! A lesson's figures as its text states them: the values the solver's machines compute
//! (`puzzlelab_solver::lessons::<lesson>::facts`, named as the text names them), each
//! written for the reader and paired with the page hook its lesson file gives it.

use std::collections::BTreeMap;

use puzzlelab_solver::lessons::{backtracking, brute_force, cube, knight_graph, queens};
use serde_json::{Map, Value};

use crate::app::widgets::numbers::group;

/// A number a step states, with where the page shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fact {
    pub name: String,
    /// The plain value a test compares (digits, a square name, `56.9`).
    pub value: String,
    /// How the text shows it (`16,777,216`).
    pub shown: String,
    /// Where the live workbench shows the same figure, read the same way by the browser
    /// test: `count <selector>` (how many elements match), `attr <name> <selector>` (an
    /// attribute of the first match) or `text <selector>` (its text, digits and point only).
    pub hook: String,
}

/// Results only the worker can give in time (the cube's tables and paths); a lesson's
/// facts that need one wait for it (the text shows them as pending).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Inputs {
    /// Positions at each distance, quarter turns.
    pub cube_qtm: Option<Vec<u64>>,
    /// Positions at each distance, half turns counted as one.
    pub cube_htm: Option<Vec<u64>>,
    /// The optimal paths of the paths step: (distance, how many).
    pub cube_paths: Option<(u32, u64)>,
}

/// The solver's figures for the lesson `slug`, by name (a late one is null until the
/// worker has answered).
pub fn values(slug: &str, inputs: &Inputs) -> Map<String, Value> {
    let json = match slug {
        knight_graph::SLUG => serde_json::to_value(knight_graph::facts()),
        backtracking::SLUG => serde_json::to_value(backtracking::facts()),
        brute_force::SLUG => serde_json::to_value(brute_force::facts()),
        queens::SLUG => serde_json::to_value(queens::facts()),
        cube::SLUG => serde_json::to_value(cube::facts(
            inputs.cube_qtm.as_deref(),
            inputs.cube_htm.as_deref(),
        )),
        _ => Ok(Value::Null),
    };
    match json {
        Ok(Value::Object(map)) => map,
        _ => Map::new(),
    }
}

/// Each fact the hooks name whose value is known: counts grouped by thousands, fractions
/// to one decimal, words as they are.
pub fn facts(slug: &str, hooks: &BTreeMap<String, String>, inputs: &Inputs) -> Vec<Fact> {
    let values = values(slug, inputs);
    hooks
        .iter()
        .filter_map(|(name, hook)| {
            let (value, shown) = written(values.get(name)?)?;
            Some(Fact {
                name: name.clone(),
                value,
                shown,
                hook: hook.clone(),
            })
        })
        .collect()
}

/// A value as (what a test compares, what the reader sees); `None` while it is unknown.
fn written(value: &Value) -> Option<(String, String)> {
    match value {
        Value::Number(n) => Some(match n.as_u64() {
            Some(count) => (count.to_string(), group(count)),
            None => {
                let v = format!("{:.1}", n.as_f64()?);
                (v.clone(), v)
            }
        }),
        Value::String(word) => Some((word.clone(), word.clone())),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_written_for_the_reader() {
        let w = |v: Value| written(&v);
        assert_eq!(
            w(16_777_216u64.into()),
            Some(("16777216".into(), "16,777,216".into()))
        );
        assert_eq!(w(56.8893.into()), Some(("56.9".into(), "56.9".into())));
        assert_eq!(w("h8".into()), Some(("h8".into(), "h8".into())));
        assert_eq!(w(Value::Null), None);
    }
}
