//! The search tree's picture read back with the checkers' XML reader: one rect per node
//! the solver's search entered (the queens' node counter, the knight's recorded tree),
//! each with its depth, its move and its kind in the page's colours, one per run of cuts;
//! the queens' moves are the columns' queens, the knight's real jumps from the start.

use std::collections::HashSet;

use puzzlelab_checkers::svg::{read, Element};
use puzzlelab_pictures::theme::{fixed, Theme};
use puzzlelab_pictures::tree::TreeOf;
use puzzlelab_pictures::Scene;
use puzzlelab_solver::board::Board;
use puzzlelab_solver::knight::tree_search::KnightTreeSearch;
use puzzlelab_solver::knight::{TieBreak, TourConfig};
use puzzlelab_solver::queens::search::queens_tree;
use puzzlelab_solver::queens::QueensSearch;
use puzzlelab_solver::watch::{Recording, Stop};

fn nodes(doc: &[Element]) -> Vec<&Element> {
    doc.iter()
        .filter(|e| e.name == "rect" && e.attrs.contains_key("data-node"))
        .collect()
}

fn number(e: &Element, name: &str) -> u64 {
    e.attr(name).unwrap().parse().unwrap()
}

#[test]
fn queens_tree_has_one_rect_per_node_the_search_entered() {
    for n in [5u32, 6] {
        let mut r = Recording::new(QueensSearch::new(n, false).unwrap(), queens_tree(n));
        assert_eq!(r.run(u64::MAX, false, u64::MAX), Stop::Finished);
        let c = *r.machine().counters();
        let (end, mid) = (r.step(), r.step() / 2);
        for (step, theme) in [(end, Theme::Light), (mid, Theme::Dark)] {
            let icicle = r.observer().icicle(step, 0.0);
            let scene = Scene::Tree {
                of: TreeOf::Queens(n),
                step,
                icicle: icicle.clone(),
            };
            assert_eq!(
                scene.file_name("svg"),
                format!("queens-{n}-tree-step-{step}.svg")
            );
            let doc = read(&scene.svg(theme, "#/queens?n=6").unwrap()).unwrap();
            let drawn = nodes(&doc);
            assert_eq!(drawn.len() as u64, icicle.nodes, "n = {n}, step {step}");
            if step == end {
                assert_eq!(drawn.len() as u64, c.nodes, "the search's node counter");
                let solved = drawn.iter().filter(|e| number(e, "data-solutions") > 0);
                let leaves = solved.filter(|e| number(e, "data-depth") == n as u64);
                assert_eq!(leaves.count() as u64, c.solutions, "one leaf per solution");
            }
            let cuts = doc.iter().filter(|e| e.attrs.contains_key("data-cut"));
            assert!(cuts.count() > 0, "the checks cut branches off");
            let col = theme.colours();
            for e in &drawn {
                let depth = number(e, "data-depth");
                let id: u32 = number(e, "data-node") as u32;
                let rows = r.observer().choices(id);
                assert_eq!(rows.len() as u64, depth);
                if let Some(&row) = rows.last() {
                    // The queen of column `depth`, named as the page names squares.
                    let name = format!("{}{}", (b'a' + depth as u8 - 1) as char, row + 1);
                    assert_eq!(e.attr("data-move"), Some(name.as_str()));
                }
                let (kind, fill) = match (
                    number(e, "data-solutions") > 0,
                    e.attrs.contains_key("data-kind") && e.attr("data-kind") == Some("open"),
                ) {
                    (true, _) => ("solution", fixed::SOLVED),
                    (false, true) => ("open", col.light),
                    (false, false) => ("dead-end", col.light),
                };
                assert_eq!(e.attr("data-kind"), Some(kind));
                assert_eq!(e.attr("fill"), Some(fill));
            }
            let open = drawn.iter().filter(|e| e.attr("data-kind") == Some("open"));
            assert!(open.clone().all(|e| e.attr("stroke") == Some(col.accent)));
            if step == end {
                assert_eq!(open.count(), 0, "the search is over: nothing open");
            }
            let ground = doc.iter().find(|e| e.attrs.contains_key("data-background"));
            assert_eq!(ground.unwrap().attr("fill"), Some(col.panel));
        }
    }
}

#[test]
fn knight_tree_nodes_are_the_recorded_walks_jumps() {
    let board = Board::new(5, 5).unwrap();
    let start = board.parse_square("c1").unwrap();
    let mut config = TourConfig::new(board, start);
    config.rule.backtrack = true;
    config.rule.tie_break = TieBreak::First;
    let machine = KnightTreeSearch::new(config).unwrap();
    let tree = machine.tree(usize::MAX);
    let mut r = Recording::new(machine, tree);
    assert_eq!(r.run(u64::MAX, false, u64::MAX), Stop::Finished);
    let step = r.step();
    let icicle = r.observer().icicle(step, 0.0);
    let scene = Scene::Tree {
        of: TreeOf::Knight(board, start),
        step,
        icicle,
    };
    assert_eq!(
        scene.file_name("svg"),
        format!("knight-5x5-c1-tree-step-{step}.svg")
    );
    let doc = read(&scene.svg(Theme::Light, "").unwrap()).unwrap();
    let drawn = nodes(&doc);
    assert_eq!(drawn.len(), r.observer().len(), "every recorded node");
    let solutions = drawn
        .iter()
        .filter(|e| e.attr("data-kind") == Some("solution"))
        .count();
    assert!(solutions > 0, "a tour from c1 on 5×5 exists");
    for e in &drawn {
        let mut walk = vec![start];
        walk.extend(r.observer().choices(number(e, "data-node") as u32));
        let last = board.name(*walk.last().unwrap());
        let want = if walk.len() == 1 { "start" } else { &last };
        assert_eq!(e.attr("data-move"), Some(want));
        // An independent check: every step a knight's jump onto a new square.
        let xy = |s: u32| ((s % 5) as i64, (s / 5) as i64);
        let mut seen = HashSet::new();
        assert!(walk.iter().all(|&s| seen.insert(s)));
        assert!(walk.windows(2).all(|p| {
            let ((ax, ay), (bx, by)) = (xy(p[0]), xy(p[1]));
            matches!(((ax - bx).abs(), (ay - by).abs()), (1, 2) | (2, 1))
        }));
    }
}
