//! One optimal proof from several workers' shares. Each worker runs
//! [`super::optimal::OptimalSearch::with_share`] over its part of every depth (the tasks
//! whose index modulo `of` is its `index`) and reports a [`Proof`] that speaks for its
//! share only; meanwhile a two-phase search may find shorter solutions. This joins them:
//!
//! - the best is the shortest solution anyone found (a share or the two-phase search);
//! - nothing is shorter than the least any share has proven (each share's `proven`: no
//!   solution of its part is shorter), since every solution lies in exactly one share;
//! - so the best is proven optimal once every share has proven its length: either every
//!   share exhausted the depth below it, or some share found it and every other exhausted
//!   the depth below.
//!
//! And it says when the two-phase search is still worth running: while the proof searches
//! depth d, only a solution shorter than best − 1 and longer than d saves work (the proof
//! finds any of length d itself), so it is useful while best > d + 1.

use super::moves::Move;
use super::optimal::{improver_useful, Proof};
pub use super::share::Share;

/// The shares' proofs as they last reported, and the best found beside them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SharedProof {
    shares: Vec<Option<Proof>>,
    /// The shortest solution found outside the shares (the two-phase search's).
    beside: Option<Vec<Move>>,
}

impl SharedProof {
    /// A proof split `of` ways, before any share has reported.
    pub fn new(of: usize) -> SharedProof {
        SharedProof {
            shares: vec![None; of.max(1)],
            beside: None,
        }
    }

    pub fn shares(&self) -> usize {
        self.shares.len()
    }

    /// Share `index`'s newest report (a worker restarted after a crash reports from the
    /// beginning again: its newest report is what holds).
    pub fn report(&mut self, index: usize, proof: Proof) {
        if let Some(slot) = self.shares.get_mut(index) {
            *slot = Some(proof);
        }
    }

    pub fn share(&self, index: usize) -> Option<&Proof> {
        self.shares.get(index).and_then(Option::as_ref)
    }

    /// A solution found outside the shares; kept if it is the shortest so far.
    pub fn found_beside(&mut self, moves: Vec<Move>) {
        if self.beside.as_ref().is_none_or(|b| moves.len() < b.len()) {
            self.beside = Some(moves);
        }
    }

    /// The shortest solution anyone found (`None` before any report or solution).
    pub fn best(&self) -> Option<&[Move]> {
        self.shares
            .iter()
            .flatten()
            .map(|p| p.best.as_slice())
            .chain(self.beside.as_deref())
            .min_by_key(|b| b.len())
    }

    pub fn best_length(&self) -> Option<usize> {
        self.best().map(<[Move]>::len)
    }

    /// No solution is shorter than this: the least any share has proven (0 while a share
    /// has not reported).
    pub fn proven(&self) -> u8 {
        self.shares
            .iter()
            .map(|p| p.as_ref().map_or(0, |p| p.proven))
            .min()
            .unwrap_or(0)
    }

    /// The depth being proven: the lowest any share is still searching.
    pub fn depth(&self) -> u8 {
        self.shares
            .iter()
            .map(|p| p.as_ref().map_or(0, |p| p.depth))
            .min()
            .unwrap_or(0)
    }

    /// Nodes searched by all the shares.
    pub fn nodes(&self) -> u64 {
        self.shares.iter().flatten().map(|p| p.nodes).sum()
    }

    /// Share `index` has nothing left to add: no solution of its part is shorter than the
    /// best (so its worker can stop, even while other shares still search).
    pub fn share_done(&self, index: usize) -> bool {
        match (self.share(index), self.best_length()) {
            (Some(p), Some(n)) => p.proven as usize >= n,
            _ => false,
        }
    }

    /// Every share has reported and proven nothing shorter than the best exists.
    pub fn is_optimal(&self) -> bool {
        self.shares.iter().all(Option::is_some)
            && self
                .best_length()
                .is_some_and(|n| self.proven() as usize >= n)
    }

    /// Whether the two-phase search still saves work ([`improver_useful`], the CLI's
    /// rule, at the depth the slowest share searches); with no solution yet it does.
    pub fn two_phase_can_help(&self) -> bool {
        !self.is_optimal()
            && self
                .best_length()
                .is_none_or(|n| improver_useful(n, self.proven()))
    }
}
