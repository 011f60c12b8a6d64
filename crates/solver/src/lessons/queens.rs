//! Lesson 4, after the eight-queens article: 8^8 boards, then 8!, then backtracking that
//! removes whole chunks of boards at every check, the search tree, and symmetry.

use serde::Serialize;

use super::{At, Bench};
use crate::queens::placement_names;
use crate::queens::search::{boards, permutations, queens_tree, QueensEvent, QueensSearch};
use crate::queens::symmetry::classify;
use crate::tree::SearchTree;
use crate::watch::Observer;
use crate::StepMachine;

pub const SLUG: &str = "eight-queens";

/// What a whole search of N queens found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    pub steps: u64,
    pub nodes: u64,
    pub rows_checked: u64,
    pub diagonals_checked: u64,
    pub solutions: u64,
    /// The step that found the first solution, and that solution.
    pub first: Option<(u64, Vec<u32>)>,
    /// Solutions with the first column's queen in the lower half of its column.
    pub lower_half: u64,
    /// Families under the eight symmetries of the square.
    pub families: u64,
}

/// Runs the page's search to its end and sums it up.
pub fn summary(n: u32) -> Summary {
    let mut s = QueensSearch::new(n, false).expect("a board the lesson uses");
    let mut first = None;
    let mut lower_half = 0;
    let mut families = std::collections::BTreeSet::new();
    while let Some(e) = s.step() {
        if let QueensEvent::Solution { .. } = e {
            let rows = s.rows().to_vec();
            if first.is_none() {
                first = Some((s.stats().steps, rows.clone()));
            }
            if 2 * rows[0] < n {
                lower_half += 1;
            }
            families.insert(classify(&rows).fundamental);
        }
    }
    let c = *s.counters();
    Summary {
        steps: s.stats().steps,
        nodes: c.nodes,
        rows_checked: c.tested_all_rows,
        diagonals_checked: c.tested_free_rows,
        solutions: c.solutions,
        first,
        lower_half,
        families: families.len() as u64,
    }
}

/// Boards the checks have cut off by step `step` of the N-queens search (its tree).
pub fn eliminated_at(n: u32, step: u64) -> u128 {
    let mut s = QueensSearch::new(n, false).expect("valid");
    let mut tree: SearchTree = queens_tree(n);
    tree.observe(&s, 0);
    for k in 1..=step {
        if s.step().is_none() {
            break;
        }
        tree.observe(&s, k);
    }
    tree.icicle(step, 0.0).eliminated
}

/// The step at which the lesson shows the first cuts: the second queen placed.
pub const FIRST_CUTS_STEP: u64 = 2;

/// Each step's workbench.
pub fn steps() -> Vec<Bench> {
    let first_step = summary(8).first.map_or(0, |f| f.0);
    let q = |n, at, tree| Bench::Queens { n, at, tree };
    vec![
        q(8, At::Start, false),
        q(8, At::Start, false),
        q(8, At::Step(first_step), false),
        q(8, At::Step(FIRST_CUTS_STEP), true),
        q(8, At::End, true),
        q(8, At::End, false),
        q(6, At::End, true),
    ]
}

/// Every figure the lesson states, named as its text names them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Facts {
    pub boards: u64,
    pub perms: u64,
    pub factor: u64,
    pub first_step: u64,
    pub first_solution: String,
    pub cut_boards: u64,
    pub search_steps: u64,
    pub nodes: u64,
    pub rows_checked: u64,
    pub diagonals_checked: u64,
    pub solutions: u64,
    /// The same count, as the search's own readout shows it.
    pub solutions_found: u64,
    pub lower_half: u64,
    pub families: u64,
    pub six_solutions: u64,
    pub six_nodes: u64,
}

pub fn facts() -> Facts {
    let s = summary(8);
    let six = summary(6);
    let (first_step, first_rows) = s.first.clone().unwrap_or_default();
    let small = |v: u128| u64::try_from(v).expect("8 queens' boards fit 64 bits");
    Facts {
        boards: small(boards(8)),
        perms: small(permutations(8)),
        factor: small(boards(8) / permutations(8)),
        first_step,
        first_solution: placement_names(&first_rows),
        cut_boards: small(eliminated_at(8, FIRST_CUTS_STEP)),
        search_steps: s.steps,
        nodes: s.nodes,
        rows_checked: s.rows_checked,
        diagonals_checked: s.diagonals_checked,
        solutions: s.solutions,
        solutions_found: s.solutions,
        lower_half: s.lower_half,
        families: s.families,
        six_solutions: six.solutions,
        six_nodes: six.nodes,
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::reference;
    use super::*;

    /// Against a recursive count written here: solutions, solutions with the first queen
    /// in the lower half, and the two cuts of the second column (2 · 8^6).
    #[test]
    fn against_an_independent_count() {
        fn solve(rows: &mut Vec<u32>, n: u32, out: &mut Vec<Vec<u32>>) {
            if rows.len() as u32 == n {
                out.push(rows.clone());
                return;
            }
            let c = rows.len() as u32;
            for r in 0..n {
                if rows
                    .iter()
                    .enumerate()
                    .all(|(k, &q)| q != r && q.abs_diff(r) != c - k as u32)
                {
                    rows.push(r);
                    solve(rows, n, out);
                    rows.pop();
                }
            }
        }
        for n in [6, 8] {
            let mut all = Vec::new();
            solve(&mut Vec::new(), n, &mut all);
            let s = summary(n);
            assert_eq!(s.solutions, all.len() as u64);
            assert_eq!(
                s.lower_half,
                all.iter().filter(|r| 2 * r[0] < n).count() as u64
            );
            // Mirror images top to bottom pair the lower half with the upper half.
            assert_eq!(2 * s.lower_half, s.solutions);
            assert_eq!(s.first.as_ref().map(|f| f.1.clone()), all.first().cloned());
        }
        assert_eq!(eliminated_at(8, FIRST_CUTS_STEP), 2 * 8u128.pow(6));
    }

    /// The lesson's counts against the published ones (tests/reference/queens.json).
    #[test]
    fn against_the_published_counts() {
        let r = reference("queens.json");
        let published = |v: &serde_json::Value| v.as_u64().expect("a count");
        let facts = facts();
        let (solutions, families) = (&r["solutions"][7], &r["unique"][7]);
        assert_eq!(facts.solutions, published(solutions));
        assert_eq!(facts.solutions_found, published(solutions));
        assert_eq!(facts.families, published(families));
        assert_eq!(facts.six_solutions, published(&r["solutions"][5]));
        let b = &r["eight_queens_boards"];
        let (columns, rows) = (&b["one_per_column"], &b["one_per_row_and_column"]);
        assert_eq!(facts.boards, published(columns));
        assert_eq!(facts.perms, published(rows));
        assert_eq!(facts.factor, published(columns) / published(rows));
        let t = &r["eight_queens_backtracking"];
        assert_eq!(facts.nodes, published(&t["tree_nodes_including_root"]));
        assert_eq!(
            facts.rows_checked,
            published(&t["squares_tested_trying_all_rows"])
        );
        assert_eq!(
            facts.diagonals_checked,
            published(&t["squares_tested_skipping_used_rows"])
        );
        assert_eq!(facts.first_solution, t["first_solution"].as_str().unwrap());
    }
}
