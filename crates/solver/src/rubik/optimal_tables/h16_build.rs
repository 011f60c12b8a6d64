//! The tetrad-slice table's build in steps ([`H16Build`]), for a browser worker that has
//! one thread and must answer between batches: the same breadth-first layers as
//! [`H16Table::build`], a few corner cosets of a class row at a time. Whatever order a
//! layer's parts are done in, it reaches the same entries (an entry it sets never has the
//! residue it reads), so the bytes are the command line's, byte for byte.
//!
//! Workers that build the same table, each its own copy, can share its heavy layers
//! ([`H16Build::share_with`], in `shared.rs`).

mod shared;

pub use shared::{Piece, PieceKind, BLOCK_ROWS};

use super::h16::{layer_fraction, Builder, H16Syms, H16Table, Level};
use crate::rubik::coord::N_TWIST;
use crate::rubik::coord_moves::CoordMoves;

/// The tetrad-slice table being built; [`H16Build::step`] does a few parts of a layer.
pub struct H16Build {
    syms: H16Syms,
    data: Vec<u8>,
    /// The layer under way: the distance of the entries it expands.
    depth: u8,
    /// This layer looks from each unseen entry for a neighbour in the last layer.
    backward: bool,
    /// The next part of this layer: class row × corner coset.
    part: usize,
    added: u64,
    filled: u64,
    last_added: u64,
    done: bool,
    /// The layer's split with the other workers building the table, if any.
    share: shared::Sharing,
}

impl H16Build {
    /// Every entry unseen but solved (the table's bytes are allocated here).
    pub fn new(base: &CoordMoves, syms: H16Syms) -> H16Build {
        let mut data = crate::huge_pages::filled(syms.table_bytes(), 0xFFu8);
        let count = Builder::over(base, &syms, &mut data).set_with_twins(0, 0) as u64;
        let mut build = H16Build {
            syms,
            data,
            depth: 0,
            backward: false,
            part: 0,
            added: 0,
            filled: count,
            last_added: count,
            done: false,
            share: shared::Sharing::default(),
        };
        build.begin_layer();
        build
    }

    fn perms(&self) -> usize {
        self.syms.n_corner() / N_TWIST
    }

    fn parts(&self) -> usize {
        self.syms.reps.len() * self.perms()
    }

    fn begin_layer(&mut self) {
        let entries = self.syms.n_entries();
        if self.filled >= entries || self.depth >= self.syms.level.deepest_exact() {
            self.done = true;
            return;
        }
        // As the threaded build: forwards while the last layer is small.
        self.backward = self.last_added * 2 > entries - self.filled;
        self.part = 0;
        self.added = 0;
        self.share_layer();
    }

    fn end_layer(&mut self) {
        if self.added == 0 {
            self.done = true;
            return;
        }
        self.filled += self.added;
        self.last_added = self.added;
        self.depth += 1;
        self.begin_layer();
    }

    /// Works through up to `parts` parts (a class row's corner coset each: 2,187 entries)
    /// of the current layer, never past its end; true once the table is complete.
    pub fn step(&mut self, base: &CoordMoves, parts: usize) -> bool {
        if self.done {
            return true;
        }
        if self.share.blocks.is_some() {
            return self.step_shared(base, parts);
        }
        let (perms, total) = (self.perms(), self.parts());
        let to = self.part.saturating_add(parts.max(1)).min(total);
        let (depth, backward) = (self.depth, self.backward);
        let mut at = self.part;
        let mut added = 0;
        {
            let builder = Builder::over(base, &self.syms, &mut self.data);
            while at < to {
                let (class, perm) = (at / perms, at % perms);
                let end = (perm + (to - at)).min(perms);
                added += builder.layer_part(class, perm..end, depth, backward) as u64;
                at += end - perm;
            }
        }
        self.added += added;
        self.part = to;
        if to == total {
            self.end_layer();
        }
        self.done
    }

    pub fn is_done(&self) -> bool {
        self.done
    }

    /// The level being built.
    pub fn level(&self) -> Level {
        self.syms.level
    }

    /// The layer under way and the entries known so far.
    pub fn progress(&self) -> (u8, u64) {
        (self.depth, self.filled + self.added)
    }

    /// How much of the work is done, 0 to 1 (the layers weighted by their measured cost, [`layer_fraction`]).
    pub fn fraction(&self) -> f32 {
        if self.done {
            return 1.0;
        }
        let part = match &self.share.blocks {
            Some(blocks) => blocks.fraction(),
            None => self.part as f32 / self.parts() as f32,
        };
        layer_fraction(self.depth, part)
    }

    /// Bytes held: the table and its symmetry tables.
    pub fn bytes(&self) -> usize {
        self.data.len() + self.syms.bytes()
    }

    /// The table (complete once [`H16Build::is_done`]).
    pub fn finish(self) -> H16Table {
        H16Table::assemble(self.syms, self.data)
    }
}
