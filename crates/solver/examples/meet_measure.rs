//! Measures the meet-in-the-middle count of closed tours: classes per half, join pairs,
//! time. `cargo run --release --example meet_measure -- 6 8`
use std::time::Instant;

use puzzlelab_solver::knight::frontier::meet::count_closed_meet;

fn main() {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let (w, h) = (
        args.first().copied().unwrap_or(6),
        args.get(1).copied().unwrap_or(6),
    );
    let t = Instant::now();
    let r = count_closed_meet(w, h, &mut |c, n, states| {
        eprintln!(
            "cell {c}/{n}: {states} states, {:.1}s",
            t.elapsed().as_secs_f64()
        );
        true
    })
    .unwrap();
    eprintln!();
    println!("{w}x{h}: {r:?} in {:.2}s", t.elapsed().as_secs_f64());
}
