//! The counting lab's count as bars, as its panel draws them: the depth-first count's
//! tours from each start class (one bar per class of squares the board's symmetries
//! swap, its representative square under it), or the path-structure count's tours in
//! each part (one bar per part). Each bar is one `rect[data-bar]` with `data-label` and,
//! once counted, `data-count` (the tours it stands for) written over it; a bar still
//! counting is in the visited colour, a finished one in the board's dark colour, one not
//! yet counted has no height. Plain data: the page's panel draws the same [`CountBars`].

use puzzlelab_solver::board::Board;

use crate::chart::bar_box;
use crate::heatmap::compact;
use crate::svg::{escape, num, Svg};
use crate::theme::Theme;

const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 280.0;
const HEAD: f64 = 44.0;
const FOOT: f64 = 30.0;

/// How the count is made, as the link's `method=` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    DepthFirst,
    Frontier,
}

impl Method {
    pub fn key(self) -> &'static str {
        match self {
            Method::DepthFirst => "depth-first",
            Method::Frontier => "frontier",
        }
    }
}

/// One bar: what it stands for and its tours, `None` until counted; `running`: the
/// figure so far, still growing.
#[derive(Clone, Debug, PartialEq)]
pub struct Bar {
    pub label: String,
    pub count: Option<u64>,
    pub running: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct CountBars {
    pub method: Method,
    pub board: Board,
    pub start: Option<u32>,
    pub closed: bool,
    pub bars: Vec<Bar>,
}

/// The most parts drawn as bars (the page's default split is at most 32): past it the
/// bars would be slivers.
pub const MAX_BARS: u32 = 64;

impl CountBars {
    /// A depth-first count's bars (the page's and `knight-count --bars`): the weighted
    /// tours of each start class of `classes` (`per_class`, so far while `running`), the
    /// class's first square under it, or "cycles" for a closed count; `None` with no class.
    pub fn depth_first(
        board: Board,
        start: Option<u32>,
        closed: bool,
        classes: &[Vec<u32>],
        per_class: &[u64],
        running: bool,
    ) -> Option<CountBars> {
        let bars: Vec<Bar> = classes
            .iter()
            .zip(per_class)
            .map(|(class, &count)| Bar {
                label: match class.as_slice() {
                    _ if closed => "cycles".to_string(),
                    [one] => board.name(*one),
                    [first, ..] => format!("{} ×{}", board.name(*first), class.len()),
                    [] => String::new(),
                },
                count: Some(count),
                running,
            })
            .collect();
        (!bars.is_empty()).then_some(CountBars {
            method: Method::DepthFirst,
            board,
            start,
            closed,
            bars,
        })
    }

    /// A path-structure count split into `of` parts as bars: part i's tours (`done(i)`,
    /// `None` while not counted) over its number; `None` past [`MAX_BARS`] parts or with
    /// none counted.
    pub fn parts(
        board: Board,
        start: Option<u32>,
        closed: bool,
        of: u32,
        done: impl Fn(u32) -> Option<u64>,
    ) -> Option<CountBars> {
        if of > MAX_BARS {
            return None;
        }
        let bars: Vec<Bar> = (1..=of)
            .map(|i| Bar {
                label: i.to_string(),
                count: done(i),
                running: false,
            })
            .collect();
        bars.iter().any(|b| b.count.is_some()).then_some(CountBars {
            method: Method::Frontier,
            board,
            start,
            closed,
            bars,
        })
    }

    /// The tallest bar's tours (at least 1).
    pub fn max(&self) -> u64 {
        self.bars
            .iter()
            .filter_map(|b| b.count)
            .max()
            .unwrap_or(0)
            .max(1)
    }

    /// The tours the bars add up to so far.
    pub fn total(&self) -> u64 {
        self.bars.iter().filter_map(|b| b.count).sum()
    }

    /// What the bars show, in words (the chart's caption, the page's too).
    pub fn caption(&self) -> String {
        let kind = if self.closed { "closed" } else { "open" };
        let counted = self.bars.iter().filter(|b| b.count.is_some()).count();
        match self.method {
            Method::DepthFirst if self.closed => {
                format!("Depth-first: closed tours as cycles, {}", self.total())
            }
            Method::DepthFirst => format!(
                "Depth-first: {kind} tours from each square of each start class, {} in {} classes",
                self.total(),
                self.bars.len()
            ),
            Method::Frontier => format!(
                "Path structures: {kind} tours, the paths counted in each part, {} in {counted} of {} parts",
                self.total(),
                self.bars.len()
            ),
        }
    }

    /// A bar's share of the full height, from 0 to 1 (a counted bar shows at least a sliver).
    pub fn height(&self, bar: &Bar) -> f64 {
        match bar.count {
            Some(0) | None => 0.0,
            Some(n) => (n as f64 / self.max() as f64).max(0.01),
        }
    }
}

/// The bars in `theme`, with `link` in the metadata.
pub fn count_bars(b: &CountBars, theme: Theme, link: &str) -> Result<String, String> {
    if b.bars.is_empty() {
        return Err("the count has no bars yet".into());
    }
    let c = theme.colours();
    let title = format!("{}x{}: {}", b.board.width(), b.board.height(), b.caption());
    let mut svg = Svg::new(WIDTH, HEIGHT, &title, link, c.bg);
    svg.write(format_args!(
        "<g data-chart=\"count-bars\" data-method=\"{}\" data-total=\"{}\" font-family=\"sans-serif\" text-anchor=\"middle\" fill=\"{}\">\
         <text data-caption=\"\" x=\"8\" y=\"18\" font-size=\"13\" text-anchor=\"start\">{}</text>",
        b.method.key(),
        b.total(),
        c.fg,
        escape(&b.caption())
    ));
    let slot = WIDTH / b.bars.len() as f64;
    let tall = HEIGHT - HEAD - FOOT;
    let small = (slot * 0.45).clamp(7.0, 11.0);
    for (i, bar) in b.bars.iter().enumerate() {
        let height = b.height(bar) * tall;
        let (x, base) = (i as f64 * slot, HEIGHT - FOOT);
        let fill = if bar.running { c.visited } else { c.dark };
        let count = bar
            .count
            .map_or(String::new(), |n| format!(" data-count=\"{n}\""));
        svg.write(format_args!(
            "<rect data-bar=\"\" data-label=\"{}\"{count}{} {} fill=\"{fill}\"/>",
            escape(&bar.label),
            if bar.running {
                " data-running=\"\""
            } else {
                ""
            },
            bar_box(x, slot, base, height)
        ));
        let centre = num(x + slot / 2.0);
        svg.write(format_args!(
            "<text x=\"{centre}\" y=\"{}\" font-size=\"{}\">{}</text>",
            num(HEIGHT - 10.0),
            num(small),
            escape(&bar.label)
        ));
        if let Some(n) = bar.count {
            svg.write(format_args!(
                "<text x=\"{centre}\" y=\"{}\" font-size=\"{}\">{}</text>",
                num(base - height - 4.0),
                num(small),
                compact(n)
            ));
        }
    }
    svg.push("</g>");
    Ok(svg.finish())
}

/// `count-5x5-open-all-starts-depth-first.svg`, `count-6x6-closed-frontier-parts.png`.
pub fn file_name(b: &CountBars, ext: &str) -> String {
    let from = b.start.map_or("all-starts".to_string(), |s| {
        format!("from-{}", b.board.name(s))
    });
    let what = match b.method {
        Method::DepthFirst => "depth-first",
        Method::Frontier => "frontier-parts",
    };
    format!(
        "count-{}x{}-{}-{from}-{what}.{ext}",
        b.board.width(),
        b.board.height(),
        if b.closed { "closed" } else { "open" }
    )
}
