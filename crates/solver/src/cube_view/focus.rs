//! The keyboard on the 3D cube: which stickers face the viewer at an angle (only those
//! can take the focus: the others are not drawn), and where an arrow key moves the focus
//! among them — one tab stop for the whole cube, the arrows going from sticker to sticker.

use super::geometry::{Face, Place};
use super::orbit::Orbit;

/// Whether `face` looks towards the viewer at `orbit`: its normal, turned as CSS's
/// `rotateX(pitch) rotateY(yaw)` turns it, points out of the screen (CSS +z, y down).
pub fn faces_viewer(orbit: Orbit, face: Face) -> bool {
    let n = face.normal();
    let (x, y, z) = (f64::from(n[0]), -f64::from(n[1]), f64::from(n[2]));
    let (yaw, pitch) = (
        f64::from(orbit.yaw).to_radians(),
        f64::from(orbit.pitch).to_radians(),
    );
    // rotateY, then rotateX: only the resulting z matters.
    let z1 = -yaw.sin() * x + yaw.cos() * z;
    let z2 = pitch.sin() * y + pitch.cos() * z1;
    z2 > 1e-6
}

/// The stickers the keyboard can reach at `orbit`, in the order the arrows visit them:
/// face by face as the view draws them, each face's stickers in net order.
pub fn reachable(places: &[Place], orbit: Orbit) -> Vec<usize> {
    // Packed as `face << 32 | sticker`, so a sort of plain numbers orders them.
    let mut order: Vec<u64> = (0..places.len())
        .filter(|&i| faces_viewer(orbit, places[i].face))
        .map(|i| (places[i].face as u64) << 32 | i as u64)
        .collect();
    order.sort_unstable();
    order
        .into_iter()
        .map(|p| (p & 0xffff_ffff) as usize)
        .collect()
}

/// Where `key` moves the focus from sticker `from` among `reachable`: → and ↓ to the
/// next, ← and ↑ to the previous (both wrapping), Home and End to the first and last.
/// `None` for other keys. A `from` that cannot be reached starts at the first.
pub fn moved(reachable: &[usize], from: usize, key: &str) -> Option<usize> {
    let n = reachable.len();
    if n == 0 {
        return None;
    }
    let last = n - 1;
    let at = reachable.iter().position(|&i| i == from);
    let to = match key {
        "Home" => 0,
        "End" => last,
        "ArrowRight" | "ArrowDown" => at.map_or(0, |k| (k + 1) % n),
        "ArrowLeft" | "ArrowUp" => at.map_or(0, |k| (k + last) % n),
        _ => return None,
    };
    Some(reachable[to])
}

#[cfg(test)]
mod tests {
    use super::super::geometry::{places, Kind};
    use super::*;

    #[test]
    fn the_default_view_shows_up_front_and_right_and_its_back_the_rest() {
        let front = Orbit::default();
        let seen: Vec<Face> = Face::ALL
            .into_iter()
            .filter(|&f| faces_viewer(front, f))
            .collect();
        assert_eq!(seen, vec![Face::U, Face::R, Face::F]);
        for f in Face::ALL {
            assert_ne!(
                faces_viewer(front, f),
                faces_viewer(front.behind(), f),
                "{f:?}"
            );
        }
        // Straight on: only the front.
        let straight = Orbit::new(0, 0);
        let seen: Vec<Face> = Face::ALL
            .into_iter()
            .filter(|&f| faces_viewer(straight, f))
            .collect();
        assert_eq!(seen, vec![Face::F]);
    }

    #[test]
    fn arrows_walk_the_visible_stickers_and_wrap() {
        let p = places(Kind::Rubik);
        let r = reachable(&p, Orbit::default());
        assert_eq!(r.len(), 27);
        assert!(r.iter().all(|&i| p[i].face != Face::B));
        let (first, last) = (r[0], r[26]);
        assert_eq!(moved(&r, first, "ArrowRight"), Some(r[1]));
        assert_eq!(moved(&r, r[1], "ArrowUp"), Some(first));
        assert_eq!(moved(&r, first, "ArrowLeft"), Some(last));
        assert_eq!(moved(&r, last, "ArrowDown"), Some(first));
        assert_eq!(moved(&r, r[5], "Home"), Some(first));
        assert_eq!(moved(&r, r[5], "End"), Some(last));
        assert_eq!(moved(&r, r[5], "Enter"), None);
        // A sticker turned out of sight: the arrows start again at the first one seen.
        let hidden = (0..p.len()).find(|i| !r.contains(i)).unwrap();
        assert_eq!(moved(&r, hidden, "ArrowRight"), Some(first));
        assert_eq!(moved(&[], 0, "ArrowRight"), None);
    }
}
