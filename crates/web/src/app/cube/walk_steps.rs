//! Stepping the optimal solve's listing one comparison at a time: the walk's steps
//! between two turns (the turns tried and left, line 2) stop the listing too, the cube
//! following with the turns taken so far. The solution player moves a whole turn.

use crate::app::code::{turns_at, walk_cursor_for_turns};
use crate::app::cube::state::CubeState;

impl CubeState {
    /// The walk's steps the code view shows as done: the listing's own stepper's, while
    /// the cube still stands where it left it, else the step that took the last turn.
    pub fn walk_cursor(&self) -> usize {
        let k = self.play.position();
        match self.walk_at {
            Some(c) if c <= self.walk.len() && turns_at(&self.walk, c) == k => c,
            _ => walk_cursor_for_turns(&self.walk, k),
        }
    }

    /// One step of the walk forward or back (not while guessing: the tries would tell the
    /// answer); the cube shows the turns taken by then. Returns whether the link changed.
    pub fn step_walk(&mut self, forward: bool) -> bool {
        if self.walk.is_empty() || self.predicting() {
            return false;
        }
        let c = self.walk_cursor();
        let c = if forward {
            (c + 1).min(self.walk.len())
        } else {
            c.saturating_sub(1)
        };
        let before = self.play.position();
        self.play.scrub(turns_at(&self.walk, c));
        self.walk_at = Some(c);
        self.play.position() != before
    }
}
