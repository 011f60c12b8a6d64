//! The six colours both cubes are painted in: each colour's letter, its name, and how the
//! pages paint it, in one table. The pocket cube's stickers are colour letters
//! (W Y G B R O); a Rubik's cube state may also be written in face letters (U R F D L B,
//! as Kociemba's solvers write it), read as the usual Western scheme — U white, R red,
//! F green, D yellow, L orange, B blue — and the two alphabets agree where they share a
//! letter (R is red, B is blue). Any other letter is a colour too: it gets a steady hue.

use crate::cube_view::Kind;

/// One of the six colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Colour {
    /// Its letter in a state (upper case).
    pub letter: u8,
    /// Its name, for labels ("white").
    pub name: &'static str,
    /// Its CSS colour.
    pub css: &'static str,
    /// Readable text on it.
    pub text: &'static str,
}

/// The six colours, in the order the pocket cube's palette offers them.
pub const COLOURS: [Colour; 6] = [
    colour(b'W', "white", "#f4f4f0", DARK_TEXT),
    colour(b'Y', "yellow", "#ffd500", DARK_TEXT),
    colour(b'G', "green", "#009b48", LIGHT_TEXT),
    colour(b'B', "blue", "#0046ad", LIGHT_TEXT),
    colour(b'R', "red", "#c41e3a", LIGHT_TEXT),
    colour(b'O', "orange", "#ff6a13", DARK_TEXT),
];

/// Text on the light colours (white, yellow, orange).
const DARK_TEXT: &str = "#1f1d1a";
/// Text on the dark colours (green, blue, red).
const LIGHT_TEXT: &str = "#ffffff";
/// Text on a colour no table names.
const OTHER_TEXT: &str = "#111111";

const fn colour(letter: u8, name: &'static str, css: &'static str, text: &'static str) -> Colour {
    Colour {
        letter,
        name,
        css,
        text,
    }
}

/// The Rubik's cube's face letters and the colour letter each reads as.
const FACE_COLOURS: [(u8, u8); 6] = [
    (b'U', b'W'),
    (b'R', b'R'),
    (b'F', b'G'),
    (b'D', b'Y'),
    (b'L', b'O'),
    (b'B', b'B'),
];

/// The colour letter that `letter` stands for on `kind`: on the Rubik's cube a face letter
/// reads as its face's colour; every other letter stays as it is.
pub fn colour_letter(kind: Kind, letter: u8) -> u8 {
    let face = FACE_COLOURS.iter().find(|&&(face, _)| face == letter);
    match (kind, face) {
        (Kind::Rubik, Some(&(_, colour))) => colour,
        _ => letter,
    }
}

/// The colour `letter` stands for on `kind`, if it is one of the six.
pub fn colour_of(kind: Kind, letter: u8) -> Option<&'static Colour> {
    let letter = colour_letter(kind, letter);
    COLOURS.iter().find(|c| c.letter == letter)
}

/// The CSS colour of a sticker letter: the six by the table, any other letter a hue of
/// its own.
pub fn css_colour(kind: Kind, letter: u8) -> String {
    match colour_of(kind, letter) {
        Some(c) => c.css.into(),
        None => format!(
            "hsl({} 55% 55%)",
            (letter.wrapping_sub(b'A') as u32 * 47) % 360
        ),
    }
}

/// Readable text on a sticker of that letter.
pub fn text_colour(kind: Kind, letter: u8) -> &'static str {
    colour_of(kind, letter).map_or(OTHER_TEXT, |c| c.text)
}

/// A sticker letter's colour by name: "white", or "colour K" for a letter of no colour.
pub fn colour_name(kind: Kind, letter: u8) -> String {
    match colour_of(kind, letter) {
        Some(c) => c.name.into(),
        None => format!("colour {}", letter as char),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_letters_paint_alike_on_both_cubes() {
        for kind in [Kind::Pocket, Kind::Rubik] {
            assert_eq!(css_colour(kind, b'W'), "#f4f4f0");
            assert_eq!(css_colour(kind, b'O'), "#ff6a13");
            assert_eq!(text_colour(kind, b'G'), "#ffffff");
            assert_eq!(text_colour(kind, b'Y'), "#1f1d1a");
            assert_eq!(colour_name(kind, b'B'), "blue");
        }
    }

    #[test]
    fn face_letters_are_colours_only_on_the_rubiks_cube() {
        let faces = b"URFDLB".map(|f| colour_name(Kind::Rubik, f));
        assert_eq!(faces, ["white", "red", "green", "yellow", "orange", "blue"]);
        assert_eq!(css_colour(Kind::Rubik, b'U'), css_colour(Kind::Rubik, b'W'));
        assert_eq!(colour_name(Kind::Pocket, b'U'), "colour U");
        assert_eq!(css_colour(Kind::Pocket, b'U'), "hsl(220 55% 55%)");
        assert_eq!(text_colour(Kind::Pocket, b'U'), "#111111");
    }

    #[test]
    fn other_letters_get_a_steady_hue_of_their_own() {
        assert_eq!(css_colour(Kind::Pocket, b'K'), "hsl(110 55% 55%)");
        assert_eq!(
            css_colour(Kind::Rubik, b'K'),
            css_colour(Kind::Pocket, b'K')
        );
        assert_ne!(css_colour(Kind::Rubik, b'P'), css_colour(Kind::Rubik, b'K'));
        // Lower case is not a colour letter: no panic below 'A' either.
        assert_eq!(colour_name(Kind::Rubik, b'u'), "colour u");
        assert!(css_colour(Kind::Rubik, b'1').starts_with("hsl("));
    }
}
