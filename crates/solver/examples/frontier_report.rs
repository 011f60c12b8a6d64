//! Measurements of the path-structure (frontier) counter, printed rather than checked
//! (they were ignored tests; an ignored test is now always a slow real check):
//!
//! ```text
//! cargo run --release --example frontier_report -- measure 7x7 [--closed] [--threads 2]
//! cargo run --release --example frontier_report -- growth 6x6 [--closed] [--seconds 60]
//! cargo run --release --example frontier_report -- oracle 6x6 [--closed]
//! cargo run --release --example frontier_report -- parts-cost
//! cargo run --release --example frontier_report -- estimate
//! ```

use std::time::Instant;

use puzzlelab_solver::knight::count::CountSpec;
use puzzlelab_solver::knight::frontier::{self, FrontierCounter, Sweep};
use puzzlelab_solver::{Status, StepMachine};

fn spec(width: u32, height: u32, start: Option<u32>, closed: bool) -> CountSpec {
    CountSpec {
        width,
        height,
        start,
        closed,
    }
}

struct Options {
    what: String,
    width: u32,
    height: u32,
    closed: bool,
    threads: usize,
    seconds: f64,
}

fn options() -> Result<Options, String> {
    let mut args = std::env::args().skip(1);
    let what = args
        .next()
        .ok_or("which report? measure, growth, oracle, parts-cost, estimate")?;
    let mut o = Options {
        what,
        width: 6,
        height: 6,
        closed: false,
        threads: 2,
        seconds: 60.0,
    };
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--closed" => o.closed = true,
            "--threads" => o.threads = value("--threads")?.parse().map_err(|e| format!("{e}"))?,
            "--seconds" => o.seconds = value("--seconds")?.parse().map_err(|e| format!("{e}"))?,
            board => {
                let (w, h) = board
                    .split_once('x')
                    .ok_or(format!("not a board: {board}"))?;
                o.width = w.parse().map_err(|_| format!("not a board: {board}"))?;
                o.height = h.parse().map_err(|_| format!("not a board: {board}"))?;
            }
        }
    }
    Ok(o)
}

/// Timing and state counts of one board.
fn measure(o: &Options) -> Result<(), String> {
    let t = Instant::now();
    let r = frontier::count(spec(o.width, o.height, None, o.closed), o.threads)?;
    println!(
        "{}x{} closed={} threads={}: directed {} undirected {:?} peak {} in {:.2?}",
        o.width,
        o.height,
        o.closed,
        o.threads,
        r.directed,
        r.undirected,
        r.peak_states,
        t.elapsed()
    );
    println!("layers: {:?}", r.layer_sizes);
    Ok(())
}

/// Layer sizes as they come, one thread, stopping after `--seconds`.
fn growth(o: &Options) -> Result<(), String> {
    let t = Instant::now();
    let mut c = FrontierCounter::new(spec(o.width, o.height, None, o.closed))?;
    let mut layers = 0;
    while c.run(1) == Status::Running && t.elapsed().as_secs_f64() < o.seconds {
        if c.layer_sizes().len() != layers {
            layers = c.layer_sizes().len();
            println!(
                "{:>8.2?} cell {:>3}: {}",
                t.elapsed(),
                layers - 1,
                c.layer_sizes()[layers - 1]
            );
        }
    }
    println!("{:?} {:?}", c.status(), c.result().map(|r| r.directed));
    Ok(())
}

/// How long the relaxed count (the oracle) takes, and its live-set sizes.
fn oracle(o: &Options) -> Result<(), String> {
    let t = Instant::now();
    let s = Sweep::new(spec(o.width, o.height, None, o.closed))?;
    let sizes: Vec<usize> = s.oracle.live.iter().map(|l| l.len()).collect();
    println!(
        "oracle {}x{} in {:.2?}: live {sizes:?}",
        o.width,
        o.height,
        t.elapsed()
    );
    Ok(())
}

/// How much more the parts expand than the one all-starts sweep, and their peaks.
fn parts_cost() -> Result<(), String> {
    for (w, h) in [(5, 6), (6, 6), (6, 7)] {
        let s = spec(w, h, None, false);
        let whole = frontier::count(s, 1)?;
        let split = frontier::FrontierParts::new(s)?;
        let results = split
            .parts
            .iter()
            .map(|&p| frontier::count(p, 1))
            .collect::<Result<Vec<_>, _>>()?;
        let work: u64 = results.iter().map(frontier::parts::work_of).sum();
        let peaks: Vec<u64> = results.iter().map(|r| r.peak_states).collect();
        let combined = split.combine(&results)?;
        println!(
            "{w}x{h}: whole sweep {} states expanded, peak {}; {} parts {} ({:.2}x), peaks {:?}; totals agree: {}",
            frontier::parts::work_of(&whole),
            whole.peak_states,
            split.parts.len(),
            work,
            work as f64 / frontier::parts::work_of(&whole) as f64,
            peaks,
            combined.directed as u128 == whole.directed
        );
    }
    Ok(())
}

/// How good the step machine's estimate of its total work is along the way, against a
/// guess that scales the current layer by the relaxed count's live-set sizes.
fn estimate() -> Result<(), String> {
    for s in [
        spec(6, 6, Some(0), false),
        spec(6, 6, None, false),
        spec(5, 7, None, false),
    ] {
        let sweep = Sweep::new(s)?;
        let live: Vec<f64> = sweep
            .oracle
            .live
            .iter()
            .map(|k| k.len().max(1) as f64)
            .collect();
        let mut m = FrontierCounter::new(s)?;
        let mut seen = Vec::new();
        let mut cell = u32::MAX;
        while let Some(p) = m.step() {
            if p.preparing || p.cells_done == cell || p.layer_done != 0 {
                continue;
            }
            cell = p.cells_done;
            let c = cell as usize;
            let alt: f64 = p.work_done as f64
                + (c..p.cells as usize)
                    .map(|d| p.layer_states as f64 * live[d] / live[c])
                    .sum::<f64>();
            seen.push((cell, p.work_estimate, alt));
        }
        let total = frontier::parts::work_of(&m.result().ok_or("no result")?) as f64;
        let line: Vec<String> = seen
            .iter()
            .filter(|(c, _, _)| c % 6 == 0)
            .map(|(c, e, a)| format!("{c}:{:.2}/{:.2}", *e as f64 / total, a / total))
            .collect();
        println!(
            "{}x{} {:?}: estimate/actual by cell (now / live-scaled) {}",
            s.width,
            s.height,
            s.start,
            line.join(" ")
        );
    }
    Ok(())
}

fn main() {
    let result = options().and_then(|o| match o.what.as_str() {
        "measure" => measure(&o),
        "growth" => growth(&o),
        "oracle" => oracle(&o),
        "parts-cost" => parts_cost(),
        "estimate" => estimate(),
        other => Err(format!("no report called {other}")),
    });
    if let Err(e) = result {
        eprintln!("frontier_report: {e}");
        std::process::exit(2);
    }
}
