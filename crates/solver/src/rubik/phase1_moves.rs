//! Phase 1's move tables in the form its inner loop reads them: one load per coordinate
//! and turn gives the new value together with everything a pruning-table index needs of
//! it (its class and symmetry, or its images under the four symmetries), so a child's
//! first bound costs two table loads instead of four. The plain tables ([`super::tables`])
//! stay for the table builds and the optimal solver.

use super::coord::{N_FLIP, N_SLICE, N_TWIST};
use super::moves::N_MOVES;
use super::sym::{Classes, Conjugates, N_SYM};

/// Twist after a turn: `twist | class << 18 | sym << 16` (class and symmetry as in
/// [`Classes`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TwistEntry(pub u32);

impl TwistEntry {
    #[inline(always)]
    pub fn twist(self) -> u16 {
        self.0 as u16
    }
    #[inline(always)]
    pub fn class(self) -> usize {
        (self.0 >> 18) as usize
    }
    #[inline(always)]
    pub fn sym(self) -> u32 {
        self.0 >> 16 & 3
    }
}

/// Flip after a turn, with its images under the four symmetries: 16 bits each, the
/// identity's (the flip itself) lowest.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct FlipEntry(pub u64);

impl FlipEntry {
    #[inline(always)]
    pub fn flip(self) -> u16 {
        self.0 as u16
    }
    /// The flip seen through symmetry `sym`.
    #[inline(always)]
    pub fn under(self, sym: u32) -> usize {
        (self.0 >> (16 * sym) & 0xffff) as usize
    }
}

/// Slice after a turn, with its images under the four symmetries (12 bits each, the
/// slice itself lowest) and its class and symmetry from bit 48 (`class << 2 | sym`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SliceEntry(pub u64);

impl SliceEntry {
    #[inline(always)]
    pub fn slice(self) -> u16 {
        (self.0 & 0xfff) as u16
    }
    #[inline(always)]
    pub fn under(self, sym: u32) -> usize {
        (self.0 >> (12 * sym) & 0xfff) as usize
    }
    #[inline(always)]
    pub fn class(self) -> usize {
        (self.0 >> 50) as usize
    }
    #[inline(always)]
    pub fn sym(self) -> u32 {
        (self.0 >> 48 & 3) as u32
    }
}

/// The three tables, `coordinate * 18 + turn`, in fixed-size boxes (their bounds are
/// constants, so a check costs no load).
pub struct Phase1Moves {
    pub twist: Box<[TwistEntry; N_TWIST * N_MOVES]>,
    pub flip: Box<[FlipEntry; N_FLIP * N_MOVES]>,
    pub slice: Box<[SliceEntry; N_SLICE * N_MOVES]>,
}

fn boxed<T: std::fmt::Debug, const N: usize>(v: Vec<T>) -> Box<[T; N]> {
    v.into_boxed_slice()
        .try_into()
        .expect("a move table has one entry per coordinate and turn")
}

impl Phase1Moves {
    pub fn new(
        twist_move: &[u16],
        flip_move: &[u16],
        slice_move: &[u16],
        conj: &Conjugates,
        twist_classes: &Classes,
        slice_classes: &Classes,
    ) -> Phase1Moves {
        let twist = twist_move
            .iter()
            .map(|&t| TwistEntry(t as u32 | (twist_classes.of[t as usize] as u32) << 16))
            .collect();
        let flip = flip_move
            .iter()
            .map(|&f| {
                FlipEntry((0..N_SYM).fold(0u64, |e, s| {
                    e | (conj.flip[f as usize * N_SYM + s] as u64) << (16 * s)
                }))
            })
            .collect();
        let slice = slice_move
            .iter()
            .map(|&v| {
                let images = (0..N_SYM).fold(0u64, |e, s| {
                    e | (conj.slice[v as usize * N_SYM + s] as u64) << (12 * s)
                });
                SliceEntry(images | (slice_classes.of[v as usize] as u64) << 48)
            })
            .collect();
        Phase1Moves {
            twist: boxed(twist),
            flip: boxed(flip),
            slice: boxed(slice),
        }
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        4 * self.twist.len() + 8 * (self.flip.len() + self.slice.len())
    }
}
