//! `puzzlelab cube …`: apply, solve, distribution, scramble, validate.

use serde_json::{json, Value};

use crate::cli::{Options, UsageError};
use crate::solver::cube::corners::{analyse, POSITIONS_COUNT};
use crate::solver::cube::scramble::{random_moves, random_position};
use crate::solver::cube::solve::{cheapest, length, solve, Costs};
use crate::solver::cube::{format_moves, parse_moves, DistanceTable, Metric, MoveTables, Stickers};

pub fn run(args: &[String]) -> Result<Value, UsageError> {
    let (sub, rest) = args
        .split_first()
        .ok_or_else(|| UsageError("cube needs a subcommand".into()))?;
    let usage = |e: String| UsageError(e);
    match sub.as_str() {
        "apply" => {
            let o = Options::parse(rest, &["--state", "--moves"], &[])?;
            let cube = Stickers::parse(o.required("--state")?).map_err(usage)?;
            let moves = parse_moves(o.required("--moves")?).map_err(usage)?;
            Ok(json!({ "state": cube.apply_all(&moves).to_string() }))
        }
        "solve" => {
            let o = Options::parse(rest, &["--state", "--metric", "--costs"], &[])?;
            let cube = Stickers::parse(o.required("--state")?).map_err(usage)?;
            let position = analyse(&cube).map_err(usage)?.1.coordinate();
            let tables = MoveTables::new();
            if let Some(text) = o.value("--costs") {
                let costs = parse_costs(text).map_err(usage)?;
                let (moves, cost) = cheapest(&tables, position, costs).map_err(usage)?;
                return Ok(json!({
                    "moves": format_moves(&moves),
                    "length": moves.len(),
                    "cost": cost,
                }));
            }
            let metric = metric(&o)?;
            let table = DistanceTable::build(&tables, metric);
            let moves = solve(&tables, &table, position);
            Ok(json!({
                "moves": format_moves(&moves),
                "length": length(&moves, metric),
                "metric": metric.as_str(),
            }))
        }
        "distribution" => {
            let o = Options::parse(rest, &["--metric"], &[])?;
            let metric = metric(&o)?;
            let counts = DistanceTable::build(&MoveTables::new(), metric).distribution();
            Ok(json!({
                "metric": metric.as_str(),
                "counts": counts,
                "total": POSITIONS_COUNT,
            }))
        }
        "scramble" => {
            let o = Options::parse(rest, &["--seed", "--moves"], &[])?;
            let seed = match o.value("--seed") {
                Some(text) => text.parse::<u64>().map_err(|_| {
                    UsageError(format!("--seed must be a whole number, not '{text}'"))
                })?,
                None => 0,
            };
            if let Some(text) = o.value("--moves") {
                let count: usize = text.parse().ok().filter(|&n| n <= 1000).ok_or_else(|| {
                    UsageError(format!("--moves must be 0 to 1000, not '{text}'"))
                })?;
                let moves = random_moves(seed, count);
                let state = Stickers::solved().apply_all(&moves);
                return Ok(
                    json!({ "state": state.to_string(), "moves": format_moves(&moves), "seed": seed }),
                );
            }
            let (position, state) = random_position(seed);
            let tables = MoveTables::new();
            let table = DistanceTable::build(&tables, Metric::Htm);
            let undo: Vec<_> = solve(&tables, &table, position)
                .iter()
                .rev()
                .map(|m| m.inverse())
                .collect();
            Ok(json!({ "state": state.to_string(), "moves": format_moves(&undo), "seed": seed }))
        }
        "validate" => {
            let o = Options::parse(rest, &["--state"], &[])?;
            let checked = Stickers::parse(o.required("--state")?).and_then(|c| analyse(&c));
            Ok(match checked {
                Ok(_) => json!({ "valid": true, "error": null }),
                Err(e) => json!({ "valid": false, "error": e }),
            })
        }
        other => Err(UsageError(format!("unknown cube subcommand '{other}'"))),
    }
}

fn metric(o: &Options) -> Result<Metric, UsageError> {
    o.value("--metric")
        .map_or(Ok(Metric::Htm), Metric::parse)
        .map_err(UsageError)
}

/// `1,2,2` = clockwise, counter-clockwise, half.
pub fn parse_costs(text: &str) -> Result<Costs, String> {
    let parts: Vec<u8> = text
        .split(',')
        .map(|p| p.trim().parse::<u8>())
        .collect::<Result<_, _>>()
        .map_err(|_| format!("costs '{text}' must be three numbers like 1,2,2"))?;
    let [clockwise, counter_clockwise, half] = parts[..] else {
        return Err(format!("costs '{text}' must be three numbers like 1,2,2"));
    };
    let costs = Costs {
        clockwise,
        counter_clockwise,
        half,
    };
    costs.check()?;
    Ok(costs)
}
