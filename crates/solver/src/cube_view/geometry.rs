//! Where each sticker of the 2×2×2 and the 3×3×3 sits in space, worked out from the way
//! the nets are drawn (each face seen from outside, U with B at its top edge, D with F at
//! its top edge, the side faces with U at their top edge) and nothing else, so that the
//! tests can hold the solvers' move tables against it as an independent check.
//!
//! Coordinates are integers in half-cubie units: x towards R, y towards U, z towards F.
//! An n×n×n cube's faces lie at ±n; a sticker's centre is its cubie's centre plus its
//! normal.

/// An integer vector (half-cubie units).
pub type Vec3 = [i8; 3];

/// The six faces, in the order the 3D view names and draws them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Face {
    U,
    R,
    F,
    D,
    L,
    B,
}

impl Face {
    pub const ALL: [Face; 6] = [Face::U, Face::R, Face::F, Face::D, Face::L, Face::B];

    pub fn from_letter(letter: char) -> Option<Face> {
        Face::ALL.into_iter().find(|f| f.letter() == letter)
    }

    pub fn letter(self) -> char {
        ['U', 'R', 'F', 'D', 'L', 'B'][self as usize]
    }

    /// The outward normal.
    pub fn normal(self) -> Vec3 {
        match self {
            Face::U => [0, 1, 0],
            Face::R => [1, 0, 0],
            Face::F => [0, 0, 1],
            Face::D => [0, -1, 0],
            Face::L => [-1, 0, 0],
            Face::B => [0, 0, -1],
        }
    }

    /// The directions "to the right" and "downwards" on the face as the net draws it.
    pub fn frame(self) -> (Vec3, Vec3) {
        match self {
            Face::U => ([1, 0, 0], [0, 0, 1]),
            Face::R => ([0, 0, -1], [0, -1, 0]),
            Face::F => ([1, 0, 0], [0, -1, 0]),
            Face::D => ([1, 0, 0], [0, 0, -1]),
            Face::L => ([0, 0, 1], [0, -1, 0]),
            Face::B => ([-1, 0, 0], [0, -1, 0]),
        }
    }
}

/// One sticker: its net name, face, and centre.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    pub name: String,
    pub face: Face,
    /// The sticker's centre (half-cubie units).
    pub centre: Vec3,
}

impl Place {
    pub fn normal(&self) -> Vec3 {
        self.face.normal()
    }

    /// The centre of the cubie the sticker is on.
    pub fn cubie(&self) -> Vec3 {
        sub(self.centre, self.normal())
    }
}

/// Which cube: the pocket cube (net names `U0`..`D3` in the SQL article's string order) or
/// the Rubik's cube (Kociemba's `U1`..`B9` in URFDLB order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Pocket,
    Rubik,
}

impl Kind {
    /// Cubies along an edge.
    pub fn size(self) -> i8 {
        match self {
            Kind::Pocket => 2,
            Kind::Rubik => 3,
        }
    }

    pub fn sticker_count(self) -> usize {
        let n = self.size() as usize;
        6 * n * n
    }
}

/// The pocket cube's state string: the SQL article's net read row by row.
pub const POCKET_NAMES: [&str; 24] = [
    "U0", "U1", "U2", "U3", "L0", "L1", "F0", "F1", "R0", "R1", "B0", "B1", "L2", "L3", "F2", "F3",
    "R2", "R3", "B2", "B3", "D0", "D1", "D2", "D3",
];

/// Where sticker (row, column) of a face sits on an n×n×n cube.
fn centre_on(face: Face, n: i8, row: i8, col: i8) -> Vec3 {
    let (right, down) = face.frame();
    let (a, b) = (2 * col - (n - 1), 2 * row - (n - 1));
    let normal = face.normal();
    std::array::from_fn(|i| normal[i] * n + right[i] * a + down[i] * b)
}

/// Every sticker of a cube, in its state string's order.
pub fn places(kind: Kind) -> Vec<Place> {
    match kind {
        Kind::Pocket => POCKET_NAMES
            .iter()
            .map(|name| {
                let mut letters = name.chars();
                let face = letters.next().and_then(Face::from_letter).expect("a face");
                let k = letters.next().and_then(|d| d.to_digit(10)).expect("0..3") as i8;
                Place {
                    name: name.to_string(),
                    face,
                    centre: centre_on(face, 2, k / 2, k % 2),
                }
            })
            .collect(),
        Kind::Rubik => Face::ALL
            .iter()
            .flat_map(|&face| {
                (0..9i8).map(move |k| Place {
                    name: format!("{}{}", face.letter(), k + 1),
                    face,
                    centre: centre_on(face, 3, k / 3, k % 3),
                })
            })
            .collect(),
    }
}

pub fn dot(a: Vec3, b: Vec3) -> i8 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

pub fn sub(a: Vec3, b: Vec3) -> Vec3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

/// A clockwise quarter turn about `axis`, as seen looking at the face `axis` points to
/// (a right-handed −90° rotation): v ↦ a(a·v) − a×v for a unit axis.
pub fn quarter_clockwise(axis: Vec3, v: Vec3) -> Vec3 {
    let d = dot(axis, v);
    let c = [
        axis[1] * v[2] - axis[2] * v[1],
        axis[2] * v[0] - axis[0] * v[2],
        axis[0] * v[1] - axis[1] * v[0],
    ];
    std::array::from_fn(|i| axis[i] * d - c[i])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stickers_are_distinct_on_their_faces_and_sit_on_cubies() {
        for kind in [Kind::Pocket, Kind::Rubik] {
            let all = places(kind);
            assert_eq!(all.len(), kind.sticker_count());
            let n = kind.size();
            for (i, p) in all.iter().enumerate() {
                assert_eq!(dot(p.centre, p.normal()), n, "{} lies on its face", p.name);
                // A cubie centre: every coordinate has n−1's parity and fits in the cube.
                for c in p.cubie() {
                    assert!(c.abs() < n && (c - (n - 1)) % 2 == 0, "{}", p.name);
                }
                assert!(all[i + 1..].iter().all(|q| q.centre != p.centre));
            }
        }
    }

    #[test]
    fn the_frames_are_seen_from_outside() {
        // right × down = inwards for a face seen from outside (y up, right-handed).
        for face in Face::ALL {
            let (r, d) = face.frame();
            let cross = [
                r[1] * d[2] - r[2] * d[1],
                r[2] * d[0] - r[0] * d[2],
                r[0] * d[1] - r[1] * d[0],
            ];
            assert_eq!(cross, face.normal().map(|x| -x), "{face:?}");
        }
    }

    #[test]
    fn net_neighbours_touch_in_space() {
        let pocket = places(Kind::Pocket);
        let at = |name: &str| pocket.iter().find(|p| p.name == name).unwrap().cubie();
        for (a, b) in [
            ("U2", "F0"),
            ("F1", "R0"),
            ("R1", "B0"),
            ("B1", "L0"),
            ("D0", "F2"),
        ] {
            assert_eq!(at(a), at(b), "{a} {b}");
        }
        let rubik = places(Kind::Rubik);
        let at = |name: &str| rubik.iter().find(|p| p.name == name).unwrap().cubie();
        for (a, b) in [
            ("U8", "F2"),
            ("U9", "R1"),
            ("F6", "R4"),
            ("D2", "F8"),
            ("B4", "R6"),
        ] {
            assert_eq!(at(a), at(b), "{a} {b}");
        }
    }
}
