//! Corners: where each corner cubie is and how it is twisted, read off the stickers (with
//! a precise complaint when a colouring is not a real cube), and the coordinate that numbers
//! all 3,674,160 positions with the down-back-left corner held fixed.

use std::sync::OnceLock;

use super::geometry::{stickers, Vec3, FACE_NORMALS, NET_ORDER};
use super::moves::Move;
use super::stickers::Stickers;
use crate::cube_common::colour_count;

/// Corner positions: URF, UFL, ULB, UBR, DFR, DLF, DRB, DBL. U, R and F turns leave the
/// last one (DBL) where it is, so it fixes the cube's orientation.
pub const POSITIONS: [Vec3; 8] = [
    [1, 1, 1],
    [-1, 1, 1],
    [-1, 1, -1],
    [1, 1, -1],
    [1, -1, 1],
    [-1, -1, 1],
    [1, -1, -1],
    [-1, -1, -1],
];
pub const FIXED: usize = 7;
pub const PERMS: usize = 5040; // 7!
pub const TWISTS: usize = 729; // 3^6: the seventh twist follows from the others
pub const POSITIONS_COUNT: usize = PERMS * TWISTS;

/// The sticker indices of each corner position: its U/D sticker first, then clockwise as
/// seen from outside the corner.
pub fn slots() -> &'static [[u8; 3]; 8] {
    static SLOTS: OnceLock<[[u8; 3]; 8]> = OnceLock::new();
    SLOTS.get_or_init(|| {
        let all = stickers();
        std::array::from_fn(|p| {
            let here: Vec<usize> = (0..24).filter(|&i| all[i].cubie == POSITIONS[p]).collect();
            let ud = *here
                .iter()
                .find(|&&i| all[i].normal[1] != 0)
                .expect("a U/D sticker");
            let others: Vec<usize> = here.iter().copied().filter(|&i| i != ud).collect();
            let (n0, n1, n2) = (all[ud].normal, all[others[0]].normal, all[others[1]].normal);
            // Clockwise from outside ⇔ negative triple product of the outward normals.
            let triple = n0[0] * (n1[1] * n2[2] - n1[2] * n2[1])
                - n0[1] * (n1[0] * n2[2] - n1[2] * n2[0])
                + n0[2] * (n1[0] * n2[1] - n1[1] * n2[0]);
            if triple < 0 {
                [ud as u8, others[0] as u8, others[1] as u8]
            } else {
                [ud as u8, others[1] as u8, others[0] as u8]
            }
        })
    })
}

fn face_of_sticker(i: usize) -> usize {
    let normal = stickers()[i].normal;
    FACE_NORMALS
        .iter()
        .position(|&n| n == normal)
        .expect("a face")
}

/// Which colour each face has when solved, in `FACES` order (U L F R B D).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scheme(pub [u8; 6]);

impl Scheme {
    pub fn standard() -> Scheme {
        Scheme(*b"WGRBOY")
    }

    /// The colours of the cubie that belongs at position `p`, in slot order.
    fn corner_colours(&self, p: usize) -> [u8; 3] {
        slots()[p].map(|s| self.0[face_of_sticker(s as usize)])
    }
}

/// Corner `p`'s cubie and twist: `cubie[p]` is the cubie (named by its home position) at
/// position `p`; `twist[p]` is the slot its U/D sticker is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Corners {
    pub cubie: [u8; 8],
    pub twist: [u8; 8],
}

impl Corners {
    pub fn solved() -> Corners {
        Corners {
            cubie: std::array::from_fn(|i| i as u8),
            twist: [0; 8],
        }
    }

    /// The position number, 0 = solved.
    pub fn coordinate(&self) -> u32 {
        perm_index(&self.cubie) * TWISTS as u32 + twist_index(&self.twist)
    }

    pub fn from_coordinate(index: u32) -> Corners {
        let (p, t) = (index / TWISTS as u32, index % TWISTS as u32);
        let mut cubie = [0u8; 8];
        cubie[..7].copy_from_slice(&perm_from_index(p));
        cubie[FIXED] = FIXED as u8;
        Corners {
            cubie,
            twist: twist_from_index(t),
        }
    }

    pub fn to_stickers(&self, scheme: Scheme) -> Stickers {
        let mut out = [0u8; 24];
        for p in 0..8 {
            let colours = scheme.corner_colours(self.cubie[p] as usize);
            for (m, &colour) in colours.iter().enumerate() {
                let slot = (self.twist[p] as usize + m) % 3;
                out[slots()[p][slot] as usize] = colour;
            }
        }
        Stickers(out)
    }
}

/// Where a turn sends each corner position and how much it twists the cubie moving there.
pub fn corner_action(m: Move) -> ([u8; 8], [u8; 8]) {
    let perm = m.permutation();
    let mut dest = [0u8; 8];
    let mut twist = [0u8; 8];
    for p in 0..8 {
        let to = perm[slots()[p][0] as usize];
        for (q, s) in slots().iter().enumerate() {
            if let Some(k) = s.iter().position(|&x| x == to) {
                dest[p] = q as u8;
                twist[p] = k as u8;
            }
        }
    }
    (dest, twist)
}

/// Lehmer code of the cubies at the first seven positions (0..5040).
pub fn perm_index(cubie: &[u8; 8]) -> u32 {
    let mut index = 0u32;
    for i in 0..7 {
        let smaller_after = (i + 1..7).filter(|&j| cubie[j] < cubie[i]).count() as u32;
        index = index * (7 - i as u32) + smaller_after;
    }
    index
}

pub fn perm_from_index(mut index: u32) -> [u8; 7] {
    let mut digits = [0u32; 7];
    for i in (0..7).rev() {
        let base = 7 - i as u32;
        digits[i] = index % base;
        index /= base;
    }
    let mut left: Vec<u8> = (0..7).collect();
    std::array::from_fn(|i| left.remove(digits[i] as usize))
}

pub fn twist_index(twist: &[u8; 8]) -> u32 {
    twist[..6]
        .iter()
        .rev()
        .fold(0, |acc, &t| acc * 3 + t as u32)
}

pub fn twist_from_index(mut index: u32) -> [u8; 8] {
    let mut twist = [0u8; 8];
    for t in twist.iter_mut().take(6) {
        *t = (index % 3) as u8;
        index /= 3;
    }
    let sum: u32 = twist[..6].iter().map(|&t| t as u32).sum();
    twist[6] = ((3 - sum % 3) % 3) as u8;
    twist
}

fn corner_name(p: usize) -> String {
    slots()[p]
        .iter()
        .map(|&s| NET_ORDER[s as usize])
        .collect::<Vec<_>>()
        .join("/")
}

fn colour_list(colours: &[u8]) -> String {
    colours
        .iter()
        .map(|&c| (c as char).to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Reads a colouring as a cube held with its down-back-left corner fixed: the face colours
/// it implies and where every corner is. Any colouring that is not a real cube gets a
/// message that says what is wrong.
pub fn analyse(cube: &Stickers) -> Result<(Scheme, Corners), String> {
    let st = &cube.0;
    let colours = colour_count::POCKET.check(st.iter().copied())?;
    let seen: Vec<[u8; 3]> = (0..8).map(|p| slots()[p].map(|s| st[s as usize])).collect();
    three_colours_each(&seen)?;
    let scheme = scheme_from_opposites(st, &colours, &seen)?;
    let corners = place_corners(&seen, scheme)?;
    twists_sum_to_zero(&corners)?;
    Ok((scheme, corners))
}

/// Three different colours on every corner.
fn three_colours_each(seen: &[[u8; 3]]) -> Result<(), String> {
    for (p, c) in seen.iter().enumerate() {
        if c[0] == c[1] || c[1] == c[2] || c[0] == c[2] {
            return Err(format!(
                "the corner at {} has colours {}: a corner's three stickers all differ",
                corner_name(p),
                colour_list(c)
            ));
        }
    }
    Ok(())
}

/// The colour scheme: opposite colours never meet on a corner, and each colour has
/// exactly one opposite.
fn scheme_from_opposites(
    st: &[u8; 24],
    colours: &[u8],
    seen: &[[u8; 3]],
) -> Result<Scheme, String> {
    let opposite = |x: u8| -> Result<u8, String> {
        let apart: Vec<u8> = colours
            .iter()
            .copied()
            .filter(|&y| y != x && !seen.iter().any(|c| c.contains(&x) && c.contains(&y)))
            .collect();
        match apart.as_slice() {
            [y] => Ok(*y),
            [] => Err(format!(
                "colour {} shares a corner with every other colour, so no face can be opposite it: some corner cannot exist",
                x as char
            )),
            more => Err(format!(
                "colour {} never meets {} on a corner, but a face has only one opposite: some corner cannot exist",
                x as char,
                colour_list(more)
            )),
        }
    };
    // The fixed corner names D, L and B; their opposites are U, R and F.
    let mut scheme = [0u8; 6];
    for &s in &slots()[FIXED] {
        scheme[face_of_sticker(s as usize)] = st[s as usize];
    }
    let (d, l, b) = (scheme[5], scheme[1], scheme[4]);
    scheme[0] = opposite(d)?;
    scheme[3] = opposite(l)?;
    scheme[2] = opposite(b)?;
    let scheme = Scheme(scheme);
    Ok(scheme)
}

/// Every corner a real corner, unmirrored, each exactly once.
fn place_corners(seen: &[[u8; 3]], scheme: Scheme) -> Result<Corners, String> {
    let mut corners = Corners::solved();
    let mut found: [Option<usize>; 8] = [None; 8];
    for (p, c) in seen.iter().enumerate() {
        let ud: Vec<usize> = (0..3)
            .filter(|&k| c[k] == scheme.0[0] || c[k] == scheme.0[5])
            .collect();
        let home = (0..8).find(|&q| {
            let want = scheme.corner_colours(q);
            let mut a = want;
            let mut b = *c;
            a.sort_unstable();
            b.sort_unstable();
            a == b
        });
        let (Some(home), [k]) = (home, ud.as_slice()) else {
            return Err(format!(
                "the corner at {} ({}) cannot exist: a corner has one colour from each pair of opposite faces ({}–{}, {}–{}, {}–{})",
                corner_name(p),
                colour_list(c),
                scheme.0[0] as char, scheme.0[5] as char,
                scheme.0[1] as char, scheme.0[3] as char,
                scheme.0[2] as char, scheme.0[4] as char,
            ));
        };
        let turned = [c[*k], c[(k + 1) % 3], c[(k + 2) % 3]];
        if turned != scheme.corner_colours(home) {
            return Err(format!(
                "the corner at {} ({}) is a mirror image: two of its stickers are swapped",
                corner_name(p),
                colour_list(c)
            ));
        }
        if let Some(other) = found[home] {
            return Err(format!(
                "the {} corner appears twice, at {} and at {}",
                colour_list(&scheme.corner_colours(home)),
                corner_name(other),
                corner_name(p)
            ));
        }
        found[home] = Some(p);
        corners.cubie[p] = home as u8;
        corners.twist[p] = *k as u8;
    }
    Ok(corners)
}

/// The twists sum to 0 mod 3 (no sequence of turns twists one corner).
fn twists_sum_to_zero(corners: &Corners) -> Result<(), String> {
    let twist: u32 = corners.twist.iter().map(|&t| t as u32).sum();
    if twist % 3 != 0 {
        let way = if twist % 3 == 1 {
            "clockwise"
        } else {
            "counter-clockwise"
        };
        return Err(format!(
            "a corner is twisted {way} in place: no sequence of turns can do that (the twists add up to {} mod 3, not 0)",
            twist % 3
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::moves::{face_turns, parse_moves};

    #[test]
    fn solved_cube_is_coordinate_zero() {
        let (scheme, corners) = analyse(&Stickers::solved()).unwrap();
        assert_eq!(scheme, Scheme::standard());
        assert_eq!(corners.coordinate(), 0);
        assert_eq!(Corners::solved().to_stickers(scheme), Stickers::solved());
    }

    #[test]
    fn coordinates_round_trip() {
        for index in (0..POSITIONS_COUNT as u32).step_by(9973) {
            let c = Corners::from_coordinate(index);
            assert_eq!(c.coordinate(), index);
            let (_, back) = analyse(&c.to_stickers(Scheme::standard())).unwrap();
            assert_eq!(back, c);
        }
    }

    #[test]
    fn corner_action_agrees_with_stickers() {
        let start = Corners::from_coordinate(1_234_567);
        for m in parse_moves("U U2 U' R R2 R' F F2 F'").unwrap() {
            let (dest, twist) = corner_action(m);
            let mut moved = start;
            for p in 0..8 {
                let q = dest[p] as usize;
                moved.cubie[q] = start.cubie[p];
                moved.twist[q] = (start.twist[p] + twist[p]) % 3;
            }
            let (_, read) = analyse(&start.to_stickers(Scheme::standard()).apply(m)).unwrap();
            assert_eq!(read, moved, "{m}");
        }
    }

    #[test]
    fn any_scramble_of_any_colours_is_valid() {
        let cube = Stickers::parse("AAAABBCCDDEEBBCCDDEEFFFF").unwrap();
        for m in face_turns().chain(parse_moves("x y z").unwrap()) {
            assert!(analyse(&cube.apply(m)).is_ok(), "{m}");
        }
    }

    fn error(state: &str) -> String {
        analyse(&Stickers::parse(state).unwrap()).unwrap_err()
    }

    #[test]
    fn impossible_colourings_say_what_is_wrong() {
        // Five whites, three greens.
        let e = error("WWWWWGRRBBOOGGRRBBOOYYYY");
        assert!(
            e.contains("W appears 5 times") && e.contains("G appears 3 times"),
            "{e}"
        );
        // Seven colours.
        assert!(error("WWWWGGRRBBOOGGRRBBOOYYYK").contains("7 colours"));
        // Twist the URF corner (U3, R0, F1) in place.
        let mut s = Stickers::solved().0;
        let (u, r, f) = (3, 8, 7);
        (s[u], s[r], s[f]) = (s[f], s[u], s[r]);
        let e = analyse(&Stickers(s)).unwrap_err();
        assert!(e.contains("twisted"), "{e}");
        // Swap two stickers of one corner: a mirror image.
        let mut s = Stickers::solved().0;
        s.swap(3, 8);
        assert!(analyse(&Stickers(s)).unwrap_err().contains("mirror"));
        // Swap U3 (W) with D3 (Y): each corner now has the other's colours, mirrored.
        let mut s = Stickers::solved().0;
        s.swap(3, 23);
        assert!(analyse(&Stickers(s)).unwrap_err().contains("mirror"));
        // Put a yellow next to white on the URF corner: opposite colours meet.
        let mut s = Stickers::solved().0;
        s.swap(8, 20); // R0 (B) with D0 (Y)
        let e = analyse(&Stickers(s)).unwrap_err();
        assert!(e.contains("cannot exist"), "{e}");
        // Two reds on the URF corner.
        let mut s = Stickers::solved().0;
        s.swap(8, 6); // R0 (B) with F0 (R)
        let e = analyse(&Stickers(s)).unwrap_err();
        assert!(e.contains("U3/R0/F1") && e.contains("all differ"), "{e}");
    }
}
