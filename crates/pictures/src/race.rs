//! The counting lab's race boards as the page draws them: brute force's walk of the
//! sequence checked last and backtracking's path, each square one `rect[data-square]`
//! (`data-walk` says whose board) with the moves that land on it (`data-visit`, 0 the
//! start) written on a halo, washed lighter once visited, a square landed on twice
//! (`data-twice`) framed and hatched in red, backtracking's last square (`data-current`)
//! framed in the accent colour; under each board its counters' line as the page writes it.
//! The page's own boards are drawn from the same [`WalkBoard`], so the two agree.

use puzzlelab_solver::board::Board;

use crate::number_chip::{number_chip, ChipColours};
use crate::svg::{escape, num, Svg};
use crate::theme::{fixed, split_alpha, wash, Theme};

/// One square's side, in pixels at 1×.
pub const CELL: f64 = 40.0;
/// A panel's least width (its line of counters needs room), the gap between two, and the
/// room for a panel's title and for each line of text under it.
const MIN_PANEL: f64 = 300.0;
const GAP: f64 = 24.0;
const HEAD: f64 = 30.0;
const LINE: f64 = 16.0;
/// Characters in a line of text under a board, at its font.
const WRAP: usize = 48;

/// Which of the notebook's counters a board shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Walker {
    BruteForce,
    Backtracking,
}

impl Walker {
    /// The page's hook (`data-live`, `data-walk`).
    pub fn key(self) -> &'static str {
        match self {
            Walker::BruteForce => "brute",
            Walker::Backtracking => "backtrack",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Walker::BruteForce => "Brute force",
            Walker::Backtracking => "Backtracking",
        }
    }
}

/// One counter's board at a step.
#[derive(Clone, Debug, PartialEq)]
pub struct WalkBoard {
    pub walker: Walker,
    pub board: Board,
    /// Indexed by square: the moves that land there (0 is the start).
    pub visits: Vec<Vec<u32>>,
    /// The square framed: backtracking's last.
    pub current: Option<u32>,
    /// The counters under the board, as the page writes them.
    pub line: String,
}

impl WalkBoard {
    /// The moves landing on `square`, as written on it ("0", "3,7"); `None` if none.
    pub fn label(&self, square: u32) -> Option<String> {
        let here = self.visits.get(square as usize).filter(|v| !v.is_empty())?;
        Some(
            here.iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(","),
        )
    }

    /// Whether the walk lands on `square` more than once.
    pub fn twice(&self, square: u32) -> bool {
        self.visits
            .get(square as usize)
            .is_some_and(|v| v.len() > 1)
    }

    /// Squares walked on.
    pub fn walked(&self) -> usize {
        self.visits.iter().filter(|v| !v.is_empty()).count()
    }
}

/// The race at a step: one board or both, from `start`, and the line comparing them.
#[derive(Clone, Debug, PartialEq)]
pub struct Race {
    pub start: u32,
    pub step: u64,
    pub boards: Vec<WalkBoard>,
    /// The race's line under both boards (while both run).
    pub caption: Option<String>,
}

/// Words cut into lines of at most `width` characters.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.len() + 1 + word.len() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// The race's boards in `theme`, with `link` in its metadata.
pub fn race(r: &Race, theme: Theme, link: &str) -> Result<String, String> {
    let Some(first) = r.boards.first() else {
        return Err("no counter is watched".into());
    };
    let board = first.board;
    if board.squares() > 64 || r.boards.iter().any(|b| b.board != board) {
        return Err("the race's boards are one board of at most 64 squares".into());
    }
    let c = theme.colours();
    let panel = (board.width() as f64 * CELL).max(MIN_PANEL);
    let lines = r
        .boards
        .iter()
        .map(|b| wrap(&b.line, WRAP).len())
        .max()
        .unwrap_or(0);
    let caption = r
        .caption
        .as_deref()
        .map_or(Vec::new(), |t| wrap(t, WRAP * r.boards.len()));
    let boards_h = board.height() as f64 * CELL;
    let width = panel * r.boards.len() as f64 + GAP * (r.boards.len() - 1) as f64;
    let height = HEAD + boards_h + 8.0 + LINE * (lines + caption.len()) as f64 + 8.0;
    let names: Vec<&str> = r.boards.iter().map(|b| b.walker.title()).collect();
    let title = format!(
        "{} on {}x{} from {}, step {}",
        names.join(" against "),
        board.width(),
        board.height(),
        board.name(r.start),
        r.step
    );
    let mut svg = Svg::new(width, height, &title, link, c.bg);
    svg.write(format_args!(
        "<defs><pattern id=\"twice\" width=\"8\" height=\"8\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">\
         <rect width=\"4\" height=\"8\" fill=\"{}\" fill-opacity=\".45\"/></pattern></defs>",
        fixed::CONFLICT
    ));
    for (i, b) in r.boards.iter().enumerate() {
        let x0 = i as f64 * (panel + GAP);
        walk_board(&mut svg, b, x0, theme);
        let under = HEAD + boards_h + 8.0;
        text_lines(&mut svg, &wrap(&b.line, WRAP), x0, under, c.fg);
    }
    let under = HEAD + boards_h + 8.0 + LINE * lines as f64;
    text_lines(&mut svg, &caption, 0.0, under, c.fg);
    Ok(svg.finish())
}

/// Lines of text from `(x, top)`, one [`LINE`] apart.
fn text_lines(svg: &mut Svg, lines: &[String], x: f64, top: f64, fill: &str) {
    for (k, line) in lines.iter().enumerate() {
        svg.write(format_args!(
            "<text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"12\" fill=\"{fill}\">{}</text>",
            num(x),
            num(top + LINE * (k as f64 + 0.8)),
            escape(line)
        ));
    }
}

/// One board from `x0`: its title, its squares, the moves on them.
fn walk_board(svg: &mut Svg, b: &WalkBoard, x0: f64, theme: Theme) {
    let c = theme.colours();
    let board = b.board;
    let key = b.walker.key();
    svg.write(format_args!(
        "<g data-walk-board=\"{key}\" data-walked=\"{}\"><text x=\"{}\" y=\"20\" font-family=\"sans-serif\" font-size=\"15\" font-weight=\"600\" fill=\"{}\">{}</text>",
        b.walked(),
        num(x0),
        c.fg,
        b.walker.title()
    ));
    let (halo, halo_opacity) = split_alpha(c.num_halo);
    let font = (CELL * 0.32).round();
    for sq in 0..board.squares() {
        let (col, row) = board.coords(sq);
        let (x, y) = (
            x0 + col as f64 * CELL,
            HEAD + (board.height() - 1 - row) as f64 * CELL,
        );
        let base = if (col + row) % 2 == 0 {
            c.dark
        } else {
            c.light
        };
        let label = b.label(sq);
        let (fill, visit) = match &label {
            Some(l) => (
                wash(base, fixed::VISITED_WASH),
                format!(" data-visit=\"{l}\""),
            ),
            None => (base.to_string(), String::new()),
        };
        let twice = b.twice(sq);
        let current = b.current == Some(sq);
        svg.write(format_args!(
            "<rect data-walk=\"{key}\" data-square=\"{}\"{visit}{}{} x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\"/>",
            escape(&board.name(sq)),
            if twice { " data-twice=\"true\"" } else { "" },
            if current { " data-current=\"true\"" } else { "" },
            num(x),
            num(y)
        ));
        let inset = |w: f64, colour: &str, extra: &str| {
            format!(
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{extra}\" stroke=\"{colour}\" stroke-width=\"{w}\"/>",
                num(x + w / 2.0),
                num(y + w / 2.0),
                num(CELL - w),
                num(CELL - w)
            )
        };
        if twice {
            svg.push(&inset(3.0, fixed::CONFLICT, "url(#twice)"));
        }
        if current {
            svg.push(&inset(4.0, c.accent, "none"));
        }
        let Some(label) = label else { continue };
        let (back, opacity, digits) = if current {
            (c.accent.to_string(), "1".to_string(), c.on_accent)
        } else {
            (halo.clone(), halo_opacity.clone(), c.num_fg)
        };
        let colours = ChipColours {
            back: &back,
            opacity: &opacity,
            digits,
        };
        let attrs = format!(
            " font-family=\"system-ui, sans-serif\" font-weight=\"600\" font-size=\"{font}\" text-anchor=\"middle\""
        );
        let centre = (x + CELL / 2.0, y + CELL / 2.0);
        number_chip(svg, centre, font, &label, &colours, &attrs);
    }
    svg.push("</g>");
}

/// `count-4x4-race-from-a1-step-120.svg`, `count-3x4-brute-from-b1-step-7.png`.
pub fn file_name(r: &Race, ext: &str) -> String {
    let (board, who) = match r.boards.as_slice() {
        [one] => (Some(one.board), one.walker.key()),
        [first, ..] => (Some(first.board), "race"),
        [] => (None, "race"),
    };
    let (size, from) = board.map_or(("0x0".to_string(), String::new()), |b| {
        (format!("{}x{}", b.width(), b.height()), b.name(r.start))
    });
    format!("count-{size}-{who}-from-{from}-step-{}.{ext}", r.step)
}
