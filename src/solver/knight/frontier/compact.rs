//! The native sweep in 16-byte entries: each layer is a flat list of 64-bit keys
//! ([`super::keys`]) and 64-bit counts, and the next layer is one [`SharedTable`] that
//! every thread adds to (no per-thread copies of the same states to merge afterwards).
//! Peak memory is about the input layer (16 bytes a state) plus the next layer's table
//! (16 bytes a slot, filled to at most 80 %): some 36 bytes per state where the sweep in
//! [`super::run`] needs about 100, which is what brings the 8x8 closed count into a
//! machine of 24 GiB.
//!
//! The layer is expanded in rounds of chunks; between rounds the caller's `watch` sees
//! the progress and may stop the count, and the table grows if the layer turned out bigger
//! than guessed.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};

use super::expand::expand;
use super::keys::Codec;
use super::shared_table::SharedTable;
use super::table::{State, OVERFLOW};
use super::{lone_square, result, FrontierProgress, FrontierResult, Sweep};
use crate::solver::knight::frontier::oracle::OracleBuilder;

/// What a count stopped by its `watch` returns.
pub const CANCELLED: &str = "cancelled";

/// States a thread takes from the layer at a time.
const CHUNK: usize = 2048;
/// The most next states one state makes (no edge, one of four, two of four... at most 11).
const MOST_NEXT: usize = 11;
/// Fill the table to at most this, and size new tables for this.
const MAX_LOAD: f64 = 0.8;
const TARGET_LOAD: f64 = 0.66;

/// Whether [`run`] can count this sweep (its states fit 64-bit keys).
pub fn fits(sweep: &Sweep) -> bool {
    Codec::for_plan(&sweep.plan).is_some()
}

/// Builds the oracle (if the sweep has none) and counts, on `threads` threads, calling
/// `watch` with the progress every so often; `watch` returning false stops the count with
/// the error [`CANCELLED`].
pub fn run(
    sweep: &mut Sweep,
    threads: usize,
    watch: &mut dyn FnMut(&FrontierProgress) -> bool,
) -> Result<FrontierResult, String> {
    let codec = Codec::for_plan(&sweep.plan)
        .ok_or("this board's path structures do not fit 64-bit keys")?;
    let cells = sweep.plan.cells_total();
    if cells == 1 {
        return result(sweep.spec, &sweep.plan, lone_square(sweep.spec), vec![1, 1]);
    }
    let mut progress = FrontierProgress {
        cells,
        oracle_steps: 2 * cells,
        ..FrontierProgress::default()
    };
    if sweep.oracle.live.is_empty() {
        progress.preparing = true;
        let mut builder = OracleBuilder::for_part(&sweep.plan, sweep.part);
        loop {
            progress.oracle_steps_done += 1;
            if let Some(oracle) = builder.step(&sweep.plan) {
                sweep.oracle = oracle;
                break;
            }
            if !watch(&progress) {
                return Err(CANCELLED.to_string());
            }
        }
        progress.preparing = false;
    }
    let threads = threads.clamp(1, 64);
    let first = codec
        .encode(sweep.plan.initial_state())
        .ok_or("the empty board does not fit a key")?;
    let mut layer: Vec<u64> = vec![first, 1];
    let mut sizes = vec![1u64];
    let mut tours: u128 = 0;
    for cell in 0..cells {
        let n = layer.len() / 2;
        let guess = guess_next(&sizes, cell as usize, sweep.plan.w as usize, n);
        let mut table = SharedTable::with_slots((guess as f64 / TARGET_LOAD) as usize + 1024);
        let mut pos = 0;
        progress.cells_done = cell;
        progress.layer_states = n as u64;
        while pos < n {
            // Room for every state this round could add before the threads look again.
            let margin = threads * CHUNK * MOST_NEXT;
            let limit = ((table.slots() as f64 * MAX_LOAD) as usize).saturating_sub(margin);
            if table.len() >= limit {
                // Bigger than guessed: size for what the done part says.
                let projected = table.len() as f64 * n as f64 / pos.max(1) as f64 * 1.1;
                let slots = (projected / TARGET_LOAD) as usize + 2 * margin;
                let slots = slots.max(table.slots() * 5 / 4);
                table = table.resized(slots);
                continue;
            }
            let end = n.min(pos + round_len(n, threads));
            let (done, reached) = round(sweep, codec, cell, &layer, pos, end, &table, limit, threads)?;
            tours = tours
                .checked_add(done)
                .ok_or_else(|| OVERFLOW.to_string())?;
            progress.work_done += (reached - pos) as u64;
            pos = reached;
            progress.layer_done = pos as u64;
            progress.next_states = table.len() as u64;
            progress.work_estimate = estimate_work(&sizes, cell as usize, sweep.plan.w as usize, &progress);
            if !watch(&progress) {
                return Err(CANCELLED.to_string());
            }
        }
        drop(std::mem::take(&mut layer));
        layer = table.into_entries()?;
        sizes.push(layer.len() as u64 / 2);
        progress.peak_states = progress.peak_states.max(layer.len() as u64 / 2);
        if layer.is_empty() && cell + 1 < cells {
            sizes.resize(cells as usize + 1, 0);
            break;
        }
    }
    progress.cells_done = cells;
    progress.layer_states = 0;
    progress.layer_done = 0;
    progress.next_states = 0;
    progress.work_estimate = progress.work_done;
    watch(&progress);
    result(sweep.spec, &sweep.plan, tours, sizes)
}

/// States per round: a round is what runs between two looks by `watch`.
fn round_len(n: usize, threads: usize) -> usize {
    (n / 64).clamp(threads * CHUNK * 4, 1 << 22)
}

/// The next layer's size, guessed from the same step one row earlier.
fn guess_next(sizes: &[u64], cell: usize, w: usize, n: usize) -> usize {
    let ratio = match (cell.checked_sub(w), cell + 1 > w) {
        (Some(back), true) if sizes[back] > 0 => sizes[back + 1] as f64 / sizes[back] as f64,
        _ => 3.0,
    };
    (n as f64 * ratio.clamp(0.25, 8.0) * 1.05) as usize + 64
}

/// The sweep's total work (states expanded), guessing the layers to come from the row
/// before: each layer still to come grows as the same step did one row earlier.
pub fn estimate_work(sizes: &[u64], cell: usize, w: usize, p: &FrontierProgress) -> u64 {
    let cells = p.cells as usize;
    let mut total = p.work_done + (p.layer_states - p.layer_done);
    // The layer being built, projected from the part of this one done.
    let mut size = if p.layer_done > 0 {
        (p.next_states as f64 * p.layer_states as f64 / p.layer_done as f64) as f64
    } else {
        p.layer_states as f64
    };
    for c in cell + 1..cells {
        total += size as u64;
        // Layer c + 1 from layer c, as layer c + 1 - w came from c - w.
        let ratio = match c.checked_sub(w) {
            Some(back) if back + 1 < sizes.len() && sizes[back] > 0 => {
                sizes[back + 1] as f64 / sizes[back] as f64
            }
            _ => 1.0,
        };
        size *= ratio;
    }
    total.max(p.work_done)
}

/// Expands states `from..to` of `layer` (before `cell`) into `table` on `threads` threads,
/// stopping early when the table passes `limit` keys. Returns the tours completed and how
/// far the layer was expanded.
#[allow(clippy::too_many_arguments)]
fn round(
    sweep: &Sweep,
    codec: Codec,
    cell: u32,
    layer: &[u64],
    from: usize,
    to: usize,
    table: &SharedTable,
    limit: usize,
    threads: usize,
) -> Result<(u128, usize), String> {
    let cursor = AtomicUsize::new(from);
    let misfit = AtomicBool::new(false);
    let plan = &sweep.plan;
    let c = &plan.cells[cell as usize];
    let live = sweep.oracle.live.get(cell as usize + 1);
    let work = || -> Result<u128, String> {
        let mut done: u128 = 0;
        let mut pending: Vec<(State, u64)> = Vec::with_capacity(64 + MOST_NEXT);
        let mut keys: Vec<u64> = Vec::with_capacity(64 + MOST_NEXT);
        let flush = |pending: &mut Vec<(State, u64)>, keys: &mut Vec<u64>| -> usize {
            keys.clear();
            let mut touched = 0u64;
            for &(s, _) in pending.iter() {
                let key = codec.encode(s).unwrap_or(0);
                if key == 0 {
                    misfit.store(true, Relaxed);
                }
                touched ^= table.touch(key.max(1));
                keys.push(key);
            }
            std::hint::black_box(touched);
            let mut new = 0;
            for (&key, &(_, count)) in keys.iter().zip(pending.iter()) {
                if key != 0 {
                    new += table.add(key, count) as usize;
                }
            }
            pending.clear();
            new
        };
        while table.len() < limit && !misfit.load(Relaxed) {
            let start = cursor.fetch_add(CHUNK, Relaxed);
            if start >= to {
                break;
            }
            let end = to.min(start + CHUNK);
            let mut new = 0;
            for i in start..end {
                let (key, count) = (layer[2 * i], layer[2 * i + 1]);
                let finished = expand(plan, c, codec.decode(key), live, |next| {
                    pending.push((next, count))
                });
                if finished > 0 {
                    done = (count as u128)
                        .checked_mul(finished as u128)
                        .and_then(|n| done.checked_add(n))
                        .ok_or_else(|| OVERFLOW.to_string())?;
                }
                if pending.len() >= 64 {
                    new += flush(&mut pending, &mut keys);
                }
            }
            new += flush(&mut pending, &mut keys);
            table.note_new(new);
        }
        Ok(done)
    };
    let results: Vec<Result<u128, String>> = if threads == 1 {
        vec![work()]
    } else {
        std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads).map(|_| s.spawn(&work)).collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a counting thread panicked"))
                .collect()
        })
    };
    if misfit.load(Relaxed) {
        return Err("a path structure did not fit its 64-bit key".to_string());
    }
    let mut done = 0u128;
    for r in results {
        done = done
            .checked_add(r?)
            .ok_or_else(|| OVERFLOW.to_string())?;
    }
    Ok((done, cursor.load(Relaxed).min(to)))
}
