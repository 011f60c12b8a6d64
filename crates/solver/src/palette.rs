//! A perceptually even colour scale for "how far along": viridis (van der Walt and Smith,
//! matplotlib's default), sampled at ten evenly spaced points and interpolated in a
//! 256-entry table. Its lightness rises steadily from dark purple to yellow, so order
//! reads the same in colour, in grey and for most colour-blind viewers.

/// Viridis at t = 0, 1/9, …, 1 (the ten-colour table R and matplotlib publish).
pub const VIRIDIS_STOPS: [[u8; 3]; 10] = [
    [0x44, 0x01, 0x54],
    [0x48, 0x28, 0x78],
    [0x3e, 0x4a, 0x89],
    [0x31, 0x68, 0x8e],
    [0x26, 0x82, 0x8e],
    [0x1f, 0x9e, 0x89],
    [0x35, 0xb7, 0x79],
    [0x6d, 0xcd, 0x59],
    [0xb4, 0xde, 0x2c],
    [0xfd, 0xe7, 0x25],
];

/// Entries in the lookup table.
pub const TABLE_SIZE: usize = 256;

/// The scale as a lookup table: entry i is the colour at t = i / 255.
pub struct Palette {
    table: [[u8; 3]; TABLE_SIZE],
}

impl Default for Palette {
    fn default() -> Self {
        Palette::viridis()
    }
}

impl Palette {
    pub fn viridis() -> Palette {
        let mut table = [[0u8; 3]; TABLE_SIZE];
        let spans = (VIRIDIS_STOPS.len() - 1) as f64;
        for (i, entry) in table.iter_mut().enumerate() {
            let t = i as f64 / (TABLE_SIZE - 1) as f64 * spans;
            let lo = (t.floor() as usize).min(VIRIDIS_STOPS.len() - 2);
            let f = t - lo as f64;
            let (a, b) = (VIRIDIS_STOPS[lo], VIRIDIS_STOPS[lo + 1]);
            for c in 0..3 {
                entry[c] = (a[c] as f64 + (b[c] as f64 - a[c] as f64) * f).round() as u8;
            }
        }
        Palette { table }
    }

    /// The colour of step `step` (0-based) of `total` steps: the first is the scale's
    /// start, the last its end. Arithmetic in u64: boards have millions of squares.
    pub fn step(&self, step: u32, total: u32) -> [u8; 3] {
        let last = total.saturating_sub(1).max(1) as u64;
        let i = (step.min(last as u32) as u64 * (TABLE_SIZE as u64 - 1) + last / 2) / last;
        self.table[i as usize]
    }

    /// The colour at `t` in 0..=1.
    pub fn at(&self, t: f64) -> [u8; 3] {
        let i = (t.clamp(0.0, 1.0) * (TABLE_SIZE - 1) as f64).round() as usize;
        self.table[i]
    }

    /// "#rrggbb" for CSS and SVG.
    pub fn hex(colour: [u8; 3]) -> String {
        format!("#{:02x}{:02x}{:02x}", colour[0], colour[1], colour[2])
    }
}

/// A colour for piece `i` that stands apart from its neighbours' (i ± 1, ± a row of
/// blocks): hues a golden angle apart, alternately lighter and darker.
pub fn distinct(i: u32) -> [u8; 3] {
    let hue = (i as f64 * 0.618_033_988_75).fract() * 6.0;
    let (s, v) = if i % 2 == 0 {
        (0.55, 0.92)
    } else {
        (0.7, 0.72)
    };
    let c = v * s;
    let x = c * (1.0 - (hue % 2.0 - 1.0).abs());
    let (r, g, b) = match hue as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = v - c;
    [r, g, b].map(|ch| ((ch + m) * 255.0).round() as u8)
}

/// CIE L* lightness, 0 (black) to 100 (white): how light a colour looks, on a scale
/// where equal steps look equal.
pub fn lightness([r, g, b]: [u8; 3]) -> f64 {
    let lin = |c: u8| {
        let c = c as f64 / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    let y = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    if y > 216.0 / 24389.0 {
        116.0 * y.cbrt() - 16.0
    } else {
        y * 24389.0 / 27.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scale_runs_from_viridis_start_to_end() {
        let p = Palette::viridis();
        assert_eq!(p.step(0, 4_000_000), VIRIDIS_STOPS[0]);
        assert_eq!(p.step(3_999_999, 4_000_000), VIRIDIS_STOPS[9]);
        assert_eq!(p.at(0.5), p.step(1, 3));
        assert_eq!(Palette::hex(VIRIDIS_STOPS[9]), "#fde725");
        // One square or none: no division by zero, the start colour.
        assert_eq!(p.step(0, 1), VIRIDIS_STOPS[0]);
        assert_eq!(p.step(0, 0), VIRIDIS_STOPS[0]);
    }

    #[test]
    fn lightness_rises_in_even_steps() {
        // The stops: from L* 15 to 91 in nine steps of 8 to 10 (perceptually even).
        for pair in VIRIDIS_STOPS.windows(2) {
            let step = lightness(pair[1]) - lightness(pair[0]);
            assert!((7.5..=10.0).contains(&step), "{pair:?}: {step}");
        }
        // Between them, never darker by more than rounding to whole bytes allows.
        let p = Palette::viridis();
        for pair in p.table.windows(2) {
            assert!(lightness(pair[1]) > lightness(pair[0]) - 0.3, "{pair:?}");
        }
        // So later steps of a tour are lighter, measured a few hundred squares apart.
        let total = 2000 * 2000;
        let mut last = 0.0;
        for step in (0..total).step_by(40_000) {
            let l = lightness(p.step(step, total));
            assert!(l > last, "{step}");
            last = l;
        }
    }

    #[test]
    fn neighbouring_pieces_get_colours_that_differ() {
        for i in 0..10_000u32 {
            let (a, b) = (distinct(i), distinct(i + 1));
            let far: u32 = (0..3).map(|c| a[c].abs_diff(b[c]) as u32).sum();
            assert!(far > 40, "{i}: {a:?} {b:?}");
        }
    }
}
