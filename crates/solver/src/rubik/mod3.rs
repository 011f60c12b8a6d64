//! Distances mod 3, four to a byte: the one packing every distance table of the solver
//! uses (the phase-1 pair tables and the optimal solver's big tables). A move changes a
//! distance by −1, 0 or +1, and those differ mod 3, so knowing a cube's exact distance and
//! its neighbour's residue gives the neighbour's exact distance: a quarter of the memory,
//! so the tables the search reads most stay in the processor's caches.

use std::sync::atomic::{AtomicU8, Ordering};

use super::moves::N_MOVES;

/// The value of an entry not reached yet while a table is built (all bits set).
pub const UNSEEN: u8 = 3;

/// Entry `i`'s residue in packed bytes.
#[inline(always)]
pub fn residue(data: &[u8], i: usize) -> u8 {
    residue_in(data[i >> 2], i)
}

/// Entry `i`'s residue in `byte`, the byte that holds it (read already).
#[inline(always)]
pub fn residue_in(byte: u8, i: usize) -> u8 {
    (byte >> ((i & 3) * 2)) & 3
}

/// [`Mod3Table::adjust`] for every distance below 32 and residue, indexed `d << 2 | residue`.
const ADJUST: [u8; 128] = {
    let mut out = [0u8; 128];
    let mut i = 0;
    while i < 128 {
        let (d, residue) = ((i >> 2) as u8, (i & 3) as u8);
        out[i] = match (residue + 3 - d % 3) % 3 {
            0 => d,
            1 => d + 1,
            _ => d.saturating_sub(1),
        };
        i += 1;
    }
    out
};

/// A table of distances mod 3 (see the module's note).
#[derive(Default)]
pub struct Mod3Table {
    pub(super) data: Vec<u8>,
}

impl Mod3Table {
    /// The residues of whole distances.
    pub fn pack(distances: &[u8]) -> Mod3Table {
        let mut data = vec![0u8; distances.len().div_ceil(4)];
        for (i, &d) in distances.iter().enumerate() {
            data[i >> 2] |= (d % 3) << ((i & 3) * 2);
        }
        Mod3Table { data }
    }

    /// The distance of entry `i`, mod 3.
    #[inline]
    pub fn get(&self, i: usize) -> u8 {
        residue(&self.data, i)
    }

    /// The exact distance of a neighbour whose residue is `residue`, of an entry at exact
    /// distance `d`.
    #[inline]
    pub fn adjust(d: u8, residue: u8) -> u8 {
        // A table: the search asks this for every turn it tries.
        ADJUST[(d as usize & 31) << 2 | (residue as usize & 3)]
    }

    /// The exact distance of entry `start` (entry 0 is the goal), stepping to a neighbour
    /// one closer each time.
    pub fn walk(&self, start: usize, next: impl Fn(usize, usize) -> usize) -> u8 {
        walk(
            |i| self.get(i),
            start,
            |i| i == 0,
            30,
            |i, m| Some(next(i, m)),
        )
    }
}

/// The exact distance of `start` down a table of residues (`residue_of`), one closer
/// neighbour (`next(at, turn)`) at a time until `goal` (at most `max` steps).
pub fn walk<T: Copy>(
    residue_of: impl Fn(T) -> u8,
    start: T,
    goal: impl Fn(T) -> bool,
    max: u8,
    next: impl Fn(T, usize) -> Option<T>,
) -> u8 {
    let (mut at, mut d) = (start, 0u8);
    while !goal(at) && d < max {
        let closer = (residue_of(at) + 2) % 3;
        match (0..N_MOVES)
            .filter_map(|m| next(at, m))
            .find(|&n| residue_of(n) == closer)
        {
            Some(n) => at = n,
            None => break, // not reached: everything but the goal has a closer neighbour
        }
        d += 1;
    }
    d
}

/// Packed residues that several threads fill at once (a table while it is built).
#[derive(Clone, Copy)]
pub struct Mod3Cells<'a>(pub &'a [AtomicU8]);

impl<'a> Mod3Cells<'a> {
    /// `data` seen as cells that can be set from several threads.
    pub fn new(data: &'a mut [u8]) -> Mod3Cells<'a> {
        // SAFETY: AtomicU8 has the size, alignment and bit validity of u8, and `data` is
        // borrowed mutably (by nothing else) for as long as the cells live.
        Mod3Cells(unsafe { &*(data as *mut [u8] as *const [AtomicU8]) })
    }

    /// From [`UNSEEN`] to `v`: clear the bits `v` lacks. True if this call did it (of two
    /// threads setting one entry, one sees it unseen).
    #[inline]
    pub fn set(&self, i: usize, v: u8) -> bool {
        let shift = (i & 3) * 2;
        let before = self.0[i >> 2].fetch_and(!((UNSEEN ^ v) << shift), Ordering::Relaxed);
        (before >> shift) & 3 == UNSEEN
    }

    #[inline]
    pub fn get(&self, i: usize) -> u8 {
        (self.0[i >> 2].load(Ordering::Relaxed) >> ((i & 3) * 2)) & 3
    }
}
