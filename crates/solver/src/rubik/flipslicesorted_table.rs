//! The optimal solver's large table (Kociemba's optimal-solver table proper): the exact
//! number of face turns that bring edge flip, the four middle-layer edges (where each one
//! is: 12·11·10·9 = 11,880 positions, "slice sorted") and corner twist home together,
//! 2048 × 11,880 × 2187 ≈ 53 billion positions.
//!
//! As in [`super::flipslice_table`], the sixteen symmetries that keep the U–D axis group
//! flip × sorted slice into 1,523,864 classes, and the table has one entry per class ×
//! twist: 3,332,690,568 entries, the distance mod 3 in two bits each (833 MB). Its
//! distances run about one turn above the flip × slice × twist table's (the middle layer's
//! edges must also be in their own places), and each turn of estimate cuts the search
//! about tenfold.
//!
//! The symmetries act on flip × sorted slice through small tables (a 12-bit orientation
//! permuted per symmetry, the sorted slice conjugated), so the 24-million-value class map
//! is worked out in about a second rather than kept on disk. The build is a
//! breadth-first search one class row (all twists of a class) at a time: a row's 18
//! neighbours are 18 rows, so the reads stay in the processor's caches.

use std::sync::atomic::{AtomicU8, AtomicUsize, Ordering};

use super::coord::{
    flip, flip_to_orientation, perm_rank, perm_unrank, slice, slice_masks, N_FLIP, N_TWIST,
};
use super::cubie::{move_cubes, CubieCube};
use super::flipslice_table::{inverse_syms, twist_conjugates, N_UD_SYMS};
use super::moves::Layer;
use super::sym::rotation;
use super::tables::{Tables, N_MOVES};

/// Where the four middle-layer edges are, each one: 12 · 11 · 10 · 9.
pub const N_SORTED: usize = 11_880;
/// Flip × sorted slice values, numbered `sorted * N_FLIP + flip`.
pub const N_FLIPSORTED: usize = N_FLIP * N_SORTED;
/// Flip × sorted slice classes under the sixteen U–D symmetries (Kociemba's count).
pub const N_CLASSES: usize = 1_523_864;
/// Table entries: class × twist.
pub const N_ENTRIES: usize = N_CLASSES * N_TWIST;
/// Bytes of the table (four entries a byte).
pub const TABLE_BYTES: usize = N_ENTRIES.div_ceil(4);
const UNSEEN: u8 = 3;

/// The sorted slice coordinate: which four positions hold the middle-layer edges (the
/// slice coordinate) × the order they sit in there (0..24); 0 when solved.
pub fn slice_sorted(ep: &[u8; 12]) -> u16 {
    let mut order = [0u8; 4];
    let mut k = 0;
    for &e in ep {
        if e >= 8 {
            order[k] = e - 8;
            k += 1;
        }
    }
    slice(ep) * 24 + perm_rank(&order)
}

/// An edge permutation with sorted slice `sorted` (the other edges in order).
pub fn sorted_edges(sorted: u16) -> [u8; 12] {
    let mask = slice_masks()[sorted as usize / 24];
    let order: [u8; 4] = perm_unrank(sorted as u32 % 24);
    let mut ep = [0u8; 12];
    let (mut inside, mut outside) = (0, 0);
    for (j, e) in ep.iter_mut().enumerate() {
        if mask & (1 << j) != 0 {
            *e = 8 + order[inside];
            inside += 1;
        } else {
            *e = outside;
            outside += 1;
        }
    }
    ep
}

/// Sorted slice × face turn → sorted slice.
pub fn sorted_move_table() -> Vec<u16> {
    let moves = move_cubes();
    let mut out = Vec::with_capacity(N_SORTED * N_MOVES);
    for v in 0..N_SORTED as u16 {
        let c = CubieCube {
            ep: sorted_edges(v),
            ..CubieCube::SOLVED
        };
        for m in moves.iter() {
            out.push(slice_sorted(&c.multiply(m).ep));
        }
    }
    out
}

/// The edges of each U–D symmetry as a cube `A`, so that the edges of
/// [`super::flipslice_table::ud_conjugate`] are those of `A⁻¹ · c · A` (`s & 3` quarter
/// turns y, then z2, then the left–right mirror, which moves edges without flipping them).
pub fn edge_symmetries() -> [CubieCube; N_UD_SYMS] {
    let y = rotation(Layer::Y);
    let z = rotation(Layer::Z);
    let mirror = CubieCube {
        ep: [2, 1, 0, 3, 6, 5, 4, 7, 9, 8, 11, 10],
        ..CubieCube::SOLVED
    };
    std::array::from_fn(|s| {
        let mut a = CubieCube::SOLVED;
        for _ in 0..s & 3 {
            a = a.multiply(&y);
        }
        if s & 4 != 0 {
            a = a.multiply(&z).multiply(&z);
        }
        if s & 8 != 0 {
            a = a.multiply(&mirror);
        }
        a
    })
}

/// The 12 edge orientations as bits (bit `i` for position `i`) of a flip coordinate.
fn flip_bits(f: u16) -> u16 {
    flip_to_orientation(f)
        .iter()
        .enumerate()
        .fold(0, |b, (i, &o)| b | (o as u16) << i)
}

/// Flip × sorted slice under the sixteen symmetries, and grouped by them.
pub struct FlipSortedSyms {
    /// For each flip × sorted slice value: its class `<< 4` | a symmetry taking it to the
    /// class's representative.
    pub of: Vec<u32>,
    /// Each class's representative (the smallest value in it).
    pub reps: Vec<u32>,
    /// For each class, bit `s` set when symmetry `s` fixes its representative.
    pub fixed_by: Vec<u16>,
    /// Twist under symmetry `s`, indexed `twist * 16 + s`.
    pub twist_conj: Vec<u16>,
    /// Sorted slice × face turn.
    pub sorted_move: Vec<u16>,
    /// Sorted slice under symmetry `s`, indexed `sorted * 16 + s`.
    sorted_conj: Vec<u16>,
    /// Per symmetry, from the 12 orientation bits (after [`Self::flip_xor`]) to the
    /// conjugate's flip: `s * 4096 + bits`.
    flip_conj: Vec<u16>,
    /// Per symmetry: the bits to flip on the middle-layer edges' positions and on the
    /// others' before [`Self::flip_conj`] (the symmetry turns those edges over).
    flip_xor: [(u16, u16); N_UD_SYMS],
    /// The orientation bits of every flip.
    bits: Vec<u16>,
}

impl FlipSortedSyms {
    /// The symmetry tables and the classes (about a second natively).
    pub fn new() -> FlipSortedSyms {
        let mut t = FlipSortedSyms::partial();
        t.classify();
        t
    }

    /// The symmetry tables, no classes yet.
    fn partial() -> FlipSortedSyms {
        let syms = edge_symmetries();
        let mut flip_conj = Vec::with_capacity(N_UD_SYMS * 4096);
        let mut flip_xor = [(0, 0); N_UD_SYMS];
        for (s, a) in syms.iter().enumerate() {
            let undo = a.inverse();
            // A⁻¹·c·A flips position i's edge by A⁻¹'s flip of the edge c has at A(i):
            // one value for the middle-layer edges, one for the rest.
            let side = |e: usize| if undo.eo[e] != 0 { 0xFFF } else { 0 };
            flip_xor[s] = (side(8), side(0));
            for x in 0..4096u16 {
                let eo: [u8; 12] = std::array::from_fn(|i| ((x >> a.ep[i]) & 1) as u8 ^ a.eo[i]);
                flip_conj.push(flip(&eo));
            }
        }
        let mut sorted_conj = Vec::with_capacity(N_SORTED * N_UD_SYMS);
        for v in 0..N_SORTED as u16 {
            let ep = sorted_edges(v);
            for a in &syms {
                let undo = a.inverse();
                let image: [u8; 12] =
                    std::array::from_fn(|i| undo.ep[ep[a.ep[i] as usize] as usize]);
                sorted_conj.push(slice_sorted(&image));
            }
        }
        FlipSortedSyms {
            of: Vec::new(),
            reps: Vec::new(),
            fixed_by: Vec::new(),
            twist_conj: twist_conjugates(),
            sorted_move: sorted_move_table(),
            sorted_conj,
            flip_conj,
            flip_xor,
            bits: (0..N_FLIP as u16).map(flip_bits).collect(),
        }
    }

    /// Flip × sorted slice value `v` under symmetry `s`.
    #[inline]
    pub fn conjugate(&self, v: usize, s: usize) -> usize {
        let (sorted, fl) = (v / N_FLIP, v % N_FLIP);
        let mask = slice_masks()[sorted / 24];
        let (inside, outside) = self.flip_xor[s];
        let x = self.bits[fl] ^ (inside & mask) ^ (outside & !mask & 0xFFF);
        self.sorted_conj[sorted * N_UD_SYMS + s] as usize * N_FLIP
            + self.flip_conj[s * 4096 + x as usize] as usize
    }

    fn classify(&mut self) {
        let inverse = inverse_syms();
        let mut of = crate::huge_pages::filled(N_FLIPSORTED, u32::MAX);
        let mut reps = Vec::with_capacity(N_CLASSES);
        let mut fixed_by = Vec::with_capacity(N_CLASSES);
        for v in 0..N_FLIPSORTED {
            if of[v] != u32::MAX {
                continue;
            }
            let class = reps.len() as u32;
            reps.push(v as u32);
            let mut fixed = 0u16;
            for (s, &undo) in inverse.iter().enumerate() {
                let image = self.conjugate(v, s);
                if image == v {
                    fixed |= 1 << s;
                }
                if of[image] == u32::MAX {
                    of[image] = class << 4 | undo as u32;
                }
            }
            fixed_by.push(fixed);
        }
        self.of = of;
        self.reps = reps;
        self.fixed_by = fixed_by;
    }

    /// Bytes held (the class of every flip × sorted slice value is most of it: 97 MB).
    pub fn bytes(&self) -> usize {
        4 * (self.of.len() + self.reps.len())
            + 2 * (self.fixed_by.len()
                + self.twist_conj.len()
                + self.sorted_move.len()
                + self.sorted_conj.len()
                + self.flip_conj.len()
                + self.bits.len())
    }

    /// Flip × sorted slice as one number (the index into [`FlipSortedSyms::of`]).
    #[inline]
    pub fn flipsorted_index(flip: u16, sorted: u16) -> usize {
        sorted as usize * N_FLIP + flip as usize
    }

    /// The table entry of a flip × sorted slice value and a twist.
    #[inline]
    pub fn entry_of(&self, flipsorted: usize, twist: u16) -> usize {
        let of = self.of[flipsorted];
        let (class, s) = ((of >> 4) as usize, (of & 15) as usize);
        class * N_TWIST + self.twist_conj[twist as usize * N_UD_SYMS + s] as usize
    }

    #[inline]
    pub fn entry(&self, flip: u16, sorted: u16, twist: u16) -> usize {
        self.entry_of(Self::flipsorted_index(flip, sorted), twist)
    }
}

impl Default for FlipSortedSyms {
    fn default() -> Self {
        FlipSortedSyms::new()
    }
}

/// What [`FlipSortedTable::build`] reports: after each breadth-first layer and, on
/// several threads, a few times a second within one.
#[derive(Clone, Copy, Debug)]
pub struct BuildProgress {
    pub depth: u8,
    /// Entries whose distance is known.
    pub filled: usize,
}

/// The table: distances mod 3 ([`TABLE_BYTES`] bytes) and the symmetry tables that index it.
pub struct FlipSortedTable {
    pub syms: FlipSortedSyms,
    data: Vec<u8>,
}

/// Class rows a worker takes at a time.
const ROWS: usize = 256;

impl FlipSortedTable {
    /// A table read back from [`FlipSortedTable::bytes`] (the symmetry tables back if
    /// the length is wrong).
    pub fn from_bytes(
        syms: FlipSortedSyms,
        data: Vec<u8>,
    ) -> Result<FlipSortedTable, Box<FlipSortedSyms>> {
        if data.len() == TABLE_BYTES {
            Ok(FlipSortedTable { syms, data })
        } else {
            Err(Box::new(syms))
        }
    }

    pub fn bytes(&self) -> &[u8] {
        &self.data
    }

    /// Breadth-first search from solved on `threads` threads (a few minutes on two).
    pub fn build(
        base: &Tables,
        syms: FlipSortedSyms,
        threads: usize,
        mut progress: impl FnMut(BuildProgress),
    ) -> FlipSortedTable {
        let mut build = FlipSortedBuild::new(base, syms);
        while !build.is_done() {
            build.threaded_layer(base, threads.max(1), &mut progress);
            progress(build.progress());
        }
        build.finish()
    }

    /// Where entry `i` lives (for a prefetch).
    #[inline]
    pub fn entry_ptr(&self, i: usize) -> *const u8 {
        self.data.as_ptr().wrapping_add(i >> 2)
    }

    /// Entry `i`'s distance mod 3.
    #[inline]
    pub fn residue(&self, i: usize) -> u8 {
        (self.data[i >> 2] >> ((i & 3) * 2)) & 3
    }

    /// The exact distance of a flip, sorted slice and twist, stepping one closer at a time.
    pub fn distance(&self, base: &Tables, mut fl: u16, mut so: u16, mut tw: u16) -> u8 {
        let mut d = 0u8;
        while (fl, so, tw) != (0, 0, 0) && d < 30 {
            let closer = (self.residue(self.syms.entry(fl, so, tw)) + 2) % 3;
            let step = (0..N_MOVES).find_map(|m| {
                let n = (
                    base.flip_move[fl as usize * N_MOVES + m],
                    self.syms.sorted_move[so as usize * N_MOVES + m],
                    base.twist_move[tw as usize * N_MOVES + m],
                );
                (self.residue(self.syms.entry(n.0, n.1, n.2)) == closer).then_some(n)
            });
            match step {
                Some(n) => (fl, so, tw) = n,
                None => break, // not reached: every position but solved has a closer one
            }
            d += 1;
        }
        d
    }

    /// FNV-1a over the bytes (as the corner table's).
    pub fn checksum(data: &[u8]) -> u64 {
        super::corner_table::CornerTable::checksum(data)
    }
}

/// The breadth-first search over the table's entries (two bits each, 3 = not reached).
struct Builder<'a> {
    base: &'a Tables,
    syms: &'a FlipSortedSyms,
    cells: &'a [AtomicU8],
}

impl Builder<'_> {
    /// From unseen to `v`: clear the bits `v` lacks. True if this call did it (of two
    /// threads setting one entry, one sees it unseen).
    #[inline]
    fn set(&self, i: usize, v: u8) -> bool {
        let shift = (i & 3) * 2;
        let before = self.cells[i >> 2].fetch_and(!((UNSEEN ^ v) << shift), Ordering::Relaxed);
        (before >> shift) & 3 == UNSEEN
    }

    #[inline]
    fn get(&self, i: usize) -> u8 {
        (self.cells[i >> 2].load(Ordering::Relaxed) >> ((i & 3) * 2)) & 3
    }

    /// Sets entry `i` and its twins: an entry of a class whose representative a symmetry
    /// fixes stands for the same positions as its twist's image under that symmetry.
    fn set_with_twins(&self, i: usize, v: u8) -> usize {
        let mut count = self.set(i, v) as usize;
        let (class, tw) = (i / N_TWIST, i % N_TWIST);
        let fixed = self.syms.fixed_by[class];
        if fixed > 1 {
            for s in 1..N_UD_SYMS {
                if fixed & (1 << s) != 0 {
                    let t = self.syms.twist_conj[tw * N_UD_SYMS + s] as usize;
                    count += self.set(class * N_TWIST + t, v) as usize;
                }
            }
        }
        count
    }

    /// Per turn, the first entry of the row the class's positions go to and the
    /// symmetry their twists go through.
    fn row_neighbours(&self, class: usize) -> [(usize, usize); N_MOVES] {
        let rep = self.syms.reps[class] as usize;
        let (so, fl) = (rep / N_FLIP, rep % N_FLIP);
        std::array::from_fn(|m| {
            let v = FlipSortedSyms::flipsorted_index(
                self.base.flip_move[fl * N_MOVES + m],
                self.syms.sorted_move[so * N_MOVES + m],
            );
            let of = self.syms.of[v];
            ((of >> 4) as usize * N_TWIST, (of & 15) as usize)
        })
    }

    /// One layer's work on class rows `rows`: returns the entries it reached.
    fn layer(&self, rows: std::ops::Range<usize>, depth: u8, backward: bool) -> usize {
        let (now, next) = (depth % 3, (depth + 1) % 3);
        let twist_move = &self.base.twist_move;
        let conj = &self.syms.twist_conj;
        let mut count = 0;
        for class in rows {
            let row = class * N_TWIST;
            let mut targets = None;
            for tw in 0..N_TWIST {
                let v = self.get(row + tw);
                let wanted = if backward { UNSEEN } else { now };
                if v != wanted {
                    continue;
                }
                let targets = *targets.get_or_insert_with(|| self.row_neighbours(class));
                let neighbour = |m: usize| {
                    let (to, s) = targets[m];
                    to + conj[twist_move[tw * N_MOVES + m] as usize * N_UD_SYMS + s] as usize
                };
                if backward {
                    if (0..N_MOVES).any(|m| self.get(neighbour(m)) == now) {
                        self.set(row + tw, next);
                        count += 1;
                    }
                } else {
                    // (Entries three or six layers back share the residue; their
                    // neighbours are all seen, so they add nothing.)
                    for m in 0..N_MOVES {
                        let j = neighbour(m);
                        if self.get(j) == UNSEEN {
                            count += self.set_with_twins(j, next);
                        }
                    }
                }
            }
        }
        count
    }
}

/// Seconds each breadth-first layer took natively on one thread (the batched build, in
/// `tests/rubik_flipsorted.rs`, load about 3): every layer scans the whole table, the
/// forward ones from 0 to 9 expanding the last layer's entries, then backward ones from
/// each unseen entry. The first also touches the fresh memory. Only the ratios matter.
const LAYER_COST: [f32; 13] = [
    10.0, 4.0, 4.0, 4.0, 4.0, 4.0, 4.0, 6.0, 68.0, 72.0, 156.0, 15.0, 10.0,
];

/// The breadth-first build as a machine that can stop between class rows:
/// [`FlipSortedBuild::step`] does some rows of the current layer, so a browser worker
/// builds the table in short batches (progress between them, and a Stop gets through).
/// The threaded build ([`FlipSortedTable::build`]) runs the same layers, each layer's rows
/// shared among threads; either way a layer reaches the same entries, whatever order its
/// rows are done in (an entry set in a layer never has the residue the layer reads).
pub struct FlipSortedBuild {
    syms: FlipSortedSyms,
    data: Vec<u8>,
    /// The layer being searched: the distance of the entries it expands.
    depth: u8,
    /// This layer looks from each unseen entry for a neighbour in the last layer (cheaper
    /// than expanding the last layer once it is large).
    backward: bool,
    /// The next class row of this layer.
    row: usize,
    /// Entries this layer has reached so far.
    added: usize,
    /// Entries known before this layer.
    filled: usize,
    /// Entries the last layer reached.
    last_added: usize,
    done: bool,
}

impl FlipSortedBuild {
    /// Every entry unseen but solved ([`TABLE_BYTES`] allocated here).
    pub fn new(base: &Tables, syms: FlipSortedSyms) -> FlipSortedBuild {
        let mut build = FlipSortedBuild {
            data: crate::huge_pages::filled(TABLE_BYTES, 0xFFu8),
            syms,
            depth: 0,
            backward: false,
            row: 0,
            added: 0,
            filled: 0,
            last_added: 0,
            done: false,
        };
        let solved = build.syms.entry(0, 0, 0);
        let count = build.builder(base).set_with_twins(solved, 0);
        (build.filled, build.last_added) = (count, count);
        build.begin_layer();
        build
    }

    /// The breadth-first search's view of the table, entries set atomically.
    fn builder<'a>(&'a mut self, base: &'a Tables) -> Builder<'a> {
        // SAFETY: AtomicU8 has the size, alignment and bit validity of u8, and `data` is
        // borrowed mutably (by nothing else) for as long as the builder lives.
        let cells: &[AtomicU8] =
            unsafe { &*(self.data.as_mut_slice() as *mut [u8] as *const [AtomicU8]) };
        Builder {
            base,
            syms: &self.syms,
            cells,
        }
    }

    fn begin_layer(&mut self) {
        if self.filled >= N_ENTRIES || self.depth >= 30 {
            self.done = true;
            return;
        }
        // Forwards while the layer is small; then it is cheaper to look, from each unseen
        // entry, for a neighbour in the last layer.
        self.backward = self.last_added * 2 > N_ENTRIES - self.filled;
        self.row = 0;
        self.added = 0;
    }

    fn end_layer(&mut self) {
        if self.added == 0 {
            self.done = true;
            return;
        }
        self.filled += self.added;
        self.last_added = self.added;
        self.depth += 1;
        self.begin_layer();
    }

    /// Works through up to `rows` class rows of the current layer (fewer where the layer
    /// ends: the next call starts the next one); true once the table is complete.
    pub fn step(&mut self, base: &Tables, rows: usize) -> bool {
        if !self.done {
            let (from, depth, backward) = (self.row, self.depth, self.backward);
            let to = from.saturating_add(rows.max(1)).min(N_CLASSES);
            self.added += self.builder(base).layer(from..to, depth, backward);
            self.row = to;
            if to == N_CLASSES {
                self.end_layer();
            }
        }
        self.done
    }

    /// The rest of the current layer, its rows shared among `threads` threads (with
    /// progress a few times a second when there are several).
    fn threaded_layer(
        &mut self,
        base: &Tables,
        threads: usize,
        progress: &mut impl FnMut(BuildProgress),
    ) {
        if self.done {
            return;
        }
        let (depth, backward, known) = (self.depth, self.backward, self.filled + self.added);
        let added = AtomicUsize::new(0);
        let cursor = AtomicUsize::new(self.row);
        {
            let builder = self.builder(base);
            let work = || loop {
                let from = cursor.fetch_add(ROWS, Ordering::Relaxed);
                if from >= N_CLASSES {
                    break;
                }
                let n = builder.layer(from..(from + ROWS).min(N_CLASSES), depth, backward);
                added.fetch_add(n, Ordering::Relaxed);
            };
            if threads == 1 {
                work();
            } else {
                std::thread::scope(|s| {
                    let workers: Vec<_> = (0..threads).map(|_| s.spawn(work)).collect();
                    while !workers.iter().all(|w| w.is_finished()) {
                        std::thread::sleep(std::time::Duration::from_millis(200));
                        progress(BuildProgress {
                            depth,
                            filled: known + added.load(Ordering::Relaxed),
                        });
                    }
                });
            }
        }
        self.added += added.into_inner();
        self.row = N_CLASSES;
        self.end_layer();
    }

    pub fn is_done(&self) -> bool {
        self.done
    }

    /// Bytes held: the table and its symmetry tables.
    pub fn bytes(&self) -> usize {
        self.data.len() + self.syms.bytes()
    }

    /// The layer under way and the entries known so far.
    pub fn progress(&self) -> BuildProgress {
        BuildProgress {
            depth: self.depth,
            filled: self.filled + self.added,
        }
    }

    /// How much of the work is done, 0 to 1: the layers done and the part of this one,
    /// each layer weighted by its measured cost ([`LAYER_COST`]; the entries filled say
    /// little, as the last layers scan the whole table to fill a few).
    pub fn fraction(&self) -> f32 {
        if self.done {
            return 1.0;
        }
        layer_fraction(self.depth as usize, self.row as f32 / N_CLASSES as f32)
    }

    /// The table (complete once [`FlipSortedBuild::is_done`]).
    pub fn finish(self) -> FlipSortedTable {
        FlipSortedTable {
            syms: self.syms,
            data: self.data,
        }
    }
}

/// The share of the build done at `part` (0 to 1) of layer `depth`.
fn layer_fraction(depth: usize, part: f32) -> f32 {
    let total: f32 = LAYER_COST.iter().sum();
    let before: f32 = LAYER_COST.iter().take(depth).sum();
    let this = LAYER_COST.get(depth).copied().unwrap_or(0.0);
    ((before + this * part.clamp(0.0, 1.0)) / total).min(0.999)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::rubik::flipslice_table::ud_conjugate;

    fn random_cube(rng: &mut Rng) -> CubieCube {
        let moves = move_cubes();
        (0..30).fold(CubieCube::SOLVED, |c, _| {
            c.multiply(&moves[rng.below(18) as usize])
        })
    }

    #[test]
    fn the_build_fraction_grows_through_the_layers_and_stops_short_of_one() {
        let mut last = -1.0f32;
        for depth in 0..LAYER_COST.len() + 2 {
            for part in [0.0, 0.25, 0.5, 1.0] {
                let f = layer_fraction(depth, part);
                assert!(f >= last && (0.0..1.0).contains(&f), "{depth} {part}: {f}");
                last = f;
            }
            // A layer's end is the next one's start.
            assert_eq!(layer_fraction(depth, 1.0), layer_fraction(depth + 1, 0.0));
        }
        assert_eq!(layer_fraction(0, 0.0), 0.0);
        // The three layers that fill most of the table take most of the time.
        assert!(layer_fraction(8, 0.0) < 0.2 && layer_fraction(11, 0.0) > 0.9);
    }

    #[test]
    fn sorted_slice_numbers_every_placement_once_and_follows_turns() {
        let mut seen = vec![false; N_SORTED];
        for v in 0..N_SORTED as u16 {
            let ep = sorted_edges(v);
            assert_eq!(slice_sorted(&ep), v);
            seen[v as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(slice_sorted(&CubieCube::SOLVED.ep), 0);
        let table = sorted_move_table();
        let moves = move_cubes();
        let mut rng = Rng::new(11);
        for _ in 0..200 {
            let c = random_cube(&mut rng);
            let m = rng.below(18) as usize;
            let after = slice_sorted(&c.multiply(&moves[m]).ep);
            assert_eq!(table[slice_sorted(&c.ep) as usize * N_MOVES + m], after);
        }
    }

    #[test]
    fn the_symmetries_on_coordinates_match_the_cube_conjugates() {
        let syms = edge_symmetries();
        let t = FlipSortedSyms::partial();
        let mut rng = Rng::new(44);
        for _ in 0..300 {
            let c = random_cube(&mut rng);
            let v = FlipSortedSyms::flipsorted_index(flip(&c.eo), slice_sorted(&c.ep));
            for (s, a) in syms.iter().enumerate() {
                let image = ud_conjugate(&c, s);
                let by_a = a.inverse().multiply(&c).multiply(a);
                assert_eq!((image.ep, image.eo), (by_a.ep, by_a.eo), "symmetry {s}");
                let want =
                    FlipSortedSyms::flipsorted_index(flip(&image.eo), slice_sorted(&image.ep));
                assert_eq!(t.conjugate(v, s), want, "symmetry {s}");
            }
        }
    }

    #[test]
    fn flip_sorted_has_kociembas_class_count_and_each_value_reaches_its_representative() {
        let t = FlipSortedSyms::new();
        assert_eq!(t.reps.len(), N_CLASSES);
        let mut rng = Rng::new(8);
        for _ in 0..5000 {
            let v = rng.below(N_FLIPSORTED as u64) as usize;
            let of = t.of[v];
            let rep = t.reps[(of >> 4) as usize] as usize;
            assert_eq!(t.conjugate(v, (of & 15) as usize), rep);
            // The class's fixing symmetries fix its representative, and no others do.
            let fixed = t.fixed_by[(of >> 4) as usize];
            for s in 0..N_UD_SYMS {
                assert_eq!(t.conjugate(rep, s) == rep, fixed & (1 << s) != 0);
            }
        }
    }
}
