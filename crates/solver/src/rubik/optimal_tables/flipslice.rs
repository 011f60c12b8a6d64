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
//! reads its child's exactly ([`Mod3Table::adjust`](crate::rubik::mod3::Mod3Table::adjust)).
//!
//! Why this table: on random states its distances (mostly 9 to 11, read on three axes)
//! are far above the phase-1 pair tables' and the corner table's, and it is small enough
//! for a browser tab. Built by breadth-first search, in parallel when threads are given.

use super::sym_table::{EdgeSyms, SymTable};
use super::ud_syms::{ud_conjugate, UdClasses};
use crate::rubik::coord::{flip, flip_to_orientation, slice, N_FLIP, N_SLICE};
use crate::rubik::coord_moves::{slice_edges, CoordMoves};
use crate::rubik::cubie::CubieCube;
use crate::rubik::moves::N_MOVES;

/// Flip × slice values, numbered `slice * N_FLIP + flip`.
pub const N_FLIPSLICE: usize = N_FLIP * N_SLICE;
/// Flip × slice classes under the U–D symmetries (Kociemba's count).
pub const N_FLIPSLICE_CLASSES: usize = 64_430;
/// Table entries: class × twist.
pub const N_ENTRIES: usize = FlipSliceSyms::N_ENTRIES;
/// Bytes of the table (four entries a byte).
pub const TABLE_BYTES: usize = FlipSliceSyms::TABLE_BYTES;

fn flipslice_cube(fs: usize) -> CubieCube {
    let (sl, fl) = (fs / N_FLIP, fs % N_FLIP);
    CubieCube {
        ep: slice_edges(sl),
        eo: flip_to_orientation(fl as u16),
        ..CubieCube::SOLVED
    }
}

fn flipslice_of(c: &CubieCube) -> usize {
    FlipSliceSyms::edge_index(flip(&c.eo), slice(&c.ep))
}

/// Flip × slice grouped by the sixteen symmetries, and twist under each symmetry (built
/// in well under a second).
pub struct FlipSliceSyms {
    pub classes: UdClasses,
}

impl FlipSliceSyms {
    pub fn new() -> FlipSliceSyms {
        let classes = UdClasses::new(N_FLIPSLICE, N_FLIPSLICE_CLASSES, |fs, s| {
            flipslice_of(&ud_conjugate(&flipslice_cube(fs), s))
        });
        FlipSliceSyms { classes }
    }
}

impl Default for FlipSliceSyms {
    fn default() -> Self {
        FlipSliceSyms::new()
    }
}

impl EdgeSyms for FlipSliceSyms {
    const N_CLASSES: usize = N_FLIPSLICE_CLASSES;
    const SORTED_SLICE: bool = false;
    const MAX_DEPTH: u8 = 20;

    #[inline(always)]
    fn classes(&self) -> &UdClasses {
        &self.classes
    }

    #[inline(always)]
    fn edge_move(&self, moves: &CoordMoves, slice: u16, m: usize) -> u16 {
        moves.slice_move[slice as usize * N_MOVES + m]
    }

    fn bytes(&self) -> usize {
        self.classes.bytes()
    }
}

/// The table: distances mod 3 ([`TABLE_BYTES`] bytes) and the symmetry tables that index
/// it.
pub type FlipSliceTable = SymTable<FlipSliceSyms>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    #[test]
    fn flip_slice_has_kociembas_class_count_and_each_value_reaches_its_representative() {
        let syms = FlipSliceSyms::new();
        assert_eq!(syms.classes.reps.len(), N_FLIPSLICE_CLASSES);
        let mut rng = Rng::new(3);
        for _ in 0..2000 {
            let fs = rng.below(N_FLIPSLICE as u64) as usize;
            let of = syms.classes.of[fs];
            let image = flipslice_of(&ud_conjugate(&flipslice_cube(fs), (of & 15) as usize));
            assert_eq!(image as u32, syms.classes.reps[(of >> 4) as usize]);
        }
    }
}
