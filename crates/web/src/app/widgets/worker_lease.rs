//! Sharing the solver workers between pages (the app's pages one after another, several
//! elements on one host page at once). The worker's loop runs one long job at a time (a
//! newer request takes over or replaces it), so two pages never hold one worker together:
//! a page leases a worker for as long as it lives, a worker that is idle when its page
//! goes is kept for the next page, and a busy one is ended with its job. Job numbers are
//! each page's own; on the wire they are made unique across pages, so an answer to a page
//! that has gone can never reach the next one. Plain Rust, tested natively; the bridge
//! (`worker_bridge.rs`) carries it out.

use std::collections::HashMap;

/// Idle workers kept for the next page: each holds its tables (megabytes), so only a few.
pub const KEEP_IDLE: usize = 2;

/// One lease's job numbers: the page's own and the ones sent to the worker.
#[derive(Debug, Default)]
pub struct JobIds {
    wire: HashMap<u32, u32>,
    own: HashMap<u32, u32>,
}

impl JobIds {
    /// The number sent for the page's job `own`, handed out from `next` the first time
    /// (the same job keeps its number, so a Cancel names the job it stops).
    pub fn outgoing(&mut self, own: u32, next: &mut u32) -> u32 {
        if let Some(&wire) = self.wire.get(&own) {
            return wire;
        }
        *next = next.wrapping_add(1).max(1);
        self.wire.insert(own, *next);
        self.own.insert(*next, own);
        *next
    }

    /// The page's number for an answer to `wire`, or `None` if this lease never sent it.
    pub fn incoming(&self, wire: u32) -> Option<u32> {
        self.own.get(&wire).copied()
    }
}

/// Whether a worker whose page has gone is kept for the next: only if it was idle (a
/// running job would go on taking the worker's time) and fewer than [`KEEP_IDLE`] are.
pub fn keep(busy: bool, idle_now: usize) -> bool {
    !busy && idle_now < KEEP_IDLE
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_leases_never_share_a_number() {
        let mut next = 0;
        let (mut a, mut b) = (JobIds::default(), JobIds::default());
        let a1 = a.outgoing(1, &mut next);
        let b1 = b.outgoing(1, &mut next);
        assert_ne!(a1, b1);
        assert_eq!(a.outgoing(1, &mut next), a1, "a Cancel names the same job");
        assert_eq!(a.incoming(a1), Some(1));
        assert_eq!(a.incoming(b1), None, "the other page's answer is not ours");
        assert_eq!(b.incoming(b1), Some(1));
    }

    #[test]
    fn numbers_skip_zero_when_they_wrap() {
        let mut next = u32::MAX;
        let mut ids = JobIds::default();
        assert_eq!(ids.outgoing(7, &mut next), 1);
    }

    #[test]
    fn only_idle_workers_are_kept_and_only_a_few() {
        assert!(keep(false, 0));
        assert!(!keep(true, 0));
        assert!(!keep(false, KEEP_IDLE));
    }
}
