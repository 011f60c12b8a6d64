//! The 3D view's picture read back with the checkers' XML reader: the stickers of the
//! faces towards the viewer only, each with the colour letter the cube state has there
//! and that letter's paint; the faces where the angle puts them on the screen.

use puzzlelab_checkers::svg::{read, Element};
use puzzlelab_pictures::{Kind, Scene, Theme};
use puzzlelab_solver::cube::{parse_moves, Stickers};
use puzzlelab_solver::cube_common::colours::css_colour;
use puzzlelab_solver::cube_view::geometry::POCKET_NAMES;
use puzzlelab_solver::cube_view::Orbit;

/// A polygon's centre on the screen.
fn centre(e: &Element) -> (f64, f64) {
    let pts = e.points().unwrap();
    let n = pts.len() as f64;
    (
        pts.iter().map(|p| p.0).sum::<f64>() / n,
        pts.iter().map(|p| p.1).sum::<f64>() / n,
    )
}

fn face_centre(stickers: &[&Element], face: &str) -> (f64, f64) {
    let on: Vec<_> = stickers
        .iter()
        .filter(|e| e.attr("data-face") == Some(face))
        .map(|e| centre(e))
        .collect();
    let n = on.len() as f64;
    (
        on.iter().map(|p| p.0).sum::<f64>() / n,
        on.iter().map(|p| p.1).sum::<f64>() / n,
    )
}

#[test]
fn the_pocket_cube_seen_from_above_shows_u_f_r_in_the_states_colours() {
    let cube = Stickers::solved().apply_all(&parse_moves("R U F' R2").unwrap());
    let letters = cube.0.to_vec();
    let orbit = Orbit::default();
    let scene = Scene::View3d {
        kind: Kind::Pocket,
        letters: letters.clone(),
        orbit,
    };
    assert_eq!(scene.file_name("svg"), "cube-3d-yaw-m35-pitch-m28.svg");
    for theme in [Theme::Light, Theme::Dark] {
        let doc = read(&scene.svg(theme, "#/cube").unwrap()).unwrap();
        let stickers: Vec<&Element> = doc.iter().filter(|e| e.name == "polygon").collect();
        assert_eq!(stickers.len(), 12, "three faces of four");
        for e in &stickers {
            let name = e.attr("data-sticker").unwrap();
            let i = POCKET_NAMES.iter().position(|n| *n == name).unwrap();
            let letter = letters[i];
            assert_eq!(
                e.attr("data-color"),
                Some((letter as char).to_string().as_str())
            );
            assert_eq!(
                e.attr("fill"),
                Some(css_colour(Kind::Pocket, letter).as_str())
            );
            assert!("URF".contains(e.attr("data-face").unwrap()), "{name}");
        }
        // Looking down from the front right: U on top, F to the left of R.
        let (u, f, r) = (
            face_centre(&stickers, "U"),
            face_centre(&stickers, "F"),
            face_centre(&stickers, "R"),
        );
        assert!(u.1 < f.1 && u.1 < r.1, "U above: {u:?} {f:?} {r:?}");
        assert!(f.0 < r.0, "F left of R");
    }
}

#[test]
fn another_angle_shows_other_faces_and_bad_states_say_so() {
    let letters = Stickers::solved().0.to_vec();
    // From below and behind the left: D, L, B.
    let scene = Scene::View3d {
        kind: Kind::Pocket,
        letters: letters.clone(),
        orbit: Orbit::new(150, 30),
    };
    let doc = read(&scene.svg(Theme::Light, "").unwrap()).unwrap();
    let mut faces: Vec<&str> = doc.iter().filter_map(|e| e.attr("data-face")).collect();
    faces.sort_unstable();
    faces.dedup();
    assert_eq!(faces, ["B", "D", "L"]);
    let rubik = Scene::View3d {
        kind: Kind::Rubik,
        letters: puzzlelab_solver::rubik::SOLVED.as_bytes().to_vec(),
        orbit: Orbit::default(),
    };
    let doc = read(&rubik.svg(Theme::Dark, "").unwrap()).unwrap();
    assert_eq!(doc.iter().filter(|e| e.name == "polygon").count(), 27);
    let short = Scene::View3d {
        kind: Kind::Pocket,
        letters: letters[..20].to_vec(),
        orbit: Orbit::default(),
    };
    assert!(short.svg(Theme::Light, "").is_err());
}
