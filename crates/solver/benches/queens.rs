//! N-queens counting speed: N = 16 on one thread, against the C baseline in
//! benches/c/queens.c compiled here with `cc -O3`; both timed in this one run and the ratio
//! printed. Then the symmetry-class counter (totals and fundamental solutions in one
//! search) at N = 16 and 17, against a classic class counter given as a program in
//! `QUEENS_CLASS_BASELINE` (e.g. Takaken's ver3.1, built elsewhere; it takes N as its first
//! argument and prints the total), the two alternating in this one run. Then criterion's
//! own figures for the Rust counters.

use std::process::Command;
use std::time::Instant;

use criterion::{criterion_group, criterion_main, Criterion};
use puzzlelab_solver::queens::classes::count_with_symmetry;
use puzzlelab_solver::queens::count::count_all;

const N: u32 = 16;
const REPEATS: usize = 5;

/// Builds the C baseline with `cc -O3`; `None` where there is no C compiler.
fn build_c() -> Option<std::path::PathBuf> {
    let exe =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/queens_c_baseline");
    let src = concat!(env!("CARGO_MANIFEST_DIR"), "/../../benches/c/queens.c");
    let built = Command::new("cc")
        .args(["-O3", "-o"])
        .arg(&exe)
        .arg(src)
        .status()
        .ok()?;
    built.success().then_some(exe)
}

/// One timed C count (the program times itself, so process start-up is not counted).
fn c_once(exe: &std::path::Path) -> Option<(u64, f64)> {
    let out = Command::new(exe)
        .args([N.to_string(), "1".into()])
        .output()
        .ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    let mut parts = text.split_whitespace();
    Some((parts.next()?.parse().ok()?, parts.next()?.parse().ok()?))
}

fn rust_once() -> (u64, f64) {
    let t = Instant::now();
    let result = count_all(N);
    (result, t.elapsed().as_secs_f64())
}

/// One run of the external class counter, timed from outside (start-up is a millisecond
/// against seconds of counting); checks that it printed the right total.
fn baseline_once(exe: &str, n: u32, total: u64) -> Option<f64> {
    let t = Instant::now();
    let out = Command::new(exe).arg(n.to_string()).output().ok()?;
    let seconds = t.elapsed().as_secs_f64();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(&total.to_string()),
        "the baseline printed {text:?}, not the total {total}"
    );
    Some(seconds)
}

/// The class counter against the baseline program, alternating, best of `repeats` each.
fn classes_against_baseline() {
    let Ok(exe) = std::env::var("QUEENS_CLASS_BASELINE") else {
        println!("queens classes: set QUEENS_CLASS_BASELINE to a class counter to compare");
        return;
    };
    for (n, repeats) in [(16u32, 5usize), (17, 3)] {
        let (mut rust_best, mut base_best) = (f64::MAX, f64::MAX);
        for _ in 0..repeats {
            let t = Instant::now();
            let (total, unique) = count_with_symmetry(n);
            rust_best = rust_best.min(t.elapsed().as_secs_f64());
            let base = baseline_once(&exe, n, total).expect("the baseline runs");
            base_best = base_best.min(base);
            assert!(unique > 0);
        }
        println!(
            "queens classes N={n} one thread, best of {repeats} alternating: rust {:.3} s, baseline {:.3} s, rust/baseline = {:.2}",
            rust_best,
            base_best,
            rust_best / base_best
        );
    }
}

fn queens(c: &mut Criterion) {
    classes_against_baseline();
    // Alternate the two so that a busy moment on the machine hits both alike.
    match build_c() {
        Some(exe) => {
            let (mut rust_best, mut c_best) = (f64::MAX, f64::MAX);
            for _ in 0..REPEATS {
                let (rust_count, rust_s) = rust_once();
                let (c_count, c_s) = c_once(&exe).expect("the C baseline runs");
                assert_eq!(rust_count, c_count, "both count the same solutions");
                rust_best = rust_best.min(rust_s);
                c_best = c_best.min(c_s);
            }
            println!(
                "queens N={N} one thread, best of {REPEATS} alternating: rust {:.1} ms, C -O3 {:.1} ms, rust/C = {:.2}",
                rust_best * 1e3,
                c_best * 1e3,
                rust_best / c_best
            );
        }
        None => println!(
            "queens: no C compiler here; rust {:.1} ms",
            rust_once().1 * 1e3
        ),
    }
    let mut group = c.benchmark_group("queens");
    group.sample_size(10);
    group.bench_function("count N=16 one thread", |b| b.iter(|| count_all(N)));
    group.bench_function("count N=12 one thread", |b| b.iter(|| count_all(12)));
    group.bench_function("classes N=12 one thread", |b| {
        b.iter(|| count_with_symmetry(12))
    });
    group.bench_function("classes N=16 one thread", |b| {
        b.iter(|| count_with_symmetry(N))
    });
    group.finish();
}

criterion_group!(benches, queens);
criterion_main!(benches);
