//! Independent checkers for the tests, written from the puzzles' rules and sharing no code
//! with the solver: a knight's tour checker (`tour`) and a second model of the Rubik's cube,
//! stickers turned by rotation matrices (`sticker`); and the published knight's-tour
//! counts a counter is held against (`published`); readers of the pictures' SVG, GIF
//! and PNG files (`svg`, `gif`, `png`).

pub mod gif;
pub mod png;
pub mod published;
pub mod sticker;
pub mod svg;
pub mod tour;

pub use tour::{check_tour, square, xy_names};
