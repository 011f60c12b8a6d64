//! Where the 24 stickers sit in space, and the sticker permutation of every turn, derived
//! from that geometry rather than typed in by hand.
//!
//! Net order (the SQL article's 24-letter string):
//! `U0 U1 U2 U3, L0 L1 F0 F1 R0 R1 B0 B1, L2 L3 F2 F3 R2 R3 B2 B3, D0 D1 D2 D3`.

/// A vector with coordinates in {-1, 0, 1}: x right, y up, z towards the viewer.
pub type Vec3 = [i8; 3];

/// Faces in the order their stickers are named: U, L, F, R, B, D.
pub const FACES: [char; 6] = ['U', 'L', 'F', 'R', 'B', 'D'];

/// Outward normal of each face in `FACES` order.
pub const FACE_NORMALS: [Vec3; 6] = [
    [0, 1, 0],
    [-1, 0, 0],
    [0, 0, 1],
    [1, 0, 0],
    [0, 0, -1],
    [0, -1, 0],
];

/// The sticker names in net-string order.
pub const NET_ORDER: [&str; 24] = [
    "U0", "U1", "U2", "U3", "L0", "L1", "F0", "F1", "R0", "R1", "B0", "B1", "L2", "L3", "F2", "F3",
    "R2", "R3", "B2", "B3", "D0", "D1", "D2", "D3",
];

/// A sticker: the corner cubie it is on (a position in {-1, 1}³) and the face it points to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sticker {
    pub cubie: Vec3,
    pub normal: Vec3,
}

/// The cubie position of sticker `k` (0 top-left, 1 top-right, 2 bottom-left,
/// 3 bottom-right as drawn on the net) of each face.
fn cubie_of(face: char, k: usize) -> Vec3 {
    let (row, col) = ((k / 2) as i8, (k % 2) as i8);
    let (a, b) = (2 * col - 1, 1 - 2 * row); // left→right: -1..1, top→bottom: 1..-1
    match face {
        // Seen from above, the back edge at the top of the net.
        'U' => [a, 1, -b],
        // Seen from the front.
        'F' => [a, b, 1],
        // Seen from the right: its left edge touches F.
        'R' => [1, b, -a],
        // Seen from behind: its left edge touches R.
        'B' => [-a, b, -1],
        // Seen from the left: its left edge touches B.
        'L' => [-1, b, a],
        // Seen from below, the front edge at the top of the net.
        'D' => [a, -1, b],
        _ => unreachable!("faces are U L F R B D"),
    }
}

/// Every sticker, indexed in net-string order.
pub fn stickers() -> [Sticker; 24] {
    std::array::from_fn(|i| {
        let name = NET_ORDER[i].as_bytes();
        let face = name[0] as char;
        let k = (name[1] - b'0') as usize;
        let f = FACES.iter().position(|&c| c == face).expect("known face");
        Sticker {
            cubie: cubie_of(face, k),
            normal: FACE_NORMALS[f],
        }
    })
}

fn dot(a: Vec3, b: Vec3) -> i8 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn cross(a: Vec3, b: Vec3) -> Vec3 {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// A clockwise quarter turn about the axis `u`, as seen looking at the face `u` points to:
/// v' = u(u·v) − u×v.
fn quarter_clockwise(u: Vec3, v: Vec3) -> Vec3 {
    let d = dot(u, v);
    let c = cross(u, v);
    [u[0] * d - c[0], u[1] * d - c[1], u[2] * d - c[2]]
}

/// The permutation of one clockwise quarter turn about `axis` of every cubie with
/// `cubie · axis > 0` (all cubies when `whole`): `perm[i]` is where sticker `i` goes.
pub fn quarter_turn_permutation(axis: Vec3, whole: bool) -> [u8; 24] {
    let all = stickers();
    std::array::from_fn(|i| {
        let s = all[i];
        if !whole && dot(s.cubie, axis) <= 0 {
            return i as u8;
        }
        let moved = Sticker {
            cubie: quarter_clockwise(axis, s.cubie),
            normal: quarter_clockwise(axis, s.normal),
        };
        all.iter()
            .position(|&t| t == moved)
            .expect("a turn maps stickers to stickers") as u8
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stickers_are_distinct_and_on_their_faces() {
        let all = stickers();
        for (i, a) in all.iter().enumerate() {
            assert!(
                dot(a.cubie, a.normal) == 1,
                "{} points outwards",
                NET_ORDER[i]
            );
            for b in &all[i + 1..] {
                assert_ne!(a, b);
            }
        }
    }

    #[test]
    fn net_neighbours_share_cubies() {
        let all = stickers();
        let at = |name: &str| all[NET_ORDER.iter().position(|&n| n == name).unwrap()].cubie;
        // Edges that touch on the drawn net are the same cubies in space.
        assert_eq!(at("U2"), at("F0"));
        assert_eq!(at("U3"), at("F1"));
        assert_eq!(at("F1"), at("R0"));
        assert_eq!(at("R1"), at("B0"));
        assert_eq!(at("B1"), at("L0"));
        assert_eq!(at("L1"), at("F0"));
        assert_eq!(at("D0"), at("F2"));
        assert_eq!(at("D3"), at("R3"));
        assert_eq!(at("U0"), at("L0"));
        assert_eq!(at("U1"), at("R1"));
    }
}
