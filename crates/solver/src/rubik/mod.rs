//! The 3×3×3 Rubik's cube: the 54-facelet string and its validation, WCA notation, the
//! cubie model, and Kociemba's two-phase search as an anytime step machine that keeps
//! finding shorter solutions.
//!
//! ```
//! use puzzlelab_solver::rubik::{apply_moves, format_moves, solve, Cube, Tables, SOLVED};
//! let tables = Tables::new();
//! let state = apply_moves(SOLVED, "R U R' U' F2 D").unwrap();
//! let cube = Cube::parse(&state).unwrap();
//! // The first solution of at most 6 moves (at most 20 would come sooner, and longer).
//! let moves = solve(&tables, &cube, 6, 1_000_000).unwrap();
//! assert!(cube.apply_all(&moves).is_solved());
//! assert!(moves.len() <= 6, "{}", format_moves(&moves));
//! ```

pub mod code;
pub mod coord;
pub mod coord_moves;
pub mod cube;
pub mod cubie;
pub mod culprit;
pub mod facelets;
pub mod mod3;
pub mod moves;
pub mod optimal;
pub mod optimal_tables;
pub mod phase1_masks;
pub mod phase1_moves;
pub mod proof_shares;
pub mod scramble;
pub mod search;
pub mod share;
pub mod speed;
pub mod sym;
pub mod symmetric_openings;
pub mod tables;

pub use cube::{apply_moves, Cube, CubeError, Fault};
pub use facelets::{Facelets, SOLVED};
pub use moves::{format_moves, invert_moves, parse_moves, Layer, Move};
pub use scramble::{random_cube, scramble, Scramble};
pub use search::{solve, Phases, Search, SearchEvent, SearchOptions, Solution, TwoPhaseSearch};
pub use tables::Tables;
