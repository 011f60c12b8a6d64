//! The cubie model the solver works in: which corner and edge sits at each position and how
//! it is twisted or flipped, relative to the centres (which face turns never move).
//!
//! Corners URF UFL ULB UBR DFR DLF DBL DRB and edges UR UF UL UB DR DF DL DB FR FL BL BR,
//! numbered 0.. in that order. `cp[i]` is the corner at position `i`; `co[i]` (0..3) says
//! which of the position's facelets shows the corner's U/D colour; `eo[i]` (0..2) whether
//! the edge is flipped. A move is the cube it makes from solved, and applying it is
//! multiplication, so the move cubes are read off the facelet permutations: one source of
//! truth for every move.

use std::sync::OnceLock;

use super::facelets::{Facelets, CORNER_FACELETS, EDGE_FACELETS};
use super::moves::Move;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CubieCube {
    pub cp: [u8; 8],
    pub co: [u8; 8],
    pub ep: [u8; 12],
    pub eo: [u8; 12],
}

impl Default for CubieCube {
    fn default() -> Self {
        CubieCube::SOLVED
    }
}

impl CubieCube {
    pub const SOLVED: CubieCube = CubieCube {
        cp: [0, 1, 2, 3, 4, 5, 6, 7],
        co: [0; 8],
        ep: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
        eo: [0; 12],
    };

    /// `self` followed by `other` (for turns, `cube * move` is the cube after the move).
    pub fn multiply(&self, other: &CubieCube) -> CubieCube {
        let mut out = CubieCube::SOLVED;
        for i in 0..8 {
            let from = other.cp[i] as usize;
            out.cp[i] = self.cp[from];
            out.co[i] = (self.co[from] + other.co[i]) % 3;
        }
        for i in 0..12 {
            let from = other.ep[i] as usize;
            out.ep[i] = self.ep[from];
            out.eo[i] = (self.eo[from] + other.eo[i]) % 2;
        }
        out
    }

    pub fn inverse(&self) -> CubieCube {
        let mut out = CubieCube::SOLVED;
        for i in 0..8 {
            let c = self.cp[i] as usize;
            out.cp[c] = i as u8;
            out.co[c] = (3 - self.co[i]) % 3;
        }
        for i in 0..12 {
            let e = self.ep[i] as usize;
            out.ep[e] = i as u8;
            out.eo[e] = self.eo[i];
        }
        out
    }

    /// The cube after a face turn (`m.index()` must be `Some`; other moves leave it as is).
    pub fn apply(&self, m: Move) -> CubieCube {
        match m.index() {
            Some(i) => self.multiply(&move_cubes()[i as usize]),
            None => *self,
        }
    }

    pub fn apply_all(&self, moves: &[Move]) -> CubieCube {
        moves.iter().fold(*self, |c, &m| c.apply(m))
    }

    /// The facelets of this cube, with face `f`'s colour `colours[f]` (U R F D L B order).
    pub fn to_facelets(&self, colours: [u8; 6]) -> Facelets {
        let mut out = [0u8; 54];
        for (f, &c) in colours.iter().enumerate() {
            out[f * 9 + 4] = c;
        }
        for i in 0..8 {
            let (j, ori) = (self.cp[i] as usize, self.co[i] as usize);
            for k in 0..3 {
                out[CORNER_FACELETS[i][(k + ori) % 3] as usize] =
                    colours[CORNER_FACELETS[j][k] as usize / 9];
            }
        }
        for i in 0..12 {
            let (j, ori) = (self.ep[i] as usize, self.eo[i] as usize);
            for k in 0..2 {
                out[EDGE_FACELETS[i][(k + ori) % 2] as usize] =
                    colours[EDGE_FACELETS[j][k] as usize / 9];
            }
        }
        Facelets(out)
    }

    pub fn corner_parity(&self) -> u8 {
        parity(&self.cp)
    }

    pub fn edge_parity(&self) -> u8 {
        parity(&self.ep)
    }
}

/// 0 for an even permutation, 1 for an odd one.
pub fn parity(p: &[u8]) -> u8 {
    let mut inversions = 0u32;
    for i in 0..p.len() {
        for j in i + 1..p.len() {
            inversions += (p[j] < p[i]) as u32;
        }
    }
    (inversions % 2) as u8
}

/// Reads a cube from facelets already known to be a real one in face letters, for deriving
/// the move cubes; user input goes through [`super::cube::Cube`], which says what is wrong.
pub(crate) fn read_face_letters(f: &Facelets) -> CubieCube {
    let face = |i: u8| f.0[i as usize];
    let mut out = CubieCube::SOLVED;
    for (i, &fs) in CORNER_FACELETS.iter().enumerate() {
        let ori = (0..3)
            .find(|&k| matches!(face(fs[k]), b'U' | b'D'))
            .unwrap_or(0);
        let c1 = face(fs[(ori + 1) % 3]);
        let c2 = face(fs[(ori + 2) % 3]);
        let j = (0..8)
            .find(|&j| {
                let home = CORNER_FACELETS[j];
                face_letter(home[1]) == c1 && face_letter(home[2]) == c2
            })
            .unwrap_or(0);
        out.cp[i] = j as u8;
        out.co[i] = ori as u8;
    }
    for (i, &fs) in EDGE_FACELETS.iter().enumerate() {
        let (a, b) = (face(fs[0]), face(fs[1]));
        for (j, home) in EDGE_FACELETS.iter().enumerate() {
            let home = home.map(face_letter);
            if home == [a, b] {
                out.ep[i] = j as u8;
                out.eo[i] = 0;
            } else if home == [b, a] {
                out.ep[i] = j as u8;
                out.eo[i] = 1;
            }
        }
    }
    out
}

fn face_letter(facelet: u8) -> u8 {
    super::moves::FACE_LETTERS[facelet as usize / 9] as u8
}

/// The 18 face turns as cubes, in solver-index order (U U2 U' R R2 R' F … B').
pub fn move_cubes() -> &'static [CubieCube; 18] {
    static MOVES: OnceLock<[CubieCube; 18]> = OnceLock::new();
    MOVES.get_or_init(|| {
        std::array::from_fn(|i| {
            read_face_letters(&Facelets::solved().apply(Move::from_index(i as u8)))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::rubik::moves::parse_moves;

    #[test]
    fn solved_reads_as_solved_and_round_trips() {
        assert_eq!(read_face_letters(&Facelets::solved()), CubieCube::SOLVED);
        assert_eq!(
            CubieCube::SOLVED.to_facelets(*b"URFDLB"),
            Facelets::solved()
        );
    }

    #[test]
    fn cubie_moves_agree_with_facelet_moves() {
        let mut rng = Rng::new(3);
        let mut cube = CubieCube::SOLVED;
        for _ in 0..200 {
            let m = Move::from_index(rng.below(18) as u8);
            let facelets = cube.to_facelets(*b"URFDLB").apply(m);
            cube = cube.apply(m);
            assert_eq!(read_face_letters(&facelets), cube, "{m}");
            assert_eq!(cube.to_facelets(*b"URFDLB"), facelets);
            assert_eq!(cube.corner_parity(), cube.edge_parity());
            assert_eq!(cube.co.iter().map(|&c| c as u32).sum::<u32>() % 3, 0);
            assert_eq!(cube.eo.iter().map(|&c| c as u32).sum::<u32>() % 2, 0);
        }
        assert_eq!(cube.multiply(&cube.inverse()), CubieCube::SOLVED);
    }

    #[test]
    fn u_d_and_half_turns_keep_orientations() {
        // The phase-2 moves keep every twist and flip at 0 and the middle-layer edges in it.
        for m in parse_moves("U U2 U' D D2 D' R2 L2 F2 B2").unwrap() {
            let c = CubieCube::SOLVED.apply(m);
            assert_eq!(c.co, [0; 8], "{m}");
            assert_eq!(c.eo, [0; 12], "{m}");
            assert!(c.ep[8..].iter().all(|&e| e >= 8), "{m}");
        }
        assert_ne!(
            CubieCube::SOLVED.apply(parse_moves("F").unwrap()[0]).eo,
            [0; 12]
        );
        assert_ne!(
            CubieCube::SOLVED.apply(parse_moves("R").unwrap()[0]).co,
            [0; 8]
        );
    }
}
