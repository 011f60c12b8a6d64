//! A number on its rounded chip, as the page draws a square's move number: the knight's
//! tour and the counting race's walk boards both show them.

use crate::svg::{num, Svg};

/// The chip's colours: its background, that background's opacity, and the digits'.
pub struct ChipColours<'a> {
    pub back: &'a str,
    pub opacity: &'a str,
    pub digits: &'a str,
}

/// Writes `label` centred on (`x`, `y`) at `font` pixels on a chip just wide enough for
/// it; `text_attrs` (with a leading space) go on the `<text>` after its position.
pub fn number_chip(
    svg: &mut Svg,
    (x, y): (f64, f64),
    font: f64,
    label: &str,
    colours: &ChipColours,
    text_attrs: &str,
) {
    let width = font * 0.62 * label.len() as f64 + font * 0.4;
    let ChipColours {
        back,
        opacity,
        digits,
    } = colours;
    svg.write(format_args!(
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"3\" fill=\"{back}\" fill-opacity=\"{opacity}\"/>\
         <text x=\"{}\" y=\"{}\"{text_attrs} fill=\"{digits}\">{label}</text>",
        num(x - width / 2.0),
        num(y - font * 0.62),
        num(width),
        num(font * 1.2),
        num(x),
        num(y + font * 0.35)
    ));
}
