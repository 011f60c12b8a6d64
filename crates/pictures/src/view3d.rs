//! A cube's 3D view at the angle the page shows it: the stickers of the faces turned
//! towards the viewer (the page's own test, `cube_view::focus::faces_viewer`), each a
//! `polygon` (`data-sticker` named as on the page, `data-face`, `data-color` its letter)
//! projected as CSS's `rotateX(pitch) rotateY(yaw)` turns the cube, painted from the
//! solver's one colour table. Vectors, so a slide or a paper can scale it.

use puzzlelab_solver::cube_common::colours::css_colour;
use puzzlelab_solver::cube_view::focus::faces_viewer;
use puzzlelab_solver::cube_view::geometry::{places, Place};
use puzzlelab_solver::cube_view::orbit::Orbit;
use puzzlelab_solver::cube_view::Kind;

use crate::svg::{escape, num, Svg};
use crate::theme::{fixed, Theme};

/// The picture's side in pixels at 1×.
const SIZE: f64 = 360.0;
/// A sticker's half side, in half-cubie units (1 would touch its neighbours).
const HALF: f64 = 0.9;

/// A point of the cube (half-cubie units: x to R, y to U, z to F) on the screen, turned
/// as the page turns it: CSS's y points down, rotateY(yaw) first, then rotateX(pitch).
/// Returns (x, y) and the depth towards the viewer.
fn project(orbit: Orbit, p: [f64; 3]) -> (f64, f64, f64) {
    let (x, y, z) = (p[0], -p[1], p[2]);
    let (yaw, pitch) = (
        f64::from(orbit.yaw).to_radians(),
        f64::from(orbit.pitch).to_radians(),
    );
    let x1 = yaw.cos() * x + yaw.sin() * z;
    let z1 = -yaw.sin() * x + yaw.cos() * z;
    let y2 = pitch.cos() * y - pitch.sin() * z1;
    let z2 = pitch.sin() * y + pitch.cos() * z1;
    (x1, y2, z2)
}

/// A sticker's four corners on the screen, in pixels.
fn corners(place: &Place, orbit: Orbit, scale: f64) -> [(f64, f64); 4] {
    let (right, down) = place.face.frame();
    let c = place.centre.map(f64::from);
    let at = |a: f64, b: f64| {
        let p = std::array::from_fn(|i| c[i] + a * f64::from(right[i]) + b * f64::from(down[i]));
        let (x, y, _) = project(orbit, p);
        (SIZE / 2.0 + x * scale, SIZE / 2.0 + y * scale)
    };
    [
        at(-HALF, -HALF),
        at(HALF, -HALF),
        at(HALF, HALF),
        at(-HALF, HALF),
    ]
}

/// The cube `letters` (the page's order) seen at `orbit`, in `theme`.
pub fn view(
    kind: Kind,
    letters: &[u8],
    orbit: Orbit,
    theme: Theme,
    link: &str,
) -> Result<String, String> {
    crate::cube::check(kind, letters)?;
    let c = theme.colours();
    let (name, n) = match kind {
        Kind::Pocket => ("Pocket cube", 2.0),
        Kind::Rubik => ("Rubik's cube", 3.0),
    };
    let title = format!("{name} in 3D, yaw {}°, pitch {}°", orbit.yaw, orbit.pitch);
    let mut svg = Svg::new(SIZE, SIZE, &title, link, c.bg);
    // The cube's corners are √3·n from its centre: it fits whatever the angle.
    let scale = SIZE * 0.46 / (n * 3f64.sqrt());
    svg.write(format_args!(
        "<g data-view3d=\"\" data-yaw=\"{}\" data-pitch=\"{}\" stroke=\"{}\" stroke-opacity=\"{}\" stroke-linejoin=\"round\">",
        orbit.yaw,
        orbit.pitch,
        fixed::STICKER_EDGE,
        fixed::STICKER_EDGE_OPACITY
    ));
    for (place, &letter) in places(kind).iter().zip(letters) {
        if !faces_viewer(orbit, place.face) {
            continue;
        }
        let points: Vec<String> = corners(place, orbit, scale)
            .iter()
            .map(|(x, y)| format!("{},{}", num(*x), num(*y)))
            .collect();
        svg.write(format_args!(
            "<polygon data-sticker=\"{}\" data-face=\"{}\" data-color=\"{}\" points=\"{}\" fill=\"{}\"/>",
            escape(&place.name),
            place.face.letter(),
            letter as char,
            points.join(" "),
            css_colour(kind, letter)
        ));
    }
    svg.push("</g>");
    Ok(svg.finish())
}

/// `cube-3d-yaw-m35-pitch-m28.svg` (`m35` for −35°).
pub fn file_name(kind: Kind, orbit: Orbit, ext: &str) -> String {
    let cube = match kind {
        Kind::Pocket => "cube",
        Kind::Rubik => "rubik",
    };
    let deg = |d: i32| {
        if d < 0 {
            format!("m{}", -d)
        } else {
            d.to_string()
        }
    };
    format!(
        "{cube}-3d-yaw-{}-pitch-{}.{ext}",
        deg(orbit.yaw),
        deg(orbit.pitch)
    )
}
