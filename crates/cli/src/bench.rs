//! `puzzlelab bench`: the native side of the wasm/native comparison. The same work is timed
//! in Chromium by `benches/browser.mjs`, which prints both and their ratio.

use std::time::Instant;

use serde::Serialize;

use puzzlelab_solver::board::Board;
use puzzlelab_solver::cube::{DistanceTable, Metric, MoveTables};
use puzzlelab_solver::knight::timeline::Timeline;
use puzzlelab_solver::knight::{KnightTour, TieBreak, TourConfig};

use puzzlelab_solver::StepMachine;

/// Median milliseconds of each piece of work (the names benches/browser.mjs reads).
#[derive(Serialize, Debug)]
pub struct BenchOut {
    /// Recording a 1,085,316-step search (7x7 from c3, clockwise ties, plain
    /// backtracking), then seeking in it as the page's timeline does.
    pub knight_search_record_1m_ms: f64,
    pub knight_search_seek_last_ms: f64,
    pub knight_search_seek_middle_ms: f64,
    pub cube_table_htm_ms: f64,
    pub cube_table_qtm_ms: f64,
    pub knight_100x100_ms: f64,
    pub knight_1000x1000_ms: f64,
    /// The same machine the page runs: build the tour, then play it back.
    pub knight_construct_2000x2000_ms: f64,
    pub knight_strip_2000x3_ms: f64,
    pub queens_16_one_thread_ms: f64,
    pub knight_count_6x6_closed_ms: f64,
    pub knight_count_6x6_open_ms: f64,
}

/// Median milliseconds of `runs` calls.
fn median_ms(runs: usize, mut work: impl FnMut()) -> f64 {
    let mut times: Vec<f64> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            work();
            t.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[runs / 2]
}

/// Every tour of 6x6 on this thread: open from all starts, or closed.
fn knight_count(open: bool) {
    use puzzlelab_solver::knight::count::{count, CountSpec};
    let spec = CountSpec {
        width: 6,
        height: 6,
        start: None,
        closed: !open,
    };
    count(spec).expect("6x6 can be counted");
}

pub fn run() -> BenchOut {
    let tour = |n: u32| {
        let board = Board::new(n, n).expect("valid");
        let mut config = TourConfig::new(board, 0);
        config.rule.tie_break = TieBreak::Roth;
        let mut t = KnightTour::new(config).expect("valid");
        t.run(u64::MAX);
    };
    let constructed = |w: u32, h: u32| {
        let board = Board::new(w, h).expect("valid");
        let mut config = TourConfig::new(board, 0);
        config.rule.heuristic = puzzlelab_solver::knight::Heuristic::Construct;
        config.closed = true;
        let mut t = KnightTour::new(config).expect("valid");
        t.run(u64::MAX);
        assert_eq!(t.path().len(), (w * h) as usize, "a whole tour");
    };
    let board = Board::new(7, 7).expect("valid");
    let mut config = TourConfig::new(board, board.parse_square("c3").expect("c3"));
    config.rule.backtrack = true;
    let mut search = Timeline::new(config).expect("valid");
    let record_ms = median_ms(1, || {
        search.run(u64::MAX);
    });
    let last = search.steps();
    BenchOut {
        knight_search_record_1m_ms: record_ms,
        knight_search_seek_last_ms: median_ms(9, || {
            search.frame(last);
        }),
        knight_search_seek_middle_ms: median_ms(9, || {
            search.frame(last / 2);
        }),
        cube_table_htm_ms: median_ms(5, || {
            DistanceTable::build(&MoveTables::new(), Metric::Htm);
        }),
        cube_table_qtm_ms: median_ms(5, || {
            DistanceTable::build(&MoveTables::new(), Metric::Qtm);
        }),
        knight_100x100_ms: median_ms(9, || tour(100)),
        knight_1000x1000_ms: median_ms(3, || tour(1000)),
        knight_construct_2000x2000_ms: median_ms(3, || constructed(2000, 2000)),
        knight_strip_2000x3_ms: median_ms(9, || constructed(2000, 3)),
        queens_16_one_thread_ms: median_ms(3, || {
            // The counter the CLI and the page use (symmetry classes).
            puzzlelab_solver::queens::classes::count_with_symmetry(16);
        }),
        knight_count_6x6_closed_ms: median_ms(5, || {
            knight_count(false);
        }),
        knight_count_6x6_open_ms: median_ms(3, || {
            knight_count(true);
        }),
    }
}
