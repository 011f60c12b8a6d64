//! The frontier (path-structure) counter against the depth-first counter and the
//! published counts in tests/reference/knight.json.

use puzzlelab::solver::knight::count::{count as dfs_count, CountSpec};
use puzzlelab::solver::knight::frontier::{self, FrontierCounter};
use puzzlelab::solver::{Status, StepMachine};

fn spec(w: u32, h: u32, start: Option<u32>, closed: bool) -> CountSpec {
    CountSpec {
        width: w,
        height: h,
        start,
        closed,
    }
}

#[test]
fn agrees_with_depth_first_on_small_boards() {
    for w in 1..=6u32 {
        for h in 1..=6u32 {
            if w * h > 30 {
                continue;
            }
            for closed in [false, true] {
                let want = dfs_count(spec(w, h, None, closed)).unwrap();
                let got = frontier::count(spec(w, h, None, closed), 1).unwrap();
                assert_eq!(got.directed, want.directed as u128, "{w}x{h} closed={closed}");
                assert_eq!(
                    got.undirected,
                    want.undirected.map(u128::from),
                    "{w}x{h} closed={closed}"
                );
            }
        }
    }
}

/// Timing and state counts of one board: `FRONTIER_BOARD=7x7 FRONTIER_CLOSED=1
/// FRONTIER_THREADS=2 cargo test --release --test knight_frontier -- --ignored measure --nocapture`.
#[test]
#[ignore]
fn measure() {
    let board = std::env::var("FRONTIER_BOARD").unwrap_or_else(|_| "6x6".into());
    let (w, h) = board.split_once('x').unwrap();
    let (w, h) = (w.parse().unwrap(), h.parse().unwrap());
    let closed = std::env::var("FRONTIER_CLOSED").is_ok_and(|v| v == "1");
    let threads = std::env::var("FRONTIER_THREADS").map_or(2, |t| t.parse().unwrap());
    let t = std::time::Instant::now();
    let r = frontier::count(spec(w, h, None, closed), threads).unwrap();
    println!(
        "{board} closed={closed} threads={threads}: directed {} undirected {:?} peak {} in {:.2?}",
        r.directed,
        r.undirected,
        r.peak_states,
        t.elapsed()
    );
    println!("layers: {:?}", r.layer_sizes);
}

/// Layer sizes as they come, one thread, stopping after `FRONTIER_SECONDS`.
#[test]
#[ignore]
fn growth() {
    let board = std::env::var("FRONTIER_BOARD").unwrap_or_else(|_| "6x6".into());
    let (w, h) = board.split_once('x').unwrap();
    let (w, h) = (w.parse().unwrap(), h.parse().unwrap());
    let closed = std::env::var("FRONTIER_CLOSED").is_ok_and(|v| v == "1");
    let limit: f64 = std::env::var("FRONTIER_SECONDS").map_or(60.0, |t| t.parse().unwrap());
    let t = std::time::Instant::now();
    let mut c = FrontierCounter::new(spec(w, h, None, closed)).unwrap();
    let mut layers = 0;
    while c.run(1) == Status::Running && t.elapsed().as_secs_f64() < limit {
        if c.layer_sizes().len() != layers {
            layers = c.layer_sizes().len();
            println!("{:>8.2?} cell {:>3}: {}", t.elapsed(), layers - 1, c.layer_sizes()[layers - 1]);
        }
    }
    println!("{:?} {:?}", c.status(), c.result().map(|r| r.directed));
}

#[test]
#[ignore]
fn oracle_time() {
    let board = std::env::var("FRONTIER_BOARD").unwrap_or_else(|_| "6x6".into());
    let (w, h) = board.split_once('x').unwrap();
    let (w, h) = (w.parse().unwrap(), h.parse().unwrap());
    let closed = std::env::var("FRONTIER_CLOSED").is_ok_and(|v| v == "1");
    let t = std::time::Instant::now();
    let s = frontier::Sweep::new(spec(w, h, None, closed)).unwrap();
    let sizes: Vec<usize> = s.oracle.live.iter().map(|l| l.len()).collect();
    println!("oracle {board} in {:.2?}: live {sizes:?}", t.elapsed());
}
