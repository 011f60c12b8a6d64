//! A validated cube: facelets read into the cubie model, with the exact fault named when a
//! colouring cannot be a real cube. The centres say which colour belongs to which face, so
//! any six letters work as colours and a cube held in any orientation reads correctly.

use std::fmt;

use super::cubie::CubieCube;
use super::facelets::{facelet_name, Facelets, CENTRES, CORNER_FACELETS, EDGE_FACELETS};
use super::moves::{parse_moves, Move};
use crate::cube_common::colour_count;

/// What is wrong with a colouring, for callers that react to the kind (the message says it
/// for people).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// Not 54 letters.
    Shape,
    /// Not six colours with nine facelets each.
    ColourCount,
    /// Two centres show the same colour.
    Centres,
    /// The centres disagree with the pieces about which colours are opposite, or are a
    /// mirror image of them.
    CentreScheme,
    /// An edge or corner whose colours no real piece has.
    ImpossiblePiece,
    /// A corner whose colours run the wrong way round.
    MirroredCorner,
    /// The same piece twice.
    DuplicatePiece,
    /// One edge flipped in place (the flips add up to an odd number).
    FlippedEdge,
    /// One corner twisted in place (the twists do not add up to 0 mod 3).
    TwistedCorner,
    /// Two pieces swapped (corner and edge permutation parities differ).
    SwappedPair,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CubeError {
    pub fault: Fault,
    pub message: String,
}

impl fmt::Display for CubeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for CubeError {}

impl From<CubeError> for String {
    fn from(e: CubeError) -> String {
        e.message
    }
}

fn fail<T>(fault: Fault, message: String) -> Result<T, CubeError> {
    Err(CubeError { fault, message })
}

/// A real cube: its colours (as typed on the centres, U R F D L B) and its cubies relative
/// to the centres.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cube {
    colours: [u8; 6],
    cubie: CubieCube,
}

impl Cube {
    pub fn solved() -> Cube {
        Cube {
            colours: *b"URFDLB",
            cubie: CubieCube::SOLVED,
        }
    }

    /// A cube from its cubies, in face colours `colours` (U R F D L B).
    pub fn from_cubie(cubie: CubieCube, colours: [u8; 6]) -> Cube {
        Cube { colours, cubie }
    }

    /// Reads a 54-facelet string (whitespace ignored), or says exactly what is wrong.
    pub fn parse(text: &str) -> Result<Cube, CubeError> {
        let facelets = Facelets::parse(text).map_err(|message| CubeError {
            fault: Fault::Shape,
            message,
        })?;
        Cube::from_facelets(&facelets)
    }

    pub fn from_facelets(f: &Facelets) -> Result<Cube, CubeError> {
        read(f)
    }

    pub fn cubie(&self) -> &CubieCube {
        &self.cubie
    }

    /// The colour letters of U R F D L B, as the user typed them on the centres.
    pub fn colours(&self) -> [u8; 6] {
        self.colours
    }

    pub fn facelets(&self) -> Facelets {
        self.cubie.to_facelets(self.colours)
    }

    pub fn is_solved(&self) -> bool {
        self.cubie == CubieCube::SOLVED
    }

    /// The cube after `moves`. Face turns act on the cubies; wide turns, slices and
    /// rotations move centres, so they go through the facelets and the cube is re-read
    /// against its new centres.
    pub fn apply_all(&self, moves: &[Move]) -> Cube {
        let mut cube = *self;
        for &m in moves {
            cube = if m.index().is_some() {
                Cube {
                    cubie: cube.cubie.apply(m),
                    ..cube
                }
            } else {
                read(&cube.facelets().apply(m)).expect("every move keeps a real cube real")
            };
        }
        cube
    }
}

impl fmt::Display for Cube {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.facelets().fmt(f)
    }
}

/// Applies WCA notation to a facelet string and returns the new string in the same letters,
/// e.g. `apply_moves(SOLVED, "R U R' U'")`. The state must be a real cube.
pub fn apply_moves(state: &str, moves: &str) -> Result<String, String> {
    let cube = Cube::parse(state)?;
    let moves = parse_moves(moves)?;
    Ok(cube.apply_all(&moves).to_string())
}

fn piece_name(facelets: &[u8]) -> String {
    facelets
        .iter()
        .map(|&i| facelet_name(i as usize))
        .collect::<Vec<_>>()
        .join("/")
}

fn letters(colours: &[u8]) -> String {
    match colours {
        [a, b] => format!("{} and {}", *a as char, *b as char),
        [a, b, c] => format!("{}, {} and {}", *a as char, *b as char, *c as char),
        _ => String::new(),
    }
}

fn opposite(face: usize) -> usize {
    (face + 3) % 6
}

/// A state's facelets as a cube, or the first thing wrong with them, in this order.
fn read(f: &Facelets) -> Result<Cube, CubeError> {
    if let Err(message) = colour_count::RUBIK.check((0..54).map(|i| f.colour(i))) {
        return fail(Fault::ColourCount, message);
    }
    let centre = different_centres(f)?;
    // Every colour is on a centre now (six colours, six different centres).
    let face = |i: u8| -> usize {
        let c = f.colour(i as usize);
        centre.iter().position(|&x| x == c).unwrap_or(0)
    };
    centres_placed_as_pieces_say(&centre, &face)?;
    let mut cubie = CubieCube::SOLVED;
    read_edges(f, &face, &mut cubie)?;
    read_corners(f, &face, &mut cubie)?;
    each_piece_once(f, &cubie)?;
    reachable_by_turns(&cubie)?;
    Ok(Cube {
        colours: CENTRES.map(|i| f.0[i as usize]),
        cubie,
    })
}

/// Six different centres: they name the faces.
fn different_centres(f: &Facelets) -> Result<[u8; 6], CubeError> {
    let centre: [u8; 6] = CENTRES.map(|i| f.colour(i as usize));
    for a in 0..6 {
        for b in a + 1..6 {
            if centre[a] == centre[b] {
                return fail(
                    Fault::Centres,
                    format!(
                        "the centres {} and {} are both {}: the six centres show six \
                         different colours",
                        facelet_name(CENTRES[a] as usize),
                        facelet_name(CENTRES[b] as usize),
                        centre[a] as char
                    ),
                );
            }
        }
    }
    Ok(centre)
}

/// The pieces say which colours are opposite (the ones no edge pairs): when they say it
/// clearly and the centres disagree, the centres are misplaced.
fn centres_placed_as_pieces_say(
    centre: &[u8; 6],
    face: &impl Fn(u8) -> usize,
) -> Result<(), CubeError> {
    let mut meets = [[false; 6]; 6];
    for e in EDGE_FACELETS {
        let (a, b) = (face(e[0]), face(e[1]));
        meets[a][b] = true;
        meets[b][a] = true;
    }
    let apart: Vec<Vec<usize>> = (0..6)
        .map(|a| (0..6).filter(|&b| b != a && !meets[a][b]).collect())
        .collect();
    if apart.iter().all(|p| p.len() == 1) && (0..6).all(|a| apart[apart[a][0]][0] == a) {
        if let Some(a) = (0..6).find(|&a| apart[a][0] != opposite(a)) {
            let b = apart[a][0];
            return fail(
                Fault::CentreScheme,
                format!(
                    "the centres are misplaced: no edge pairs {} with {}, so they belong on \
                     opposite faces, but their centres {} and {} are on adjacent faces",
                    centre[a] as char,
                    centre[b] as char,
                    facelet_name(CENTRES[a] as usize),
                    facelet_name(CENTRES[b] as usize)
                ),
            );
        }
    }
    Ok(())
}

/// Every edge a real edge, put in its place on `cubie`.
fn read_edges(
    f: &Facelets,
    face: &impl Fn(u8) -> usize,
    cubie: &mut CubieCube,
) -> Result<(), CubeError> {
    for (i, e) in EDGE_FACELETS.iter().enumerate() {
        let (a, b) = (face(e[0]), face(e[1]));
        let colours = [f.colour(e[0] as usize), f.colour(e[1] as usize)];
        if a == b {
            return fail(
                Fault::ImpossiblePiece,
                format!(
                    "the edge at {} has two {} facelets: an edge has two different colours",
                    piece_name(e),
                    colours[0] as char
                ),
            );
        }
        if b == opposite(a) {
            return fail(
                Fault::ImpossiblePiece,
                format!(
                    "the edge at {} has colours {}, which are on opposite faces",
                    piece_name(e),
                    letters(&colours)
                ),
            );
        }
        for (j, home) in EDGE_FACELETS.iter().enumerate() {
            let home = [home[0] as usize / 9, home[1] as usize / 9];
            if home == [a, b] || home == [b, a] {
                cubie.ep[i] = j as u8;
                cubie.eo[i] = (home != [a, b]) as u8;
            }
        }
    }
    Ok(())
}

/// Every corner a real corner, its colours the right way round, put in its place on `cubie`.
fn read_corners(
    f: &Facelets,
    face: &impl Fn(u8) -> usize,
    cubie: &mut CubieCube,
) -> Result<(), CubeError> {
    let mut mirrored = Vec::new();
    for (i, c) in CORNER_FACELETS.iter().enumerate() {
        let faces = c.map(face);
        let colours = c.map(|x| f.colour(x as usize));
        if faces[0] == faces[1] || faces[1] == faces[2] || faces[0] == faces[2] {
            return fail(
                Fault::ImpossiblePiece,
                format!(
                    "the corner at {} has colours {}: a corner has three different colours",
                    piece_name(c),
                    letters(&colours)
                ),
            );
        }
        for (x, y) in [(0, 1), (1, 2), (0, 2)] {
            if faces[y] == opposite(faces[x]) {
                return fail(
                    Fault::ImpossiblePiece,
                    format!(
                        "the corner at {} has colours {}: {} and {} are on opposite faces",
                        piece_name(c),
                        letters(&colours),
                        colours[x] as char,
                        colours[y] as char
                    ),
                );
            }
        }
        // One colour from each pair of opposite faces: exactly one is U's or D's.
        let ori = (0..3).find(|&k| faces[k] % 3 == 0).unwrap_or(0);
        let (f1, f2) = (faces[(ori + 1) % 3], faces[(ori + 2) % 3]);
        for (j, home) in CORNER_FACELETS.iter().enumerate() {
            let (h1, h2) = (home[1] as usize / 9, home[2] as usize / 9);
            let ud = home[0] as usize / 9 == faces[ori];
            if ud && (h1, h2) == (f1, f2) {
                cubie.cp[i] = j as u8;
                cubie.co[i] = ori as u8;
            } else if ud && (h1, h2) == (f2, f1) {
                mirrored.push((i, colours));
            }
        }
    }
    if mirrored.len() == 8 {
        return fail(
            Fault::CentreScheme,
            "every corner's colours run the wrong way round for these centres: the centres \
             are a mirror image of the pieces (are two opposite centres swapped?)"
                .into(),
        );
    }
    if let Some(&(i, colours)) = mirrored.first() {
        return fail(
            Fault::MirroredCorner,
            format!(
                "the corner at {} ({}) is a mirror image of a real corner: two of its \
                 facelets are swapped",
                piece_name(&CORNER_FACELETS[i]),
                letters(&colours)
            ),
        );
    }
    Ok(())
}

/// Where the piece at `a` of a permutation appears again after `a`, if it does.
fn again(perm: &[u8], a: usize) -> Option<usize> {
    (a + 1..perm.len()).find(|&b| perm[b] == perm[a])
}

/// Each piece exactly once.
fn each_piece_once(f: &Facelets, cubie: &CubieCube) -> Result<(), CubeError> {
    for (a, &e) in EDGE_FACELETS.iter().enumerate() {
        if let Some(b) = again(&cubie.ep, a) {
            return fail(
                Fault::DuplicatePiece,
                format!(
                    "the edge with colours {} appears twice, at {} and at {}",
                    letters(&[f.colour(e[0] as usize), f.colour(e[1] as usize)]),
                    piece_name(&e),
                    piece_name(&EDGE_FACELETS[b])
                ),
            );
        }
    }
    for (a, &c) in CORNER_FACELETS.iter().enumerate() {
        if let Some(b) = again(&cubie.cp, a) {
            return fail(
                Fault::DuplicatePiece,
                format!(
                    "the corner with colours {} appears twice, at {} and at {}",
                    letters(&c.map(|x| f.colour(x as usize))),
                    piece_name(&c),
                    piece_name(&CORNER_FACELETS[b])
                ),
            );
        }
    }
    Ok(())
}

/// Nothing that no sequence of turns can do: flip one edge, twist one corner, swap two
/// pieces.
fn reachable_by_turns(cubie: &CubieCube) -> Result<(), CubeError> {
    if cubie.eo.iter().map(|&x| x as u32).sum::<u32>() % 2 != 0 {
        return fail(
            Fault::FlippedEdge,
            "an edge is flipped in place: the edge flips add up to an odd number, and no \
             sequence of turns can flip a single edge"
                .into(),
        );
    }
    let twist = cubie.co.iter().map(|&x| x as u32).sum::<u32>() % 3;
    if twist != 0 {
        let way = if twist == 1 {
            "clockwise"
        } else {
            "counter-clockwise"
        };
        return fail(
            Fault::TwistedCorner,
            format!(
                "a corner is twisted {way} in place: the corner twists add up to {twist} mod \
                 3, not 0, and no sequence of turns can twist a single corner"
            ),
        );
    }
    if cubie.corner_parity() != cubie.edge_parity() {
        let (c, e) = if cubie.corner_parity() == 1 {
            ("odd", "even")
        } else {
            ("even", "odd")
        };
        return fail(
            Fault::SwappedPair,
            format!(
                "two pieces are swapped: the corners are in an {c} permutation and the edges \
                 in an {e} one, and no sequence of turns can swap just two pieces"
            ),
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rubik::facelets::SOLVED;

    #[test]
    fn any_letters_read_and_come_back_as_typed() {
        let wy = "wwwwwwwwwrrrrrrrrrgggggggggyyyyyyyyyooooooooobbbbbbbbb";
        let cube = Cube::parse(wy).unwrap();
        assert!(cube.is_solved());
        assert_eq!(cube.to_string(), wy);
        let moved = apply_moves(wy, "R U R' U'").unwrap();
        assert_eq!(apply_moves(&moved, "U R U' R'").unwrap(), wy, "{moved}");
        assert_eq!(Cube::parse(SOLVED).unwrap(), Cube::solved());
    }

    #[test]
    fn rotated_cubes_read_against_their_centres() {
        let cube = Cube::parse(&apply_moves(SOLVED, "x y' Rw M2").unwrap()).unwrap();
        let back = cube.apply_all(&parse_moves("M2 Rw' y x'").unwrap());
        assert_eq!(back.to_string(), SOLVED);
        assert!(Cube::parse(&apply_moves(SOLVED, "x z2 y").unwrap())
            .unwrap()
            .is_solved());
    }
}
