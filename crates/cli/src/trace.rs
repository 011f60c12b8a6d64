//! `--trace`: every step a search takes, with the listing line it ran (the page's code
//! view numbers lines the same way) and the variables that line reads.

use serde::Serialize;

use super::progress;
use super::Stop;
use puzzlelab_solver::knight::{KnightTour, TourEvent};
use puzzlelab_solver::queens::{square_name_on, QueensEvent, QueensSearch};
use puzzlelab_solver::StepMachine;

/// Steps a trace records at most; the search then runs on unrecorded.
pub const TRACE_LIMIT: u64 = 100_000;

/// One step of a knight search.
#[derive(Serialize, Debug)]
pub struct KnightStep {
    pub step: u64,
    /// move, backtrack or stuck.
    pub event: &'static str,
    /// The knight's square after the step.
    pub at: String,
    /// The listing's line (1-based).
    pub line: u8,
    pub depth: u32,
    /// The candidates at the knight's square, `square:onward`, ranked once ranked.
    pub candidates: Vec<String>,
    /// Moves already tried from the knight's square.
    pub tried: Vec<String>,
}

/// Steps `tour` to its end (or [`TRACE_LIMIT`]), recording each.
pub fn knight(tour: &mut KnightTour) -> Result<Vec<KnightStep>, Stop> {
    let board = tour.board();
    let mut steps = Vec::new();
    while tour.stats().steps < TRACE_LIMIT {
        if tour.stats().steps % (1 << 12) == 0 {
            progress::check()?;
        }
        let Some(event) = tour.step() else { break };
        let path = tour.path();
        steps.push(KnightStep {
            step: tour.stats().steps,
            event: match event {
                TourEvent::Move { .. } => "move",
                TourEvent::Backtrack { .. } => "backtrack",
                TourEvent::Stuck { .. } => "stuck",
            },
            at: board.name(*path.last().expect("path holds the start")),
            line: tour.line().number(),
            depth: path.len() as u32 - 1,
            candidates: tour
                .code_candidates()
                .iter()
                .map(|c| format!("{}:{}", board.name(c.square), c.onward))
                .collect(),
            tried: tour.tried_here().iter().map(|&s| board.name(s)).collect(),
        });
    }
    Ok(steps)
}

/// One step of the queens search.
#[derive(Serialize, Debug)]
pub struct QueensStep {
    pub step: u64,
    /// place, solution, remove, or finished.
    pub event: &'static str,
    /// The square of the queen placed or taken back.
    pub square: Option<String>,
    pub line: u8,
    /// Queens on the board after the step.
    pub col: u32,
    /// The row to try next in column `col` (from 0).
    pub next_row: u32,
}

/// Steps `search` to its end (or [`TRACE_LIMIT`]), recording each.
pub fn queens(search: &mut QueensSearch) -> Result<Vec<QueensStep>, Stop> {
    let n = search.n();
    let mut steps = Vec::new();
    while !search.status().is_finished() && search.stats().steps < TRACE_LIMIT {
        if search.stats().steps % (1 << 12) == 0 {
            progress::check()?;
        }
        let event = search.step();
        let (name, square) = match event {
            Some(QueensEvent::Place { col, row }) => ("place", Some((col, row))),
            Some(QueensEvent::Solution { col, row }) => ("solution", Some((col, row))),
            Some(QueensEvent::Remove { col, row }) => ("remove", Some((col, row))),
            None => ("finished", None),
        };
        steps.push(QueensStep {
            step: search.stats().steps,
            event: name,
            square: square.map(|(c, r)| square_name_on(n, c, r)),
            line: search.line().number(),
            col: search.rows().len() as u32,
            next_row: search.next_row(),
        });
    }
    Ok(steps)
}
