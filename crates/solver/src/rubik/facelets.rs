//! The 54-facelet string (U1..U9 R1..R9 F1..F9 D1..D9 L1..L9 B1..B9, each face read row
//! by row as seen from outside, as in Kociemba's solvers), and every move as a permutation
//! of facelets. Facelet moves handle what the cubie model cannot: wide turns, slices and
//! rotations move the centres.

use std::fmt;
use std::sync::OnceLock;

use super::moves::{Layer, Move, FACE_LETTERS};
use crate::cube_common::letters::{read_letters, Misread};

/// The solved cube in face letters.
pub const SOLVED: &str = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

/// The facelets of each corner position URF UFL ULB UBR DFR DLF DBL DRB, the U/D facelet
/// first and then clockwise (Kociemba's `cornerFacelet`).
pub const CORNER_FACELETS: [[u8; 3]; 8] = [
    [8, 9, 20],   // U9 R1 F3
    [6, 18, 38],  // U7 F1 L3
    [0, 36, 47],  // U1 L1 B3
    [2, 45, 11],  // U3 B1 R3
    [29, 26, 15], // D3 F9 R7
    [27, 44, 24], // D1 L9 F7
    [33, 53, 42], // D7 B9 L7
    [35, 17, 51], // D9 R9 B7
];

/// The facelets of each edge position UR UF UL UB DR DF DL DB FR FL BL BR, the U/D (or,
/// for the middle layer, F/B) facelet first (Kociemba's `edgeFacelet`).
pub const EDGE_FACELETS: [[u8; 2]; 12] = [
    [5, 10],  // U6 R2
    [7, 19],  // U8 F2
    [3, 37],  // U4 L2
    [1, 46],  // U2 B2
    [32, 16], // D6 R8
    [28, 25], // D2 F8
    [30, 43], // D4 L8
    [34, 52], // D8 B8
    [23, 12], // F6 R4
    [21, 41], // F4 L6
    [50, 39], // B6 L4
    [48, 14], // B4 R6
];

/// The centre facelet of each face.
pub const CENTRES: [u8; 6] = [4, 13, 22, 31, 40, 49];

/// A facelet's name, e.g. `U6`.
pub fn facelet_name(i: usize) -> String {
    format!("{}{}", FACE_LETTERS[i / 9 % 6], i % 9 + 1)
}

/// 54 colour letters as the user typed them (ASCII letters, any case).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Facelets(pub [u8; 54]);

/// On the wire as its 54 letters, read back through [`Facelets::parse`] (so a message
/// can carry no malformed colouring).
impl serde::Serialize for Facelets {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Facelets {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Facelets, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        Facelets::parse(&text).map_err(serde::de::Error::custom)
    }
}

impl Facelets {
    /// Reads 54 letters, ignoring whitespace. Only the shape is checked here; whether the
    /// colouring is a real cube is [`super::cube::Cube`]'s job.
    pub fn parse(text: &str) -> Result<Facelets, String> {
        match read_letters::<54>(text) {
            Ok(letters) => Ok(Facelets(letters)),
            Err(Misread::Count(n)) => Err(format!(
                "a 3x3x3 cube has 54 facelets (9 on each of U R F D L B); this state has {n}"
            )),
            Err(Misread::NotALetter { index, found }) => Err(format!(
                "facelet {} ({}) is '{found}'; colours are letters such as U R F D L B or \
                 W Y G B R O",
                index + 1,
                facelet_name(index)
            )),
        }
    }

    pub fn solved() -> Facelets {
        let mut out = [0u8; 54];
        for (i, x) in out.iter_mut().enumerate() {
            *x = FACE_LETTERS[i / 9] as u8;
        }
        Facelets(out)
    }

    /// The colour at facelet `i`, upper-cased: colours compare without case.
    pub fn colour(&self, i: usize) -> u8 {
        self.0[i].to_ascii_uppercase()
    }

    pub fn apply(&self, m: Move) -> Facelets {
        let to = permutation(m);
        let mut out = [0u8; 54];
        for (i, &c) in self.0.iter().enumerate() {
            out[to[i] as usize] = c;
        }
        Facelets(out)
    }

    pub fn apply_all(&self, moves: &[Move]) -> Facelets {
        moves.iter().fold(*self, |cube, &m| cube.apply(m))
    }

    /// Solved means every face shows one colour, however the cube is held.
    pub fn is_solved(&self) -> bool {
        (0..54).all(|i| self.colour(i) == self.colour(i / 9 * 9 + 4))
    }
}

impl fmt::Display for Facelets {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(std::str::from_utf8(&self.0).map_err(|_| fmt::Error)?)
    }
}

impl fmt::Debug for Facelets {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Facelets({self})")
    }
}

type Vec3 = [i8; 3];

/// Outward normals of U R F D L B, with x towards R, y towards U, z towards F.
const NORMALS: [Vec3; 6] = [
    [0, 1, 0],
    [1, 0, 0],
    [0, 0, 1],
    [0, -1, 0],
    [-1, 0, 0],
    [0, 0, -1],
];

/// Where facelet `i` sits: the position of its cubie (each coordinate −1, 0 or 1) and the
/// normal of its face. Row `r` and column `c` are read as the face is seen from outside,
/// U with B at the top, D with F at the top, the side faces with U at the top.
fn place(i: usize) -> (Vec3, Vec3) {
    let (face, r, c) = (i / 9, (i % 9 / 3) as i8, (i % 3) as i8);
    let pos = match face {
        0 => [c - 1, 1, r - 1],
        1 => [1, 1 - r, 1 - c],
        2 => [c - 1, 1 - r, 1],
        3 => [c - 1, -1, 1 - r],
        4 => [-1, 1 - r, c - 1],
        _ => [1 - c, 1 - r, -1],
    };
    (pos, NORMALS[face])
}

fn dot(a: Vec3, b: Vec3) -> i8 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// A clockwise quarter turn about outward axis `n` (as seen looking at that face):
/// v ↦ n(n·v) − n×v.
fn quarter(n: Vec3, v: Vec3) -> Vec3 {
    let cross = [
        n[1] * v[2] - n[2] * v[1],
        n[2] * v[0] - n[0] * v[2],
        n[0] * v[1] - n[1] * v[0],
    ];
    let along = dot(n, v);
    [
        n[0] * along - cross[0],
        n[1] * along - cross[1],
        n[2] * along - cross[2],
    ]
}

/// The axis a layer turns about and which slabs (by position along that axis) move.
fn layer_axis(layer: Layer) -> (Vec3, fn(i8) -> bool) {
    let i = layer as usize;
    match layer {
        _ if i < 6 => (NORMALS[i], |d| d == 1),
        _ if i < 12 => (NORMALS[i - 6], |d| d >= 0),
        Layer::M => (NORMALS[4], |d| d == 0),
        Layer::E => (NORMALS[3], |d| d == 0),
        Layer::S => (NORMALS[2], |d| d == 0),
        Layer::X => (NORMALS[1], |_| true),
        Layer::Y => (NORMALS[0], |_| true),
        _ => (NORMALS[2], |_| true),
    }
}

/// `permutation(m)[i]` = where the facelet at `i` goes.
pub fn permutation(m: Move) -> &'static [u8; 54] {
    static TABLE: OnceLock<Vec<[u8; 54]>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let places: Vec<(Vec3, Vec3)> = (0..54).map(place).collect();
        let index_of = |p: (Vec3, Vec3)| {
            places
                .iter()
                .position(|&q| q == p)
                .expect("a rotation maps facelets to facelets") as u8
        };
        let mut out = Vec::with_capacity(18 * 4);
        for layer in Layer::ALL {
            let (n, moves) = layer_axis(layer);
            let quarter_perm: [u8; 54] = std::array::from_fn(|i| {
                let (pos, normal) = places[i];
                if moves(dot(pos, n)) {
                    index_of((quarter(n, pos), quarter(n, normal)))
                } else {
                    i as u8
                }
            });
            let mut power: [u8; 54] = std::array::from_fn(|i| i as u8);
            for _ in 0..4 {
                out.push(power);
                power = std::array::from_fn(|i| quarter_perm[power[i] as usize]);
            }
        }
        out
    });
    &table[m.layer as usize * 4 + (m.amount % 4) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rubik::moves::parse_moves;

    fn after(moves: &str) -> String {
        Facelets::solved()
            .apply_all(&parse_moves(moves).unwrap())
            .to_string()
    }

    #[test]
    fn piece_facelets_share_a_cubie_and_run_clockwise() {
        for c in CORNER_FACELETS {
            let p: Vec<(Vec3, Vec3)> = c.iter().map(|&i| place(i as usize)).collect();
            assert!(p.iter().all(|q| q.0 == p[0].0), "{c:?}");
            // Clockwise from outside: the triple product of the normals is negative.
            let (a, b, n) = (p[0].1, p[1].1, p[2].1);
            let cross = [
                a[1] * b[2] - a[2] * b[1],
                a[2] * b[0] - a[0] * b[2],
                a[0] * b[1] - a[1] * b[0],
            ];
            assert!(dot(cross, n) < 0, "{c:?}");
        }
        for e in EDGE_FACELETS {
            assert_eq!(place(e[0] as usize).0, place(e[1] as usize).0);
        }
    }

    #[test]
    fn u_moves_the_front_row_to_the_left_and_r_moves_front_up() {
        let s = after("U");
        assert_eq!(&s[36..39], "FFF"); // L's top row came from F
        assert_eq!(&s[18..21], "RRR"); // F's top row came from R
        let s = after("R");
        assert_eq!(&s[..9], "UUFUUFUUF"); // U's right column came from F
        assert_eq!(&s[45..54], "UBBUBBUBB"); // B's left column (seen from behind) from U
        let s = after("M");
        assert_eq!(&s[..9], "UBUUBUUBU"); // M turns as L: U's middle column came from B
    }

    #[test]
    fn every_move_has_order_four_and_rotations_keep_solved_solved() {
        let all = parse_moves("U R F D L B Uw Rw Fw Dw Lw Bw M E S x y z").unwrap();
        for m in all {
            let p = permutation(m);
            let mut seen = [false; 54];
            p.iter().for_each(|&j| seen[j as usize] = true);
            assert!(seen.iter().all(|&s| s), "{m} is a permutation");
            let cube = Facelets::solved();
            assert_ne!(cube.apply(m), cube, "{m}");
            assert_eq!(cube.apply_all(&[m; 4]), cube, "{m}");
        }
        for r in ["x", "y", "z", "x y2 z'", "Rw L'", "M' R L'"] {
            let cube = Facelets::solved().apply_all(&parse_moves(r).unwrap());
            assert!(cube.is_solved(), "{r}");
        }
    }

    #[test]
    fn shapes_are_checked() {
        assert!(Facelets::parse("UUU")
            .unwrap_err()
            .contains("this state has 3"));
        let mut bad = SOLVED.to_string();
        bad.replace_range(5..6, "1");
        let e = Facelets::parse(&bad).unwrap_err();
        assert!(e.contains("facelet 6 (U6) is '1'"), "{e}");
        assert!(Facelets::parse(&format!(" {SOLVED}\n")).is_ok());
    }
}
