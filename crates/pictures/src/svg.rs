//! A small SVG writer: the document's frame (size, title, the workbench link in its
//! `<metadata>`), escaped text, and numbers written short.

use std::fmt::Write;

/// The namespace of the link in a picture's metadata.
pub const LINK_NS: &str = "https://puzzlelab.invalid/ns/picture";

/// An SVG document being written.
pub struct Svg {
    out: String,
}

impl Svg {
    /// A `width`×`height` picture (user units are pixels at 1×) on `bg`, titled `title`,
    /// with `link` (the workbench's link to what it shows) in its metadata.
    pub fn new(width: f64, height: f64, title: &str, link: &str, bg: &str) -> Svg {
        let mut out = String::with_capacity(4096);
        let _ = write!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\
             <title>{}</title><metadata><link xmlns=\"{LINK_NS}\" href=\"{}\"/></metadata>\
             <rect data-background=\"\" width=\"{w}\" height=\"{h}\" fill=\"{bg}\"/>",
            escape(title),
            escape(link),
            w = num(width),
            h = num(height),
        );
        Svg { out }
    }

    /// Appends raw markup (already escaped).
    pub fn push(&mut self, markup: &str) {
        self.out.push_str(markup);
    }

    /// Appends formatted markup.
    pub fn write(&mut self, args: std::fmt::Arguments) {
        let _ = self.out.write_fmt(args);
    }

    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>");
        self.out
    }
}

/// Text and attribute values with XML's five characters escaped.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// A coordinate, to two decimals and no trailing zeros.
pub fn num(v: f64) -> String {
    let s = format!("{:.2}", v);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_text_is_escaped() {
        assert_eq!(num(40.0), "40");
        assert_eq!(num(12.5), "12.5");
        assert_eq!(num(-0.001), "0");
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
    }
}
