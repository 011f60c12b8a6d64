//! The exhaustive tour counter against published counts (tests/reference/knight.json)
//! and against a naive depth-first counter written here from the rules, with no pruning.

use puzzlelab_checkers::published::check_published_counts;
use puzzlelab_solver::knight::count::{count, CountPlan, CountSpec};

/// Naive counter: every knight walk from (x, y), counted when it covers the board;
/// `closed` keeps only walks ending a knight's move from the start.
fn naive(w: i64, h: i64, start: (i64, i64), closed: bool) -> u64 {
    fn walk(
        w: i64,
        h: i64,
        at: (i64, i64),
        seen: &mut Vec<bool>,
        left: usize,
        start: (i64, i64),
        closed: bool,
    ) -> u64 {
        if left == 0 {
            let (dx, dy) = ((at.0 - start.0).abs(), (at.1 - start.1).abs());
            return (!closed || (dx, dy) == (1, 2) || (dx, dy) == (2, 1)) as u64;
        }
        let mut total = 0;
        // Every jump of one square one way and two the other, in any order.
        let jumps = (-2..=2i64).flat_map(|dx| (-2..=2i64).map(move |dy| (dx, dy)));
        for (dx, dy) in jumps.filter(|&(dx, dy)| (dx * dy).abs() == 2) {
            let (x, y) = (at.0 + dx, at.1 + dy);
            if x < 0 || y < 0 || x >= w || y >= h || seen[(y * w + x) as usize] {
                continue;
            }
            seen[(y * w + x) as usize] = true;
            total += walk(w, h, (x, y), seen, left - 1, start, closed);
            seen[(y * w + x) as usize] = false;
        }
        total
    }
    let mut seen = vec![false; (w * h) as usize];
    seen[(start.1 * w + start.0) as usize] = true;
    walk(w, h, start, &mut seen, (w * h - 1) as usize, start, closed)
}

#[test]
fn published_counts() {
    let checked = check_published_counts(
        // Too big to enumerate: tests/knight_frontier.rs counts these.
        |p| !p.noted && p.width * p.height <= 36,
        |p| {
            let got = count(CountSpec::new(p.width, p.height, p.start, p.closed)).unwrap();
            (got.directed as u128, got.undirected.map(u128::from))
        },
    )
    .unwrap();
    assert!(checked >= 10, "only {checked} reference numbers checked");
}

#[test]
fn agrees_with_naive_counting_on_every_small_board_and_start() {
    for w in 1..=5u32 {
        for h in 1..=5u32 {
            if w * h > 16 {
                continue;
            }
            let all = count(CountSpec::new(w, h, None, false)).unwrap();
            let mut sum = 0;
            for s in 0..w * h {
                let start = ((s % w) as i64, (s / w) as i64);
                let expected = naive(w as i64, h as i64, start, false);
                let one = count(CountSpec::new(w, h, Some(s), false)).unwrap();
                assert_eq!(one.directed, expected, "{w}x{h} open from square {s}");
                assert_eq!(all.per_start[s as usize], expected, "{w}x{h} per start {s}");
                assert_eq!(one.undirected, None);
                sum += expected;
            }
            assert_eq!(all.directed, sum, "{w}x{h}");
            let closed = count(CountSpec::new(w, h, None, true)).unwrap();
            let from_a1 = naive(w as i64, h as i64, (0, 0), true);
            // Each cycle is walked from a1 in two directions, and a directed cycle (the
            // literature's "directed closed tour") is one of those walks.
            assert_eq!(closed.undirected, Some(from_a1 / 2), "{w}x{h} closed");
            assert_eq!(closed.directed, from_a1, "{w}x{h} closed directed");
            let from_corner = count(CountSpec::new(w, h, Some(0), true)).unwrap();
            assert_eq!(from_corner.directed, from_a1, "{w}x{h} closed from a1");
        }
    }
}

#[test]
fn closed_counts_on_rectangles_agree_with_naive() {
    // Boards with closed tours small enough for the naive walk.
    for (w, h) in [(3, 10), (5, 6), (6, 5), (10, 3)] {
        let got = count(CountSpec::new(w, h, None, true)).unwrap();
        let naive_cycles = naive(w as i64, h as i64, (0, 0), true) / 2;
        assert_eq!(got.undirected, Some(naive_cycles), "{w}x{h}");
        assert!(naive_cycles > 0);
    }
}

#[test]
fn symmetric_starts_share_their_count() {
    let plan = CountPlan::new(CountSpec::new(6, 6, None, false)).unwrap();
    // 36 squares fall into 6 classes under the 8 symmetries of the square.
    assert_eq!(plan.classes.len(), 6);
    let plan = CountPlan::new(CountSpec::new(5, 6, None, false)).unwrap();
    assert_eq!(plan.classes.len(), 9);
    let r = count(CountSpec::new(5, 5, None, false)).unwrap();
    assert_eq!(r.per_start[0], 304);
    assert_eq!(r.per_start[24], 304);
}

#[test]
fn impossible_boards_count_zero_with_the_reason() {
    let plan = CountPlan::new(CountSpec::new(4, 4, None, true)).unwrap();
    assert!(plan.tasks.is_empty());
    assert!(plan.impossible.as_deref().unwrap_or("").contains("4"));
    assert_eq!(count(CountSpec::new(4, 4, None, true)).unwrap().directed, 0);
    // b1 on 5x5 is the minority colour: no open tour starts there.
    let plan = CountPlan::new(CountSpec::new(5, 5, Some(1), false)).unwrap();
    assert!(plan.impossible.is_some());
}

#[test]
fn oversized_boards_are_refused_with_a_message() {
    let err = CountPlan::new(CountSpec::new(9, 8, None, false)).unwrap_err();
    assert!(err.contains("64 squares"), "{err}");
    let err = CountPlan::new(CountSpec::new(5, 5, Some(25), false)).unwrap_err();
    assert!(err.contains("off"), "{err}");
}

mod notebook {
    use super::*;
    use puzzlelab_solver::knight::naive_count::{NaiveCounter, NaiveMethod};
    use puzzlelab_solver::{Status, StepMachine};

    fn run(method: NaiveMethod, w: u32, h: u32, start: u32) -> NaiveCounter {
        let mut c = NaiveCounter::new(method, CountSpec::new(w, h, Some(start), false)).unwrap();
        assert_eq!(c.run(u64::MAX), Status::Exhausted);
        c
    }

    #[test]
    fn brute_force_checks_every_sequence() {
        // 3x3: 8^8 candidates, none a tour (the notebook's first run).
        let c = run(NaiveMethod::BruteForce, 3, 3, 0);
        assert_eq!(c.stats().nodes, 8u64.pow(8));
        assert_eq!(c.found().tours, 0);
        // 1x1: the lone square is a tour.
        assert_eq!(run(NaiveMethod::BruteForce, 1, 1, 0).found().tours, 1);
        // 2x4 from a1: every one of 8^7 sequences is checked and none covers the board.
        let c = run(NaiveMethod::BruteForce, 2, 4, 0);
        assert_eq!((c.stats().nodes, c.found().tours), (8u64.pow(7), 0));
    }

    #[test]
    fn backtracking_agrees_with_the_fast_counter_and_visits_far_fewer_nodes() {
        for (w, h) in [(3, 4), (4, 3), (3, 5), (4, 4), (4, 5), (5, 5)] {
            let fast = count(CountSpec::new(w, h, None, false)).unwrap();
            for s in 0..w * h {
                let c = run(NaiveMethod::Backtracking, w, h, s);
                assert_eq!(
                    c.found().tours,
                    fast.per_start[s as usize],
                    "{w}x{h} from {s}"
                );
                assert!((c.stats().nodes as f64) < 8f64.powi((w * h - 1) as i32));
            }
        }
        // Closed tours from a1 on 5x6: the 8 cycles, each walked both ways.
        let c = run(NaiveMethod::Backtracking, 5, 6, 0);
        assert_eq!(c.found().closed, 16);
    }
}

#[test]
fn a_task_over_its_node_limit_is_split_and_still_adds_up() {
    use puzzlelab_solver::knight::count::{children, run_task};
    // Count 6x6 from a1 with a tiny node budget: every task that runs over is replaced by
    // its children, as the page's workers do.
    let plan = CountPlan::new(CountSpec::new(6, 6, Some(0), false)).unwrap();
    let mut queue = plan.tasks.clone();
    let mut per_class = vec![0u64; plan.classes.len()];
    let mut splits = 0;
    while let Some(task) = queue.pop() {
        match run_task(&task, 2_000) {
            Some((count, nodes)) => {
                assert!(nodes <= 2_000);
                per_class[task.class as usize] += count * task.weight;
            }
            None => {
                splits += 1;
                queue.extend(children(&task));
            }
        }
    }
    assert!(splits > 0, "the budget should have been hit");
    let whole = count(CountSpec::new(6, 6, Some(0), false)).unwrap();
    assert_eq!(plan.result(&per_class), whole);
}

#[test]
fn malformed_tasks_count_nothing_rather_than_panic() {
    use puzzlelab_solver::knight::count::{run_task, CountTask};
    // Weight 1, class 0: only the board, the path so far and the end are wrong.
    let task = |width, height, path: Vec<u8>, end| CountTask {
        width,
        height,
        path,
        end,
        weight: 1,
        class: 0,
    };
    let bad = [
        task(6, 6, vec![200], None),
        task(6, 6, vec![0, 1], None),
        task(6, 6, vec![0], Some(99)),
        task(0, 6, vec![0], None),
        task(9, 9, vec![0], None),
        task(6, 6, vec![], None),
    ];
    for task in bad {
        assert_eq!(run_task(&task, 1_000), Some((0, 0)), "{task:?}");
    }
}

#[test]
fn brute_force_agrees_with_the_fast_counter_wherever_it_finishes() {
    use puzzlelab_solver::knight::naive_count::{NaiveCounter, NaiveMethod};
    use puzzlelab_solver::{Status, StepMachine};
    let mut checked = 0;
    for w in 1..=9u32 {
        for h in 1..=9u32 {
            if w * h > 9 {
                continue;
            }
            let fast = count(CountSpec::new(w, h, None, false)).unwrap();
            // Every start up to 8 squares; on 9 squares (8^8 sequences each) two of them.
            let starts: Vec<u32> = if w * h <= 8 {
                (0..w * h).collect()
            } else {
                vec![0, 1]
            };
            for s in starts {
                let mut brute = NaiveCounter::new(
                    NaiveMethod::BruteForce,
                    CountSpec::new(w, h, Some(s), false),
                )
                .unwrap();
                assert_eq!(brute.run(u64::MAX), Status::Exhausted);
                assert_eq!(
                    brute.found().tours,
                    fast.per_start[s as usize],
                    "{w}x{h} from {s}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 60, "{checked}");
}
