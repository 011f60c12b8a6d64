//! The frontier (path-structure) counter against the depth-first counter and the
//! published counts in tests/reference/knight.json.

use puzzlelab_checkers::published::{self as checkers, check_published_counts};
use puzzlelab_solver::knight::count::{count as dfs_count, CountSpec};
use puzzlelab_solver::knight::frontier::{
    self, expand_part, merge_parts, FrontierCounter, PartOf, Sweep,
};
use puzzlelab_solver::{Status, StepMachine};

/// Boards of at most 30 squares, both orientations.
fn small_boards() -> Vec<(u32, u32)> {
    let mut boards = Vec::new();
    for w in 1..=10u32 {
        for h in 1..=10u32 {
            if w * h <= 30 {
                boards.push((w, h));
            }
        }
    }
    boards
}

#[test]
fn open_and_closed_totals_agree_with_depth_first_on_every_small_board() {
    let mut nonzero = 0;
    for (w, h) in small_boards() {
        for closed in [false, true] {
            let want = dfs_count(CountSpec::new(w, h, None, closed)).unwrap();
            let got = frontier::count(CountSpec::new(w, h, None, closed), 1).unwrap();
            assert_eq!(
                got.directed, want.directed as u128,
                "{w}x{h} closed={closed}"
            );
            assert_eq!(
                got.undirected,
                want.undirected.map(u128::from),
                "{w}x{h} closed={closed}"
            );
            nonzero += (want.directed > 0) as u32;
        }
    }
    // 1x1, 3x4, 4x3, 3x7.., 4x5, 5x4, 5x5, 5x6, 6x5, 3x10 (open and closed) and more.
    assert!(nonzero >= 15, "only {nonzero} boards with tours");
}

#[test]
fn every_start_square_agrees_with_depth_first_on_every_small_board() {
    for (w, h) in small_boards() {
        let want = dfs_count(CountSpec::new(w, h, None, false)).unwrap();
        let per_start = frontier::count_open_per_start(w, h, 1).unwrap();
        let want_per_start: Vec<u128> = want.per_start.iter().map(|&n| n as u128).collect();
        assert_eq!(per_start, want_per_start, "{w}x{h} per start");
        assert_eq!(per_start.iter().sum::<u128>(), want.directed as u128);
    }
    // One start at a time (no symmetry shortcut), on boards that are not square.
    for (w, h) in [(3, 4), (4, 3), (4, 5), (3, 7)] {
        let want = dfs_count(CountSpec::new(w, h, None, false)).unwrap();
        for s in 0..w * h {
            let got = frontier::count_open_from(w, h, s, 1).unwrap();
            assert_eq!(got, want.per_start[s as usize] as u128, "{w}x{h} from {s}");
        }
    }
}

#[test]
fn closed_tours_from_a_start_follow_the_conventions() {
    let all = frontier::count(CountSpec::new(5, 6, None, true), 1).unwrap();
    let one = frontier::count(CountSpec::new(5, 6, Some(7), true), 1).unwrap();
    let dfs_one = dfs_count(CountSpec::new(5, 6, Some(7), true)).unwrap();
    assert_eq!(all.undirected, Some(8));
    // Each cycle in both directions; every cycle passes the start, so it changes nothing.
    assert_eq!(all.directed, 8 * 2);
    assert_eq!(one.directed, 16);
    assert_eq!(one.directed, dfs_one.directed as u128);
}

#[test]
fn published_counts() {
    let checked = check_published_counts(
        // 7x7 and 8x8: see the ignored tests.
        |p| !(p.noted && p.width * p.height > 36),
        |p| {
            let spec = CountSpec::new(p.width, p.height, p.start, p.closed);
            let got = frontier::count(spec, 2).unwrap();
            (got.directed, got.undirected)
        },
    )
    .unwrap();
    // 5x5 (4 rows), 3x4, 6x6 open; 6x6, 5x6, 3x10, 3x12, 5x8, 6x7, 6x8, 6x9 closed.
    assert!(checked >= 17, "only {checked} reference numbers checked");
}

#[test]
fn the_oracle_only_drops_dead_structures() {
    for (w, h, closed) in [(5, 5, false), (5, 6, false), (5, 6, true), (3, 10, true)] {
        let pruned =
            frontier::run(&Sweep::new(CountSpec::new(w, h, None, closed)).unwrap(), 1).unwrap();
        let plain = frontier::run(
            &Sweep::without_oracle(CountSpec::new(w, h, None, closed)).unwrap(),
            1,
        )
        .unwrap();
        assert_eq!(pruned.directed, plain.directed, "{w}x{h} closed={closed}");
        assert!(
            pruned.peak_states * 2 < plain.peak_states,
            "{w}x{h}: the oracle should at least halve the peak ({} vs {})",
            pruned.peak_states,
            plain.peak_states
        );
    }
    let s = frontier::count_open_from(5, 5, 0, 1).unwrap();
    let plain = frontier::run(
        &Sweep::without_oracle(CountSpec::new(5, 5, Some(0), false)).unwrap(),
        1,
    );
    assert_eq!(s, plain.unwrap().directed);
    assert_eq!(s, 304);
}

#[test]
fn threads_and_worker_parts_give_the_same_count() {
    let one = frontier::count(CountSpec::new(6, 5, None, false), 1).unwrap();
    let two = frontier::count(CountSpec::new(6, 5, None, false), 2).unwrap();
    let three = frontier::count(CountSpec::new(6, 5, None, false), 3).unwrap();
    assert_eq!(one, two);
    assert_eq!(one.directed, three.directed);
    // Three "workers", each expanding a third of every layer into 2 shards; each shard
    // merged on its own.
    let sweep = Sweep::new(CountSpec::new(6, 5, None, false)).unwrap();
    let mut layer = vec![(sweep.plan.initial_state(), 1u128)];
    let mut tours = 0u128;
    for cell in 0..sweep.plan.cells_total() {
        let third = layer.len().div_ceil(3).max(1);
        let mut shards: Vec<Vec<frontier::Layer>> = vec![Vec::new(), Vec::new()];
        for part in layer.chunks(third) {
            let (parts, done) = expand_part(&sweep, cell, part, 2).unwrap();
            tours += done;
            for (s, p) in parts.into_iter().enumerate() {
                shards[s].push(p);
            }
        }
        layer = shards
            .into_iter()
            .flat_map(|parts| merge_parts(parts).unwrap())
            .collect();
    }
    assert!(layer.is_empty());
    assert_eq!(tours * 2, one.directed);
}

#[test]
fn the_step_machine_counts_in_small_steps_and_reports_progress() {
    let want = frontier::count(CountSpec::new(5, 6, None, false), 1).unwrap();
    let mut m = FrontierCounter::new(CountSpec::new(5, 6, None, false))
        .unwrap()
        .with_chunk(100);
    let first = m.progress();
    assert!(first.preparing);
    assert_eq!((first.cells_done, first.cells), (0, 30));
    let mut last_work = 0;
    let mut events = 0;
    let mut max_next = 0;
    while let Some(p) = m.step() {
        events += 1;
        assert!(p.work_done >= last_work, "work never goes back");
        assert!(p.layer_done <= p.layer_states);
        assert!(p.work_done <= p.work_estimate);
        assert!((0.0..=1.0).contains(&p.fraction()));
        last_work = p.work_done;
        max_next = max_next.max(p.next_states);
        if events == 5 {
            // Not stepping is cancelling: nothing moves.
            let before = m.progress();
            assert_eq!(m.status(), Status::Running);
            assert_eq!(m.progress(), before);
        }
    }
    assert_eq!(m.status(), Status::Exhausted);
    assert!(m.step().is_none());
    assert_eq!(
        m.bytes_per_state(),
        16,
        "5 wide: 11-cell windows fit 16-byte slots"
    );
    let mut wide = FrontierCounter::new(CountSpec::new(5, 6, None, false))
        .unwrap()
        .with_wide_slots();
    assert_eq!(wide.bytes_per_state(), 32);
    assert_eq!(wide.run(u64::MAX), Status::Exhausted);
    assert_eq!(wide.result(), m.result());
    let got = m.result().unwrap();
    assert_eq!(got.directed, want.directed);
    assert_eq!(got.layer_sizes, want.layer_sizes);
    // Chunks of 100 states: many more steps than cells (plus 60 oracle steps).
    assert!(events > 60 + 30 + got.peak_states / 100, "{events} steps");
    assert_eq!(m.stats().steps, events);
    assert_eq!(m.stats().nodes, got.layer_sizes[..30].iter().sum::<u64>());
    assert!(max_next >= 1);
    let done = m.progress();
    assert_eq!(done.cells_done, 30);
    assert_eq!(done.fraction(), 1.0);
    assert_eq!(m.run(10), Status::Exhausted);
}

/// The step machine's 64-bit keys (what 8x8 closed runs in): the same counts and layers
/// as narrow slots, in chunks that start in the middle of the table's shards.
#[test]
fn keyed_slots_count_as_narrow_slots_do() {
    for (w, h, closed) in [(5, 6, false), (6, 6, true), (5, 8, true), (4, 5, false)] {
        let narrow = FrontierCounter::new(CountSpec::new(w, h, None, closed))
            .unwrap()
            .with_chunk(97);
        let keyed = FrontierCounter::new(CountSpec::new(w, h, None, closed))
            .unwrap()
            .with_chunk(97)
            .with_keyed_slots();
        let (mut narrow, mut keyed) = (narrow, keyed);
        assert_eq!(keyed.run(u64::MAX), Status::Exhausted, "{w}x{h}");
        assert_eq!(narrow.run(u64::MAX), Status::Exhausted);
        let (a, b) = (narrow.result().unwrap(), keyed.result().unwrap());
        assert_eq!(a, b, "{w}x{h} closed={closed}");
    }
    // A part, as a browser worker runs it, adds up with the others to the whole.
    let whole = frontier::count(CountSpec::new(6, 6, None, true), 1).unwrap();
    let parts: u128 = (0..3)
        .map(|index| {
            let mut m = FrontierCounter::for_part(
                CountSpec::new(6, 6, None, true),
                PartOf { index, of: 3 },
            )
            .unwrap()
            .with_keyed_slots();
            assert_eq!(m.run(u64::MAX), Status::Exhausted);
            m.result().unwrap().undirected.unwrap()
        })
        .sum();
    assert_eq!(Some(parts), whole.undirected);
}

#[test]
fn one_square_and_impossible_boards() {
    let r = frontier::count(CountSpec::new(1, 1, None, false), 1).unwrap();
    assert_eq!((r.directed, r.undirected), (1, Some(1)));
    assert_eq!(frontier::count_closed(1, 1, 1).unwrap(), 0);
    let mut m = FrontierCounter::new(CountSpec::new(1, 1, Some(0), false)).unwrap();
    assert_eq!(m.run(5), Status::Exhausted);
    assert_eq!(m.result().unwrap().directed, 1);
    assert_eq!(frontier::count_closed(4, 4, 1).unwrap(), 0);
    assert_eq!(frontier::count_open(2, 8, 1).unwrap(), 0);
    // b1 on 5x5: the minority colour.
    assert_eq!(frontier::count_open_from(5, 5, 1, 1).unwrap(), 0);
}

#[test]
fn bad_requests_are_errors() {
    let err = frontier::count(CountSpec::new(13, 13, None, false), 1).unwrap_err();
    assert!(err.contains("12"), "{err}");
    assert!(frontier::count(CountSpec::new(5, 5, Some(25), false), 1).is_err());
    assert!(frontier::count(CountSpec::new(5, 5, Some(25), true), 1).is_err());
    assert!(FrontierCounter::new(CountSpec::new(0, 5, None, false)).is_err());
    // Long boards are fine: 3x40 has its 13 narrow-side cells... counted exactly.
    assert!(frontier::count_closed(3, 40, 1).unwrap() > 0);
}

/// OEIS A165134: 165,575,218,320 directed open tours on 7x7. Minutes in release:
/// `cargo test --release --test knight_frontier -- --ignored seven`.
#[test]
#[ignore]
fn seven_by_seven_open() {
    let t = std::time::Instant::now();
    let r = frontier::count(CountSpec::new(7, 7, None, false), 2).unwrap();
    println!(
        "7x7 open: {} directed, peak {} states, {:.1?}",
        r.directed,
        r.peak_states,
        t.elapsed()
    );
    assert_eq!(r.directed, 165_575_218_320);
}

/// Runs each part of a split count to the end on one thread, as a worker would.
fn by_parts(s: CountSpec) -> (puzzlelab_solver::knight::count::CountResult, usize) {
    let split = frontier::FrontierParts::new(s).unwrap();
    let results: Vec<_> = split
        .parts
        .iter()
        .map(|&p| {
            let mut m = FrontierCounter::new(p).unwrap();
            assert_eq!(m.run(u64::MAX), Status::Exhausted);
            m.result().unwrap()
        })
        .collect();
    (split.combine(&results).unwrap(), split.parts.len())
}

#[test]
fn a_count_split_by_start_class_adds_up_to_the_depth_first_count() {
    for (w, h) in small_boards() {
        for closed in [false, true] {
            let s = CountSpec::new(w, h, None, closed);
            let (got, _) = by_parts(s);
            assert_eq!(got, dfs_count(s).unwrap(), "{w}x{h} closed={closed}");
        }
    }
    // One start is one part; c3 on 5x5 has the published 64.
    let (got, parts) = by_parts(CountSpec::new(5, 5, Some(12), false));
    assert_eq!((got.directed, parts), (64, 1));
    // 6x6: six start classes on a square board, and the published total with every
    // square's count equal to the depth-first counter's.
    let (got, parts) = by_parts(CountSpec::new(6, 6, None, false));
    assert_eq!(parts, 6);
    assert_eq!(got, dfs_count(CountSpec::new(6, 6, None, false)).unwrap());
    // 5x5: the minority colour is ruled out without a sweep.
    let split = frontier::FrontierParts::new(CountSpec::new(5, 5, None, false)).unwrap();
    assert_eq!(split.ruled_out.len(), 12);
    assert_eq!(split.parts.len(), 4, "a1, c1, b2 and c3");
    assert!(split.combine(&[]).is_err());
}

/// Tours a part's result stands for (cycles, paths, or paths from the start).
fn tours(s: CountSpec, part: Option<frontier::PartOf>) -> u128 {
    let sweep = match part {
        Some(p) => Sweep::part(s, p).unwrap(),
        None => Sweep::without_oracle(s).unwrap(),
    };
    let r = frontier::run_watched(sweep, 2, &mut |_| true).unwrap();
    frontier::tours_of(s, &r)
}

#[test]
fn closed_counts_on_every_board_up_to_6x6_agree_with_depth_first() {
    for w in 1..=6 {
        for h in 1..=6 {
            let want = dfs_count(CountSpec::new(w, h, None, true)).unwrap();
            let got = frontier::count(CountSpec::new(w, h, None, true), 2).unwrap();
            assert_eq!(got.directed, want.directed as u128, "{w}x{h}");
            assert_eq!(got.undirected, want.undirected.map(u128::from), "{w}x{h}");
        }
    }
}

#[test]
fn parts_by_needs_class_add_up_to_the_whole_for_every_k() {
    for (w, h, closed) in [(6, 6, true), (5, 8, true), (3, 12, true), (5, 5, false)] {
        let s = CountSpec::new(w, h, None, closed);
        let whole = tours(s, None);
        assert!(whole > 0, "{w}x{h}");
        for of in 1..=7 {
            let parts: Vec<u128> = (0..of)
                .map(|index| tours(s, Some(frontier::PartOf { index, of })))
                .collect();
            assert_eq!(
                parts.iter().sum::<u128>(),
                whole,
                "{w}x{h} closed={closed} K={of}"
            );
            if of > 1 {
                assert!(
                    parts.iter().all(|&p| p < whole),
                    "{w}x{h} K={of}: every part is a proper share {parts:?}"
                );
            }
        }
    }
    assert!(Sweep::part(
        CountSpec::new(6, 6, None, true),
        frontier::PartOf { index: 3, of: 3 }
    )
    .is_err());
}

#[test]
fn the_watch_sees_progress_and_can_stop_the_sweep() {
    let mut seen = Vec::new();
    let r = frontier::count_watched(CountSpec::new(6, 6, None, true), 2, &mut |p| {
        seen.push(*p);
        true
    })
    .unwrap();
    assert_eq!(r.undirected, Some(9862));
    assert!(seen.iter().any(|p| p.preparing));
    let last = seen.last().unwrap();
    assert_eq!((last.cells_done, last.work_done), (36, last.work_estimate));
    assert!(seen.windows(2).all(|p| p[0].work_done <= p[1].work_done));
    let mut calls = 0;
    let stopped = frontier::count_watched(CountSpec::new(6, 6, None, true), 2, &mut |p| {
        calls += 1;
        p.preparing
    });
    assert_eq!(stopped.unwrap_err(), frontier::compact::CANCELLED);
    assert!(calls > 1);
}

/// 7x8 closed against OEIS A193054 (a minute or two of CPU in release):
/// `cargo test --release --test knight_frontier -- --ignored seven_by_eight --nocapture`.
#[test]
#[ignore]
fn seven_by_eight_closed() {
    let r = frontier::count(CountSpec::new(7, 8, None, true), 2).unwrap();
    eprintln!("7x8 closed: peak {} states", r.peak_states);
    let want = published_closed("7x8");
    assert_eq!(r.undirected, Some(want));
    assert_eq!(r.directed, 2 * want);
}

/// The published closed count of a board (its cycles).
fn published_closed(board: &str) -> u128 {
    checkers::published_closed(board)
        .undirected
        .expect("a published closed count") as u128
}

/// The chessboard: 13,267,364,410,532 closed tours (McKay 1997; OEIS A001230). Measured
/// through the command line on two cores (2026-11-24): 24 min wall, 45 CPU-minutes,
/// 7.3 GB at the peak (145.6 M structures):
/// `cargo test --release --test knight_frontier -- --ignored eight_by_eight --nocapture`.
#[test]
#[ignore]
fn eight_by_eight_closed() {
    let began = std::time::Instant::now();
    let mut cell = u32::MAX;
    let r = frontier::count_watched(CountSpec::new(8, 8, None, true), 2, &mut |p| {
        if !p.preparing && p.cells_done != cell {
            cell = p.cells_done;
            eprintln!(
                "{:7.1} s: cell {cell}, {} states",
                began.elapsed().as_secs_f64(),
                p.layer_states
            );
        }
        true
    })
    .unwrap();
    assert_eq!(r.undirected, Some(published_closed("8x8")));
    // The literature's directed closed tours: 26,534,728,821,064.
    let directed = checkers::published_closed("8x8").directed.unwrap();
    assert_eq!(r.directed, directed as u128);
}

/// A part of the chessboard's count fits where a batch job or a browser worker runs it:
/// 8x8 closed in the page's default split (32), part 1 peaks at 42.5 M structures, which
/// passes the worker's check (4 × 16 bytes a structure within 3 GiB); natively it took
/// 2.85 GB at most (part 17: 2.48 GB), 13-14 min on two cores at load 5-8:
/// `cargo test --release --test knight_frontier -- --ignored eight_by_eight_part --nocapture`.
#[test]
#[ignore]
fn eight_by_eight_part_fits_a_worker() {
    let of = puzzlelab_links::count_parts::default_parts(64);
    let sweep = Sweep::part(CountSpec::new(8, 8, None, true), PartOf { index: 0, of }).unwrap();
    let r = frontier::run_watched(sweep, 2, &mut |_| true).unwrap();
    eprintln!("8x8 closed part 1/{of}: peak {} states", r.peak_states);
    assert!(
        r.peak_states * 4 * 16 <= 3 << 30,
        "{} states",
        r.peak_states
    );
    assert!(r.undirected.unwrap() > 0);
}

/// Closed tours by meeting in the middle (half boards joined at the cut) on `w`x`h`.
fn meet(w: u32, h: u32) -> u128 {
    frontier::meet::count_closed_meet(w, h, &mut |_, _, _| true)
        .unwrap()
        .cycles
}

#[test]
fn meeting_in_the_middle_agrees_with_the_sweep_on_every_small_board() {
    let mut nonzero = 0;
    // Up to 24 squares (no closed tours: the method must not invent any) and the 30-square
    // boards with closed tours; halves with many crossing edges (7x4, cut across the 7)
    // are slow.
    let boards = small_boards().into_iter().filter(|&(w, h)| w * h <= 24);
    for (w, h) in boards.chain([(5, 6), (6, 5), (3, 10), (10, 3)]) {
        let want = frontier::count(CountSpec::new(w, h, None, true), 1).unwrap();
        let got = meet(w, h);
        assert_eq!(Some(got), want.undirected, "{w}x{h} closed");
        nonzero += (got > 0) as u32;
    }
    assert_eq!(nonzero, 4, "closed tours on 5x6, 6x5, 3x10, 10x3 only");
}

#[test]
fn meeting_in_the_middle_gives_the_published_closed_counts() {
    // The half sweeps of these take a few seconds at most (6x6 and up: see the ignored test).
    let quick = ["5x6", "3x10", "3x12", "5x8"];
    let mut checked = 0;
    for entry in checkers::published_counts() {
        let (w, h) = (entry.width, entry.height);
        let board = format!("{w}x{h}");
        if !entry.closed || !quick.contains(&board.as_str()) {
            continue;
        }
        let want = entry.undirected.unwrap() as u128;
        assert_eq!(meet(w, h), want, "{board}");
        assert_eq!(meet(h, w), want, "{h}x{w}");
        checked += 1;
    }
    assert_eq!(checked, quick.len());
}

#[test]
#[ignore = "half a minute: the 6x3 halves hold 0.3 M classes"]
fn meeting_in_the_middle_on_6x6() {
    let want = checkers::published_closed("6x6").undirected.unwrap();
    assert_eq!(meet(6, 6), want as u128);
}

#[test]
fn meeting_in_the_middle_stops_when_told() {
    let mut calls = 0;
    let r = frontier::meet::count_closed_meet(5, 8, &mut |_, _, _| {
        calls += 1;
        calls < 3
    });
    assert_eq!(r.unwrap_err(), "cancelled");
    assert_eq!(calls, 3);
}

/// Structures left by a row's last cell are replaced by their mirror images when those are
/// smaller: the counts stay (published values elsewhere in this file), and the layers
/// after the first rows shrink, against the same sweep with mirroring off.
#[test]
fn mirroring_at_row_ends_keeps_the_counts_and_shrinks_the_layers() {
    use puzzlelab_solver::knight::frontier::oracle::OracleBuilder;
    for (w, h, closed) in [(6, 6, true), (6, 6, false), (5, 8, true), (5, 5, false)] {
        let spec = CountSpec::new(w, h, None, closed);
        let mirrored = frontier::run(&Sweep::new(spec).unwrap(), 2).unwrap();
        let mut plain = Sweep::without_oracle(spec).unwrap();
        assert!(plain.plan.cells.iter().any(|c| c.mirror));
        plain.plan.cells.iter_mut().for_each(|c| c.mirror = false);
        plain.oracle = OracleBuilder::build(&plain.plan);
        let plain = frontier::run(&plain, 2).unwrap();
        assert_eq!(mirrored.directed, plain.directed, "{w}x{h} closed={closed}");
        assert_eq!(mirrored.undirected, plain.undirected);
        let (m, p): (u64, u64) = (
            mirrored.layer_sizes.iter().sum(),
            plain.layer_sizes.iter().sum(),
        );
        assert!(m * 10 < p * 8, "{w}x{h}: {m} states against {p}");
        assert!(mirrored.peak_states < plain.peak_states);
    }
    // A fixed start breaks the symmetry: nothing is mirrored.
    let from = frontier::plan(CountSpec::new(5, 5, Some(0), false)).unwrap();
    assert!(from.cells.iter().all(|c| !c.mirror));
}

/// The progress's estimate of the whole work is honest from halfway: within half to
/// twice the work the sweep then does (the oracle's layers show where the peak is). The
/// page's step machine guesses the same way.
#[test]
fn the_work_estimate_is_within_twice_the_truth_from_halfway() {
    for (w, h) in [(6, 8), (5, 10)] {
        let mut m = FrontierCounter::new(CountSpec::new(w, h, None, true))
            .unwrap()
            .with_chunk(5_000);
        let mut guesses: Vec<(u32, u64)> = Vec::new();
        while m.step().is_some() {
            let p = m.progress();
            if !p.preparing && p.layer_done > 0 {
                guesses.push((p.cells_done, p.work_estimate));
            }
        }
        let work = m.progress().work_done;
        let cells = w * h;
        assert!(guesses.iter().any(|&(c, _)| 2 * c >= cells));
        for &(cell, estimate) in guesses.iter().filter(|&&(c, _)| 2 * c >= cells) {
            assert!(
                estimate >= work / 2 && estimate <= work * 2,
                "step machine, {w}x{h} at cell {cell}: {estimate} against {work}"
            );
        }
        let mut seen: Vec<(u32, u64)> = Vec::new();
        frontier::count_watched(CountSpec::new(w, h, None, true), 2, &mut |p| {
            if !p.preparing && p.layer_done == p.layer_states {
                seen.push((p.cells_done, p.work_estimate));
            }
            true
        })
        .unwrap();
        let (cells, work) = *seen.last().unwrap();
        for &(cell, estimate) in seen.iter().filter(|&&(c, _)| 2 * c >= cells) {
            assert!(
                estimate >= work / 2 && estimate <= work * 2,
                "{w}x{h} after cell {cell}: {estimate} against {work}"
            );
        }
    }
}
