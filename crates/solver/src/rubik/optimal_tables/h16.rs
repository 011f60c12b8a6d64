//! The optimal solver's tetrad-slice tables ("H16"): H48's target group (nissy-core's
//! `doc/h48.md`: corners in their tetrads and oriented, edges in their slices), with the
//! flips of the four middle-layer (E) edges tracked, grouped by the sixteen symmetries that
//! keep the U–D axis, read on each of the three axes as the other big tables are.
//!
//! Unlike nissy's `hX` tables (some edges' flips under all 48 symmetries, which no longer
//! form a coset, so they are built by a search over many short cubes in hours), this is
//! the distance to a subgroup that the sixteen symmetries keep: a plain breadth-first
//! search builds it, class row by class row, and two bits an entry (distance mod 3) hold
//! it, as the flip × sorted slice × twist table does. The search stops before its
//! heaviest layers ([`Level::deepest_exact`]): the entries it leaves unseen (the fourth
//! value of the two bits) read as one past it, a bound that is exact for most of them,
//! and level 0 builds in under a minute. Read on three axes, each axis tracks its own
//! middle layer's four flips, so the three reads see all twelve.
//!
//! A position's coordinates (all 0 when solved):
//! - edges: which slice's edge sits at each position, 12!/(4!·4!·4!) = 34,650 (the E
//!   slice's four positions, 495, × which four of the other eight hold M-slice edges, 70),
//!   × the flips of the E-slice edges by position, 16: 554,400 values, about 34,700
//!   classes under the sixteen symmetries (a 2.2 MB class map, in the processor's cache);
//! - corners: the twist (2,187) × the corner permutation's coset of a group of
//!   permutations the symmetries keep, chosen by the size knob [`Level`]:
//!   0. corners in their tetrads: 70 cosets (table 1.33 GB);
//!   1. and an even permutation: 140 (2.66 GB);
//!   2. and reachable by half turns (Thistlethwaite's last stage): 420 (7.97 GB).
//!
//! Entries: class × corner coordinate; the symmetry that brings the edges to their class's
//! representative is applied to the corners (two small tables).

use std::sync::atomic::{AtomicU8, AtomicUsize, Ordering};

use super::ud_syms::{inverse_syms, twist_conjugates, ud_conjugate, N_UD_SYMS};
use crate::rubik::coord::{perm_rank, perm_unrank, slice, slice_masks, twist, N_SLICE, N_TWIST};
use crate::rubik::coord_moves::CoordMoves;
use crate::rubik::cubie::{move_cubes, CubieCube};
use crate::rubik::mod3::{self, Mod3Table};
use crate::rubik::moves::N_MOVES;
use crate::table_bytes::TableBytes;

/// Which slice's edges sit where: E positions (495) × M among the other eight (70).
pub const N_SEP: usize = N_SLICE * 70;
/// Edge coordinate values: separation × the E-slice edges' flips.
pub const N_EDGE: usize = N_SEP * 16;
const UNSEEN: u8 = 3;
const ROWS: usize = 16;
const N_PERMS: usize = 40_320;

/// The size knob: how much of the corner permutation the table tracks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Level(u8);

/// Classes of the edge coordinate under the sixteen symmetries (counted by
/// [`H16Syms::new`]; a test holds the two equal), so a table's size is known before its
/// symmetry tables are worked out.
const EDGE_CLASSES: usize = 35_203;

impl Level {
    pub const MAX: u8 = 2;

    /// Level `k` (0..=2), or `None`.
    pub fn new(k: u8) -> Option<Level> {
        (k <= Self::MAX).then_some(Level(k))
    }

    pub fn get(self) -> u8 {
        self.0
    }

    /// Corner permutation cosets at this level.
    fn cosets(self) -> usize {
        [70, 140, 420][self.0 as usize]
    }

    /// The farthest distance the table keeps exactly. The build stops there: every entry
    /// still unseen is at least one more, and reads so ([`H16Table::next_distance`]).
    /// Past it lie the breadth-first search's heaviest layers (at level 0, 61 % of the
    /// entries are at 11 and 6.6 % at 12): the layers up to 10 took 43 s of the full
    /// search's 139 s on two threads here, and only the entries at 12 read one short
    /// (and the 10,990 at 13, two).
    /// Levels 1 and 2 keep 11: at level 1, 20 % of the entries are within 10 and 62 % at
    /// 11, so stopping at 10 there would leave 18 % one short; at level 2, 8 % are within
    /// 10. Level 2 kept to 12 took 654 s to build against 405 s and saved 0.3 % of the
    /// nodes over random states 0 to 19 (268.8 against 269.7 million; 2026-12-07).
    pub fn deepest_exact(self) -> u8 {
        [10, 11, 11][self.0 as usize]
    }

    /// Bytes of the table at this level (as [`H16Syms::table_bytes`], without building
    /// the symmetry tables): a `u64`, since level 2's 8 GB is past a browser's `usize`.
    pub fn table_bytes(self) -> u64 {
        (EDGE_CLASSES as u64 * self.cosets() as u64 * N_TWIST as u64).div_ceil(4)
    }
}

impl TryFrom<u8> for Level {
    type Error = String;
    fn try_from(k: u8) -> Result<Level, String> {
        Level::new(k).ok_or_else(|| format!("no tetrad-slice level {k} (0 to {})", Level::MAX))
    }
}

impl From<Level> for u8 {
    fn from(level: Level) -> u8 {
        level.0
    }
}

/// The M-slice edges (UF, UB, DF, DB) and the tetrad of corner URF.
const M_EDGES: [u8; 4] = [1, 3, 5, 7];
const TETRAD: [u8; 4] = [0, 2, 5, 7];

fn is_m(e: u8) -> bool {
    e < 8 && e & 1 == 1
}

/// Four-of-eight masks numbered with the solved one (M edges at 1, 3, 5, 7 of the eight
/// non-E positions) first.
fn m_masks() -> ([u8; 70], [u8; 256]) {
    let mut list = [0u8; 70];
    let mut rank = [u8::MAX; 256];
    list[0] = 0xAA;
    let mut n = 1;
    for m in 0..=255u8 {
        if m.count_ones() == 4 && m != 0xAA {
            list[n] = m;
            n += 1;
        }
    }
    for (i, &m) in list.iter().enumerate() {
        rank[m as usize] = i as u8;
    }
    (list, rank)
}

/// The edge coordinates of a cube: separation (0..34,650) and the E-slice flips (0..16).
pub fn edge_coords(ep: &[u8; 12], eo: &[u8; 12]) -> (u16, u8) {
    static RANK: std::sync::OnceLock<[u8; 256]> = std::sync::OnceLock::new();
    let rank = RANK.get_or_init(|| m_masks().1);
    let (mut mmask, mut k, mut flips, mut j) = (0u8, 0, 0u8, 0);
    for (i, &e) in ep.iter().enumerate() {
        if e >= 8 {
            flips |= eo[i] << j;
            j += 1;
        } else {
            mmask |= (is_m(e) as u8) << k;
            k += 1;
        }
    }
    (slice(ep) * 70 + rank[mmask as usize] as u16, flips)
}

/// A cube with edge coordinates `sep`, `flips` (corners solved).
pub fn edge_cube(sep: u16, flips: u8) -> CubieCube {
    static LIST: std::sync::OnceLock<[u8; 70]> = std::sync::OnceLock::new();
    let list = LIST.get_or_init(|| m_masks().0);
    let emask = slice_masks()[sep as usize / 70];
    let mmask = list[sep as usize % 70];
    let mut c = CubieCube::SOLVED;
    let (mut e, mut m, mut s, mut k, mut j) = (8u8, 0usize, 0u8, 0, 0);
    for i in 0..12 {
        if emask & (1 << i) != 0 {
            c.ep[i] = e;
            c.eo[i] = (flips >> j) & 1;
            e += 1;
            j += 1;
        } else {
            if mmask & (1 << k) != 0 {
                c.ep[i] = M_EDGES[m];
                m += 1;
            } else {
                c.ep[i] = s;
                s += 2;
            }
            k += 1;
        }
    }
    // The flips add up to even: the last non-E position takes the rest.
    let odd = c.eo.iter().sum::<u8>() & 1;
    if let Some(i) = (0..12).rev().find(|&i| emask & (1 << i) == 0) {
        c.eo[i] = odd;
    }
    c
}

/// The coset numbering of corner permutations for `level`: the group's cosets found by
/// relabelling (a permutation `p` and `g ∘ p`, for `g` in the group, are one coset), the
/// solved one numbered 0.
fn perm_cosets(level: Level) -> (Vec<u16>, Vec<[u8; 8]>) {
    let t = TETRAD;
    let o = [1u8, 3, 4, 6];
    let swap = |a: u8, b: u8| {
        let mut g: [u8; 8] = std::array::from_fn(|i| i as u8);
        g.swap(a as usize, b as usize);
        g
    };
    let compose = |a: [u8; 8], b: [u8; 8]| -> [u8; 8] { std::array::from_fn(|i| a[b[i] as usize]) };
    let gens: Vec<[u8; 8]> = match level.0 {
        0 => (1..4)
            .flat_map(|i| [swap(t[0], t[i]), swap(o[0], o[i])])
            .collect(),
        1 => {
            // Even permutations keeping the tetrads: both tetrads' 3-cycles, and a swap
            // in each at once.
            let mut g = Vec::new();
            for q in [t, o] {
                g.push(compose(swap(q[0], q[1]), swap(q[1], q[2])));
                g.push(compose(swap(q[1], q[2]), swap(q[2], q[3])));
            }
            g.push(compose(swap(t[0], t[1]), swap(o[0], o[1])));
            g
        }
        _ => {
            let moves = move_cubes();
            (0..6).map(|f| moves[f * 3 + 1].cp).collect()
        }
    };
    let mut of = vec![u16::MAX; N_PERMS];
    let mut reps = Vec::new();
    // The identity first, so the solved coset is 0.
    for start in std::iter::once(0).chain(0..N_PERMS) {
        if of[start] != u16::MAX {
            continue;
        }
        let id = reps.len() as u16;
        let p0: [u8; 8] = perm_unrank(start as u32);
        reps.push(p0);
        of[start] = id;
        let mut stack = vec![p0];
        while let Some(p) = stack.pop() {
            for g in &gens {
                let q: [u8; 8] = std::array::from_fn(|i| g[p[i] as usize]);
                let r = perm_rank(&q) as usize;
                if of[r] == u16::MAX {
                    of[r] = id;
                    stack.push(q);
                }
            }
        }
    }
    (of, reps)
}

/// The coordinates, their moves and symmetries, and the edge classes.
pub struct H16Syms {
    pub level: Level,
    /// Corner permutation rank → coset.
    pub perm_of: Vec<u16>,
    /// Coset × turn → coset.
    pub perm_move: Vec<u16>,
    /// Coset under symmetry `s`: `coset * 16 + s`.
    pub perm_conj: Vec<u16>,
    /// Twist under symmetry `s`: `twist * 16 + s`.
    pub twist_conj: Vec<u16>,
    /// Separation × turn.
    pub sep_move: Vec<u16>,
    /// E positions (495) × flips (16) × turn → flips.
    pub flips_move: Vec<u8>,
    /// Per edge value (`sep * 16 + flips`): class `<< 4` | the symmetry that takes it to
    /// the class's representative.
    pub of: Vec<u32>,
    pub reps: Vec<u32>,
    /// Per class, bit `s` when symmetry `s` fixes the representative.
    pub fixed_by: Vec<u16>,
    /// Corner coordinate values: cosets × twists (a row of the table).
    n_corner: usize,
}

impl H16Syms {
    /// Every table (a second or two).
    pub fn new(level: Level) -> H16Syms {
        let moves = move_cubes();
        let (perm_of, perm_reps) = perm_cosets(level);
        let mut perm_move = Vec::with_capacity(perm_reps.len() * N_MOVES);
        let mut perm_conj = Vec::with_capacity(perm_reps.len() * N_UD_SYMS);
        for p in &perm_reps {
            let c = CubieCube {
                cp: *p,
                ..CubieCube::SOLVED
            };
            for m in moves.iter() {
                perm_move.push(perm_of[perm_rank(&c.multiply(m).cp) as usize]);
            }
            for s in 0..N_UD_SYMS {
                perm_conj.push(perm_of[perm_rank(&ud_conjugate(&c, s).cp) as usize]);
            }
        }
        let mut sep_move = Vec::with_capacity(N_SEP * N_MOVES);
        for sep in 0..N_SEP as u16 {
            let c = edge_cube(sep, 0);
            for m in moves.iter() {
                sep_move.push(edge_coords(&c.multiply(m).ep, &[0; 12]).0);
            }
        }
        let mut flips_move = Vec::with_capacity(N_SLICE * 16 * N_MOVES);
        for sl in 0..N_SLICE as u16 {
            for f in 0..16u8 {
                let c = edge_cube(sl * 70, f);
                for m in moves.iter() {
                    let d = c.multiply(m);
                    flips_move.push(edge_coords(&d.ep, &d.eo).1);
                }
            }
        }
        let mut t = H16Syms {
            level,
            n_corner: perm_reps.len() * N_TWIST,
            perm_of,
            perm_move,
            perm_conj,
            twist_conj: twist_conjugates(),
            sep_move,
            flips_move,
            of: Vec::new(),
            reps: Vec::new(),
            fixed_by: Vec::new(),
        };
        t.classify();
        t
    }

    /// Edge value `v` under symmetry `s`.
    fn edge_conjugate(v: usize, s: usize) -> usize {
        let c = edge_cube((v / 16) as u16, (v % 16) as u8);
        let d = ud_conjugate(&c, s);
        let (sep, f) = edge_coords(&d.ep, &d.eo);
        sep as usize * 16 + f as usize
    }

    fn classify(&mut self) {
        let inverse = inverse_syms();
        let mut of = vec![u32::MAX; N_EDGE];
        for v in 0..N_EDGE {
            if of[v] != u32::MAX {
                continue;
            }
            let class = self.reps.len() as u32;
            self.reps.push(v as u32);
            let mut fixed = 0u16;
            for (s, &undo) in inverse.iter().enumerate() {
                let image = Self::edge_conjugate(v, s);
                if image == v {
                    fixed |= 1 << s;
                }
                if of[image] == u32::MAX {
                    of[image] = class << 4 | undo as u32;
                }
            }
            self.fixed_by.push(fixed);
        }
        self.of = of;
    }

    /// Corner coordinate values (a row of the table).
    pub fn n_corner(&self) -> usize {
        self.n_corner
    }

    /// Entries of the table: a `u64`, as every entry's index, since level 0 has more than
    /// 2³² (5.4 billion) and a browser's `usize` is 32 bits.
    pub fn n_entries(&self) -> u64 {
        self.reps.len() as u64 * self.n_corner as u64
    }

    /// Bytes of the table at this level.
    pub fn table_bytes(&self) -> usize {
        self.n_entries().div_ceil(4) as usize
    }

    /// Bytes of these tables.
    pub fn bytes(&self) -> usize {
        4 * (self.of.len() + self.reps.len())
            + 2 * (self.perm_of.len()
                + self.perm_move.len()
                + self.perm_conj.len()
                + self.twist_conj.len()
                + self.sep_move.len()
                + self.fixed_by.len())
            + self.flips_move.len()
    }

    /// The corner coordinate `(perm coset, twist)` under symmetry `s`.
    #[inline(always)]
    pub fn corner_conj(&self, perm: u16, tw: u16, s: usize) -> usize {
        self.perm_conj[perm as usize * N_UD_SYMS + s] as usize * N_TWIST
            + self.twist_conj[tw as usize * N_UD_SYMS + s] as usize
    }

    /// The edge value of separation and flips (the index into [`H16Syms::of`]).
    #[inline(always)]
    pub fn edge_index(sep: u16, flips: u8) -> usize {
        sep as usize * 16 + flips as usize
    }

    /// The new flips after turn `m`.
    #[inline(always)]
    pub fn flips_after(&self, sep: u16, flips: u8, m: usize) -> u8 {
        self.flips_move[((sep as usize / 70) * 16 + flips as usize) * N_MOVES + m]
    }

    /// The entry of an edge value's class and a corner coordinate.
    #[inline(always)]
    pub fn entry_of(&self, edge: usize, perm: u16, tw: u16) -> u64 {
        let of = self.of[edge];
        (of >> 4) as u64 * self.n_corner as u64
            + self.corner_conj(perm, tw, (of & 15) as usize) as u64
    }
}

/// Progress of a build: the layer and the entries known.
#[derive(Clone, Copy, Debug)]
pub struct BuildProgress {
    pub depth: u8,
    pub filled: u64,
    pub entries: u64,
    /// The share of the work done, 0 to 1: the entries filled say little, as the build
    /// stops a third of the way through them, at [`Level::deepest_exact`].
    pub fraction: f32,
}

/// The table: distances mod 3, two bits each.
pub struct H16Table {
    pub syms: H16Syms,
    data: TableBytes,
}

/// One position's coordinates as the table sees them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct H16Coords {
    pub sep: u16,
    pub flips: u8,
    pub perm: u16,
    pub twist: u16,
}

impl H16Coords {
    pub fn of(syms: &H16Syms, c: &CubieCube) -> H16Coords {
        let (sep, flips) = edge_coords(&c.ep, &c.eo);
        H16Coords {
            sep,
            flips,
            perm: syms.perm_of[perm_rank(&c.cp) as usize],
            twist: twist(&c.co),
        }
    }

    #[inline(always)]
    pub fn after(&self, syms: &H16Syms, base: &CoordMoves, m: usize) -> H16Coords {
        H16Coords {
            sep: syms.sep_move[self.sep as usize * N_MOVES + m],
            flips: syms.flips_after(self.sep, self.flips, m),
            perm: syms.perm_move[self.perm as usize * N_MOVES + m],
            twist: base.twist_move[self.twist as usize * N_MOVES + m],
        }
    }
}

impl H16Table {
    /// The table read back (`None` if the length is not this level's).
    pub fn from_bytes(
        syms: H16Syms,
        data: impl Into<TableBytes>,
    ) -> Result<H16Table, Box<H16Syms>> {
        let data = data.into();
        if data.len() == syms.table_bytes() {
            Ok(H16Table { syms, data })
        } else {
            Err(Box::new(syms))
        }
    }

    pub fn bytes(&self) -> &[u8] {
        &self.data
    }

    pub fn level(&self) -> Level {
        self.syms.level
    }

    #[inline(always)]
    pub fn entry_byte(&self, i: u64) -> &u8 {
        &self.data[(i >> 2) as usize]
    }

    #[inline(always)]
    pub fn residue(&self, i: u64) -> u8 {
        mod3::residue_in(self.data[(i >> 2) as usize], i as usize)
    }

    pub fn entry(&self, c: &H16Coords) -> u64 {
        self.syms
            .entry_of(H16Syms::edge_index(c.sep, c.flips), c.perm, c.twist)
    }

    /// The distance of a neighbour of a position at `before` (exact, or the table's
    /// least for one it did not reach), whose entry is `e`. A neighbour the table did not
    /// reach is at least one past [`Level::deepest_exact`]; one it did, of a position it
    /// did not, is exactly [`Level::deepest_exact`] (neighbours are at most one apart),
    /// which the residue's adjustment gives.
    #[inline(always)]
    pub fn next_distance(&self, before: u8, e: u64) -> u8 {
        next_distance(self.syms.level.deepest_exact(), before, self.residue(e))
    }

    /// [`H16Table::next_distance`], given the byte at [`H16Table::entry_byte`] already read.
    #[inline(always)]
    pub fn next_distance_in(&self, before: u8, e: u64, byte: u8) -> u8 {
        let residue = mod3::residue_in(byte, e as usize);
        next_distance(self.syms.level.deepest_exact(), before, residue)
    }

    /// The distance of a position, stepping one closer at a time: exact up to one past
    /// [`Level::deepest_exact`], beyond that a lower bound (two past it).
    pub fn distance(&self, base: &CoordMoves, c: &H16Coords) -> u8 {
        let deepest = self.syms.level.deepest_exact();
        if self.residue(self.entry(c)) == UNSEEN {
            let reached = |n: &H16Coords| self.residue(self.entry(n)) != UNSEEN;
            let next_to_reached = (0..N_MOVES).any(|m| reached(&c.after(&self.syms, base, m)));
            return deepest + if next_to_reached { 1 } else { 2 };
        }
        let mut c = *c;
        let mut d = 0u8;
        while c != H16Coords::default() && d < 30 {
            let closer = (self.residue(self.entry(&c)) + 2) % 3;
            match (0..N_MOVES)
                .map(|m| c.after(&self.syms, base, m))
                .find(|n| self.residue(self.entry(n)) == closer)
            {
                Some(n) => c = n,
                None => break,
            }
            d += 1;
        }
        d
    }

    pub fn checksum(data: &[u8]) -> u64 {
        super::checksum::checksum(data)
    }

    /// A table from its symmetries and its bytes, built by [`super::h16_build`].
    pub(super) fn assemble(syms: H16Syms, data: Vec<u8>) -> H16Table {
        H16Table {
            syms,
            data: data.into(),
        }
    }

    /// Breadth-first search from solved on `threads` threads.
    pub fn build(
        base: &CoordMoves,
        syms: H16Syms,
        threads: usize,
        mut progress: impl FnMut(BuildProgress),
    ) -> H16Table {
        let entries = syms.n_entries();
        let mut data = crate::huge_pages::filled(syms.table_bytes(), 0xFFu8);
        {
            let b = Builder::over(base, &syms, &mut data);
            let mut filled = b.set_with_twins(0, 0) as u64;
            let mut last = filled;
            let mut depth = 0u8;
            let classes = syms.reps.len();
            while filled < entries && depth < syms.level.deepest_exact() {
                let backward = last * 2 > entries - filled;
                let added = AtomicUsize::new(0);
                let cursor = AtomicUsize::new(0);
                let work = || loop {
                    let from = cursor.fetch_add(ROWS, Ordering::Relaxed);
                    if from >= classes {
                        break;
                    }
                    let n = b.layer(from..(from + ROWS).min(classes), depth, backward);
                    added.fetch_add(n, Ordering::Relaxed);
                };
                std::thread::scope(|s| {
                    let workers: Vec<_> = (0..threads.max(1)).map(|_| s.spawn(work)).collect();
                    while !workers.iter().all(|w| w.is_finished()) {
                        std::thread::sleep(std::time::Duration::from_millis(100));
                        let rows = cursor.load(Ordering::Relaxed).min(classes);
                        progress(BuildProgress {
                            depth,
                            filled: filled + added.load(Ordering::Relaxed) as u64,
                            entries,
                            fraction: layer_fraction(depth, rows as f32 / classes as f32),
                        });
                    }
                });
                last = added.into_inner() as u64;
                if last == 0 {
                    break;
                }
                filled += last;
                depth += 1;
                progress(BuildProgress {
                    depth,
                    filled,
                    entries,
                    fraction: layer_fraction(depth, 0.0),
                });
            }
        }
        H16Table::assemble(syms, data)
    }
}

/// Seconds each breadth-first layer of level 0 took natively on one thread
/// (`rubik_h16_steps`'s ignored test prints them, 2026-11-29, beside a browser's build):
/// only the ratios matter. The first layers skip whole words of entries that hold nothing
/// to expand; the last ones do the work. The build ends at [`Level::deepest_exact`].
const LAYER_COST: [f32; 10] = [1.3, 1.2, 1.3, 1.1, 1.2, 1.3, 1.6, 3.0, 13.6, 56.1];

/// The share of the build done at `part` (0 to 1) of layer `depth`.
pub(super) fn layer_fraction(depth: u8, part: f32) -> f32 {
    let depth = depth as usize;
    let total: f32 = LAYER_COST.iter().sum();
    let before: f32 = LAYER_COST.iter().take(depth).sum();
    let this = LAYER_COST.get(depth).copied().unwrap_or(0.0);
    ((before + this * part.clamp(0.0, 1.0)) / total).min(0.999)
}

/// [`H16Table::next_distance`] for a table exact to `deepest`, from the neighbour's
/// entry (its residue, or unseen).
#[inline(always)]
fn next_distance(deepest: u8, before: u8, entry: u8) -> u8 {
    match entry {
        UNSEEN => deepest + 1,
        r => Mod3Table::adjust(before, r),
    }
}

/// The breadth-first search's view of a table being built (on threads here, in steps in
/// [`super::h16_build`]).
pub(super) struct Builder<'a> {
    base: &'a CoordMoves,
    syms: &'a H16Syms,
    cells: &'a [AtomicU8],
}

impl<'a> Builder<'a> {
    /// The builder over `data`, the table's bytes (every entry unseen at first).
    pub(super) fn over(base: &'a CoordMoves, syms: &'a H16Syms, data: &'a mut [u8]) -> Builder<'a> {
        // SAFETY: AtomicU8 has the size, alignment and bit validity of u8, and `data` is
        // borrowed mutably by nothing else while the builder lives.
        let cells: &[AtomicU8] = unsafe { &*(data as *mut [u8] as *const [AtomicU8]) };
        Builder { base, syms, cells }
    }

    #[inline(always)]
    fn set(&self, i: u64, v: u8) -> bool {
        let shift = (i & 3) * 2;
        let cell = &self.cells[(i >> 2) as usize];
        let before = cell.fetch_and(!((UNSEEN ^ v) << shift), Ordering::Relaxed);
        (before >> shift) & 3 == UNSEEN
    }

    /// Whether any of the entries in `bytes` bytes from entry `i` (a byte's first) is
    /// `wanted`: every 2-bit lane compared at once.
    #[inline(always)]
    fn holds(&self, i: u64, bytes: usize, wanted: u8) -> bool {
        let at = (i >> 2) as usize;
        let mut word = [0u8; 8];
        for (k, b) in word.iter_mut().take(bytes).enumerate() {
            *b = self.cells[at + k].load(Ordering::Relaxed);
        }
        // Lanes past `bytes` are read as `wanted`'s complement, never equal to it.
        for b in word.iter_mut().skip(bytes) {
            *b = !(wanted * 0x55);
        }
        let x = u64::from_le_bytes(word) ^ (wanted as u64 * 0x5555_5555_5555_5555);
        !(x | (x >> 1)) & 0x5555_5555_5555_5555 != 0
    }

    #[inline(always)]
    fn get(&self, i: u64) -> u8 {
        (self.cells[(i >> 2) as usize].load(Ordering::Relaxed) >> ((i & 3) * 2)) & 3
    }

    /// Sets entry `i` and its twins (a class whose representative a symmetry fixes has
    /// the same distance at the corners' image under that symmetry).
    pub(super) fn set_with_twins(&self, i: u64, v: u8) -> usize {
        let mut count = self.set(i, v) as usize;
        let nc = self.syms.n_corner as u64;
        let (class, corner) = (i / nc, (i % nc) as usize);
        let fixed = self.syms.fixed_by[class as usize];
        if fixed > 1 {
            let (perm, tw) = ((corner / N_TWIST) as u16, (corner % N_TWIST) as u16);
            for s in 1..N_UD_SYMS {
                if fixed & (1 << s) != 0 {
                    let j = class * nc + self.syms.corner_conj(perm, tw, s) as u64;
                    if self.get(j) == UNSEEN {
                        count += self.set(j, v) as usize;
                    }
                }
            }
        }
        count
    }

    fn layer(&self, rows: std::ops::Range<usize>, depth: u8, backward: bool) -> usize {
        let n_perm = self.syms.n_corner / N_TWIST;
        rows.map(|class| self.layer_part(class, 0..n_perm, depth, backward))
            .sum()
    }

    /// One layer's work on the corner cosets `perms` of class row `class` (a part of a
    /// row, so the page's stepped build can stop within one: a row is 153,090 entries at
    /// level 0); returns the entries it reached.
    pub(super) fn layer_part(
        &self,
        class: usize,
        perms: std::ops::Range<usize>,
        depth: u8,
        backward: bool,
    ) -> usize {
        let (now, next) = (depth % 3, (depth + 1) % 3);
        let syms = self.syms;
        let nc = syms.n_corner;
        let twist_move = &self.base.twist_move;
        let mut count = 0;
        let row = class as u64 * nc as u64;
        let rep = syms.reps[class] as usize;
        let (sep, flips) = ((rep / 16) as u16, (rep % 16) as u8);
        let targets: [(u64, usize); N_MOVES] = std::array::from_fn(|m| {
            let e = H16Syms::edge_index(
                syms.sep_move[sep as usize * N_MOVES + m],
                syms.flips_after(sep, flips, m),
            );
            let of = syms.of[e];
            ((of >> 4) as u64 * nc as u64, (of & 15) as usize)
        });
        let wanted = if backward { UNSEEN } else { now };
        for perm in perms {
            // Per turn: where this coset goes (its row offset there).
            let perm_to: [u64; N_MOVES] = std::array::from_fn(|m| {
                let (to, s) = targets[m];
                let p = syms.perm_move[perm * N_MOVES + m] as usize;
                to + (syms.perm_conj[p * N_UD_SYMS + s] as usize * N_TWIST) as u64
            });
            let base_i = row + (perm * N_TWIST) as u64;
            let mut tw = 0;
            while tw < N_TWIST {
                let i = base_i + tw as u64;
                // Skip whole words (32 entries) and bytes (4) that hold nothing wanted:
                // most of the table in the first and the last layers. No entry becomes
                // wanted during a layer (entries are only ever set to `next`), so a
                // skipped one stays skipped rightly.
                if i & 31 == 0 && tw + 32 <= N_TWIST && !self.holds(i, 8, wanted) {
                    tw += 32;
                    continue;
                }
                if i & 3 == 0 && tw + 4 <= N_TWIST && !self.holds(i, 1, wanted) {
                    tw += 4;
                    continue;
                }
                let twist = tw;
                tw += 1;
                if self.get(i) != wanted {
                    continue;
                }
                let neighbour = |m: usize| {
                    let t = twist_move[twist * N_MOVES + m] as usize;
                    perm_to[m] + syms.twist_conj[t * N_UD_SYMS + targets[m].1] as u64
                };
                if backward {
                    if (0..N_MOVES).any(|m| self.get(neighbour(m)) == now) {
                        count += self.set_with_twins(i, next);
                    }
                } else {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    #[test]
    fn the_build_fraction_grows_through_the_layers_and_stops_short_of_one() {
        let mut last = -1.0f32;
        for depth in 0..LAYER_COST.len() as u8 + 2 {
            for part in [0.0, 0.5, 1.0] {
                let f = layer_fraction(depth, part);
                assert!(f >= last && (0.0..1.0).contains(&f), "{depth} {part}: {f}");
                last = f;
            }
            assert_eq!(layer_fraction(depth, 1.0), layer_fraction(depth + 1, 0.0));
        }
    }

    /// Every pair of neighbours' true distances (at most one apart), the parent's as the
    /// search knows it (exact within the table, else any bound the table gives), and the
    /// child's entry as a table exact to `deepest` keeps it: the child reads its exact
    /// distance when the table reached it, else a bound past `deepest` and no more than
    /// its distance.
    #[test]
    fn a_neighbour_reads_its_distance_or_a_sound_bound_past_the_deepest() {
        for deepest in 8..=12u8 {
            for parent in 0..deepest + 4 {
                let known = if parent <= deepest {
                    vec![parent]
                } else {
                    (deepest + 1..=parent.min(deepest + 2)).collect()
                };
                for child in parent.saturating_sub(1)..=parent + 1 {
                    let entry = if child <= deepest { child % 3 } else { UNSEEN };
                    for &before in &known {
                        let read = next_distance(deepest, before, entry);
                        if child <= deepest {
                            assert_eq!(read, child, "{deepest} {parent} {before} {child}");
                        } else {
                            assert!(read > deepest && read <= child, "{deepest} {child} {read}");
                        }
                    }
                }
            }
        }
    }

    fn random_cube(rng: &mut Rng) -> CubieCube {
        let moves = move_cubes();
        (0..40).fold(CubieCube::SOLVED, |c, _| {
            c.multiply(&moves[rng.below(18) as usize])
        })
    }

    #[test]
    fn edge_coordinates_round_trip_and_solved_is_zero() {
        assert_eq!(
            edge_coords(&CubieCube::SOLVED.ep, &CubieCube::SOLVED.eo),
            (0, 0)
        );
        let mut rng = Rng::new(5);
        for _ in 0..2000 {
            let sep = rng.below(N_SEP as u64) as u16;
            let f = rng.below(16) as u8;
            let c = edge_cube(sep, f);
            assert_eq!(edge_coords(&c.ep, &c.eo), (sep, f));
        }
    }

    #[test]
    fn a_word_or_a_byte_holds_a_distance_only_where_a_lane_has_it() {
        let (base, syms) = (CoordMoves::new(), H16Syms::new(Level(0)));
        // Every lane unseen but one entry per case, in bytes 0..8 and past them.
        for at in [0u64, 5, 31, 32, 35] {
            for v in 0..3u8 {
                let mut data = vec![0xFFu8; 16];
                data[(at >> 2) as usize] &= !((3 ^ v) << ((at & 3) * 2));
                let b = Builder::over(&base, &syms, &mut data);
                assert_eq!(b.get(at), v);
                for wanted in 0..3u8 {
                    let want = wanted == v;
                    assert_eq!(b.holds(0, 8, wanted), want && at < 32, "{at} {v} {wanted}");
                    let byte = at & !3;
                    assert_eq!(b.holds(byte, 1, wanted), want, "{at} {v} {wanted}");
                    assert!(!b.holds((byte + 4) % 64, 1, wanted));
                }
                assert!(b.holds(0, 8, UNSEEN) && b.holds(32, 8, UNSEEN));
            }
        }
    }

    #[test]
    fn coset_counts_per_level() {
        for (k, want) in [(0, 70), (1, 140), (2, 420)] {
            assert_eq!(Level(k).cosets(), want);
            let (of, reps) = perm_cosets(Level(k));
            assert_eq!(reps.len(), want, "level {k}");
            assert_eq!(of[0], 0);
        }
    }

    #[test]
    fn coordinates_follow_turns_and_symmetries_on_random_cubes() {
        let base = CoordMoves::new();
        let moves = move_cubes();
        let mut rng = Rng::new(17);
        for level in 0..=Level::MAX {
            let syms = H16Syms::new(Level(level));
            assert_eq!(syms.reps.len(), EDGE_CLASSES);
            assert_eq!(Level(level).table_bytes(), syms.table_bytes() as u64);
            for _ in 0..300 {
                let c = random_cube(&mut rng);
                let x = H16Coords::of(&syms, &c);
                for (m, mc) in moves.iter().enumerate() {
                    assert_eq!(
                        x.after(&syms, &base, m),
                        H16Coords::of(&syms, &c.multiply(mc))
                    );
                }
                // The cube and its symmetric images share one entry.
                let table_entry = |c: &CubieCube| {
                    let x = H16Coords::of(&syms, c);
                    syms.entry_of(H16Syms::edge_index(x.sep, x.flips), x.perm, x.twist)
                };
                let e = table_entry(&c);
                for s in 0..N_UD_SYMS {
                    let d = ud_conjugate(&c, s);
                    let y = H16Coords::of(&syms, &d);
                    assert_eq!(
                        syms.corner_conj(x.perm, x.twist, s),
                        y.perm as usize * N_TWIST + y.twist as usize
                    );
                    if syms.fixed_by[(syms.of[H16Syms::edge_index(y.sep, y.flips)] >> 4) as usize]
                        <= 1
                    {
                        assert_eq!(table_entry(&d), e, "symmetry {s}");
                    }
                }
            }
        }
    }
}
