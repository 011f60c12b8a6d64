//! Sticker colours. A state may be written in face letters (U R F D L B, as Kociemba's
//! solvers write it) or colour letters (W Y G B R O); both read as the usual Western
//! scheme — U white, R red, F green, D yellow, L orange, B blue — and the two alphabets
//! agree where they share a letter (R is red, B is blue). Any other letter gets a hue.

pub fn css_colour(letter: u8) -> String {
    match letter {
        b'U' | b'W' => "#f4f4f0".into(),
        b'D' | b'Y' => "#ffd500".into(),
        b'F' | b'G' => "#009b48".into(),
        b'B' => "#0046ad".into(),
        b'R' => "#c41e3a".into(),
        b'L' | b'O' => "#ff6a13".into(),
        other => format!(
            "hsl({} 55% 55%)",
            (other.wrapping_sub(b'A') as u32 * 47) % 360
        ),
    }
}

/// Readable text on a sticker of that colour.
pub fn text_colour(letter: u8) -> &'static str {
    match letter {
        b'F' | b'G' | b'B' | b'R' => "#ffffff",
        _ => "#1f1d1a",
    }
}

pub fn colour_name(letter: u8) -> String {
    match letter {
        b'U' | b'W' => "white".into(),
        b'D' | b'Y' => "yellow".into(),
        b'F' | b'G' => "green".into(),
        b'B' => "blue".into(),
        b'R' => "red".into(),
        b'L' | b'O' => "orange".into(),
        other => format!("colour {}", other as char),
    }
}
