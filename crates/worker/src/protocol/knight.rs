//! The knight's tour page's asks and answers.

use serde::{Deserialize, Serialize};

use puzzlelab_solver::chart::Bucket;
use puzzlelab_solver::knight::all_starts::Outcome;
use puzzlelab_solver::knight::timeline::Frame;
use puzzlelab_solver::knight::TourConfig;
use puzzlelab_solver::{Stats, Status};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum KnightAsk {
    /// Search a tour under `config` (progress comes as `Answer::Progress`).
    Tour { config: TourConfig },
    /// The board at one step of the last tour searched (the worker keeps its timeline).
    Frame { step: u64 },
    /// The tour rules run from every start square (`config.start` is ignored; progress
    /// comes as `Answer::Progress` with `depth` = starts done).
    AllStarts { config: TourConfig },
    /// The tour's run from step `from` to `to` (moves made) as an animated GIF of at most
    /// `budget` frames, `delay_cs` hundredths of a second each, in the page's theme
    /// (progress comes as `Answer::Progress` with `depth` = frames drawn and
    /// `stats.nodes` = frames in all).
    Animation { animation: TourAnimation },
    /// The search's own run (moves, backtracks, jumps) under `config`, as the search
    /// player shows it, as an animated GIF (answered by `Animation`).
    SearchAnimation {
        config: TourConfig,
        animation: super::SearchAnimation,
    },
}

/// What a tour's animation shows and how.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TourAnimation {
    /// The board's size (files, ranks).
    pub width: u32,
    pub height: u32,
    /// The tour's squares as indices, start first.
    pub path: Vec<u32>,
    pub from: u32,
    pub to: u32,
    pub budget: u32,
    pub delay_cs: u16,
    pub dark: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum KnightAnswer {
    /// The search ended (solved, failed, impossible or cancelled); `path` as indices.
    Tour {
        status: Status,
        path: Vec<u32>,
        stats: Stats,
        /// The theorem that rules the tour out, when one does.
        reason: Option<String>,
        /// The depth of the path over the whole search (for the depth chart).
        chart: Vec<Bucket>,
    },
    /// The board at one step of the search.
    Frame { frame: Frame },
    /// Outcome of each start square, by index.
    AllStarts { outcomes: Vec<Outcome> },
    /// The animation asked for: the GIF file and its frame count.
    Animation { gif: Vec<u8>, frames: u32 },
}

impl KnightAnswer {
    /// Every knight answer ends its request (progress is `Answer::Progress`).
    pub fn ends_request(&self) -> bool {
        true
    }
}
