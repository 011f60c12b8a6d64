//! The optimal solver's big table (Kociemba's optimal-solver coordinates): the exact
//! number of face turns that bring edge flip, the middle-layer edges' positions and corner
//! twist home together — phase 1 of the two-phase method as one puzzle, 2048 × 495 × 2187
//! ≈ 2.2 billion positions.
//!
//! The sixteen symmetries that keep the U–D axis upright (y turns, z2, the left–right
//! mirror and their products) take a position to one just as far, so flip × slice is
//! grouped into 64,430 classes and the table has one entry per class × twist:
//! 140,908,410 entries. Each holds its distance mod 3 in two bits (35 MB): a move changes
//! a distance by at most one, so the search, which knows its parent's exact distance,
//! reads its child's exactly ([`Mod3Table::adjust`](super::tables::Mod3Table::adjust)).
//!
//! Why this table: on random states its distances (mostly 9 to 11, read on three axes)
//! are far above the phase-1 pair tables' and the corner table's, and it is small enough
//! for a browser tab. Built by breadth-first search, in parallel when threads are given.

use std::sync::atomic::{AtomicU8, AtomicUsize, Ordering};

use super::coord::{
    flip, flip_to_orientation, slice, slice_masks, twist, twist_to_orientation, N_FLIP, N_SLICE,
    N_TWIST,
};
use super::cubie::CubieCube;
use super::moves::Layer;
use super::sym::{conjugate_by, rotation};
use super::tables::{Tables, N_MOVES};

/// Flip × slice values, numbered `slice * N_FLIP + flip`.
pub const N_FLIPSLICE: usize = N_FLIP * N_SLICE;
/// The symmetries that keep the U–D axis.
pub const N_UD_SYMS: usize = 16;
/// Flip × slice classes under those symmetries (Kociemba's count).
pub const N_FLIPSLICE_CLASSES: usize = 64_430;
/// Table entries: class × twist.
pub const N_ENTRIES: usize = N_FLIPSLICE_CLASSES * N_TWIST;
/// Bytes of the table (four entries a byte).
pub const TABLE_BYTES: usize = N_ENTRIES.div_ceil(4);
const UNSEEN: u8 = 3;

/// `M · c · M` for the left–right mirror M: positions swap left for right, and a mirror
/// turns each corner twist the other way (edge flips stay: U/D and F/B stay put).
pub fn mirror_conjugate(c: &CubieCube) -> CubieCube {
    const CORNERS: [u8; 8] = [1, 0, 3, 2, 5, 4, 7, 6];
    const EDGES: [u8; 12] = [2, 1, 0, 3, 6, 5, 4, 7, 9, 8, 11, 10];
    let mut out = CubieCube::SOLVED;
    for (i, &from) in CORNERS.iter().enumerate() {
        let from = from as usize;
        out.cp[i] = CORNERS[c.cp[from] as usize];
        out.co[i] = (3 - c.co[from]) % 3;
    }
    for (i, &from) in EDGES.iter().enumerate() {
        let from = from as usize;
        out.ep[i] = EDGES[c.ep[from] as usize];
        out.eo[i] = c.eo[from];
    }
    out
}

/// The cube seen through U–D symmetry `s` (0..16): `s & 3` quarter turns y, then z2 if
/// bit 2, then the mirror if bit 3.
pub fn ud_conjugate(c: &CubieCube, s: usize) -> CubieCube {
    let y = rotation(Layer::Y);
    let mut out = *c;
    for _ in 0..s & 3 {
        out = conjugate_by(&out, &y);
    }
    if s & 4 != 0 {
        let z = rotation(Layer::Z);
        out = conjugate_by(&conjugate_by(&out, &z), &z);
    }
    if s & 8 != 0 {
        out = mirror_conjugate(&out);
    }
    out
}

/// For each symmetry, the one that undoes it (read off a cube no symmetry fixes).
pub(super) fn inverse_syms() -> [usize; N_UD_SYMS] {
    let moves = super::cubie::move_cubes();
    let probe = [0usize, 4, 8, 1, 14, 3, 10]
        .iter()
        .fold(CubieCube::SOLVED, |c, &m| c.multiply(&moves[m]));
    std::array::from_fn(|s| {
        let image = ud_conjugate(&probe, s);
        (0..N_UD_SYMS)
            .find(|&t| ud_conjugate(&image, t) == probe)
            .unwrap_or(0)
    })
}

fn flipslice_cube(fs: usize) -> CubieCube {
    let (sl, fl) = (fs / N_FLIP, fs % N_FLIP);
    let mask = slice_masks()[sl];
    let mut ep = [0u8; 12];
    let (mut inside, mut outside) = (8, 0);
    for (j, e) in ep.iter_mut().enumerate() {
        if mask & (1 << j) != 0 {
            *e = inside;
            inside += 1;
        } else {
            *e = outside;
            outside += 1;
        }
    }
    CubieCube {
        ep,
        eo: flip_to_orientation(fl as u16),
        ..CubieCube::SOLVED
    }
}

fn flipslice_of(c: &CubieCube) -> usize {
    slice(&c.ep) as usize * N_FLIP + flip(&c.eo) as usize
}

/// Twist under each U–D symmetry, indexed `twist * 16 + s` (shared with
/// [`super::flipslicesorted_table`]).
pub fn twist_conjugates() -> Vec<u16> {
    (0..N_TWIST)
        .flat_map(|t| {
            let c = CubieCube {
                co: twist_to_orientation(t as u16),
                ..CubieCube::SOLVED
            };
            (0..N_UD_SYMS).map(move |s| twist(&ud_conjugate(&c, s).co))
        })
        .collect()
}

/// Flip × slice grouped by the sixteen symmetries, and twist under each symmetry.
pub struct FlipSliceSyms {
    /// For each flip × slice value: its class `<< 4` | a symmetry taking it to the class's
    /// representative.
    pub of: Vec<u32>,
    /// Each class's representative (the smallest value in it).
    pub reps: Vec<u32>,
    /// For each class, bit `s` set when symmetry `s` fixes its representative.
    pub fixed_by: Vec<u16>,
    /// Twist under symmetry `s`, indexed `twist * 16 + s`.
    pub twist_conj: Vec<u16>,
}

impl FlipSliceSyms {
    pub fn new() -> FlipSliceSyms {
        let inverse = inverse_syms();
        let mut of = crate::huge_pages::filled(N_FLIPSLICE, u32::MAX);
        let mut reps = Vec::with_capacity(N_FLIPSLICE_CLASSES);
        let mut fixed_by = Vec::with_capacity(N_FLIPSLICE_CLASSES);
        for fs in 0..N_FLIPSLICE {
            if of[fs] != u32::MAX {
                continue;
            }
            let class = reps.len() as u32;
            reps.push(fs as u32);
            let cube = flipslice_cube(fs);
            let mut fixed = 0u16;
            for (s, &undo) in inverse.iter().enumerate() {
                let image = flipslice_of(&ud_conjugate(&cube, s));
                if image == fs {
                    fixed |= 1 << s;
                }
                if of[image] == u32::MAX {
                    of[image] = class << 4 | undo as u32;
                }
            }
            fixed_by.push(fixed);
        }
        FlipSliceSyms {
            of,
            reps,
            fixed_by,
            twist_conj: twist_conjugates(),
        }
    }

    /// Bytes held (the class of every flip × slice value is most of it: 4 MB).
    pub fn bytes(&self) -> usize {
        4 * (self.of.len() + self.reps.len()) + 2 * (self.fixed_by.len() + self.twist_conj.len())
    }

    /// The table entry of a flip, slice and twist.
    #[inline]
    pub fn entry(&self, flip: u16, slice: u16, twist: u16) -> usize {
        self.entry_of(Self::flipslice_index(flip, slice), twist)
    }

    /// Flip × slice as one number (the index into [`FlipSliceSyms::of`]).
    #[inline]
    pub fn flipslice_index(flip: u16, slice: u16) -> usize {
        slice as usize * N_FLIP + flip as usize
    }

    /// The table entry of a flip × slice value ([`FlipSliceSyms::flipslice_index`]) and a
    /// twist: the search asks for the first read early, then does this.
    #[inline]
    pub fn entry_of(&self, flipslice: usize, twist: u16) -> usize {
        let of = self.of[flipslice];
        let (class, s) = ((of >> 4) as usize, (of & 15) as usize);
        class * N_TWIST + self.twist_conj[twist as usize * N_UD_SYMS + s] as usize
    }
}

impl Default for FlipSliceSyms {
    fn default() -> Self {
        FlipSliceSyms::new()
    }
}

/// The table: distances mod 3 ([`TABLE_BYTES`] bytes) and the symmetry tables that index
/// it (built in well under a second).
pub struct FlipSliceTable {
    pub syms: FlipSliceSyms,
    data: Vec<u8>,
}

/// What [`FlipSliceTable::build`] reports after each breadth-first layer.
#[derive(Clone, Copy, Debug)]
pub struct BuildProgress {
    pub depth: u8,
    pub filled: usize,
}

impl FlipSliceTable {
    /// A table read back from [`FlipSliceTable::bytes`] (`None` if the length is wrong).
    pub fn from_bytes(syms: FlipSliceSyms, data: Vec<u8>) -> Option<FlipSliceTable> {
        (data.len() == TABLE_BYTES).then_some(FlipSliceTable { syms, data })
    }

    pub fn bytes(&self) -> &[u8] {
        &self.data
    }

    /// Breadth-first search from solved on `threads` threads (1 in a browser worker);
    /// `progress` after each layer.
    pub fn build(
        base: &Tables,
        syms: FlipSliceSyms,
        threads: usize,
        mut progress: impl FnMut(BuildProgress),
    ) -> FlipSliceTable {
        let build = Build {
            base,
            cells: (0..TABLE_BYTES).map(|_| AtomicU8::new(0xFF)).collect(),
            syms,
        };
        // The solved entry's class holds only solved flip × slice; its twist 0 is solved.
        build.set(build.syms.entry(0, 0, 0), 0);
        let threads = threads.max(1);
        let mut filled = 1usize;
        let mut last_added = 1usize;
        let mut depth = 0u8;
        while filled < N_ENTRIES && depth < 20 {
            let unseen = N_ENTRIES - filled;
            let backward = last_added * 2 > unseen;
            let added = build.layer(depth, backward, threads);
            if added == 0 {
                break;
            }
            filled += added;
            last_added = added;
            depth += 1;
            progress(BuildProgress { depth, filled });
        }
        build.into_table()
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

    /// The exact distance of a flip, slice and twist, stepping one closer at a time.
    pub fn distance(&self, base: &Tables, mut fl: u16, mut sl: u16, mut tw: u16) -> u8 {
        let mut d = 0u8;
        while (fl, sl, tw) != (0, 0, 0) && d < 20 {
            let closer = (self.residue(self.syms.entry(fl, sl, tw)) + 2) % 3;
            let step = (0..N_MOVES).find_map(|m| {
                let n = (
                    base.flip_move[fl as usize * N_MOVES + m],
                    base.slice_move[sl as usize * N_MOVES + m],
                    base.twist_move[tw as usize * N_MOVES + m],
                );
                (self.residue(self.syms.entry(n.0, n.1, n.2)) == closer).then_some(n)
            });
            match step {
                Some(n) => (fl, sl, tw) = n,
                None => break, // not reached: every position but solved has a closer one
            }
            d += 1;
        }
        d
    }

    /// FNV-1a over the bytes (as the corner table's): a stored table that changed is
    /// rebuilt.
    pub fn checksum(data: &[u8]) -> u64 {
        super::corner_table::CornerTable::checksum(data)
    }
}

/// The table while it is built: two bits per entry, set by any thread.
struct Build<'a> {
    base: &'a Tables,
    syms: FlipSliceSyms,
    cells: Vec<AtomicU8>,
}

impl Build<'_> {
    /// From UNSEEN (0b11) to v: clear the bits v lacks. True if this call did it (of
    /// two threads setting one entry, one sees it unseen).
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

    /// The entry move `m` takes the class's representative with twist `tw` to.
    #[inline]
    fn neighbour(&self, class: usize, tw: usize, m: usize) -> usize {
        let rep = self.syms.reps[class] as usize;
        let (sl, fl) = (rep / N_FLIP, rep % N_FLIP);
        self.syms.entry(
            self.base.flip_move[fl * N_MOVES + m],
            self.base.slice_move[sl * N_MOVES + m],
            self.base.twist_move[tw * N_MOVES + m],
        )
    }

    /// Sets entry `i` and its twins; returns how many this call set. Every entry of a
    /// class whose representative a symmetry fixes stands for the same positions as its
    /// twist's images under that symmetry: they share a value.
    #[inline]
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

    /// Fills the layer after `depth` (from the unseen entries if `backward`, else from
    /// the layer's own) on `threads` threads; returns how many entries it added.
    fn layer(&self, depth: u8, backward: bool, threads: usize) -> usize {
        let (now, next) = (depth % 3, (depth + 1) % 3);
        let added = AtomicUsize::new(0);
        // Chunks of whole bytes, handed out one at a time.
        const CHUNK: usize = 1 << 16;
        let cursor = AtomicUsize::new(0);
        let work = || loop {
            let from = cursor.fetch_add(CHUNK, Ordering::Relaxed);
            if from >= N_ENTRIES {
                break;
            }
            let count = self.chunk(from..(from + CHUNK).min(N_ENTRIES), backward, now, next);
            added.fetch_add(count, Ordering::Relaxed);
        };
        if threads == 1 {
            // No thread to spawn in a browser worker.
            work();
        } else {
            std::thread::scope(|s| {
                for _ in 0..threads {
                    s.spawn(work);
                }
            });
        }
        added.into_inner()
    }

    /// One chunk of a layer: entries `range` that reach (`backward`) or are reached from
    /// layer `now` get `next`. Returns how many this call set.
    #[inline]
    fn chunk(&self, range: std::ops::Range<usize>, backward: bool, now: u8, next: u8) -> usize {
        let mut count = 0;
        for i in range {
            let v = self.get(i);
            let (class, tw) = (i / N_TWIST, i % N_TWIST);
            if backward {
                if v == UNSEEN
                    && (0..N_MOVES).any(|m| self.get(self.neighbour(class, tw, m)) == now)
                {
                    self.set(i, next);
                    count += 1;
                }
            } else if v == now {
                // (Entries three or six layers back share the residue;
                // their neighbours are all seen, so they add nothing.)
                for m in 0..N_MOVES {
                    let j = self.neighbour(class, tw, m);
                    if self.get(j) == UNSEEN {
                        count += self.set_with_twins(j, next);
                    }
                }
            }
        }
        count
    }

    fn into_table(self) -> FlipSliceTable {
        let mut data = crate::huge_pages::filled(TABLE_BYTES, 0u8);
        for (d, c) in data.iter_mut().zip(self.cells) {
            *d = c.into_inner();
        }
        FlipSliceTable {
            syms: self.syms,
            data,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::rubik::cubie::move_cubes;

    fn random_cube(rng: &mut Rng) -> CubieCube {
        let moves = move_cubes();
        (0..30).fold(CubieCube::SOLVED, |c, _| {
            c.multiply(&moves[rng.below(18) as usize])
        })
    }

    #[test]
    fn each_symmetry_takes_turns_to_turns_and_products_to_products() {
        let moves = move_cubes();
        let mut rng = Rng::new(16);
        let mut images = std::collections::HashSet::new();
        let probe = random_cube(&mut rng);
        for s in 0..N_UD_SYMS {
            for m in moves.iter() {
                assert!(moves.contains(&ud_conjugate(m, s)), "symmetry {s}");
            }
            for _ in 0..20 {
                let (a, b) = (random_cube(&mut rng), random_cube(&mut rng));
                assert_eq!(
                    ud_conjugate(&a.multiply(&b), s),
                    ud_conjugate(&a, s).multiply(&ud_conjugate(&b, s))
                );
            }
            // U and D stay U and D.
            assert!(ud_conjugate(&moves[0], s).cp[..4].iter().all(|&c| c < 4));
            images.insert(ud_conjugate(&probe, s));
        }
        assert_eq!(images.len(), N_UD_SYMS, "sixteen different symmetries");
    }

    #[test]
    fn flip_slice_has_kociembas_class_count_and_each_value_reaches_its_representative() {
        let syms = FlipSliceSyms::new();
        assert_eq!(syms.reps.len(), N_FLIPSLICE_CLASSES);
        let mut rng = Rng::new(3);
        for _ in 0..2000 {
            let fs = rng.below(N_FLIPSLICE as u64) as usize;
            let of = syms.of[fs];
            let image = flipslice_of(&ud_conjugate(&flipslice_cube(fs), (of & 15) as usize));
            assert_eq!(image as u32, syms.reps[(of >> 4) as usize]);
        }
    }
}
