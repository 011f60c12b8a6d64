//! The home page: the workbenches, each with a miniature the real solvers draw in
//! the browser as the page opens.

use yew::prelude::*;

use puzzlelab_solver::board::Board;
use puzzlelab_solver::cube::geometry::NET_ORDER;
use puzzlelab_solver::cube::scramble::random_moves;
use puzzlelab_solver::cube::Stickers;
use puzzlelab_solver::cube_common::colours::css_colour;
use puzzlelab_solver::cube_view::Kind;
use puzzlelab_solver::knight::{KnightTour, TieBreak, TourConfig};
use puzzlelab_solver::queens::QueensSearch;
use puzzlelab_solver::StepMachine;

/// A 6×6 knight's tour (Warnsdorff, Roth's ties) as a little SVG.
fn knight_miniature() -> Html {
    let board = Board::new(6, 6).expect("6x6 is valid");
    let mut config = TourConfig::new(board, 0);
    config.rule.tie_break = TieBreak::Roth;
    let path: Vec<u32> = KnightTour::new(config)
        .map(|mut t| {
            t.run(1_000);
            t.path().to_vec()
        })
        .unwrap_or_default();
    let points = path
        .iter()
        .map(|&sq| {
            let (x, y) = board.coords(sq);
            format!("{x}.5,{}.5", 5 - y)
        })
        .collect::<Vec<_>>()
        .join(" ");
    html! {
        <svg viewBox="0 0 6 6" class="mini" aria-hidden="true">
            { for (0..36u32).map(|i| {
                let (x, y) = (i % 6, i / 6);
                let class = if (x + y) % 2 == 0 { "mini-light" } else { "mini-dark" };
                html! { <rect x={x.to_string()} y={y.to_string()} width="1" height="1" {class} /> }
            }) }
            // Drawn move by move, over and over (still under reduced motion).
            <polyline points={points} class="mini-line live" pathLength="1" />
        </svg>
    }
}

/// The first eight-queens solution backtracking finds.
fn queens_miniature() -> Html {
    let rows = QueensSearch::new(8, true)
        .map(|mut s| {
            s.run(10_000);
            s.rows().to_vec()
        })
        .unwrap_or_default();
    html! {
        <svg viewBox="0 0 8 8" class="mini" aria-hidden="true">
            { for (0..64u32).map(|i| {
                let (x, y) = (i % 8, i / 8);
                let class = if (x + y) % 2 == 0 { "mini-light" } else { "mini-dark" };
                html! { <rect x={x.to_string()} y={y.to_string()} width="1" height="1" {class} /> }
            }) }
            { for rows.iter().enumerate().map(|(c, &r)| html! {
                <circle cx={format!("{c}.5")} cy={format!("{}.5", 7 - r)} r="0.32" class="mini-queen" />
            }) }
        </svg>
    }
}

/// A scrambled pocket cube's net.
fn cube_miniature() -> Html {
    let cube = Stickers::solved().apply_all(&random_moves(2026, 8));
    let cell = |i: usize| match i {
        0..=3 => (i / 2, 2 + i % 2),
        4..=11 => (2, i - 4),
        12..=19 => (3, i - 12),
        _ => (4 + (i - 20) / 2, 2 + (i - 20) % 2),
    };
    html! {
        <svg viewBox="0 0 8 6" class="mini" aria-hidden="true">
            { for (0..24).map(|i| {
                let (row, col) = cell(i);
                html! { <rect x={format!("{}.05", col)} y={format!("{}.05", row)} width="0.9" height="0.9" rx="0.12"
                    fill={css_colour(Kind::Pocket, cube.0[i])} data-mini-sticker={NET_ORDER[i]} /> }
            }) }
        </svg>
    }
}

/// A Rubik's cube's net in a random state (seed 2026; the scramble needs no tables).
fn rubik_miniature() -> Html {
    let cube = puzzlelab_solver::rubik::random_cube(2026).facelets();
    const ORIGIN: [(usize, usize); 6] = [(0, 3), (3, 6), (3, 3), (6, 3), (3, 0), (3, 9)];
    html! {
        <svg viewBox="0 0 12 9" class="mini" aria-hidden="true">
            { for (0..54).map(|i| {
                let (row, col) = ORIGIN[i / 9];
                let (row, col) = (row + i % 9 / 3, col + i % 3);
                html! { <rect x={format!("{col}.05")} y={format!("{row}.05")} width="0.9" height="0.9" rx="0.12"
                    fill={css_colour(Kind::Rubik, cube.0[i])} data-mini-facelet={i.to_string()} /> }
            }) }
        </svg>
    }
}

/// Open tours of 5x5 from each square, counted now (a few milliseconds), as a heatmap.
fn count_miniature() -> Html {
    use puzzlelab_solver::knight::count::{count, CountSpec};
    let spec = CountSpec {
        width: 5,
        height: 5,
        start: None,
        closed: false,
    };
    let per_start = count(spec).map(|r| r.per_start).unwrap_or_default();
    let max = per_start.iter().max().copied().unwrap_or(0).max(1);
    html! {
        <svg viewBox="0 0 5 5" class="mini" aria-hidden="true">
            { for per_start.iter().enumerate().map(|(i, &c)| {
                let (x, y) = (i as u32 % 5, i as u32 / 5);
                let class = if (x + y) % 2 == 0 { "mini-dark" } else { "mini-light" };
                let heat = (c as f64 / max as f64).sqrt();
                html! { <>
                    <rect x={x.to_string()} y={(4 - y).to_string()} width="1" height="1" {class} />
                    <rect x={x.to_string()} y={(4 - y).to_string()} width="1" height="1"
                        fill="rgb(214,120,20)" fill-opacity={format!("{heat:.2}")} data-mini-count={c.to_string()} />
                </> }
            }) }
        </svg>
    }
}

#[component]
pub fn Home() -> Html {
    let card = |href: &'static str, title: &'static str, mini: Html, text: &'static str| {
        html! {
            <a class="card" {href}>
                { mini }
                <h3>{ title }</h3>
                <p>{ text }</p>
            </a>
        }
    };
    html! {
        <section class="home" aria-labelledby="home-title">
            <h2 id="home-title">{"Search puzzles, solved in your browser"}</h2>
            <p class="hint">{"Each workbench runs a real search, step by step or flat out in a background worker, and every state has a link you can share. The pictures below were just drawn by those searches."}</p>
            <div class="cards">
                { card("#/knight", "Knight's tour", knight_miniature(),
                    "Click a square and watch a knight visit every square once. Compare Warnsdorff's rule and its tie-breaks with heuristics that fail.") }
                { card("#/queens", "N queens", queens_miniature(),
                    "Place queens by hand, watch backtracking place them with its counters, and count every solution on all your cores.") }
                { card("#/cube", "Pocket cube", cube_miniature(),
                    "Turn, scramble or paint a 2×2×2 cube and solve it in the fewest moves: a search over all 3,674,160 positions.") }
                { card("#/count", "Counting lab", count_miniature(),
                    "Count every knight's tour of a small board: brute force against backtracking, then a pruned counter on all your cores, with a heatmap of the starts.") }
                { card("#/rubik", "Rubik's cube", rubik_miniature(),
                    "Paint your own 3×3×3 or take a random state, and watch two-phase search find ever shorter solutions in a background worker.") }
            </div>
            <section class="home-lessons" aria-labelledby="lessons-title">
                <h3 id="lessons-title">{"Lessons"}</h3>
                <p class="hint">{"The five articles PuzzleLab grew from, told step by step beside the live machines."}</p>
                <crate::app::learn::LessonIndex />
            </section>
        </section>
    }
}
