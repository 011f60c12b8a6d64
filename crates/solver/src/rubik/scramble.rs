//! Random-state scrambles, as competition scramblers make them: every reachable cube is
//! equally likely, and the scramble is the inverse of a solution of that cube.

use super::coord::{flip_to_orientation, twist_to_orientation, N_FLIP, N_TWIST};
use super::cube::Cube;
use super::cubie::{parity, CubieCube};
use super::moves::{invert_moves, Move};
use super::search::solve;
use super::tables::Tables;
use crate::rng::Rng;

/// A uniformly random permutation of `0..N` (Fisher–Yates).
fn shuffle<const N: usize>(rng: &mut Rng) -> [u8; N] {
    let mut p: [u8; N] = std::array::from_fn(|i| i as u8);
    for i in (1..N).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        p.swap(i, j);
    }
    p
}

/// A uniformly random cube (in face letters U R F D L B): random corners and twists,
/// random edges and flips, with the edge permutation's parity made to match the corners'
/// (swapping two edges pairs odd and even permutations one to one, so it stays uniform).
pub fn random_cube(seed: u64) -> Cube {
    let mut rng = Rng::new(seed);
    let cp = shuffle::<8>(&mut rng);
    let co = twist_to_orientation(rng.below(N_TWIST as u64) as u16);
    let mut ep = shuffle::<12>(&mut rng);
    let eo = flip_to_orientation(rng.below(N_FLIP as u64) as u16);
    if parity(&ep) != parity(&cp) {
        ep.swap(10, 11);
    }
    Cube::from_cubie(CubieCube { cp, co, ep, eo }, *b"URFDLB")
}

/// A random-state scramble: the cube and moves that make it from solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scramble {
    /// The 54-facelet string in face letters.
    pub state: String,
    /// At most 20 face turns that turn a solved cube into `state`.
    pub moves: Vec<Move>,
}

/// The scramble for `seed`: the same seed gives the same scramble everywhere.
pub fn scramble(tables: &Tables, seed: u64) -> Scramble {
    let cube = random_cube(seed);
    let solution = solve(tables, &cube, 20, u64::MAX).unwrap_or_default();
    Scramble {
        state: cube.to_string(),
        moves: invert_moves(&solution),
    }
}
