//! The cube as a cube: where every sticker of the pocket cube and the Rubik's cube sits
//! in space, which stickers each turn carries about which axis and how far, the angle the
//! cube is seen from, the queue of turns the 3D view animates, and where the keyboard's
//! focus goes among the stickers in sight. Plain Rust; the page
//! component in `app/widgets/cube3d` only draws what this says.
//!
//! The geometry is worked out from the nets alone; `tests/cube_view.rs` holds every turn
//! against the solvers' own move tables, so the net and the 3D view cannot disagree.

pub mod animation;
pub mod focus;
pub mod geometry;
pub mod orbit;
pub mod turns;

pub use animation::{quarter_ms, Animator, Frame, Pace};
pub use geometry::{places, Face, Kind, Place};
pub use orbit::Orbit;
pub use turns::{apply, turn_between, turns, Turn};
