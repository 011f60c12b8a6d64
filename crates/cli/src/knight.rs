//! `puzzlelab knight` (one tour) and `puzzlelab knight-exists` (by theorem).

use clap::Args;
use serde::Serialize;

use super::picture::{save, PictureArgs};
use super::progress::{self, Progress};
use super::{parse_board, parse_seed, usage, Stop};
use puzzlelab_links::{encode_route, KnightLink, Route};
use puzzlelab_pictures::animation::{knight_gif, search_gif as search_gif_of, KNIGHT_SPEED};
use puzzlelab_pictures::huge::tour_png;
use puzzlelab_pictures::search_film::Searched;
use puzzlelab_pictures::Scene;
use puzzlelab_solver::board::Board;
use puzzlelab_solver::knight::{Heuristic, KnightTour, RuleSpec, TieBreak, TourConfig};
use puzzlelab_solver::StepMachine;

const RULES: &str = "\
The rule: every option not given is the standard rule's (TourConfig::standard, the page's
default): Warnsdorff with Roth's ties, backtracking with forward checking, no fast
backtracking. Links and the JS API complete a rule the same way. Turn an option off with
--backtrack=false or --no-backtrack (likewise --no-forward-check, --no-fast-backtrack), so
plain Warnsdorff without backtracking is `--heuristic warnsdorff --tie-break first
--no-backtrack`. The answer gives the rule that ran (heuristic, tie_break, backtrack,
forward_check, fast_backtrack) and says whether it is the standard one (\"rule\": \"standard\"
or \"custom\").";

#[derive(Args, Debug)]
#[command(after_help = RULES)]
pub struct KnightArgs {
    #[arg(long, value_name = "WxH", value_parser = parse_board)]
    pub board: Board,
    #[arg(long, value_name = "SQ")]
    pub start: String,
    #[arg(long)]
    pub closed: bool,
    #[arg(long, value_name = "NAME", value_parser = Heuristic::parse)]
    pub heuristic: Option<Heuristic>,
    #[arg(long = "tie-break", value_name = "NAME", value_parser = TieBreak::parse)]
    pub tie_break: Option<TieBreak>,
    #[arg(long, value_name = "N", value_parser = parse_seed, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// Add every step (up to 100,000) with the listing line it ran and its variables.
    #[arg(long)]
    pub trace: bool,
    #[command(flatten)]
    pub switches: RuleSwitches,
    /// With --svg, --png or --gif: the tour drawn up to this step (moves made, as the link's
    /// `step=`; default: the whole tour); the GIF runs from the start to it.
    #[arg(long, value_name = "K")]
    pub step: Option<u32>,
    /// With --gif: the first step recorded (default 0, the start).
    #[arg(long, value_name = "K")]
    pub from: Option<u32>,
    /// With --gif: record the search itself, its moves and backtracks step by step (the
    /// page's search player), rather than the tour found; --from and --step then count
    /// the search's steps (default: all of them).
    #[arg(long)]
    pub search: bool,
    /// Also draw the tour as a PNG of one pixel a square in FILE, in move order's colours
    /// (the big board's picture; any board up to 2000 a side).
    #[arg(long, value_name = "FILE")]
    pub png: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub picture: PictureArgs,
}

/// The rule's on/off options: `--backtrack`, `--backtrack=false` or `--no-backtrack`;
/// not given = the standard rule's.
#[derive(Args, Debug, Default)]
pub struct RuleSwitches {
    #[arg(long, value_name = "BOOL", num_args = 0..=1, require_equals = true, default_missing_value = "true")]
    pub backtrack: Option<bool>,
    #[arg(long = "no-backtrack", conflicts_with = "backtrack")]
    pub no_backtrack: bool,
    #[arg(long = "forward-check", value_name = "BOOL", num_args = 0..=1, require_equals = true, default_missing_value = "true")]
    pub forward_check: Option<bool>,
    #[arg(long = "no-forward-check", conflicts_with = "forward_check")]
    pub no_forward_check: bool,
    #[arg(long = "fast-backtrack", value_name = "BOOL", num_args = 0..=1, require_equals = true, default_missing_value = "true")]
    pub fast_backtrack: Option<bool>,
    #[arg(long = "no-fast-backtrack", conflicts_with = "fast_backtrack")]
    pub no_fast_backtrack: bool,
}

/// `--x` / `--x=BOOL` or `--no-x`, or neither.
fn switch(on: Option<bool>, off: bool) -> Option<bool> {
    if off {
        Some(false)
    } else {
        on
    }
}

impl KnightArgs {
    /// The rule options given (the one conversion from the command line's arguments).
    pub fn given(&self) -> RuleSpec {
        let s = &self.switches;
        RuleSpec {
            heuristic: self.heuristic,
            tie_break: self.tie_break,
            backtrack: switch(s.backtrack, s.no_backtrack),
            forward_check: switch(s.forward_check, s.no_forward_check),
            fast_backtrack: switch(s.fast_backtrack, s.no_fast_backtrack),
            seed: self.seed,
        }
    }

    pub fn config(&self, start: u32) -> TourConfig {
        TourConfig::with_fallback(self.board, start, self.closed, self.given().resolve())
    }
}

#[derive(Serialize, Debug)]
pub struct KnightOut {
    pub board: String,
    pub start: String,
    /// "standard" (no rule options) or "explicit".
    pub rule: &'static str,
    pub heuristic: &'static str,
    pub tie_break: &'static str,
    pub backtrack: bool,
    pub forward_check: bool,
    pub fast_backtrack: bool,
    pub seed: u64,
    /// solved, failed or impossible.
    pub status: &'static str,
    pub reason: Option<String>,
    /// How the tour was found when not by the rule asked for (the search would have run
    /// long and divide and conquer built it, or an exact search answered), as on the page.
    pub method: Option<String>,
    pub path: Vec<String>,
    /// Whether the path is a whole tour whose last square is a knight's move from its first.
    pub closed: bool,
    pub steps: u64,
    pub backtracks: u64,
    /// With --trace: each step, its line of the search's listing and the variables.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trace: Option<Vec<super::trace::KnightStep>>,
}

/// Steps between looks at Ctrl-C and the progress bar.
const STEPS_PER_SLICE: u64 = 1 << 16;

pub fn run(a: &KnightArgs) -> Result<KnightOut, Stop> {
    let board = a.board;
    let start = board
        .parse_square(&a.start)
        .map_err(|e| usage(e.to_string()))?;
    let config = a.config(start);
    let mut tour = KnightTour::new(config).map_err(usage)?;
    let trace = a
        .trace
        .then(|| super::trace::knight(&mut tour))
        .transpose()?;
    let bar = Progress::new("tour", board.squares() as u64, "squares");
    let status = loop {
        progress::check()?;
        let status = tour.run(STEPS_PER_SLICE);
        bar.set(tour.path().len() as u64);
        if status.is_finished() {
            break status;
        }
    };
    bar.finish();
    let path = tour.path();
    let rule = config.rule;
    let closes = path.len() == board.squares() as usize
        && path.len() > 1
        && board.is_knight_move(path[path.len() - 1], path[0]);
    Ok(KnightOut {
        board: format!("{}x{}", board.width(), board.height()),
        start: board.name(start),
        rule: if rule.is_standard() {
            "standard"
        } else {
            "custom"
        },
        heuristic: rule.heuristic.as_str(),
        tie_break: rule.tie_break.as_str(),
        backtrack: rule.backtrack,
        forward_check: rule.forward_check,
        fast_backtrack: rule.fast_backtrack,
        seed: rule.seed,
        status: status.as_str(),
        reason: tour.impossible_reason().map(str::to_string),
        method: tour.construction_note().map(str::to_string),
        path: path.iter().map(|&sq| board.name(sq)).collect(),
        closed: closes,
        steps: tour.stats().steps,
        backtracks: tour.stats().backtracks,
        trace,
    })
}

/// `puzzlelab knight-exists`: whether a tour exists, by theorem (no search).
#[derive(Args, Debug)]
pub struct ExistsArgs {
    /// Board size, width x height.
    #[arg(long, value_name = "WxH", value_parser = parse_board)]
    pub board: Board,
    /// Only open tours from this square (c3 or x,y).
    #[arg(long, value_name = "SQ")]
    pub start: Option<String>,
    /// Closed tours (the same from every square).
    #[arg(long)]
    pub closed: bool,
}

#[derive(Serialize, Debug)]
pub struct ExistsOut {
    pub exists: bool,
    pub reason: String,
}

pub fn exists(a: &ExistsArgs) -> Result<ExistsOut, Stop> {
    use puzzlelab_solver::knight::existence::{closed_tour, open_tour, open_tour_from};
    let board = a.board;
    let start = a
        .start
        .as_deref()
        .map(|s| board.parse_square(s))
        .transpose()
        .map_err(|e| usage(e.to_string()))?;
    let verdict = match (a.closed, start) {
        (true, _) => closed_tour(board),
        (false, Some(start)) => open_tour_from(board, start),
        (false, None) => open_tour(board),
    };
    Ok(ExistsOut {
        exists: verdict.exists,
        reason: verdict.reason,
    })
}

/// `knight --svg FILE` / `--png FILE` / `--gif FILE`: the board at `--step` (the whole tour
/// by default), as the page draws it at that step (a big board: one pixel a square), with
/// the page's link to it.
pub fn picture(a: &KnightArgs, out: &mut serde_json::Value) -> Result<(), Stop> {
    if (a.search || a.from.is_some()) && a.picture.gif.is_none() {
        return Err(usage("--search and --from go with --gif"));
    }
    if a.search {
        return search_gif(a, out);
    }
    if !a.picture.wanted()? && a.png.is_none() {
        return match a.step {
            Some(_) => Err(usage("--step goes with --svg, --png or --gif")),
            None => Ok(()),
        };
    }
    let board = a.board;
    let start = board
        .parse_square(&a.start)
        .map_err(|e| usage(e.to_string()))?;
    let path: Vec<u32> = out["path"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|v| v.as_str().and_then(|s| board.parse_square(s).ok()))
        .collect();
    let last = path.len().saturating_sub(1) as u32;
    let step = a.step.unwrap_or(last);
    if step > last {
        return Err(usage(format!("--step {step}: the tour has {last} moves")));
    }
    let link = encode_route(&Route::Knight(KnightLink {
        board,
        start: Some(start),
        closed: a.closed,
        rule: a.config(start).rule,
        step: Some(step),
        ..KnightLink::default()
    }));
    let scene = Scene::tour(board, path[..=step as usize].to_vec());
    a.picture.write(out, |theme| scene.svg(theme, &link))?;
    if let Some(file) = &a.png {
        let bytes = tour_png(board, &path[..=step as usize], 1, &link)
            .map_err(|e| usage(format!("--png: {e}")))?;
        save(out, "png", file, &bytes)?;
    }
    let from = a.from.unwrap_or(0) as usize;
    a.picture
        .write_gif(out, KNIGHT_SPEED, |theme, budget, delay| {
            knight_gif(board, &path, (from, step as usize), theme, budget, delay)
        })
}

/// `knight --search --gif FILE`: the search's steps `--from` to `--step` (all by default),
/// backtracks included, as the page's search player shows them (the board at each step),
/// the search run again to draw them.
fn search_gif(a: &KnightArgs, out: &mut serde_json::Value) -> Result<(), Stop> {
    if a.picture.svg.is_some() || a.png.is_some() {
        return Err(usage(
            "--search records a GIF; --svg and --png draw the tour",
        ));
    }
    let start = a
        .board
        .parse_square(&a.start)
        .map_err(|e| usage(e.to_string()))?;
    let steps = out["steps"].as_u64().unwrap_or(0);
    let to = a.step.map_or(steps, u64::from);
    if to > steps {
        return Err(usage(format!("--step {to}: the search has {steps} steps")));
    }
    let searched = Searched::Knight(a.config(start));
    let from = a.from.unwrap_or(0) as usize;
    a.picture
        .write_gif(out, KNIGHT_SPEED, |theme, budget, delay| {
            search_gif_of(&searched, (from, to as usize), theme, budget, delay)
        })
}
