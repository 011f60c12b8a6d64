//! Phase 1's first cut for all 18 turns of a node at once. The twist×flip table cuts about
//! two children in three; asking it turn by turn cost two move-table loads and an index
//! each. Here one load per node says, for all 18 children of a twist×flip entry, which are
//! one move closer to the goal and which are as far (a move changes the distance by at
//! most one), 18 bits each: the node then tries only the turns that pass. Five bytes an
//! entry (4.6 MB; a u64 with the 2-bit residues took twice that, and the table is read at
//! random, so half the size is half the cache it needs).
//!
//! An entry stands for its class's representative, which is the node's cube seen through
//! a symmetry `s`; turn `m` of the node is turn `s·m·s` of the representative, so the
//! mask is read back through that permutation of the turns (three table loads of six
//! bits each). The same holds for the quarter-y conjugate's estimate, with the turns
//! first seen under y.

use super::coord::{N_FLIP, N_TWIST};
use super::cubie::move_cubes;
use super::mod3::Mod3Table;
use super::moves::N_MOVES;
use super::phase1_moves::Phase1Moves;
use super::sym::{conjugate, moves_under_y, symmetries, N_SYM};
use super::sym::{Classes, Conjugates};

/// Bytes per entry: the closer mask in bits 0..18, the as-far mask in bits 18..36.
const ENTRY: usize = 5;

/// Bit 0 of every 2-bit field of 18.
const LOW: u64 = 0x5_5555_5555;

/// Bits 0, 2, 4, … of `x` (the others clear) moved to bits 0, 1, 2, …
fn gather_even_bits(mut x: u64) -> u64 {
    x = (x | x >> 1) & 0x3333_3333_3333_3333;
    x = (x | x >> 2) & 0x0f0f_0f0f_0f0f_0f0f;
    x = (x | x >> 4) & 0x00ff_00ff_00ff_00ff;
    x = (x | x >> 8) & 0x0000_ffff_0000_ffff;
    (x | x >> 16) & 0xffff_ffff
}

/// Every one of the 18 turns.
const ALL_TURNS: u32 = (1 << N_MOVES) - 1;

/// Turns per lookup in [`ChildMasks::passing`]'s permutation: six bits.
const CHUNKS: usize = 3;

pub struct ChildMasks {
    /// [`ENTRY`] bytes per entry, indexed like the twist×flip table (and three bytes more,
    /// so that every entry can be read as one little-endian u64).
    masks: Vec<u8>,
    /// For a symmetry, a chunk and a chunk's six bits of the representative's turns: the
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
        // First each entry's children's residues, 2 bits a turn.
        let entries = twist_classes.len() * N_FLIP;
        let mut words = vec![0u64; entries];
        for (class, row) in words.chunks_exact_mut(N_FLIP).enumerate() {
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
        // Then, against the entry's own residue, which children are one closer (residue
        // one less, mod 3) and which as far (the same residue).
        for (class, row) in words.chunks_exact_mut(N_FLIP).enumerate() {
            let rep = twist_classes.reps[class] as usize;
            let own_row = &full[rep * N_FLIP..(rep + 1) * N_FLIP];
            for (entry, &own) in row.iter_mut().zip(own_row) {
                let fields_equal_to = |r: u8| {
                    let x = *entry ^ (r as u64 * LOW);
                    gather_even_bits(!(x | x >> 1) & LOW)
                };
                *entry = fields_equal_to((own + 2) % 3) | fields_equal_to(own) << N_MOVES;
            }
        }
        let mut masks = vec![0u8; entries * ENTRY + 8 - ENTRY];
        for (i, w) in words.iter().enumerate() {
            masks[i * ENTRY..(i + 1) * ENTRY].copy_from_slice(&w.to_le_bytes()[..ENTRY]);
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
                    let (chunk, bit) = (field / 6, field % 6);
                    for (bits, turns) in chunks[chunk].iter_mut().enumerate() {
                        if bits >> bit & 1 != 0 {
                            *turns |= 1 << m;
                        }
                    }
                }
            }
        }
        ChildMasks { masks, to_turns }
    }

    /// No entries yet (the tables fill it once the twist×flip table is built).
    pub fn empty() -> ChildMasks {
        ChildMasks {
            masks: Vec::new(),
            to_turns: Box::new([[[[0; 64]; CHUNKS]; N_SYM]; 2]),
        }
    }

    /// The turns whose child the twist×flip table lets through: the node's entry is
    /// `index` (its twist seen through `sym`), its exact distance `d`, and `remaining`
    /// turns may follow the child. `y`: the entry is the node's y conjugate's.
    #[inline(always)]
    pub fn passing(&self, index: usize, sym: u32, d: u8, remaining: u8, y: bool) -> u32 {
        if remaining > d {
            return ALL_TURNS;
        }
        let at = index * ENTRY;
        let word = match self.masks.get(at..at + 8) {
            Some(bytes) => u64::from_le_bytes(bytes.try_into().unwrap_or([0; 8])),
            None => return 0,
        };
        // Closer children always pass when any do; as-far ones when there is a move spare.
        let bits = if remaining == d {
            (word | word >> N_MOVES) as u32 & ALL_TURNS
        } else if remaining + 1 == d {
            word as u32 & ALL_TURNS
        } else {
            0
        };
        let table = &self.to_turns[y as usize][sym as usize & 3];
        table[0][bits as usize & 63]
            | table[1][bits as usize >> 6 & 63]
            | table[2][bits as usize >> 12 & 63]
    }

    /// The children of entry `index` one move closer to the goal, as turns of the entry's
    /// representative.
    #[inline]
    pub fn closer(&self, index: usize) -> u32 {
        let at = index * ENTRY;
        self.masks.get(at..at + 4).map_or(0, |b| {
            u32::from_le_bytes([b[0], b[1], b[2], b[3]]) & ALL_TURNS
        })
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        self.masks.len() + std::mem::size_of_val(&*self.to_turns)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::rubik::tables::Tables;

    /// For random entries at their exact distance and every bound: the mask holds exactly
    /// the turns whose child the twist×flip table, asked turn by turn, lets through (for a
    /// cube and for its y conjugate, whose turns are the cube's seen under y).
    #[test]
    fn masks_agree_with_the_table_asked_turn_by_turn() {
        let t = Tables::new();
        let mut rng = Rng::new(7);
        for _ in 0..2000 {
            let twist = rng.below(N_TWIST as u64) as u16;
            let flip = rng.below(N_FLIP as u64) as u16;
            let index = t.twist_flip_index(twist, flip);
            let sym = t.twist_classes.sym(twist) as u32;
            let d = t.phase1_distances(twist, flip, rng.below(495) as u16)[2];
            // The walk down the masks' closer children finds the same exact distance.
            assert_eq!(t.twist_flip_distance(twist, flip), d, "{twist} {flip}");
            for y in [false, true] {
                let residue = |m: usize| {
                    let seen = if y { t.moves_under_y[m] as usize } else { m };
                    let child_twist = t.moves.twist_move[twist as usize * N_MOVES + seen];
                    let child_flip = t.moves.flip_move[flip as usize * N_MOVES + seen];
                    t.twist_flip_prune
                        .get(t.twist_flip_index(child_twist, child_flip))
                };
                for remaining in d.saturating_sub(3)..=d + 2 {
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
