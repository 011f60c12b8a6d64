//! The counting lab's board as the page draws it: one `rect[data-square]` per square, and
//! once counted its tours (`data-count`) written on it and shaded by their share of the
//! largest count (`data-heat`); the start chosen outlined in the accent colour. The page's
//! own board takes its shade and its short numbers from here, so the two agree.

use puzzlelab_solver::board::Board;
use puzzlelab_solver::knight::count::CountResult;

use crate::svg::{escape, num, Svg};
use crate::theme::{rgb, Theme};

/// One square's side, in pixels at 1×.
pub const CELL: f64 = 40.0;
/// The shade laid over a counted square (the page's `rgba(214, 120, 20, heat)`).
pub const HEAT: [u8; 3] = [214, 120, 20];

/// What the counting board shows: the board, the start chosen (none: every square),
/// open or closed tours, and the directed tours from each square once counted.
#[derive(Clone, Debug, PartialEq)]
pub struct Heat {
    pub board: Board,
    pub start: Option<u32>,
    pub closed: bool,
    /// Indexed by square; empty (or `None`s) before a count.
    pub counts: Vec<Option<u64>>,
}

impl Heat {
    /// The largest count (at least 1): the full shade.
    pub fn max(&self) -> u64 {
        self.counts
            .iter()
            .flatten()
            .max()
            .copied()
            .unwrap_or(0)
            .max(1)
    }

    /// A square's tours and its shade, to two decimals as the page writes it (a square
    /// root of the share keeps small counts visible next to big ones); `None` uncounted.
    pub fn at(&self, square: u32) -> Option<(u64, f64)> {
        let count = self.counts.get(square as usize).copied().flatten()?;
        Some((count, shade(count, self.max())))
    }
}

/// The tours from each square a count `r` gives, as the board shows them (the page's and
/// `knight-count --svg`): open tours from one start only on that square, otherwise every
/// square's; none when the count has no per-start figures (path structures).
pub fn per_square(
    board: Board,
    start: Option<u32>,
    closed: bool,
    r: &CountResult,
) -> Vec<Option<u64>> {
    let squares = board.squares() as usize;
    if r.per_start.len() != squares {
        return Vec::new();
    }
    match start {
        Some(s) if !closed => (0..squares)
            .map(|i| (i == s as usize).then_some(r.directed))
            .collect(),
        _ => r.per_start.iter().copied().map(Some).collect(),
    }
}

/// `count`'s shade against `max`, rounded to two decimals.
pub fn shade(count: u64, max: u64) -> f64 {
    ((count as f64 / max.max(1) as f64).sqrt() * 100.0).round() / 100.0
}

/// Short enough for a square: 304, 12.3k, 1.2M.
pub fn compact(n: u64) -> String {
    match n {
        0..=9_999 => n.to_string(),
        10_000..=999_999 => format!("{:.1}k", n as f64 / 1e3),
        _ => format!("{:.1}M", n as f64 / 1e6),
    }
}

/// `ground` with the heat shade laid over it at `heat`, as "#rrggbb".
pub fn shaded(ground: &str, heat: f64) -> String {
    let g = rgb(ground).unwrap_or([0, 0, 0]);
    let mix = |i: usize| (g[i] as f64 * (1.0 - heat) + HEAT[i] as f64 * heat).round() as u8;
    format!("#{:02x}{:02x}{:02x}", mix(0), mix(1), mix(2))
}

/// The counting board in `theme`, with `link` in its metadata.
pub fn heatmap(h: &Heat, theme: Theme, link: &str) -> Result<String, String> {
    let board = h.board;
    if board.squares() > 64 {
        return Err("the counting lab's boards have at most 64 squares".into());
    }
    if let Some(s) = h.start.filter(|&s| s >= board.squares()) {
        return Err(format!("square {s} is not on the board"));
    }
    let c = theme.colours();
    let (w, rows) = (board.width(), board.height());
    let total: u64 = h.counts.iter().flatten().sum();
    let counted = h.counts.iter().flatten().count();
    let title = format!(
        "{} knight's tours from each square of {w}x{rows}: {total} from {counted} squares",
        if h.closed { "Closed" } else { "Open" }
    );
    let mut svg = Svg::new(w as f64 * CELL, rows as f64 * CELL, &title, link, c.bg);
    svg.write(format_args!(
        "<g data-chart=\"starts\" data-closed=\"{}\" data-max=\"{}\" font-family=\"sans-serif\" font-weight=\"600\" text-anchor=\"middle\" dominant-baseline=\"central\">",
        h.closed,
        h.max()
    ));
    for sq in 0..board.squares() {
        let (x, y) = board.coords(sq);
        let (px, py) = (x as f64 * CELL, (rows - 1 - y) as f64 * CELL);
        let name = escape(&board.name(sq));
        match h.at(sq) {
            Some((count, heat)) => {
                svg.write(format_args!(
                    "<rect data-square=\"{name}\" data-count=\"{count}\" data-heat=\"{heat:.2}\" x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{}\"/>\
                     <text x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"{}\">{}</text>",
                    num(px),
                    num(py),
                    shaded(c.panel, heat),
                    num(px + CELL / 2.0),
                    num(py + CELL / 2.0),
                    num(CELL * 0.3),
                    c.num_fg,
                    compact(count)
                ));
            }
            None => {
                let fill = if (x + y) % 2 == 0 { c.dark } else { c.light };
                svg.write(format_args!(
                    "<rect data-square=\"{name}\" x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\"/>",
                    num(px),
                    num(py)
                ));
            }
        }
    }
    if let Some(s) = h.start {
        let (x, y) = board.coords(s);
        svg.write(format_args!(
            "<rect data-start=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"4\"/>",
            escape(&board.name(s)),
            num(x as f64 * CELL + 2.0),
            num((rows - 1 - y) as f64 * CELL + 2.0),
            num(CELL - 4.0),
            num(CELL - 4.0),
            c.accent
        ));
    }
    svg.push("</g>");
    Ok(svg.finish())
}

/// `count-5x5-open-from-a1.svg`, `count-6x6-closed-all-starts.png`.
pub fn file_name(h: &Heat, ext: &str) -> String {
    let from = h.start.map_or("all-starts".to_string(), |s| {
        format!("from-{}", h.board.name(s))
    });
    format!(
        "count-{}x{}-{}-{from}.{ext}",
        h.board.width(),
        h.board.height(),
        if h.closed { "closed" } else { "open" }
    )
}
