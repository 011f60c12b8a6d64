//! What the two cubes do alike. The pocket cube (`solver::cube`) and the Rubik's cube
//! (`solver::rubik`) read a state as one letter per sticker (`letters`), are painted in the
//! same six colours (`colours`), refuse a colouring without six colours of equal count in
//! the same words (`colour_count`), and write moves the same way ([`format_moves`]);
//! reading moves is `solver::notation`'s. What differs
//! (the pocket cube's 24 stickers, the Rubik's cube's 54 facelets and face letters) each
//! cube's own module says.

pub mod colour_count;
pub mod colours;
pub mod letters;

use std::fmt::Display;

/// Moves separated by spaces, each as the cube writes it, e.g. `R U2 Rw' x`.
pub fn format_moves<M: Display>(moves: &[M]) -> String {
    moves
        .iter()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_written_with_one_space_between() {
        assert_eq!(format_moves(&["R", "U2", "F'"]), "R U2 F'");
        assert_eq!(format_moves::<&str>(&[]), "");
    }
}
