//! Layer sizes, time and memory of a closed frontier count (a measuring tool).
use puzzlelab_solver::knight::count::CountSpec;
use puzzlelab_solver::knight::frontier;
use std::time::Instant;
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let (w, h): (u32, u32) = (a[1].parse().unwrap(), a[2].parse().unwrap());
    let threads: usize = a.get(3).map(|s| s.parse().unwrap()).unwrap_or(2);
    let spec = CountSpec {
        width: w,
        height: h,
        start: None,
        closed: true,
    };
    let t = Instant::now();
    let mut last = u32::MAX;
    let r = frontier::count_watched(spec, threads, &mut |p| {
        if p.preparing && p.oracle_steps_done % 16 == 0 {
            eprintln!(
                "oracle {}/{} t {:.1}s",
                p.oracle_steps_done,
                p.oracle_steps,
                t.elapsed().as_secs_f64()
            );
        }
        if !p.preparing && p.cells_done != last {
            last = p.cells_done;
            eprintln!(
                "cell {:3} in {:11} t {:.1}s work {} est {}",
                last,
                p.layer_states,
                t.elapsed().as_secs_f64(),
                p.work_done,
                p.work_estimate
            );
        }
        true
    })
    .unwrap();
    println!(
        "{:?} {:.1}s",
        (r.directed, r.undirected, r.peak_states),
        t.elapsed().as_secs_f64()
    );
    println!("{:?}", r.layer_sizes);
}
