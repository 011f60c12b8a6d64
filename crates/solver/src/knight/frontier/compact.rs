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
use crate::knight::frontier::oracle::OracleBuilder;

/// What a count stopped by its `watch` returns.
pub const CANCELLED: &str = "cancelled";

/// States a thread takes from the layer at a time.
const CHUNK: usize = 256;
/// The most next states one state makes (no edge, one of four, two of four... at most 11).
const MOST_NEXT: usize = 11;
/// New and regrown tables are sized for this load (a shard is regrown past 85 %).
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
    let mut layer: Vec<Vec<u64>> = vec![vec![first, 1]];
    let mut sizes = vec![1u64];
    let mut tours: u128 = 0;
    let margin = threads * CHUNK * MOST_NEXT;
    let w = sweep.plan.w as usize;
    // Needs vectors of each layer, for the estimate of the work to come.
    let live = sweep.oracle.live_counts();
    for cell in 0..cells {
        let chunks = Chunks::new(&layer);
        let n = chunks.states;
        let guess = guess_next(&sizes, cell as usize, w, n);
        let mut table = SharedTable::new(guess, TARGET_LOAD, margin);
        let mut pos = 0;
        progress.cells_done = cell;
        progress.layer_states = n as u64;
        progress.layer_done = 0;
        let work_before = progress.work_done;
        while pos < chunks.count() {
            if table.crowded() {
                // Bigger than guessed: regrow the full shards for what is still to come.
                let done = chunks.states_before(pos).max(1) as f64;
                table.regrow(n as f64 / done * 1.05, TARGET_LOAD);
            }
            let end = chunks.count().min(pos + round_len(chunks.count(), threads));
            let (done, reached) = round(
                sweep, codec, cell, &layer, &chunks, pos, end, &table, threads,
            )?;
            tours = tours
                .checked_add(done)
                .ok_or_else(|| OVERFLOW.to_string())?;
            pos = reached;
            // Input shards wholly expanded are not needed any more.
            for (s, entries) in layer.iter_mut().enumerate() {
                if chunks.first[s + 1] <= pos {
                    *entries = Vec::new();
                }
            }
            progress.layer_done = chunks.states_before(pos) as u64;
            progress.work_done = work_before + progress.layer_done;
            progress.next_states = table.len() as u64;
            progress.work_estimate = estimate_work(&sizes, &live, cell as usize, w, &progress);
            if !watch(&progress) {
                return Err(CANCELLED.to_string());
            }
        }
        drop(std::mem::take(&mut layer));
        layer = table.into_entries()?;
        let size = layer.iter().map(|s| s.len() as u64 / 2).sum::<u64>();
        sizes.push(size);
        progress.peak_states = progress.peak_states.max(size);
        if size == 0 && cell + 1 < cells {
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

/// A layer's shards cut into chunks of at most [`CHUNK`] states, numbered shard by shard.
struct Chunks {
    /// `first[s]`: the number of the first chunk of shard `s` (and the total at the end).
    first: Vec<usize>,
    /// States in each shard.
    lens: Vec<usize>,
    states: usize,
}

impl Chunks {
    fn new(layer: &[Vec<u64>]) -> Chunks {
        let lens: Vec<usize> = layer.iter().map(|s| s.len() / 2).collect();
        let mut first = vec![0];
        for &n in &lens {
            first.push(first.last().copied().unwrap_or(0) + n.div_ceil(CHUNK));
        }
        Chunks {
            states: lens.iter().sum(),
            first,
            lens,
        }
    }

    fn count(&self) -> usize {
        self.first.last().copied().unwrap_or(0)
    }

    /// Chunk `j` as (shard, first state, end).
    fn get(&self, j: usize) -> (usize, usize, usize) {
        let s = self.first.partition_point(|&f| f <= j) - 1;
        let from = (j - self.first[s]) * CHUNK;
        (s, from, self.lens[s].min(from + CHUNK))
    }

    /// States in the chunks before chunk `j`.
    fn states_before(&self, j: usize) -> usize {
        if j >= self.count() {
            return self.states;
        }
        let (s, from, _) = self.get(j);
        self.lens[..s].iter().sum::<usize>() + from
    }
}

/// Chunks per round: a round is what runs between two looks by `watch`.
fn round_len(chunks: usize, threads: usize) -> usize {
    (chunks / 64).clamp(threads * 4, (1 << 22) / CHUNK)
}

/// The next layer's size, guessed from the same step one row earlier.
fn guess_next(sizes: &[u64], cell: usize, w: usize, n: usize) -> usize {
    let ratio = match (cell.checked_sub(w), cell + 1 > w) {
        (Some(back), true) if sizes[back] > 0 => sizes[back + 1] as f64 / sizes[back] as f64,
        _ => 3.0,
    };
    (n as f64 * ratio.clamp(0.25, 1.3)) as usize + 64
}

/// The sweep's total work (states expanded), guessing the layers to come.
///
/// The oracle knows every layer's needs vectors (`live`, their numbers by layer) before
/// the sweep starts, so it knows where the layers will peak; what it does not know is how
/// many structures share a needs vector. That multiplicity grows steadily, about the same
/// factor each row (3.8-4.4 a row on 7x8 closed, where the layers' own growth swings from
/// 6x to 0.2x a row), so each layer to come is guessed as its needs vectors times the
/// multiplicity now, grown by last row's factor (at least 2) per row ahead. Measured on
/// 5x10, 6x8 and 7x8 closed, from halfway the guess is within 0.55-1.7x of the true work,
/// where projecting the layers' own growth was 1.4-20x over. Without an oracle, each
/// layer grows as the same step did one row earlier.
pub fn estimate_work(
    sizes: &[u64],
    live: &[u64],
    cell: usize,
    w: usize,
    p: &FrontierProgress,
) -> u64 {
    let cells = p.cells as usize;
    let mut total = p.work_done + (p.layer_states - p.layer_done);
    // The layer being built, projected from the part of this one done.
    let next = if p.layer_done > 0 {
        p.next_states as f64 * p.layer_states as f64 / p.layer_done as f64
    } else {
        p.layer_states as f64
    };
    let multiplicity = |c: usize| sizes[c] as f64 / live[c].max(1) as f64;
    if live.len() == cells + 1 && cell < sizes.len() && cell + 1 < cells {
        let now = multiplicity(cell);
        let growth = match cell.checked_sub(w) {
            Some(back) if sizes[back] > 0 => (now / multiplicity(back)).max(2.0),
            _ => 2.0,
        };
        total += next as u64;
        for (c, &needs) in live.iter().enumerate().take(cells).skip(cell + 2) {
            let rows = (c - cell) as f64 / w as f64;
            total += (needs as f64 * now * growth.powf(rows)) as u64;
        }
        return total.max(p.work_done);
    }
    let mut size = next;
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

/// Expands chunks `from..to` of `layer` (before `cell`) into `table` on `threads`
/// threads, stopping early when the table asks to be regrown. Returns the tours completed
/// and the first chunk not expanded.
#[allow(clippy::too_many_arguments)]
fn round(
    sweep: &Sweep,
    codec: Codec,
    cell: u32,
    layer: &[Vec<u64>],
    chunks: &Chunks,
    from: usize,
    to: usize,
    table: &SharedTable,
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
        let flush = |pending: &mut Vec<(State, u64)>, keys: &mut Vec<u64>| {
            keys.clear();
            for &(s, _) in pending.iter() {
                let key = codec.encode(s).unwrap_or(0);
                if key == 0 {
                    misfit.store(true, Relaxed);
                }
                table.prefetch(key.max(1));
                keys.push(key);
            }
            for (&key, &(_, count)) in keys.iter().zip(pending.iter()) {
                if key != 0 {
                    table.add(key, count);
                }
            }
            pending.clear();
        };
        while !table.crowded() && !misfit.load(Relaxed) {
            let j = cursor.fetch_add(1, Relaxed);
            if j >= to {
                break;
            }
            let (shard, start, end) = chunks.get(j);
            let entries = &layer[shard];
            for i in start..end {
                let (key, count) = (entries[2 * i], entries[2 * i + 1]);
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
                    flush(&mut pending, &mut keys);
                }
            }
            flush(&mut pending, &mut keys);
        }
        Ok(done)
    };
    let results: Vec<Result<u128, String>> = if threads == 1 {
        vec![work()]
    } else {
        std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads).map(|_| s.spawn(work)).collect();
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
        done = done.checked_add(r?).ok_or_else(|| OVERFLOW.to_string())?;
    }
    Ok((done, cursor.load(Relaxed).min(to)))
}
