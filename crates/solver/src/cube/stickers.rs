//! A cube as its 24 sticker colours, in net-string order.

use std::fmt;

use super::moves::Move;
use crate::cube_common::letters::{read_letters, Misread};

/// The SQL article's solved cube: white up, green left, red front, blue right, orange back,
/// yellow down.
pub const SOLVED: &str = "WWWWGGRRBBOOGGRRBBOOYYYY";

/// 24 colour letters (upper case ASCII), in net-string order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Stickers(pub [u8; 24]);

impl Stickers {
    /// Reads 24 letters (any case; spaces ignored). Only the shape is checked here; whether
    /// the colouring is a real cube is `corners::analyse`'s job.
    pub fn parse(text: &str) -> Result<Stickers, String> {
        match read_letters::<24>(text) {
            Ok(letters) => Ok(Stickers(letters.map(|c| c.to_ascii_uppercase()))),
            Err(Misread::Count(n)) => {
                Err(format!("a pocket cube has 24 stickers; this state has {n}"))
            }
            Err(Misread::NotALetter { index, found }) => Err(format!(
                "sticker {} is '{found}'; colours are letters such as W Y G B R O",
                index + 1
            )),
        }
    }

    pub fn solved() -> Stickers {
        Stickers::parse(SOLVED).expect("the solved cube parses")
    }

    pub fn apply(&self, m: Move) -> Stickers {
        let perm = m.permutation();
        let mut out = [0u8; 24];
        for (i, &colour) in self.0.iter().enumerate() {
            out[perm[i] as usize] = colour;
        }
        Stickers(out)
    }

    pub fn apply_all(&self, moves: &[Move]) -> Stickers {
        moves.iter().fold(*self, |cube, &m| cube.apply(m))
    }

    /// Solved means every face shows one colour, whichever way the cube is held.
    pub fn is_solved(&self) -> bool {
        // Faces in net order occupy these sticker indices.
        const FACE_STICKERS: [[usize; 4]; 6] = [
            [0, 1, 2, 3],
            [4, 5, 12, 13],
            [6, 7, 14, 15],
            [8, 9, 16, 17],
            [10, 11, 18, 19],
            [20, 21, 22, 23],
        ];
        FACE_STICKERS
            .iter()
            .all(|f| f.iter().all(|&i| self.0[i] == self.0[f[0]]))
    }
}

impl fmt::Display for Stickers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(std::str::from_utf8(&self.0).expect("ASCII letters"))
    }
}

impl fmt::Debug for Stickers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Stickers({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::moves::{face_turns, parse_moves, Move};

    fn after(moves: &str) -> String {
        Stickers::solved()
            .apply_all(&parse_moves(moves).unwrap())
            .to_string()
    }

    #[test]
    fn u_prime_matches_the_sql_article() {
        // The article's "top layer counter-clockwise" example.
        assert_eq!(after("U'"), "WWWWOOGGRRBBGGRRBBOOYYYY");
        assert_eq!(after("U"), "WWWWRRBBOOGGGGRRBBOOYYYY");
    }

    #[test]
    fn r_moves_the_front_right_column_up() {
        // R: F's right column goes to U, U's to B (upside down), D's to F.
        let s = after("R");
        assert_eq!(&s[..4], "WRWR");
        assert_eq!(s.as_bytes()[7], b'Y'); // F1 came from D
    }

    #[test]
    fn every_turn_four_times_or_with_its_inverse_is_the_identity() {
        let start = Stickers::parse("WGROBYWGROBYWGROBYWGROBY").unwrap(); // all stickers tracked
        let all: Vec<Move> = face_turns()
            .chain(parse_moves("x y z x' y' z' x2 y2 z2").unwrap())
            .collect();
        for m in all {
            assert_eq!(start.apply_all(&[m; 4]), start, "{m} four times");
            assert_eq!(start.apply(m).apply(m.inverse()), start, "{m} then inverse");
            assert_ne!(start.apply(m), start, "{m} moves something");
        }
    }

    #[test]
    fn rotations_keep_a_solved_cube_solved() {
        for r in ["x", "y", "z", "x y", "z' x2"] {
            assert!(Stickers::solved()
                .apply_all(&parse_moves(r).unwrap())
                .is_solved());
        }
        assert!(!Stickers::solved()
            .apply_all(&parse_moves("R").unwrap())
            .is_solved());
    }

    #[test]
    fn malformed_states_are_refused() {
        assert!(Stickers::parse("WWW").unwrap_err().contains("24"));
        assert!(Stickers::parse("WWWWGGRRBBOOGGRRBBOOYYY1")
            .unwrap_err()
            .contains("sticker 24"));
        assert_eq!(
            Stickers::parse("wwww ggrr bboo ggrr bboo yyyy").unwrap(),
            Stickers::solved()
        );
    }
}
