//! `puzzlelab knight` (one tour) and `puzzlelab knight-exists` (by theorem).

use clap::Args;
use serde::Serialize;

use super::progress::{self, Progress};
use super::{parse_board, parse_seed, usage, Stop};
use crate::solver::board::Board;
use crate::solver::knight::{Heuristic, KnightTour, TieBreak, TourConfig};
use crate::solver::StepMachine;

const RULES: &str = "\
The rule: with none of --heuristic, --tie-break, --backtrack, --forward-check and
--fast-backtrack, the tour uses the page's standard rule (TourConfig::standard):
Warnsdorff with Roth's ties, backtracking with forward checking. Giving any of them
switches to the explicit rule: exactly the options given, on top of Warnsdorff with
first ties and no backtracking. So plain Warnsdorff without backtracking is
`--heuristic warnsdorff`, and the standard heuristic without backtracking is
`--tie-break roth`. --seed and --closed never change the rule. The answer says which
rule ran (\"rule\": \"standard\" or \"explicit\").";

/// `puzzlelab knight`: one tour by a step machine.
#[derive(Args, Debug)]
#[command(after_help = RULES)]
pub struct KnightArgs {
    /// Board size, width x height, each side 1 to 2000 (e.g. 8x8, 2000x2000).
    #[arg(long, value_name = "WxH", value_parser = parse_board)]
    pub board: Board,
    /// Start square: c3 (files a..z, ranks from 1) or x,y (zero-based; any board).
    #[arg(long, value_name = "SQ")]
    pub start: String,
    /// Ask for a closed tour (the last square a knight's move from the first).
    #[arg(long)]
    pub closed: bool,
    /// Move ordering: warnsdorff, bottom, center or construct (divide and conquer).
    #[arg(long, value_name = "NAME", value_parser = Heuristic::parse)]
    pub heuristic: Option<Heuristic>,
    /// How Warnsdorff's ties are broken: first, random, pohl or roth.
    #[arg(long = "tie-break", value_name = "NAME", value_parser = TieBreak::parse)]
    pub tie_break: Option<TieBreak>,
    /// Seed of the random tie-break (default 1).
    #[arg(long, value_name = "N", value_parser = parse_seed, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// Back up from dead ends (exhausting the search proves there is no tour).
    #[arg(long)]
    pub backtrack: bool,
    /// With backtracking: prune moves that strand a square.
    #[arg(long = "forward-check")]
    pub forward_check: bool,
    /// With backtracking: jump back to the last tie (faster; exhausting proves nothing).
    #[arg(long = "fast-backtrack")]
    pub fast_backtrack: bool,
}

impl KnightArgs {
    /// Whether any rule option was given (then the explicit rule applies).
    pub fn explicit(&self) -> bool {
        self.heuristic.is_some()
            || self.tie_break.is_some()
            || self.backtrack
            || self.forward_check
            || self.fast_backtrack
    }

    /// The configuration the options ask for: see [`RULES`].
    pub fn config(&self, start: u32) -> TourConfig {
        let mut config = if self.explicit() {
            let mut c = TourConfig::new(self.board, start);
            c.closed = self.closed;
            c.backtrack = self.backtrack;
            c.forward_check = self.forward_check;
            c.fast_backtrack = self.fast_backtrack;
            if let Some(h) = self.heuristic {
                c.heuristic = h;
            }
            if let Some(t) = self.tie_break {
                c.tie_break = t;
            }
            // As on the page: a backtracking search that would run long finishes with
            // divide and conquer, and the answer's reason says so.
            c.fallback = true;
            c
        } else {
            TourConfig::standard(self.board, start, self.closed)
        };
        if let Some(seed) = self.seed {
            config.seed = seed;
        }
        config
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
    let closes = path.len() == board.squares() as usize
        && path.len() > 1
        && board.is_knight_move(path[path.len() - 1], path[0]);
    Ok(KnightOut {
        board: format!("{}x{}", board.width(), board.height()),
        start: board.name(start),
        rule: if a.explicit() { "explicit" } else { "standard" },
        heuristic: config.heuristic.as_str(),
        tie_break: config.tie_break.as_str(),
        backtrack: config.backtrack,
        forward_check: config.forward_check,
        fast_backtrack: config.fast_backtrack,
        seed: config.seed,
        status: status.as_str(),
        reason: tour.impossible_reason().map(str::to_string),
        method: tour.construction_note().map(str::to_string),
        path: path.iter().map(|&sq| board.name(sq)).collect(),
        closed: closes,
        steps: tour.stats().steps,
        backtracks: tour.stats().backtracks,
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
    use crate::solver::knight::existence::{closed_tour, open_tour, open_tour_from};
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
