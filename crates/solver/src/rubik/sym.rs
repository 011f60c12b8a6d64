//! The four half-turn symmetries that keep both the U–D and the F–B axes in place (none,
//! y2, x2, z2), and phase 1's coordinates grouped by them. A cube and its image under one
//! of these are the same distance from phase 2's group, so a pruning table needs one entry
//! per class instead of one per coordinate: about a quarter of the size, so it stays in
//! the processor's caches. These four move no sticker off the U/D faces nor off the F/B
//! faces, so they change no orientation: each acts on a coordinate by moving positions.

use std::sync::OnceLock;

use super::coord::*;
use super::cubie::{read_face_letters, CubieCube};
use super::facelets::Facelets;
use super::moves::{Layer, Move};

pub const N_SYM: usize = 4;

/// The symmetries as cubie cubes (each is its own inverse).
pub fn symmetries() -> [CubieCube; N_SYM] {
    let turn = |layer| read_face_letters(&Facelets::solved().apply(Move::new(layer, 2)));
    [
        CubieCube::SOLVED,
        turn(Layer::Y),
        turn(Layer::X),
        turn(Layer::Z),
    ]
}

/// A quarter turn of the whole cube (`Layer::X`, `Y` or `Z`) as a cubie cube.
pub fn rotation(layer: Layer) -> CubieCube {
    read_face_letters(&Facelets::solved().apply(Move::new(layer, 1)))
}

/// `r' · c · r`: as far from solved as `c`, but with other coordinates, so one pruning
/// table gives more than one estimate.
pub fn conjugate_by(c: &CubieCube, r: &CubieCube) -> CubieCube {
    r.inverse().multiply(c).multiply(r)
}

/// For each face turn `m` (solver index), the turn `r' · m · r`: the move the conjugate
/// makes when the cube makes `m`.
pub fn moves_under(r: &CubieCube) -> [u8; 18] {
    let moves = super::cubie::move_cubes();
    std::array::from_fn(|m| {
        let image = conjugate_by(&moves[m], r);
        moves.iter().position(|c| *c == image).unwrap_or(m) as u8
    })
}

/// The quarter turn y keeps the U–D axis, so a cube and `y' · c · y` are as far from
/// phase 2's group, but their twist and flip differ: the twist×flip table gives phase 1
/// two estimates (min2phase's conjugate pruning).
pub fn conjugate_y(c: &CubieCube) -> CubieCube {
    // Built once: every view of every search asks (read from facelets, it cost more
    // than the rest of a view's set-up).
    static Y: OnceLock<CubieCube> = OnceLock::new();
    conjugate_by(c, Y.get_or_init(|| rotation(Layer::Y)))
}

pub fn moves_under_y() -> [u8; 18] {
    moves_under(&rotation(Layer::Y))
}

/// `s · c · s`: the cube seen through symmetry `s`.
pub fn conjugate(c: &CubieCube, s: &CubieCube) -> CubieCube {
    s.multiply(c).multiply(s)
}

/// A coordinate's classes: for each value, its class and the symmetry that takes it to the
/// class's representative (the smallest value in the class), packed `class << 2 | sym`.
pub struct Classes {
    pub of: Vec<u16>,
    /// The representative of each class.
    pub reps: Vec<u16>,
    /// For each value, bit `s` says whether symmetry `s` leaves it unchanged.
    fixed_by: Vec<u8>,
}

impl Classes {
    /// Classes of `n` values under `conj(value, sym)`.
    pub fn new(n: usize, conj: impl Fn(usize, usize) -> u16) -> Classes {
        let mut of = vec![u16::MAX; n];
        let mut reps = Vec::new();
        let fixed_by = (0..n)
            .map(|v| {
                (0..N_SYM)
                    .filter(|&s| conj(v, s) as usize == v)
                    .fold(0, |b, s| b | 1 << s)
            })
            .collect();
        for v in 0..n {
            if of[v] != u16::MAX {
                continue;
            }
            let class = reps.len() as u16;
            reps.push(v as u16);
            for s in 0..N_SYM {
                let w = conj(v, s) as usize;
                if of[w] == u16::MAX {
                    // s is its own inverse: it takes w back to v.
                    of[w] = class << 2 | s as u16;
                }
            }
        }
        Classes { of, reps, fixed_by }
    }

    /// Whether symmetry `s` leaves value `v` unchanged.
    #[inline]
    pub fn conj_fixes(&self, v: u16, s: usize) -> bool {
        self.fixed_by[v as usize] & (1 << s) != 0
    }

    #[inline]
    pub fn class(&self, v: u16) -> usize {
        (self.of[v as usize] >> 2) as usize
    }

    #[inline]
    pub fn sym(&self, v: u16) -> usize {
        (self.of[v as usize] & 3) as usize
    }

    pub fn len(&self) -> usize {
        self.reps.len()
    }

    pub fn is_empty(&self) -> bool {
        self.reps.is_empty()
    }
}

/// Conjugation tables for the phase-1 coordinates, indexed `value * N_SYM + sym`.
pub struct Conjugates {
    pub twist: Vec<u16>,
    pub flip: Vec<u16>,
    pub slice: Vec<u16>,
}

impl Conjugates {
    pub fn new() -> Conjugates {
        let syms = symmetries();
        let table = |n: usize, f: &dyn Fn(usize, &CubieCube) -> u16| -> Vec<u16> {
            (0..n)
                .flat_map(|v| syms.iter().map(move |s| (v, s)))
                .map(|(v, s)| f(v, s))
                .collect()
        };
        let twist = table(N_TWIST, &|t, s| {
            let c = CubieCube {
                co: twist_to_orientation(t as u16),
                ..CubieCube::SOLVED
            };
            super::coord::twist(&conjugate(&c, s).co)
        });
        let flip = table(N_FLIP, &|f, s| {
            let c = CubieCube {
                eo: flip_to_orientation(f as u16),
                ..CubieCube::SOLVED
            };
            super::coord::flip(&conjugate(&c, s).eo)
        });
        let masks = slice_masks();
        let slice = table(N_SLICE, &|v, s| {
            let mut ep = [0u8; 12];
            let (mut inside, mut outside) = (8, 0);
            for (j, e) in ep.iter_mut().enumerate() {
                if masks[v] & (1 << j) != 0 {
                    *e = inside;
                    inside += 1;
                } else {
                    *e = outside;
                    outside += 1;
                }
            }
            let c = CubieCube {
                ep,
                ..CubieCube::SOLVED
            };
            super::coord::slice(&conjugate(&c, s).ep)
        });
        Conjugates { twist, flip, slice }
    }
}

impl Default for Conjugates {
    fn default() -> Self {
        Conjugates::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::rubik::cubie::move_cubes;

    #[test]
    fn symmetries_are_involutions_that_keep_orientations() {
        for s in symmetries() {
            assert_eq!(s.multiply(&s), CubieCube::SOLVED);
            assert!(s.co.iter().chain(&s.eo).all(|&o| o == 0));
        }
    }

    #[test]
    fn symmetries_take_face_turns_to_face_turns() {
        let moves = move_cubes();
        for s in symmetries() {
            for m in moves {
                assert!(moves.contains(&conjugate(m, &s)));
            }
        }
    }

    #[test]
    fn conjugates_depend_only_on_the_coordinate() {
        // Random cubes: the conjugate's coordinates are the tables' conjugates.
        let conj = Conjugates::new();
        let syms = symmetries();
        let moves = move_cubes();
        let mut rng = Rng::new(5);
        for _ in 0..200 {
            let mut c = CubieCube::SOLVED;
            for _ in 0..30 {
                c = c.multiply(&moves[rng.below(18) as usize]);
            }
            for (k, s) in syms.iter().enumerate() {
                let d = conjugate(&c, s);
                assert_eq!(twist(&d.co), conj.twist[twist(&c.co) as usize * N_SYM + k]);
                assert_eq!(flip(&d.eo), conj.flip[flip(&c.eo) as usize * N_SYM + k]);
                assert_eq!(slice(&d.ep), conj.slice[slice(&c.ep) as usize * N_SYM + k]);
            }
        }
    }

    #[test]
    fn the_quarter_y_conjugate_follows_moves() {
        let moves = move_cubes();
        let under = moves_under_y();
        let mut sorted = under;
        sorted.sort_unstable();
        assert_eq!(sorted, std::array::from_fn(|i| i as u8));
        let mut rng = Rng::new(9);
        let mut c = CubieCube::SOLVED;
        for _ in 0..100 {
            let m = rng.below(18) as usize;
            let before = conjugate_y(&c);
            c = c.multiply(&moves[m]);
            assert_eq!(conjugate_y(&c), before.multiply(&moves[under[m] as usize]));
        }
    }

    #[test]
    fn classes_cover_every_value_once() {
        let conj = Conjugates::new();
        let classes = Classes::new(N_TWIST, |v, s| conj.twist[v * N_SYM + s]);
        for t in 0..N_TWIST as u16 {
            let rep = classes.reps[classes.class(t)];
            assert_eq!(conj.twist[t as usize * N_SYM + classes.sym(t)], rep);
        }
        assert!(classes.len() * N_SYM >= N_TWIST && classes.len() < N_TWIST / 3);
    }
}
