//! The symmetry-class counter against tests/reference/queens.json and against the other
//! counter: totals and fundamental solutions out of one search, and its task split.

use puzzlelab_solver::queens::classes::{
    class_tasks, class_tasks_at, count_classes, count_with_symmetry, part_tasks, run_class_task,
    run_class_task_counts, ClassCounts, ClassTask,
};
use puzzlelab_solver::queens::count::{count_all, unique_from_total};

fn reference() -> (Vec<u64>, Vec<u64>) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/reference/queens.json"
    );
    let r: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let list = |v: &serde_json::Value| -> Vec<u64> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap())
            .collect()
    };
    (list(&r["solutions"]), list(&r["unique"]))
}

#[test]
fn totals_and_unique_for_1_to_15_match_the_reference() {
    let (totals, unique) = reference();
    for n in 1..=15u32 {
        let i = n as usize - 1;
        assert_eq!(count_with_symmetry(n), (totals[i], unique[i]), "n = {n}");
    }
}

#[test]
fn agrees_with_the_mirror_counter_and_burnside() {
    for n in 1..=12u32 {
        let (total, unique) = count_with_symmetry(n);
        assert_eq!(total, count_all(n), "n = {n}");
        assert_eq!(unique, unique_from_total(n, total), "n = {n}");
    }
}

#[test]
fn classes_by_size_are_what_burnside_says() {
    // Quarter-turn symmetric classes have 2 members, half-turn ones 4: e.g. n = 8 has no
    // quarter-turn solution and one half-turn class; n = 4 has one class of 2.
    let eight = count_classes(8);
    assert_eq!((eight.by2, eight.by4, eight.by8), (0, 1, 11));
    let four = count_classes(4);
    assert_eq!((four.by2, four.by4, four.by8), (1, 0, 0));
    let one = count_classes(1);
    assert_eq!((one.total(), one.unique()), (1, 1));
}

#[test]
fn any_depth_and_any_split_sum_to_the_whole() {
    let (totals, unique) = reference();
    for n in [5u32, 8, 11, 12] {
        let i = n as usize - 1;
        for depth in [0, 2, 3, 5] {
            let sum: ClassCounts = class_tasks_at(n, depth)
                .iter()
                .map(run_class_task_counts)
                .sum();
            assert_eq!(sum.pair(), (totals[i], unique[i]), "n = {n}, depth {depth}");
        }
        for parts in [1u32, 3, 7] {
            let mut sum = (0u64, 0u64);
            for part in 1..=parts {
                for t in part_tasks(n, part, parts).unwrap() {
                    let (a, b) = run_class_task(&t);
                    sum = (sum.0 + a, sum.1 + b);
                }
            }
            assert_eq!(sum, (totals[i], unique[i]), "n = {n}, {parts} parts");
        }
    }
    assert!(part_tasks(8, 0, 2).is_err());
    assert!(part_tasks(8, 3, 2).is_err());
}

#[test]
fn tasks_are_hundreds_from_12_on_and_travel_as_json() {
    for n in 12..=17u32 {
        let count = class_tasks(n).len();
        assert!((200..20_000).contains(&count), "n = {n}: {count} tasks");
    }
    let tasks = class_tasks(10);
    let text = serde_json::to_string(&tasks).unwrap();
    let back: Vec<ClassTask> = serde_json::from_str(&text).unwrap();
    assert_eq!(back, tasks);
    let (totals, unique) = reference();
    let sum = back
        .iter()
        .map(run_class_task)
        .fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    assert_eq!(sum, (totals[9], unique[9]));
}

/// Seconds in release, minutes in debug: `cargo test --release --test queens_classes --
/// --ignored` (about 1 s and 10 s on one thread).
#[test]
#[ignore]
fn sixteen_and_seventeen_match_the_reference() {
    let (totals, unique) = reference();
    for n in 16..=17u32 {
        let i = n as usize - 1;
        assert_eq!(count_with_symmetry(n), (totals[i], unique[i]), "n = {n}");
    }
}

/// One past the reference's fast range; minutes on one thread, so split over threads.
#[test]
#[ignore]
fn eighteen_matches_the_reference_on_threads() {
    let (totals, unique) = reference();
    let n = 18u32;
    let tasks = class_tasks(n);
    let threads = std::thread::available_parallelism().map_or(2, |p| p.get());
    let sums: Vec<(u64, u64)> = std::thread::scope(|s| {
        (0..threads)
            .map(|t| {
                let tasks = &tasks;
                s.spawn(move || {
                    tasks
                        .iter()
                        .skip(t)
                        .step_by(threads)
                        .map(run_class_task)
                        .fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
                })
            })
            .collect::<Vec<_>>()
            .into_iter()
            .map(|h| h.join().unwrap())
            .collect()
    });
    let sum = sums.iter().fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    assert_eq!(sum, (totals[17], unique[17]));
}
