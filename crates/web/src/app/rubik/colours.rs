//! Sticker colours. A state may be written in face letters (U R F D L B, as Kociemba's
//! solvers write it) or colour letters (W Y G B R O); both read as the usual Western
//! scheme — U white, R red, F green, D yellow, L orange, B blue — and the two alphabets
//! agree where they share a letter (R is red, B is blue). Any other letter gets a hue.
//! The colours themselves are the pocket cube's: a face letter is read as its colour.

use crate::app::cube::net;

/// The colour letter a face letter stands for (colour letters stay as they are).
fn colour_letter(letter: u8) -> u8 {
    match letter {
        b'U' => b'W',
        b'D' => b'Y',
        b'F' => b'G',
        b'L' => b'O',
        other => other,
    }
}

pub fn css_colour(letter: u8) -> String {
    net::css_colour(colour_letter(letter))
}

/// Readable text on a sticker of that colour.
pub fn text_colour(letter: u8) -> &'static str {
    net::text_colour(colour_letter(letter))
}

pub fn colour_name(letter: u8) -> String {
    net::colour_name(colour_letter(letter))
}
