//! Counting knight's tours by path structures on a frontier (transfer-matrix dynamic
//! programming, as in McKay's 1997 count of closed 8×8 tours and Knuth's "simpath").
//!
//! The board is covered cell by cell, row by row along its narrow side. Instead of each
//! partial tour, a layer keeps only what the rest of the board can still see: for every
//! cell of the frontier (the `2w + 1` cells a knight can reach back to), whether it has no
//! edge, two edges, or one edge and where the other end of its path piece is (another
//! frontier cell, or a tour end that has left) — with the number of partial covers
//! sharing that structure. Placing a cell chooses which of its edges to earlier cells the
//! tour uses ([`expand`]); cells whose last neighbour has been placed leave the frontier,
//! with two edges, or with one as an end of an open tour.
//!
//! Most structures cannot be finished (near the far edge the cells left cannot give the
//! frontier the edges it needs), so a relaxed count ([`oracle`]) that forgets how pieces
//! pair up is run first, forward and backward, and the exact count keeps only structures
//! whose needs vector the relaxed count can finish: on 6x6 open this cuts the peak layer
//! from 5.6 million structures to 0.63 million.
//!
//! The board is its own mirror image, so after a row's last cell a structure and its
//! image finish in as many ways: the sweep keeps only one of each pair (the one with the
//! smaller needs vector, then the smaller code; the oracle relaxes by the same rule), and
//! the layers after it are about 0.6 to 0.7 as big (7x8 closed: peak 4.85 million
//! structures against 7.16 million).
//!
//! Counts follow [`super::count`]: `directed` tours have a direction (a tour and its
//! reverse are two; open tours from a start, only those beginning there; closed tours,
//! 2 × cycles); `undirected` counts paths once, and closed tours as cycles.
//!
//! Ways to run a count (each builds the oracle first):
//! - [`FrontierCounter`], a [`StepMachine`]: one step expands a bounded chunk of one
//!   layer (single-threaded, fine on wasm), with [`FrontierProgress`] after each step;
//! - [`count`] / [`count_watched`] / [`run_watched`] (and [`count_open`],
//!   [`count_open_from`], [`count_closed`]): the same, to the end, on `threads` native
//!   threads, in 16-byte entries with one shared table per layer ([`compact`], [`keys`],
//!   [`shared_table`]) where the states fit 64-bit keys (every board up to 7 wide, closed
//!   tours up to 8 wide), else in [`run`]'s 32-byte slots; a [`Sweep::part`] with a
//!   [`PartOf`] counts one of K independent parts (tours by their needs vector at a cut);
//! - [`expand_part`] and [`merge_parts`]: the two halves of one layer step, for workers
//!   that exchange states themselves (each worker builds the same [`Sweep`], expands its
//!   share of the layer into shards, and each shard's parts are merged by one worker).
//! - [`meet::count_closed_meet`]: closed tours by meeting in the middle ([`halves`]); an
//!   independent check on small boards, too slow beyond 6x6 in its present classes.

pub mod compact;
mod expand;
pub mod halves;
mod keyed;
pub mod keys;
pub mod meet;
pub mod oracle;
mod part_counter;
pub mod parts;
mod plan;
pub mod shared_table;
pub mod table;

use serde::{Deserialize, Serialize};

use super::count::{symmetries, CountSpec};
use crate::board::Board;
use crate::{Stats, Status, StepMachine};
use keyed::KeyedLayers;
pub use oracle::PartOf;
use oracle::{KeySet, Oracle, OracleBuilder};
pub use parts::FrontierParts;
pub use plan::{Plan, MAX_NARROW};
use table::{shard_of, Narrow, Slot, State, StateTable, Wide, NARROW_CELLS, OVERFLOW};

/// One layer's states with their counts (no state twice).
pub type Layer = Vec<(State, u128)>;

/// The answer, in the conventions of [`super::count::CountResult`], with room for the
/// counts of long boards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FrontierResult {
    /// Move sequences (a tour and its reverse are two); with a start, those beginning there.
    pub directed: u128,
    /// Paths once (closed tours: cycles); `None` for open tours from one start.
    pub undirected: Option<u128>,
    /// The most states one layer held.
    pub peak_states: u64,
    /// Distinct states of each layer (`cells + 1` entries, the first being the empty board).
    pub layer_sizes: Vec<u64>,
}

/// Where a [`FrontierCounter`] stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FrontierProgress {
    /// Still building the oracle (`oracle_steps_done` of `oracle_steps` relaxed layers).
    pub preparing: bool,
    pub oracle_steps_done: u32,
    pub oracle_steps: u32,
    /// Cells placed (whole layers done) out of `cells`.
    pub cells_done: u32,
    pub cells: u32,
    /// States of the layer being expanded, and how many of them are done.
    pub layer_states: u64,
    pub layer_done: u64,
    /// Distinct states of the next layer so far.
    pub next_states: u64,
    /// The most states one layer held so far.
    pub peak_states: u64,
    /// States expanded so far, over all layers: the work measure.
    pub work_done: u64,
    /// A rough total of that work: later layers are guessed from the last row's sizes.
    pub work_estimate: u64,
}

impl FrontierProgress {
    /// Fraction of the estimated work done, 0 to 1.
    pub fn fraction(&self) -> f64 {
        if self.work_estimate == 0 {
            return 1.0;
        }
        (self.work_done as f64 / self.work_estimate as f64).min(1.0)
    }
}

/// The plan of a count (`spec.start` is used for open tours only).
pub fn plan(spec: CountSpec) -> Result<Plan, String> {
    let start = if spec.closed { None } else { spec.start };
    if spec.closed {
        if let Some(s) = spec.start {
            if s as u64 >= spec.width as u64 * spec.height as u64 {
                return Err(format!(
                    "start square {s} is off the {}x{} board",
                    spec.width, spec.height
                ));
            }
        }
    }
    Plan::new(spec.width, spec.height, start, spec.closed)
}

/// A count ready to run: the cell plan and the oracle of live needs vectors.
#[derive(Clone, Debug)]
pub struct Sweep {
    pub spec: CountSpec,
    pub plan: Plan,
    /// Empty when built without one (every structure is then kept until it dies).
    pub oracle: Oracle,
    /// Only this part of the count (its oracle keeps the part's class at the cut).
    pub part: Option<PartOf>,
}

impl Sweep {
    /// Plans the count and builds its oracle.
    pub fn new(spec: CountSpec) -> Result<Sweep, String> {
        let plan = plan(spec)?;
        let oracle = OracleBuilder::build(&plan);
        Ok(Sweep {
            spec,
            plan,
            oracle,
            part: None,
        })
    }

    /// The plain frontier count, without the oracle's pruning (slower; for comparison).
    pub fn without_oracle(spec: CountSpec) -> Result<Sweep, String> {
        Ok(Sweep {
            spec,
            plan: plan(spec)?,
            oracle: Oracle::default(),
            part: None,
        })
    }

    /// Part `part` of the count, its oracle still to build (by [`compact::run`]).
    pub fn part(spec: CountSpec, part: PartOf) -> Result<Sweep, String> {
        if part.of == 0 || part.index >= part.of {
            return Err(format!("no part {} of {}", part.index + 1, part.of));
        }
        Ok(Sweep {
            part: Some(part),
            ..Sweep::without_oracle(spec)?
        })
    }

    /// Live needs vectors after `cell`, if there is an oracle.
    fn live(&self, cell: u32) -> Option<&KeySet> {
        self.oracle.live.get(cell as usize + 1)
    }
}

/// Tours the sweep counts (paths, paths from the start, or cycles) → the result.
fn result(
    spec: CountSpec,
    plan: &Plan,
    tours: u128,
    layer_sizes: Vec<u64>,
) -> Result<FrontierResult, String> {
    let squares = plan.cells_total() as u128;
    let twice = |n: u128| n.checked_mul(2).ok_or_else(|| OVERFLOW.to_string());
    let (directed, undirected) = match (spec.closed, spec.start) {
        // A cycle with a direction passes every square: a start changes nothing.
        (true, _) => (twice(tours)?, Some(tours)),
        (false, Some(_)) => (tours, None),
        // The one-square "tour" is its own reverse.
        (false, None) if squares == 1 => (tours, Some(tours)),
        (false, None) => (twice(tours)?, Some(tours)),
    };
    Ok(FrontierResult {
        directed,
        undirected,
        peak_states: layer_sizes.iter().copied().max().unwrap_or(0),
        layer_sizes,
    })
}

/// The tours of a one-square board: one open (from its square), no closed.
fn lone_square(spec: CountSpec) -> u128 {
    (!spec.closed) as u128
}

/// Expands `states` (part of the layer before `cell`) into `shards` tables of the next
/// layer, split by [`table::shard_of`]; also returns how many tours were completed here.
fn expand_into<S: Slot>(
    plan: &Plan,
    live: Option<&KeySet>,
    cell: u32,
    states: &[S],
    tables: &mut [StateTable<S>],
) -> Result<u128, String> {
    let c = &plan.cells[cell as usize];
    let shards = tables.len();
    // Next states wait in small batches per shard, added together (see `add_batch`).
    const BATCH: usize = 64;
    let mut pending: Vec<Vec<(State, u128)>> = vec![Vec::with_capacity(BATCH + 11); shards];
    let mut done: u128 = 0;
    for slot in states {
        let (state, count) = (slot.state(), slot.count());
        let finished = expand::expand(plan, c, state, live, |next| {
            let s = if shards == 1 {
                0
            } else {
                shard_of(next, shards)
            };
            pending[s].push((next, count));
        });
        for (s, batch) in pending.iter_mut().enumerate() {
            if batch.len() >= BATCH {
                tables[s].add_batch(batch);
                batch.clear();
            }
        }
        if finished > 0 {
            done = count
                .checked_mul(finished as u128)
                .and_then(|n| done.checked_add(n))
                .ok_or_else(|| OVERFLOW.to_string())?;
        }
    }
    for (s, batch) in pending.iter().enumerate() {
        tables[s].add_batch(batch);
    }
    Ok(done)
}

/// Expands part of the layer before `cell` (a worker's share), returning the next
/// layer's states in `shards` parts (part `s` holds the states of shard `s`, by
/// [`table::shard_of`]) and the tours completed by this part. Combine the parts of each
/// shard from every worker with [`merge_parts`]; the merged shards together are the next
/// layer.
pub fn expand_part(
    sweep: &Sweep,
    cell: u32,
    states: &[(State, u128)],
    shards: usize,
) -> Result<(Vec<Layer>, u128), String> {
    let plan = &sweep.plan;
    if cell >= plan.cells_total() || shards == 0 {
        return Err(format!("no cell {cell} or no shards"));
    }
    let mut tables: Vec<StateTable> = (0..shards)
        .map(|_| StateTable::with_capacity(states.len() / shards))
        .collect();
    let done = expand_into(plan, sweep.live(cell), cell, states, &mut tables)?;
    let parts = tables
        .into_iter()
        .map(StateTable::into_entries)
        .collect::<Result<Vec<_>, _>>()?;
    Ok((parts, done))
}

/// Sums parts of one shard (equal states add up).
pub fn merge_parts(parts: Vec<Layer>) -> Result<Layer, String> {
    let total: usize = parts.iter().map(Vec::len).sum();
    let mut table = StateTable::with_capacity(total);
    for part in parts {
        for (state, count) in part {
            table.add(state, count);
        }
    }
    table.into_entries()
}

/// Counts with `threads` native threads (1 runs on the caller's thread).
pub fn count(spec: CountSpec, threads: usize) -> Result<FrontierResult, String> {
    count_watched(spec, threads, &mut |_| true)
}

/// Counts with `threads` native threads, showing `watch` the progress now and then (it
/// stops the count by returning false: the error is [`compact::CANCELLED`]). Runs in
/// 16-byte entries ([`compact`]) where the board's states fit 64-bit keys and the counts
/// fit 64 bits, and in the wide layers of [`run`] otherwise.
pub fn count_watched(
    spec: CountSpec,
    threads: usize,
    watch: &mut dyn FnMut(&FrontierProgress) -> bool,
) -> Result<FrontierResult, String> {
    run_watched(Sweep::without_oracle(spec)?, threads, watch)
}

/// Runs a sweep (a whole count or a part, its oracle built here if it has none) as
/// [`count_watched`] does.
pub fn run_watched(
    mut sweep: Sweep,
    threads: usize,
    watch: &mut dyn FnMut(&FrontierProgress) -> bool,
) -> Result<FrontierResult, String> {
    if compact::fits(&sweep) {
        match compact::run(&mut sweep, threads, watch) {
            Err(e) if e == shared_table::OVERFLOW64 => {}
            other => return other,
        }
    }
    if sweep.oracle.live.is_empty() {
        sweep.oracle = OracleBuilder::for_part(&sweep.plan, sweep.part).build_all(&sweep.plan);
    }
    run(&sweep, threads)
}

/// Tours of the kind the sweep counts (cycles, paths, paths from the start) → directed
/// and undirected counts in [`FrontierResult`]'s conventions (for adding up parts).
pub fn totals(spec: CountSpec, tours: u128) -> Result<(u128, Option<u128>), String> {
    let plan = plan(spec)?;
    result(spec, &plan, tours, Vec::new()).map(|r| (r.directed, r.undirected))
}

/// The tours a result stands for (the inverse of [`totals`]).
pub fn tours_of(spec: CountSpec, r: &FrontierResult) -> u128 {
    match (spec.closed, r.undirected) {
        (_, Some(u)) => u,
        (_, None) => r.directed,
    }
}

/// Runs a prepared count on `threads` native threads, in 16-byte slots where the board's
/// states fit them (half the memory: 7x7 needs about 5 GB instead of 10).
pub fn run(sweep: &Sweep, threads: usize) -> Result<FrontierResult, String> {
    if sweep.plan.k <= NARROW_CELLS {
        run_in::<Narrow>(sweep, threads)
    } else {
        run_in::<Wide>(sweep, threads)
    }
}

/// [`run`] with layers of `S` slots.
fn run_in<S: Slot>(sweep: &Sweep, threads: usize) -> Result<FrontierResult, String> {
    let (spec, plan) = (sweep.spec, &sweep.plan);
    let cells = plan.cells_total();
    if cells == 1 {
        return result(spec, plan, lone_square(spec), vec![1, 1]);
    }
    let threads = threads.clamp(1, 64);
    let first = S::make(plan.initial_state(), 1).ok_or_else(|| OVERFLOW.to_string())?;
    let mut layer: Vec<Vec<S>> = vec![vec![first]];
    let mut sizes = vec![1u64];
    let mut tours: u128 = 0;
    for cell in 0..cells {
        let (next, done) = if threads == 1 {
            let total: usize = layer.iter().map(Vec::len).sum();
            let mut tables = [StateTable::with_capacity(total * 2)];
            let mut done = 0u128;
            for part in layer.drain(..) {
                let d = expand_into(plan, sweep.live(cell), cell, &part, &mut tables)?;
                done = done.checked_add(d).ok_or_else(|| OVERFLOW.to_string())?;
            }
            let [table] = tables;
            (vec![table.into_entries()?], done)
        } else {
            layer_parallel(sweep, cell, layer, threads)?
        };
        tours = tours
            .checked_add(done)
            .ok_or_else(|| OVERFLOW.to_string())?;
        layer = next;
        sizes.push(layer.iter().map(|p| p.len() as u64).sum());
        if layer.iter().all(Vec::is_empty) && cell + 1 < cells {
            // Nothing left to extend: later layers are empty too.
            sizes.resize(cells as usize + 1, 0);
            break;
        }
    }
    result(spec, plan, tours, sizes)
}

/// One layer on `threads` threads: each expands an even share of the states into one
/// table per shard, then each merges one shard's tables.
fn layer_parallel<S: Slot>(
    sweep: &Sweep,
    cell: u32,
    layer: Vec<Vec<S>>,
    threads: usize,
) -> Result<(Vec<Vec<S>>, u128), String> {
    let (plan, live) = (&sweep.plan, sweep.live(cell));
    let total: usize = layer.iter().map(Vec::len).sum();
    // Small layers are not worth the threads.
    if total < 4096 {
        let mut tables = [StateTable::with_capacity(total * 2)];
        let mut done = 0u128;
        for part in &layer {
            let d = expand_into(plan, live, cell, part, &mut tables)?;
            done = done.checked_add(d).ok_or_else(|| OVERFLOW.to_string())?;
        }
        let [table] = tables;
        return Ok((vec![table.into_entries()?], done));
    }
    // Each thread's share: a list of slices of the layer's parts.
    let share = total.div_ceil(threads);
    let mut shares: Vec<Vec<&[S]>> = vec![Vec::new(); threads];
    let (mut t, mut room) = (0, share);
    for part in &layer {
        let mut rest: &[S] = part;
        while !rest.is_empty() {
            let take = rest.len().min(room);
            shares[t].push(&rest[..take]);
            rest = &rest[take..];
            room -= take;
            if room == 0 && t + 1 < threads {
                t += 1;
                room = share;
            }
        }
    }
    // Each thread's tables (one per shard) and the tours it completed.
    type Mapped<S> = Result<(Vec<StateTable<S>>, u128), String>;
    let mapped: Vec<Mapped<S>> = std::thread::scope(|scope| {
        let handles: Vec<_> = shares
            .iter()
            .map(|slices| {
                scope.spawn(move || {
                    let mine: usize = slices.iter().map(|s| s.len()).sum();
                    let mut tables: Vec<StateTable<S>> = (0..threads)
                        .map(|_| StateTable::with_capacity(mine * 2 / threads))
                        .collect();
                    let mut done = 0u128;
                    for slice in slices {
                        let d = expand_into(plan, live, cell, slice, &mut tables)?;
                        done = done.checked_add(d).ok_or_else(|| OVERFLOW.to_string())?;
                    }
                    Ok((tables, done))
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a counting thread panicked"))
            .collect()
    });
    drop(shares);
    drop(layer);
    let mut done = 0u128;
    // by_shard[s][t]: thread t's table of shard s.
    let mut by_shard: Vec<Vec<StateTable<S>>> = (0..threads).map(|_| Vec::new()).collect();
    for m in mapped {
        let (tables, d) = m?;
        done = done.checked_add(d).ok_or_else(|| OVERFLOW.to_string())?;
        for (s, table) in tables.into_iter().enumerate() {
            by_shard[s].push(table);
        }
    }
    let merged: Vec<Result<Vec<S>, String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = by_shard
            .into_iter()
            .map(|mut tables| {
                scope.spawn(move || {
                    // Add the smaller tables into the biggest.
                    tables.sort_by_key(StateTable::len);
                    let mut base = tables.pop().unwrap_or_default();
                    for t in tables {
                        base.absorb(t);
                    }
                    base.into_entries()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a merging thread panicked"))
            .collect()
    });
    let next = merged.into_iter().collect::<Result<Vec<_>, _>>()?;
    Ok((next, done))
}

/// Directed open tours over all starts (twice the number of paths).
pub fn count_open(width: u32, height: u32, threads: usize) -> Result<u128, String> {
    let spec = CountSpec {
        width,
        height,
        start: None,
        closed: false,
    };
    count(spec, threads).map(|r| r.directed)
}

/// Directed open tours beginning on `start` (`y * width + x`).
pub fn count_open_from(
    width: u32,
    height: u32,
    start: u32,
    threads: usize,
) -> Result<u128, String> {
    let spec = CountSpec {
        width,
        height,
        start: Some(start),
        closed: false,
    };
    count(spec, threads).map(|r| r.directed)
}

/// Closed tours as cycles.
pub fn count_closed(width: u32, height: u32, threads: usize) -> Result<u128, String> {
    let spec = CountSpec {
        width,
        height,
        start: None,
        closed: true,
    };
    count(spec, threads).and_then(|r| r.undirected.ok_or_else(|| "no cycles".to_string()))
}

/// Directed open tours from every square (by square index), one count per symmetry
/// class of starts.
pub fn count_open_per_start(width: u32, height: u32, threads: usize) -> Result<Vec<u128>, String> {
    let board = Board::new(width, height).map_err(|e| e.to_string())?;
    plan(CountSpec {
        width,
        height,
        start: None,
        closed: false,
    })?;
    let syms = symmetries(board);
    let mut per_start: Vec<Option<u128>> = vec![None; board.squares() as usize];
    for s in 0..board.squares() {
        if per_start[s as usize].is_some() {
            continue;
        }
        let n = count_open_from(width, height, s, threads)?;
        for g in &syms {
            per_start[g[s as usize] as usize] = Some(n);
        }
    }
    Ok(per_start.into_iter().map(|n| n.unwrap_or(0)).collect())
}

/// States expanded per step by default: small enough for a frame, big enough to pay
/// for the call.
pub const DEFAULT_CHUNK: usize = 1 << 14;

/// A count as a step machine. It first builds the oracle (one relaxed layer per step:
/// `2 × cells` steps, forward then backward), then expands up to `chunk` states of the
/// current layer per step (so a step's time is bounded whatever the layer size). Runs on
/// one thread; to cancel, stop stepping. `Status::Exhausted` when the count is complete
/// (read it with [`FrontierCounter::result`]), `Status::Failed` if it overflowed.
pub struct FrontierCounter {
    sweep: Sweep,
    /// While the oracle is being built.
    builder: Option<OracleBuilder>,
    oracle_steps: u32,
    chunk: usize,
    /// Layers done: the next cell to place.
    cell: u32,
    /// The layer being expanded and the next one being built.
    layers: Store,
    pos: usize,
    tours: u128,
    sizes: Vec<u64>,
    work: u64,
    error: Option<String>,
    stats: Stats,
    status: Status,
}

impl FrontierCounter {
    pub fn new(spec: CountSpec) -> Result<FrontierCounter, String> {
        let sweep = Sweep::without_oracle(spec)?;
        let lone = sweep.plan.cells_total() == 1;
        Ok(FrontierCounter {
            builder: (!lone).then(|| OracleBuilder::new(&sweep.plan)),
            oracle_steps: 0,
            chunk: DEFAULT_CHUNK,
            cell: if lone { 1 } else { 0 },
            layers: new_store(&sweep.plan),
            pos: 0,
            tours: if lone { lone_square(spec) } else { 0 },
            sizes: vec![1],
            work: 0,
            error: None,
            stats: Stats::default(),
            status: if lone {
                Status::Exhausted
            } else {
                Status::Running
            },
            sweep,
        })
    }

    /// States expanded per step (at least 1).
    pub fn with_chunk(mut self, chunk: usize) -> FrontierCounter {
        self.chunk = chunk.max(1);
        self
    }

    /// Keeps states as 64-bit keys in the compact sweep's table, as 8x8 closed does, even
    /// where narrow slots would do (for comparing the two on small boards).
    pub fn with_keyed_slots(mut self) -> FrontierCounter {
        if self.cell == 0 && self.work == 0 {
            if let Some(keyed) = KeyedLayers::start(&self.sweep.plan) {
                self.layers = Box::new(keyed);
            }
        }
        self
    }

    /// Keeps states in 32-byte slots even where 16 would do (boards 8 wide and more
    /// always do; this is for comparing the two on small boards).
    pub fn with_wide_slots(mut self) -> FrontierCounter {
        if self.cell == 0 && self.work == 0 {
            self.layers = Box::new(
                Layers::<Wide>::start(self.sweep.plan.initial_state())
                    .expect("a wide slot holds any state"),
            );
        }
        self
    }

    pub fn plan(&self) -> &Plan {
        &self.sweep.plan
    }

    /// The count, once the status is `Exhausted`.
    pub fn result(&self) -> Option<FrontierResult> {
        if self.status != Status::Exhausted {
            return None;
        }
        let mut sizes = self.sizes.clone();
        if self.plan().cells_total() == 1 {
            sizes.push(1);
        }
        result(self.sweep.spec, self.plan(), self.tours, sizes).ok()
    }

    /// Why the count failed (`Status::Failed`).
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// Distinct states of each finished layer so far (the first is the empty board).
    pub fn layer_sizes(&self) -> &[u64] {
        &self.sizes
    }

    pub fn progress(&self) -> FrontierProgress {
        let cells = self.plan().cells_total();
        let finished = self.status.is_finished();
        let layer = if finished {
            0
        } else {
            self.layers.input_len() as u64
        };
        let done_here = if finished { 0 } else { self.pos as u64 };
        let mut progress = FrontierProgress {
            preparing: self.builder.is_some(),
            oracle_steps_done: self.oracle_steps,
            oracle_steps: if cells > 1 { 2 * cells } else { 0 },
            cells_done: self.cell.min(cells),
            cells,
            layer_states: layer,
            layer_done: done_here,
            next_states: self.layers.output_len() as u64,
            peak_states: self.sizes.iter().copied().max().unwrap_or(0),
            work_done: self.work,
            work_estimate: self.work,
        };
        if !finished && !progress.preparing {
            // The same guess as the command line's (see `compact::estimate_work`).
            let live = self.sweep.oracle.live_counts();
            let w = self.plan().w as usize;
            progress.work_estimate =
                compact::estimate_work(&self.sizes, &live, self.cell as usize, w, &progress);
        }
        progress
    }

    fn fail(&mut self, why: String) {
        self.error = Some(why);
        self.status = Status::Failed;
        self.layers.clear();
    }

    /// Expands the next chunk of the current layer.
    fn count_step(&mut self) {
        let end = (self.pos + self.chunk).min(self.layers.input_len());
        let (plan, live) = (&self.sweep.plan, self.sweep.live(self.cell));
        let done = self.layers.expand(Chunk {
            plan,
            live,
            cell: self.cell,
            from: self.pos,
            to: end,
        });
        let expanded = (end - self.pos) as u64;
        self.stats.nodes += expanded;
        self.work += expanded;
        self.pos = end;
        match done.and_then(|d| {
            self.tours
                .checked_add(d)
                .ok_or_else(|| OVERFLOW.to_string())
        }) {
            Ok(t) => self.tours = t,
            Err(e) => return self.fail(e),
        }
        if self.pos < self.layers.input_len() {
            return;
        }
        // The layer is done: the next one becomes the input.
        if let Err(e) = self.layers.next_layer() {
            return self.fail(e);
        }
        self.pos = 0;
        self.cell += 1;
        let size = self.layers.input_len();
        self.sizes.push(size as u64);
        let cells = self.plan().cells_total();
        if self.cell == cells || size == 0 {
            self.sizes.resize(cells as usize + 1, 0);
            self.cell = cells;
            self.layers.clear();
            self.status = Status::Exhausted;
        }
    }

    /// Bytes each path structure takes in this count's layers: 16 (narrow slots, or
    /// 64-bit keys on 8x8 closed), 32 where states need wide slots (8-wide open boards).
    pub fn bytes_per_state(&self) -> usize {
        self.layers.bytes_per_state()
    }
}

/// States `from..to` of the layer, to expand before `cell` under `plan` (with the
/// oracle's `live` keys, when it has some for that cell): one step's work.
struct Chunk<'a> {
    plan: &'a Plan,
    live: Option<&'a KeySet>,
    cell: u32,
    from: usize,
    to: usize,
}

/// A layer being expanded into the next, however its states are held (narrow or wide
/// slots, or 64-bit keys): the one interface the step machine counts through.
trait LayerStore: Send {
    fn input_len(&self) -> usize;
    fn output_len(&self) -> usize;
    fn bytes_per_state(&self) -> usize;
    /// Expands a chunk of the layer; the tours completed.
    fn expand(&mut self, chunk: Chunk) -> Result<u128, String>;
    /// The next layer becomes the one to expand.
    fn next_layer(&mut self) -> Result<(), String>;
    /// Frees both layers (the count is over).
    fn clear(&mut self);
}

/// A layer being expanded into the next, in slots.
struct Layers<S: Slot> {
    input: Vec<S>,
    output: StateTable<S>,
}

impl<S: Slot> Layers<S> {
    fn start(initial: State) -> Option<Layers<S>> {
        Some(Layers {
            input: vec![S::make(initial, 1)?],
            output: StateTable::with_capacity(0),
        })
    }
}

impl<S: Slot + Send> LayerStore for Layers<S> {
    fn input_len(&self) -> usize {
        self.input.len()
    }

    fn output_len(&self) -> usize {
        self.output.len()
    }

    fn bytes_per_state(&self) -> usize {
        std::mem::size_of::<S>()
    }

    fn expand(&mut self, chunk: Chunk) -> Result<u128, String> {
        if chunk.from == 0 && self.output.is_empty() {
            // About as many states as this layer: the table grows if there are more,
            // and memory is what limits a browser worker.
            self.output = StateTable::with_capacity(self.input.len());
        }
        expand_into(
            chunk.plan,
            chunk.live,
            chunk.cell,
            &self.input[chunk.from..chunk.to],
            std::slice::from_mut(&mut self.output),
        )
    }

    fn next_layer(&mut self) -> Result<(), String> {
        self.input = Vec::new();
        self.input = std::mem::take(&mut self.output).into_entries()?;
        Ok(())
    }

    fn clear(&mut self) {
        self.input = Vec::new();
        self.output = StateTable::with_capacity(0);
    }
}

/// The layers in the smallest slots that hold the board's states.
type Store = Box<dyn LayerStore>;

fn new_store(plan: &Plan) -> Store {
    let initial = plan.initial_state();
    match Layers::<Narrow>::start(initial) {
        Some(narrow) if plan.k <= NARROW_CELLS => Box::new(narrow),
        _ => match KeyedLayers::start(plan) {
            // Wider states packed into 64-bit keys (8x8 closed).
            Some(keyed) => Box::new(keyed),
            None => Box::new(Layers::<Wide>::start(initial).expect("a wide slot holds any state")),
        },
    }
}

impl StepMachine for FrontierCounter {
    type Event = FrontierProgress;

    fn step(&mut self) -> Option<FrontierProgress> {
        if self.status.is_finished() {
            return None;
        }
        self.stats.steps += 1;
        if let Some(builder) = &mut self.builder {
            self.oracle_steps += 1;
            if let Some(oracle) = builder.step(&self.sweep.plan) {
                self.sweep.oracle = oracle;
                self.builder = None;
            }
        } else {
            self.count_step();
        }
        Some(self.progress())
    }

    fn status(&self) -> Status {
        self.status
    }

    fn stats(&self) -> &Stats {
        &self.stats
    }
}
