//! WCA notation: face turns `U D L R F B`, wide turns (`Uw`, or lower-case `u`), slices
//! `M E S` and rotations `x y z`, each with `'` or `2`. The solver only ever emits the 18
//! face turns; the rest exist so users can type what they read in a scramble or a book.

use std::fmt;

use serde::{Deserialize, Serialize};

pub use crate::cube_common::format_moves;

/// The 18 face turns by solver index (see [`Move::from_index`]).
pub const N_MOVES: usize = 18;

/// The face letters in facelet-string order (U R F D L B); `face index = position here`.
pub const FACE_LETTERS: [char; 6] = ['U', 'R', 'F', 'D', 'L', 'B'];

/// What turns. Faces come first in U R F D L B order so that `Layer as u8` is the face
/// index for face turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[repr(u8)]
pub enum Layer {
    U,
    R,
    F,
    D,
    L,
    B,
    Uw,
    Rw,
    Fw,
    Dw,
    Lw,
    Bw,
    /// The middle layer between L and R, turning as L does.
    M,
    /// The equator between U and D, turning as D does.
    E,
    /// The standing layer between F and B, turning as F does.
    S,
    /// The whole cube, turning as R does.
    X,
    /// The whole cube, turning as U does.
    Y,
    /// The whole cube, turning as F does.
    Z,
}

impl Layer {
    pub const ALL: [Layer; 18] = [
        Layer::U,
        Layer::R,
        Layer::F,
        Layer::D,
        Layer::L,
        Layer::B,
        Layer::Uw,
        Layer::Rw,
        Layer::Fw,
        Layer::Dw,
        Layer::Lw,
        Layer::Bw,
        Layer::M,
        Layer::E,
        Layer::S,
        Layer::X,
        Layer::Y,
        Layer::Z,
    ];

    /// The face index (U R F D L B = 0..6) of a face turn.
    pub fn face(self) -> Option<u8> {
        let i = self as u8;
        (i < 6).then_some(i)
    }

    /// WCA spelling: `U`, `Uw`, `M`, `x`.
    pub fn name(self) -> &'static str {
        const NAMES: [&str; 18] = [
            "U", "R", "F", "D", "L", "B", "Uw", "Rw", "Fw", "Dw", "Lw", "Bw", "M", "E", "S", "x",
            "y", "z",
        ];
        NAMES[self as usize]
    }
}

/// A turn and how far: 1 = clockwise quarter (seen from its face), 2 = half, 3 = quarter
/// counter-clockwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move {
    pub layer: Layer,
    pub amount: u8,
}

impl Move {
    pub fn new(layer: Layer, amount: u8) -> Move {
        Move {
            layer,
            amount: amount % 4,
        }
    }

    /// The face turn with solver index `i` = 3 × face + amount − 1 (U U2 U' R R2 R' …).
    pub fn from_index(i: u8) -> Move {
        Move {
            layer: Layer::ALL[(i / 3 % 6) as usize],
            amount: i % 3 + 1,
        }
    }

    /// The solver index of a face turn (see [`Move::from_index`]); `None` for wide turns,
    /// slices and rotations.
    pub fn index(self) -> Option<u8> {
        let face = self.layer.face()?;
        (1..=3)
            .contains(&self.amount)
            .then(|| face * 3 + self.amount - 1)
    }

    pub fn inverse(self) -> Move {
        Move {
            amount: (4 - self.amount % 4) % 4,
            ..self
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let suffix = match self.amount % 4 {
            2 => "2",
            3 => "'",
            0 => "0",
            _ => "",
        };
        write!(f, "{}{suffix}", self.layer.name())
    }
}

/// Reads WCA notation such as `R U R' U'`, `Rw2 x' M2 u`, or `RUR'U'` (spaces and commas are
/// optional). `U2'` reads as `U2`; `’` and `i` work as a prime (`solver::notation`, shared
/// with the pocket cube).
pub fn parse_moves(text: &str) -> Result<Vec<Move>, String> {
    crate::notation::tokenize(text)?
        .into_iter()
        .map(|t| {
            let face = FACE_LETTERS.iter().position(|&f| f == t.letter);
            let lower_face = FACE_LETTERS
                .iter()
                .position(|&f| t.letter.is_ascii_lowercase() && f == t.letter.to_ascii_uppercase());
            let layer = match (face, lower_face, t.wide) {
                (Some(f), _, false) => Layer::ALL[f],
                (Some(f), _, true) | (None, Some(f), false) => Layer::ALL[6 + f],
                _ if t.wide => {
                    return Err(format!(
                        "'{}w' at position {}: only U D L R F B have wide turns",
                        t.letter, t.position
                    ))
                }
                _ => match t.letter {
                    'M' => Layer::M,
                    'E' => Layer::E,
                    'S' => Layer::S,
                    'x' | 'X' => Layer::X,
                    'y' | 'Y' => Layer::Y,
                    'z' | 'Z' => Layer::Z,
                    c => {
                        return Err(format!(
                            "unknown move '{c}' at position {}: use U D L R F B (Uw or u for \
                             wide turns), M E S or x y z, with ' or 2",
                            t.position
                        ))
                    }
                },
            };
            Ok(Move {
                layer,
                amount: t.amount,
            })
        })
        .collect()
}

/// The sequence that undoes `moves`.
pub fn invert_moves(moves: &[Move]) -> Vec<Move> {
    moves.iter().rev().map(|m| m.inverse()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        let text = "R U R' U' F2 Uw Rw2 Lw' M E2 S' x y' z2 B D L";
        assert_eq!(format_moves(&parse_moves(text).unwrap()), text);
        assert_eq!(format_moves(&parse_moves("RUR'U'").unwrap()), "R U R' U'");
        assert_eq!(
            format_moves(&parse_moves("u r2 f' d l b U2' R’").unwrap()),
            "Uw Rw2 Fw' Dw Lw Bw U2 R'"
        );
        assert!(parse_moves("  ").unwrap().is_empty());
        // The pocket cube's older prime reads the same here (one tokenizer for both).
        assert_eq!(format_moves(&parse_moves("Ri U2i").unwrap()), "R' U2");
    }

    #[test]
    fn bad_notation_says_what_and_where() {
        let e = parse_moves("R U Q").unwrap_err();
        assert!(e.starts_with("unknown move 'Q' at position 5"), "{e}");
        assert!(parse_moves("R3").unwrap_err().contains("'3' at position 2"));
        assert!(parse_moves("Mw").unwrap_err().contains("wide"));
        assert!(parse_moves("R''").unwrap_err().contains("position 3"));
        assert!(parse_moves("2").unwrap_err().contains("position 1"));
    }

    #[test]
    fn indices_cover_the_face_turns() {
        for i in 0..18 {
            let m = Move::from_index(i);
            assert_eq!(m.index(), Some(i));
            assert_eq!(m.inverse().inverse(), m);
        }
        assert_eq!(Move::new(Layer::M, 1).index(), None);
        assert_eq!(
            format_moves(&invert_moves(&parse_moves("R U2 F'").unwrap())),
            "F U2 R'"
        );
    }
}
