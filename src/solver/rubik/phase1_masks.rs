//! Phase 1's first cut for all 18 turns of a node at once. The twist×flip table cuts about
//! two children in three; asking it turn by turn cost two move-table loads and an index
//! each. Here one load per node gives the residues (distance mod 3) of all 18 children of
//! a twist×flip entry, 2 bits each, and a few word operations turn them into the mask of
//! turns that pass: the node then tries only those.
//!
//! An entry stands for its class's representative, which is the node's cube seen through
//! a symmetry `s`; turn `m` of the node is turn `s·m·s` of the representative, so the
//! mask is read back through that permutation of the turns (six table loads of a few
//! bits each). The same holds for the quarter-y conjugate's estimate, with the turns
//! first seen under y.

use super::coord::{N_FLIP, N_TWIST};
use super::cubie::move_cubes;
use super::phase1_moves::Phase1Moves;
use super::sym::{conjugate, moves_under_y, symmetries, N_SYM};
use super::sym::{Classes, Conjugates};
use super::tables::{Mod3Table, N_MOVES};

/// Bit 0 of every 2-bit field.
const LOW: u64 = 0x5_5555_5555;

/// Fields of a residue word per lookup in [`ChildMasks::passing`]: three 2-bit fields.
const CHUNKS: usize = 6;

pub struct ChildMasks {
    /// Indexed like the twist×flip table: field `m` holds the residue of the entry's child
    /// by turn `m`.
    residues: Vec<u64>,
    /// For a symmetry, a chunk and a chunk's passing bits (bit 0 of its fields): the
    /// node's turns they stand for. `[0]` for the node, `[1]` for its y conjugate.
    to_turns: Box<[[[[u32; 64]; CHUNKS]; N_SYM]; 2]>,
}

impl ChildMasks {
    pub fn new(
        moves: &Phase1Moves,
        conj: &Conjugates,
        twist_classes: &Classes,
        twist_flip: &Mod3Table,
    ) -> ChildMasks {
        // Every (twist, flip)'s residue, unpacked, and the flip move table turn by turn:
        // then an entry's child by turn `m` is one byte of the child twist's row.
        let mut full = vec![0u8; N_TWIST * N_FLIP];
        for (twist, row) in full.chunks_exact_mut(N_FLIP).enumerate() {
            let (class, sym) = (
                twist_classes.class(twist as u16),
                twist_classes.sym(twist as u16),
            );
            for (f, r) in row.iter_mut().enumerate() {
                *r = twist_flip.get(class * N_FLIP + conj.flip[f * N_SYM + sym] as usize);
            }
        }
        let flip_by_turn: Vec<[u16; N_FLIP]> = (0..N_MOVES)
            .map(|m| std::array::from_fn(|x| moves.flip[x * N_MOVES + m].flip()))
            .collect();
        let mut residues = vec![0u64; twist_classes.len() * N_FLIP];
        for (class, row) in residues.chunks_exact_mut(N_FLIP).enumerate() {
            let rep = twist_classes.reps[class] as usize;
            for (m, flips) in flip_by_turn.iter().enumerate() {
                let child = moves.twist[rep * N_MOVES + m].twist() as usize;
                let child_row: &[u8; N_FLIP] = full[child * N_FLIP..(child + 1) * N_FLIP]
                    .try_into()
                    .expect("a row has one entry per flip");
                for (entry, &f) in row.iter_mut().zip(flips) {
                    *entry |= (child_row[f as usize & (N_FLIP - 1)] as u64) << (2 * m);
                }
            }
        }
        let cubes = move_cubes();
        let syms = symmetries();
        // Turn `m` of a cube is turn `conj[s][m]` of the cube seen through symmetry `s`.
        let conj: [[usize; N_MOVES]; N_SYM] = std::array::from_fn(|s| {
            std::array::from_fn(|m| {
                let image = conjugate(&cubes[m], &syms[s]);
                cubes.iter().position(|c| *c == image).unwrap_or(m)
            })
        });
        let under_y = moves_under_y();
        let mut to_turns = Box::new([[[[0u32; 64]; CHUNKS]; N_SYM]; 2]);
        for (view, tables) in to_turns.iter_mut().enumerate() {
            for (s, chunks) in tables.iter_mut().enumerate() {
                for (m, &m_y) in under_y.iter().enumerate() {
                    let seen = if view == 0 { m } else { m_y as usize };
                    let field = conj[s][seen];
                    let (chunk, bit) = (field / 3, 2 * (field % 3));
                    for (bits, turns) in chunks[chunk].iter_mut().enumerate() {
                        if bits >> bit & 1 != 0 {
                            *turns |= 1 << m;
                        }
                    }
                }
            }
        }
        ChildMasks { residues, to_turns }
    }

    /// No entries yet (the tables fill it once the twist×flip table is built).
    pub fn empty() -> ChildMasks {
        ChildMasks {
            residues: Vec::new(),
            to_turns: Box::new([[[[0; 64]; CHUNKS]; N_SYM]; 2]),
        }
    }

    /// The turns whose child the twist×flip table lets through: the node's entry is
    /// `index` (its twist seen through `sym`), its exact distance `d`, and `remaining`
    /// turns may follow the child. `y`: the entry is the node's y conjugate's.
    #[inline(always)]
    pub fn passing(&self, index: usize, sym: u32, d: u8, remaining: u8, y: bool) -> u32 {
        let e = self.residues[index];
        let (lo, hi) = (e & LOW, e >> 1 & LOW);
        let mut spread = 0;
        if Mod3Table::adjust(d, 0) <= remaining {
            spread |= !(lo | hi) & LOW;
        }
        if Mod3Table::adjust(d, 1) <= remaining {
            spread |= lo & !hi;
        }
        if Mod3Table::adjust(d, 2) <= remaining {
            spread |= hi & !lo;
        }
        let table = &self.to_turns[y as usize][sym as usize & 3];
        (0..CHUNKS).fold(0, |turns, k| {
            turns | table[k][(spread >> (6 * k)) as usize & 63]
        })
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        8 * self.residues.len() + std::mem::size_of_val(&*self.to_turns)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::rng::Rng;
    use crate::solver::rubik::tables::Tables;

    /// For random entries, every distance and bound: the mask holds exactly the turns
    /// whose child the twist×flip table, asked turn by turn, lets through (for a cube and
    /// for its y conjugate, whose turns are the cube's seen under y).
    #[test]
    fn masks_agree_with_the_table_asked_turn_by_turn() {
        let t = Tables::new();
        let mut rng = Rng::new(7);
        for _ in 0..2000 {
            let twist = rng.below(N_TWIST as u64) as u16;
            let flip = rng.below(N_FLIP as u64) as u16;
            let index = t.twist_flip_index(twist, flip);
            let sym = t.twist_classes.sym(twist) as u32;
            for y in [false, true] {
                let residue = |m: usize| {
                    let seen = if y { t.moves_under_y[m] as usize } else { m };
                    let child_twist = t.twist_move[twist as usize * N_MOVES + seen];
                    let child_flip = t.flip_move[flip as usize * N_MOVES + seen];
                    t.twist_flip_prune
                        .get(t.twist_flip_index(child_twist, child_flip))
                };
                for d in 3..6u8 {
                    for remaining in d - 1..=d + 1 {
                        let expected = (0..N_MOVES)
                            .filter(|&m| Mod3Table::adjust(d, residue(m)) <= remaining)
                            .fold(0u32, |b, m| b | 1 << m);
                        let got = t.child_masks.passing(index, sym, d, remaining, y);
                        assert_eq!(got, expected, "{twist} {flip} {d} {remaining} {y}");
                    }
                }
            }
        }
    }
}
