//! N-queens counting speed: N = 16 on one thread, against the C baseline in
//! benches/c/queens.c compiled here with `cc -O3`; both timed in this one run and the ratio
//! printed. Then criterion's own figures for the Rust counter.

use std::process::Command;
use std::time::Instant;

use criterion::{criterion_group, criterion_main, Criterion};
use puzzlelab::solver::queens::count::count_all;

const N: u32 = 16;
const REPEATS: usize = 5;

fn c_baseline() -> Option<(u64, f64)> {
    let out_dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target");
    let exe = out_dir.join("queens_c_baseline");
    let src = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/c/queens.c");
    let built = Command::new("cc")
        .args(["-O3", "-o"])
        .arg(&exe)
        .arg(src)
        .status()
        .ok()?;
    if !built.success() {
        return None;
    }
    let out = Command::new(&exe)
        .args([N.to_string(), REPEATS.to_string()])
        .output()
        .ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    let mut parts = text.split_whitespace();
    Some((parts.next()?.parse().ok()?, parts.next()?.parse().ok()?))
}

fn rust_best() -> (u64, f64) {
    let mut best = f64::MAX;
    let mut result = 0;
    for _ in 0..REPEATS {
        let t = Instant::now();
        result = count_all(N);
        best = best.min(t.elapsed().as_secs_f64());
    }
    (result, best)
}

fn queens(c: &mut Criterion) {
    let (rust_count, rust_s) = rust_best();
    match c_baseline() {
        Some((c_count, c_s)) => {
            assert_eq!(rust_count, c_count, "both count the same solutions");
            println!(
                "queens N={N} one thread, best of {REPEATS}: rust {:.1} ms, C -O3 {:.1} ms, rust/C = {:.2}",
                rust_s * 1e3,
                c_s * 1e3,
                rust_s / c_s
            );
        }
        None => println!("queens: no C compiler here; rust {:.1} ms", rust_s * 1e3),
    }
    let mut group = c.benchmark_group("queens");
    group.sample_size(10);
    group.bench_function("count N=16 one thread", |b| b.iter(|| count_all(N)));
    group.bench_function("count N=12 one thread", |b| b.iter(|| count_all(12)));
    group.finish();
}

criterion_group!(benches, queens);
criterion_main!(benches);
