//! A search recorded with its backtracking, read back with the checkers' GIF reader: as
//! many frames as steps asked (or the budget), each the picture of its step as the page's
//! player shows it (the knight's from the solver's `Timeline`, the queens' from a fresh
//! machine stepped there).

use std::time::Instant;

use puzzlelab_checkers::gif::read;
use puzzlelab_pictures::animation::{sample, search_gif, search_plan};
use puzzlelab_pictures::search_film::Searched;
use puzzlelab_pictures::{Scene, Theme};
use puzzlelab_solver::board::Board;
use puzzlelab_solver::knight::timeline::{StepKind, Timeline};
use puzzlelab_solver::knight::{TieBreak, TourConfig};
use puzzlelab_solver::queens::QueensSearch;
use puzzlelab_solver::StepMachine;

/// 5x5 from c1, Warnsdorff with first ties and backtracking: thousands of steps.
fn five_c1() -> TourConfig {
    let board = Board::new(5, 5).unwrap();
    let mut config = TourConfig::new(board, board.parse_square("c1").unwrap());
    config.rule.backtrack = true;
    config.rule.tie_break = TieBreak::First;
    config
}

fn picture(scene: Scene, theme: Theme) -> Vec<[u8; 3]> {
    scene.raster(theme).expect("a raster").pixels
}

#[test]
fn the_knights_first_500_steps_are_501_frames_each_the_board_at_its_step() {
    let config = five_c1();
    let board = config.board().unwrap();
    let mut timeline = Timeline::new(config).unwrap();
    timeline.run(u64::MAX);
    let backtracks = (1..=500)
        .filter(|&s| timeline.frame(s).kind == StepKind::Backtrack)
        .count();
    assert!(backtracks > 20, "the run backs up ({backtracks} times)");
    let searched = Searched::Knight(config);
    let began = Instant::now();
    let gif = search_gif(&searched, (0, 500), Theme::Dark, 600, 3).unwrap();
    let took = began.elapsed();
    let read = read(&gif).expect("a readable GIF");
    eprintln!(
        "5x5 c1 search, steps 0-500: {} bytes, {} frames of {}x{}, {:.1} ms",
        gif.len(),
        read.frames.len(),
        read.width,
        read.height,
        took.as_secs_f64() * 1000.0
    );
    assert_eq!(read.frames.len(), 501);
    assert!(read.delays_cs.iter().all(|&d| d == 3));
    for (step, frame) in read.frames.iter().enumerate() {
        let path = timeline.frame(step as u64).path;
        let want = picture(Scene::Knight { board, path }, Theme::Dark);
        assert!(*frame == want, "frame {step} is the board at step {step}");
    }
    let plan = search_plan(&searched, (0, 500), 600, 3).unwrap();
    assert_eq!(plan.frames, 501);
    assert!(
        plan.bytes / 3 <= gif.len() && gif.len() <= plan.bytes * 3,
        "estimated {} bytes, made {}",
        plan.bytes,
        gif.len()
    );
}

#[test]
fn a_budget_samples_the_search_and_keeps_both_ends() {
    let config = five_c1();
    let board = config.board().unwrap();
    let mut timeline = Timeline::new(config).unwrap();
    timeline.run(u64::MAX);
    let searched = Searched::Knight(config);
    let gif = search_gif(&searched, (120, 2400), Theme::Light, 40, 5).unwrap();
    let read = read(&gif).unwrap();
    let steps = sample(120, 2400, 40);
    assert_eq!((read.frames.len(), steps[0], steps[39]), (40, 120, 2400));
    for (i, &step) in steps
        .iter()
        .enumerate()
        .filter(|(i, _)| [0, 17, 39].contains(i))
    {
        let path = timeline.frame(step as u64).path;
        assert!(read.frames[i] == picture(Scene::Knight { board, path }, Theme::Light));
    }
    let past = timeline.steps() as usize + 1;
    let e = search_gif(&searched, (0, past), Theme::Light, 40, 5).unwrap_err();
    assert!(e.contains("ends at step"), "{e}");
    assert!(search_gif(&searched, (9, 3), Theme::Light, 40, 5).is_err());
}

#[test]
fn the_queens_backtracking_is_recorded_placements_and_removals_alike() {
    let gif = search_gif(&Searched::Queens(6), (0, 300), Theme::Light, 400, 5).unwrap();
    let read = read(&gif).unwrap();
    assert_eq!(read.frames.len(), 301);
    let mut search = QueensSearch::new(6, false).unwrap();
    let mut removals = 0;
    for (step, frame) in read.frames.iter().enumerate() {
        let queens = (0..).zip(search.rows().iter().copied()).collect();
        let want = picture(Scene::Queens { n: 6, queens }, Theme::Light);
        assert!(*frame == want, "frame {step}");
        let before = search.rows().len();
        search.step();
        removals += usize::from(search.rows().len() < before);
    }
    assert!(removals > 50, "{removals} queens taken back");
    let e = search_gif(&Searched::Queens(40), (0, 3), Theme::Light, 10, 5).unwrap_err();
    assert!(e.contains("N must be"), "{e}");
}

#[test]
fn the_size_stated_before_a_recording_is_within_15_percent_of_the_file() {
    let knight = Searched::Knight(five_c1());
    let cases = [
        (knight, (0, 500), 600),
        (Searched::Queens(8), (0, 300), 200),
        (Searched::Queens(6), (10, 120), 200),
    ];
    for (searched, steps, budget) in cases {
        let stated = search_plan(&searched, steps, budget, 3).unwrap().bytes as f64;
        let made = search_gif(&searched, steps, Theme::Light, budget, 3)
            .unwrap()
            .len() as f64;
        let off = (stated - made) / made;
        eprintln!(
            "{steps:?}: stated {stated}, made {made} ({:+.1}%)",
            off * 100.0
        );
        assert!(off.abs() < 0.15, "{steps:?}: stated {stated}, made {made}");
    }
}
