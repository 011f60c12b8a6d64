//! Every turn each cube's notation has, as the 3D view sees it: the axis, the slabs that
//! turn, how far, and the sticker permutation that follows from turning those stickers in
//! space. The pocket cube has face turns and rotations `x y z`; the Rubik's cube adds
//! wide turns, the slices `M E S`.

use super::geometry::{dot, places, quarter_clockwise, Face, Kind, Place, Vec3};

/// One turn as the 3D view animates it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// Notation: `R`, `R'`, `R2`, `Uw`, `M2`, `x'`.
    pub name: String,
    /// The face it turns as (clockwise is as seen looking at this face).
    pub face: Face,
    /// Clockwise quarter turns: 1, 2 or 3 (3 is a counter-clockwise quarter).
    pub quarters: u8,
    /// Which slabs turn, by a cubie's position along the axis (`axis · cubie`).
    pub slabs: Vec<i8>,
    /// `perm[i]` = where the sticker at `i` goes.
    pub perm: Vec<u8>,
}

impl Turn {
    pub fn axis(&self) -> Vec3 {
        self.face.normal()
    }

    /// Whether the sticker at `place` is on a turning slab.
    pub fn moves(&self, place: &Place) -> bool {
        self.slabs.contains(&dot(self.axis(), place.cubie()))
    }

    /// The rotation in CSS's axes (x right, y down, z towards the viewer), where
    /// `rotate3d(x, y, z, a)` is right-handed: the axis, and the angle in degrees after
    /// `progress` (0 to 1) of the turn. A clockwise quarter (−90° right-handed about the
    /// face normal in y-up space) is +90° about the mirrored axis.
    pub fn css_rotation(&self, progress: f64) -> ([i8; 3], f64) {
        let a = self.axis();
        let degrees = match self.quarters {
            1 => 90.0,
            3 => -90.0,
            _ => 180.0,
        };
        ([a[0], -a[1], a[2]], degrees * progress.clamp(0.0, 1.0))
    }

    /// Where the turning slabs meet the still ones: each cut's offset along the axis
    /// (half-cubie units). A turning layer opens the cube there, so the view closes each
    /// cut with two dark planes, one turning and one still. A whole-cube rotation has none.
    pub fn cuts(&self, kind: Kind) -> Vec<i8> {
        let n = kind.size();
        (0..n - 1)
            .map(|k| 2 * k - (n - 1))
            .filter(|&s| self.slabs.contains(&s) != self.slabs.contains(&(s + 2)))
            .map(|s| s + 1)
            .collect()
    }

    /// How long the turn takes, in quarter turns (a half turn is 1.5: faster than two).
    pub fn length_in_quarters(&self) -> f64 {
        if self.quarters == 2 {
            1.5
        } else {
            1.0
        }
    }
}

/// Layer families: the letter, the face they turn as, and which slabs.
fn families(kind: Kind) -> Vec<(String, Face, Vec<i8>)> {
    let n = kind.size();
    let all: Vec<i8> = (0..n).map(|k| 2 * k - (n - 1)).collect();
    let mut out = Vec::new();
    let faces = match kind {
        Kind::Pocket => [Face::U, Face::D, Face::L, Face::R, Face::F, Face::B],
        Kind::Rubik => Face::ALL,
    };
    for f in faces {
        out.push((f.letter().to_string(), f, vec![n - 1]));
    }
    if kind == Kind::Rubik {
        for f in Face::ALL {
            out.push((format!("{}w", f.letter()), f, vec![0, n - 1]));
        }
        out.push(("M".into(), Face::L, vec![0]));
        out.push(("E".into(), Face::D, vec![0]));
        out.push(("S".into(), Face::F, vec![0]));
    }
    out.push(("x".into(), Face::R, all.clone()));
    out.push(("y".into(), Face::U, all.clone()));
    out.push(("z".into(), Face::F, all));
    out
}

/// Every turn of a cube: each layer clockwise, counter-clockwise and half.
pub fn turns(kind: Kind) -> Vec<Turn> {
    let all = places(kind);
    let index_of = |centre: Vec3| {
        all.iter()
            .position(|p| p.centre == centre)
            .expect("a turn moves stickers onto stickers") as u8
    };
    let mut out = Vec::new();
    for (letter, face, slabs) in families(kind) {
        for (quarters, suffix) in [(1u8, ""), (3, "'"), (2, "2")] {
            let mut turn = Turn {
                name: format!("{letter}{suffix}"),
                face,
                quarters,
                slabs: slabs.clone(),
                perm: Vec::new(),
            };
            turn.perm = all
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    if !turn.moves(p) {
                        return i as u8;
                    }
                    let mut c = p.centre;
                    for _ in 0..quarters {
                        c = quarter_clockwise(turn.axis(), c);
                    }
                    index_of(c)
                })
                .collect();
            out.push(turn);
        }
    }
    out
}

/// A state after a turn: the colour at `i` moves to `perm[i]`.
pub fn apply(colours: &[u8], turn: &Turn) -> Vec<u8> {
    let mut out = colours.to_vec();
    for (i, &c) in colours.iter().enumerate() {
        out[turn.perm[i] as usize] = c;
    }
    out
}

/// The turn that takes `from` to `to`, if one does (face turns first, then wide turns,
/// slices and rotations, so a state symmetric enough to be reached two ways shows the
/// simplest).
pub fn turn_between<'a>(all: &'a [Turn], from: &[u8], to: &[u8]) -> Option<&'a Turn> {
    if from.len() != to.len() || from == to {
        return None;
    }
    all.iter().find(|t| {
        from.iter()
            .enumerate()
            .all(|(i, &c)| to[t.perm[i] as usize] == c)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_has_every_turn_once() {
        let pocket: Vec<String> = turns(Kind::Pocket).into_iter().map(|t| t.name).collect();
        assert_eq!(pocket.len(), 27);
        assert!(pocket.contains(&"B2".to_string()) && pocket.contains(&"z'".to_string()));
        let rubik: Vec<String> = turns(Kind::Rubik).into_iter().map(|t| t.name).collect();
        assert_eq!(rubik.len(), 54);
        for name in ["Rw'", "M2", "E", "S'", "x2"] {
            assert!(rubik.contains(&name.to_string()), "{name}");
        }
    }

    #[test]
    fn cuts_lie_between_turning_and_still_slabs() {
        let cut = |kind, name: &str| {
            let t = turns(kind).into_iter().find(|t| t.name == name).unwrap();
            t.cuts(kind)
        };
        assert_eq!(cut(Kind::Pocket, "R"), vec![0]);
        assert_eq!(cut(Kind::Pocket, "x"), Vec::<i8>::new());
        assert_eq!(cut(Kind::Rubik, "U"), vec![1]);
        assert_eq!(cut(Kind::Rubik, "Uw'"), vec![-1]);
        assert_eq!(cut(Kind::Rubik, "M2"), vec![-1, 1]);
        assert_eq!(cut(Kind::Rubik, "z"), Vec::<i8>::new());
        // L turns the slab at −2 along its own axis (L's normal): the cut is at −1 in x.
        assert_eq!(cut(Kind::Rubik, "L"), vec![1]);
    }

    #[test]
    fn a_turn_and_its_opposite_undo_each_other() {
        for kind in [Kind::Pocket, Kind::Rubik] {
            let all = turns(kind);
            let start: Vec<u8> = (0..kind.sticker_count() as u8).collect();
            for t in &all {
                let back = all
                    .iter()
                    .find(|u| {
                        u.slabs == t.slabs && u.face == t.face && (u.quarters + t.quarters) % 4 == 0
                    })
                    .unwrap();
                assert_eq!(apply(&apply(&start, t), back), start, "{}", t.name);
                assert_eq!(turn_between(&all, &start, &apply(&start, t)), Some(t));
            }
            assert_eq!(turn_between(&all, &start, &start), None);
            let mut painted = start.clone();
            painted[0] = 99;
            assert_eq!(turn_between(&all, &start, &painted), None);
        }
    }

    /// CSS's `rotate3d` is the right-handed rotation matrix in CSS's axes; a full turn of
    /// it must carry each moving sticker's centre to where the permutation sends it.
    #[test]
    fn the_css_rotation_ends_where_the_sticker_goes() {
        let css = |v: Vec3| [v[0] as f64, -v[1] as f64, v[2] as f64];
        for kind in [Kind::Pocket, Kind::Rubik] {
            let all = places(kind);
            for t in turns(kind) {
                let (axis, degrees) = t.css_rotation(1.0);
                let k = axis.map(f64::from);
                let (s, c) = degrees.to_radians().sin_cos();
                for (i, p) in all.iter().enumerate().filter(|(_, p)| t.moves(p)) {
                    let v = css(p.centre);
                    let kv = k[0] * v[0] + k[1] * v[1] + k[2] * v[2];
                    let cross = [
                        k[1] * v[2] - k[2] * v[1],
                        k[2] * v[0] - k[0] * v[2],
                        k[0] * v[1] - k[1] * v[0],
                    ];
                    let r: [f64; 3] =
                        std::array::from_fn(|j| v[j] * c + cross[j] * s + k[j] * kv * (1.0 - c));
                    let want = css(all[t.perm[i] as usize].centre);
                    for j in 0..3 {
                        assert!((r[j] - want[j]).abs() < 1e-9, "{} {}", t.name, p.name);
                    }
                }
            }
        }
    }
}
