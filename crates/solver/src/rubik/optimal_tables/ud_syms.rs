//! The sixteen symmetries that keep the U–D axis upright (y turns, z2, the left–right
//! mirror and their products): they take a position to one just as far from solved, so
//! the big tables keep one entry per class of edge values × twist ([`UdClasses`]).

use crate::rubik::coord::{twist, twist_to_orientation, N_TWIST};
use crate::rubik::cubie::{move_cubes, CubieCube};
use crate::rubik::moves::Layer;
use crate::rubik::sym::{conjugate_by, rotation};

/// The symmetries that keep the U–D axis.
pub const N_UD_SYMS: usize = 16;

/// `M · c · M` for the left–right mirror M: positions swap left for right, and a mirror
/// turns each corner twist the other way (edge flips stay: U/D and F/B stay put).
pub fn mirror_conjugate(c: &CubieCube) -> CubieCube {
    const CORNERS: [u8; 8] = [1, 0, 3, 2, 5, 4, 7, 6];
    const EDGES: [u8; 12] = [2, 1, 0, 3, 6, 5, 4, 7, 9, 8, 11, 10];
    let mut out = CubieCube::SOLVED;
    for (i, &from) in CORNERS.iter().enumerate() {
        let from = from as usize;
        out.cp[i] = CORNERS[c.cp[from] as usize];
        out.co[i] = (3 - c.co[from]) % 3;
    }
    for (i, &from) in EDGES.iter().enumerate() {
        let from = from as usize;
        out.ep[i] = EDGES[c.ep[from] as usize];
        out.eo[i] = c.eo[from];
    }
    out
}

/// The cube seen through U–D symmetry `s` (0..16): `s & 3` quarter turns y, then z2 if
/// bit 2, then the mirror if bit 3.
pub fn ud_conjugate(c: &CubieCube, s: usize) -> CubieCube {
    let y = rotation(Layer::Y);
    let mut out = *c;
    for _ in 0..s & 3 {
        out = conjugate_by(&out, &y);
    }
    if s & 4 != 0 {
        let z = rotation(Layer::Z);
        out = conjugate_by(&conjugate_by(&out, &z), &z);
    }
    if s & 8 != 0 {
        out = mirror_conjugate(&out);
    }
    out
}

/// For each symmetry, the one that undoes it (read off a cube no symmetry fixes).
pub fn inverse_syms() -> [usize; N_UD_SYMS] {
    let moves = move_cubes();
    let probe = [0usize, 4, 8, 1, 14, 3, 10]
        .iter()
        .fold(CubieCube::SOLVED, |c, &m| c.multiply(&moves[m]));
    std::array::from_fn(|s| {
        let image = ud_conjugate(&probe, s);
        (0..N_UD_SYMS)
            .find(|&t| ud_conjugate(&image, t) == probe)
            .unwrap_or(0)
    })
}

/// Twist under each U–D symmetry, indexed `twist * 16 + s`.
pub fn twist_conjugates() -> Vec<u16> {
    (0..N_TWIST)
        .flat_map(|t| {
            let c = CubieCube {
                co: twist_to_orientation(t as u16),
                ..CubieCube::SOLVED
            };
            (0..N_UD_SYMS).map(move |s| twist(&ud_conjugate(&c, s).co))
        })
        .collect()
}

/// Edge values grouped by the sixteen symmetries, and twist under each symmetry: what
/// takes a position to its table entry (class × twist).
pub struct UdClasses {
    /// For each edge value: its class `<< 4` | a symmetry taking it to the class's
    /// representative.
    pub of: Vec<u32>,
    /// Each class's representative (the smallest value in it).
    pub reps: Vec<u32>,
    /// For each class, bit `s` set when symmetry `s` fixes its representative.
    pub fixed_by: Vec<u16>,
    /// Twist under symmetry `s`, indexed `twist * 16 + s`.
    pub twist_conj: Vec<u16>,
}

impl UdClasses {
    /// The classes of `n` edge values (`classes` of them), `conjugate(v, s)` being value
    /// `v` under symmetry `s`.
    pub fn new(n: usize, classes: usize, conjugate: impl Fn(usize, usize) -> usize) -> UdClasses {
        let inverse = inverse_syms();
        let mut of = crate::huge_pages::filled(n, u32::MAX);
        let mut reps = Vec::with_capacity(classes);
        let mut fixed_by = Vec::with_capacity(classes);
        for v in 0..n {
            if of[v] != u32::MAX {
                continue;
            }
            let class = reps.len() as u32;
            reps.push(v as u32);
            let mut fixed = 0u16;
            for (s, &undo) in inverse.iter().enumerate() {
                let image = conjugate(v, s);
                if image == v {
                    fixed |= 1 << s;
                }
                if of[image] == u32::MAX {
                    of[image] = class << 4 | undo as u32;
                }
            }
            fixed_by.push(fixed);
        }
        UdClasses {
            of,
            reps,
            fixed_by,
            twist_conj: twist_conjugates(),
        }
    }

    /// The table entry of an edge value and a twist.
    #[inline]
    pub fn entry_of(&self, v: usize, twist: u16) -> usize {
        let of = self.of[v];
        let (class, s) = ((of >> 4) as usize, (of & 15) as usize);
        class * N_TWIST + self.twist_conj[twist as usize * N_UD_SYMS + s] as usize
    }

    /// Bytes held (mostly the class of every edge value).
    pub fn bytes(&self) -> usize {
        4 * (self.of.len() + self.reps.len()) + 2 * (self.fixed_by.len() + self.twist_conj.len())
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::rng::Rng;

    /// A cube 30 random turns from solved.
    pub fn random_cube(rng: &mut Rng) -> CubieCube {
        let moves = move_cubes();
        (0..30).fold(CubieCube::SOLVED, |c, _| {
            c.multiply(&moves[rng.below(18) as usize])
        })
    }

    #[test]
    fn each_symmetry_takes_turns_to_turns_and_products_to_products() {
        let moves = move_cubes();
        let mut rng = Rng::new(16);
        let mut images = std::collections::HashSet::new();
        let probe = random_cube(&mut rng);
        for s in 0..N_UD_SYMS {
            for m in moves.iter() {
                assert!(moves.contains(&ud_conjugate(m, s)), "symmetry {s}");
            }
            for _ in 0..20 {
                let (a, b) = (random_cube(&mut rng), random_cube(&mut rng));
                assert_eq!(
                    ud_conjugate(&a.multiply(&b), s),
                    ud_conjugate(&a, s).multiply(&ud_conjugate(&b, s))
                );
            }
            // U and D stay U and D.
            assert!(ud_conjugate(&moves[0], s).cp[..4].iter().all(|&c| c < 4));
            images.insert(ud_conjugate(&probe, s));
        }
        assert_eq!(images.len(), N_UD_SYMS, "sixteen different symmetries");
    }
}
