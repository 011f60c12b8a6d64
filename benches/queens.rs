//! N-queens counting speed: N = 16 on one thread, against the C baseline in
//! benches/c/queens.c compiled here with `cc -O3`; both timed in this one run and the ratio
//! printed. Then criterion's own figures for the Rust counter.

use std::process::Command;
use std::time::Instant;

use criterion::{criterion_group, criterion_main, Criterion};
use puzzlelab::solver::queens::count::count_all;

const N: u32 = 16;
const REPEATS: usize = 5;

/// Builds the C baseline with `cc -O3`; `None` where there is no C compiler.
fn build_c() -> Option<std::path::PathBuf> {
    let exe = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/queens_c_baseline");
    let src = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/c/queens.c");
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

fn queens(c: &mut Criterion) {
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
    group.finish();
}

criterion_group!(benches, queens);
criterion_main!(benches);
