//! N queens against tests/reference/queens.json, with every solution checked by a
//! checker written from the rules.

use puzzlelab_solver::queens::count::{count_all, run_task, tasks, unique_from_total};
use puzzlelab_solver::queens::symmetry::{classify, transform};
use puzzlelab_solver::queens::{placement_names, QueensEvent, QueensSearch};
use puzzlelab_solver::StepMachine;

fn reference() -> serde_json::Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/reference/queens.json"
    );
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn list(v: &serde_json::Value) -> Vec<u64> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect()
}

/// No two queens share a row, a column or a diagonal; one queen per column.
fn is_solution(rows: &[u32]) -> bool {
    let n = rows.len();
    (0..n).all(|a| {
        rows[a] < n as u32
            && (a + 1..n).all(|b| rows[a] != rows[b] && rows[a].abs_diff(rows[b]) as usize != b - a)
    })
}

#[test]
fn totals_for_1_to_14_and_unique_for_1_to_12_match_the_reference() {
    let r = reference();
    let totals = list(&r["solutions"]);
    let unique = list(&r["unique"]);
    for n in 1..=14u32 {
        let total = count_all(n);
        assert_eq!(total, totals[n as usize - 1], "all solutions, n = {n}");
        if n <= 12 {
            assert_eq!(
                unique_from_total(n, total),
                unique[n as usize - 1],
                "unique, n = {n}"
            );
        }
    }
}

#[test]
fn the_counter_split_into_fine_tasks_gives_the_same_totals() {
    let totals = list(&reference()["solutions"]);
    for n in [1u32, 2, 3, 7, 11, 13] {
        let sum: u64 = tasks(n, 3).iter().map(run_task).sum();
        assert_eq!(sum, totals[n as usize - 1], "n = {n}");
    }
}

#[test]
fn eight_queens_search_matches_the_article_depth_by_depth() {
    let r = reference();
    let facts = &r["eight_queens_backtracking"];
    let mut s = QueensSearch::new(8, false).unwrap();
    let mut by_depth = vec![1u64; 1];
    by_depth.resize(9, 0);
    let mut first = None;
    while let Some(event) = s.step() {
        match event {
            QueensEvent::Place { col, .. } => by_depth[col as usize + 1] += 1,
            QueensEvent::Solution { col, .. } => {
                by_depth[col as usize + 1] += 1;
                assert!(is_solution(s.rows()));
                first.get_or_insert_with(|| placement_names(s.rows()));
            }
            QueensEvent::Remove { .. } => {}
        }
    }
    assert_eq!(by_depth, list(&facts["nodes_by_depth"]));
    let c = s.counters();
    assert_eq!(
        c.nodes,
        facts["tree_nodes_including_root"].as_u64().unwrap()
    );
    assert_eq!(
        c.tested_all_rows,
        facts["squares_tested_trying_all_rows"].as_u64().unwrap()
    );
    assert_eq!(
        c.tested_free_rows,
        facts["squares_tested_skipping_used_rows"].as_u64().unwrap()
    );
    assert_eq!(first.unwrap(), facts["first_solution"].as_str().unwrap());
}

#[test]
fn browsing_every_solution_up_to_10_checks_out_with_its_class() {
    let totals = list(&reference()["solutions"]);
    let unique = list(&reference()["unique"]);
    for n in 1..=10u32 {
        let mut s = QueensSearch::new(n, false).unwrap();
        let mut found = Vec::new();
        while let Some(event) = s.step() {
            if let QueensEvent::Solution { .. } = event {
                let rows = s.rows().to_vec();
                assert!(is_solution(&rows), "n = {n}: {rows:?}");
                let class = classify(&rows);
                assert!(is_solution(&class.fundamental));
                assert_eq!(transform(class.from_fundamental, &class.fundamental), rows);
                found.push((rows, class.fundamental));
            }
        }
        assert_eq!(found.len() as u64, totals[n as usize - 1], "n = {n}");
        let mut classes: Vec<_> = found.iter().map(|(_, f)| f.clone()).collect();
        classes.sort();
        classes.dedup();
        assert_eq!(classes.len() as u64, unique[n as usize - 1], "n = {n}");
    }
}

#[test]
fn first_solutions_on_big_boards_are_valid() {
    for n in [12u32, 16, 20, 25] {
        let mut s = QueensSearch::new(n, true).unwrap();
        s.run(u64::MAX);
        assert!(is_solution(s.rows()), "n = {n}");
        assert_eq!(s.rows().len() as u32, n);
    }
}
