//! Lesson 4, after the eight-queens article: 8^8 boards, then 8!, then backtracking that
//! removes whole chunks of boards at every check, the search tree, and symmetry.

use super::{At, Bench, Fact, Hook, Lesson, Step, TryIt};
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

pub fn lesson() -> Lesson {
    let first_step = summary(8).first.map_or(0, |f| f.0);
    let q = |n, at, tree| Bench::Queens { n, at, tree };
    Lesson {
        slug: SLUG,
        title: "Eight queens: from 8^8 to backtracking",
        summary: "Fewer and fewer boards to check: one queen per column, per row, then cut whole branches at once.",
        source: "after the eight-queens article",
        steps: vec![
            Step {
                title: "One queen per column",
                text: "Eight queens must stand on a chessboard without attacking each other. Two queens in one column attack, so put one queen in each column: each has 8 rows to choose from, and there are 8^8 = {boards} boards to check.",
                bench: q(8, At::Start, false),
                try_it: Some(TryIt::Press { label: "Press Step three times: a queen per column.", action: "step", times: 3 }),
                facts_after_try: false,
            },
            Step {
                title: "One per row too: 8!",
                text: "Two queens in one row attack as well. The first queen has 8 rows, the second 7, the third 6 …: 8! = {perms} boards, {factor} times fewer. The article notes the catch: a factorial still grows faster than any power, so a bigger board soon defeats this too.",
                bench: q(8, At::Start, false),
                try_it: Some(TryIt::Press { label: "Press Play and watch the search.", action: "play", times: 1 }),
                facts_after_try: false,
            },
            Step {
                title: "Backtracking, column by column",
                text: "Place a queen in the next column on the lowest safe row; if no row is safe, take the last queen back and move it up. Only the newest queen needs checking against the others. The first solution appears at step {first_step}: {first_solution}.",
                bench: q(8, At::Step(first_step), false),
                try_it: Some(TryIt::Press { label: "Press Next solution.", action: "next-solution", times: 1 }),
                facts_after_try: false,
            },
            Step {
                title: "Whole chunks of boards vanish",
                text: "With a queen on a1, the second column's b1 and b2 are attacked. Refusing them skips every board that completes them: two checks cut off {cut_boards} boards. The tree shows each refused square as a cut branch, as wide as the boards it stands for.",
                bench: q(8, At::Step(FIRST_CUTS_STEP), true),
                try_it: Some(TryIt::Press { label: "Press Step three times and watch the cuts grow.", action: "step", times: 3 }),
                facts_after_try: false,
            },
            Step {
                title: "The whole search tree",
                text: "Played to its end the search takes {search_steps} steps through {nodes} nodes of the tree: {rows_checked} rows checked and {diagonals_checked} diagonal checks, the same counts as the article's Perl program, and {solutions} solutions. Every board not shown is in some cut branch.",
                bench: q(8, At::End, true),
                try_it: Some(TryIt::Press { label: "Click a node of the tree to see its board.", action: "select-node", times: 1 }),
                facts_after_try: false,
            },
            Step {
                title: "Mirror images",
                text: "Flip a solution top to bottom and it is still a solution. So the first queen need only try the lower half of its column: {lower_half} solutions have it there, and their mirror images are the rest. With all eight symmetries of the square (rotations and reflections) the {solutions_found} solutions fall into {families} families.",
                bench: q(8, At::End, false),
                try_it: Some(TryIt::Press { label: "Press Previous solution and compare it with its mirror image.", action: "previous-solution", times: 1 }),
                facts_after_try: false,
            },
            Step {
                title: "Other boards",
                text: "The same search runs for any N. On 6×6 it finds only {six_solutions} solutions, through {six_nodes} nodes. Choose a bigger board and watch how fast the tree grows.",
                bench: q(6, At::End, true),
                try_it: Some(TryIt::Choose { label: "Choose N = 10.", what: "n", value: "10" }),
                facts_after_try: false,
            },
        ],
    }
}

pub fn facts() -> Vec<Fact> {
    let s = summary(8);
    let six = summary(6);
    let readout = |name| Hook::Text(name);
    let (first_step, first_rows) = s.first.clone().unwrap_or_default();
    vec![
        Fact::int("boards", boards(8), readout("[data-readout='boards']")),
        Fact::int("perms", permutations(8), readout("[data-readout='perms']")),
        Fact::int(
            "factor",
            boards(8) / permutations(8),
            readout("[data-readout='factor']"),
        ),
        Fact::int(
            "first_step",
            first_step as u128,
            Hook::Attr("data-search-step", "[data-search]"),
        ),
        Fact::word(
            "first_solution",
            placement_names(&first_rows),
            Hook::Attr("data-placement", "[data-readout='placement']"),
        ),
        Fact::int(
            "cut_boards",
            eliminated_at(8, FIRST_CUTS_STEP),
            readout("[data-readout='eliminated']"),
        ),
        Fact::int(
            "search_steps",
            s.steps as u128,
            Hook::Attr("data-search-steps", "[data-search]"),
        ),
        Fact::int("nodes", s.nodes as u128, readout("[data-readout='nodes']")),
        Fact::int(
            "rows_checked",
            s.rows_checked as u128,
            readout("[data-readout='rows-checked']"),
        ),
        Fact::int(
            "diagonals_checked",
            s.diagonals_checked as u128,
            readout("[data-readout='diagonals-checked']"),
        ),
        Fact::int(
            "solutions",
            s.solutions as u128,
            Hook::Attr("data-solutions", "[data-node][data-depth='0']"),
        ),
        Fact::int(
            "solutions_found",
            s.solutions as u128,
            readout("[data-readout='solutions']"),
        ),
        Fact::int(
            "lower_half",
            s.lower_half as u128,
            readout("[data-readout='lower-half']"),
        ),
        Fact::int(
            "families",
            s.families as u128,
            readout("[data-readout='families']"),
        ),
        Fact::int(
            "six_solutions",
            six.solutions as u128,
            Hook::Attr("data-solutions", "[data-node][data-depth='0']"),
        ),
        Fact::int(
            "six_nodes",
            six.nodes as u128,
            readout("[data-readout='nodes']"),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{reference, value};
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
        let published = |v: &serde_json::Value| v.as_u64().expect("a count").to_string();
        let facts = facts();
        let (solutions, families) = (&r["solutions"][7], &r["unique"][7]);
        assert_eq!(value(&facts, "solutions"), published(solutions));
        assert_eq!(value(&facts, "solutions_found"), published(solutions));
        assert_eq!(value(&facts, "families"), published(families));
        assert_eq!(
            value(&facts, "six_solutions"),
            published(&r["solutions"][5])
        );
        let b = &r["eight_queens_boards"];
        let (columns, rows) = (&b["one_per_column"], &b["one_per_row_and_column"]);
        assert_eq!(value(&facts, "boards"), published(columns));
        assert_eq!(value(&facts, "perms"), published(rows));
        let factor = columns.as_u64().unwrap() / rows.as_u64().unwrap();
        assert_eq!(value(&facts, "factor"), factor.to_string());
        let t = &r["eight_queens_backtracking"];
        assert_eq!(
            value(&facts, "nodes"),
            published(&t["tree_nodes_including_root"])
        );
        assert_eq!(
            value(&facts, "rows_checked"),
            published(&t["squares_tested_trying_all_rows"])
        );
        assert_eq!(
            value(&facts, "diagonals_checked"),
            published(&t["squares_tested_skipping_used_rows"])
        );
        assert_eq!(
            value(&facts, "first_solution"),
            t["first_solution"].as_str().unwrap()
        );
    }
}
