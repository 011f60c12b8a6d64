//! `KnightTour` driven through its JavaScript-facing API in headless Chromium
//! (`make test-wasm`). Native runs compile this file to nothing.

#![cfg(target_arch = "wasm32")]

use puzzlelab_web::bindings::KnightTour;
use tsify::{Ts, Tsify};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// An options object as JavaScript would pass it (unchecked: misspelt keys included).
fn options<T: Tsify>(pairs: &[(&str, JsValue)]) -> Option<Ts<T>> {
    let object = js_sys::Object::new();
    for (key, value) in pairs {
        js_sys::Reflect::set(&object, &(*key).into(), value).unwrap();
    }
    Some(Ts::new_unchecked(object.into()))
}

/// A knight's tour checker written from the rules, separate from the solver.
fn assert_tour(width: i32, height: i32, start: &str, path: &[String]) {
    assert_eq!(path.len() as i32, width * height);
    assert_eq!(path[0], start);
    let coords: Vec<(i32, i32)> = path
        .iter()
        .map(|name| {
            let file = name.as_bytes()[0] as i32 - 'a' as i32;
            let rank: i32 = name[1..].parse().unwrap();
            (file, rank - 1)
        })
        .collect();
    let mut seen = std::collections::HashSet::new();
    for &(x, y) in &coords {
        assert!(x >= 0 && y >= 0 && x < width && y < height, "off board");
        assert!(seen.insert((x, y)), "square visited twice");
    }
    for pair in coords.windows(2) {
        let (dx, dy) = ((pair[0].0 - pair[1].0).abs(), (pair[0].1 - pair[1].1).abs());
        assert_eq!(dx * dy, 2, "not a knight's move");
    }
}

#[wasm_bindgen_test]
fn step_by_step_reaches_a_full_tour() {
    let plain = options(&[("tieBreak", "first".into()), ("backtrack", false.into())]);
    let mut tour = KnightTour::new("8x8", "c3", plain).unwrap();
    assert_eq!(tour.status(), "running");
    let mut moves = 0;
    while let Some(event) = tour.step() {
        assert_eq!(event, "move");
        moves += 1;
        assert_eq!(tour.path().len(), moves + 1);
    }
    assert_eq!(moves, 63);
    assert_eq!(tour.status(), "solved");
    assert_tour(8, 8, "c3", &tour.path());
    assert_eq!(tour.path_indices()[0], 2 * 8 + 2);
}

#[wasm_bindgen_test]
fn run_in_batches_and_read_stats() {
    let plain = options(&[("tieBreak", "first".into()), ("backtrack", false.into())]);
    let mut tour = KnightTour::new("10x7", "a1", plain).unwrap();
    assert_eq!(tour.run(10.0), "running");
    assert_eq!(tour.path().len(), 11);
    assert_eq!(tour.run(1e9), "solved");
    assert_tour(10, 7, "a1", &tour.path());
    let stats = tour.stats().unwrap().js_value();
    let steps = js_sys::Reflect::get(&stats, &"steps".into()).unwrap();
    assert_eq!(steps.as_f64(), Some(69.0));
}

#[wasm_bindgen_test]
fn options_object_switches_on_backtracking_and_closed_tours() {
    let opts = options(&[("closed", true.into()), ("backtrack", true.into())]);
    let mut tour = KnightTour::new("6x6", "a1", opts).unwrap();
    assert_eq!(tour.run(1e9), "solved");
    let path = tour.path();
    assert_tour(6, 6, "a1", &path);
    let last = path.last().unwrap();
    // b3 and c2 are the only squares a knight's move from a1.
    assert!(last == "b3" || last == "c2", "closed tour ends at {last}");

    let mut none = KnightTour::new("3x3", "a1", options(&[("backtrack", true.into())])).unwrap();
    assert_eq!(none.run(1e9), "impossible");
}

#[wasm_bindgen_test]
fn bad_input_is_an_exception_not_a_panic() {
    assert!(KnightTour::new("0x0", "a1", None).is_err());
    assert!(KnightTour::new("8x8", "z99", None).is_err());
    assert!(KnightTour::new("8x8", "a1", options(&[("tieBreak", "coin".into())])).is_err());
    // A misspelt key is an error that names it, not silently ignored.
    let misspelt = KnightTour::new("8x8", "a1", options(&[("tieBrake", "roth".into())]));
    let message =
        String::from(js_sys::Error::from(JsValue::from(misspelt.err().unwrap())).message());
    assert!(message.contains("tieBrake"), "{message}");
    // `null` is a left-out options object too; anything else must be an object.
    let mut tour = KnightTour::new("8x8", "a1", Some(Ts::new_unchecked(JsValue::NULL))).unwrap();
    assert!(KnightTour::new("8x8", "a1", Some(Ts::new_unchecked(5.into()))).is_err());
    assert_eq!(tour.run(f64::NAN), "running");
    assert_eq!(tour.run(-5.0), "running");
}

#[wasm_bindgen_test]
fn pocket_cube_turns_and_validates_through_its_js_api() {
    use puzzlelab_web::bindings::PocketCube;
    let mut cube = PocketCube::new(None).unwrap();
    assert!(cube.is_solved());
    cube.apply("U'").unwrap();
    assert_eq!(cube.state(), "WWWWOOGGRRBBGGRRBBOOYYYY");
    assert!(!cube.is_solved());
    cube.apply("U").unwrap();
    assert!(cube.is_solved());
    assert!(cube.apply("R Q").is_err());
    assert_eq!(cube.validate(), None);
    let painted = PocketCube::new(Some("WWWWWGRRBBOOGGRRBBOOYYYY".into())).unwrap();
    assert!(painted.validate().unwrap().contains("W appears 5 times"));
    assert!(PocketCube::new(Some("WWW".into())).is_err());
}

#[wasm_bindgen_test]
fn knight_tours_are_counted_in_wasm_as_natively() {
    use puzzlelab_web::bindings::count_knight_tours;
    let get = |o: &JsValue, key: &str| js_sys::Reflect::get(o, &key.into()).unwrap();
    let from_a1 = count_knight_tours("5x5", Some("a1".into()), None)
        .unwrap()
        .js_value();
    assert_eq!(
        get(&from_a1, "directed"),
        JsValue::from(js_sys::BigInt::from(304u64))
    );
    assert!(get(&from_a1, "undirected").is_undefined());
    let closed = count_knight_tours("6x6", None, Some(true))
        .unwrap()
        .js_value();
    assert_eq!(
        get(&closed, "undirected"),
        JsValue::from(js_sys::BigInt::from(9_862u64))
    );
    // Each cycle in both directions, as the literature counts directed closed tours.
    assert_eq!(
        get(&closed, "directed"),
        JsValue::from(js_sys::BigInt::from(19_724u64))
    );
    assert!(count_knight_tours("9x9", None, None).is_err());
    assert!(count_knight_tours("5x5", Some("z9".into()), None).is_err());
}

#[wasm_bindgen_test]
fn a_tour_counter_counts_a_few_tasks_at_a_time_as_count_knight_tours_does() {
    use puzzlelab_web::bindings::{count_knight_tours, TourCounter};
    let get = |o: &JsValue, key: &str| js_sys::Reflect::get(o, &key.into()).unwrap();
    let mut counter = TourCounter::new("5x5", None, None).unwrap();
    assert!(counter.tasks() > 2, "a count of several tasks");
    assert!(
        counter.result().unwrap().is_none(),
        "no answer before the last task"
    );
    assert!(!counter.run(1.0));
    assert_eq!(counter.done(), 1);
    while !counter.run(2.0) {}
    assert_eq!(counter.done(), counter.tasks());
    let whole = count_knight_tours("5x5", None, None).unwrap().js_value();
    let parts = counter.result().unwrap().expect("finished").js_value();
    assert_eq!(get(&parts, "directed"), get(&whole, "directed"));
    assert_eq!(get(&parts, "undirected"), get(&whole, "undirected"));
    assert!(TourCounter::new("9x9", None, None).is_err());
}

#[wasm_bindgen_test]
fn every_option_is_honoured() {
    let run = |pairs: &[(&str, JsValue)]| {
        let mut tour = KnightTour::new("12x12", "a1", options(pairs)).unwrap();
        tour.run(1e9);
        tour.path()
    };
    // Random ties: two seeds, two tours (a seed that were ignored would give one).
    let a = run(&[("tieBreak", "random".into()), ("seed", 1.into())]);
    let b = run(&[("tieBreak", "random".into()), ("seed", 2.into())]);
    assert_ne!(a, b, "seed is honoured");
    // Forward checking and fast backtracking change how many steps backtracking takes
    // from e3 on 8x8 with first-in-order ties (plain Warnsdorff gets stuck there).
    let steps = |pairs: &[(&str, JsValue)]| {
        let mut tour = KnightTour::new("8x8", "e3", options(pairs)).unwrap();
        assert_eq!(tour.run(1e9), "solved");
        assert_tour(8, 8, "e3", &tour.path());
        js_sys::Reflect::get(&tour.stats().unwrap().js_value(), &"steps".into())
            .unwrap()
            .as_f64()
            .unwrap()
    };
    let base = [("tieBreak", "first".into()), ("backtrack", true.into())];
    let plain = steps(&[
        base[0].clone(),
        base[1].clone(),
        ("forwardCheck", false.into()),
    ]);
    let fast = steps(&[
        base[0].clone(),
        base[1].clone(),
        ("forwardCheck", false.into()),
        ("fastBacktrack", true.into()),
    ]);
    let pruned = steps(&[
        base[0].clone(),
        base[1].clone(),
        ("forwardCheck", true.into()),
    ]);
    assert!(plain != fast || plain != pruned, "{plain} {fast} {pruned}");
}

/// The divide-and-conquer rule in a debug build (overflow checks on), as `make serve`
/// used to build it: a 6x6 closed tour from a1 and a big closed tour.
#[wasm_bindgen_test]
fn divide_and_conquer_runs_in_a_debug_build() {
    for (board, w, h) in [("6x6", 6, 6), ("5x5", 5, 5), ("20x30", 20, 30)] {
        let closed = w % 2 == 0 || h % 2 == 0;
        let opts = options(&[("heuristic", "construct".into()), ("closed", closed.into())]);
        let mut tour = KnightTour::new(board, "a1", opts).unwrap();
        assert_eq!(tour.run(1e9), "solved", "{board}");
        assert_tour(w, h, "a1", &tour.path());
    }
}

#[wasm_bindgen_test]
fn the_notebook_counters_reach_the_fast_counts() {
    use puzzlelab_web::bindings::NaiveCounter;
    let get = |v: &JsValue, key: &str| {
        js_sys::Reflect::get(v, &key.into())
            .unwrap()
            .as_f64()
            .unwrap()
    };
    let fast = |board: &str| {
        let count =
            puzzlelab_web::bindings::count_knight_tours(board, Some("a1".into()), None).unwrap();
        js_sys::Reflect::get(&count.js_value(), &"directed".into()).unwrap()
    };
    // Backtracking on 3x4 (tours exist) and brute force on 2x3 (all 8^5 sequences checked:
    // a debug build is too slow for 3x4's 8^11 here).
    for (method, board, candidates) in [
        ("backtracking", "3x4", None),
        ("brute-force", "2x3", Some(32_768.0)),
    ] {
        let opts = options(&[("method", method.into()), ("start", "a1".into())]);
        let mut counter = NaiveCounter::new(board, opts).unwrap();
        assert_eq!(counter.run(1e9), "impossible");
        let progress = counter.progress().unwrap().js_value();
        let tours = get(&progress, "tours");
        assert_eq!(
            JsValue::from(js_sys::BigInt::from(tours as u64)),
            fast(board),
            "{method}"
        );
        if let Some(n) = candidates {
            assert_eq!(get(&progress, "steps"), n);
        }
    }
    assert!(NaiveCounter::new("3x4", options(&[("methd", "x".into())])).is_err());
}

#[wasm_bindgen_test]
fn rubiks_cube_turns_and_names_its_faults() {
    use puzzlelab_web::bindings::RubiksCube;
    let mut cube = RubiksCube::new(None).unwrap();
    assert!(cube.is_solved());
    cube.apply("R U R' U' Rw M x").unwrap();
    assert!(!cube.is_solved());
    cube.apply("x' M' Rw' U R U' R'").unwrap();
    assert!(cube.is_solved());
    assert!(cube.apply("R Q").is_err());
    let mut flipped: Vec<char> = cube.state().chars().collect();
    flipped.swap(7, 19);
    let flipped = RubiksCube::new(Some(flipped.into_iter().collect())).unwrap();
    assert!(flipped.validate().unwrap().contains("flipped"));
    assert!(RubiksCube::new(Some("UUU".into())).is_err());
}

#[wasm_bindgen_test]
fn pocket_cube_graph_calls_refuse_bad_input_with_exceptions() {
    // Building a table takes too long in a debug build; the e2e tests drive the same calls
    // on a built table in the release page.
    use puzzlelab_web::bindings::{CubeTable, PocketCube};
    let table = CubeTable::new("htm").unwrap();
    let cube = PocketCube::new(None).unwrap();
    assert!(cube.solve(&table, None).is_err());
    assert!(cube
        .solve(&table, Some("WWWWGGRRBBOOGGRRBBOOYYYY".into()))
        .is_err());
    assert!(cube.optimal_paths(&table, None).is_err());
    assert!(cube.optimal_path(&table, 0.0, None).is_err());
    assert!(cube.optimal_path(&table, -1.0, None).is_err());
    assert!(cube.optimal_path(&table, 0.5, None).is_err());
    assert!(cube.hints(&table, None).is_err());
    assert!(table.random_antipode(1.0).is_err());
}

#[wasm_bindgen_test]
fn each_step_reports_its_line_of_the_listing() {
    // 5x5 from c1, clockwise ties, no pruning: sixteen squares ranked (line 7), then a5
    // taken back (11) and c4's next candidate (8), as `crates/solver/tests/code_lines.rs`.
    let rule = options(&[
        ("tieBreak", "first".into()),
        ("backtrack", true.into()),
        ("forwardCheck", false.into()),
    ]);
    let mut tour = KnightTour::new("5x5", "c1", rule).unwrap();
    assert_eq!(tour.line(), 1);
    let mut lines = Vec::new();
    for _ in 0..18 {
        tour.step();
        lines.push(tour.line());
    }
    let mut expected = vec![7; 16];
    expected.extend([11, 8]);
    assert_eq!(lines, expected);
    assert!(tour.code().is_ok());
}

/// The published layer sizes of the pocket cube's breadth-first search from solved, from
/// the repo's facts file (`tests/reference/cube.json`: OEIS A079761 and A079762).
fn published_layers(metric: &str) -> Vec<u64> {
    let facts: serde_json::Value =
        serde_json::from_str(include_str!("../../../tests/reference/cube.json")).unwrap();
    facts["distance_counts"][metric]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .collect()
}

#[wasm_bindgen_test]
fn cube_search_steps_through_the_published_layers_line_by_line() {
    use puzzlelab_solver::cube::code::BFS_BATCH;
    use puzzlelab_solver::cube::{DistanceTable, Metric, MoveTables};
    use puzzlelab_web::bindings::CubeSearch;
    let layers = published_layers("htm");
    assert_eq!(
        layers,
        [1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644]
    );
    // The solver's own table build (a different breadth-first search: it scans the table
    // a slice at a time) finds the published layers too.
    let built = DistanceTable::build(&MoveTables::new(), Metric::Htm);
    assert_eq!(built.distribution(), layers);
    let code = |s: &CubeSearch| {
        let v = s.code().unwrap().js_value();
        let get = |key: &str| {
            js_sys::Reflect::get(&v, &key.into())
                .unwrap()
                .as_f64()
                .unwrap() as u64
        };
        [
            "step",
            "line",
            "depth",
            "frontier",
            "notYetProcessed",
            "next",
            "reached",
        ]
        .map(get)
    };
    let mut search = CubeSearch::new("htm").unwrap();
    // Before any step: line 1, the solved cube alone.
    assert_eq!(search.line(), 1);
    assert_eq!(code(&search), [0, 1, 0, 1, 1, 0, 1]);
    assert_eq!(search.status(), "running");
    // Each layer takes one step per batch of its positions; a step that does not end the
    // layer is line 2, one that does is line 3 (the next layer its frontier), the last 4.
    let mut step = 0;
    for (depth, &size) in layers.iter().enumerate() {
        let before: u64 = layers[..=depth].iter().sum();
        let batches = size.div_ceil(BFS_BATCH as u64);
        for b in 1..=batches {
            let event = search.step().expect("a step before the end");
            step += 1;
            let [s, line, d, frontier, left, next, reached] = code(&search);
            assert_eq!(s, step);
            if b < batches {
                assert_eq!(event, "expand", "layer {depth}, batch {b}");
                assert_eq!((line, d, frontier), (2, depth as u64, size));
                assert_eq!(left, size - b * BFS_BATCH as u64);
                // Whatever is reached beyond the layers so far is the next layer's start.
                assert_eq!(reached, before + next);
            } else if depth + 1 < layers.len() {
                assert_eq!(event, "layer", "layer {depth}");
                assert_eq!((line, d), (3, depth as u64 + 1));
                assert_eq!(
                    (frontier, left, next),
                    (layers[depth + 1], layers[depth + 1], 0)
                );
                assert_eq!(reached, before + layers[depth + 1]);
            } else {
                assert_eq!(event, "solved");
                assert_eq!(line, 4);
                assert_eq!(reached, 3_674_160);
                assert_eq!(reached, before);
            }
        }
    }
    assert_eq!(search.step(), None, "nothing after the end");
    assert_eq!(search.status(), "solved");
    assert_eq!(code(&search)[0], step);
    // The quarter-turn search's first layers, run in one call.
    let qtm = published_layers("qtm");
    let mut quarter = CubeSearch::new("qtm").unwrap();
    assert_eq!(quarter.run(3.0), "running");
    let [_, line, d, frontier, _, _, reached] = code(&quarter);
    assert_eq!((line, d, frontier), (3, 3, qtm[3]));
    assert_eq!(reached, qtm[..=3].iter().sum::<u64>());
    // A metric it does not know is an exception, not a panic.
    for bad in ["ftm", "", "half"] {
        let error = JsValue::from(CubeSearch::new(bad).err().expect(bad));
        let message = js_sys::Reflect::get(&error, &"message".into()).unwrap();
        assert!(
            message.as_string().unwrap().contains("unknown metric"),
            "{bad:?}: {message:?}"
        );
    }
}

/// Two proof workers' channels for the same table (here in one page: a BroadcastChannel
/// reaches every other channel of its name): a block and a stretch sent by one arrive
/// whole at the other, a message that is no block is passed over, and another table's channel hears
/// nothing.
#[wasm_bindgen_test]
async fn build_mates_trade_blocks_of_one_table_only() {
    use puzzlelab_solver::rubik::optimal_tables::h16::Level;
    use puzzlelab_solver::rubik::optimal_tables::h16_build::{Piece, PieceKind};
    use puzzlelab_solver::rubik::optimal_tables::stored;
    use puzzlelab_web::worker_run::build_mates::Channel;
    use puzzlelab_worker::rubik_optimal::BuildMates;

    let table = |k| stored::h16(Level::new(k).unwrap(), 1 << 20);
    let (a, b, other) = (
        Channel::join(table(0)).unwrap(),
        Channel::join(table(0)).unwrap(),
        Channel::join(table(1)).unwrap(),
    );
    let block = Piece {
        level: 0,
        depth: 11,
        kind: PieceKind::Block {
            block: 2199,
            added: 5_000_000_123,
        },
        bytes: (0..=255u8).cycle().take(40_000).collect(),
    };
    let stretch = Piece {
        level: 0,
        depth: 10,
        kind: PieceKind::Table {
            from: 1,
            stretch: 321,
        },
        bytes: vec![0xA5; 4 << 20],
    };
    let raw = web_sys::BroadcastChannel::new("puzzlelab-build-PZL4H160").unwrap();
    raw.post_message(&"not a piece".into()).unwrap();
    a.send(&block);
    a.send(&stretch);
    gloo_timers::future::TimeoutFuture::new(100).await;
    assert_eq!(b.next(), Some(block), "the block, whole");
    assert_eq!(b.next(), Some(stretch), "the stretch, whole");
    assert_eq!(b.next(), None, "the string was passed over");
    assert_eq!(a.next(), None, "a channel does not hear itself");
    assert_eq!(other.next(), None, "another table's builders hear nothing");
    raw.close();
}
