//! Turn notation (`U U' U2 … B2`, whole-cube `x y z`) and each turn's sticker permutation.

use std::fmt;
use std::sync::OnceLock;

use super::geometry::{quarter_turn_permutation, FACES, FACE_NORMALS};
pub use crate::cube_common::format_moves;

/// What turns: one face layer, or the whole cube about an axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Turn {
    /// A face in `geometry::FACES` order: U L F R B D.
    Face(u8),
    /// x (as R), y (as U), z (as F).
    Whole(u8),
}

/// A turn and how far: 1 = clockwise quarter, 2 = half, 3 = counter-clockwise quarter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Move {
    pub turn: Turn,
    pub amount: u8,
}

/// The kinds a weighted metric can price separately.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Clockwise,
    CounterClockwise,
    Half,
}

const WHOLE: [char; 3] = ['x', 'y', 'z'];

impl Move {
    pub fn face(face: char, amount: u8) -> Move {
        let f = FACES
            .iter()
            .position(|&c| c == face)
            .expect("a face letter") as u8;
        Move {
            turn: Turn::Face(f),
            amount,
        }
    }

    pub fn inverse(self) -> Move {
        Move {
            amount: (4 - self.amount) % 4,
            ..self
        }
    }

    pub fn kind(self) -> Kind {
        match self.amount {
            1 => Kind::Clockwise,
            3 => Kind::CounterClockwise,
            _ => Kind::Half,
        }
    }

    /// `perm[i]` = where sticker `i` goes.
    pub fn permutation(self) -> &'static [u8; 24] {
        static TABLE: OnceLock<Vec<[u8; 24]>> = OnceLock::new();
        let table = TABLE.get_or_init(|| {
            let mut out = Vec::with_capacity(9 * 3);
            for base in 0..9 {
                let quarter = if base < 6 {
                    quarter_turn_permutation(FACE_NORMALS[base], false)
                } else {
                    // x turns as R, y as U, z as F.
                    let axis = [FACE_NORMALS[3], FACE_NORMALS[0], FACE_NORMALS[2]][base - 6];
                    quarter_turn_permutation(axis, true)
                };
                let mut power = quarter;
                for _ in 0..3 {
                    out.push(power);
                    power = std::array::from_fn(|i| quarter[power[i] as usize]);
                }
            }
            out
        });
        let base = match self.turn {
            Turn::Face(f) => f as usize,
            Turn::Whole(a) => 6 + a as usize,
        };
        &table[base * 3 + (self.amount as usize).clamp(1, 3) - 1]
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = match self.turn {
            Turn::Face(i) => FACES[i as usize],
            Turn::Whole(a) => WHOLE[a as usize],
        };
        let suffix = match self.amount {
            2 => "2",
            3 => "'",
            _ => "",
        };
        write!(f, "{letter}{suffix}")
    }
}

/// Parses notation such as `R U R' U'`, `RUR'U'`, `F2 x y'`; spaces are optional
/// (`solver::notation`, shared with the Rubik's cube). A 2x2x2 has no wide turns or slices.
pub fn parse_moves(text: &str) -> Result<Vec<Move>, String> {
    crate::notation::tokenize(text)?
        .into_iter()
        .map(|t| {
            let c = t.letter;
            let turn = if let Some(f) = FACES.iter().position(|&x| x == c) {
                Turn::Face(f as u8)
            } else if let Some(a) = WHOLE.iter().position(|&x| x == c.to_ascii_lowercase()) {
                Turn::Whole(a as u8)
            } else if "udlrfb".contains(c) {
                return Err(format!(
                    "'{c}' at position {} is a wide turn; on a 2x2x2 use {} with a rotation",
                    t.position,
                    c.to_ascii_uppercase()
                ));
            } else {
                return Err(format!(
                    "'{c}' at position {} is not a move: use U D L R F B (and x y z), with ' or 2",
                    t.position
                ));
            };
            if t.wide {
                return Err(format!(
                    "'{c}w' at position {} is a wide turn; on a 2x2x2 use {c} with a rotation",
                    t.position
                ));
            }
            Ok(Move {
                turn,
                amount: t.amount,
            })
        })
        .collect()
}

/// All 18 face turns: U U2 U' L L2 L' … D'.
pub fn face_turns() -> impl Iterator<Item = Move> {
    (0..6u8).flat_map(|f| {
        (1..=3).map(move |amount| Move {
            turn: Turn::Face(f),
            amount,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        let moves = parse_moves("R U R' U' F2 x y' z2").unwrap();
        assert_eq!(format_moves(&moves), "R U R' U' F2 x y' z2");
        assert_eq!(parse_moves("RUR'U'").unwrap().len(), 4);
        assert_eq!(format_moves(&parse_moves("U2' Ri").unwrap()), "U2 R'");
        assert!(parse_moves("").unwrap().is_empty());
    }

    #[test]
    fn bad_notation_says_where() {
        assert!(parse_moves("R Q").unwrap_err().contains("position 3"));
        assert!(parse_moves("r").unwrap_err().contains("wide"));
        assert!(parse_moves("R''").is_err());
        assert!(parse_moves("2").is_err());
        assert!(parse_moves("Rw").unwrap_err().contains("wide"));
        // Errors the Rubik's cube gives in the same words (one tokenizer).
        assert!(parse_moves("R3").unwrap_err().contains("'3' at position 2"));
    }
}
