//! A worker's part of an optimal proof: which of every depth's tasks it runs. The search
//! ([`super::optimal`]) runs a share, and [`super::proof_shares`] joins the shares'
//! reports; this sits apart so that neither needs the other for it.

use serde::{Deserialize, Serialize};

/// A worker's part of every depth: the tasks whose index modulo `of` is `index`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Share {
    pub index: u32,
    pub of: u32,
}

impl Share {
    /// The whole proof in one search.
    pub const WHOLE: Share = Share { index: 0, of: 1 };

    /// Share `index` of `of`, if that is one (`index < of`).
    pub fn new(index: u32, of: u32) -> Option<Share> {
        (index < of).then_some(Share { index, of })
    }

    /// Every share of a proof split `of` ways.
    pub fn all(of: u32) -> impl Iterator<Item = Share> {
        (0..of.max(1)).map(move |index| Share {
            index,
            of: of.max(1),
        })
    }
}
