//! The page's colours, light and dark, as `styles/main.css` sets them (its `--name`
//! variables): one table, so a picture looks as the page did. A test holds it to the CSS.

/// Light or dark, as the page was shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Theme {
    #[default]
    Light,
    Dark,
}

/// The colours a picture paints with (CSS values, as the stylesheet writes them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Colours {
    pub bg: &'static str,
    pub fg: &'static str,
    pub accent: &'static str,
    pub on_accent: &'static str,
    /// Board squares: `--light` and `--dark`.
    pub light: &'static str,
    pub dark: &'static str,
    /// The knight's path.
    pub line: &'static str,
    /// A move number's halo and its digits.
    pub num_halo: &'static str,
    pub num_fg: &'static str,
    /// The queens' attacked hatching.
    pub hatch: &'static str,
    /// A panel's ground (the search tree's).
    pub panel: &'static str,
    /// A visited square; the breadth-first search's layer being filled.
    pub visited: &'static str,
}

const LIGHT: Colours = Colours {
    bg: "#faf8f4",
    fg: "#1f1d1a",
    accent: "#b4412f",
    on_accent: "#ffffff",
    light: "#efe3c8",
    dark: "#b48a5a",
    line: "#b4412f",
    num_halo: "rgba(255, 255, 255, .82)",
    num_fg: "#1f1d1a",
    hatch: "#6b1a0e",
    panel: "#ffffff",
    visited: "#f3c96b",
};

const DARK: Colours = Colours {
    bg: "#171614",
    fg: "#ece7de",
    accent: "#ff8a70",
    on_accent: "#1a1a1a",
    light: "#8c7a5e",
    dark: "#5b4a35",
    line: "#ffb199",
    num_halo: "rgba(20, 18, 16, .78)",
    num_fg: "#f6f1e8",
    hatch: "#ffe4da",
    panel: "#22201d",
    visited: "#b8912e",
};

/// The page's colours that are not theme variables (`styles/main.css` writes them as is).
pub mod fixed {
    /// A queen attacked by another (`.square.conflict`).
    pub const CONFLICT: &str = "#e5484d";
    /// A visited square's wash (`.square.visited`: white at 25% over the square).
    pub const VISITED_WASH: f64 = 0.25;
    /// A sticker's edge (`.sticker`: black at 45%).
    pub const STICKER_EDGE: &str = "#000000";
    pub const STICKER_EDGE_OPACITY: &str = ".45";
    /// A search-tree node whose subtree holds a solution (`.search-tree .node.solved`).
    pub const SOLVED: &str = "#2e9e4f";
    /// Children a check cut off (`.search-tree .cut`).
    pub const CUT: &str = "#c0392b";
    /// A tree node's name (`.search-tree .node text`).
    pub const TREE_TEXT: &str = "#1f1d1a";
}

impl Theme {
    pub fn colours(self) -> &'static Colours {
        match self {
            Theme::Light => &LIGHT,
            Theme::Dark => &DARK,
        }
    }

    /// `light` or `dark` (any case); anything else is not a theme.
    pub fn parse(text: &str) -> Option<Theme> {
        match text.to_ascii_lowercase().as_str() {
            "light" => Some(Theme::Light),
            "dark" => Some(Theme::Dark),
            _ => None,
        }
    }

    /// Each variable's name (without `--`) and value, to hold against the stylesheet.
    pub fn variables(self) -> [(&'static str, &'static str); 12] {
        let c = self.colours();
        [
            ("bg", c.bg),
            ("fg", c.fg),
            ("accent", c.accent),
            ("on-accent", c.on_accent),
            ("light", c.light),
            ("dark", c.dark),
            ("line", c.line),
            ("num-halo", c.num_halo),
            ("num-fg", c.num_fg),
            ("hatch", c.hatch),
            ("panel", c.panel),
            ("visited", c.visited),
        ]
    }
}

/// "#rrggbb" as three bytes; `None` for anything else.
pub fn rgb(hex: &str) -> Option<[u8; 3]> {
    let h = hex.strip_prefix('#').filter(|h| h.len() == 6)?;
    let byte = |i: usize| u8::from_str_radix(h.get(i..i + 2)?, 16).ok();
    Some([byte(0)?, byte(2)?, byte(4)?])
}

/// `rgba(r, g, b, a)` as "#rrggbb" and the opacity as written, for SVG's `fill` and
/// `fill-opacity` (SVG 1.1 readers need not know `rgba`); a hex colour stays as it is.
pub fn split_alpha(css: &str) -> (String, String) {
    let Some(inner) = css.strip_prefix("rgba(").and_then(|s| s.strip_suffix(')')) else {
        return (css.to_string(), "1".into());
    };
    let parts: Vec<&str> = inner.split(',').map(str::trim).collect();
    let byte = |i: usize| parts.get(i).and_then(|p| p.parse::<u8>().ok()).unwrap_or(0);
    let hex = format!("#{:02x}{:02x}{:02x}", byte(0), byte(1), byte(2));
    (hex, parts.get(3).unwrap_or(&"1").to_string())
}

/// `colour` washed with `white` at `amount` (what a translucent white layer shows).
pub fn wash(colour: &str, amount: f64) -> String {
    let c = rgb(colour).unwrap_or([0, 0, 0]);
    let mix = |v: u8| (v as f64 * (1.0 - amount) + 255.0 * amount).round() as u8;
    format!("#{:02x}{:02x}{:02x}", mix(c[0]), mix(c[1]), mix(c[2]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rgba_splits_into_hex_and_opacity() {
        assert_eq!(
            split_alpha("rgba(20, 18, 16, .78)"),
            ("#141210".into(), ".78".into())
        );
        assert_eq!(split_alpha("#abcdef"), ("#abcdef".into(), "1".into()));
    }

    #[test]
    fn a_wash_lightens_by_the_amount() {
        assert_eq!(wash("#000000", 0.25), "#404040");
        assert_eq!(wash("#ffffff", 0.25), "#ffffff");
        assert_eq!(rgb("#12zz00"), None);
    }
}
