//! The phase-1 coordinates' move tables (twist, flip and slice × the 18 face turns):
//! what the two-phase tables ([`super::tables`]) and the optimal solver's big tables
//! ([`super::optimal_tables`]) both build on, kept apart from either.

use super::coord::*;
use super::cubie::{move_cubes, CubieCube};
use super::moves::N_MOVES;

/// Twist, flip and slice after each face turn, indexed `value * N_MOVES + turn`.
pub struct CoordMoves {
    pub twist_move: Vec<u16>,
    pub flip_move: Vec<u16>,
    pub slice_move: Vec<u16>,
}

impl CoordMoves {
    pub fn new() -> CoordMoves {
        let mv = move_cubes();
        let twist_move = move_table(N_TWIST, N_MOVES, |t, m| {
            let cube = CubieCube {
                co: twist_to_orientation(t as u16),
                ..CubieCube::SOLVED
            };
            twist(&cube.multiply(&mv[m]).co)
        });
        let flip_move = move_table(N_FLIP, N_MOVES, |f, m| {
            let cube = CubieCube {
                eo: flip_to_orientation(f as u16),
                ..CubieCube::SOLVED
            };
            flip(&cube.multiply(&mv[m]).eo)
        });
        let slice_move = move_table(N_SLICE, N_MOVES, |s, m| {
            slice(&permute(&slice_edges(s), &mv[m].ep))
        });
        CoordMoves {
            twist_move,
            flip_move,
            slice_move,
        }
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        2 * (self.twist_move.len() + self.flip_move.len() + self.slice_move.len())
    }
}

impl Default for CoordMoves {
    fn default() -> Self {
        CoordMoves::new()
    }
}

/// An edge permutation with slice `s`: the middle-layer edges (8..12) in order on the
/// positions the slice names, the others in order elsewhere.
pub fn slice_edges(s: usize) -> [u8; 12] {
    slice_edges_in_order(s, [0, 1, 2, 3])
}

/// As [`slice_edges`], the middle-layer edges in `order` (8 + each).
pub fn slice_edges_in_order(s: usize, order: [u8; 4]) -> [u8; 12] {
    let mask = slice_masks()[s];
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

/// `p` after the permutation `by`.
pub fn permute<const N: usize>(p: &[u8; N], by: &[u8; N]) -> [u8; N] {
    std::array::from_fn(|i| p[by[i] as usize])
}

/// Value × move → value, for `size` values and `moves` moves.
pub fn move_table(size: usize, moves: usize, apply: impl Fn(usize, usize) -> u16) -> Vec<u16> {
    let mut out = Vec::with_capacity(size * moves);
    for i in 0..size {
        for m in 0..moves {
            out.push(apply(i, m));
        }
    }
    out
}
