//! The corner pattern database (Korf's): the exact number of face turns that solve the
//! eight corners alone, for every corner permutation × twist (8! × 3^7 = 88,179,840
//! positions, at most 11 turns), four bits an entry: 44 MB. Built once by breadth-first
//! search (seconds natively) and kept by the caller (the CLI keeps it in the user's cache
//! directory, checked by [`CornerTable::checksum`]).
//!
//! Why this table: it is the largest one that builds in seconds without symmetry
//! reduction, and it measures what the phase-1 tables (orientations and the middle layer)
//! never see — where the corners are. The optimal search takes the larger of it and the
//! phase-1 distances seen along three axes.

use super::checksum;
use crate::rubik::coord::{
    perm_rank, perm_unrank, twist, twist_to_orientation, N_CORNER_PERM, N_TWIST,
};
use crate::rubik::cubie::{move_cubes, CubieCube};
use crate::rubik::moves::N_MOVES;
use crate::table_bytes::TableBytes;

/// Entries: corner permutation × twist.
pub const N_CORNER_STATES: usize = N_CORNER_PERM * N_TWIST;

const UNSEEN: u8 = 15;

pub struct CornerTable {
    /// Two entries a byte, entry `corner_perm * N_TWIST + twist`, low nibble first.
    data: TableBytes,
}

/// Corner permutation × face turn → corner permutation (all 18 turns).
pub fn corner_perm_move_table() -> Vec<u16> {
    let moves = move_cubes();
    let mut out = Vec::with_capacity(N_CORNER_PERM * N_MOVES);
    for c in 0..N_CORNER_PERM {
        let cp = perm_unrank::<8>(c as u32);
        for mv in moves.iter() {
            let after: [u8; 8] = std::array::from_fn(|i| cp[mv.cp[i] as usize]);
            out.push(perm_rank(&after));
        }
    }
    out
}

/// Twist × face turn → twist (the same table as [`crate::rubik::coord_moves::CoordMoves::twist_move`]).
fn twist_move_table() -> Vec<u16> {
    let moves = move_cubes();
    let mut out = Vec::with_capacity(N_TWIST * N_MOVES);
    for t in 0..N_TWIST {
        let c = CubieCube {
            co: twist_to_orientation(t as u16),
            ..CubieCube::SOLVED
        };
        for mv in moves.iter() {
            out.push(twist(&c.multiply(mv).co));
        }
    }
    out
}

/// Entry `i` of the table's bytes (four bits each).
#[inline]
fn get(data: &[u8], i: usize) -> u8 {
    get_in(data[i >> 1], i)
}

/// Entry `i` in `byte`, the byte that holds it (read already).
#[inline(always)]
fn get_in(byte: u8, i: usize) -> u8 {
    (byte >> ((i & 1) * 4)) & 15
}

fn set(data: &mut [u8], i: usize, d: u8) {
    let shift = (i & 1) * 4;
    let b = &mut data[i >> 1];
    *b = (*b & !(15 << shift)) | (d << shift);
}

impl CornerTable {
    pub const BYTES: usize = N_CORNER_STATES / 2;

    /// Breadth-first search from solved; `progress(depth, filled)` after each layer.
    pub fn build(mut progress: impl FnMut(u8, usize)) -> CornerTable {
        let corner_move = corner_perm_move_table();
        let twist_move = twist_move_table();
        let mut t = crate::huge_pages::filled(Self::BYTES, 0xFFu8);
        set(&mut t, 0, 0);
        let next = |i: usize, m: usize| {
            let (c, w) = (i / N_TWIST, i % N_TWIST);
            corner_move[c * N_MOVES + m] as usize * N_TWIST + twist_move[w * N_MOVES + m] as usize
        };
        let mut filled = 1usize;
        let mut depth = 0u8;
        while filled < N_CORNER_STATES && depth < UNSEEN - 1 {
            // Forwards while the layer is small; then it is cheaper to look, from each
            // unseen entry, for a neighbour in the last layer.
            let backward = filled * 3 > N_CORNER_STATES;
            let mut added = 0usize;
            for i in 0..N_CORNER_STATES {
                if backward {
                    if get(&t, i) == UNSEEN && (0..N_MOVES).any(|m| get(&t, next(i, m)) == depth) {
                        set(&mut t, i, depth + 1);
                        added += 1;
                    }
                } else if get(&t, i) == depth {
                    for m in 0..N_MOVES {
                        let j = next(i, m);
                        if get(&t, j) == UNSEEN {
                            set(&mut t, j, depth + 1);
                            added += 1;
                        }
                    }
                }
            }
            if added == 0 {
                break;
            }
            filled += added;
            depth += 1;
            progress(depth, filled);
        }
        CornerTable { data: t.into() }
    }

    #[inline]
    pub fn get(&self, i: usize) -> u8 {
        get(&self.data, i)
    }

    /// The distance of a corner permutation and twist.
    #[inline]
    pub fn distance(&self, corner_perm: u16, twist: u16) -> u8 {
        self.get(corner_perm as usize * N_TWIST + twist as usize)
    }

    /// The distance of a corner permutation and twist, given the byte at
    /// [`CornerTable::entry_byte`] already read.
    #[inline(always)]
    pub fn distance_in(&self, byte: u8, corner_perm: u16, twist: u16) -> u8 {
        get_in(byte, corner_perm as usize * N_TWIST + twist as usize)
    }

    /// The byte holding a corner permutation and twist's entry (for a prefetch).
    #[inline]
    pub fn entry_byte(&self, corner_perm: u16, twist: u16) -> &u8 {
        &self.data[(corner_perm as usize * N_TWIST + twist as usize) >> 1]
    }

    pub fn bytes(&self) -> &[u8] {
        &self.data
    }

    /// A table read back from [`CornerTable::bytes`] (`None` if the length is wrong).
    pub fn from_bytes(data: impl Into<TableBytes>) -> Option<CornerTable> {
        let data = data.into();
        (data.len() == Self::BYTES).then_some(CornerTable { data })
    }

    /// The checksum the stored copies are checked by ([`checksum::checksum`]).
    pub fn checksum(data: &[u8]) -> u64 {
        checksum::checksum(data)
    }
}
