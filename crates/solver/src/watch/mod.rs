//! Watching a step machine: the logic behind the page's search player, in plain Rust.
//!
//! A [`Recording`] runs a machine forward, keeps its depth chart and the steps where it
//! found solutions, and seeks to any step it has reached (clones of the machine every
//! `interval` steps, at most `MAX_CHECKPOINTS`, so seeking re-runs at most one interval).
//! A [`Player`] adds what a person does with it: play at a speed, step, step back, jump to
//! the start or the end, scrub, and at which level of detail (the C notebook's verbose
//! levels: counters only, each solution, every step). Every long run is cut into budgets
//! of work, so the page can spread it over animation frames.
//!
//! A machine joins by implementing [`Watched`]; an [`Observer`] (e.g. the search-tree
//! recorder, `tree.rs`) sees every step the first time it is taken.
//!
//! One file per job: `recording.rs` (run, chart, checkpoints, seek), `player.rs` (the
//! controls over a recording) and `remote.rs` (the page's side of a search recorded in
//! the worker).

mod player;
mod recording;
mod remote;

pub use player::{Level, Mode, Player, PlayerAction, PlayerView, MAX_SPEED, MIN_SPEED};
pub use recording::{Recording, Stop};
pub use remote::{RemotePlayer, PLAY_FRAMES};

use crate::StepMachine;

/// Leaps (machine calls) one tick may spend when running flat out.
pub const TICK_BUDGET: u64 = 40_000;

/// A step machine the search player can show. `stats().steps` numbers the steps.
pub trait Watched: StepMachine + Clone {
    /// Depth of the current state (queens placed, squares walked): the depth chart's y.
    fn depth(&self) -> u32;
    /// The deepest the search can go (the chart's top).
    fn max_depth(&self) -> u32;
    /// Solutions found so far (a step that raises it found one).
    fn solutions(&self) -> u64;
    /// The page's name for what the last step did (`data-event`); `event` is `None` for a
    /// step that finished the search without an event.
    fn event_name(&self, event: Option<&Self::Event>, depth_before: u32) -> &'static str;
    /// Takes at least one and at most `limit` steps in one call, where the machine can
    /// take many at once exactly (brute force skips a block of sequences that all fail
    /// at the same move); by default, one step.
    fn leap(&mut self, limit: u64) -> Option<Self::Event> {
        let _ = limit;
        self.step()
    }
}

/// Sees every step the first time it is taken (not when it is replayed).
pub trait Observer<M> {
    fn observe(&mut self, machine: &M, step: u64);
}

impl<M> Observer<M> for () {
    fn observe(&mut self, _machine: &M, _step: u64) {}
}
