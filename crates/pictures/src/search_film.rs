//! A search recorded as it runs, backtracking included: its step machine (the one the
//! page's player watches, rebuilt from the same rules, so deterministic) stepped forward
//! to each frame's step, each frame the picture the page saves at that step ([`Scene`]).
//! Nothing of a long search is stored: the frames are drawn as the machine passes them.

use puzzlelab_solver::knight::{KnightTour, TourConfig};
use puzzlelab_solver::queens::QueensSearch;
use puzzlelab_solver::StepMachine;

use crate::animation::{knight_cell, queens_cell};
use crate::{knight, Scene};

/// What was searched: a knight's tour under its rules, or every placement of N queens
/// (the queens page's backtracking player).
#[derive(Clone, Debug, PartialEq)]
pub enum Searched {
    Knight(TourConfig),
    Queens(u32),
}

enum Machine {
    Knight(KnightTour),
    Queens(QueensSearch),
}

/// The search's machine, at some step of it.
pub(crate) struct SearchFilm {
    machine: Machine,
}

impl SearchFilm {
    /// The machine before its first step; refused where the page draws no squares.
    pub(crate) fn new(searched: &Searched) -> Result<SearchFilm, String> {
        let machine = match searched {
            Searched::Knight(config) => {
                let board = config.board()?;
                let side = board.width().max(board.height());
                if side > knight::MAX_SIDE {
                    return Err(format!(
                        "a board wider than {} is not drawn square by square",
                        knight::MAX_SIDE
                    ));
                }
                Machine::Knight(KnightTour::new(*config)?)
            }
            Searched::Queens(n) => Machine::Queens(QueensSearch::new(*n, false)?),
        };
        Ok(SearchFilm { machine })
    }

    /// Steps taken so far.
    pub(crate) fn steps(&self) -> u64 {
        match &self.machine {
            Machine::Knight(m) => m.stats().steps,
            Machine::Queens(m) => m.stats().steps,
        }
    }

    /// One step; false once the search has ended.
    fn step(&mut self) -> bool {
        match &mut self.machine {
            Machine::Knight(m) => m.step().is_some(),
            Machine::Queens(m) => m.step().is_some(),
        }
    }

    /// What the page's stage shows at this step (what its Save picture saves).
    pub(crate) fn scene(&self) -> Scene {
        match &self.machine {
            Machine::Knight(m) => Scene::Knight {
                board: m.board(),
                path: m.path().to_vec(),
            },
            Machine::Queens(m) => Scene::Queens {
                n: m.n(),
                queens: (0..).zip(m.rows().iter().copied()).collect(),
            },
        }
    }

    /// A frame's size in pixels.
    pub(crate) fn size(&self) -> (u32, u32) {
        match &self.machine {
            Machine::Knight(m) => {
                let (board, cell) = (m.board(), knight_cell(m.board()));
                (board.width() * cell, board.height() * cell)
            }
            Machine::Queens(m) => (m.n() * queens_cell(m.n()), m.n() * queens_cell(m.n())),
        }
    }

    /// Steps on towards `step`, at most `budget` steps (what is taken comes off it):
    /// whether it is there. A search that ends first is an error.
    pub(crate) fn reach(&mut self, step: u64, budget: &mut u64) -> Result<bool, String> {
        while self.steps() < step {
            if *budget == 0 {
                return Ok(false);
            }
            *budget -= 1;
            // The step that finds the search over is the run's last (the player's too).
            if !self.step() && self.steps() < step {
                return Err(format!(
                    "the search ends at step {}: ask for steps up to it",
                    self.steps()
                ));
            }
        }
        if self.steps() > step {
            return Err(format!("step {step} has been passed"));
        }
        Ok(true)
    }
}
