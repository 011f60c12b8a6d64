//! A symmetric cube needs only some of a depth's openings. If a whole-cube rotation `r`
//! leaves the cube unchanged (`r' · c · r = c`), then a solution `m1 m2 …` has a twin
//! `r'm1r r'm2r …` just as long (the same turns, seen rotated). So of the first turns that
//! rotations fixing the cube map onto each other only one needs searching, and of the
//! second turns only one per class under the rotations that also fix that first turn.
//! The superflip is fixed by all 24 rotations: 18 two-turn openings instead of 243.
//!
//! Why the canonical order of turns does not lose a twin: the search only tries U before D
//! (R before L, F before B) when two opposite faces turn one after the other. Each class
//! keeps its smallest turn index, which is on U, R or F whenever the class has a turn
//! there. A twin whose first two turns come out as, say, D then U would be searched as U
//! then D, so its opening would change; but that can only happen when the kept turn is on
//! D, L or B and the original opening was on the other face first — and then the class
//! held the original's face (U, R or F) too, so the kept turn would have been there.
//! (`every_symmetric_position_within_five_turns_…` in tests/rubik_optimal.rs checks it.)

use std::sync::OnceLock;

use super::cubie::CubieCube;
use super::moves::Layer;
use super::moves::N_MOVES;
use super::sym::{conjugate_by, moves_under, rotation};

/// The 24 rotations of the whole cube, identity first.
pub fn rotations() -> &'static [CubieCube] {
    static R: OnceLock<Vec<CubieCube>> = OnceLock::new();
    R.get_or_init(|| {
        let gens = [rotation(Layer::X), rotation(Layer::Y)];
        let mut all = vec![CubieCube::SOLVED];
        let mut k = 0;
        while k < all.len() {
            for g in &gens {
                let next = all[k].multiply(g);
                if !all.contains(&next) {
                    all.push(next);
                }
            }
            k += 1;
        }
        all
    })
}

/// For each rotation, the turn each turn becomes seen through it.
fn turn_maps() -> &'static [[u8; N_MOVES]] {
    static M: OnceLock<Vec<[u8; N_MOVES]>> = OnceLock::new();
    M.get_or_init(|| rotations().iter().map(moves_under).collect())
}

/// The rotations that leave `c` unchanged, as bits over [`rotations`] (bit 0, the
/// identity, always set).
pub fn fixed_by(c: &CubieCube) -> u32 {
    rotations()
        .iter()
        .enumerate()
        .filter(|(_, r)| conjugate_by(c, r) == *c)
        .fold(0, |bits, (i, _)| bits | 1 << i)
}

/// Whether a cube with these [`fixed_by`] bits has any symmetry beyond the identity.
pub fn is_symmetric(fixed: u32) -> bool {
    fixed & !1 != 0
}

/// The openings a cube fixed by `fixed` needs: of each class of openings the rotations
/// map onto each other, the one with the smallest first turn and then the smallest second.
pub fn keep(openings: Vec<Vec<u8>>, fixed: u32) -> Vec<Vec<u8>> {
    if !is_symmetric(fixed) {
        return openings;
    }
    let maps: Vec<&[u8; N_MOVES]> = turn_maps()
        .iter()
        .enumerate()
        .filter(|(i, _)| fixed >> i & 1 == 1)
        .map(|(_, m)| m)
        .collect();
    openings
        .into_iter()
        .filter(|o| {
            let Some(&first) = o.first() else {
                return true;
            };
            if maps.iter().any(|m| m[first as usize] < first) {
                return false;
            }
            let Some(&second) = o.get(1) else {
                return true;
            };
            !maps
                .iter()
                .filter(|m| m[first as usize] == first)
                .any(|m| m[second as usize] < second)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rubik::cubie::move_cubes;
    use crate::rubik::optimal::openings;
    use crate::rubik::{apply_moves, Cube, SOLVED};

    fn cubie(moves: &str) -> CubieCube {
        *Cube::parse(&apply_moves(SOLVED, moves).unwrap())
            .unwrap()
            .cubie()
    }

    #[test]
    fn there_are_24_rotations_and_each_maps_turns_one_to_one() {
        assert_eq!(rotations().len(), 24);
        for m in turn_maps() {
            let mut seen = *m;
            seen.sort_unstable();
            assert_eq!(seen, std::array::from_fn(|i| i as u8));
        }
        // A turn seen through a rotation is the rotated cube's turn.
        let moves = move_cubes();
        for (r, m) in rotations().iter().zip(turn_maps()) {
            for t in 0..N_MOVES {
                assert_eq!(conjugate_by(&moves[t], r), moves[m[t] as usize]);
            }
        }
    }

    #[test]
    fn the_superflip_is_fixed_by_every_rotation_and_needs_18_openings() {
        let superflip = cubie("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2");
        let fixed = fixed_by(&superflip);
        assert_eq!(fixed.count_ones(), 24);
        assert_eq!(openings(2).len(), 243);
        let kept = keep(openings(2), fixed);
        assert_eq!(kept.len(), 18);
        // First turns: U, U2, U'; second: the D turns and the R turns.
        assert!(kept
            .iter()
            .all(|o| o[0] < 3 && [1, 3].contains(&(o[1] / 3))));
    }

    #[test]
    fn a_cube_without_symmetry_keeps_every_opening() {
        let c = cubie("R U F' D2 L B");
        assert_eq!(fixed_by(&c), 1);
        assert_eq!(keep(openings(2), 1), openings(2));
    }

    #[test]
    fn a_half_turn_pair_is_fixed_by_the_rotations_about_its_axis() {
        // U2 D2: the four turns about U–D, and the four half turns that swap U and D.
        assert_eq!(fixed_by(&cubie("U2 D2")).count_ones(), 8);
        assert_eq!(fixed_by(&cubie("U D'")).count_ones(), 4);
    }
}
