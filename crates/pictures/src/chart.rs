//! The pocket cube's distance chart as the page draws it: one bar per distance from solved
//! (`data-bar`, `data-distance`, `data-count`), heights on one scale, the shown cube's
//! distance in the accent colour (`data-current`), each bar's distance under it and its
//! count over it, and a caption.

use crate::svg::{escape, num, Svg};
use crate::theme::Theme;

/// The picture's size in pixels at 1×.
const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 300.0;
/// Room under the bars (distances) and over them (counts).
const FOOT: f64 = 30.0;
const HEAD: f64 = 40.0;

/// `counts[d]`: positions at distance `d` in `metric`; `current`: the shown cube's.
pub fn distances(
    counts: &[u64],
    current: Option<u32>,
    metric: &str,
    theme: Theme,
    link: &str,
) -> Result<String, String> {
    if counts.is_empty() {
        return Err("the distance table is not built yet".into());
    }
    let c = theme.colours();
    let total: u64 = counts.iter().sum();
    let title = format!("Pocket cube: positions at each distance ({metric}), {total} in all");
    let mut svg = Svg::new(WIDTH, HEIGHT, &title, link, c.bg);
    let max = counts.iter().copied().max().unwrap_or(1).max(1) as f64;
    svg.write(format_args!(
        "<g data-chart=\"distance\" data-metric=\"{}\" font-family=\"sans-serif\" font-size=\"11\" text-anchor=\"middle\" fill=\"{}\">",
        escape(metric),
        c.fg
    ));
    svg.write(format_args!(
        "<text data-caption=\"\" x=\"8\" y=\"18\" font-size=\"13\" text-anchor=\"start\">Positions at each distance ({}), {total} in all</text>",
        escape(metric)
    ));
    bars(&mut svg, counts, max, |d| {
        if current == Some(d as u32) {
            (" data-current=\"\"", c.accent)
        } else {
            ("", c.dark)
        }
    });
    svg.push("</g>");
    Ok(svg.finish())
}

/// What the breadth-first search's chart shows at one step: positions found at each
/// distance so far, the layer being expanded and the one it fills (none once done).
#[derive(Clone, Debug, PartialEq)]
pub struct Layers {
    pub metric: String,
    pub step: u64,
    /// Positions found at each distance; bars for distances not reached yet are 0.
    pub counts: Vec<u64>,
    /// The bars' full height: the finished table's largest layer, when known.
    pub scale: u64,
    /// The layer being expanded (the one it fills is the next); `None` once done.
    pub frontier: Option<u32>,
}

/// The breadth-first search's chart as the page draws it: one bar per distance
/// (`data-bar`, `data-distance`, `data-count`), the frontier in the accent colour
/// (`data-frontier`), the layer it fills in the visited colour (`data-growing`).
pub fn layers(l: &Layers, theme: Theme, link: &str) -> Result<String, String> {
    if l.counts.is_empty() {
        return Err("the search has not started".into());
    }
    let c = theme.colours();
    let found: u64 = l.counts.iter().sum();
    let title = format!(
        "Pocket cube: breadth-first search ({}) at step {}, {found} positions found",
        l.metric, l.step
    );
    let mut svg = Svg::new(WIDTH, HEIGHT, &title, link, c.bg);
    let max = l
        .scale
        .max(l.counts.iter().copied().max().unwrap_or(1))
        .max(1) as f64;
    svg.write(format_args!(
        "<g data-chart=\"layers\" data-metric=\"{}\" data-step=\"{}\" font-family=\"sans-serif\" font-size=\"11\" text-anchor=\"middle\" fill=\"{}\">",
        escape(&l.metric),
        l.step,
        c.fg
    ));
    svg.write(format_args!(
        "<text data-caption=\"\" x=\"8\" y=\"18\" font-size=\"13\" text-anchor=\"start\">Positions found at each distance ({}), step {}: {found}</text>",
        escape(&l.metric),
        l.step
    ));
    bars(&mut svg, &l.counts, max, |d| match l.frontier {
        Some(f) if f as usize == d => (" data-frontier=\"\"", c.accent),
        Some(f) if f as usize + 1 == d => (" data-growing=\"\"", c.visited),
        _ => ("", c.dark),
    });
    svg.push("</g>");
    Ok(svg.finish())
}

/// One bar per count (`data-bar`, `data-distance`, `data-count` and the mark `style`
/// gives, in its fill), each distance under its bar and its count over it; a count of 0
/// has no height and no count. `max` is the count a full-height bar stands for.
fn bars<'a>(svg: &mut Svg, counts: &[u64], max: f64, style: impl Fn(usize) -> (&'a str, &'a str)) {
    let slot = WIDTH / counts.len() as f64;
    let tall = HEIGHT - FOOT - HEAD;
    for (d, &count) in counts.iter().enumerate() {
        let (mark, fill) = style(d);
        let height = if count == 0 {
            0.0
        } else {
            (count as f64 / max * tall).max(1.0)
        };
        let (x, base) = (d as f64 * slot, HEIGHT - FOOT);
        svg.write(format_args!(
            "<rect data-bar=\"\" data-distance=\"{d}\" data-count=\"{count}\"{mark} {} fill=\"{fill}\"/>",
            bar_box(x, slot, base, height)
        ));
        let centre = num(x + slot / 2.0);
        svg.write(format_args!(
            "<text x=\"{centre}\" y=\"{}\">{d}</text>",
            num(HEIGHT - 10.0)
        ));
        if count > 0 {
            svg.write(format_args!(
                "<text x=\"{centre}\" y=\"{}\" font-size=\"9\">{count}</text>",
                num(base - height - 4.0)
            ));
        }
    }
}

/// `cube-bfs-htm-step-40.svg`.
pub fn layers_file_name(l: &Layers, ext: &str) -> String {
    format!("cube-bfs-{}-step-{}.{ext}", l.metric, l.step)
}

/// `cube-distances-htm.svg`: the chart and its metric.
pub fn file_name(metric: &str, ext: &str) -> String {
    format!("cube-distances-{metric}.{ext}")
}

/// A bar's box in its slot (`x` the slot's left, `base` the axis): four fifths of the
/// slot wide, centred, rising `height` from the axis.
pub(crate) fn bar_box(x: f64, slot: f64, base: f64, height: f64) -> String {
    format!(
        "x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"",
        num(x + slot * 0.1),
        num(base - height),
        num(slot * 0.8),
        num(height)
    )
}
