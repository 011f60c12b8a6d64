//! Rules run from every start square of 8×8, side by side: the table a lesson's workbench
//! shows (which starts each rule solves, and the most steps a start took).

use super::knight_rules::{board, clockwise, compared_rules, with_backtracking, LIMIT};
use super::tour_watch::{ending, run_to_end};
use crate::knight::all_starts::Outcome;
use crate::knight::Rule;
use crate::knight::TourConfig;
use crate::Status;

/// Which rules the table compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Table {
    /// The HANA article's rules and Warnsdorff's tie-breaks, greedily.
    Greedy,
    /// The JS article's clockwise rule, greedily and with backtracking.
    Backtracking,
}

/// One rule's row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// `bottom`, `warnsdorff/roth`, `warnsdorff/first+backtracking`.
    pub name: String,
    /// Each start's outcome, by square index.
    pub outcomes: Vec<Outcome>,
    pub solved: u64,
    /// The most steps any start took.
    pub most_steps: u64,
}

fn rule_config(rule: Rule) -> TourConfig {
    TourConfig {
        rule,
        ..TourConfig::new(board(), 0)
    }
}

/// The rows' names and the configs they run (the start is replaced by each square).
pub fn rules(table: Table) -> Vec<(String, TourConfig)> {
    match table {
        Table::Greedy => compared_rules()
            .into_iter()
            .map(|r| (r.name(), rule_config(r)))
            .collect(),
        Table::Backtracking => vec![
            ("warnsdorff/first".to_string(), clockwise(0)),
            (
                "warnsdorff/first+backtracking".to_string(),
                with_backtracking(0, true, false),
            ),
        ],
    }
}

/// Runs one row from every start.
pub fn row(name: String, config: TourConfig) -> Row {
    let runs: Vec<(Status, u64)> = (0..board().squares())
        .map(|start| {
            let end = ending(TourConfig { start, ..config }, LIMIT);
            (end.status, end.steps)
        })
        .collect();
    let outcomes: Vec<Outcome> = runs
        .iter()
        .map(|r| match r.0 {
            Status::Solved => Outcome::Solved,
            Status::Failed => Outcome::Failed,
            Status::Exhausted => Outcome::Impossible,
            _ => Outcome::GaveUp,
        })
        .collect();
    Row {
        name,
        solved: outcomes.iter().filter(|o| **o == Outcome::Solved).count() as u64,
        outcomes,
        most_steps: runs.iter().map(|r| r.1).max().unwrap_or(0),
    }
}

/// The whole table.
pub fn table(table: Table) -> Vec<Row> {
    rules(table)
        .into_iter()
        .map(|(name, config)| row(name, config))
        .collect()
}

/// Starts from which two rows' rules walk the very same tour (Pohl's and Roth's).
pub fn same_tours(a: TourConfig, b: TourConfig) -> u64 {
    (0..board().squares())
        .filter(|&start| {
            let run = |c: TourConfig| {
                run_to_end(TourConfig { start, ..c }, LIMIT)
                    .map(|w| w.tour.path().to_vec())
                    .ok()
            };
            run(a) == run(b)
        })
        .count() as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knight::all_starts::AllStarts;

    /// The table agrees with the knight page's all-starts machine, row by row.
    #[test]
    fn rows_agree_with_the_all_starts_machine() {
        for t in [Table::Greedy, Table::Backtracking] {
            for r in table(t) {
                let config = rules(t).into_iter().find(|x| x.0 == r.name).unwrap().1;
                let mut all = AllStarts::new(config, LIMIT).unwrap();
                while !all.advance(100_000) {}
                assert_eq!(all.outcomes(), r.outcomes.as_slice(), "{}", r.name);
            }
        }
    }
}
