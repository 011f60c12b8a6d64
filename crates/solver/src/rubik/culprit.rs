//! Which piece is at fault. A flipped edge, a twisted corner or a swapped pair is a fault
//! of the whole cube (a parity), so in general no one piece is to blame: undoing it at any
//! edge, corner or pair makes a real cube. But a person who flipped one edge of a nearly
//! solved cube wants that edge named. So each single repair is tried, and when exactly
//! one of them leaves the fewest pieces out of place, that piece is the culprit.

use super::cube::{Cube, Fault};
use super::facelets::{facelet_name, Facelets, CORNER_FACELETS, EDGE_FACELETS};

/// The facelets of a piece as a name, e.g. `U8/F2`.
fn name(facelets: &[u8]) -> String {
    facelets
        .iter()
        .map(|&i| facelet_name(i as usize))
        .collect::<Vec<_>>()
        .join("/")
}

/// Pieces out of place or turned in place: 0 for a solved cube.
fn disorder(cube: &Cube) -> usize {
    let c = cube.cubie();
    (0..8)
        .filter(|&i| c.cp[i] as usize != i || c.co[i] != 0)
        .count()
        + (0..12)
            .filter(|&i| c.ep[i] as usize != i || c.eo[i] != 0)
            .count()
}

/// The one repair that leaves the cube most nearly solved, if exactly one does.
fn best<T>(repairs: impl Iterator<Item = (T, Facelets)>) -> Option<T> {
    // The least disorder seen, its repair, and whether another repair reached it too.
    let mut least: Option<(usize, T, bool)> = None;
    for (what, f) in repairs {
        let Ok(cube) = Cube::from_facelets(&f) else {
            continue;
        };
        let d = disorder(&cube);
        match &mut least {
            Some((e, _, tied)) if d == *e => *tied = true,
            Some((e, _, _)) if d > *e => {}
            _ => least = Some((d, what, false)),
        }
    }
    match least {
        Some((_, what, false)) => Some(what),
        _ => None,
    }
}

/// Turns the colours of the facelets `at` one step along the list.
fn cycle(f: &Facelets, at: &[u8]) -> Facelets {
    let mut out = *f;
    for (k, &i) in at.iter().enumerate() {
        out.0[at[(k + 1) % at.len()] as usize] = f.0[i as usize];
    }
    out
}

/// Swaps the colours of two pieces' facelets, in order.
fn swap(f: &Facelets, a: &[u8], b: &[u8]) -> Facelets {
    let mut out = *f;
    for (&x, &y) in a.iter().zip(b) {
        out.0.swap(x as usize, y as usize);
    }
    out
}

/// A sentence naming the piece (or pair) behind `fault`, when one stands out.
pub fn culprit(f: &Facelets, fault: Fault) -> Option<String> {
    match fault {
        Fault::FlippedEdge => {
            let e = best(EDGE_FACELETS.iter().map(|e| (*e, cycle(f, e))))?;
            Some(format!(
                "the edge {} is flipped: its {} facelet shows {}'s colour",
                name(&e),
                facelet_name(e[0] as usize),
                facelet_name(e[1] as usize)
            ))
        }
        Fault::TwistedCorner => {
            let repairs = CORNER_FACELETS.iter().flat_map(|c| {
                let once = cycle(f, c);
                let twice = cycle(&once, c);
                // Repairing by one step means it was twisted counter-clockwise.
                [
                    ((*c, "counter-clockwise"), once),
                    ((*c, "clockwise"), twice),
                ]
            });
            let (c, way) = best(repairs)?;
            Some(format!("the corner {} is twisted {way}", name(&c)))
        }
        Fault::SwappedPair => {
            let edges = (0..12)
                .flat_map(|a| (a + 1..12).map(move |b| (a, b)))
                .map(|(a, b)| {
                    let (x, y) = (&EDGE_FACELETS[a], &EDGE_FACELETS[b]);
                    (("edges", name(x), name(y)), swap(f, x, y))
                });
            let corners = (0..8)
                .flat_map(|a| (a + 1..8).map(move |b| (a, b)))
                .map(|(a, b)| {
                    let (x, y) = (&CORNER_FACELETS[a], &CORNER_FACELETS[b]);
                    (("corners", name(x), name(y)), swap(f, x, y))
                });
            let (kind, x, y) = best(edges.chain(corners))?;
            Some(format!("the {kind} {x} and {y} are swapped"))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rubik::{apply_moves, SOLVED};

    fn facelets(s: &str) -> Facelets {
        Facelets::parse(s).unwrap()
    }

    fn fault(f: &Facelets) -> Fault {
        Cube::from_facelets(f).unwrap_err().fault
    }

    #[test]
    fn one_flipped_edge_of_a_solved_cube_is_named() {
        // U8/F2 flipped: U8 shows F, F2 shows U.
        let f = swap(&Facelets::solved(), &[7], &[19]);
        assert_eq!(fault(&f), Fault::FlippedEdge);
        assert_eq!(
            culprit(&f, Fault::FlippedEdge).unwrap(),
            "the edge U8/F2 is flipped: its U8 facelet shows F2's colour"
        );
    }

    #[test]
    fn a_twisted_corner_and_a_swapped_pair_are_named_near_solved() {
        let base = facelets(&apply_moves(SOLVED, "R U R' U'").unwrap());
        let twisted = cycle(&base, &CORNER_FACELETS[5]);
        assert_eq!(fault(&twisted), Fault::TwistedCorner);
        let said = culprit(&twisted, Fault::TwistedCorner).unwrap();
        assert!(said.starts_with("the corner D1/L9/F7 is twisted"), "{said}");
        let swapped = swap(&base, &EDGE_FACELETS[4], &EDGE_FACELETS[6]);
        assert_eq!(fault(&swapped), Fault::SwappedPair);
        assert_eq!(
            culprit(&swapped, Fault::SwappedPair).unwrap(),
            "the edges D6/R8 and D4/L8 are swapped"
        );
    }

    #[test]
    fn a_named_culprit_always_repairs_the_cube_and_other_faults_name_none() {
        // On scrambled cubes the culprit may be unknowable, but when named, undoing it
        // at that piece makes a real cube.
        for seed in 0..20u64 {
            let f = crate::rubik::random_cube(seed).facelets();
            let flipped = cycle(&f, &EDGE_FACELETS[(seed % 12) as usize]);
            if let Some(text) = culprit(&flipped, Fault::FlippedEdge) {
                let e = EDGE_FACELETS
                    .iter()
                    .find(|e| text.contains(&name(&e[..])))
                    .unwrap();
                assert!(Cube::from_facelets(&cycle(&flipped, e)).is_ok());
            }
        }
        assert_eq!(culprit(&Facelets::solved(), Fault::ColourCount), None);
    }
}
